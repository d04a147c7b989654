"""Structural diff of two states, and the first event where two sequences differ."""

from __future__ import annotations

import enum

import msgspec
import pytest

from replay.differences import ABSENT, Change, diff, first_divergence
from tests.replay.bank import Account, Bank, Deposited, Event, Withdrew


class Config(msgspec.Struct, frozen=True):
    name: str
    limits: dict[str, int]


class World(msgspec.Struct, frozen=True):
    config: Config
    students: list[Bank]
    owners: dict[int, str]


def world(**changes: object) -> World:
    base = World(
        Config("watan", {"hand": 7}),
        [Bank((Account("ada", 1),)), Bank((Account("bob", 2), Account("cy", 3)))],
        {20: "ada", 21: "bob"},
    )
    return msgspec.structs.replace(base, **changes)


def test_equal_values_have_no_differences() -> None:
    assert diff(world(), world()) == []


def test_nested_struct_field_is_named_by_its_path() -> None:
    changed = world(
        students=[Bank((Account("ada", 1),)), Bank((Account("bob", 2), Account("cy", 9)))]
    )
    assert diff(world(), changed) == [Change("students[1].accounts[1].balance", 3, 9)]


def test_changes_come_in_field_order() -> None:
    changed = world(config=Config("catan", {"hand": 8}), owners={20: "cy", 21: "bob"})
    assert diff(world(), changed) == [
        Change("config.name", "watan", "catan"),
        Change("config.limits.hand", 7, 8),
        Change("owners[20]", "ada", "cy"),
    ]


def test_dict_keys_added_and_removed_are_absent_on_one_side() -> None:
    changed = world(owners={21: "bob", 22: "dee"})
    assert diff(world(), changed) == [
        Change("owners[20]", "ada", ABSENT),
        Change("owners[22]", ABSENT, "dee"),
    ]


def test_string_key_that_is_not_a_name_is_bracketed_as_written() -> None:
    assert diff({"two words": 1}, {"two words": 2}) == [Change("[two words]", 1, 2)]
    assert diff({"a": {"vp played": 0}}, {"a": {"vp played": 1}}) == [Change("a[vp played]", 0, 1)]


def test_longer_sequence_reports_its_extra_elements() -> None:
    assert diff([1, 2], [1, 2, 3, 4]) == [Change("[2]", ABSENT, 3), Change("[3]", ABSENT, 4)]
    assert diff((1, 2, 3), (1,)) == [Change("[1]", 2, ABSENT), Change("[2]", 3, ABSENT)]


# --- sequences aligned when that takes fewer changes ---------------------------------------------


def test_an_element_taken_from_the_front_is_one_removal() -> None:
    deck = ["knight", "vp", "monopoly", "knight"]
    assert diff(deck, deck[1:]) == [Change("[0]", "knight", ABSENT)]


def test_an_element_inserted_in_the_middle_is_one_insertion_at_its_index_in_b() -> None:
    assert diff((1, 2, 3, 4), (1, 2, 9, 3, 4)) == [Change("[2]", ABSENT, 9)]


def test_sequences_of_one_length_are_aligned_too_when_that_is_shorter() -> None:
    assert diff([0, 1, 2, 3, 4], [1, 2, 3, 4, 5]) == [
        Change("[0]", 0, ABSENT),
        Change("[4]", ABSENT, 5),
    ]


def test_an_aligned_replacement_is_named_by_its_index_in_a() -> None:
    assert diff([1, 2, 3, 4, 5], [0, 1, 2, 9, 4, 5]) == [
        Change("[0]", ABSENT, 0),
        Change("[2]", 3, 9),
    ]


def test_a_removal_and_an_insertion_at_one_index_are_one_change() -> None:
    # 1, 2, 3 and 4 removed, 8 and 9 inserted: a[3] is 4 and b[3] is 8.
    assert diff([1, 2, 3, 4, 5, 6, 7], [5, 6, 7, 8, 9]) == [
        Change("[0]", 1, ABSENT),
        Change("[1]", 2, ABSENT),
        Change("[2]", 3, ABSENT),
        Change("[3]", 4, 8),
        Change("[4]", ABSENT, 9),
    ]


def test_a_tie_is_compared_index_by_index() -> None:
    # Aligned, 2 removed and 4 inserted: two changes, as many as index by index.
    assert diff([1, 2, 3], [1, 3, 4]) == [Change("[1]", 2, 3), Change("[2]", 3, 4)]


