"""The board: the fourteen kinds of tile, the factory that deals them, and the grid's squares.

A square is a number, `row * columns + column`, both counted from 0 at the top left; a
player sees rows and columns counted from 1 (`bazaar.text`).  A square has at most four
neighbours: up, down, left and right (spec "The board").
"""

from __future__ import annotations

import enum
import random
from typing import NewType

import msgspec

Square = NewType("Square", int)


class Tile(enum.IntEnum):
    """The kinds of tile, in the order RULINGS-bazaar 1 lists them; journals store the number."""

    DESERT = 0
    RESTAURANT = 1
    SPICE_MERCHANT = 2
    FABRIC_MANUFACTURER = 3
    JEWELER = 4
    CART_MANUFACTURER = 5
    SMALL_MARKET = 6
    SPICE_MARKET = 7
    JEWELRY_MARKET = 8
    FABRIC_MARKET = 9
    BLACK_MARKET = 10
    CASINO = 11
    GEM_MERCHANT = 12
    PALACE = 13

    @property
    def title(self) -> str:
        """Return the kind's name as the spec writes it: `Spice merchant`."""
        return self.name.replace("_", " ").capitalize()


KINDS = len(Tile)
"""14: the factory makes floor(n / 14) of each kind but the desert (spec "Building the board")."""


class Direction(enum.Enum):
    """A move, by the word a player types (spec "The main loop")."""

    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"


STEPS = {
    Direction.UP: (-1, 0),
    Direction.DOWN: (1, 0),
    Direction.LEFT: (0, -1),
    Direction.RIGHT: (0, 1),
}
"""How each move changes (row, column): row 0 is the top of the board."""

SMALLEST, LARGEST = 4, 30
"""The fewest and most rows, and columns, a board has (RULINGS-bazaar 2)."""


class Board(msgspec.Struct, frozen=True):
    """The grid's size and its tiles, row by row from the top left."""

    rows: int
    columns: int
    tiles: tuple[Tile, ...]

    def tile(self, square: Square) -> Tile:
        return self.tiles[square]

    def row_column(self, square: Square) -> tuple[int, int]:
        """Return the square's row and column, counted from 0."""
        return divmod(square, self.columns)

    def neighbour(self, square: Square, direction: Direction) -> Square | None:
        """Return the square a move leads to, or None when it would leave the board."""
        row, column = self.row_column(square)
        down, right = STEPS[direction]
        row, column = row + down, column + right
        if 0 <= row < self.rows and 0 <= column < self.columns:
            return Square(row * self.columns + column)
        return None

    def first(self, kind: Tile) -> Square | None:
        """Return the first square of a kind in row order, or None when there is none."""
        return Square(self.tiles.index(kind)) if kind in self.tiles else None


def factory_mix(count: int) -> tuple[Tile, ...]:
    """Return the tiles the factory makes for `count` squares, in kind order (RULINGS-bazaar 1, 2).

    floor(count / 14) of each kind but the desert, deserts for the rest; a board too small
    for any restaurant gets one in place of a desert, so that players have a place to start.
    """
    each = count // KINDS
    made = [kind for kind in Tile if kind is not Tile.DESERT for _ in range(each)]
    if each == 0 and count > 0:
        made.append(Tile.RESTAURANT)
    return tuple(sorted([*made, *[Tile.DESERT] * (count - len(made))]))


def deal(rows: int, columns: int, rng: random.Random) -> Board:
    """Return a new board: the factory's tiles shuffled by the game's generator.

    On a board too small for the factory to make a restaurant, the one restaurant goes in
    the top-left corner (RULINGS-bazaar 2).
    """
    tiles = list(factory_mix(rows * columns))
    rng.shuffle(tiles)
    if rows * columns < KINDS:
        tiles.remove(Tile.RESTAURANT)
        tiles.insert(0, Tile.RESTAURANT)
    return Board(rows=rows, columns=columns, tiles=tuple(tiles))


def board_problem(board: Board) -> str | None:
    """Return what keeps a board from being one the factory deals, or None."""
    if not (SMALLEST <= board.rows <= LARGEST and SMALLEST <= board.columns <= LARGEST):
        return (
            f"a board is {SMALLEST}x{SMALLEST} to {LARGEST}x{LARGEST}, "
            f"not {board.rows}x{board.columns}"
        )
    count = board.rows * board.columns
    if len(board.tiles) != count:
        return f"a {board.rows}x{board.columns} board has {count} tiles, not {len(board.tiles)}"
    if tuple(sorted(board.tiles)) != factory_mix(count):
        each = count // KINDS
        return (
            f"a board of {count} tiles has {each} of each kind but the desert, "
            "and deserts for the rest"
        )
    return None
