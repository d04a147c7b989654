"""The interactive loop at its edge: streams, journals, saves and backups."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from replay.edges.folders import Folder
from tests.conftest import ROOT, WATAN, reference
from tests.engine.test_state import BLUE_AT_10, saved
from watan.editions.constructor import EDITION as CONSTRUCTOR
from watan.engine.events import AnyEvent, GameStarted
from watan.engine.evolve import apply, start
from watan.engine.state import Game, saved_game
from watan.files.savefile import format_save, parse_board, parse_save
from watan.match.options import Options
from watan.terminal.console import Streams, play_games

SAMPLE_BOARD = parse_board(reference("sample-board.txt"), "sample-board.txt", WATAN)
SAMPLE_SAVE = parse_save(reference("sample-save.sv"), "sample-save.sv", WATAN)
SETUP = "8\n16\n24\n31\n40\n44\n47\n27\n"
"""The eight placements of the shared acceptance case 01, all valid on any board."""


class Played(msgspec.Struct):
    status: int
    stdout: str
    stderr: str


def play(options: Options, lines: str, stdin: io.BytesIO | None = None) -> Played:
    out, err = io.StringIO(), io.StringIO()
    status = play_games(options, Streams(stdin or io.BytesIO(lines.encode()), out, err))
    return Played(status=status, stdout=out.getvalue(), stderr=err.getvalue())


def read_journal(path: Path) -> tuple[GameStarted, list[AnyEvent]]:
    lines = path.read_bytes().splitlines()
    header = msgspec.json.decode(lines[0], type=GameStarted)
    return header, [msgspec.json.decode(line, type=AnyEvent) for line in lines[1:]]


def fold(path: Path) -> Game:
    header, events = read_journal(path)
    game = start(header)
    for event in events:
        game = apply(game, event)
    return game


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


class Terminal(io.StringIO):
    """Standard error that is a terminal."""

    def isatty(self) -> bool:
        return True


def test_the_journal_location_is_said_on_standard_error_only_at_a_terminal() -> None:
    options = Options(
        seed=1, board=SAMPLE_BOARD, journal="game.jsonl", edition=WATAN, rules=WATAN.rules
    )
    at_terminal = Terminal()
    play_games(options, Streams(io.BytesIO(SETUP.encode()), io.StringIO(), at_terminal))
    assert at_terminal.getvalue() == "watan: journal: game.jsonl\n"
    os.remove("game.jsonl")
    piped = play(options, SETUP)
    assert (piped.stderr, "journal" in piped.stdout) == ("", False)


def test_a_piped_session_writes_nothing_on_standard_error(tmp_path: Path) -> None:
    (tmp_path / "board.txt").write_text(reference("sample-board.txt"))
    result = subprocess.run(
        [sys.executable, "-m", "watan", "-seed", "1", "-board", "board.txt"],
        input=SETUP + "load\nroll\n8\nnext\n",
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert [p.name.startswith("watan-") for p in (tmp_path / "journals").iterdir()] == [True]


def test_default_journal_is_a_new_file_under_journals_named_for_its_start(
    tmp_path: Path,
) -> None:
    play(Options(seed=1, board=SAMPLE_BOARD, edition=WATAN, rules=WATAN.rules), "8\n")
    names = [p.name for p in (tmp_path / "journals").iterdir()]
    assert len(names) == 1
    assert re.fullmatch(r"watan-\d{8}-\d{6}-\d{6}\.jsonl", names[0]), names


def test_journal_header_holds_version_rules_seed_and_board(tmp_path: Path) -> None:
    play(Options(
        seed=42, board=SAMPLE_BOARD, journal="game.jsonl", edition=WATAN, rules=WATAN.rules
    ), "8\n")
    header, events = read_journal(tmp_path / "game.jsonl")
    assert (header, len(events)) == (
        GameStarted(edition=WATAN.name, rules=WATAN.rules, seed=42, board=SAMPLE_BOARD), 1
    )


def test_a_game_that_ends_before_its_first_event_leaves_no_journal(tmp_path: Path) -> None:
    played = play(Options(
        seed=42, board=SAMPLE_BOARD, journal="game.jsonl", edition=WATAN, rules=WATAN.rules
    ), "board\n")
    assert (played.status, played.stderr) == (0, "")
    assert not (tmp_path / "game.jsonl").exists()
    play(Options(seed=42, board=SAMPLE_BOARD, edition=WATAN, rules=WATAN.rules), "")
    assert list((tmp_path / "journals").iterdir()) == []


def test_loaded_game_journal_header_holds_the_loaded_position(tmp_path: Path) -> None:
    play(
        Options(seed=5, loaded=SAMPLE_SAVE, journal="game.jsonl", edition=WATAN, rules=WATAN.rules),
        "load\n",
    )
    header, _ = read_journal(tmp_path / "game.jsonl")
    assert header == GameStarted(
        edition=WATAN.name,
        rules=WATAN.rules,
        seed=5,
        board=SAMPLE_SAVE.board,
        loaded=SAMPLE_SAVE.position,
    )


def test_backup_on_end_of_input_is_the_fold_of_the_journal(tmp_path: Path) -> None:
    lines = SETUP + "load\nroll\n11\nnext\nroll\n6\nachieve 22\n"
    play(
        Options(seed=3, board=SAMPLE_BOARD, journal="game.jsonl", edition=WATAN, rules=WATAN.rules),
        lines,
    )
    backup = (tmp_path / "backup.sv").read_text()
    assert backup == format_save(saved_game(fold(tmp_path / "game.jsonl")), WATAN)


def test_each_accepted_command_is_in_the_journal_before_the_next_prompt(tmp_path: Path) -> None:
    journal = tmp_path / "game.jsonl"
    lines = [f"{n}\n".encode() for n in SETUP.split()] + [b"load\n", b"roll\n", b"8\n", b"next\n"]
    seen: list[int] = []

    class Watching(io.BytesIO):
        def readline(self, size: int | None = -1) -> bytes:
            seen.append(len(journal.read_bytes().splitlines()) if journal.exists() else 0)
            return lines.pop(0) if lines else b""

    play(
        Options(seed=1, board=SAMPLE_BOARD, journal=str(journal), edition=WATAN, rules=WATAN.rules),
        "",
        Watching(),
    )
    # The header, then one event per placement and one for `load`; a loaded
    # `roll` waits for its value, which adds the roll and any production.
    assert seen[:11] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10]
    assert seen[11] >= 11
    assert seen[12] == seen[11] + 1


def test_end_of_input_during_setup_writes_no_backup(tmp_path: Path) -> None:
    played = play(
        Options(seed=1, board=SAMPLE_BOARD, journal="game.jsonl", edition=WATAN, rules=WATAN.rules),
        "8\n16\n",
    )
    assert played.status == 0
    assert not (tmp_path / "backup.sv").exists()
    assert len(read_journal(tmp_path / "game.jsonl")[1]) == 2


def test_same_seed_and_input_give_identical_output_and_journals(tmp_path: Path) -> None:
    lines = SETUP + "roll\nnext\nroll\nnext\nroll\nnext\nroll\nstatus\n"
    first = play(Options(seed=9, journal="a.jsonl", edition=WATAN, rules=WATAN.rules), lines)
    second = play(Options(seed=9, journal="b.jsonl", edition=WATAN, rules=WATAN.rules), lines)
    assert first.stdout == second.stdout
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    assert "You rolled" in first.stdout


WIN_NEXT = (
    "0\n3 2 2 2 1 g 0 1 c 0 3 10 3 30 2 45 1\n0 0 0 0 0 g c\n0 0 0 0 0 g c\n0 0 0 0 0 g c\n"
    + reference("sample-board.txt")
)
"""Blue at 9 course criteria with exactly an exam's price: `improve 30` wins."""


