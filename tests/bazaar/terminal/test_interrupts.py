"""Ctrl-C, `kill` and a reader that goes away end a game saved, without a traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bazaar.definition import BAZAAR
from bazaar.engine.state import saved_game
from bazaar.files.savefile import format_save
from replay.history import load
from tests.conftest import ROOT

ARGS = ["play", "--players", "Ann,Bob", "--size", "4x4", "-seed", "3", "--journal", "j.jsonl"]


def _start(work: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "bazaar", *ARGS],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=work,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def _wait_for_prompt(game: subprocess.Popen[bytes], work: Path) -> None:
    """Wait until the game has begun: its journal holds the header."""
    for _ in range(200):
        if (work / "j.jsonl").exists() and (work / "j.jsonl").read_bytes().endswith(b"\n"):
            return
        time.sleep(0.05)
    raise AssertionError("the game never began")


@pytest.mark.parametrize(("sent", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_saves_the_backup_and_ends_without_a_traceback(
    tmp_path: Path, sent: signal.Signals, status: int
) -> None:
    game = _start(tmp_path)
    assert game.stdin is not None
    game.stdin.write(b"right\n")
    game.stdin.flush()
    _wait_for_prompt(game, tmp_path)
    time.sleep(0.3)
    game.send_signal(sent)
    _, err = game.communicate(timeout=30)
    assert (game.returncode, b"Traceback" in err) == (status, False), err
    assert err.endswith(b"bazaar: stopped; the game is saved in backup.bazaar\n")
    folded = load(BAZAAR, tmp_path / "j.jsonl").state
    assert (tmp_path / "backup.bazaar").read_text() == format_save(saved_game(folded))


def test_a_reader_that_goes_away_ends_the_game_quietly_with_its_backup(tmp_path: Path) -> None:
    reader, writer = os.pipe()
    os.close(reader)
    result = subprocess.run(
        [sys.executable, "-m", "bazaar", *ARGS],
        input=b"right\nyes\n",
        stdout=writer,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        # Buffered, as a user's output is: what the buffer still holds meets the
        # interpreter's last flush at exit, which must say nothing (issue 22).
        env={
            **{name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"},
            "PYTHONPATH": str(ROOT),
        },
        check=False,
    )
    os.close(writer)
    assert (result.returncode, b"Traceback" in result.stderr) == (141, False), result.stderr
    assert (tmp_path / "backup.bazaar").is_file()
