"""Reading the lines a game's players type, with a bound on their length, in constant memory.

A line is read as bytes (any bytes are a line).  One longer than
`LONGEST_INPUT_LINE` is read to its end in pieces of that size, none of
them kept, and stands as one line that answers no question: a 60 MB paste
costs a few kilobytes and one reply, never a gigabyte of words.
"""

from __future__ import annotations

from typing import BinaryIO

LONGEST_INPUT_LINE = 64 * 1024
"""The most bytes of one input line that are read as it is (64 KiB), its newline aside.

The longest answer a game's prompt takes is `save` and a file name, and no system names a
file with more than 4,096 bytes; a longer line is a paste or an attack."""

OVERLONG = b"\0\n"
"""What an over-long line is read as: a line no prompt accepts.  A NUL starts no command
word, number, name or answer, so each prompt gives its own reply to an unrecognised line
(Watan: `Invalid command.`, `Invalid roll.`, the question again, RULINGS 13, 15, 26;
Bazaar: `Incorrect key pressed`, `Please answer yes or no.`)."""


def read_line(stream: BinaryIO) -> bytes:
    """Return the next line with its newline, b"" at end of input, or OVERLONG.

    An over-long line is consumed to its newline (or the end of input) and
    stands as one line.
    """
    line = stream.readline(LONGEST_INPUT_LINE + 1)
    if len(line) <= LONGEST_INPUT_LINE or line.endswith(b"\n"):
        return line
    while True:
        rest = stream.readline(LONGEST_INPUT_LINE)
        if not rest or rest.endswith(b"\n"):
            return OVERLONG
