"""Two fair dice: how many of the 36 rolls give each value, counted from the faces."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from watan.engine.decide import RandomChance
from watan.engine.dice import HIGHEST_ROLL, LOWEST_ROLL, ROLLS, WAYS, odds


def test_each_value_has_as_many_rolls_as_the_dots_on_the_board_game_s_number_tokens() -> None:
    # The standard game's tokens: one dot on 2 and 12, two on 3 and 11, ... five on 6 and 8;
    # 7 has no token, and is the commonest roll: six of the 36 (1+6, 2+5, ... 6+1).
    assert WAYS == (0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)
    assert (ROLLS, sum(WAYS), LOWEST_ROLL, HIGHEST_ROLL) == (36, 36, 2, 12)


def test_the_ways_are_the_pairs_of_faces_the_chance_of_a_game_draws() -> None:
    # Every pair the game's own dice can show, counted by their sum; and the sums of many
    # seeded rolls keep to those proportions.
    rolls = [RandomChance(random.Random(seed)).dice() for seed in range(3000)]
    faces = {face for roll in rolls for face in roll}
    pairs = Counter(a + b for a, b in itertools.product(sorted(faces), repeat=2))
    assert [pairs[value] for value in range(HIGHEST_ROLL + 1)] == list(WAYS)
    sums = Counter(a + b for a, b in rolls)
    for value in range(LOWEST_ROLL, HIGHEST_ROLL + 1):
        assert abs(sums[value] / len(rolls) - WAYS[value] / ROLLS) < 0.025, value


def test_odds_are_written_out_of_36() -> None:
    assert [odds(v) for v in (2, 6, 7, 8, 12)] == ["1/36", "5/36", "6/36", "5/36", "1/36"]
    assert [odds(v) for v in (0, 1, 13, -1)] == ["0/36"] * 4
