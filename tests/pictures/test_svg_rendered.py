"""The sample save's picture as Chromium draws it: each owner's colour at each of their places,
each tile's colour on each tile, and the geese on theirs (a screenshot, read pixel by pixel)."""

from __future__ import annotations

import io
import itertools
import math
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from selenium import webdriver

from tests.conftest import ROOT, WATAN
from tests.pictures.browser import chromium
from watan.editions import edition
from watan.engine.resources import Resource
from watan.engine.state import Colour
from watan.files.savefile import parse_board
from watan.pictures.geometry import CRITERION_POINTS, GOAL_HALVES, GOAL_POINTS, TILE_POINTS
from watan.pictures.palette import DARK, LIGHT, STUDENT_COLOURS

pytestmark = pytest.mark.slow  # drives a browser

RGB = tuple[int, int, int]

# sample-save.sv, line by line (spec §3.7): each student's criteria and goals.
CRITERIA = {
    Colour.BLUE: (37, 25, 30), Colour.RED: (32, 44), Colour.ORANGE: (16, 40),
    Colour.YELLOW: (20, 27),
}  # fmt: skip
GOALS = {
    Colour.BLUE: (38, 47, 43), Colour.RED: (56, 48, 64), Colour.ORANGE: (24, 50, 33, 41),
    Colour.YELLOW: (27, 32),
}  # fmt: skip
GEESE = 8


def rgb(colour: str) -> RGB:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def near(a: RGB, b: RGB, tolerance: int = 10) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


@pytest.fixture(scope="module")
def screenshot() -> Iterator[Image.Image]:
    """The golden picture of sample-save.sv, drawn by Chromium at its size, 800 x 861."""
    picture: Path = ROOT / "fixtures" / "pictures" / "sample-save.svg"
    driver: webdriver.Chrome
    with chromium(1000, 1000) as driver:
        driver.get(picture.as_uri())
        png = driver.get_screenshot_as_png()
    with Image.open(io.BytesIO(png)) as image:
        yield image.convert("RGB")


def pixel(image: Image.Image, x: float, y: float) -> RGB:
    r, g, b = image.getpixel((round(x), round(y)))  # type: ignore[misc]
    return (r, g, b)


def around(image: Image.Image, x: float, y: float, distance: float = 10) -> list[RGB]:
    """Return the pixels left, right, above and below a point, clear of a centred letter."""
    return [pixel(image, x + dx, y + dy) for dx, dy in
            ((-distance, 0), (distance, 0), (0, -distance), (0, distance))]


def test_each_criterion_is_drawn_in_its_owner_s_colour_and_the_rest_white(
    screenshot: Image.Image,
) -> None:
    owners = {c: colour for colour, criteria in CRITERIA.items() for c in criteria}
    for criterion, (x, y) in enumerate(CRITERION_POINTS):
        expected = rgb(STUDENT_COLOURS[owners[criterion]]) if criterion in owners else rgb(LIGHT)
        assert all(near(p, expected) for p in around(screenshot, x, y)), criterion


def test_each_goal_is_drawn_in_its_owner_s_colour_and_no_other_is(
    screenshot: Image.Image,
) -> None:
    owners = {g: colour for colour, goals in GOALS.items() for g in goals}
    students = [rgb(c) for c in STUDENT_COLOURS.values()]
    for goal, (x, y) in enumerate(GOAL_POINTS):
        dx, dy = GOAL_HALVES[goal]
        along = math.hypot(dx, dy)
        # Points on the side, between the label in the middle and the criteria at the ends.
        points = [pixel(screenshot, x + s * 20 * dx / along, y + s * 20 * dy / along)
                  for s in (-1, 1)]
        if goal in owners:
            assert all(near(p, rgb(STUDENT_COLOURS[owners[goal]])) for p in points), goal
        else:
            assert not any(near(p, s, 30) for p in points for s in students), goal


def test_each_tile_is_its_resource_s_colour_and_the_geese_are_on_theirs(
    screenshot: Image.Image,
) -> None:
    board = parse_board(
        (ROOT / "fixtures/spec/sample-board.txt").read_text(), "sample-board.txt", WATAN
    )
    colours = edition("watan").tile_colours
    for tile, (x, y) in enumerate(TILE_POINTS):
        assert near(pixel(screenshot, x, y + 64), rgb(colours[board[tile].resource])), tile
        # The geese are a dark label under the value (spec §3.6: GEESE below the value).
        geese = near(pixel(screenshot, x - 27, y + 44), rgb(DARK))
        assert geese == (tile == GEESE), tile


def test_each_value_s_token_shows_one_dot_for_each_roll_of_two_dice_that_gives_it(
    screenshot: Image.Image,
) -> None:
    # Read across the row of dots under each value: a run of ink between white is one dot.
    board = parse_board(
        (ROOT / "fixtures/spec/sample-board.txt").read_text(), "sample-board.txt", WATAN
    )
    rolls = Counter(a + b for a, b in itertools.product(range(1, 7), repeat=2))
    netflix = rgb(edition("watan").tile_colours[Resource.NETFLIX])
    for tile, (x, y) in enumerate(TILE_POINTS):
        if board[tile].resource is Resource.NETFLIX:  # no value, no token (spec §3.5.5)
            assert near(pixel(screenshot, x, y + 14), netflix), tile
            continue
        row = [not near(pixel(screenshot, x + dx, y + 14), rgb(LIGHT), 60) for dx in range(-16, 17)]
        dots = sum(1 for i, inked in enumerate(row) if inked and (i == 0 or not row[i - 1]))
        assert dots == rolls[board[tile].value], tile
