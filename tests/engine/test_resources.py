"""Amounts of resources: 5-tuples in the order CAFFEINE, LAB, LECTURE, STUDY, TUTORIAL."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from watan.engine.resources import (
    HELD,
    NONE,
    Resource,
    Resources,
    add,
    covers,
    items,
    single,
    subtract,
    total,
    unit_at,
)

counts = st.integers(min_value=0, max_value=12)
amounts = st.tuples(counts, counts, counts, counts, counts)


def test_resource_codes_are_the_save_file_codes() -> None:
    # Spec §3.7: 0 CAFFEINE, 1 LAB, 2 LECTURE, 3 STUDY, 4 TUTORIAL, 5 NETFLIX.
    assert [(r.name, r.value) for r in Resource] == [
        ("CAFFEINE", 0),
        ("LAB", 1),
        ("LECTURE", 2),
        ("STUDY", 3),
        ("TUTORIAL", 4),
        ("NETFLIX", 5),
    ]


def test_held_resources_are_in_printing_order_without_netflix() -> None:
    # Spec §3.5.1: CAFFEINE, LAB, LECTURE, STUDY, then TUTORIAL.
    assert HELD == (
        Resource.CAFFEINE,
        Resource.LAB,
        Resource.LECTURE,
        Resource.STUDY,
        Resource.TUTORIAL,
    )


def test_none_is_zero_of_everything() -> None:
    assert NONE == (0, 0, 0, 0, 0)


def test_single_puts_the_count_in_the_resource_column() -> None:
    assert [single(r) for r in HELD] == [
        (1, 0, 0, 0, 0),
        (0, 1, 0, 0, 0),
        (0, 0, 1, 0, 0),
        (0, 0, 0, 1, 0),
        (0, 0, 0, 0, 1),
    ]
    assert single(Resource.STUDY, 3) == (0, 0, 0, 3, 0)


def test_add_sums_column_by_column() -> None:
    assert add((1, 2, 3, 4, 5), (10, 0, 20, 0, 30)) == (11, 2, 23, 4, 35)


def test_subtract_takes_away_column_by_column() -> None:
    # An exam (RULINGS 23: 3 2 2 2 1) paid from 4 3 2 5 1.
    assert subtract((4, 3, 2, 5, 1), (3, 2, 2, 2, 1)) == (1, 1, 0, 3, 0)


def test_covers_needs_every_column_to_be_enough() -> None:
    assignment = (1, 1, 1, 0, 1)  # RULINGS 23
    assert covers((1, 1, 1, 0, 1), assignment)
    assert covers((5, 5, 5, 5, 5), assignment)
    assert not covers((1, 1, 1, 9, 0), assignment)
    assert not covers((0, 9, 9, 9, 9), assignment)
    assert covers(NONE, NONE)


def test_total_counts_every_unit() -> None:
    assert total((1, 2, 3, 4, 5)) == 15
    assert total(NONE) == 0


def test_items_lists_only_held_resources_in_printing_order() -> None:
    assert list(items((2, 0, 0, 7, 1))) == [
        (Resource.CAFFEINE, 2),
        (Resource.STUDY, 7),
        (Resource.TUTORIAL, 1),
    ]
    assert list(items(NONE)) == []


def test_unit_at_lays_the_units_out_in_resource_order() -> None:
    amount: Resources = (2, 0, 1, 3, 1)
    assert [unit_at(amount, i) for i in range(total(amount))] == [
        Resource.CAFFEINE,
        Resource.CAFFEINE,
        Resource.LECTURE,
        Resource.STUDY,
        Resource.STUDY,
        Resource.STUDY,
        Resource.TUTORIAL,
    ]


def test_unit_at_refuses_an_index_beyond_the_units_held() -> None:
    with pytest.raises(ValueError, match="index beyond the units held"):
        unit_at((1, 0, 0, 0, 1), 2)
    with pytest.raises(ValueError, match="index beyond the units held"):
        unit_at(NONE, 0)


@settings(max_examples=200)
@given(amounts)
def test_drawing_every_index_yields_each_resource_as_often_as_it_is_held(
    amount: Resources,
) -> None:
    drawn = Counter(unit_at(amount, i) for i in range(total(amount)))
    assert {r: drawn[r] for r in HELD} == dict(zip(HELD, amount, strict=True))


@settings(max_examples=200)
@given(amounts, amounts)
def test_subtract_undoes_add(a: Resources, b: Resources) -> None:
    assert subtract(add(a, b), b) == a
    assert covers(add(a, b), b)
    assert total(add(a, b)) == total(a) + total(b)


@settings(max_examples=200)
@given(amounts)
def test_items_and_single_rebuild_the_amount(amount: Resources) -> None:
    rebuilt = NONE
    for resource, count in items(amount):
        rebuilt = add(rebuilt, single(resource, count))
    assert rebuilt == amount
