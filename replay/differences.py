"""Structural differences between two values, and where two event sequences part.

Values are made of msgspec Structs, dicts, lists, tuples and scalars, such as two game
states.  DeepDiff finds the differences (its tree view); this module presents them as the
toolkit's `Change`s, in the values' own order.  A change names where it is with a path such
as `students[1].resources[2]`: Struct fields and string dict keys that are identifiers read
as attributes, sequence indices and any other dict key as `[key]` (the key as `str` shows
it, unquoted: a path is read by people, not parsed).  The path of a change to the whole
value is "".

DeepDiff is imported with this module, which only the tools that compare games import: a
game that is played never loads it.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import msgspec
from deepdiff import DeepDiff
from deepdiff.helper import NotPresent
from deepdiff.model import DiffLevel
from deepdiff.operator import BaseOperator

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
    in order, then those only in `b`).  Anything else changes as a whole: scalars,
    enumeration members, and values of different types (Structs of two types, a list and a
    tuple, even 1 and 1.0).  Equal values give an empty list.

    Sequences are compared index by index, the extra or missing elements of the longer one
    as changes from or to ABSENT, unless DeepDiff's alignment of sequences of plain values
    (strings and numbers: difflib's, without its junk heuristic) takes strictly fewer
    changes: then an element inserted into or removed from the middle (a card drawn from
    the front of a deck) is one change from or to ABSENT, not a change at every later
    index.  Aligned, a removed or replaced element is named by its index in `a`, an
    inserted one by its index in `b`; a removal and an insertion at the same index are one
    change there, and none at all when they carry the same value.  No index is named twice:
    where DeepDiff names one twice (a replacement and an insertion at one index), that
    sequence is compared index by index (DeepDiff's `zip_ordered_iterables`).
    """
    found = _found(a, b, zipped=False)
    named = Counter(path for path, _, _ in found)
    for sequence in {path[:-1] for path, times in named.items() if times > 1}:
        outside = [change for change in found if change[0][: len(sequence)] != sequence]
        again = _found(_at(a, sequence), _at(b, sequence), zipped=True)
        found = outside + [(sequence + path, old, new) for path, old, new in again]
    kept = [change for change in found if not _same(change[1], change[2])]
    kept.sort(key=lambda change: _place(a, b, change[0]))
    return [Change(_path(steps), old, new) for steps, old, new in kept]


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


Steps = tuple[Any, ...]
"""Where a change is, as DeepDiff names it: field names, dict keys and sequence indices."""

Found = tuple[Steps, object, object]


class _Whole(BaseOperator):
    """Compares enumeration members as whole values: DeepDiff would compare their names and
    values as attributes, two changes for one."""

    def give_up_diffing(self, level: DiffLevel, diff_instance: DeepDiff) -> bool:
        if level.t1 != level.t2:
            diff_instance.custom_report_result("values_changed", level)
        return True


def _found(a: object, b: object, *, zipped: bool) -> list[Found]:
    """Return DeepDiff's changes from `a` to `b`: where, before and after.

    Every level is compared (`threshold_to_diff_deeper=0`: by default a dict or object with
    a third of its keys changed is reported whole), nothing is left out as private, order
    counts, and with `zipped` sequences are compared index by index only.  An element found
    at another index unchanged is no change at its place, so moves are left out.
    """
    tree = DeepDiff(
        a,
        b,
        view="tree",
        ignore_order=False,
        zip_ordered_iterables=zipped,
        threshold_to_diff_deeper=0,
        ignore_private_variables=False,
        custom_operators=[_Whole(types=[enum.Enum])],
    )
    return [
        (tuple(level.path(output_format="list")), _side(level.t1), _side(level.t2))
        for kind, levels in tree.items()
        if kind != "iterable_item_moved"
        for level in levels
    ]


def _side(value: object) -> object:
    return ABSENT if isinstance(value, NotPresent) else value


def _same(old: object, new: object) -> bool:
    """Return whether a change changes nothing: DeepDiff's removal and insertion at one
    index, made one change, carrying one value."""
    return type(old) is type(new) and old == new


def _at(value: object, steps: Steps) -> object:
    """Return the part of `value` at `steps`, or ABSENT where it has none."""
    for step in steps:
        if isinstance(value, msgspec.Struct) and isinstance(step, str):
            value = getattr(value, step, ABSENT)
        elif isinstance(value, Mapping):
            value = value.get(step, ABSENT)
        elif isinstance(value, Sequence) and isinstance(step, int) and 0 <= step < len(value):
            value = value[step]
        else:
            return ABSENT
    return value


def _place(a: object, b: object, steps: Steps) -> tuple[int, ...]:
    """Return where a change comes in the values' order: at each step, the field's place in
    its Struct, the key's among the keys of `a` then those only in `b`, or the index."""
    place = []
    for step in steps:
        held = a if a is not ABSENT else b
        if isinstance(held, msgspec.Struct):
            place.append(held.__struct_fields__.index(step))
        elif isinstance(held, Mapping):
            keys = list(a) if isinstance(a, Mapping) else []
            keys += [key for key in b if key not in keys] if isinstance(b, Mapping) else []
            place.append(keys.index(step))
        else:
            place.append(step)
        a, b = _at(a, (step,)), _at(b, (step,))
    return tuple(place)


def _path(steps: Steps) -> str:
    path = ""
    for step in steps:
        if isinstance(step, str) and step.isidentifier():
            path = f"{path}.{step}" if path else step
        else:
            path = f"{path}[{step}]"
    return path
