"""Structural differences between two values, and where two event sequences part.

Values are made of msgspec Structs, dicts, lists, tuples and scalars, such as two game
states. A change names where it is with a path such as `students[1].resources[2]`:
Struct fields and string dict keys that are identifiers read as attributes, sequence
indices and any other dict key as `[key]`. The path of a change to the whole value is "".
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping, Sequence
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
    in order, then those only in `b`), lists and tuples index by index, with the extra or
    missing elements of the longer one as changes from or to ABSENT. Anything else, and
    Structs of different types, change as a whole. Equal values give an empty list.
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
        for index in range(max(len(a), len(b))):
            yield from _walk(
                f"{path}[{index}]",
                a[index] if index < len(a) else ABSENT,
                b[index] if index < len(b) else ABSENT,
            )
    else:
        yield Change(path, a, b)


def _join(path: str, key: object) -> str:
    if isinstance(key, str) and key.isidentifier():
        return f"{path}.{key}" if path else key
    return f"{path}[{key!r}]"
