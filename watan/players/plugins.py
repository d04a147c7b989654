"""Strategies from outside the program: installed ones by name, any one by where it is.

A seat may be given to a strategy that is not built in, in two ways:

- by name, when an installed package declares it in the entry-point group
  `watan.strategies` (`mine = "mypackage.players:Mine"` in its `pyproject.toml`);
- by reference, `package.module:Factory`, for any importable module.

Either way the object found is a factory: called with the seat's own random generator,
it returns a player (`watan.players.table.Player`: `move`, `answer`, `refused`).  Every
computer seat, built-in or not, is played through a `Guarded` player, so that a strategy
that raises, gives a command the rules refuse, or takes past its time limit stops the game
with one line naming the strategy and the seat (`StrategyError`), the game kept as every
stopped game is.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable
from typing import TypeVar, get_args

from watan.engine.commands import AnyCommand, Move, Offer, Trade
from watan.engine.decide import Refusal
from watan.engine.state import Colour, Game, is_strategy_reference
from watan.players.table import Player, StrategyError

GROUP = "watan.strategies"
"""The entry-point group installed packages name their strategies in."""
TIME_LIMIT = 30.0
"""Seconds a strategy may take over one decision before the game is stopped: far beyond
any built-in strategy's longest (`master` at most 2 s), short enough that a strategy that
hangs is noticed."""

T = TypeVar("T")

MOVES = frozenset(get_args(Move))
"""The kinds of move, asked first: `isinstance` of the union of all fifteen takes about a
microsecond, a sixth of a random computer's whole move, and this is asked of every move."""

Factory = Callable[[random.Random], Player]
"""Makes a player for one seat from the seat's own generator."""


class NoStrategy(Exception):
    """A strategy that cannot be found or loaded: the name, and why."""


def installed() -> dict[str, str]:
    """Return the strategies installed packages name (entry points of `GROUP`), each with
    where it is, in name order."""
    from importlib.metadata import entry_points  # its own imports cost a game's start

    return {point.name: point.value for point in sorted(entry_points(group=GROUP))}


def factory(name: str) -> Factory:
    """Return the factory an installed strategy's name or a reference stands for.

    Raises NoStrategy when there is none, or it cannot be imported, or it is no callable.
    """
    if is_strategy_reference(name):
        where = name
    else:
        from importlib.metadata import entry_points  # as in `installed`

        points = [point for point in entry_points(group=GROUP) if point.name == name]
        if not points:
            raise NoStrategy(f"there is no strategy {name!r}")
        where = points[0].value
    module, _, attribute = where.partition(":")
    try:
        found: object = importlib.import_module(module)
        for part in attribute.split("."):
            found = getattr(found, part)
    except Exception as error:  # any fault of a module not ours is the strategy's
        raise NoStrategy(f"the strategy {name!r} cannot be loaded from {where}: {error}") from None
    if not callable(found):
        raise NoStrategy(f"the strategy {name!r} ({where}) is not a class or function")
    made: Factory = found
    return made


class Guarded:
    """A computer's player in one seat, whose faults stop the game with one line naming the
    strategy and the seat: an exception, a command the rules refuse, a decision too long."""

    def __init__(self, name: str, colour: Colour, inner: Player, limit: float = TIME_LIMIT):
        self.name, self.colour, self.inner, self.limit = name, colour, inner, limit

    def _fault(self, what: str) -> StrategyError:
        return StrategyError(f"the {self.name} strategy playing {self.colour.title} {what}")

    def _timed(self, decide: Callable[[Game], T], game: Game, what: str) -> T:
        """Return what `decide` chooses in `game`, unless it fails or takes too long."""
        began = time.perf_counter()
        try:
            decided = decide(game)
        except StrategyError:
            raise
        except Exception as error:  # a strategy's own fault, whatever it is
            raise self._fault(f"failed while choosing {what}: {error!r}") from error
        took = time.perf_counter() - began
        if took > self.limit:
            raise self._fault(f"took {took:.1f} s to choose {what}, past its limit of "
                              f"{self.limit:g} s")
        return decided

    def move(self, game: Game) -> Move:
        move = self._timed(self.inner.move, game, "a move")  # no closure: this is every move
        if type(move) not in MOVES and not isinstance(move, Move):
            raise self._fault(f"gave {move!r}, which is no command")
        if isinstance(move, Trade):  # a trade is offered, and the partner answers it
            raise self._fault(f"gave {move!r}, a trade already answered, not an offer")
        return move

    def answer(self, game: Game, offer: Offer) -> bool:
        return bool(self._timed(lambda now: self.inner.answer(now, offer), game, "an answer"))

    def refused(self, game: Game, command: AnyCommand, refusal: Refusal) -> None:
        """A trade its partner could not pay is no fault (the strategy hears of it); any
        other command refused is one."""
        if isinstance(command, Trade):
            self.inner.refused(game, command, refusal)
            return
        raise self._fault(f"chose {command!r}, which the rules refuse: {refusal.value}")
