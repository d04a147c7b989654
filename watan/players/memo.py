"""Answers the computer players work out once per position and then look up.

A strategy asks the same questions of a position many times (what each student saves for,
how far each goal leads), and a lookahead asks them of many positions that share most of
their parts.  A `Memo` keeps the answers of one pure function, keyed by the parts of the
position it reads, for one board and one set of rules at a time: a game keeps the same
board and rules objects from start to end (the reducer never rebuilds them), so comparing
them by identity is enough, and a new game starts a fresh memo.  The answers are the ones
the function would give, in the same order, so remembering changes no move.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from watan.engine.state import Colour, Game

Answer = TypeVar("Answer")

MOST_REMEMBERED = 8192
"""Answers kept for one board before they are forgotten all at once: enough for every
position of a lookahead, small enough to stay a few megabytes."""


class Memo(Generic[Answer]):
    """Remembered answers of one function of a position, for the board and rules of the last
    game asked about."""

    def __init__(self) -> None:
        self._held: tuple[object, object, dict[Hashable, Answer]] = (None, None, {})

    def answers(self, game: Game) -> dict[Hashable, Answer]:
        """Return the remembered answers for `game`'s board and rules (empty for a new game).

        The three are read and replaced as one value, so a board never gets another's.
        """
        held = self._held
        board, rules, answers = held
        if board is not game.board or rules is not game.rules or len(answers) > MOST_REMEMBERED:
            held = self._held = (game.board, game.rules, {})
        return held[2]

    def remembered(self, game: Game, key: Hashable, work: Callable[[], Answer]) -> Answer:
        """Return the answer remembered for `key` in `game`'s board and rules, working it out
        with `work` (and remembering it) the first time."""
        answers = self.answers(game)
        found = answers.get(key)
        if found is None:
            found = answers[key] = work()
        return found


def network_key(game: Game, colour: Colour) -> Hashable:
    """Return what a question about `colour`'s network reads: its criteria and goals in the
    order built, and who owns every criterion and goal."""
    student = game.students[colour]
    return (colour, student.criteria, student.goals, game.criterion_owner, game.goal_owner)


def position_key(game: Game, colour: Colour) -> Hashable:
    """Return what a question about `colour`'s builds reads: its network, every criterion's
    level, and where the geese are (its tiles yield nothing)."""
    student = game.students[colour]
    return (
        colour, student.criteria, student.goals, game.criterion_owner, game.goal_owner,
        game.criterion_level, game.geese,
    )
