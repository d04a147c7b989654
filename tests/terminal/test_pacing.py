"""Computers at a person's pace: a pause that a typed line ends, and end of input kept.

The pauses here are a minute long: a pause that Enter did not end would show as a test
that never finishes, not as a slow one.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from typing import BinaryIO

import pytest

from watan.terminal.pacing import Pace

MINUTE = 60.0


@pytest.fixture
def pipe() -> Iterator[tuple[BinaryIO, BinaryIO]]:
    """Yield the two ends of a pipe, as a keyboard and the person typing on it."""
    read, write = os.pipe()
    with os.fdopen(read, "rb") as keyboard, os.fdopen(write, "wb", buffering=0) as typing:
        yield keyboard, typing


def test_enter_ends_the_pause_and_is_used_up(pipe: tuple[BinaryIO, BinaryIO]) -> None:
    keyboard, typing = pipe
    typing.write(b"\nroll\n")
    pause = Pace(MINUTE, keyboard)
    pause()
    assert (pause.ended, keyboard.readline()) == (False, b"roll\n")


def test_end_of_input_during_a_pause_is_kept_for_the_game(
    pipe: tuple[BinaryIO, BinaryIO],
) -> None:
    keyboard, typing = pipe
    typing.close()
    pause = Pace(MINUTE, keyboard)
    pause()
    assert pause.ended
    pause()  # no more pauses once input has ended
    assert pause.ended


def test_no_pace_never_reads_a_line(pipe: tuple[BinaryIO, BinaryIO]) -> None:
    keyboard, typing = pipe
    typing.write(b"8\n")
    Pace(0, keyboard)()
    assert keyboard.readline() == b"8\n"


def test_a_pace_without_a_keyboard_to_watch_waits_and_reads_nothing() -> None:
    lines = io.BytesIO(b"8\n")
    Pace(0.01, lines)()
    assert lines.read() == b"8\n"
