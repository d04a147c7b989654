"""The board's adjacency tables agree with the spec's board, read off Figure 1 independently."""

from __future__ import annotations

import json
from collections.abc import Sequence

from tests.conftest import reference
from watan.engine.topology import (
    CRITERION_COUNT,
    CRITERION_GOALS,
    CRITERION_NEIGHBOURS,
    CRITERION_TILES,
    GOAL_COUNT,
    GOAL_CRITERIA,
    GOAL_NEIGHBOURS,
    GOAL_TILES,
    TILE_COUNT,
    TILE_CRITERIA,
    TILE_GOALS,
    is_criterion,
    is_goal,
    is_tile,
)

TOPOLOGY: dict[str, dict[str, list[int]]] = {
    key: value
    for key, value in json.loads(reference("topology.json")).items()
    if isinstance(value, dict)
}


def as_table(rows: Sequence[Sequence[int]]) -> dict[str, list[int]]:
    """Return a table in topology.json's shape: row number as text -> list."""
    return {str(n): list(row) for n, row in enumerate(rows)}


def test_there_are_19_tiles_54_criteria_and_72_goals() -> None:
    assert (TILE_COUNT, CRITERION_COUNT, GOAL_COUNT) == (19, 54, 72)
    assert (len(TILE_CRITERIA), len(TILE_GOALS)) == (19, 19)
    assert (len(CRITERION_GOALS), len(CRITERION_NEIGHBOURS), len(CRITERION_TILES)) == (54, 54, 54)
    assert (len(GOAL_CRITERIA), len(GOAL_TILES), len(GOAL_NEIGHBOURS)) == (72, 72, 72)


def test_reference_topology_has_the_spec_counts() -> None:
    assert {key: len(table) for key, table in TOPOLOGY.items()} == {
        "tile_vertices": 19,
        "tile_edges": 19,
        "edge_vertices": 72,
        "vertex_edges": 54,
        "vertex_neighbours": 54,
        "vertex_tiles": 54,
        "edge_tiles": 72,
    }


def test_tile_criteria_match_the_reference() -> None:
    assert as_table(TILE_CRITERIA) == TOPOLOGY["tile_vertices"]


def test_tile_goals_match_the_reference() -> None:
    assert as_table(TILE_GOALS) == TOPOLOGY["tile_edges"]


def test_goal_criteria_match_the_reference() -> None:
    assert as_table(GOAL_CRITERIA) == TOPOLOGY["edge_vertices"]


def test_criterion_goals_match_the_reference() -> None:
    assert as_table(CRITERION_GOALS) == TOPOLOGY["vertex_edges"]


def test_criterion_neighbours_match_the_reference() -> None:
    assert as_table(CRITERION_NEIGHBOURS) == TOPOLOGY["vertex_neighbours"]


def test_criterion_tiles_match_the_reference() -> None:
    assert as_table(CRITERION_TILES) == TOPOLOGY["vertex_tiles"]


def test_goal_tiles_match_the_reference() -> None:
    assert as_table(GOAL_TILES) == TOPOLOGY["edge_tiles"]


def test_goal_neighbours_are_the_other_goals_sharing_a_criterion() -> None:
    expected = {
        str(goal): sorted(
            {
                other
                for other, ends in enumerate(GOAL_CRITERIA)
                if other != goal and set(ends) & set(GOAL_CRITERIA[goal])
            }
        )
        for goal in range(72)
    }
    assert as_table(GOAL_NEIGHBOURS) == expected


def test_goal_neighbours_of_a_goal_inside_the_board_and_one_on_its_rim() -> None:
    # Goal 27 joins criteria 20 and 21 (Figure 1): 20 meets goals 22, 27, 31;
    # 21 meets goals 23, 27, 32.  Goal 0 joins criteria 0 and 1, on the top rim.
    assert (GOAL_NEIGHBOURS[27], GOAL_NEIGHBOURS[0]) == ((22, 23, 31, 32), (1, 2))


def test_tile_9_has_the_criteria_of_spec_figure_2() -> None:
    # Spec §2.4: "In Figure 2, the criteria are numbers 20, 21, 26, 27, 32, and 33."
    assert sorted(TILE_CRITERIA[9]) == [20, 21, 26, 27, 32, 33]


def test_tile_9_has_the_goals_of_spec_figure_2() -> None:
    # Spec §2.5: "the goals associated with the tile are numbers 27, 31, 32, 39, 40, and 44."
    assert sorted(TILE_GOALS[9]) == [27, 31, 32, 39, 40, 44]


def test_tile_9_lists_its_corners_and_sides_in_the_documented_order() -> None:
    # top-left, top-right, mid-left, mid-right, bottom-left, bottom-right;
    # top, upper-left, upper-right, lower-left, lower-right, bottom (Figure 2).
    assert (TILE_CRITERIA[9], TILE_GOALS[9]) == (
        (20, 21, 26, 27, 32, 33),
        (27, 31, 32, 39, 40, 44),
    )


def test_is_criterion_accepts_exactly_0_to_53() -> None:
    assert [n for n in range(-3, 60) if is_criterion(n)] == list(range(54))


def test_is_goal_accepts_exactly_0_to_71() -> None:
    assert [n for n in range(-3, 80) if is_goal(n)] == list(range(72))


def test_is_tile_accepts_exactly_0_to_18() -> None:
    assert [n for n in range(-3, 25) if is_tile(n)] == list(range(19))


def test_boundaries_and_far_off_numbers_are_refused() -> None:
    assert (is_criterion(-1), is_criterion(54), is_criterion(0), is_criterion(53)) == (
        False,
        False,
        True,
        True,
    )
    assert (is_goal(-1), is_goal(72), is_goal(0), is_goal(71)) == (False, False, True, True)
    assert (is_tile(-1), is_tile(19), is_tile(0), is_tile(18)) == (False, False, True, True)
    assert (is_criterion(10**30), is_goal(-(10**30)), is_tile(10**30)) == (False, False, False)
