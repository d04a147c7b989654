"""Drawing losses by counts: RULINGS 14's distribution, exactly, in a time the amounts don't set."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from watan.engine.resources import HELD, Resources, total
from watan.engine.sampling import EXACT_POPULATION, draw_without_replacement, hypergeometric


def one_unit_at_a_time(held: Resources, count: int) -> dict[Resources, Fraction]:
    """Return the exact distribution of RULINGS 14's draw: one unit at a time, each resource
    in proportion to what remains of it, as the counts of each resource taken."""
    outcomes: dict[Resources, Fraction] = {(0, 0, 0, 0, 0): Fraction(1)}
    for _ in range(count):
        after: Counter[Resources] = Counter()
        for taken, chance in outcomes.items():
            left = [held[r] - taken[r] for r in HELD]
            for resource in HELD:
                if left[resource]:
                    more = list(taken)
                    more[resource] += 1
                    key = (more[0], more[1], more[2], more[3], more[4])
                    after[key] += chance * Fraction(left[resource], sum(left))  # type: ignore[assignment]
        outcomes = {taken: Fraction(chance) for taken, chance in after.items()}
    return outcomes


def by_counts(held: Resources, count: int) -> dict[Resources, Fraction]:
    """Return the multivariate hypergeometric distribution of taking `count` from `held`."""
    ways = math.comb(total(held), count)
    return {
        (taken[0], taken[1], taken[2], taken[3], taken[4]): Fraction(
            math.prod(math.comb(held[r], taken[r]) for r in HELD), ways
        )
        for taken in itertools.product(*(range(n + 1) for n in held))
        if sum(taken) == count
    }


def chi_square_limit(degrees: int) -> float:
    """Return the chi-square value a fair sample exceeds one time in a thousand
    (Wilson and Hilferty's approximation)."""
    z = 3.09
    return degrees * (1 - 2 / (9 * degrees) + z * math.sqrt(2 / (9 * degrees))) ** 3


def chi_square(
    seen: Counter[object], expected: dict[object, float], draws: int
) -> tuple[float, int]:
    """Return the statistic and its degrees of freedom, over outcomes expected 5 times or more."""
    cells = [(seen[key], draws * p) for key, p in expected.items() if draws * p >= 5]
    statistic = sum((got - want) ** 2 / want for got, want in cells)
    return statistic, len(cells) - 1


def test_drawing_by_counts_is_the_distribution_of_one_unit_at_a_time() -> None:
    for held, count in [((3, 4, 2, 1, 0), 5), ((10, 0, 1, 0, 1), 6), ((2, 2, 2, 2, 3), 5)]:
        assert by_counts(held, count) == one_unit_at_a_time(held, count)


@pytest.mark.parametrize(
    ("held", "count"),
    [((3, 4, 2, 1, 0), 5), ((6, 2, 5, 1, 3), 8), ((12, 1, 0, 0, 1), 7)],
    ids=["ten held", "seventeen held", "mostly one kind"],
)
def test_the_losses_drawn_follow_the_exact_probabilities(held: Resources, count: int) -> None:
    rng = random.Random(14)
    draws = 20_000
    seen = Counter(draw_without_replacement(rng, held, count) for _ in range(draws))
    expected = {taken: float(p) for taken, p in by_counts(held, count).items()}
    assert set(seen) <= set(expected)
    statistic, degrees = chi_square(seen, expected, draws)  # type: ignore[arg-type]
    assert statistic < chi_square_limit(degrees)


@pytest.mark.parametrize(
    ("population", "marked", "draws"),
    [(1500, 400, 750), (5000, 7, 2500), (100_000, 50_000, 50_000)],
    ids=["past the exact size", "few marked", "large"],
)
def test_counts_drawn_by_rejection_follow_the_exact_probabilities(
    population: int, marked: int, draws: int
) -> None:
    assert population > EXACT_POPULATION
    rng = random.Random(7)
    samples = 20_000
    seen = Counter(hypergeometric(rng, population, marked, draws) for _ in range(samples))
    mean = draws * marked / population
    spread = 6 * math.sqrt(mean) + 10
    low, high = max(0, int(mean - spread)), min(marked, int(mean + spread))
    # The first probability exactly, then each from the one before by its exact ratio.
    chance = float(
        Fraction(
            math.comb(marked, low) * math.comb(population - marked, draws - low),
            math.comb(population, draws),
        )
    )
    expected = {}
    for k in range(low, high + 1):
        expected[k] = chance
        chance *= (marked - k) * (draws - k) / ((k + 1) * (population - marked - draws + k + 1))
    assert sum(expected.values()) > 0.999999
    statistic, degrees = chi_square(seen, expected, samples)  # type: ignore[arg-type]
    assert statistic < chi_square_limit(degrees)


class CountingRandom(random.Random):
    """A generator that counts how many values are drawn from it."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.values = 0

    def random(self) -> float:
        self.values += 1
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self.values += 1
        return super().getrandbits(k)


def test_the_draws_needed_do_not_grow_with_the_amounts() -> None:
    rng = CountingRandom(3)
    most = 999_999_999
    for held in [(most, most, most, most, most), (most, 1, 0, 12345, most // 3)]:
        for _ in range(200):
            taken = draw_without_replacement(rng, held, total(held) // 2)
            assert sum(taken) == total(held) // 2
            assert all(0 <= taken[r] <= held[r] for r in HELD)
    assert rng.values < 400 * 4 * 12  # a few rounds a resource, at most a few values a round


def test_a_draw_with_one_possible_outcome_takes_nothing_from_the_generator() -> None:
    rng = CountingRandom(3)
    assert draw_without_replacement(rng, (0, 0, 11, 0, 0), 5) == (0, 0, 5, 0, 0)
    assert draw_without_replacement(rng, (4, 3, 2, 1, 0), 10) == (4, 3, 2, 1, 0)
    assert draw_without_replacement(rng, (4, 3, 2, 1, 0), 0) == (0, 0, 0, 0, 0)
    assert rng.values == 0


def test_the_same_generator_draws_the_same_losses() -> None:
    held = (30, 1, 7, 0, 12)
    first = [draw_without_replacement(random.Random(9), held, 25) for _ in range(3)]
    assert first == [draw_without_replacement(random.Random(9), held, 25)] * 3
