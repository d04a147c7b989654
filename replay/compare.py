"""Two games compared in words: where their journals part, and how their states differ.

A game that wants differences a player can read compares views of its states (plain
values keyed by the game's own words) rather than the states themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from replay.differences import ABSENT, diff, first_divergence
from replay.protocol import Definition

H = TypeVar("H")
E = TypeVar("E")
S = TypeVar("S")


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


def parting(
    definition: Definition[H, E, S], header: H, a: Sequence[E], b: Sequence[E]
) -> str | None:
    """Return where two journals' events first differ, in the game's words, or None."""
    number = first_divergence(a, b)
    if number is None:
        return None

    def said(events: Sequence[E]) -> str:
        if number > len(events):
            return "nothing (its journal ends)"
        return definition.describe(header, events[number - 1])

    return f"The journals part ways at event {number}: A has {said(a)}; B has {said(b)}."
