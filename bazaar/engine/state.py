"""The frozen game state and the questions the rules ask of it.

Goods are spice, fabric and jewels, kept as three counts in that order (`Goods`); rubies
are counted apart, though a ruby takes room in the cart like any good (spec "Players",
RULINGS-bazaar 5).  Players are numbered from 0 in the order their names were entered,
which is the turn order (RULINGS-bazaar 8).
"""

from __future__ import annotations

import enum

import msgspec

from bazaar.engine.tiles import Board, Square, Tile

Goods = tuple[int, int, int]
"""Spice, fabric and jewels, in the spec's order."""


class Good(enum.IntEnum):
    """A kind of goods, by its place in `Goods`."""

    SPICE = 0
    FABRIC = 1
    JEWELS = 2


GOODS = tuple(Good)
NO_GOODS: Goods = (0, 0, 0)

START_GOLD = 5
START_GOODS: Goods = (1, 1, 1)
FULL_FOOD = 10
START_CART = 9
"""A player's start (spec "Players"): 5 gold, no rubies, one of each good, 10 food, a cart of 9."""

RUBIES_TO_WIN = 5
FEE = 1
"""What a player who acts pays each other player on the square (spec "Players")."""
NOBODY = -1


def add(a: Goods, b: Goods) -> Goods:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def subtract(a: Goods, b: Goods) -> Goods:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def one(good: Good, amount: int = 1) -> Goods:
    """Return `amount` of one good and none of the others."""
    counts = [0, 0, 0]
    counts[good] = amount
    return (counts[0], counts[1], counts[2])


class Phase(enum.Enum):
    """Where a player's move stands."""

    MOVE = "move"
    """The player whose turn it is chooses where to go."""
    ACTION = "action"
    """The player has moved onto a tile with an action and has food: yes or no."""
    OVER = "over"
    """A player holds 5 rubies (RULINGS-bazaar 8)."""


class Merchant(msgspec.Struct, frozen=True, kw_only=True):
    """One player: where they stand and what they carry (spec "Players")."""

    name: str
    square: Square
    gold: int = START_GOLD
    rubies: int = 0
    goods: Goods = START_GOODS
    food: int = FULL_FOOD
    cart: int = START_CART
    """The most goods and rubies together the cart holds."""
    gems: int = 0
    """Rubies bought from a gem merchant, which set its price (RULINGS-bazaar 7)."""

    @property
    def load(self) -> int:
        """Return how much of the cart is taken: goods and rubies (RULINGS-bazaar 5)."""
        return sum(self.goods) + self.rubies

    @property
    def room(self) -> int:
        return self.cart - self.load


class Position(msgspec.Struct, frozen=True, kw_only=True):
    """Where a game stands, apart from its board: what a save file holds besides the board."""

    turn: int
    phase: Phase
    merchants: tuple[Merchant, ...]


class SavedGame(msgspec.Struct, frozen=True):
    """A whole saved game: the board and the position (spec "Pause and resume")."""

    board: Board
    position: Position


class Game(msgspec.Struct, frozen=True, kw_only=True):
    """The whole state of a game: the board, the players, whose turn and where it stands."""

    board: Board
    merchants: tuple[Merchant, ...]
    turn: int = 0
    phase: Phase = Phase.MOVE
    winner: int = NOBODY

    @property
    def mover(self) -> Merchant:
        """Return the player whose turn it is."""
        return self.merchants[self.turn]

    @property
    def tile(self) -> Tile:
        """Return the tile under the player whose turn it is."""
        return self.board.tiles[self.mover.square]

    def others_here(self, player: int) -> tuple[int, ...]:
        """Return the other players on the player's square, in turn order (spec "Players")."""
        square = self.merchants[player].square
        return tuple(
            other
            for other, merchant in enumerate(self.merchants)
            if other != player and merchant.square == square
        )


def new_game(board: Board, names: tuple[str, ...]) -> Game:
    """Return a game about to begin: everyone on the first restaurant (RULINGS-bazaar 2)."""
    start = board.first(Tile.RESTAURANT)
    square = Square(0) if start is None else start
    return Game(board=board, merchants=tuple(Merchant(name=name, square=square) for name in names))


def loaded_game(saved: SavedGame) -> Game:
    """Return the game a save file holds."""
    position = saved.position
    over = position.phase is Phase.OVER
    return Game(
        board=saved.board,
        merchants=position.merchants,
        turn=position.turn,
        phase=position.phase,
        winner=position.turn if over else NOBODY,
    )


def saved_game(game: Game) -> SavedGame:
    """Return what a save file holds of a game; the winner is whose turn it was."""
    position = Position(turn=game.turn, phase=game.phase, merchants=game.merchants)
    return SavedGame(board=game.board, position=position)
