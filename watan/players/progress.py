"""Whether a game of computers alone can still end: nobody able to win, or nobody building.

The spec has no draw, so a table with a person at it plays on for as long as they like.
A table of computers alone has nobody to stop it, so it is stopped, and counted as won by
nobody, when one of these is true of the position:

- nobody can win any more (`watan.engine.reach`): a resource is gone for good;
- nobody has made progress for `STALLED_ROUNDS` whole rounds: no goal achieved, no
  criterion completed or improved, no card bought or played.  Every student holds what
  they hold and the dice bring nothing that lets anyone build (every hand full of what
  nobody can use, or the geese holding back what is needed, with no trade that helps),
  and computers, who play the same way from the same position, will not change that.

And, whatever else, after `TURN_CAP` turns: far more than any game that can end lasts.
"""

from __future__ import annotations

from watan.engine.reach import nobody_can_win
from watan.engine.state import COLOURS, Game

TURN_CAP = 1000
"""Turns after which a game of computers alone is stopped whatever the position: the
simulator's default `--turn-cap` and the terminal's limit for a game nobody types in."""
STALLED_ROUNDS = 25
"""Whole rounds without anyone building after which a game of computers alone is stopped:
in a game that is going somewhere someone builds every round or two."""


def progress(game: Game) -> tuple[object, ...]:
    """Return what changes when anyone builds: the cards left to buy, who holds each goal,
    each criterion's level, and each student's cards held and vp cards played.

    A build never undoes another, so this changes exactly when a student's goals, course
    criteria (their criteria's levels and vp cards played) or cards do.  It is asked at the
    end of every turn, so it is made of what the state already holds: the owners and levels
    are tuples the reducer replaces only when a build changes them, and comparing a tuple
    with itself is quick.
    """
    blue, red, orange, yellow = game.students
    return (
        len(game.deck), game.goal_owner, game.criterion_level,
        blue.cards, red.cards, orange.cards, yellow.cards,
        blue.played_points, red.played_points, orange.played_points, yellow.played_points,
    )


class Progress:
    """Watches a game of computers alone, turn by turn, for a position that cannot end."""

    def __init__(self) -> None:
        self.turns = 0
        self._last: tuple[object, ...] = ()
        self._since = 0
        self.stalled = False
        """Whether the game was stopped because nobody built for `STALLED_ROUNDS` rounds."""

    def stuck(self, game: Game) -> bool:
        """Return, at the end of a turn, whether the game can never end: nobody can win, or
        nobody has built for `STALLED_ROUNDS` rounds."""
        self.turns += 1
        now = progress(game)
        if now != self._last:
            self._last, self._since = now, 0
        else:
            self._since += 1
        self.stalled = self._since >= STALLED_ROUNDS * len(COLOURS)
        return self.stalled or nobody_can_win(game)
