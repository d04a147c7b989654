"""The board's shape in the spec's numbering: 19 tiles, 54 criteria, 72 goals.

Everything is computed once, at import, from one compact description: where
each tile's centre sits.  Tiles are flat-topped hexagons; a tile centred at
(x, y) has its six criteria (vertices) at x-1/x+1 on the row above, x-2/x+2
on its own row and x-1/x+1 on the row below.  The spec numbers criteria top
to bottom, then left to right (spec Figure 1), and goals (edges) by their
midpoint in the same order, so sorting coordinates reproduces its numbering.
"""

from __future__ import annotations

from typing import Final, NewType, TypeVar

TileId = NewType("TileId", int)
CriterionId = NewType("CriterionId", int)
GoalId = NewType("GoalId", int)

Id = TypeVar("Id", bound=int)

TILE_COUNT: Final = 19
CRITERION_COUNT: Final = 54
GOAL_COUNT: Final = 72

# Tile centres, tile 0 first (spec Figure 1): columns 3 units apart, rows 2.
_TILE_ROWS: tuple[tuple[int, ...], ...] = (
    (2,), (1, 3), (0, 2, 4), (1, 3), (0, 2, 4), (1, 3), (0, 2, 4), (1, 3), (2,),
)
TILE_CENTRES: tuple[tuple[int, int], ...] = tuple(
    (3 * column, 2 * row) for row, columns in enumerate(_TILE_ROWS) for column in columns
)

# A tile's corners in the order [top-left, top-right, mid-left, mid-right,
# bottom-left, bottom-right] and its sides in the order [top, upper-left,
# upper-right, lower-left, lower-right, bottom], each side as two corners.
_CORNER_OFFSETS = ((-1, -2), (1, -2), (-2, 0), (2, 0), (-1, 2), (1, 2))
_SIDES = ((0, 1), (0, 2), (1, 3), (2, 4), (3, 5), (4, 5))


def _corners(tile: int) -> tuple[tuple[int, int], ...]:
    x, y = TILE_CENTRES[tile]
    return tuple((x + dx, y + dy) for dx, dy in _CORNER_OFFSETS)


def _number_points() -> dict[tuple[int, int], int]:
    points = {point for tile in range(TILE_COUNT) for point in _corners(tile)}
    return {point: n for n, point in enumerate(sorted(points, key=lambda p: (p[1], p[0])))}


CRITERION_POSITIONS: dict[tuple[int, int], int] = _number_points()
"""Criterion number by its (x, y) position; the renderer places text by it."""


def _tile_criteria(tile: int) -> tuple[CriterionId, ...]:
    return tuple(CriterionId(CRITERION_POSITIONS[p]) for p in _corners(tile))


TILE_CRITERIA: Final[tuple[tuple[CriterionId, ...], ...]] = tuple(
    _tile_criteria(t) for t in range(TILE_COUNT)
)
"""The six criteria of each tile: top-left, top-right, mid-left, mid-right, bottom-left,
bottom-right."""


def _number_goals() -> tuple[tuple[CriterionId, CriterionId], ...]:
    ends = {
        tuple(sorted((corners[a], corners[b])))
        for corners in TILE_CRITERIA
        for a, b in _SIDES
    }
    positions = {n: p for p, n in CRITERION_POSITIONS.items()}

    def midpoint(edge: tuple[CriterionId, ...]) -> tuple[int, int]:
        (x1, y1), (x2, y2) = positions[edge[0]], positions[edge[1]]
        return (y1 + y2, x1 + x2)

    return tuple((e[0], e[1]) for e in sorted(ends, key=midpoint))


GOAL_CRITERIA: Final[tuple[tuple[CriterionId, CriterionId], ...]] = _number_goals()
"""The two criteria each goal joins, lower number first."""

_GOAL_BY_ENDS = {ends: GoalId(g) for g, ends in enumerate(GOAL_CRITERIA)}

TILE_GOALS: Final[tuple[tuple[GoalId, ...], ...]] = tuple(
    tuple(
        _GOAL_BY_ENDS[(min(corners[a], corners[b]), max(corners[a], corners[b]))]
        for a, b in _SIDES
    )
    for corners in TILE_CRITERIA
)
"""The six goals of each tile: top, upper-left, upper-right, lower-left, lower-right, bottom."""

def _incidence(pairs: list[tuple[int, Id]], count: int) -> tuple[tuple[Id, ...], ...]:
    """Return, for each of `count` items, the sorted partners listed with it in `pairs`."""
    partners: list[list[Id]] = [[] for _ in range(count)]
    for item, partner in pairs:
        partners[item].append(partner)
    return tuple(tuple(sorted(p)) for p in partners)


CRITERION_GOALS: Final = _incidence(
    [(c, GoalId(g)) for g, ends in enumerate(GOAL_CRITERIA) for c in ends], CRITERION_COUNT
)
"""The goals that meet at each criterion, ascending."""

CRITERION_NEIGHBOURS: Final = _incidence(
    [pair for a, b in GOAL_CRITERIA for pair in ((a, b), (b, a))], CRITERION_COUNT
)
"""The criteria one goal away from each criterion, ascending (spec §3.1 forbids
completing a criterion next to a completed one)."""

CRITERION_TILES: Final = _incidence(
    [(c, TileId(t)) for t, corners in enumerate(TILE_CRITERIA) for c in corners], CRITERION_COUNT
)
"""The tiles each criterion touches, ascending."""

GOAL_TILES: Final = _incidence(
    [(g, TileId(t)) for t, sides in enumerate(TILE_GOALS) for g in sides], GOAL_COUNT
)
"""The tiles each goal borders, ascending."""

GOAL_NEIGHBOURS: Final[tuple[tuple[GoalId, ...], ...]] = tuple(
    tuple(sorted({h for c in GOAL_CRITERIA[g] for h in CRITERION_GOALS[c] if h != g}))
    for g in range(GOAL_COUNT)
)
"""The goals sharing a criterion with each goal (spec §3.3: a goal may extend an
achieved goal)."""


def is_criterion(n: int) -> bool:
    """Return whether n numbers a criterion on the board (RULINGS 10: others can't be built)."""
    return 0 <= n < CRITERION_COUNT


def is_goal(n: int) -> bool:
    """Return whether n numbers a goal on the board."""
    return 0 <= n < GOAL_COUNT


def is_tile(n: int) -> bool:
    """Return whether n numbers a tile on the board."""
    return 0 <= n < TILE_COUNT
