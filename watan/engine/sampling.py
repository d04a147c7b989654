"""Drawing units without replacement by counts, in a time that does not grow with the amounts.

RULINGS 14 draws the geese's losses one unit at a time, each unit in proportion to what
remains.  How many of each resource such a draw takes follows the multivariate
hypergeometric distribution, so drawing those counts directly, one resource after
another, gives exactly the same distribution without a step per unit: a save file may
hold a billion resources (`resources.MOST_HELD`), and its first 7 must not take minutes.

Each count is drawn with `hypergeometric`: by exact inversion over whole numbers when
the units are few (every real game), and otherwise by rejection from a hat that bounds
any log-concave distribution, which needs a few draws on average whatever the amounts.
"""

from __future__ import annotations

import math
import random

from watan.engine.resources import HELD, Resources, total

EXACT_POPULATION = 1000
"""Up to this many units the counts are drawn by exact inversion: the binomial
coefficients stay a few hundred digits long, and no game reaches it (a student holding
ten loses half).  Past it, by rejection: a few steps whatever the amounts."""

_MARGIN = 1e-9
"""How much the rejection hat is widened, so that rounding in the logarithms of the
probabilities can never leave a probability above the hat."""


def draw_without_replacement(rng: random.Random, held: Resources, count: int) -> Resources:
    """Return how many units of each resource drawing `count` units from `held` takes.

    The units are drawn without replacement, each with probability in proportion to what
    remains (RULINGS 14); the counts are drawn one resource after another, each from the
    units not yet considered.  `count` must be 0 to `total(held)`.
    """
    remaining, left = total(held), count
    taken = [0, 0, 0, 0, 0]
    for resource in HELD[:-1]:
        taken[resource] = hypergeometric(rng, remaining, held[resource], left)
        left -= taken[resource]
        remaining -= held[resource]
    taken[HELD[-1]] = left
    return (taken[0], taken[1], taken[2], taken[3], taken[4])


def hypergeometric(rng: random.Random, population: int, marked: int, draws: int) -> int:
    """Return how many of `draws` units drawn without replacement are among `marked` of them.

    Each outcome k has probability C(marked, k) C(population - marked, draws - k) /
    C(population, draws).  Nothing is drawn from `rng` when only one outcome is possible.
    """
    low, high = max(0, draws - (population - marked)), min(draws, marked)
    if low >= high:
        return low
    if population <= EXACT_POPULATION:
        return _by_inversion(rng, population, marked, draws, low)
    return _by_rejection(rng, population, marked, draws, low=low, high=high)


def _by_inversion(rng: random.Random, population: int, marked: int, draws: int, low: int) -> int:
    """Return the outcome whose share of the C(population, draws) draws holds a uniform pick."""
    pick = rng.randrange(math.comb(population, draws))
    outcome = low
    while True:
        pick -= math.comb(marked, outcome) * math.comb(population - marked, draws - outcome)
        if pick < 0:
            return outcome
        outcome += 1


def _by_rejection(
    rng: random.Random, population: int, marked: int, draws: int, *, low: int, high: int
) -> int:
    """Return an outcome drawn by rejection; a few rounds on average, whatever the amounts.

    The distribution is log-concave, and any log-concave distribution with mode m and
    p(m) = q keeps p(m + j) <= q min(1, e^(1 - q|j|)).  So a point y is drawn with density
    in proportion to f(y) = min(1, e^(1 - q(|y| - 1/2))), which is at least that bound over
    the whole unit around each j = round(y), and m + j is kept with probability
    p(m + j) / (q f(y)).  The hat's area is q + 4, so at most five rounds on average.
    """

    def log_weight(k: int) -> float:
        """Return log C(marked, k) C(population - marked, draws - k), less a constant."""
        return -(
            math.lgamma(k + 1)
            + math.lgamma(marked - k + 1)
            + math.lgamma(draws - k + 1)
            + math.lgamma(population - marked - draws + k + 1)
        )

    mode = min(max((draws + 1) * (marked + 1) // (population + 2), low), high)
    top = log_weight(mode)
    log_q = (
        top
        + math.lgamma(marked + 1)
        + math.lgamma(population - marked + 1)
        + math.lgamma(draws + 1)
        + math.lgamma(population - draws + 1)
        - math.lgamma(population + 1)
    )
    q = min(math.exp(log_q), 1.0) * (1 - _MARGIN)
    flat = 0.5 + 1 / q
    while True:
        spot = rng.random() * (2 * flat + 2 / q)
        if spot < 2 * flat:
            y = spot - flat
        else:
            y = math.copysign(flat + rng.expovariate(q), spot - 2 * flat - 1 / q)
        outcome = mode + math.floor(y + 0.5)
        if not low <= outcome <= high:
            continue
        log_hat = min(0.0, 1 - q * (abs(y) - 0.5)) + _MARGIN
        if math.log(1 - rng.random()) <= log_weight(outcome) - top - log_hat:
            return outcome
