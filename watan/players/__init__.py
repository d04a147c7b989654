"""Who sits at each seat: the computer strategies, and the table that plays a game.

`STRATEGIES` names every computer strategy, weakest first; `strategy(name,
rng)` makes one.  The strategies are imported only when a game needs one.
"""

from __future__ import annotations

import importlib
import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from watan.players.computer import Strategy

STRATEGIES: dict[str, tuple[str, str, str]] = {
    "random": ("watan.players.randomly", "RandomPlayer", "any legal move, a kind of move first"),
    "greedy": ("watan.players.greedy", "GreedyPlayer", "the best immediate move by production"),
    "expert": ("watan.players.expert", "ExpertPlayer", "looks ahead with the engine itself"),
}
"""Each strategy's name, where its class is, and what it does in a few words."""

DEFAULT_STRATEGY = "expert"
"""The strategy a seat is handed to when none is named: the strongest."""


class UnknownStrategy(Exception):
    """A strategy name that `STRATEGIES` does not list."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"there is no strategy {self.name!r} (strategies: {', '.join(STRATEGIES)})"


def strategy(name: str, rng: random.Random) -> Strategy:
    """Return a new player of the strategy called `name`, drawing from `rng`."""
    if name not in STRATEGIES:
        raise UnknownStrategy(name)
    module, kind, _ = STRATEGIES[name]
    made: Strategy = getattr(importlib.import_module(module), kind)(rng)
    return made


def seat_generator(seed: int, game: int, colour: int) -> random.Random:
    """Return the generator a computer in seat `colour` of game `game` draws from.

    Seeded from the session's seed, so the same seed and the same human input
    replay a game with computers exactly; apart from the game's own generator,
    so a computer's thinking never changes the dice (RULINGS 18).
    """
    return random.Random(f"watan-seat:{seed}:{game}:{colour}")
