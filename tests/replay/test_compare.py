"""Two games compared in words: where their journals part and how their states differ."""

from __future__ import annotations

import msgspec

from replay.compare import (
    Parting,
    changes,
    counted,
    document,
    document_schema,
    parted,
    parting_line,
    report,
    told,
)
from replay.differences import diff
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
    assert parted(RACE, HEADER, EVENTS, EVENTS) is None
    found = parted(RACE, HEADER, EVENTS, other)
    assert found == Parting(4, RACE.describe(HEADER, EVENTS[3]), RACE.describe(HEADER, EVENTS[5]))
    assert parting_line(found) == (
        f"The games part at step 4: {RACE.describe(HEADER, EVENTS[3])} / "
        f"{RACE.describe(HEADER, EVENTS[5])}."
    )


def test_parting_where_one_journal_ends() -> None:
    found = parted(RACE, HEADER, EVENTS[:2], EVENTS[:3])
    assert found == Parting(3, None, RACE.describe(HEADER, EVENTS[2]))
    assert parting_line(found) == (
        "The games part at step 3: A's journal ends at step 2 / "
        f"{RACE.describe(HEADER, EVENTS[2])}."
    )
    assert parting_line(Parting(9, "x won", None)) == (
        "The games part at step 9: x won / B's journal ends at step 8."
    )


def test_told_is_one_line_per_thing_that_differs_in_the_order_things_are_seen() -> None:
    a = {("ada", "at"): 3, ("ada", "bag"): 2, ("turn", ""): "ada", ("bob", "at"): 1}
    b = {("turn", ""): "bob", ("ada", "at"): 5, ("ada", "bag"): 2, ("winner", ""): "bob"}
    assert told(a, b) == [
        "ada: at 3 → 5",
        "turn: ada → bob",
        "bob: at 1 → nothing",
        "winner: nothing → bob",
    ]
    assert told(a, dict(a)) == []


def test_told_tells_a_number_from_its_words() -> None:
    assert told({("x", ""): 1}, {("x", ""): "1"}) == ["x: 1 → 1"]


def test_the_count_of_differences_is_a_sentence() -> None:
    assert [counted(n) for n in (1, 2)] == ["1 difference.", "2 differences."]
    assert counted(0) == "The games themselves are alike: only their journals differ."


def test_the_document_for_programs_leaves_out_a_side_that_lacks_the_thing() -> None:
    found = diff({"at": 3, "bag": [1, 2]}, {"at": 5, "bag": [1], "won": True})
    made = document("race", ("a.jsonl", "b.jsonl"), None, Parting(4, "ada rolled", None), found)
    assert msgspec.json.decode(msgspec.json.encode(made)) == {
        "document": "race-diff",
        "version": 1,
        "a": "a.jsonl",
        "b": "b.jsonl",
        "same": False,
        "unrelated": None,
        "parting": {"step": 4, "a": "ada rolled", "b": None},
        "changes": [
            {"path": "at", "a": 3, "b": 5},
            {"path": "bag[1]", "a": 2},
            {"path": "won", "b": True},
        ],
    }


def test_the_document_says_when_two_games_are_the_same_or_unrelated() -> None:
    assert document("race", ("a", "b"), None, None, []).same
    unrelated = document("race", ("a", "b"), "their boards differ", None, [])
    assert (unrelated.same, unrelated.unrelated) == (False, "their boards differ")


def test_the_documents_schema_names_every_field() -> None:
    schema = document_schema("race")
    assert schema["title"] == "race diff --format json, version 1"
    assert set(schema["$defs"]["DifferencesDocument"]["properties"]) == {
        "document", "version", "a", "b", "same", "unrelated", "parting", "changes",
    }  # fmt: skip


def test_the_report_for_people_is_the_verdict_or_the_parting_the_lines_and_the_count() -> None:
    names = ("a.jsonl", "b.jsonl")
    assert report(names, "their boards differ", None, []) == (
        False, ["a.jsonl and b.jsonl are different games: their boards differ."]
    )
    assert report(names, None, None, []) == (True, ["a.jsonl and b.jsonl are the same game."])
    assert report(names, None, Parting(2, "x", "y"), ["ada: at 3 → 5"]) == (
        False, ["The games part at step 2: x / y.", "ada: at 3 → 5", "1 difference."]
    )
    assert report(names, None, Parting(2, "x", "y"), []) == (
        False,
        ["The games part at step 2: x / y.",
         "The games themselves are alike: only their journals differ."],
    )  # fmt: skip
