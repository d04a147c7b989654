"""Ctrl-C and a reader that goes away end the program cleanly, with the game kept."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.conftest import REFERENCE, ROOT, WATAN, at_step, reference
from watan.engine.state import loaded_game, saved_game
from watan.files.savefile import format_save, parse_save

ENV = {
    **{name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"},
    "PYTHONPATH": str(ROOT),
    "WATAN_JOURNALS": "journals",
}
"""The games' journals go to `journals` in the working folder (each test's own), and
standard output is buffered, as a user's is: what is still in the buffer of an output that
failed meets the interpreter's last flush at exit, which must say nothing (issue 22)."""
SETUP = b"8\n16\n24\n31\n40\n44\n47\n27\n"


def test_ctrl_c_saves_the_backup_and_exits_130_without_a_traceback(tmp_path: Path) -> None:
    game = started_after_a_roll(tmp_path)
    game.send_signal(signal.SIGINT)
    _, err = game.communicate(timeout=20)
    assert (game.returncode, err.decode().splitlines()[-1]) == (
        130, "watan: stopped; the game is in its journal (and backup.sv)"
    )
    folded = at_step(tmp_path / "game.jsonl").state
    assert (tmp_path / "backup.sv").read_text() == format_save(saved_game(folded), WATAN)


def test_kill_saves_the_backup_and_exits_143_without_a_traceback(tmp_path: Path) -> None:
    game = started_after_a_roll(tmp_path)
    game.send_signal(signal.SIGTERM)
    _, err = game.communicate(timeout=20)
    assert (game.returncode, err.decode().splitlines()[-1]) == (
        143, "watan: stopped; the game is in its journal (and backup.sv)"
    )
    folded = at_step(tmp_path / "game.jsonl").state
    assert (tmp_path / "backup.sv").read_text() == format_save(saved_game(folded), WATAN)


def started_after_a_roll(tmp_path: Path) -> subprocess.Popen[bytes]:
    """Start a game of the sample save, roll, and wait until the roll is in the journal."""
    game = subprocess.Popen(
        [sys.executable, "-m", "watan", "-load", str(REFERENCE / "sample-save.sv"),
         "--journal", "game.jsonl"],
        cwd=tmp_path, env=ENV, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert game.stdin is not None and game.stdout is not None
    game.stdin.write(b"load\nroll\n8\n")
    game.stdin.flush()
    deadline = time.monotonic() + 20
    journal = tmp_path / "game.jsonl"
    while not journal.exists() or len(journal.read_bytes().splitlines()) < 4:  # header, 3 events
        assert time.monotonic() < deadline, "the roll never reached the journal"
        time.sleep(0.05)
    return game


def test_an_output_that_fails_is_one_line_with_the_game_kept(tmp_path: Path) -> None:
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            [sys.executable, "-m", "watan", "-load", str(REFERENCE / "sample-save.sv"),
             "--journal", "game.jsonl"],
            cwd=tmp_path, env=ENV, input=b"load\nroll\n8\n" + b"board\n" * 200,
            stdout=full, stderr=subprocess.PIPE, check=False,
        )
    assert (result.returncode, result.stderr.decode().splitlines()[-1]) == (
        1, "watan: the terminal failed (No space left on device); the game is in backup.sv"
    )
    # The output failed at the first prompt: nothing was played, so no journal is left,
    # and the line says where the game really is.
    assert not (tmp_path / "game.jsonl").exists()
    loaded = parse_save(reference("sample-save.sv"), "sample-save.sv", WATAN)
    game = loaded_game(loaded.board, loaded.position, WATAN.rules)
    assert (tmp_path / "backup.sv").read_text() == format_save(saved_game(game), WATAN)


def test_a_closed_standard_input_is_one_line(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "watan", "-load", str(REFERENCE / "sample-save.sv")],
        cwd=tmp_path, env=ENV, stdin=subprocess.DEVNULL, capture_output=True, check=False,
        pass_fds=(), close_fds=True, preexec_fn=lambda: os.close(0),
    )
    assert (result.returncode, result.stdout, result.stderr) == (
        2, b"", b"watan: standard input and output must be open to play\n"
    )


def test_a_reader_that_goes_away_ends_the_game_quietly_with_its_backup(tmp_path: Path) -> None:
    (tmp_path / "board.txt").write_text(reference("sample-board.txt"))
    lines = SETUP + b"board\n" * 3000  # far more output than the reader takes
    game = subprocess.Popen(
        [sys.executable, "-m", "watan", "-board", "board.txt", "--journal", "game.jsonl"],
        cwd=tmp_path, env=ENV, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert game.stdin is not None and game.stdout is not None and game.stderr is not None
    game.stdin.write(lines)
    game.stdin.close()
    game.stdout.read(6000)  # setup and a board or so, then the reader leaves
    game.stdout.close()
    err = game.stderr.read().decode()
    assert (game.wait(timeout=20), err) == (141, "")
    folded = at_step(tmp_path / "game.jsonl").state
    assert (tmp_path / "backup.sv").read_text() == format_save(saved_game(folded), WATAN)