def test_an_insertion_where_a_replacement_is_named_falls_back_to_index_by_index() -> None:
    # Aligned, 3 and 4 are inserted at [0] and [1] and 2 is replaced by 5 at [1].
    assert diff([1, 2], [3, 4, 1, 5]) == [
        Change("[0]", 1, 3),
        Change("[1]", 2, 4),
        Change("[2]", ABSENT, 1),
        Change("[3]", ABSENT, 5),
    ]


def test_unhashable_elements_are_compared_index_by_index() -> None:
    assert diff([[1], [2], [3]], [[2], [3]]) == [
        Change("[0][0]", 1, 2),
        Change("[1][0]", 2, 3),
        Change("[2]", [3], ABSENT),
    ]


def test_structs_in_a_sequence_are_compared_index_by_index() -> None:
    # DeepDiff aligns sequences of plain values only (strings and numbers).
    a = (Account("ada", 1), Account("bob", 2), Account("cy", 3))
    assert diff(a, (Account("bob", 2), Account("cy", 4))) == [
        Change("[0].owner", "ada", "bob"),
        Change("[0].balance", 1, 2),
        Change("[1].owner", "bob", "cy"),
        Change("[1].balance", 2, 4),
        Change("[2]", Account("cy", 3), ABSENT),
    ]


class Phase(enum.Enum):
    MOVE = "move"
    BUY = "buy"


def test_enumeration_members_change_as_a_whole() -> None:
    a = {"phase": Phase.MOVE, "seen": [Phase.MOVE]}
    assert diff(a, {"phase": Phase.BUY, "seen": [Phase.BUY]}) == [
        Change("phase", Phase.MOVE, Phase.BUY),
        Change("seen[0]", Phase.MOVE, Phase.BUY),
    ]


def test_values_of_different_types_change_as_a_whole_even_when_equal() -> None:
    assert [diff(1, 1.0), diff([1, 2], (1, 2))] == [
        [Change("", 1, 1.0)],
        [Change("", [1, 2], (1, 2))],
    ]


def test_a_removal_and_an_insertion_of_one_value_at_one_index_is_no_change() -> None:
    # Aligned on 1 0 and 3: 4, 3 and 1 come in at [0], [1] and [2] of b, and 1 goes from
    # [2] of a: at [2] both sides hold 1.
    assert diff([1, 0, 1, 3], [4, 3, 1, 1, 0, 3]) == [
        Change("[0]", ABSENT, 4),
        Change("[1]", ABSENT, 3),
    ]


def test_removed_struct_element_is_reported_whole() -> None:
    changed = world(students=[Bank((Account("ada", 1),))])
    assert diff(world(), changed) == [
        Change("students[1]", Bank((Account("bob", 2), Account("cy", 3))), ABSENT)
    ]


def test_structs_of_different_types_change_as_a_whole() -> None:
    assert diff([Deposited(0, 1)], [Withdrew(0, 1)]) == [
        Change("[0]", Deposited(0, 1), Withdrew(0, 1))
    ]


def test_different_scalars_change_at_the_root() -> None:
    assert diff(1, "1") == [Change("", 1, "1")]


def test_absent_reads_as_its_name() -> None:
    assert repr(Change("[0]", ABSENT, 1)) == "Change(path='[0]', old=ABSENT, new=1)"


A: list[Event] = [Deposited(0, 1), Withdrew(1, 2), Deposited(2, 3)]


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        (A, list(A), None),
        ([], [], None),
        (A, [A[0], A[1], Deposited(2, 4)], 3),
        (A, [Withdrew(0, 1), *A[1:]], 1),
        (A, A[:2], 3),
        (A[:1], A, 2),
        ([], A, 1),
    ],
    ids=[
        "equal",
        "both empty",
        "last differs",
        "first differs",
        "b is a prefix",
        "a is a prefix",
        "a is empty",
    ],
)
def test_first_divergence_is_the_first_event_that_differs(
    a: list[Event], b: list[Event], expected: int | None
) -> None:
    assert first_divergence(a, b) == expected


def test_aligned_changes_come_in_the_order_of_their_indices() -> None:
    # Aligned on 1, 2, 3 and 4: A B C and D E F go (named by their index in a), N comes in
    # (named by its index in b, 3), and the changes are listed by index, not as found.
    assert diff(list("ABC1DEF234"), list("123N4")) == [
        Change("[0]", "A", ABSENT),
        Change("[1]", "B", ABSENT),
        Change("[2]", "C", ABSENT),
        Change("[3]", ABSENT, "N"),
        Change("[4]", "D", ABSENT),
        Change("[5]", "E", ABSENT),
        Change("[6]", "F", ABSENT),
    ]
