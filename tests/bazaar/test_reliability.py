"""Bazaar's edges hold as Watan's do (issue 17): names, save targets, journals, input lines.

Each test runs the real `bazaar` commands (through click, or the game loop with byte
streams) against what a careless user or an attacker hands them.
"""

from __future__ import annotations

import io
import tracemalloc
from pathlib import Path
from typing import BinaryIO

import pytest
from click.testing import CliRunner

from bazaar.cli import main
from bazaar.definition import BAZAAR
from bazaar.terminal.console import Options, Streams, play
from bazaar.terminal.session import NAMES_QUESTION
from bazaar.text.wording import INCORRECT_KEY
from bazaar.tools.simulate import play_game
from replay.history import load
from replay.writer import write_journal
from tests.replay.test_lines import Endless

PLAYED = play_game(0, 21, ("greedy", "random"), (4, 4), 60)

HOSTILE = "x\x1b]0;TITLE\x07"
"""A name holding a terminal escape: `ESC ] 0 ; TITLE BEL` sets a terminal's title."""
SHOWN = "x\\x1b]0;TITLE\\x07"


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    write_journal("game.jsonl", PLAYED.header, PLAYED.events)
    write_journal(f"{HOSTILE}.jsonl", PLAYED.header, PLAYED.events)
    Path(f"{HOSTILE}.file").write_text("not a journal\n")


# Names shown safely -------------------------------------------------------------------------

COMMANDS = {
    "rewind's wrote and --resume hint": [
        "rewind", "game.jsonl", "--to", "2", "-o", f"{HOSTILE}-2.jsonl"
    ],
    "rewind beside a journal so named": ["rewind", f"{HOSTILE}.jsonl", "--to", "2"],
    "replay of a missing journal": ["replay", f"{HOSTILE}.missing"],
    "verify of a missing journal": ["verify", f"{HOSTILE}.missing"],
    "export into a missing folder": ["export", "game.jsonl", "-o", f"{HOSTILE}/end.bazaar"],
    "load of a missing file": ["play", "-load", HOSTILE],
    "resume of a missing journal": ["play", "--resume", HOSTILE],
    "simulate's journals folder that is a file": [
        "simulate", "--games", "1", "--journals", f"{HOSTILE}.file"
    ],
}


@pytest.mark.parametrize("args", list(COMMANDS.values()), ids=list(COMMANDS))
def test_every_message_shows_a_name_with_its_control_characters_escaped(args: list[str]) -> None:
    result = CliRunner().invoke(main, args)
    shown = result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert ("\x1b" in shown, "\x07" in shown, SHOWN in shown) == (False, False, True), shown


# Input lines --------------------------------------------------------------------------------


def played(options: Options, stdin: BinaryIO) -> tuple[int, str, str, int]:
    """Play with `stdin`; return the status, standard output and error, and the peak memory
    the game allocated meanwhile."""
    out, err = io.StringIO(), io.StringIO()
    tracemalloc.start()
    try:
        status = play(options, Streams(stdin, out, err))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return status, out.getvalue(), err.getvalue(), peak


@pytest.mark.parametrize("end", [b"\n", b""], ids=["ended", "at the end of input"])
def test_a_huge_line_at_the_move_prompt_is_one_wrong_key_in_constant_memory(end: bytes) -> None:
    """As Watan's (issue 17, point 6): the rest of an over-long line is one unrecognised
    line, read in pieces and never kept."""
    options = Options(seed=3, names=("Ann", "Bob"), size=(4, 4), journal="j.jsonl")
    stdin = io.BufferedReader(Endless(60 * 1024 * 1024, end))
    status, out, _, peak = played(options, stdin)
    question = "Ann, which way (up, down, left or right)? "
    assert out.endswith(f"{question}{INCORRECT_KEY}{question}\n")
    assert out.count(INCORRECT_KEY) == 1
    assert (status, peak < 4 << 20) == (0, True), peak
    assert load(BAZAAR, "j.jsonl").events == ()


def test_a_huge_line_at_a_set_up_question_is_one_bad_answer_and_asked_again() -> None:
    stdin = io.BufferedReader(Endless(60 * 1024 * 1024, b"\n"))
    status, out, _, peak = played(Options(seed=3), stdin)
    assert out.startswith(NAMES_QUESTION)
    assert out.count(NAMES_QUESTION) == 2 and len(out) < 200, out[:300]
    assert (status, peak < 4 << 20) == (0, True), peak
