"""Small games built by hand for Bazaar's tests: boards from tile codes, players placed."""

from __future__ import annotations

from bazaar.engine.decide import Chance
from bazaar.engine.state import Game, Good, Merchant, Phase
from bazaar.engine.tiles import Board, Square
from bazaar.text.render import KINDS_BY_CODE

GRID = (
    "RES SPI FAB JWL",
    "CRT SML SPM JWM",
    "FBM BLK CAS GEM",
    "PAL DES DES DES",
)
"""A 4x4 board with one tile of each kind, row by row in RULINGS-bazaar 1's order."""


def board(*rows: str) -> Board:
    """Return the board whose rows are these lines of tile codes."""
    tiles = tuple(KINDS_BY_CODE[code] for row in rows for code in row.split())
    return Board(rows=len(rows), columns=len(rows[0].split()), tiles=tiles)


BOARD = board(*GRID)


def at(code: str, on: Board = BOARD) -> Square:
    """Return the first square of the tile with this code."""
    return Square(on.tiles.index(KINDS_BY_CODE[code]))


def merchant(name: str = "Ann", square: int = 0, **fields: object) -> Merchant:
    return Merchant(name=name, square=Square(square), **fields)  # type: ignore[arg-type]


def game(
    *merchants: Merchant, turn: int = 0, phase: Phase = Phase.MOVE, on: Board = BOARD
) -> Game:
    """Return a game on `on` (the one-of-each board) with these players."""
    return Game(board=on, merchants=merchants, turn=turn, phase=phase)


def acting(code: str, *others: Merchant, **fields: object) -> Game:
    """Return a game where Ann has just moved onto the tile `code` and is asked to act."""
    ann = merchant("Ann", at(code), **fields)
    return game(ann, *others, phase=Phase.ACTION)


class FixedChance:
    """Chance that gives back what a test chose."""

    def __init__(self, drawn: tuple[Good, ...] = (), won: int = 0) -> None:
        self.drawn, self.won = drawn, won

    def black_market(self) -> tuple[Good, ...]:
        return self.drawn

    def casino(self) -> int:
        return self.won


def chance(drawn: tuple[Good, ...] = (), won: int = 0) -> Chance:
    return FixedChance(drawn, won)
