"""A game's one-line messages on standard error, with the names they repeat shown safely.

Any game's program says what went wrong in one line, `PROGRAM: MESSAGE`, and a file
name or a typed word it repeats must never drive the terminal (an escape sequence in
a name would otherwise retitle the window, or worse).
"""

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

    The program is the one the player ran (`watan`, `constructor`, `bazaar`), as every
    command-line tool names itself in its messages.
    """
    stream.write(printable(f"{program}: {message}") + "\n")


def announce(stderr: TextIO, message: str, program: str) -> None:
    """Say on standard error what only a person wants to read (where the journal is).

    Only on a terminal: a piped or captured session writes nothing on standard
    error unless something went wrong, since harnesses compare it too.
    """
    if at_terminal(stderr):
        complain(stderr, message, program)


def at_terminal(stream: TextIO) -> bool:
    """Return whether a person reads `stream` (a closed or odd stream is no terminal)."""
    try:
        return stream.isatty()
    except (OSError, ValueError):
        return False


def torn(program: str) -> str:
    """Return what is said of a journal's incomplete last line, the game's program named."""
    return (
        "the last line is incomplete (cut off mid-write); "
        f"`{program} play --resume` sets it aside and plays on"
    )
