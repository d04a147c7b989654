"""Tiles and boards: the spec's random layout (§3.5.5) and which boards are legal (§5)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from watan.engine.layout import Board, Tile, is_board, random_board, tile
from watan.engine.resources import Resource

seeds = st.integers(min_value=0, max_value=2**64)


@settings(max_examples=150)
@given(seeds)
def test_a_random_board_has_the_spec_mix_of_resources(seed: int) -> None:
    # Spec §3.5.5: 3 TUTORIAL, 3 STUDY, 4 CAFFEINE, 4 LAB, 4 LECTURE, and 1 NETFLIX.
    board = random_board(random.Random(seed))
    assert Counter(t.resource for t in board) == {
        Resource.TUTORIAL: 3,
        Resource.STUDY: 3,
        Resource.CAFFEINE: 4,
        Resource.LAB: 4,
        Resource.LECTURE: 4,
        Resource.NETFLIX: 1,
    }


@settings(max_examples=150)
@given(seeds)
def test_a_random_board_has_the_spec_mix_of_values(seed: int) -> None:
    # Spec §3.5.5: one 2, one 12, two each of 3-6 and of 8-11; NETFLIX has no
    # value and carries 7 as the files' placeholder (spec §3.7).
    board = random_board(random.Random(seed))
    values = Counter(t.value for t in board if t.resource is not Resource.NETFLIX)
    assert values == {2: 1, 3: 2, 4: 2, 5: 2, 6: 2, 8: 2, 9: 2, 10: 2, 11: 2, 12: 1}
    assert [t.value for t in board if t.resource is Resource.NETFLIX] == [7]
    assert len(board) == 19
    assert is_board(board)


@settings(max_examples=50)
@given(seeds)
def test_the_same_seed_gives_the_same_board(seed: int) -> None:
    assert random_board(random.Random(seed)) == random_board(random.Random(seed))


def test_different_seeds_give_different_boards() -> None:
    boards = {random_board(random.Random(seed)) for seed in range(200)}
    assert len(boards) == 200


def test_tile_keeps_the_resource_and_value_asked_for() -> None:
    assert tile(Resource.LAB, 5) == Tile(Resource.LAB, 5)
    assert tile(Resource.TUTORIAL, 12) == Tile(Resource.TUTORIAL, 12)


def test_tile_gives_netflix_the_placeholder_value_seven() -> None:
    # RULINGS 31: a NETFLIX tile's value is ignored and written back as 7.
    assert [tile(Resource.NETFLIX, v) for v in (2, 7, 12, 0)] == [Tile(Resource.NETFLIX, 7)] * 4


def test_a_board_of_nineteen_tiles_with_values_2_to_12_is_a_board() -> None:
    # Spec §5: "It is valid to have a board which is entirely TUTORIAL resources with the value 12".
    assert is_board((Tile(Resource.TUTORIAL, 12),) * 19)
    assert is_board(tuple(Tile(Resource.CAFFEINE, 2 + n % 11) for n in range(19)))


def test_a_board_with_the_wrong_number_of_tiles_is_not_a_board() -> None:
    assert not is_board((Tile(Resource.LAB, 6),) * 18)
    assert not is_board((Tile(Resource.LAB, 6),) * 20)
    assert not is_board(())


def test_a_board_with_a_value_outside_2_to_12_is_not_a_board() -> None:
    good: Board = (Tile(Resource.LAB, 6),) * 19
    assert not is_board((*good[:18], Tile(Resource.LAB, 13)))
    assert not is_board((Tile(Resource.STUDY, 1), *good[1:]))
    assert not is_board((*good[:9], Tile(Resource.CAFFEINE, 0), *good[10:]))


def test_netflix_needs_no_value_of_its_own_on_a_board() -> None:
    good: Board = (Tile(Resource.LAB, 6),) * 19
    assert is_board((Tile(Resource.NETFLIX, 7), *good[1:]))
    assert is_board((Tile(Resource.NETFLIX, 0), *good[1:]))
