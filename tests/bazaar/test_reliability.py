"""Bazaar's edges hold as Watan's do (issue 17): names, save targets, journals, input lines.

Each test runs the real `bazaar` commands (through click, or the game loop with byte
streams) against what a careless user or an attacker hands them.
"""

from __future__ import annotations

import io
import os
import stat
import subprocess
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

import msgspec
import pytest
from click.testing import CliRunner

from bazaar.cli import main
from bazaar.definition import BAZAAR
from bazaar.engine.events import AnyEvent, GameStarted
from bazaar.engine.state import saved_game
from bazaar.files.savefile import format_save
from bazaar.terminal.console import BACKUP, Options, Streams, play
from bazaar.terminal.session import NAMES_QUESTION
from bazaar.text.wording import INCORRECT_KEY
from bazaar.tools.simulate import play_game
from replay.history import load
from replay.writer import JournalWriter, write_journal
from tests.conftest import ROOT
from tests.replay.edges.test_lines import Endless

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
    assert not Path("j.jsonl").exists()  # nothing was recorded: the new journal is gone


def test_a_huge_line_at_a_set_up_question_is_one_bad_answer_and_asked_again() -> None:
    stdin = io.BufferedReader(Endless(60 * 1024 * 1024, b"\n"))
    status, out, _, peak = played(Options(seed=3), stdin)
    assert out.startswith(NAMES_QUESTION)
    assert out.count(NAMES_QUESTION) == 2 and len(out) < 200, out[:300]
    assert (status, peak < 4 << 20) == (0, True), peak


# Saves never destroy the game's journal, never wait on a pipe --------------------------------

START = Options(seed=1, names=("Ann", "Bob"), size=(4, 4), journal="j.jsonl")
"""A game whose first player can move right, then answer the action there."""


def typed(lines: str, options: Options = START) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = play(options, Streams(io.BytesIO(lines.encode()), out, err))
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    "name",
    ["j.jsonl", "./j.jsonl", "soft.jsonl", "hard.jsonl"],
    ids=["its name", "another spelling", "a symbolic link", "a hard link"],
)
def test_saving_onto_the_games_own_journal_is_refused_and_the_game_goes_on(name: str) -> None:
    """Issue 17, point 1, for Bazaar: the save replaced the journal with a save file, and
    every command after it was lost from disk."""

    class Linking(io.BytesIO):
        """Input that links to the journal, once the game has made it, before a line is read."""

        def readline(self, size: int | None = -1) -> bytes:
            if not Path("soft.jsonl").exists():
                Path("soft.jsonl").symlink_to("j.jsonl")
                os.link("j.jsonl", "hard.jsonl")
            return super().readline(size)

    out, err = io.StringIO(), io.StringIO()
    stdin = Linking(f"right\nsave {name}\nno\n".encode())
    status = play(START, Streams(stdin, out, err))
    assert err.getvalue().splitlines()[0] == (
        f"bazaar: cannot save to {name}: it is this game's journal; choose another name"
    )
    assert status == 0
    kept = load(BAZAAR, "j.jsonl")
    assert [type(e).__name__ for e in kept.events] == [
        "PlayerMoved", "ActionDeclined", "TurnEnded"
    ]
    assert Path("backup.bazaar").read_text() == format_save(saved_game(kept.state))


def test_a_backup_that_would_replace_the_games_journal_is_refused() -> None:
    options = msgspec.structs.replace(START, journal=BACKUP)
    status, _, err = typed("right\nno\n", options)
    assert (status, err) == (
        0,
        f"bazaar: cannot save to {BACKUP}: it is this game's journal; choose another name\n",
    )
    assert len(load(BAZAAR, BACKUP).events) == 3


def run_bazaar(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """Run the installed program as a user would; a save that waits fails the test."""
    return subprocess.run(
        [sys.executable, "-m", "bazaar", *args],
        input=stdin,
        capture_output=True,
        timeout=20,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )


def test_save_to_a_named_pipe_is_refused_at_once_and_the_game_goes_on() -> None:
    """A named pipe nobody reads blocked the game for ever (issue 17, point 7)."""
    os.mkfifo("fifo")
    played = run_bazaar(
        "play", "--players", "Ann,Bob", "--size", "4x4", "-seed", "1", "--journal", "j.jsonl",
        stdin=b"save fifo\nright\nno\n",
    )
    assert (played.returncode, played.stderr.decode()) == (
        0,
        "bazaar: cannot save to fifo: it is a named pipe, not a file\n"
        "bazaar: input ended; the game is saved in backup.bazaar\n",
    )
    assert len(load(BAZAAR, "j.jsonl").events) == 3
    assert stat.S_ISFIFO(os.lstat("fifo").st_mode)


def kept(name: str) -> tuple[int, int, int, int]:
    """Return what changes when a file is replaced or written: its inode, kind, size, time."""
    status = os.lstat(name)
    return status.st_ino, status.st_mode, status.st_size, status.st_mtime_ns


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (os.mkfifo, "it is a named pipe, not a file"),
        (
            lambda name: write_journal(name, PLAYED.header, ()),
            "it is a game's journal; choose another name",
        ),
        (lambda name: Path(name).symlink_to(name), "it is a loop of symbolic links"),
    ],
    ids=["a named pipe", "a journal", "a loop of links"],
)
def test_export_to_what_must_not_be_replaced_is_one_line_at_once(
    make: Callable[[str], object], problem: str
) -> None:
    make("target")
    before = kept("target")
    exported = run_bazaar("export", "game.jsonl", "-o", "target", "--force")
    assert (exported.returncode, exported.stdout, exported.stderr.decode()) == (
        2, b"", f"bazaar: target: cannot write it ({problem})\n"
    )
    assert kept("target") == before


