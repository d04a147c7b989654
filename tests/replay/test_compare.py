"""Two games compared in words: where their journals part and how their states differ."""

from __future__ import annotations

from replay.compare import changes, parting
from tests.replay.race import HEADER, RACE, Race, play

EVENTS = play()


def test_changes_are_one_line_each_in_the_values_order() -> None:
    a = {"ada": {"at": 3, "bag": [1, 2]}, "turn": "ada"}
    b = {"ada": {"at": 5, "bag": [1]}, "turn": "bob", "winner": "bob"}
    assert changes(a, b) == [
        "ada.at: 3 -> 5",
        "ada.bag[1]: 2 -> absent",
        "turn: ada -> bob",
        "winner: absent -> bob",
    ]


def test_equal_values_have_no_changes_and_a_whole_change_is_named() -> None:
    assert changes(Race((1, 2), 9), Race((1, 2), 9)) == []
    assert changes(1, 2) == ["(the whole value): 1 -> 2"]


def test_parting_names_the_first_event_that_differs_in_the_games_words() -> None:
    other = [*EVENTS[:3], EVENTS[5], *EVENTS[4:]]
    assert parting(RACE, HEADER, EVENTS, EVENTS) is None
    assert parting(RACE, HEADER, EVENTS, other) == (
        f"The journals part ways at event 4: A has {RACE.describe(HEADER, EVENTS[3])}; "
        f"B has {RACE.describe(HEADER, EVENTS[5])}."
    )


def test_parting_where_one_journal_ends() -> None:
    assert parting(RACE, HEADER, EVENTS[:2], EVENTS[:3]) == (
        "The journals part ways at event 3: A has nothing (its journal ends); "
        f"B has {RACE.describe(HEADER, EVENTS[2])}."
    )
