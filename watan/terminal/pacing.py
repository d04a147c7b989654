"""Computers at a person's pace: a pause before each computer command, which Enter skips.

Computers decide in a fraction of a millisecond, so three computer turns arrive in one burst
that scrolls the board away.  At a terminal each computer command waits a moment
(`--pace SECONDS`); a person who has read enough presses Enter to go on at once.  Piped
output is never paced (`DEFAULT_PACE` is for terminals only), so a test harness or a
grader sees no delay.
"""

from __future__ import annotations

import select
import time
from typing import BinaryIO

from replay.edges.lines import read_line

DEFAULT_PACE = 0.4
"""Seconds a computer command waits at a terminal unless `--pace` says otherwise: time to
read a line, short enough that three computer turns take a few seconds."""


class Pace:
    """Waits `seconds` before a computer command, or until a line is typed on `stdin`."""

    def __init__(self, seconds: float, stdin: BinaryIO) -> None:
        self.seconds, self._stdin = seconds, stdin
        self.ended = False
        """Whether input ended during a pause: the game reads no more lines then."""

    def __call__(self) -> None:
        """Pause; a line typed meanwhile (Enter) ends the pause and is used up."""
        if self.seconds <= 0 or self.ended:
            return
        try:
            ready, _, _ = select.select([self._stdin], [], [], self.seconds)
        except (OSError, ValueError):  # no descriptor to wait on (a test's bytes, say)
            time.sleep(self.seconds)
            return
        if ready and not read_line(self._stdin):
            self.ended = True
