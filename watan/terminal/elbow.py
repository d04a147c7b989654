"""The engine at the elbow of a person playing with computers (issue 24): `suggest`, and the
analysis named when the game ends.

Both speak on standard error, and only in a game that allows computer players
(`--computer`, `--allow-computers`, or a journal that seated one): standard output stays
the spec's.  A suggestion values the position where it is asked as `watan analyze` values
the same step of the journal, so this follows the game to know its step and its turn.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import TextIO

from replay.edges.messages import printable
from watan.editions.model import Edition
from watan.engine.events import AnyEvent, GameStarted
from watan.engine.evolve import apply
from watan.engine.state import Game
from watan.engine.turns import current_turn, turn_number


class Elbow:
    """Follows one game's journal (its step and its turn) and says the engine's move when
    `suggest` is typed."""

    def __init__(
        self,
        header: GameStarted,
        history: Sequence[AnyEvent],
        edition: Edition,
        stdout: TextIO,
        stderr: TextIO,
    ) -> None:
        self._edition, self._stdout, self._stderr = edition, stdout, stderr
        self.step = len(history)
        """How many events the game's journal holds: the step `watan analyze --to` takes."""
        self.turn = current_turn(header, history)

    def heard(self, before: Game, events: Sequence[AnyEvent], after: Game) -> None:
        """Follow one command's events (the table's listener; `after` is their fold)."""
        game = before
        for event in events:
            later = apply(game, event)
            self.turn = turn_number(self.turn, game, event, later)
            game = later
        self.step += len(events)

    def suggest(self, game: Game) -> None:
        """Say the engine's move for the student to move in `game`, and the chances."""
        from watan.tools.analysis import suggesting  # loaded only when asked: start quick

        found = suggesting.suggestion(game, turn=self.turn, step=self.step)
        self._say(suggesting.told(found, game, self._edition))

    def ended(self, program: str, journal: str | None) -> None:
        """Name the command that analyses the game just won, when it kept a journal."""
        if journal is not None:
            self._say(analysis_line(program, journal))

    def _say(self, text: str) -> None:
        self._stdout.flush()  # after the spec's lines it follows, on one terminal
        self._stderr.write("".join(f"{printable(line)}\n" for line in text.splitlines()))
        self._stderr.flush()


def analysis_line(program: str, journal: str) -> str:
    """Return the line that names the command analysing the game kept in `journal`."""
    return f"What mattered in this game: {program} analyze {shlex.quote(journal)}\n"
