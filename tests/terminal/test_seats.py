"""Computers at the terminal: their typing shown after the prompt, seats handed over and back."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from replay.folding import fold
from replay.history import listing
from tests.conftest import WATAN, audit
from tests.scripted import typed
from tests.terminal.test_console import SAMPLE_BOARD, SAMPLE_SAVE, SETUP, play, read_journal
from watan import definition
from watan.editions import edition
from watan.editions.model import Edition
from watan.engine.events import AnyEvent, CriterionCompleted, GameStarted, SeatTaken
from watan.engine.evolve import apply, start
from watan.engine.inverse import command_of, commands
from watan.engine.layout import Tile
from watan.engine.resources import Resource
from watan.engine.state import HUMAN, Colour, Game, Phase
from watan.match.making import Log, resume
from watan.match.options import Options
from watan.players import seat_generator, seated
from watan.players.table import Table
from watan.players.table import play as play_table
from watan.terminal.seats import Shown
from watan.terminal.session import Session, prompt
from watan.text.notation import format
from watan.text.wording import narrate

BLUE, RED, ORANGE, YELLOW = Colour.BLUE, Colour.RED, Colour.ORANGE, Colour.YELLOW
COMPUTERS = ((RED, "greedy"), (ORANGE, "expert"), (YELLOW, "random"))
PLAY_AGAIN = "Would you like to play again?\n"
INVALID = "Invalid command.\n"


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_four_computers_play_a_whole_game_with_no_input(tmp_path: Path) -> None:
    seats = ((BLUE, "expert"), *COMPUTERS)
    played = play(Options(
        seed=3, board=SAMPLE_BOARD, journal="j.jsonl", seats=seats, edition=WATAN, rules=WATAN.rules
    ), "")
    assert played.status == 0
    assert played.stdout.endswith(f" has won!\n{PLAY_AGAIN}> ")
    header, events = read_journal(tmp_path / "j.jsonl")
    checked = audit(header, events)
    assert checked.state is not None
    assert (checked.problem, checked.state.phase) == (None, Phase.OVER)
    assert events[:4] == [SeatTaken(colour=c, player=name) for c, name in seats]
    assert not (tmp_path / "backup.sv").exists()  # the game was won: nothing to back up


def test_a_game_with_computers_is_the_same_every_time_from_the_same_seed(tmp_path: Path) -> None:
    runs = []
    for name in ("a", "b"):
        options = Options(
            seed=8,
            board=SAMPLE_BOARD,
            journal=f"{name}.jsonl",
            seats=COMPUTERS,
            edition=WATAN,
            rules=WATAN.rules,
        )
        played = play(options, "8\n16\nroll\nnext\nload\nroll\n6\nnext\n")
        runs.append((played.stdout, (tmp_path / f"{name}.jsonl").read_bytes()))
    assert runs[0] == runs[1]
    header, events = read_journal(tmp_path / "a.jsonl")
    checked = audit(header, events)
    assert (checked.problem, checked.events) == (None, len(events))
    listed = "".join(listing(definition.WATAN, header, tuple(events)))
    assert "Red (greedy) " in listed and "Orange (expert) " in listed


@pytest.mark.parametrize("rules", ["watan", "constructor"])
def test_what_computers_show_is_what_one_person_typing_all_their_lines_would_see(
    rules: str,
) -> None:
    # Four computers play some turns, their typing shown; then one person types every line
    # of every command the journal holds (`format`), each line shown as typed: the two
    # transcripts must be the same, byte for byte.
    played = edition(rules)
    game = start(
        GameStarted(edition=played.name, rules=played.rules, seed=5, board=SAMPLE_BOARD)
    )
    names = ("expert", "greedy", "random", "greedy")
    out: list[str] = []
    events: list[AnyEvent] = []

    def seat(colour: Colour, name: str) -> Shown:
        rng = seat_generator(5, 1, colour)
        return Shown(seated(names[colour], colour, rng), out.append, played)

    def heard(before: Game, happened: tuple[AnyEvent, ...], after: Game) -> None:
        out.append(narrate(before, happened, after, played))
        events.extend(happened)

    play_table(game, Table(seat), random.Random(5), heard, turn_cap=16)
    lines: list[str] = []
    replayed = game
    for run in commands(events):
        command = command_of(run)
        assert command is not None
        lines += format(command, replayed, played)
        replayed = fold(apply, replayed, run)
    shown = "".join(out)
    typing = typed(game, lines, rng=random.Random(5), edition=played)
    assert typing.text == shown + _next_question(replayed, played)


def _next_question(game: Game, played: Edition) -> str:
    """Return the question and prompt the game asks next, with which a transcript ends."""
    return prompt(Session(game=game, edition=played))


def test_a_person_hands_their_seat_to_a_computer_which_plays_on_at_once(tmp_path: Path) -> None:
    options = Options(
        seed=4,
        loaded=SAMPLE_SAVE,
        journal="j.jsonl",
        seats=COMPUTERS,
        edition=WATAN,
        rules=WATAN.rules,
    )
    played = play(options, "computer greedy\n")
    header, events = read_journal(tmp_path / "j.jsonl")
    assert events[3:4] == [SeatTaken(colour=BLUE, player="greedy")]
    assert fold_seats(header, events)[BLUE] == "greedy"
    # Blue's next line was typed by the computer, right after the prompt.
    header_line = "Blue has 7 course criteria, 0 caffeines, 0 labs, 0 lectures, 5 studies, and 0 "
    assert f"{header_line}tutorials.\n> > load\n" in played.stdout


def test_a_person_takes_a_computers_seat_back_and_is_asked_its_questions(tmp_path: Path) -> None:
    options = Options(
        seed=4,
        loaded=SAMPLE_SAVE,
        journal="j.jsonl",
        seats=COMPUTERS,
        edition=WATAN,
        rules=WATAN.rules,
    )
    # Blue rolls 12: tile 12 (TUTORIAL 12) yields to Orange's 40 and Yellow's 27, not to Red.
    played = play(options, "human Red\nload\nroll\n12\nnext\n")
    _, events = read_journal(tmp_path / "j.jsonl")
    assert SeatTaken(colour=RED, player=HUMAN) in events
    # Red's turn now waits for the keyboard: its header, then a bare prompt.
    assert played.stdout.endswith(
        "> Student Red's turn.\n"
        "Red has 3 course criteria, 0 caffeines, 0 labs, 0 lectures, 0 studies, and 0 "
        "tutorials.\n> "
    )


def test_seat_words_are_listed_and_understood_only_in_a_game_with_computers() -> None:
    plain = play(
        Options(seed=1, loaded=SAMPLE_SAVE, journal="a.jsonl", edition=WATAN, rules=WATAN.rules),
        "help\ncomputer\n",
    )
    assert plain.stdout.count(INVALID) == 1
    assert "computer [<strategy>]" not in plain.stdout
    allowed = play(
        Options(
            seed=1,
            loaded=SAMPLE_SAVE,
            journal="b.jsonl",
            computers=True,
            edition=WATAN,
            rules=WATAN.rules,
        ), "help\n"
    )
    assert "next\nsave <file>\nhelp\ncomputer [<strategy>]\nhuman <colour>\n" in allowed.stdout


def test_playing_again_keeps_the_table_as_it_stood_when_the_game_ended(tmp_path: Path) -> None:
    seats = ((BLUE, "greedy"), *COMPUTERS)
    play(Options(
        seed=3, board=SAMPLE_BOARD, journal="j.jsonl", seats=seats, edition=WATAN, rules=WATAN.rules
    ), "yes\n")
    second = sorted((tmp_path / "journals").iterdir())
    assert len(second) == 1
    _, events = read_journal(second[0])
    assert events[:4] == [SeatTaken(colour=c, player=name) for c, name in seats]


def test_end_of_input_at_a_persons_question_backs_up_with_computers_at_the_table(
    tmp_path: Path,
) -> None:
    options = Options(
        seed=2,
        board=SAMPLE_BOARD,
        journal="j.jsonl",
        seats=COMPUTERS,
        edition=WATAN,
        rules=WATAN.rules,
    )
    played = play(options, SETUP[:2])  # Blue's first placement, then the input ends
    assert played.status == 0
    _, events = read_journal(tmp_path / "j.jsonl")
    assert not (tmp_path / "backup.sv").exists()  # during setup (RULINGS 16)
    # Blue's, then the computers' six: Blue's second question meets the end of input.
    assert sum(isinstance(e, CriterionCompleted) for e in events) == 7
    assert played.stdout.endswith("Student Blue, where do you want to complete an Assignment?\n> ")


def fold_seats(header: GameStarted, events: list[AnyEvent]) -> tuple[str, ...]:
    return fold(apply, start(header), events).seats


def test_a_resumed_game_keeps_its_computer_seats(tmp_path: Path) -> None:
    play(Options(
        seed=4,
        loaded=SAMPLE_SAVE,
        journal="j.jsonl",
        seats=COMPUTERS,
        edition=WATAN,
        rules=WATAN.rules,
    ), "")
    resumed = resume("j.jsonl", Log(io.StringIO()), seed=9)
    resumed.close()
    assert resumed.game.seats == (HUMAN, "greedy", "expert", "random")


def test_computers_alone_stop_a_game_nobody_can_win_with_one_line(tmp_path: Path) -> None:
    # Without STUDY tiles (spec §5: any board is valid) nobody builds a goal or a midterm.
    board = tuple(
        Tile(Resource.LAB, t.value) if t.resource is Resource.STUDY else t for t in SAMPLE_BOARD
    )
    seats = ((BLUE, "random"), *COMPUTERS)
    played = play(Options(
        edition=WATAN, rules=WATAN.rules, seed=3, board=board, journal="j.jsonl", seats=seats
    ), "")
    assert (played.status, played.stderr) == (
        0,
        "watan: nobody can win this game any more: nobody has or yields STUDY; the game "
        "stops here, kept in its journal\n",
    )
    assert (tmp_path / "backup.sv").exists()
    header, events = read_journal(tmp_path / "j.jsonl")
    assert audit(header, events).problem is None


def test_a_computer_pauses_before_each_command_it_types() -> None:
    # `--pace`: the pause comes before a command is shown, once a command (an answer to an
    # offer would pause too; these 4 turns of greedy computers make no offer).
    game = start(GameStarted(edition="watan", rules=WATAN.rules, seed=5, board=SAMPLE_BOARD))
    out: list[str] = []
    pauses: list[int] = []
    commands_typed: list[int] = []

    def seat(colour: Colour, name: str) -> Shown:
        def pause() -> None:
            pauses.append(len(out))

        strategy = seated("greedy", colour, seat_generator(5, 1, colour))
        return Shown(strategy, out.append, WATAN, pause)

    def heard(before: Game, happened: tuple[AnyEvent, ...], after: Game) -> None:
        commands_typed.append(len(out))

    play_table(game, Table(seat), random.Random(5), heard, turn_cap=4)
    assert len(pauses) == len(commands_typed) > 8
    # Each pause comes before its command's lines are shown, after the previous command's.
    assert pauses[0] == 0
    assert all(
        typed <= paused for typed, paused in zip(commands_typed, pauses[1:], strict=False)
    )
