"""Who sits at each seat: the computer strategies, and the table that plays a game.

`STRATEGIES` names every built-in computer strategy, weakest first; `strategy(name, rng)`
makes one, built in, installed or named by reference (`watan.players.plugins`), and
`seated` makes one for a seat, guarded.  The strategies are imported only when a game needs
one.
"""

from __future__ import annotations

import importlib
import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from watan.engine.state import Colour
    from watan.players.plugins import Guarded
    from watan.players.table import Player

class Built:
    """A built-in strategy: where its class is, and what a newcomer is told of it.

    A plain class: the command line's help reads these before anything else starts (a
    `NamedTuple` class is built at import).
    """

    __slots__ = ("kind", "module", "rating", "words")

    def __init__(self, module: str, kind: str, words: str, rating: str) -> None:
        self.module, self.kind = module, kind
        self.words = words
        """What it does, in a few words."""
        self.rating = rating
        """Its strength on the ladder (`benchmarks/bench_ladder.py`) and its speed."""


STRATEGIES: dict[str, Built] = {
    "random": Built("watan.players.randomly", "RandomPlayer",
                    "a random move, building whenever it can", "rating 967, 0.02 ms a move"),
    "greedy": Built("watan.players.greedy", "GreedyPlayer",
                    "the best immediate move by production", "rating 1500, 0.04 ms a move"),
    "expert": Built("watan.players.expert", "ExpertPlayer",
                    "greedy's turn, each roll tried on the engine", "rating 1666, 0.18 ms a move"),
    "master": Built("watan.players.master", "MasterPlayer",
                    "searches its placements, builds and rolls on the engine",
                    "rating 1903, 0.25 ms a move"),
}
"""Each built-in strategy by name, weakest first."""

DEFAULT_STRATEGY = "master"
"""The strategy a seat is handed to when none is named: the strongest whose games end,
without 7-wars, within its speed (issue 27), since it fills every seat left unnamed, a
table of its own kind included (`master.KIN_ROLL_RIVALRY`; the figures, from
`benchmarks/bench_games.py`, are in docs/decisions.md)."""

THINKING = frozenset({"master"})
"""The strategies a `--think SECONDS` budget applies to."""


class UnknownStrategy(Exception):
    """A strategy name that is neither built in, nor installed, nor a reference that loads."""

    def __init__(self, name: str, why: str | None = None) -> None:
        super().__init__(name)
        self.name, self.why = name, why

    def __str__(self) -> str:
        said = self.why or f"there is no strategy {self.name!r}"
        return f"{said} (strategies: {listing()})"


def listing() -> str:
    """Return every strategy a seat can be given, built-in ones with their rating and speed,
    then installed ones, then how to name one by reference."""
    from watan.players.plugins import installed  # noqa: PLC0415 (when a game needs it)

    named = [f"{name} ({built.rating})" for name, built in STRATEGIES.items()]
    named += [f"{name} (installed)" for name in installed()]
    return ", ".join(named) + "; or package.module:Factory"


def strategy(name: str, rng: random.Random, *, think: float | None = None) -> Player:
    """Return a new player of the strategy called `name`, drawing from `rng`: a built-in one,
    an installed one, or one named by reference (`watan.players.plugins`).

    `think` is the seconds a searching strategy may spend on a move (`THINKING`).  Raises
    UnknownStrategy when there is none such.
    """
    built = STRATEGIES.get(name)
    if built is not None:
        kind = getattr(importlib.import_module(built.module), built.kind)
        made: Player = kind(rng) if think is None or name not in THINKING else kind(rng, think)
        return made
    from watan.players.plugins import NoStrategy, factory  # noqa: PLC0415 (as above)

    try:
        return factory(name)(rng)
    except NoStrategy as missing:
        raise UnknownStrategy(name, str(missing)) from None


def seated(
    name: str, colour: Colour, rng: random.Random, *, think: float | None = None
) -> Guarded:
    """Return the player of strategy `name` for seat `colour` (see `strategy`), guarded so
    that its faults stop the game naming the strategy and the seat."""
    from watan.players.plugins import Guarded  # noqa: PLC0415 (as above)

    return Guarded(name, colour, strategy(name, rng, think=think))


def known(name: str) -> bool:
    """Return whether `name` is a strategy a seat can be given (its module imports)."""
    if name in STRATEGIES:
        return True
    from watan.players.plugins import NoStrategy, factory  # noqa: PLC0415 (as above)

    try:
        factory(name)
    except NoStrategy:
        return False
    return True


def seat_generator(seed: int, game: int, colour: int) -> random.Random:
    """Return the generator a computer in seat `colour` of game `game` draws from.

    Seeded from the session's seed, so the same seed and the same human input
    replay a game with computers exactly; apart from the game's own generator,
    so a computer's thinking never changes the dice (RULINGS 18).
    """
    return random.Random(f"watan-seat:{seed}:{game}:{colour}")
