"""The replay page on a laptop's screen: at 1280x720, 1400x900 and 1920x1080 the board, the
controls, the caption, the students and the current event are all on screen without
scrolling, the event list follows the step, the end names the winner, and every count the
page writes agrees with its number (screenshots taken at each size are read back)."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.pictures.browser import chromium
from tests.pictures.test_svg_rendered import near, pixel, rgb
from tests.pictures.test_viewer_browser import (
    CONSTRUCTOR,
    SEVENS,
    Expected,
    next_frame,
    open_page,
    press,
    watan,
)
from tests.recording import JOURNALS
from watan.engine.state import Colour
from watan.pictures import palette

pytestmark = pytest.mark.slow  # drives a browser

WON = JOURNALS / "win-by-completion" / "journal.jsonl"
SIZES = [(1280, 720), (1400, 900), (1920, 1080)]
NOW = rgb("#fff1b8")
"""The current event's background (viewer.css `--now`)."""

BOXES = """
const box = (e) => { const r = e.getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
const all = (selector) => Array.from(document.querySelectorAll(selector))
  .filter((e) => e.getClientRects().length > 0).map(box);
return {
  view: [innerWidth, innerHeight],
  page: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
  board: box(document.querySelector("#board svg")),
  graph: box(document.getElementById("graph")),
  buttons: all(".controls button"),
  slider: box(document.getElementById("slider")),
  caption: all("#step-number, #turn-number, #event-now, #standing"),
  students: all(".student"),
  event: all("#events [aria-current=step]"),
  winner: all("#winner"),
};
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    with chromium(1280, 1000) as driver:
        yield driver


@contextmanager
def screen(browser: webdriver.Chrome, width: int, height: int) -> Iterator[None]:
    """Make the page's viewport exactly `width` x `height` CSS pixels, as a laptop's is, for
    the time of the block."""
    metrics = {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        yield
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def inside(box: dict[str, float], width: int, height: int) -> bool:
    return 0 <= box["left"] < box["right"] <= width and 0 <= box["top"] < box["bottom"] <= height


def off_screen(boxes: dict[str, Any]) -> list[str]:
    """Return the names of the elements not wholly inside the viewport."""
    width, height = boxes["view"]
    named = [("board", boxes["board"]), ("slider", boxes["slider"])]
    named += [(f"button {i}", b) for i, b in enumerate(boxes["buttons"])]
    named += [(f"caption {i}", b) for i, b in enumerate(boxes["caption"])]
    named += [(f"student {i}", b) for i, b in enumerate(boxes["students"])]
    named += [("current event", b) for b in boxes["event"]]
    named += [("winner", b) for b in boxes["winner"]]
    return [name for name, box in named if not inside(box, width, height)]


def screenshot(browser: webdriver.Chrome, path: Path) -> Image.Image:
    """Save what the browser shows to `path` and return it."""
    png = browser.get_screenshot_as_png()
    path.write_bytes(png)
    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGB")


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_at_laptop_sizes_everything_is_on_screen_at_every_kind_of_step(
    browser: webdriver.Chrome, tmp_path: Path, width: int, height: int
) -> None:
    with screen(browser, width, height):
        open_page(browser, WON, tmp_path)
        game = Expected(WON)
        keys = [("", 0), (Keys.PAGE_DOWN, 8), (Keys.PAGE_DOWN, None), (Keys.END, game.last)]
        for key, step in keys:
            if key:
                press(browser, key)
            shown = browser.execute_script("return Number(document.body.dataset.step)")
            if step is not None:
                assert shown == step
            boxes = next_frame(browser, BOXES)
            assert boxes["view"] == [width, height]
            assert boxes["page"] == [width, height]  # nothing to scroll to
            assert off_screen(boxes) == [], (width, height, shown)
            # First, back, play, forward, last, zoom and the game in figures.
            assert len(boxes["buttons"]) == 7 and len(boxes["students"]) == 4
            board = boxes["board"]
            assert board["bottom"] - board["top"] >= 0.6 * height  # the board fills the height
            # The screenshot shows the current event highlighted where its box says, the
            # caption under the board, and the winner's colour at the end.
            image = screenshot(browser, tmp_path / f"viewer-{width}x{height}-step-{shown}.png")
            assert image.size == (width, height)
            (event,) = boxes["event"]
            assert near(pixel(image, event["left"] + 4, event["top"] + 4), NOW)
            assert boxes["caption"][0]["top"] > board["bottom"]
            if shown == game.last:  # the winner takes the line of whose turn it is
                assert len(boxes["caption"]) == 3
                (won,) = boxes["winner"]
                orange = rgb(palette.STUDENT_COLOURS[Colour.ORANGE])  # Orange won
                assert near(pixel(image, won["left"] + 8, (won["top"] + won["bottom"]) / 2), orange)
            else:
                assert (len(boxes["caption"]), boxes["winner"]) == (4, [])


def test_there_is_room_for_a_strip_under_the_board_at_the_smallest_laptop_size(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    # The strip a later chart will fill: shown, it sits between the board and the controls,
    # and the rest still fits the screen.
    with screen(browser, 1280, 720):
        open_page(browser, WON, tmp_path, at="#step=500")
        browser.execute_script("watanViewer.slot('graph').textContent = 'a chart';")
        boxes = next_frame(browser, BOXES)
        screenshot(browser, tmp_path / "viewer-1280x720-with-a-strip.png")
        assert off_screen(boxes) == []
        graph, board = boxes["graph"], boxes["board"]
        assert board["bottom"] <= graph["top"] and graph["bottom"] <= boxes["slider"]["top"]
        assert graph["bottom"] - graph["top"] >= 80


def test_the_event_list_follows_the_step_by_keys_and_by_play(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    follows = (
        "const list = document.getElementById('events');"
        "const b = list.querySelector('[aria-current=step]');"
        "const l = list.getBoundingClientRect(), r = b.getBoundingClientRect();"
        "return [Number(b.dataset.step), r.top >= l.top && r.bottom <= l.bottom];"
    )
    with screen(browser, 1400, 900):
        open_page(browser, SEVENS, tmp_path)
        seen = []
        for key in (Keys.END, Keys.HOME, Keys.PAGE_DOWN, Keys.PAGE_DOWN, Keys.ARROW_RIGHT):
            press(browser, key)
            seen.append(next_frame(browser, follows))
        for _ in range(40):
            press(browser, Keys.PAGE_DOWN)
        browser.find_element(By.ID, "play").click()
        browser.execute_script("return new Promise((done) => setTimeout(done, 1300))")
        browser.find_element(By.ID, "play").click()
        seen.append(next_frame(browser, follows))
    game = Expected(SEVENS)
    assert [inside for _, inside in seen] == [True] * 6
    assert [step for step, _ in seen][:2] == [game.last, 0]
    assert seen[-1][0] >= 2 + seen[4][0]  # it played on, and the list went with it


def test_the_end_of_a_won_game_names_the_winner_and_their_points(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    open_page(browser, WON, tmp_path)
    game = Expected(WON)
    state = json.loads(watan("replay", str(WON), "--format", "json"))
    (winner,) = [p for p in state["players"] if sum(c["level"] for c in p["criteria"]) >= 10]
    points = sum(c["level"] for c in winner["criteria"])
    read = (
        "const w = document.getElementById('winner');"
        "return [w.hidden ? null : w.textContent, Array.from(document.querySelectorAll("
        "'.student'), (c) => c.querySelector('.won').hidden ? null : c.dataset.student)"
        ".filter((n) => n)];"
    )
    press(browser, Keys.END)
    game.check(browser, game.last)
    assert game.events[-1] == f"{winner['colour']} won the game"
    expected = f"{winner['colour']} won with {points} course criteria"
    assert browser.execute_script(read) == [expected, [winner["colour"]]]
    press(browser, Keys.ARROW_LEFT)  # the step before: nobody has won yet
    assert browser.execute_script(read) == [None, []]


EVERY_COUNT = """
const counts = [];
for (let step = 0; step < watanViewer.steps.length; step++) {
  watanViewer.show(step);
  counts.push(Array.from(document.querySelectorAll('.student'), (card) => Array.from(
    card.querySelectorAll('.points, .goals-count > span'), (e) => e.textContent)));
}
return counts;
"""


@pytest.mark.parametrize(
    ("journal", "nouns"),
    [
        (SEVENS, [("course criterion", "course criteria"), ("goal", "goals")]),
        (CONSTRUCTOR, [("building point", "building points"), ("path", "paths")]),
    ],
    ids=["watan", "constructor"],
)
def test_every_count_the_page_writes_agrees_with_its_number(
    browser: webdriver.Chrome, tmp_path: Path, journal: Path, nouns: list[tuple[str, str]]
) -> None:
    open_page(browser, journal, tmp_path)
    every = browser.execute_script(EVERY_COUNT)
    assert len(every) == Expected(journal).last + 1
    forms = set()
    for step, cards in enumerate(every):
        for card in cards:
            for text, (one, many) in zip(card, nouns, strict=True):
                count, noun = text.split(" ", 1)
                assert noun == (one if count == "1" else many), (step, text)
                forms.add(noun)
    if journal == SEVENS:
        # Setup (spec §4.1): Blue's first Assignment is 1 course criterion, with 0 goals.
        assert every[1][0] == ["1 course criterion", "0 goals"]
        assert forms == {"course criterion", "course criteria", "goal", "goals"}
