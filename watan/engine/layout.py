"""Which resource and value sit on which tile: the spec's random layout, or a given one."""

from __future__ import annotations

import random

import msgspec

from watan.engine.dice import HIGHEST_ROLL, LOWEST_ROLL
from watan.engine.resources import Resource
from watan.engine.topology import TILE_COUNT

NETFLIX_VALUE = 7
"""The value written for NETFLIX in files; it has no value of its own (spec §3.7, RULINGS 31)."""


class Tile(msgspec.Struct, frozen=True, array_like=True, gc=False):
    """A tile's resource and the roll that makes it produce."""

    resource: Resource
    value: int


Board = tuple[Tile, ...]
"""The 19 tiles in tile order."""

# Spec §3.5.5: the mix of resources and of values on a random board.
_RESOURCE_MIX = (
    (Resource.CAFFEINE, 4),
    (Resource.LAB, 4),
    (Resource.LECTURE, 4),
    (Resource.STUDY, 3),
    (Resource.TUTORIAL, 3),
    (Resource.NETFLIX, 1),
)
_VALUE_MIX = (2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12)


def tile(resource: Resource, value: int) -> Tile:
    """Return a tile, giving NETFLIX the placeholder value 7 whatever was asked (RULINGS 31)."""
    return Tile(resource, NETFLIX_VALUE if resource is Resource.NETFLIX else value)


def random_board(rng: random.Random) -> Board:
    """Return a board drawn from `rng` with spec §3.5.5's resources and values.

    The resources are shuffled over the 19 tiles, then the 18 values over the
    tiles that are not NETFLIX, in tile order.
    """
    resources = [r for r, count in _RESOURCE_MIX for _ in range(count)]
    values = list(_VALUE_MIX)
    rng.shuffle(resources)
    rng.shuffle(values)
    remaining = iter(values)
    return tuple(
        tile(r, NETFLIX_VALUE if r is Resource.NETFLIX else next(remaining)) for r in resources
    )


def is_board(board: Board) -> bool:
    """Return whether `board` has the right number of tiles with legal values (spec §5)."""
    return len(board) == TILE_COUNT and all(
        t.resource is Resource.NETFLIX or LOWEST_ROLL <= t.value <= HIGHEST_ROLL for t in board
    )
