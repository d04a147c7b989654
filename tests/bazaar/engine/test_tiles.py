"""The board: the factory's mix and shuffle, the grid's neighbours, boards a game can have."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bazaar.engine.tiles import (
    Board,
    Direction,
    Square,
    Tile,
    board_problem,
    deal,
    factory_mix,
)
from tests.bazaar.games import BOARD


def test_there_are_the_fourteen_kinds_of_the_rulings_in_their_order() -> None:
    assert [kind.title for kind in Tile] == [
        "Desert",
        "Restaurant",
        "Spice merchant",
        "Fabric manufacturer",
        "Jeweler",
        "Cart manufacturer",
        "Small market",
        "Spice market",
        "Jewelry market",
        "Fabric market",
        "Black market",
        "Casino",
        "Gem merchant",
        "Palace",
    ]


@pytest.mark.parametrize(
    ("rows", "columns", "each"), [(4, 4, 1), (6, 6, 2), (5, 9, 3), (30, 30, 64)]
)
def test_the_factory_makes_floor_n_over_14_of_each_kind_and_deserts_for_the_rest(
    rows: int, columns: int, each: int
) -> None:
    count = rows * columns
    made = Counter(deal(rows, columns, random.Random(1)).tiles)
    expected: dict[Tile, int] = {kind: each for kind in Tile if kind is not Tile.DESERT}
    expected[Tile.DESERT] = count - 13 * each
    assert made == expected


def test_a_board_too_small_for_the_factory_gets_a_restaurant_in_the_top_left_corner() -> None:
    assert factory_mix(9) == (Tile.DESERT,) * 8 + (Tile.RESTAURANT,)
    dealt = deal(3, 3, random.Random(5))
    assert dealt.tiles == (Tile.RESTAURANT,) + (Tile.DESERT,) * 8


def test_the_shuffle_comes_from_the_games_generator_alone() -> None:
    assert deal(6, 6, random.Random(3)) == deal(6, 6, random.Random(3))
    assert deal(6, 6, random.Random(3)) != deal(6, 6, random.Random(4))


def test_neighbours_are_up_down_left_and_right_and_none_off_the_board() -> None:
    middle = Square(5)  # row 2, column 2 of the 4x4 board
    assert {d: BOARD.neighbour(middle, d) for d in Direction} == {
        Direction.UP: 1,
        Direction.DOWN: 9,
        Direction.LEFT: 4,
        Direction.RIGHT: 6,
    }
    corner = Square(15)
    assert [d for d in Direction if BOARD.neighbour(corner, d) is None] == [
        Direction.DOWN,
        Direction.RIGHT,
    ]
    assert BOARD.neighbour(Square(3), Direction.RIGHT) is None  # no wrapping to the next row


def test_first_finds_the_first_of_a_kind_in_row_order() -> None:
    board = Board(4, 4, (Tile.DESERT,) * 9 + (Tile.RESTAURANT,) * 2 + (Tile.DESERT,) * 5)
    assert (board.first(Tile.RESTAURANT), board.first(Tile.PALACE)) == (9, None)


@pytest.mark.parametrize(
    ("board", "problem"),
    [
        (Board(3, 6, factory_mix(18)), "a board is 4x4 to 30x30, not 3x6"),
        (Board(4, 31, factory_mix(124)), "a board is 4x4 to 30x30, not 4x31"),
        (Board(4, 4, factory_mix(15)), "a 4x4 board has 16 tiles, not 15"),
        (
            Board(4, 4, (Tile.PALACE,) * 16),
            "a board of 16 tiles has 1 of each kind but the desert, and deserts for the rest",
        ),
    ],
)
def test_a_board_the_factory_never_deals_is_named(board: Board, problem: str) -> None:
    assert board_problem(board) == problem


def test_every_dealt_board_is_one_the_factory_deals() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        assert board_problem(deal(rng.randint(4, 30), rng.randint(4, 30), rng)) is None
