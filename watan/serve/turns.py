"""Which served game's thread runs: one at a time, a person's command before a computer's.

Every game is played on a thread of its own, but Python runs one thread at a time (the
global interpreter lock) and hands it from thread to thread every few milliseconds in no
order.  When fifty games' computers think at once, the thread that has a person's command
to record, and the event loop that sends its events to the clients, wait among all of
them: that wait is the latency a person sees.  So the games take turns explicitly: a game's
thread runs only while it holds the turn, a thread with a person's command to record is
given the turn before any computer's, and a computer gives way before each decision
(`Turns.give_way`): to the people's commands waiting, then to the loop, until it has sent
what they changed.  Nothing runs slower for it (the threads never ran at once anyway); a
person's command waits for the one decision under way, not for every computer's.
"""

from __future__ import annotations

import threading
from collections.abc import Callable


def _at_once() -> None:
    """Nothing to wait for (a game served without a loop: its tests)."""


class Turns:
    """The turn one game's thread holds at a time; people's commands go first.

    `settle` waits until the server's loop has sent what the games have posted
    (`watan.serve.mail.Postman.settle`).
    """

    def __init__(self, settle: Callable[[], None] = _at_once) -> None:
        self._changed = threading.Condition()
        self._held = False
        self._people = 0
        """Threads waiting for the turn with a person's command to record."""
        self._settle = settle

    @property
    def people_waiting(self) -> int:
        """Return how many threads wait for the turn with a person's command."""
        with self._changed:
            return self._people

    def take(self, *, person: bool) -> None:
        """Wait for the turn and take it: a thread with a person's command (`person`)
        before any without."""
        with self._changed:
            if person:
                self._people += 1
            while self._held or (not person and self._people):
                self._changed.wait()
            if person:
                self._people -= 1
            self._held = True

    def give(self) -> None:
        """Give the turn up (the thread waits for a person's command)."""
        with self._changed:
            self._held = False
            self._changed.notify_all()

    def give_way(self) -> None:
        """Before a computer's decision: let every person's command waiting go first, then
        wait for the loop to send what was posted (the turn is held again on return)."""
        if self.people_waiting:
            self.give()
            self.take(person=False)
        self._settle()
