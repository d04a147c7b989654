"""End of input at every kind of prompt (RULINGS 16, 26, 30; spec §4.5), through the real loop.

Each case is a position and the input that brings the game to one prompt; input then
ends.  The expected standard output, `backup.sv` and journal are worked out by hand:
the save files from the spec's sample save (`fixtures/spec/sample-save.sv`, the position
of spec §3.6's example: Blue to roll with 5 STUDY, Red nothing, Orange 11 CAFFEINE,
Yellow 3 LECTURE, the geese on tile 8), on the board of Figure 1:

- A loaded 7: Orange holds 11, so loses 5, all CAFFEINE; Blue (5) and Yellow (3) hold
  under 10.  Tile 9 has Yellow's Assignment at 20 (Yellow holds LECTURE) and Red's
  Midterm at 32 (Red holds nothing), so only Yellow can be robbed.
- A loaded 8: tile 8 (STUDY 8) holds the geese and produces nothing; tile 11 (LAB 8,
  criteria 25 26 31 32 37 38) pays Blue's Exams at 25 and 37 three LAB each and Red's
  Midterm at 32 two LAB.

`AT_PROMPTS` is shared with `test_reliability_input`, which answers each prompt with
hostile lines instead of ending the input.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest

from tests.cli.test_show import FIGURE_1, mark_criterion
from tests.conftest import WATAN, reference
from tests.terminal.test_console import SAMPLE_BOARD, SETUP, play, read_journal
from tests.test_definition import SAMPLE, WIN_EVENTS, WIN_SAVE
from watan.engine.events import (
    AnyEvent,
    CriterionCompleted,
    DiceChosen,
    DiceRolled,
    ResourcesLost,
    ResourcesProduced,
)
from watan.engine.resources import NONE
from watan.engine.state import Colour
from watan.engine.topology import CriterionId
from watan.match.options import Options

BLUE, RED, ORANGE, YELLOW = Colour.BLUE, Colour.RED, Colour.ORANGE, Colour.YELLOW
BOARD_LINE = reference("sample-board.txt")

SETUP_ORDER = (BLUE, RED, ORANGE, YELLOW, YELLOW, ORANGE, RED, BLUE)
"""Who places each initial assignment (spec §4.1)."""
PLACES = tuple(int(place) for place in SETUP.split())


def question(colour: Colour) -> str:
    return f"Student {colour.title}, where do you want to complete an Assignment?\n"


def save_file(turn: int, students: tuple[str, str, str, str], geese: int) -> str:
    """A save file on the board of Figure 1 (spec §3.7; RULINGS 28's spacing)."""
    return f"{turn}\n" + "".join(f"{line}\n" for line in students) + f"{BOARD_LINE}{geese}\n"


BLUE_LINE = "g 38 47 43 c 37 3 25 3 30 1"
RED_LINE = "g 56 48 64 c 32 2 44 1"
ORANGE_LINE = "g 24 50 33 41 c 16 2 40 1"
YELLOW_LINE = "g 27 32 c 20 1 27 1"

SAMPLE_AS_SAVED = save_file(
    0,
    (
        f"0 0 0 5 0 {BLUE_LINE}",
        f"0 0 0 0 0 {RED_LINE}",
        f"11 0 0 0 0 {ORANGE_LINE}",
        f"0 0 3 0 0 {YELLOW_LINE}",
    ),
    8,
)
"""The sample save as `save` writes it: Orange's line loses its trailing space."""

AFTER_THE_SEVEN = save_file(
    1,
    (
        f"0 0 0 5 0 {BLUE_LINE}",
        f"0 0 0 0 0 {RED_LINE}",
        f"6 0 0 0 0 {ORANGE_LINE}",
        f"0 0 3 0 0 {YELLOW_LINE}",
    ),
    8,
)
"""Blue rolled a 7 and input ended before the geese moved: Orange's loss stands, the
geese stay on tile 8, and Red rolls next (RULINGS 30)."""

AFTER_THE_EIGHT = save_file(
    1,
    (
        f"0 6 0 5 0 {BLUE_LINE}",
        f"0 2 0 0 0 {RED_LINE}",
        f"11 0 0 0 0 {ORANGE_LINE}",
        f"0 0 3 0 0 {YELLOW_LINE}",
    ),
    8,
)
"""Blue rolled an 8: Red rolls next (spec §3.7)."""

AFTER_SETUP = save_file(
    0,
    (
        "0 0 0 0 0 g c 8 1 27 1",
        "0 0 0 0 0 g c 16 1 47 1",
        "0 0 0 0 0 g c 24 1 44 1",
        "0 0 0 0 0 g c 31 1 40 1",
    ),
    -1,
)
"""The eight placements of SETUP, nothing produced yet, the geese off the board (RULINGS 8)."""

TURN_START = (
    "Student Blue's turn.\n"
    "Blue has 7 course criteria, 0 caffeines, 0 labs, 0 lectures, 5 studies, and 0 tutorials.\n"
)
LOADED = "Input a roll between 2 and 12:\n"
GEESE = "Choose where to place the GEESE.\n"
VICTIM = "Choose a student to steal from.\n"
OFFER = "Blue offers Orange one STUDY for one CAFFEINE.\nDoes Orange accept this offer?\n"
SEVEN = "Student Orange loses 5 resources to the geese. They lose:\n5 CAFFEINE\n"
EIGHT = "Student Blue gained:\n6 LAB\nStudent Red gained:\n2 LAB\n"

BLUE_LOADS = DiceChosen(colour=BLUE, loaded=True)
SEVEN_EVENTS: tuple[AnyEvent, ...] = (
    BLUE_LOADS,
    DiceRolled(colour=BLUE, roll=7),
    ResourcesLost(colour=ORANGE, lost=(5, 0, 0, 0, 0)),
)
EIGHT_EVENTS: tuple[AnyEvent, ...] = (
    BLUE_LOADS,
    DiceRolled(colour=BLUE, roll=8),
    ResourcesProduced(colour=BLUE, gained=(0, 6, 0, 0, 0)),
    ResourcesProduced(colour=RED, gained=(0, 2, 0, 0, 0)),
)


def placements(count: int) -> tuple[AnyEvent, ...]:
    return tuple(
        CriterionCompleted(colour=colour, criterion=CriterionId(place), cost=NONE)
        for colour, place in zip(SETUP_ORDER[:count], PLACES[:count], strict=True)
    )


def board_after_setup() -> str:
    """Figure 1 with the eight initial Assignments (RULINGS 3, 6); no geese yet."""
    text = FIGURE_1
    for colour, place in zip(SETUP_ORDER, PLACES, strict=True):
        text = mark_criterion(text, place, f"{colour.title[0]}A")
    return text


class AtPrompt(NamedTuple):
    """A game brought to one prompt: the whole standard output up to it, and what it holds."""

    options: Options
    lines: str
    stdout: str
    again: str
    """What a line that answers nothing gets: the reply, then the same question and prompt."""
    backup: str | None
    events: tuple[AnyEvent, ...]


SAMPLE_GAME = Options(seed=1, loaded=SAMPLE, journal="game.jsonl", edition=WATAN, rules=WATAN.rules)
AT_PROMPTS = {
    "setup": AtPrompt(
        Options(seed=1, board=SAMPLE_BOARD, journal="game.jsonl", edition=WATAN, rules=WATAN.rules),
        "8\n16\n",
        question(BLUE) + "> " + question(RED) + "> " + question(ORANGE) + "> ",
        "You cannot build here.\n" + question(ORANGE) + "> ",  # RULINGS 15, 25
        None,
        placements(2),
    ),
    "turn start": AtPrompt(
        SAMPLE_GAME, "", TURN_START + "> ", "Invalid command.\n> ", SAMPLE_AS_SAVED, ()
    ),
    "loaded roll": AtPrompt(
        SAMPLE_GAME,
        "load\nroll\n",
        TURN_START + "> > " + LOADED + "> ",
        "Invalid roll.\n" + LOADED + "> ",  # RULINGS 15, 21
        SAMPLE_AS_SAVED,
        (BLUE_LOADS,),
    ),
    "geese tile": AtPrompt(
        SAMPLE_GAME,
        "load\nroll\n7\n",
        TURN_START + "> > " + LOADED + "> " + SEVEN + GEESE + "> ",
        GEESE + "> ",  # RULINGS 13
        AFTER_THE_SEVEN,
        SEVEN_EVENTS,
    ),
    "steal victim": AtPrompt(
        SAMPLE_GAME,
        "load\nroll\n7\n9\n",
        TURN_START
        + "> > "
        + LOADED
        + "> "
        + SEVEN
        + GEESE
        + "> Student Blue can choose to steal from Yellow.\n"
        + VICTIM
        + "> ",
        VICTIM + "> ",  # RULINGS 13
        AFTER_THE_SEVEN,
        SEVEN_EVENTS,
    ),
    "trade answer": AtPrompt(
        SAMPLE_GAME,
        "load\nroll\n8\ntrade orange study caffeine\n",
        TURN_START + "> > " + LOADED + "> " + EIGHT + "> " + OFFER + "> ",
        "Does Orange accept this offer?\n> ",  # RULINGS 26
        AFTER_THE_EIGHT,
        EIGHT_EVENTS,
    ),
    "after the roll": AtPrompt(
        SAMPLE_GAME,
        "load\nroll\n8\n",
        TURN_START + "> > " + LOADED + "> " + EIGHT + "> ",
        "Invalid command.\n> ",  # RULINGS 27
        AFTER_THE_EIGHT,
        EIGHT_EVENTS,
    ),
    "play again": AtPrompt(
        Options(seed=1, loaded=WIN_SAVE, journal="game.jsonl", edition=WATAN, rules=WATAN.rules),
        "load\nroll\n12\nimprove 30\n",
        "Student Blue's turn.\n"
        "Blue has 9 course criteria, 3 caffeines, 2 labs, 2 lectures, 2 studies, and 1 tutorials.\n"
        "> > " + LOADED + "> No students gained resources.\n"
        "> Student Blue has won!\nWould you like to play again?\n> ",
        "Would you like to play again?\n> ",  # RULINGS 17
        None,
        WIN_EVENTS,
    ),
}


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def backup() -> str | None:
    path = Path("backup.sv")
    return path.read_text() if path.exists() else None


@pytest.mark.parametrize("prompt", list(AT_PROMPTS))
def test_end_of_input_at_each_kind_of_prompt_saves_what_the_rulings_say(prompt: str) -> None:
    at = AT_PROMPTS[prompt]
    played = play(at.options, at.lines)
    assert (played.status, played.stdout, played.stderr) == (
        0,
        at.stdout,
        "",
    )
    assert backup() == at.backup
    assert recorded() == list(at.events)


def recorded() -> list[AnyEvent]:
    """Return the events in `game.jsonl`: none when there is no journal (a game that ends
    before its first event leaves none behind)."""
    journal = Path("game.jsonl")
    return read_journal(journal)[1] if journal.exists() else []


def test_end_of_input_at_play_again_starts_no_new_game() -> None:
    at = AT_PROMPTS["play again"]
    play(at.options, at.lines)
    assert sorted(p.name for p in Path().iterdir()) == ["game.jsonl"]


@pytest.mark.parametrize("placed", range(8))
def test_end_of_input_at_every_setup_question_keeps_the_placements_and_writes_no_backup(
    placed: int,
) -> None:
    lines = "".join(f"{place}\n" for place in PLACES[:placed])
    played = play(
        Options(seed=1, board=SAMPLE_BOARD, journal="game.jsonl", edition=WATAN, rules=WATAN.rules),
        lines,
    )
    asked = "".join(question(colour) + "> " for colour in SETUP_ORDER[: placed + 1])
    assert (played.status, played.stdout) == (0, asked)
    assert backup() is None
    assert recorded() == list(placements(placed))
    assert Path("game.jsonl").exists() == (placed > 0)


def test_end_of_input_right_after_setup_saves_the_placements() -> None:
    played = play(
        Options(seed=1, board=SAMPLE_BOARD, journal="game.jsonl", edition=WATAN, rules=WATAN.rules),
        SETUP,
    )
    asked = "".join(question(colour) + "> " for colour in SETUP_ORDER)
    turn = (
        "Student Blue's turn.\n"
        "Blue has 2 course criteria, 0 caffeines, 0 labs, 0 lectures, 0 studies, "
        "and 0 tutorials.\n"
    )
    assert (played.status, played.stdout) == (0, asked + board_after_setup() + turn + "> ")
    assert backup() == AFTER_SETUP


def test_a_last_line_without_its_newline_is_read_before_input_ends() -> None:
    played = play(SAMPLE_GAME, "load\nroll\n8")
    assert (played.status, played.stdout) == (0, AT_PROMPTS["after the roll"].stdout)
    assert backup() == AFTER_THE_EIGHT


def test_end_of_input_after_a_refused_answer_to_the_victim_question_still_keeps_the_geese() -> None:
    at = AT_PROMPTS["steal victim"]
    played = play(at.options, at.lines + "Red\nPurple\n")
    # Red is on tile 9 but holds nothing, so cannot be robbed (spec §3.6).
    assert played.stdout == at.stdout + 2 * (VICTIM + "> ")
    assert backup() == AFTER_THE_SEVEN
