"""The win-chance graph in the viewer, in headless Chromium: drawn under the board in the
students' colours, following the step, jumping where it is clicked, its marks in the event
list, and the engine's better move in the caption."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.pictures.browser import chromium
from tests.pictures.test_viewer_browser import logs, press, wait_ready, watan
from tests.recording import JOURNALS
from watan.engine.state import Colour
from watan.pictures.palette import STUDENT_COLOURS

pytestmark = pytest.mark.slow  # drives a browser

JOURNAL = JOURNALS / "started-with-load" / "journal.jsonl"
SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}

READ = """
const graph = document.getElementById("graph");
return {
  hidden: graph.hidden,
  lines: Array.from(graph.querySelectorAll("polyline"), (l) => l.getAttribute("stroke")),
  cursor: Number(graph.querySelector(".cursor").getAttribute("x1")),
  step: Number(document.body.dataset.step),
  caption: document.getElementById("engine-move").textContent,
  signs: Array.from(document.querySelectorAll("#events .sign"),
    (s) => [Number(s.closest("button").dataset.step), s.textContent]),
};
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    with chromium(1280, 1000) as driver:
        yield driver


@pytest.fixture(scope="module")
def analysis(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("analysis")
    written = folder / "analysis.json"
    written.write_text(watan("analyze", str(JOURNAL), "--quick", "--format", "json"))
    page = folder / "page.html"
    watan("view", str(JOURNAL), "--analysis", str(written), "-o", str(page))
    shown: dict[str, Any] = json.loads(written.read_text())
    return page, shown


def caption(shown: dict[str, Any], step: int) -> str:
    """Return the caption's engine line for `step`, worked out from the analysis."""
    before = [d for d in shown["decisions"] if d["step"] < step]
    if not before:
        first = shown["decisions"][0]["chances"]
        return "Chances: " + ", ".join(f"{c} {p:.1f}%" for c, p in first.items()) + "."
    d = before[-1]
    played = f"{d['colour']} played {d['played']} ({d['played_chance']:.1f}%)"
    if d["played"] == d["best"]:
        return f"{played}: the engine's choice too."
    marked = f", a {d['mark']}." if d["mark"] else "."
    return f"{played}; the engine's better move: {d['best']} ({d['best_chance']:.1f}%){marked}"


def test_the_graph_follows_the_step_and_a_click_jumps_to_the_step_under_it(
    browser: webdriver.Chrome, analysis: tuple[Path, dict[str, Any]]
) -> None:
    page, shown = analysis
    logs(browser)
    browser.get(page.as_uri())
    wait_ready(browser)
    last = 180
    read = browser.execute_script(READ)
    assert read["hidden"] is False
    assert read["lines"] == [STUDENT_COLOURS[c] for c in Colour]
    assert (read["step"], read["cursor"], read["caption"]) == (0, 0, caption(shown, 0))
    marked = sorted(
        (d["step"] + 1, SIGNS[d["mark"]]) for d in shown["decisions"] if d["mark"] is not None
    )
    assert sorted(tuple(s) for s in read["signs"]) == marked
    svg = browser.find_element(By.CSS_SELECTOR, "#graph svg")
    ActionChains(browser).move_to_element(svg).click().perform()  # the middle
    read = browser.execute_script(READ)
    assert read["step"] == round(last / 2)
    assert read["cursor"] == pytest.approx(1000 * read["step"] / last)
    assert read["caption"] == caption(shown, read["step"])
    width = svg.size["width"]
    ActionChains(browser).move_to_element_with_offset(svg, -width // 4, 0).click().perform()
    read = browser.execute_script(READ)
    assert abs(read["step"] - last / 4) <= 1
    assert read["caption"] == caption(shown, read["step"])
    press(browser, Keys.END)
    read = browser.execute_script(READ)
    assert (read["step"], read["cursor"]) == (last, 1000)
    assert read["caption"] == caption(shown, last)
    assert logs(browser) == []
