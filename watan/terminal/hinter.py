"""When the game hints, and where: standard error, for the person at the keyboard.

Hints are for a person at a terminal (standard input is one) or who asked
for them (`--hints`), never otherwise: a piped session, a test harness or
a grader sees exactly the spec's output and nothing on standard error.
The words are `watan.text.hints`'; this decides when they are said: the
board before the person's first setup question, why a build was refused,
what a silent command did, the builds the person can afford (`--hints`
only), what happened since the person's last turn, and what end of input
kept.  A computer's moves are not hinted one by one: its typing is shown
already; the recap gathers them when the person's turn starts.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from replay.edges.messages import printable
from watan.editions.model import Edition
from watan.engine.events import AnyEvent
from watan.engine.state import COLOURS, HUMAN, Colour, Game, Phase
from watan.text import hints

if TYPE_CHECKING:  # the recap's words are loaded only when one is said
    from watan.text.recap import Happened


class Level(enum.IntEnum):
    """How much the game hints."""

    OFF = 0
    """Nothing beyond the spec: standard input is not a terminal, or `--no-hints`."""
    AT_TERMINAL = 1
    """A person at a terminal: everything but the builds they can afford."""
    ALL = 2
    """`--hints`: everything, the affordable builds too, whatever standard input is."""


class Hinter:
    """Says hints on standard error for one game, after flushing standard output.

    Flushing first keeps each hint after the spec's lines it follows when
    both streams go to one terminal.
    """

    def __init__(self, level: Level, edition: Edition, stdout: TextIO, stderr: TextIO) -> None:
        self.level, self._edition = level, edition
        self._stdout, self._stderr = stdout, stderr
        self._board_shown = False
        self._afforded: str | None = None
        self._since: dict[Colour, list[Happened]] = {}
        """For each person's seat, what happened since their last turn."""

    def say(self, text: str) -> None:
        """Say `text` (whole lines) on standard error, when hinting at all.

        Every line is shown safely (`printable`): a hint repeats names the person typed
        (a save file's, a journal's), and an escape sequence in one must not drive the
        terminal it is said on."""
        if self.level is Level.OFF or not text:
            return
        self._stdout.flush()
        self._stderr.write("\n".join(printable(line) for line in text.split("\n")))
        self._stderr.flush()

    def asked(self, game: Game) -> None:
        """Hint before the person at the keyboard is asked for a command in `game`.

        Before their first setup question, the board (with `--hints`, the odds of its
        values too), and with `--hints` before each one the best places; after the roll,
        with `--hints`, what they can afford (said again only when it changed).
        """
        everything = self.level is Level.ALL
        if game.phase is Phase.SETUP:
            if not self._board_shown:
                self._board_shown = True
                self.say(hints.placing(game, self._edition, with_odds=everything))
            if everything:
                self.say(hints.best_placements(game, self._edition))
        elif game.phase is Phase.BEFORE_ROLL and game.turn in self._since:
            self.say(hints.since(game.turn, self._since.pop(game.turn), self._edition))
        elif game.phase is Phase.AFTER_ROLL and everything:
            afforded = hints.affordable_builds(game, self._edition)
            if afforded != self._afforded:
                self._afforded = afforded
                self.say(afforded)
        else:
            self._afforded = None  # a new roll says it again

    def heard(self, before: Game, events: Sequence[AnyEvent], after: Game) -> None:
        """Confirm a command the spec leaves silent, when the person at the keyboard typed it;
        keep a computer's command's events for the recap of every person's seat (people at
        one terminal see each other's turns as they are played)."""
        if self.level is Level.OFF:
            return
        if hints.typed_by_person(before, events, HUMAN):
            self.say(hints.done(before, events, after, self._edition))
        if before.seats[before.turn] == HUMAN:
            return
        for colour, player in zip(COLOURS, after.seats, strict=True):
            if player == HUMAN and colour != before.turn:
                self._since.setdefault(colour, []).extend((before.turn, e) for e in events)
