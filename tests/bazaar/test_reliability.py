"""Bazaar's edges hold as Watan's do (issue 17): names, save targets, journals, input lines.

Each test runs the real `bazaar` commands (through click, or the game loop with byte
streams) against what a careless user or an attacker hands them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from bazaar.cli import main
from bazaar.tools.simulate import play_game
from replay.writer import write_journal

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
