"""Structural differences between two values, and where two event sequences part.

Values are made of msgspec Structs, dicts, lists, tuples and scalars, such as two game
states. A change names where it is with a path such as `students[1].resources[2]`:
Struct fields and string dict keys that are identifiers read as attributes, sequence
indices and any other dict key as `[key]` (the key as `str` shows it, unquoted: a path is
read by people, not parsed). The path of a change to the whole value is "".
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping, Sequence
from difflib import SequenceMatcher
from typing import TypeVar

import msgspec

E = TypeVar("E")


class Absent(enum.Enum):
    """The type of `ABSENT`: no value, on the side of a change where an element does not exist."""

    ABSENT = "absent"

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT = Absent.ABSENT


class Change(msgspec.Struct, frozen=True):
    """One difference: where, the value before and the value after (ABSENT when missing)."""

    path: str
    old: object
    new: object


def diff(a: object, b: object) -> list[Change]:
    """Return the differences from `a` to `b`, in the order of fields, keys and indices.

    Structs of the same type are compared field by field, dicts key by key (the keys of `a`
    in order, then those only in `b`). Anything else, and Structs of different types,
    change as a whole. Equal values give an empty list.

    Lists and tuples are compared index by index, with the extra or missing elements of the
    longer one as changes from or to ABSENT, unless aligning them takes strictly fewer
    edits: then an element inserted into or removed from the middle (a card drawn from the
    front of a deck) is one change from or to ABSENT, not a change at every later index.
    The alignment is difflib's `SequenceMatcher` without its junk heuristic, so the same
    values always give the same changes. Aligned, a removed or replaced element is named by
    its index in `a`, an inserted one by its index in `b`; a removal and an insertion at the
    same index are one change there (both values really are at that index). No index is
    named twice: when a replacement and an insertion would share one, or the elements
    cannot be hashed, the sequences are compared index by index.
    """
    return list(_walk("", a, b))


def first_divergence(a: Sequence[E], b: Sequence[E]) -> int | None:
    """Return the 1-based number of the first event that differs, or None when equal.

    When one sequence is a prefix of the other, that is the first event only the longer
    one has.
    """
    for number, (x, y) in enumerate(zip(a, b, strict=False), start=1):
        if x != y:
            return number
    if len(a) != len(b):
        return min(len(a), len(b)) + 1
    return None


def _walk(path: str, a: object, b: object) -> Iterator[Change]:
    if a == b:
        return
    if isinstance(a, msgspec.Struct) and type(a) is type(b):
        for name in a.__struct_fields__:
            yield from _walk(_join(path, name), getattr(a, name), getattr(b, name))
    elif isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in a:
            yield from _walk(_join(path, key), a[key], b.get(key, ABSENT))
        for key in b:
            if key not in a:
                yield Change(_join(path, key), ABSENT, b[key])
    elif isinstance(a, list | tuple) and isinstance(b, list | tuple):
        yield from _sequence(path, a, b)
    else:
        yield Change(path, a, b)


def _sequence(path: str, a: Sequence[object], b: Sequence[object]) -> list[Change]:
    """Return the changes between two sequences, index by index or aligned (see `diff`)."""
    by_index = _compared(
        path,
        (
            (index, a[index] if index < len(a) else ABSENT, b[index] if index < len(b) else ABSENT)
            for index in range(max(len(a), len(b)))
        ),
    )
    if len(by_index) < 2:
        return by_index
    edits = _edits(a, b)
    if edits is None or len(_compared(path, edits)) >= len(by_index):
        return by_index
    places = _merged(edits)
    return by_index if places is None else _compared(path, places)


Place = tuple[int, object, object]
"""An index and the elements of `a` and `b` compared there (ABSENT on a side without one)."""


def _compared(path: str, places: Iterable[Place]) -> list[Change]:
    return [change for index, old, new in places for change in _walk(f"{path}[{index}]", old, new)]


def _edits(a: Sequence[object], b: Sequence[object]) -> list[Place] | None:
    """Return the edits that make `a` into `b` once aligned, or None when its elements cannot
    be hashed (nor so aligned).

    The elements of each unmatched span pair up in order, at their index in `a`; the extras
    of `a` are removed at their index in `a`, those of `b` inserted at their index in `b`.
    """
    try:
        opcodes = SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
    except TypeError:
        return None
    edits: list[Place] = []
    for tag, a_from, a_to, b_from, b_to in opcodes:
        if tag != "equal":
            paired = min(a_to - a_from, b_to - b_from)
            edits += [(a_from + k, a[a_from + k], b[b_from + k]) for k in range(paired)]
            edits += [(i, a[i], ABSENT) for i in range(a_from + paired, a_to)]
            edits += [(j, ABSENT, b[j]) for j in range(b_from + paired, b_to)]
    return edits


def _merged(edits: list[Place]) -> list[Place] | None:
    """Return the edits with a removal and an insertion at one index as one change there, or
    None when an index would still be named twice (an insertion where a pair is)."""
    places: dict[int, tuple[object, object]] = {}
    for index, old, new in edits:
        there = places.get(index)
        if there is None:
            places[index] = (old, new)
        elif there[1] is ABSENT and old is ABSENT:
            places[index] = (there[0], new)
        elif there[0] is ABSENT and new is ABSENT:
            places[index] = (old, there[1])
        else:
            return None
    return [(index, old, new) for index, (old, new) in sorted(places.items())]


def _join(path: str, key: object) -> str:
    if isinstance(key, str) and key.isidentifier():
        return f"{path}.{key}" if path else key
    return f"{path}[{key}]"
