"""The tests' own explanation of a failed comparison of whole values (tests/conftest.py)."""

from __future__ import annotations

from tests.conftest import ROOT, pytest_assertrepr_compare, read_journal
from watan.definition import WATAN

JOURNAL = read_journal(ROOT / "journals" / "started-with-load" / "journal.jsonl")


def test_two_game_states_that_differ_are_explained_field_by_field() -> None:
    # Events 51 and 52: Red and Orange each gain 1 LECTURE (the third resource) from a 9.
    before = WATAN.fold(JOURNAL.header, JOURNAL.events[:50])
    after = WATAN.fold(JOURNAL.header, JOURNAL.events[:52])
    assert pytest_assertrepr_compare("==", before, after) == [
        "Game == Game failed; DeepDiff finds:",
        "Value of root.students[1].resources[2] changed from 2 to 3.",
        "Value of root.students[2].resources[2] changed from 2 to 3.",
    ]


def test_tuples_of_events_are_explained_too() -> None:
    # Events 51 and 52 are one production each, to Red (colour 1) and to Orange (2).
    first, second = JOURNAL.events[50], JOURNAL.events[51]
    assert pytest_assertrepr_compare("==", (first,), (second,)) == [
        "tuple == tuple failed; DeepDiff finds:",
        "Value of root[0].colour changed from 1 to 2.",
    ]


def test_other_comparisons_keep_pytests_own_explanation() -> None:
    events = JOURNAL.events[:2]
    assert [
        pytest_assertrepr_compare("==", [1, 2], [1, 3]),
        pytest_assertrepr_compare("!=", events[0], events[0]),
        pytest_assertrepr_compare("==", "a", "b"),
    ] == [None, None, None]
