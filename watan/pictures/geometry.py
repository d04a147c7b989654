"""Where things sit in a picture of the board, in pixels, from the topology's tile centres.

`topology` places tile centres 3 units apart in columns and 2 apart in rows,
with a tile's corners at x-1/x+1 two rows above and below its centre and at
x-2/x+2 on its row.  That hexagon is regular once a row unit is √3/2 of a
column unit, so a picture scales y by that much and everything lands where
the spec's Figure 1 has it, in the same numbering.
"""

from __future__ import annotations

import math

from watan.engine.topology import (
    CRITERION_POSITIONS,
    GOAL_CRITERIA,
    TILE_CENTRES,
)

UNIT = 46.0
"""Pixels per column unit: the board is 16 units wide, so 736 px plus margins is 800."""
MARGIN = 32.0
ROW = UNIT * math.sqrt(3) / 2
"""Pixels per row unit: what makes the hexagons regular."""
RADIUS = 2 * UNIT
"""A tile's corner distance from its centre (also the length of one side)."""

_LEFT, _TOP = -2, -2
"""The smallest corner coordinates: mid-left and top corners of the outer tiles."""
WIDTH = round(2 * MARGIN + 16 * UNIT)
HEIGHT = round(2 * MARGIN + 20 * ROW)


Point = tuple[float, float]


def _place(x: int, y: int) -> Point:
    return (MARGIN + (x - _LEFT) * UNIT, MARGIN + (y - _TOP) * ROW)


TILE_POINTS: tuple[Point, ...] = tuple(_place(x, y) for x, y in TILE_CENTRES)
"""Each tile's centre, by tile number."""

CRITERION_POINTS: tuple[Point, ...] = tuple(
    _place(x, y) for (x, y), _ in sorted(CRITERION_POSITIONS.items(), key=lambda item: item[1])
)
"""Each criterion's place (a tile corner), by criterion number."""

GOAL_POINTS: tuple[Point, ...] = tuple(
    ((CRITERION_POINTS[a][0] + CRITERION_POINTS[b][0]) / 2,
     (CRITERION_POINTS[a][1] + CRITERION_POINTS[b][1]) / 2)
    for a, b in GOAL_CRITERIA
)
"""Each goal's place: the middle of the side it runs along."""

GOAL_HALVES: tuple[Point, ...] = tuple(
    ((CRITERION_POINTS[b][0] - CRITERION_POINTS[a][0]) / 2,
     (CRITERION_POINTS[b][1] - CRITERION_POINTS[a][1]) / 2)
    for a, b in GOAL_CRITERIA
)
"""From each goal's middle to the end at its higher-numbered criterion."""

HEXAGON: tuple[Point, ...] = tuple(
    (RADIUS * math.cos(math.radians(angle)), RADIUS * math.sin(math.radians(angle)))
    for angle in range(0, 360, 60)
)
"""A tile's outline around its centre, flat top and bottom like Figure 1's."""
