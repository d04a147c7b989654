"""Starting the program: the plain play command line is read without click, and the play
path imports nothing it doesn't need (issue: instant start for test harnesses)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REFERENCE, ROOT
from watan.cli.app import play_command
from watan.cli.launch import plain_play
from watan.cli.options import PLAY_OPTIONS
from watan.cli.start import Asked, asked_of

NOT_FOR_PLAYING = {
    "click",
    "hypothesis",
    "pytest",
    "watan.cli.app",
    "watan.tools.compare",
    "watan.text.describe",
    "replay.history",
    "watan.judge",
    "replay.auditing",
    "replay.compare",
    "replay.differences",
    "deepdiff",
    "replay.protocol",
    "watan.definition",
    "watan.pictures",
    "watan.pictures.svg",
    "watan.pictures.steps",
    "watan.pictures.viewer",
    "starlette",
    "uvicorn",
    "websockets",
    "watan.serve",
    "watan.serve.join",
    "importlib.metadata",
}
"""Modules a game never needs: the CLI framework, the replay tooling (and deepdiff, which
compares games), the pictures, the server and its client (the `serve` extra), the test
tools, and what finds installed strategies (only a seat handed to one by name needs it; its
own imports weigh more than the game's)."""


def modules_loaded(args: list[str], tmp_path: Path) -> set[str]:
    """Return the modules loaded by running `watan ARGS` to its first prompt and end of input."""
    script = (
        "import sys\n"
        f"sys.argv = ['watan', *{args!r}]\n"
        "from watan.cli.launch import run\n"
        "try:\n"
        "    run()\n"
        "except SystemExit:\n"
        "    pass\n"
        "sys.stderr.write('\\n'.join(sorted(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env={"PYTHONPATH": str(ROOT), "PATH": "", "WATAN_JOURNALS": str(tmp_path / "journals")},
        check=True,
    )
    return set(result.stderr.split("\n"))


def test_playing_from_a_board_file_imports_nothing_it_does_not_need(tmp_path: Path) -> None:
    loaded = modules_loaded(["-board", str(REFERENCE / "sample-board.txt")], tmp_path)
    assert "watan.terminal.console" in loaded
    assert loaded & NOT_FOR_PLAYING == set()


def test_playing_a_saved_game_imports_nothing_it_does_not_need(tmp_path: Path) -> None:
    loaded = modules_loaded(["-seed", "3", "-load", str(REFERENCE / "sample-save.sv")], tmp_path)
    assert "watan.terminal.console" in loaded
    assert loaded & NOT_FOR_PLAYING == set()


def test_comparing_two_games_is_what_loads_deepdiff(tmp_path: Path) -> None:
    journal = str(ROOT / "journals" / "started-with-load" / "journal.jsonl")
    loaded = modules_loaded(["diff", journal, journal, "--to", "10"], tmp_path)
    assert {"deepdiff", "replay.differences"} <= loaded


def test_help_does_not_load_the_game(tmp_path: Path) -> None:
    loaded = modules_loaded(["--help"], tmp_path)
    assert "click" in loaded
    assert loaded & {"msgspec", "watan.terminal.console", "watan.engine.state"} == set()


@pytest.mark.parametrize(
    ("args", "chosen"),
    [
        ([], {}),
        (["play"], {}),
        (["-seed", "5", "-load", "g.sv"], {"seed": 5, "load": "g.sv"}),
        (["play", "--board", "b.txt", "-seed", "-3"], {"board": "b.txt", "seed": -3}),
        (["-seed", "1", "-seed", "2"], {"seed": 2}),
        (
            ["--journal", "j.jsonl", "--resume", "r.jsonl"],
            {"journal": "j.jsonl", "resume": "r.jsonl"},
        ),
    ],
)
def test_a_plain_play_command_line_is_read_without_click(
    args: list[str], chosen: dict[str, object]
) -> None:
    assert plain_play(args) == chosen


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["play", "--help"],
        ["-seed"],
        ["-seed", "five"],
        ["-colour", "blue"],
        ["show", "board.txt"],
        ["replay", "j.jsonl"],
        ["-load", "g.sv", "extra"],
    ],
)
def test_anything_else_is_left_to_click(args: list[str]) -> None:
    assert plain_play(args) is None


def test_every_play_option_has_a_spec_or_long_spelling() -> None:
    spellings = {option.name: option.flags for option in PLAY_OPTIONS}
    assert spellings == {
        "seed": ("-seed", "--seed"),
        "load": ("-load", "--load"),
        "board": ("-board", "--board"),
        "random_board": ("-random-board", "--random-board"),
        "edition": ("--edition",),
        "house_rules": ("--house-rules",),
        "journal": ("--journal",),
        "resume": ("--resume",),
        "computer": ("--computer",),
        "think": ("--think",),
        "pace": ("--pace",),
        "human": ("--human",),
        "allow_computers": ("--allow-computers",),
        "join": ("--join",),
        "hints": ("--hints",),
        "no_hints": ("--no-hints",),
    }


def test_joining_a_served_game_loads_the_client_but_not_the_server(tmp_path: Path) -> None:
    loaded = modules_loaded(["--join", "http://127.0.0.1:9/games/none#secret"], tmp_path)
    assert {"watan.serve.join", "websockets.sync.client"} <= loaded
    assert loaded & {"click", "starlette", "uvicorn", "watan.serve.app"} == set()


@pytest.mark.parametrize(
    ("args", "game"),
    [
        (["--join", "http://h/games/x", "--pace", "0"], Asked()),
        (
            ["-seed", "-3", "-board", "b.txt", "--house-rules", "bank-trade",
             "--house-rules", "dev-cards", "--hints"],
            Asked(seed=-3, board="b.txt", house_rules=("bank-trade", "dev-cards")),
        ),
        (
            ["--resume", "r.jsonl", "--computer", "Red=expert", "--human", "Blue",
             "--allow-computers", "--think", "1", "-random-board", "--edition", "constructor"],
            Asked(resume="r.jsonl", computer=("Red=expert",), human=("Blue",),
                  allow_computers=True, think="1", random_board=True, edition="constructor"),
        ),
    ],
)
def test_click_and_the_fast_path_read_the_same_game_from_a_command_line(
    args: list[str], game: Asked
) -> None:
    chosen = plain_play(args)
    assert chosen is not None
    clicked = play_command.make_context("play", list(args)).params
    assert (asked_of(clicked), asked_of(chosen)) == (game, game)
