"""Showing names that users typed in messages, safely."""

from __future__ import annotations


def printable(text: str) -> str:
    """Return `text` with control characters shown as escapes, for a message on a terminal.

    A file name typed with, say, an escape character must not drive the
    terminal when an error message repeats it.
    """
    return "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in text)
