"""The picture's places: regular hexagons, laid out as spec Figure 1 lays the board out."""

from __future__ import annotations

import math
import re

import pytest

from tests.conftest import reference
from watan.engine.topology import GOAL_CRITERIA, TILE_CRITERIA
from watan.pictures.geometry import (
    CRITERION_POINTS,
    GOAL_HALVES,
    GOAL_POINTS,
    HEIGHT,
    MARGIN,
    RADIUS,
    TILE_POINTS,
    WIDTH,
    Point,
)


def figure_places(pattern: str) -> dict[int, tuple[int, int]]:
    """Return the (column, line) where each match of `pattern` starts, by its first group."""
    places = {}
    for line, text in enumerate(reference("board-figure1.txt").splitlines()):
        for found in re.finditer(pattern, text):
            places[int(found.group(1))] = (found.start(), line)
    return places


def assert_linear(points: dict[int, Point], places: dict[int, tuple[int, int]]) -> None:
    """Each point is a*column + b across and c*line + d down, the same a, b, c, d for all."""
    numbers = sorted(places)
    left = min(numbers, key=lambda n: places[n][0])
    right = max(numbers, key=lambda n: places[n][0])
    top = min(numbers, key=lambda n: places[n][1])
    bottom = max(numbers, key=lambda n: places[n][1])
    a = (points[right][0] - points[left][0]) / (places[right][0] - places[left][0])
    c = (points[bottom][1] - points[top][1]) / (places[bottom][1] - places[top][1])
    for n in numbers:
        column, line = places[n]
        assert points[n][0] == pytest.approx(points[left][0] + a * (column - places[left][0]))
        assert points[n][1] == pytest.approx(points[top][1] + c * (line - places[top][1]))


def test_criteria_sit_where_figure_1_prints_their_numbers() -> None:
    places = figure_places(r"\|\s?(\d+)\|")
    assert sorted(places) == list(range(54))
    assert_linear(dict(enumerate(CRITERION_POINTS)), places)


def test_tiles_sit_where_figure_1_prints_their_numbers() -> None:
    # A tile's number is printed on the line above its resource's name, over its middle.
    # Its place is where it ends: numbers are right-aligned in two columns.
    lines = reference("board-figure1.txt").splitlines()
    places = {}
    for line, text in enumerate(lines):
        for word in re.finditer(r"[A-Z]{3,}", text):
            middle = (word.start() + word.end()) / 2
            above = re.finditer(r"\d+", lines[line - 1])
            tile = min(above, key=lambda n: abs((n.start() + n.end()) / 2 - middle))
            places[int(tile.group())] = (tile.end(), line - 1)
    assert sorted(places) == list(range(19))
    assert_linear(dict(enumerate(TILE_POINTS)), places)


def test_every_tile_is_a_regular_hexagon_around_its_centre() -> None:
    for tile, corners in enumerate(TILE_CRITERIA):
        cx, cy = TILE_POINTS[tile]
        for corner in corners:
            x, y = CRITERION_POINTS[corner]
            assert math.hypot(x - cx, y - cy) == pytest.approx(RADIUS)


def test_every_goal_is_one_side_long_and_marked_at_its_middle() -> None:
    for goal, (a, b) in enumerate(GOAL_CRITERIA):
        (ax, ay), (bx, by) = CRITERION_POINTS[a], CRITERION_POINTS[b]
        assert math.hypot(bx - ax, by - ay) == pytest.approx(RADIUS)
        assert GOAL_POINTS[goal] == pytest.approx(((ax + bx) / 2, (ay + by) / 2))
        assert GOAL_HALVES[goal] == pytest.approx(((bx - ax) / 2, (by - ay) / 2))


def test_the_board_fills_800_pixels_across_inside_its_margins() -> None:
    xs = [x for x, _ in CRITERION_POINTS]
    ys = [y for _, y in CRITERION_POINTS]
    assert WIDTH == 800
    assert (min(xs), max(xs)) == pytest.approx((MARGIN, WIDTH - MARGIN))
    assert (min(ys), max(ys)) == pytest.approx((MARGIN, HEIGHT - MARGIN), abs=0.5)
