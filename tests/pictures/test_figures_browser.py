"""The game in figures in headless Chromium: its button (or F) opens the panel, whose
tables say what `watan.pictures.figures` works out from the journal and whose charts draw
every value and every student; the panel closes again, and the page logs no error."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.conftest import read_journal
from tests.pictures.browser import chromium
from tests.pictures.test_viewer_browser import SEVENS, logs, open_page, press
from tests.recording import JOURNALS
from watan.editions import edition
from watan.engine.resources import total
from watan.engine.state import Colour
from watan.pictures.figures import Figures, figures
from watan.pictures.palette import STUDENT_COLOURS

pytestmark = pytest.mark.slow  # drives a browser

READ = """
const dialog = document.getElementById("figures");
const rows = (kind) => Array.from(
  dialog.querySelectorAll(`table[data-table=${kind}] tr`),
  (tr) => Array.from(tr.children, (cell) => [cell.textContent, cell.title || null]));
return {
  open: dialog.open,
  rolls: rows("rolls"), resources: rows("resources"), builds: rows("builds"),
  bars: dialog.querySelectorAll(".rolls-chart rect").length,
  lines: Array.from(dialog.querySelectorAll(".builds-chart polyline"),
    (l) => l.getAttribute("stroke")),
};
"""
FLOWS = ("gained", "lost_to_geese", "stole", "stolen", "traded_away", "traded_for", "spent")


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    with chromium(1280, 900) as driver:
        yield driver


def plain(cells: list[Any]) -> list[str]:
    return [text for text, _ in cells]


def expected_tables(found: Figures, names: tuple[str, ...]) -> dict[str, list[list[str]]]:
    """Return the panel's three tables as the figures give them, cell by cell."""
    colours = [c.title for c in Colour]
    kinds = ("completion", "improvement", "goal")
    return {
        "rolls": [
            ["Value", *(str(v) for v in range(2, 13))],
            ["Fair", *(str(n) for n in found.rolls.fair)],
            ["Expected", *(f"{n:.1f}" for n in found.rolls.expected)],
            ["Loaded", *(str(n) for n in found.rolls.loaded)],
        ],
        "resources": [
            ["", "Gained", "Lost to the geese", "Stole", "Stolen", "Traded away", "Traded for",
             "Spent"],
            *(
                [colours[i], *(str(total(getattr(flows, f))) for f in FLOWS)]
                for i, flows in enumerate(found.students)
            ),
        ],
        "builds": [
            ["", "Completions", "Improvements", names[0]],
            *(
                [colours[i], *(str(sum(b.student == i and b.kind == k for b in found.builds))
                               for k in kinds)]
                for i in range(4)
            ),
        ],
    }


@pytest.mark.parametrize("journal", [SEVENS, JOURNALS / "trade-heavy" / "journal.jsonl"])
def test_the_button_opens_the_figures_the_journal_gives_and_close_closes_them(
    browser: webdriver.Chrome, tmp_path: Path, journal: Path
) -> None:
    read_back = read_journal(journal)
    header = read_back.header
    found = figures(header, read_back.events)
    logs(browser)
    open_page(browser, journal, tmp_path)
    assert browser.execute_script(READ)["open"] is False
    browser.find_element(By.ID, "figures-open").click()
    read = browser.execute_script(READ)
    assert read["open"] is True
    goals = edition(header.edition).vocabulary.goals.capitalize()
    tables = expected_tables(found, (goals,))
    assert {kind: [plain(row) for row in read[kind]] for kind in tables} == tables
    names = edition(header.edition).resources
    blue = found.students[Colour.BLUE].gained
    assert read["resources"][1][1] == [
        str(total(blue)), ", ".join(f"{n} {names[r]}" for r, n in enumerate(blue))
    ]
    assert read["bars"] == 22  # a fair and a loaded bar for each of the 11 values
    assert read["lines"] == [STUDENT_COLOURS[c] for c in Colour]
    browser.find_element(By.ID, "figures-close").click()
    assert browser.execute_script(READ)["open"] is False
    press(browser, "f")
    assert browser.execute_script(READ)["open"] is True
    press(browser, Keys.ESCAPE)
    assert browser.execute_script(READ)["open"] is False
    assert logs(browser) == []
