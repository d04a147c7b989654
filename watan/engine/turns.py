"""A game's turns: which turn each event happened in and whose it was, where each begins.

Setup is turn 0; the first turn after it (or the first of a game begun from a save file)
is turn 1, and each turn that ends begins the next (spec §3.1: a turn ends with `next`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from watan.engine.events import AnyEvent, GameStarted, TurnEnded
from watan.engine.evolve import apply, start
from watan.engine.state import Colour, Game, Phase


def turn_number(number: int, before: Game, event: AnyEvent, after: Game) -> int:
    """Return the number of the turn the game is in after `event`, `number` before it.

    Setup is turn 0; the first turn after it (or the first of a game begun
    from a save file, `first_turn`) is turn 1, and each turn that ends
    begins the next.
    """
    if before.phase is Phase.SETUP and after.phase is not Phase.SETUP:
        return 1
    return number + 1 if isinstance(event, TurnEnded) else number


def first_turn(game: Game) -> int:
    """Return the number of the turn a game begins in: 0 (setup), or 1 after a save file."""
    return 0 if game.phase is Phase.SETUP else 1


def _numbered(
    header: GameStarted, events: Sequence[AnyEvent]
) -> Iterator[tuple[int, Colour, int, Game]]:
    """Yield, for each event, the turn it happened in, whose turn that was, the turn the
    game is in after it, and the game after it."""
    game = start(header)
    number = first_turn(game)
    for event in events:
        after = apply(game, event)
        later = turn_number(number, game, event, after)
        yield number, game.turn, later, after
        number, game = later, after


def turns(header: GameStarted, events: Sequence[AnyEvent]) -> Iterator[tuple[int, Colour]]:
    """Yield, for each event, the number of the turn it happened in and whose turn it was.

    A turn's last event (`TurnEnded`, or the last initial placement) is in
    that turn; the next begins after it.
    """
    return ((number, colour) for number, colour, _, _ in _numbered(header, events))


def current_turn(header: GameStarted, events: Sequence[AnyEvent]) -> int:
    """Return the number of the turn the game is in after `events` (0: setup)."""
    number = first_turn(start(header))
    for _, _, later, _ in _numbered(header, events):
        number = later
    return number


class TurnStart(NamedTuple):
    """Where a turn begins: the step, and the game at that step."""

    step: int
    game: Game


class NoSuchTurn(Exception):
    """A turn the events have not reached, or a number that names no turn; says which."""


def turn_start(header: GameStarted, events: Sequence[AnyEvent], turn: int) -> TurnStart:
    """Return the step at which turn `turn` begins (1 is the first turn after setup), and
    the game there, folding the events only as far as that.

    Raises NoSuchTurn for a turn the events have not reached.
    """
    if turn < 1:
        raise NoSuchTurn(f"there is no turn {turn}: turns count from 1, after setup")
    game = start(header)
    begun = 0
    if first_turn(game) == 1:
        begun = 1
        if turn == 1:
            return TurnStart(0, game)
    for step, (number, _, later, after) in enumerate(_numbered(header, events), start=1):
        if later != number:
            begun += 1
            if begun == turn:
                return TurnStart(step, after)
    last = f"the last is {begun}" if begun else "the game is still in setup"
    raise NoSuchTurn(f"there is no turn {turn}: {last}")
