"""Reading input lines with a bound on their length, in constant memory (any game's)."""

from __future__ import annotations

import io
import tracemalloc

import pytest

from replay.edges.lines import LONGEST_INPUT_LINE, OVERLONG, read_line


def lines_of(data: bytes) -> list[bytes]:
    """Return every line `read_line` gives for `data`, up to end of input."""
    stream, read = io.BytesIO(data), []
    while line := read_line(stream):
        read.append(line)
    return read


def test_lines_are_read_whole_with_their_newline_and_the_last_without_one() -> None:
    assert lines_of(b"roll\nnext\r\n\nsave a b") == [b"roll\n", b"next\r\n", b"\n", b"save a b"]


def test_a_line_as_long_as_the_limit_is_read_whole() -> None:
    longest = b"x" * LONGEST_INPUT_LINE + b"\n"
    assert lines_of(longest + b"roll\n") == [longest, b"roll\n"]


@pytest.mark.parametrize("end", [b"\n", b""], ids=["ended", "at the end of input"])
def test_a_line_past_the_limit_is_one_unrecognised_line_and_the_next_is_read(end: bytes) -> None:
    over = b"roll " * LONGEST_INPUT_LINE + end
    assert lines_of(over + b"next\n") == [OVERLONG, b"next\n"] if end else [OVERLONG]
    assert lines_of(b"x" * (LONGEST_INPUT_LINE + 1) + end) == [OVERLONG]


class Endless(io.RawIOBase):
    """`size` bytes of short words, the last a newline unless `end` is b"" (input that ends
    mid-line), made as they are read and never kept."""

    def __init__(self, size: int, end: bytes = b"\n") -> None:
        self.left = size
        self.end = end

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if self.left <= 0:
            return 0
        count = min(len(buffer), self.left)
        buffer[:count] = (b"a " * (count // 2 + 1))[:count]
        self.left -= count
        if self.left == 0 and self.end:
            buffer[count - 1 : count] = self.end
        return count


def test_a_sixty_megabyte_line_is_read_in_constant_memory() -> None:
    stream = io.BufferedReader(Endless(60 * 1024 * 1024))
    tracemalloc.start()
    try:
        line = read_line(stream)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert (line, stream.read()) == (OVERLONG, b"")
    assert peak < 1 << 20  # a few pieces of the line at a time, never the 60 MB
