"""The analysis toolkit on a game of numbers: seeded playouts shared by every move, the best
move, marks by points lost, turning points, and the same judgements in any process."""

from __future__ import annotations

import random

import pytest

from replay import analysis
from replay.analysis import Done, Thresholds

LIMITS = Thresholds()


def play_on(game: int, rng: random.Random) -> analysis.Chances:
    """A two-player game of numbers: player 0's chance is the game's share of 10, moved by
    a draw in a tenth either way."""
    mine = min(1.0, max(0.0, game / 10 + (rng.random() - 0.5) / 10))
    return (mine, 1 - mine)


def attempt(game: int, command: int, _: random.Random) -> int | None:
    """Adding is a move; a negative command is refused."""
    return None if command < 0 else game + command


def test_a_position_is_the_mean_of_its_seeded_playouts() -> None:
    draws = [analysis.seeded(7, 3, k).random() for k in range(3)]
    mine = sum(0.5 + (d - 0.5) / 10 for d in draws) / 3
    assert analysis.position(5, play_on, seed=7, step=3, samples=3) == pytest.approx(
        (mine, 1 - mine)
    )


def test_every_move_is_played_out_with_the_same_generators_and_refused_ones_left_out() -> None:
    tried = analysis.moves_valued(5, [0, -1, 2], attempt, play_on, seed=1, step=4, samples=2)
    assert [command for command, _ in tried] == [0, 2]
    (_, stay), (_, gain) = tried
    # The same draws: the moves differ by exactly what they added, 0.2.
    assert gain[0] - stay[0] == pytest.approx(0.2)
    assert analysis.best(tried, 0) == tried[1]
    assert analysis.best(tried, 1) == tried[0]
    assert analysis.best([], 0) is None


def test_the_first_of_equal_moves_is_the_best() -> None:
    assert analysis.best([("played", (0.5, 0.5)), ("other", (0.5, 0.5))], 0) == (
        "played",
        (0.5, 0.5),
    )


@pytest.mark.parametrize(
    ("cost", "tried", "expected"),
    [
        (4.9, 3, None),
        (5.0, 3, "inaccuracy"),
        (10.0, 3, "mistake"),
        (15.0, 3, "blunder"),
        (80.0, 1, None),  # a forced move is never marked
    ],
)
def test_a_move_is_marked_by_the_points_it_lost(
    cost: float, tried: int, expected: str | None
) -> None:
    assert analysis.mark(cost, tried, LIMITS) == expected


def test_the_turning_points_are_the_largest_swings_in_game_order() -> None:
    before = [(0.5, 0.5), (0.6, 0.4), (0.6, 0.4), (0.9, 0.1), (0.2, 0.8)]
    moved = analysis.swings(before, (1.0, 0.0))
    assert moved == [10.0, 0.0, 30.0, 70.0, 80.0]
    assert analysis.turning_points(moved, 3) == [2, 3, 4]
    assert analysis.turning_points([0.0, 5.0, 5.0], 5) == [1, 2]  # no swing is no point


def judge(job: int, index: int, _: int) -> Done[tuple[int, int]]:
    return Done((job, index * index))


def test_the_decisions_are_judged_in_order_by_any_number_of_processes() -> None:
    told: list[int] = []
    alone = analysis.judge_all(judge, 3, [4, 1, 2], 1, told.append)
    assert alone == [(3, 16), (3, 1), (3, 4)]
    assert told == [1, 2, 3]
    assert analysis.judge_all(judge, 3, [4, 1, 2], 2) == alone