def test_play_again_after_a_win_starts_game_two_on_a_fresh_random_board(tmp_path: Path) -> None:
    options = Options(
        seed=4,
        loaded=parse_save(WIN_NEXT, "win.sv", WATAN),
        journal="first.jsonl",
        edition=WATAN,
        rules=WATAN.rules,
    )
    played = play(options, "load\nroll\n12\nimprove 30\nyes\n8\n")
    assert played.stdout.endswith(
        "Student Blue has won!\nWould you like to play again?\n"
        "> Student Blue, where do you want to complete an Assignment?\n"
        "> Student Red, where do you want to complete an Assignment?\n> "
    )
    first_header, first_events = read_journal(tmp_path / "first.jsonl")
    [second] = (tmp_path / "journals").iterdir()
    header, events = read_journal(second)
    assert (first_header.game, header.game, header.seed, header.loaded) == (1, 2, 4, None)
    assert header.board != SAMPLE_BOARD
    assert type(first_events[-1]).__name__ == "GameWon"
    assert len(events) == 1
    assert not (tmp_path / "backup.sv").exists()


def test_a_journal_folder_that_cannot_be_made_is_reported_and_the_game_goes_on(
    tmp_path: Path,
) -> None:
    (tmp_path / "journals").write_text("a file where the folder should be")
    played = play(
        Options(seed=1, board=SAMPLE_BOARD, edition=WATAN, rules=WATAN.rules), SETUP + "status\n"
    )
    assert played.stderr.startswith("watan: cannot write the journal journals/")
    assert played.stdout.endswith("and 0 tutorials.\n> ")
    assert (tmp_path / "backup.sv").exists()