# A game never played without its journal by accident -----------------------------------------

NEW_GAME = ("play", "--players", "Ann,Bob", "--size", "4x4", "-seed", "1")


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (
            lambda name: Path(name).write_text("my notes\n"),
            "already exists and is not a journal; give --journal another name",
        ),
        (
            lambda name: write_journal(name, PLAYED.header, PLAYED.events),
            "already exists; a journal is never replaced: play it on with "
            "`bazaar play --resume taken`, or give --journal another name",
        ),
        (os.mkfifo, "already exists and is not a journal; give --journal another name"),
    ],
    ids=["a file", "a journal", "a named pipe"],
)
def test_a_journal_option_naming_a_file_that_is_there_refuses_to_start(
    make: Callable[[str], object], said: str
) -> None:
    """Issue 17, point 3, for Bazaar: the whole game was played with no journal after one
    line on standard error."""
    make("taken")
    before = kept("taken")
    played = run_bazaar(*NEW_GAME, "--journal", "taken", stdin=b"right\nno\n")
    assert (played.returncode, played.stdout, played.stderr.decode()) == (
        2, b"", f"bazaar: taken: {said}\n"
    )
    assert kept("taken") == before
    assert not Path(BACKUP).exists()


# Two processes never share a journal -----------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [["rewind", "game.jsonl", "--to", "2", "--in-place"], ["play", "--resume", "game.jsonl"]],
    ids=["rewind --in-place", "play --resume"],
)
def test_a_journal_being_played_is_neither_rewound_nor_resumed(args: list[str]) -> None:
    before = Path("game.jsonl").read_bytes()
    with JournalWriter[GameStarted, AnyEvent].open_existing("game.jsonl"):
        result = CliRunner().invoke(main, args)
    assert (result.exit_code, result.output) == (
        2, "bazaar: game.jsonl: is in use by another process\n"
    )
    assert Path("game.jsonl").read_bytes() == before


# Hostile journals --------------------------------------------------------------------------------


def hostile_journal(kind: str) -> bytes:
    """Return the recorded game's journal with one line made hostile: the header for the
    first kinds, the fourth line for the others."""
    lines = [msgspec.json.encode(line) for line in (PLAYED.header, *PLAYED.events)]
    header, name = lines[0], msgspec.json.encode(PLAYED.header.names[0])
    if kind == "nested header":
        lines[0] = header[:-1] + b',"x":' + b"[" * 1000 + b"]" * 1000 + b"}"
    elif kind == "header not UTF-8":
        lines[0] = header.replace(name, name[:2] + b"\xff" + name[2:])
    elif kind == "nested event":
        lines[3] = b"[" * 100_000
    elif kind == "event not UTF-8":
        lines[3] = b'{"type":"\xff\xfe"}'
    elif kind == "huge line":
        lines[3] = b'{"type":"' + b"a" * (1 << 21) + b'"}'
    return b"\n".join(lines) + b"\n"


HOSTILE_KINDS = [
    "nested header", "header not UTF-8", "nested event", "event not UTF-8", "huge line"
]


@pytest.mark.parametrize("kind", HOSTILE_KINDS)
@pytest.mark.parametrize(
    "args",
    [
        ["replay", "bad.jsonl"],
        ["verify", "bad.jsonl"],
        ["export", "bad.jsonl"],
        ["rewind", "bad.jsonl", "--to", "6", "-o", "out.jsonl"],
        ["rewind", "bad.jsonl", "--to", "6", "--in-place"],
        ["play", "--resume", "bad.jsonl"],
    ],
    ids=["replay", "verify", "export", "rewind -o", "rewind --in-place", "play --resume"],
)
def test_a_hostile_journal_is_one_line_naming_file_and_line(kind: str, args: list[str]) -> None:
    """Issue 17, point 4, for Bazaar: nesting, bytes that are not UTF-8 and huge lines are
    refused with the file and the line, status 2 (`verify`: its verdict, status 1), and the
    file is left as it was."""
    data = hostile_journal(kind)
    Path("bad.jsonl").write_bytes(data)
    result = CliRunner().invoke(main, args)
    line = 1 if "header" in kind else 4
    verdict = args[0] == "verify"
    said = result.stdout if verdict else result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code == (1 if verdict else 2)
    assert said.startswith(f"{'' if verdict else 'bazaar: '}bad.jsonl: line {line}: "), said
    assert result.output.count("\n") == 1, result.output
    assert Path("bad.jsonl").read_bytes() == data
    assert not Path("out.jsonl").exists()
