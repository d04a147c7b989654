"""Resources and the small fixed-size amounts of them that students hold and pay.

A `Resources` value is a 5-tuple of counts in the spec's printing order,
CAFFEINE, LAB, LECTURE, STUDY, TUTORIAL (spec §3.5.1), which is also the
order of the save file's columns (spec §3.7).  Every rule that moves
resources goes through the helpers here.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import Final

Resources = tuple[int, int, int, int, int]
"""Counts of CAFFEINE, LAB, LECTURE, STUDY and TUTORIAL, in that order."""


class Resource(enum.IntEnum):
    """A tile's resource, numbered as in board and save files (spec §3.7)."""

    CAFFEINE = 0
    LAB = 1
    LECTURE = 2
    STUDY = 3
    TUTORIAL = 4
    NETFLIX = 5


HELD: Final[tuple[Resource, ...]] = tuple(r for r in Resource if r is not Resource.NETFLIX)
"""The five resources a student can hold, in printing order (NETFLIX produces nothing)."""

NONE: Final[Resources] = (0, 0, 0, 0, 0)


def single(resource: Resource, count: int = 1) -> Resources:
    """Return `count` units of one held resource as an amount."""
    amounts = [0, 0, 0, 0, 0]
    amounts[resource] = count
    return (amounts[0], amounts[1], amounts[2], amounts[3], amounts[4])


def add(a: Resources, b: Resources) -> Resources:
    """Return the sum of two amounts."""
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4])


def subtract(a: Resources, b: Resources) -> Resources:
    """Return a minus b; callers check `covers` first (spec §3.5.3)."""
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4])


def covers(held: Resources, cost: Resources) -> bool:
    """Return whether `held` can pay `cost` (spec §3.5.3)."""
    return (
        held[0] >= cost[0]
        and held[1] >= cost[1]
        and held[2] >= cost[2]
        and held[3] >= cost[3]
        and held[4] >= cost[4]
    )


def total(amount: Resources) -> int:
    """Return how many units an amount holds in all."""
    return amount[0] + amount[1] + amount[2] + amount[3] + amount[4]


def items(amount: Resources) -> Iterator[tuple[Resource, int]]:
    """Yield (resource, count) for the non-zero counts, in printing order (spec §3.5.1)."""
    for resource in HELD:
        if amount[resource]:
            yield resource, amount[resource]


def unit_at(amount: Resources, index: int) -> Resource:
    """Return the resource of the index-th unit when the units are laid out in order.

    Drawing a uniform index in range(total) and mapping it here picks each
    resource with probability count/total, as spec §3.6 requires of losses
    and steals.
    """
    for resource in HELD:
        if index < amount[resource]:
            return resource
        index -= amount[resource]
    raise ValueError("index beyond the units held")
