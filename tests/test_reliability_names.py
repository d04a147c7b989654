"""Names shown safely: a file name or typed word never reaches the terminal raw.

A name holding a terminal escape (`ESC ] 0 ; TITLE BEL` sets a terminal's title; others
move the cursor or recolour it) is shown with its control characters escaped in every
message of every command, on standard output and standard error alike
(`replay.edges.messages.printable`).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner

from tests.conftest import ROOT
from tests.terminal.test_console import play
from tests.test_definition import SAMPLE_LINES
from tests.test_reliability_eof import SAMPLE_GAME
from watan.cli.app import main

HOSTILE = "x\x1b]0;TITLE\x07"
SHOWN = "x\\x1b]0;TITLE\\x07"


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    play(SAMPLE_GAME, SAMPLE_LINES)  # game.jsonl, and backup.sv
    Path("board.txt").write_text((ROOT / "fixtures" / "spec" / "sample-board.txt").read_text())
    Path(f"{HOSTILE}.file").write_text("not a journal\n")


COMMANDS = {
    "rewind's wrote and --resume hint": [
        "rewind", "game.jsonl", "--to", "7", "-o", f"{HOSTILE}.jsonl"
    ],
    "replay of a missing journal": ["replay", f"{HOSTILE}.jsonl"],
    "verify of a missing journal": ["verify", f"{HOSTILE}.jsonl"],
    "export into a missing folder": ["export", "game.jsonl", "-o", f"{HOSTILE}/end.sv"],
    "diff with a missing file": ["diff", f"{HOSTILE}.sv", "game.jsonl"],
    "show of a missing file": ["show", HOSTILE],
    "load of a missing file": ["play", "-load", HOSTILE],
    "board of a missing file": ["play", "-board", HOSTILE],
    "resume of a missing journal": ["play", "--resume", HOSTILE],
    "journal that is not one": ["play", "-board", "board.txt", "--journal", f"{HOSTILE}.file"],
    "journals folder that is a file": ["simulate", "--games", "1", "--journals", f"{HOSTILE}.file"],
    "an extra argument": ["replay", "game.jsonl", HOSTILE],
    "an unknown option": [f"--{HOSTILE}"],
    "a number that is not one": ["replay", "game.jsonl", "--to", HOSTILE],
}


@pytest.mark.parametrize("args", list(COMMANDS.values()), ids=list(COMMANDS))
def test_every_message_shows_a_name_with_its_control_characters_escaped(args: list[str]) -> None:
    result = CliRunner().invoke(main, args)
    shown = result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert ("\x1b" in shown, "\x07" in shown, SHOWN in shown) == (False, False, True), shown


@pytest.mark.parametrize("option", ["-load", "-board"])
def test_the_fast_path_shows_a_file_name_escaped(option: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "watan", option, HOSTILE],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert (result.returncode, result.stdout, result.stderr) == (
        2,
        "",
        f"watan: {SHOWN}: no such file\n",
    )


def test_a_save_name_typed_at_the_prompt_is_shown_escaped() -> None:
    options = msgspec.structs.replace(SAMPLE_GAME, journal="again.jsonl")
    played = play(options, "", io.BytesIO(f"save {HOSTILE}/game.sv\n".encode()))
    assert played.stderr.splitlines()[-1] == (
        f"watan: cannot save to {SHOWN}/game.sv: No such file or directory"
    )
