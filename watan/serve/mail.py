"""How the games' threads hand messages to the event loop that sends them, and wait for it.

A game's thread appends an entry to its log and every client of the game must be sent it;
the clients' connections live in the server's one event loop.  Waking the loop costs a
system call, so the messages posted between two of its wake-ups go over together
(`Postman.post`), however many clients and entries they are.  And since a thread that
thinks for a computer holds Python's interpreter against the loop, a computer waits before
each decision until the loop has sent what was posted before it (`Postman.settle`): what a
person's move changed reaches every client before the computers think about it.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable

SETTLE_SECONDS = 0.25
"""The longest a computer waits for the loop before it decides all the same (a loop that
busy is not held up further by waiting, only the computer is)."""


class Postman:
    """Carries messages from any thread to the connections of one event loop."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._bag: list[tuple[Callable[[str], None], str]] = []
        self._loop: asyncio.AbstractEventLoop | None = None

    def serve(self, loop: asyncio.AbstractEventLoop) -> None:
        """Deliver in `loop` (the server's, known once its first client connects)."""
        self._loop = loop

    def post(self, put: Callable[[str], None], text: str) -> None:
        """Have the loop call `put(text)` (a connection's queue), in the order posted; the
        loop is woken once for all that is posted before it runs.  Nothing is posted
        before the loop is known (no connection yet) or once it has closed."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return  # the server has stopped: its connections are gone
        with self._lock:
            wake = not self._bag
            self._bag.append((put, text))
        if wake:
            with contextlib.suppress(RuntimeError):  # closed since: nothing is sent any more
                loop.call_soon_threadsafe(self._deliver)

    def _deliver(self) -> None:
        with self._lock:
            bag, self._bag = self._bag, []
        for put, text in bag:
            put(text)

    def settle(self) -> None:
        """Wait (at most SETTLE_SECONDS) until the loop has run what was posted so far,
        and the sends it set going; return at once from the loop's own thread or when
        there is no loop yet."""
        loop = self._loop
        if loop is None or not loop.is_running():
            return
        try:
            if asyncio.get_running_loop() is loop:
                return
        except RuntimeError:  # no loop runs in this thread: a game's thread
            pass
        settled = threading.Event()
        # Twice round the loop: the sends a delivery wakes run after it, in the next round.
        loop.call_soon_threadsafe(loop.call_soon, settled.set)
        settled.wait(SETTLE_SECONDS)