def test_a_data_folder_that_cannot_be_made_keeps_the_journal_in_the_working_folder(
    tmp_path: Path,
) -> None:
    """The user's data folder is the program's choice, not the player's: when it cannot be
    made the journal goes to `./journals` instead, said (on a terminal) with why."""
    (tmp_path / "data").write_text("a file where the folder should be")
    data = tmp_path / "data" / "watan" / "journals"
    options = Options(
        seed=1,
        board=SAMPLE_BOARD,
        edition=WATAN,
        rules=WATAN.rules,
        journals=Folder(str(data), chosen=False),
    )
    at_terminal = Terminal()
    play_games(options, Streams(io.BytesIO(SETUP.encode()), io.StringIO(), at_terminal))
    [kept] = (tmp_path / "journals").iterdir()
    assert at_terminal.getvalue() == (
        f"watan: journal: journals/{kept.name} (cannot make its folder {data}: Not a directory)\n"
    )
    assert len(read_journal(kept)[1]) == len(SETUP.split())


def test_a_save_that_fails_is_one_line_on_standard_error(tmp_path: Path) -> None:
    played = play(
        Options(seed=1, loaded=SAMPLE_SAVE, journal="j.jsonl", edition=WATAN, rules=WATAN.rules),
        "save nowhere/x.sv\n",
    )
    assert played.stderr.splitlines() == [
        "watan: cannot save to nowhere/x.sv: No such file or directory"
    ]
    assert (tmp_path / "backup.sv").exists()


def test_a_loaded_game_already_won_announces_its_winner_and_asks_to_play_again() -> None:
    won = saved(1, BLUE_AT_10, "", "", "")
    played = play(
        Options(seed=1, loaded=won, journal="game.jsonl", edition=WATAN, rules=WATAN.rules),
        "maybe\n",
    )
    assert (played.status, played.stdout) == (
        0,
        "Student Blue has won!\nWould you like to play again?\n> "
        "Would you like to play again?\n> ",
    )
    assert not Path("backup.sv").exists()  # end of input there means no (RULINGS 16)
    assert not Path("game.jsonl").exists()  # nothing could be played in it


def test_a_constructor_backup_of_a_won_game_loads_and_backs_up_the_same() -> None:
    won = saved(2, "", BLUE_AT_10, "", "")  # Red won; Orange would roll next
    text = format_save(won, CONSTRUCTOR)
    loaded = parse_save(text, "backup.sv", CONSTRUCTOR)
    played = play(Options(
        seed=1, edition=CONSTRUCTOR, rules=CONSTRUCTOR.rules, loaded=loaded, journal="c.jsonl"
    ), "")
    assert (played.status, played.stdout) == (
        0, "Builder Red has won!\nWould you like to play again?\n> "
    )
    assert Path("backup.sv").read_text() == text  # RULINGS-constructor 14, curTurn kept


def test_save_onto_another_games_journal_is_refused_and_the_game_goes_on(tmp_path: Path) -> None:
    other = tmp_path / "other.jsonl"
    other.write_text('{"type":"game_started","format":1,"seed":3}\n')
    options = Options(
        edition=WATAN, rules=WATAN.rules, seed=1, loaded=SAMPLE_SAVE, journal="game.jsonl"
    )
    played = play(options, "save other.jsonl\nstatus\n")
    assert played.stderr == (
        "watan: cannot save to other.jsonl: it is a game's journal; choose another name\n"
    )
    assert other.read_text() == '{"type":"game_started","format":1,"seed":3}\n'
    assert "Blue has 7 course criteria" in played.stdout.split("> ")[-2]

