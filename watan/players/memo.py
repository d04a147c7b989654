"""Answers the computer players work out once per position and then look up.

A strategy asks the same questions of a position many times (what each student saves for,
how far each goal leads), and a lookahead asks them of many positions that share most of
their parts.  A `Memo` keeps the answers of one pure function, keyed by the parts of the
position it reads, for one board and one set of rules at a time: a game keeps the same
board and rules objects from start to end (the reducer never rebuilds them), so comparing
them by identity is enough, and a new game starts a fresh memo.  The answers are the ones
the function would give, in the same order, so remembering changes no move.

A strategy also asks one question of the very same position many times over (a greedy
turn asks what each student saves for as it weighs each offer): `Memo.of_game` keeps those
answers for the last position asked about, found by its identity and a small number, so
that the position's parts are not hashed again (hashing a key that holds the 54 criteria's
and 72 goals' owners was the costliest part of a look-up).
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
        self._game: tuple[object, dict[int, Answer]] = (None, {})

    def of_game(self, game: Game) -> dict[int, Answer]:
        """Return the answers remembered for this very position (`game` itself, not an equal
        one), keyed by a small number the caller makes of the question's other arguments;
        empty for another position.

        A state is never changed once made, so an answer found for it stays right; only the
        last position's are kept, read and replaced as one value.
        """
        held = self._game
        if held[0] is not game:
            held = self._game = (game, {})
        return held[1]

    def answers(self, game: Game) -> dict[Hashable, Answer]:
        """Return the remembered answers for `game`'s board and rules (empty for a new game).

        The three are read and replaced as one value, so a board never gets another's.
        """
        held = self._held
        board, rules, answers = held
        if board is not game.board or rules is not game.rules or len(answers) > MOST_REMEMBERED:
            held = self._held = (game.board, game.rules, {})
        return held[2]

    def about(
        self,
        game: Game,
        colour: Colour,
        key: Callable[[Game, Colour], Hashable],
        work: Callable[[Game, Colour], Answer],
    ) -> Answer:
        """Return the answer about `colour` in `game`: the one found for this very position,
        else the one remembered for its `key` in `game`'s board and rules, else worked out
        with `work` (and remembered for both)."""
        here = self.of_game(game)
        found = here.get(colour)
        if found is None:
            answers = self.answers(game)
            asked = key(game, colour)
            found = answers.get(asked)
            if found is None:
                found = answers[asked] = work(game, colour)
            here[colour] = found
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
