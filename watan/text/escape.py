"""Showing names that users typed in messages, safely."""

from __future__ import annotations

from typing import TextIO


def printable(text: str) -> str:
    """Return `text` with control characters shown as escapes, for a message on a terminal.

    A file name typed with, say, an escape character must not drive the
    terminal when an error message repeats it.
    """
    return "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in text)


def complain(stream: TextIO, message: str, program: str) -> None:
    """Write one line `PROGRAM: MESSAGE` to `stream` (standard error), names shown safely.

    The program is the one the player ran (`watan`, `constructor`), as every
    command-line tool names itself in its messages.
    """
    stream.write(printable(f"{program}: {message}") + "\n")
