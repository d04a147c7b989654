"""What the computers measure of amounts: what a student lacks, and what a gain is worth."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from watan.engine.resources import Resources
from watan.players.measures import lacking, roll_gain, shortfall

counts = st.integers(min_value=0, max_value=30)
amounts = st.tuples(counts, counts, counts, counts, counts)


@given(amounts, amounts)
def test_what_is_lacking_is_every_resource_short_of_the_cost_summed(
    held: Resources, cost: Resources
) -> None:
    assert lacking(held, cost) == sum(max(0, c - h) for h, c in zip(held, cost, strict=True))
    assert lacking(held, cost) == sum(shortfall(held, cost))


def test_nothing_is_lacking_when_the_cost_is_covered() -> None:
    assert lacking((2, 1, 0, 3, 1), (1, 1, 0, 0, 1)) == 0
    assert lacking((0, 1, 0, 0, 0), (1, 1, 1, 0, 2)) == 4


def test_a_gain_is_worth_each_resource_gained_at_its_weight_in_order() -> None:
    weights = (0.1, 0.2, 0.3, 1.5, 2.0)
    # Summed from 0.0 resource by resource, as the strategies always have.
    assert roll_gain([1, 0, 2, 0, 3], weights) == ((0.0 + 0.1) + 0.0 + 0.6) + 0.0 + 6.0
    assert roll_gain([0, 0, 0, 0, 0], weights) == 0.0
