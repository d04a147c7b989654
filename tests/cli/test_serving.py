"""`watan serve` and `watan play --join`: what each refuses before it serves or joins."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.test_tools import one_line_error, outcome, run


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--new", "--resume", "j.jsonl"],
            "--new makes a game and --resume takes one up: give one of them",
        ),
        (
            ["--resume", "j.jsonl", "--computer", "Red"],
            "--resume serves a journal as it stands; the options of a new game need --new",
        ),
        (["--new", "-load", "a.sv", "-board", "b.txt"], "-load and -board cannot be used together"),
        (
            ["--new", "--computer", "Mauve"],
            "--computer Mauve: there is no student 'Mauve' (colours: Blue, Red, Orange, Yellow)",
        ),
    ],
    ids=["new-and-resume", "resume-with-options", "load-and-board", "no-such-colour"],
)
def test_serve_refuses_options_that_make_no_game(args: list[str], message: str) -> None:
    assert outcome(run("serve", *args)) == one_line_error(message)


def test_serve_refuses_a_journal_that_is_not_there(tmp_path: Path) -> None:
    missing = tmp_path / "gone.jsonl"
    code, stdout, stderr = outcome(run("serve", "--resume", str(missing)))
    assert (code, stdout) == (2, "")
    assert stderr.startswith(f"watan: {missing}: ")


def join(*args: str, cwd: Path) -> tuple[int, str, str]:
    """Run `watan play --join ...` as the fast path reads it; return status and output."""
    done = subprocess.run(
        [sys.executable, "-m", "watan", "play", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr


def test_join_takes_no_option_that_chooses_the_game(tmp_path: Path) -> None:
    assert join("--join", "http://h/games/x", "-seed", "3", cwd=tmp_path) == one_line_error(
        "--join plays a seat of a served game: its server chose the game; give only "
        "--join LINK (and --hints, --no-hints or --pace)"
    )


def test_join_refuses_an_address_that_is_no_link(tmp_path: Path) -> None:
    assert join("--join", "ftp://x", cwd=tmp_path) == one_line_error(
        "'ftp://x' is no link of a served game (http://HOST:PORT/games/NAME)"
    )


def test_join_says_when_its_server_cannot_be_reached(tmp_path: Path) -> None:
    code, stdout, stderr = join("--join", "http://127.0.0.1:9/games/x#t", cwd=tmp_path)
    assert (code, stdout) == (2, "")
    assert stderr.startswith("watan: cannot reach ws://127.0.0.1:9/games/x/socket: ")
    assert stderr.count("\n") == 1
