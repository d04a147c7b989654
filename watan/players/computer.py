"""What every computer strategy shares: its own random generator and how it hears refusals.

A strategy is a `Player` (see `watan.players.table`) that chooses among the
commands the rules allow.  Each has its own generator, seeded from the
game's seed and its seat, so a game with computers is reproduced exactly by
the same seed and the same human input, and a computer's thinking never
changes the dice (spec §6, question 5; issue: strategies reproducible).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar, TypeVar

from watan.engine.commands import AnyCommand, Move, Offer, Trade
from watan.engine.decide import Refusal
from watan.engine.state import Game
from watan.players.table import StrategyError

__all__ = ["Strategy", "mypyc_attr"]

Open = TypeVar("Open")

# The compiled build (README) compiles the built-in strategies with mypyc, which lets no
# class written in Python subclass a compiled one unless the compiled one says so with
# `mypyc_attr(allow_interpreted_subclasses=True)`: `master` subclasses `expert`, and a
# strategy of one's own may subclass any of them.  mypyc reads the decorator as it compiles;
# at run time it does nothing, and a pure install, without mypy beside it, has a stand-in.
try:
    from mypy_extensions import mypyc_attr
except ImportError:

    def mypyc_attr(*_: str, **__: object) -> Callable[[Open], Open]:
        """Return a decorator that leaves a class as it is."""
        return lambda cls: cls



class Strategy:
    """Base of the computer strategies: a name, a generator, and the answers they share."""

    name: ClassVar[str]
    """The strategy's name on the command line and in journals; never change one."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def move(self, game: Game) -> Move:
        """Return the next command for the student whose turn it is."""
        raise NotImplementedError

    def answer(self, game: Game, offer: Offer) -> bool:
        """Return whether to accept `offer`: never a yes that cannot be paid."""
        raise NotImplementedError

    def refused(self, game: Game, command: AnyCommand, refusal: Refusal) -> None:
        """A trade refused because its partner said yes without the resource is no fault.

        Anything else refused is a strategy choosing a move the rules do not
        allow, which must never happen (the property tests check it).
        """
        if isinstance(command, Trade):
            return
        raise StrategyError(f"the {self.name} strategy chose {command!r}, refused: {refusal.value}")
