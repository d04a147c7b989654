"""`--computer`, `--human` and `--allow-computers` on the command line, and what tools show."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import REFERENCE, ROOT, read_journal
from watan.cli import start
from watan.cli.app import main
from watan.cli.launch import plain_play
from watan.engine.events import SeatTaken
from watan.engine.state import Colour
from watan.players import DEFAULT_STRATEGY, listing
from watan.terminal.pacing import DEFAULT_PACE

COLOURS_SAID = "(colours: Blue, Red, Orange, Yellow)"
STRATEGIES_SAID = f"(strategies: {listing()})"
"""Every strategy, with its rating (`watan.players.listing`, whose form test_plugins checks)."""


def watan(args: list[str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run the program as a player would, through its fast path when the line is plain."""
    return subprocess.run(
        [sys.executable, "-m", "watan", *args],
        input=stdin,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (
            ["--computer", "Purple"],
            f"--computer Purple: there is no student 'Purple' {COLOURS_SAID}",
        ),
        (
            ["--computer", "Red=smart"],
            f"--computer Red=smart: there is no strategy 'smart' {STRATEGIES_SAID}",
        ),
        (["--human", "Nobody"], f"--human Nobody: there is no student 'Nobody' {COLOURS_SAID}"),
        (
            ["--computer", "red=greedy", "--computer", "Red"],
            "Red is given twice (--computer red=greedy and --computer Red)",
        ),
        (
            ["--computer", "Red", "--human", "RED"],
            "Red is given twice (--computer Red and --human RED)",
        ),
        (["--think", "abc"], "--think: 'abc' is not a number of seconds between 0 and 60"),
        (["--think", "nan"], "--think: 'nan' is not a number of seconds between 0 and 60"),
        (["--pace", "soon"], "--pace: 'soon' is not a number of seconds between 0 and 60"),
        (["--pace", "-1"], "--pace: '-1' is not a number of seconds between 0 and 60"),
    ],
)
def test_a_bad_seat_is_one_line_naming_the_problem_and_status_2(
    tmp_path: Path, args: list[str], problem: str
) -> None:
    # The fast path, click's `play`, and click's play by default.
    for before in (["-seed", "1"], ["play", "-seed", "1"], ["--edition", "watan"]):
        program = [*before, *args]
        result = watan(program, tmp_path)
        assert (result.returncode, result.stdout, result.stderr) == (2, "", f"watan: {problem}\n")
    assert list(tmp_path.iterdir()) == []  # no journal was started


def test_play_help_lists_the_strategies_and_the_seat_options() -> None:
    result = CliRunner().invoke(main, ["play", "--help"])
    text = " ".join(result.stdout.split())
    assert result.exit_code == 0
    for words in (
        "--computer COLOUR[=STRATEGY]",
        "random (a random move, building whenever it can; ",
        "greedy (the best immediate move by production; ",
        "expert (greedy's turn, each roll tried on the engine; ",
        "master (searches its placements, builds and rolls on the engine; ",
        f"Default {DEFAULT_STRATEGY}.",
        "package.module:Factory",
        "--think SECONDS",
        "--human COLOUR",
        "--allow-computers",
    ):
        assert words in text


def test_the_fast_path_keeps_every_value_of_a_repeated_option() -> None:
    assert plain_play(["-seed", "4", "--computer", "Red", "--computer", "Orange=greedy",
                       "--allow-computers"]) == {
        "seed": 4,
        "computer": ("Red", "Orange=greedy"),
        "allow_computers": True,
    }


def test_watan_play_with_four_computers_is_a_game_to_watch(tmp_path: Path) -> None:
    board = REFERENCE / "sample-board.txt"
    args = ["-seed", "4", "-board", str(board), "--journal", "j.jsonl"]
    for colour in ("Blue=greedy", "Red=expert", "Orange=greedy", "Yellow=random"):
        args += ["--computer", colour]
    result = watan(args, tmp_path)
    assert result.returncode == 0
    assert result.stdout.endswith(" has won!\nWould you like to play again?\n> ")
    listing = CliRunner().invoke(main, ["replay", str(tmp_path / "j.jsonl")]).stdout.splitlines()
    assert listing[1:7] == [
        "Setup",
        "  1  Blue is played by the greedy strategy from here on",
        "  2  Red is played by the expert strategy from here on",
        "  3  Orange is played by the greedy strategy from here on",
        "  4  Yellow is played by the random strategy from here on",
        "  5  Blue (greedy) completed an Assignment at " + listing[6].rsplit(" ", 1)[1],
    ]
    verified = CliRunner().invoke(main, ["verify", str(tmp_path / "j.jsonl")])
    assert verified.stdout.startswith("ok: ")


def test_resume_keeps_the_journals_computers_unless_told_otherwise(tmp_path: Path) -> None:
    save = REFERENCE / "sample-save.sv"
    first = watan(
        ["-seed", "4", "-load", str(save), "--journal", "j.jsonl", "--computer", "Red=greedy"],
        tmp_path,
    )
    assert first.returncode == 0
    again = watan(["play", "--resume", "j.jsonl", "-seed", "5", "--human", "Red",
                   "--computer", "Orange=random"], tmp_path)
    assert again.returncode == 0
    events = read_journal(str(tmp_path / "j.jsonl")).events
    # The computers asked for come first, then the people.
    assert [e for e in events if isinstance(e, SeatTaken)] == [
        SeatTaken(colour=Colour.RED, player="greedy"),
        SeatTaken(colour=Colour.ORANGE, player="random"),
        SeatTaken(colour=Colour.RED, player="human"),
    ]


def test_resume_refuses_a_seat_played_by_a_strategy_this_version_lacks(tmp_path: Path) -> None:
    save = REFERENCE / "sample-save.sv"
    watan(["-seed", "4", "-load", str(save), "--journal", "j.jsonl"], tmp_path, "load\n")
    journal = tmp_path / "j.jsonl"
    lines = journal.read_text().splitlines(keepends=True)
    lines.insert(1, '{"type":"seat_taken","colour":1,"player":"oracle"}\n')
    journal.write_text("".join(lines))
    before = journal.read_bytes()
    result = watan(["play", "--resume", "j.jsonl"], tmp_path)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "watan: j.jsonl: Red is played by the strategy 'oracle', which this version lacks "
        f"{STRATEGIES_SAID}; give the seat to another with --computer Red=STRATEGY or "
        "--human Red\n"
    )
    assert journal.read_bytes() == before
    told = watan(["play", "--resume", "j.jsonl", "--computer", "Red=greedy"], tmp_path)
    assert told.returncode == 0


def test_computers_are_paced_only_when_a_person_watches_the_output(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Watched(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert start._default_pace() == 0
    monkeypatch.setattr(sys, "stdout", Watched())
    assert start._default_pace() == DEFAULT_PACE

