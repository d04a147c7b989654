"""Reading a game's small files at its edge (boards, saves): bounded, every failure one line.

A file that cannot be read, or is not what was asked for, is a `BadFile` naming it (and
the line, when one is to blame) and the problem, which a program prints as one line,
never as a traceback.  A file is read only up to a bound far beyond any real one, so
that a device that never ends (`/dev/zero`) or a huge file costs no more than that.
"""

from __future__ import annotations

import os
import stat
import sys
from typing import BinaryIO

STANDARD_STREAM = "-"
"""A file argument that means standard input (or output), as for most command-line tools."""

STANDARD_INPUT = "standard input"
"""How messages name a file read from standard input."""


def journal_source(argument: str) -> tuple[str, BinaryIO | None]:
    """Return a journal argument's name for messages, and the stream to read it from when
    it is `-` (standard input, read line by line under the reader's limits as a file is,
    so that `/dev/zero` piped in is refused after a mebibyte, not read to the end)."""
    if argument == STANDARD_STREAM:
        return STANDARD_INPUT, sys.stdin.buffer
    return argument, None


class BadFile(Exception):
    """A file that cannot be read, with where and why, on one line."""

    def __init__(self, name: str, problem: str, line: int | None = None) -> None:
        self.name, self.problem, self.line = name, problem, line
        where = f"{name}: line {line}" if line is not None else name
        super().__init__(f"{where}: {problem}")


def read_text(path: str, most: int, what: str, data: bytes | None = None) -> str:
    """Return the text of the file at `path`, or raise BadFile saying why it cannot be read.

    More than `most` bytes is far too large to be `what` (`a save file`, say): only that
    many and one more are ever read.  With `data`, the file is those bytes (standard
    input's, say), and `path` names it in errors.
    """
    if data is None:
        data = _read_bytes(path, most)
    if len(data) > most:
        raise BadFile(path, f"is far too large to be {what}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadFile(path, "is not a text file") from None


def read_unasked(path: str, most: int) -> bytes:
    """Return the first `most` bytes and one more of a file the program opens without being
    told to (a default board file), or raise BadFile: it is opened without waiting and read
    only when it is a regular file, so that a named pipe left there never blocks the game."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise BadFile(path, "no such file") from None
    except OSError as error:
        raise BadFile(path, f"cannot read it ({error.strerror or error})") from None
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise BadFile(path, "is not a regular file (a named pipe, a device or a folder)")
        os.set_blocking(fd, True)
        return file.read(most + 1)


def _read_bytes(path: str, most: int) -> bytes:
    try:
        with open(path, "rb") as file:
            return file.read(most + 1)
    except FileNotFoundError:
        raise BadFile(path, "no such file") from None
    except IsADirectoryError:
        raise BadFile(path, "is a folder, not a file") from None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        reason = error.strerror if isinstance(error, OSError) else None
        raise BadFile(path, f"cannot read it ({reason or error})") from None
