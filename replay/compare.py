"""Two games compared in words: where their journals part, and how their states differ.

For people, a game shows itself as a `Seen`: each thing a player can name (`Blue`'s `LAB`,
`criterion 20`) with its value in words, so that two games differ in one line per thing
that changed (`told`).  For programs, the differences between two plain values are paths
(`changes`, `document`), found by `replay.differences`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

import msgspec

from replay.differences import ABSENT, Change, diff, first_divergence
from replay.protocol import Definition

H = TypeVar("H")
E = TypeVar("E")
S = TypeVar("S")

ARROW = "→"
"""Between a thing's value in A and in B, in the lines people read."""


def changes(a: object, b: object) -> list[str]:
    """Return one `path: old -> new` line per difference from `a` to `b`, in their order.

    A value only one side has shows as `absent` on the other.
    """
    return [
        f"{change.path or '(the whole value)'}: {_shown(change.old)} -> {_shown(change.new)}"
        for change in diff(a, b)
    ]


def _shown(value: object) -> str:
    return "absent" if value is ABSENT else str(value)


class Parting(NamedTuple):
    """Where two journals part: the step their first different event makes, and that event
    on each side in the game's words (None on a side whose journal ends before it)."""

    step: int
    a: str | None
    b: str | None


def parted(
    definition: Definition[H, E, S], header: H, a: Sequence[E], b: Sequence[E]
) -> Parting | None:
    """Return where two journals' events first differ, in the game's words, or None."""
    number = first_divergence(a, b)
    if number is None:
        return None

    def said(events: Sequence[E]) -> str | None:
        return None if number > len(events) else definition.describe(header, events[number - 1])

    return Parting(number, said(a), said(b))


def parting_line(parting: Parting) -> str:
    """Return the sentence saying where two games part: `The games part at step 41: Blue
    rolled 8 / Blue rolled 6.`, a side whose journal ends there said so."""

    def side(name: str, event: str | None) -> str:
        return event if event is not None else f"{name}'s journal ends at step {parting.step - 1}"

    a, b = side("A", parting.a), side("B", parting.b)
    return f"The games part at step {parting.step}: {a} / {b}."


Seen = Mapping[tuple[str, str], object]
"""A game as people see it: for each thing a player can name, given as whose or what it is
and which of its things (`("Blue", "LAB")`; `("criterion 20", "")` for a thing of its own),
its value in words or as a number."""


def told(a: Seen, b: Seen) -> list[str]:
    """Return one line per thing whose value differs from `a` to `b`, in the order of `a`
    then of the things only `b` has: `Blue: LAB 2 → 3`, `criterion 20: Blue's Assignment →
    Blue's Midterm`; a thing one side lacks is `nothing` there."""
    lines = []
    for key in [*a, *(key for key in b if key not in a)]:
        old, new = a.get(key, ABSENT), b.get(key, ABSENT)
        if type(old) is type(new) and old == new:
            continue
        whose, which = key
        what = f"{whose}: {which} " if which else f"{whose}: "
        lines.append(f"{what}{_said(old)} {ARROW} {_said(new)}")
    return lines


def _said(value: object) -> str:
    return "nothing" if value is ABSENT else str(value)


def counted(differences: int) -> str:
    """Return the line that counts two games' differences (the journals may still part
    where the games end alike, as a declined trade leaves a game as it was)."""
    if differences == 0:
        return "The games themselves are alike: only their journals differ."
    return f"{differences} difference{'s' if differences != 1 else ''}."


def report(
    names: tuple[str, str], unrelated: str | None, parting: Parting | None, lines: Sequence[str]
) -> tuple[bool, list[str]]:
    """Return whether two games are the same, and what a game's `diff` prints for people:
    that two different games are so, in one line; that they are the same game; or where
    they part, a line per difference (`told`) and how many."""
    a, b = names
    if unrelated is not None:
        return False, [f"{a} and {b} are different games: {unrelated}."]
    if parting is None and not lines:
        return True, [f"{a} and {b} are the same game."]
    parted = [parting_line(parting)] if parting is not None else []
    return False, [*parted, *lines, counted(len(lines))]


# --- For programs ------------------------------------------------------------------------

VERSION = 1
"""The version of the differences' document; a field renamed, removed or given another
meaning makes the next, a field added does not."""


class ChangeDocument(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One difference between the two games."""

    path: str
    """Where, in the game's view: `Blue.resources.LAB`, `criteria[20]`."""
    a: Any = msgspec.UNSET
    """The value in A; left out where A has no such thing."""
    b: Any = msgspec.UNSET
    """The value in B; left out where B has no such thing."""


class PartingDocument(msgspec.Struct, frozen=True, kw_only=True):
    """Where two journals part."""

    step: int
    """The step the first different event makes (events count from 1)."""
    a: str | None
    """That event in A, in the game's words; null where A's journal ends before it."""
    b: str | None
    """That event in B, in the game's words; null where B's journal ends before it."""


class DifferencesDocument(msgspec.Struct, frozen=True, kw_only=True):
    """Two games compared, for programs: check `document` and `version` first."""

    document: str
    """What this is: the game's name and `-diff` (`watan-diff`, `bazaar-diff`)."""
    version: int
    """The document's version (a new field may come within one)."""
    a: str
    """Side A, as named on the command line."""
    b: str
    """Side B, as named on the command line."""
    same: bool
    """Whether the two are the same game at the same step (journals equal, or games equal)."""
    unrelated: str | None
    """How the two are different games with nothing to compare, or null."""
    parting: PartingDocument | None
    """Where two journals part; null when they do not, or either side is no journal."""
    changes: list[ChangeDocument]
    """Every difference between the two games' views, in their order."""


def document(
    kind: str,
    names: tuple[str, str],
    unrelated: str | None,
    parting: Parting | None,
    found: Sequence[Change],
) -> DifferencesDocument:
    """Return two games' comparison as a document for programs."""
    return DifferencesDocument(
        document=f"{kind}-diff",
        version=VERSION,
        a=names[0],
        b=names[1],
        same=unrelated is None and parting is None and not found,
        unrelated=unrelated,
        parting=None if parting is None else PartingDocument(**parting._asdict()),
        changes=[
            ChangeDocument(path=change.path, **_sides(change.old, change.new))
            for change in found
        ],
    )


def _sides(old: object, new: object) -> dict[str, object]:
    return {side: value for side, value in (("a", old), ("b", new)) if value is not ABSENT}


def document_schema(kind: str) -> dict[str, Any]:
    """Return the JSON Schema (draft 2020-12) of a game's differences' document."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{kind} diff --format json, version {VERSION}",
        **msgspec.json.schema(DifferencesDocument),
    }
