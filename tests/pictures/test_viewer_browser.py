"""The replay page in a real browser: stepping with keys, clicks, buttons and the slider shows
each step's board and status as `watan replay --to N` gives them, on a desktop and a phone,
and steps appended as a live game would send them read the same."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import CliRunner
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.wait import WebDriverWait

from tests.conftest import read_journal
from tests.pictures.browser import chromium
from tests.pictures.test_svg import NS, elements, texts, title
from tests.recording import JOURNALS
from watan.cli.app import main
from watan.pictures.viewer import page, page_data

pytestmark = pytest.mark.slow  # drives a browser

SEVENS = JOURNALS / "sevens-and-steals" / "journal.jsonl"
CONSTRUCTOR = JOURNALS / "constructor-started-with-load" / "journal.jsonl"
LEVEL_LETTERS = {"watan": "AME", "constructor": "BHT"}
"""The letters of the three levels, spec §2.4.1 of each edition."""

READ_PAGE = """
const board = document.getElementById("board");
const read = (kind) => Object.fromEntries(
  Array.from(board.querySelectorAll(`g[data-${kind}]`)).map((g) => [g.dataset[kind], {
    owner: g.dataset.owner ?? null, level: g.dataset.level ?? null, geese: g.dataset.geese ?? null,
    texts: Array.from(g.querySelectorAll("text"), (t) => t.textContent),
    dots: g.querySelectorAll(".odds circle").length,
    title: g.querySelector("title").textContent,
  }]));
const students = Object.fromEntries(Array.from(document.querySelectorAll(".student"), (card) => [
  card.dataset.student, {
    points: Number(card.querySelector("[data-field=points]").textContent),
    resources: Array.from(
      card.querySelectorAll("[data-resource] .count"), (c) => Number(c.textContent)),
    criteria: Array.from(card.querySelectorAll("[data-field=criteria] li"), (li) => li.textContent),
    goals: Number(card.querySelector("[data-field=goals]").textContent),
    cards: card.querySelector("[data-field=cards]")
      ? Number(card.querySelector("[data-field=cards]").textContent) : null,
    current: card.getAttribute("aria-current") === "true",
  }]));
const current = document.querySelectorAll("#events [aria-current=step]");
return {
  step: Number(document.body.dataset.step), slider: Number(document.getElementById("slider").value),
  criteria: read("criterion"), goals: read("goal"), tiles: read("tile"), students,
  stepText: document.getElementById("step-number").textContent,
  turnText: document.getElementById("turn-number").textContent,
  eventNow: document.getElementById("event-now").textContent,
  standing: document.getElementById("standing").textContent,
  highlighted: Array.from(current, (b) => Number(b.dataset.step)),
};
"""


def watan(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def board_of(svg: str) -> dict[str, dict[str, dict[str, Any]]]:
    """Return what `watan replay --format svg` draws, shaped as READ_PAGE reads the page."""
    drawn: dict[str, dict[str, dict[str, Any]]] = {}
    for kind, plural in (("criterion", "criteria"), ("goal", "goals"), ("tile", "tiles")):
        drawn[plural] = {
            str(n): {
                "owner": g.attrib.get("data-owner"),
                "level": g.attrib.get("data-level"),
                "geese": g.attrib.get("data-geese"),
                "texts": texts(g),
                "dots": len(g.findall(f".//{NS}g[@class='odds']/{NS}circle")),
                "title": title(g),
            }
            for n, g in elements(svg, kind).items()
        }
    return drawn


class Expected:
    """What the page must show at each step of one journal, from the `watan` commands."""

    def __init__(self, journal: Path) -> None:
        self.journal = str(journal)
        listing = watan("replay", self.journal).splitlines()
        numbered = [line for line in listing if line.lstrip()[:1].isdigit()]  # not headings
        self.events = [line.lstrip().split("  ", 1)[1] for line in numbered]
        self.last = len(self.events) - 1

    def turn_number(self, step: int, state: dict[str, Any]) -> str:
        """Turn 1 is the first after setup; every turn that ended began another."""
        if state["phase"] == "setup":
            return "Setup"
        ended = sum(1 for text in self.events[1 : step + 1] if text.endswith("ended their turn"))
        return f"Turn {ended + 1}"

    def at(self, step: int) -> dict[str, Any]:
        state = json.loads(watan("replay", self.journal, "--to", str(step), "--format", "json"))
        standing = watan("replay", self.journal, "--to", str(step)).splitlines()[-1]
        letters = LEVEL_LETTERS[state["edition"]]
        return {
            "step": step,
            "slider": step,
            **board_of(watan("replay", self.journal, "--to", str(step), "--format", "svg")),
            "students": {
                player["colour"]: {
                    # RULINGS 4, and a point for each vp played (house-rules.md ruling 4)
                    "points": sum(c["level"] for c in player["criteria"])
                    + player.get("points_played", 0),
                    "resources": list(player["resources"].values()),
                    "criteria": [
                        f"{c['criterion']}{letters[c['level'] - 1]}" for c in player["criteria"]
                    ],
                    "goals": len(player["goals"]),
                    "cards": sum(player["cards"].values()) if "cards" in player else None,
                    "current": player["colour"] == state["current"],
                }
                for player in state["players"]
            },
            "stepText": f"Step {step} of {self.last}",
            "turnText": self.turn_number(step, state),
            "eventNow": self.events[step] if step == 0 else f"{step}. {self.events[step]}",
            "standing": standing,
            "highlighted": [step],
        }

    def check(self, browser: webdriver.Chrome, step: int) -> None:
        shown = browser.execute_script(READ_PAGE)
        expected = self.at(step)
        assert shown == expected, next(k for k in expected if shown.get(k) != expected[k])
        owners = {state["owner"] for state in shown["criteria"].values()}
        assert owners <= {"none", "Blue", "Red", "Orange", "Yellow"}


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    with chromium(1280, 1000) as driver:
        yield driver


def open_page(browser: webdriver.Chrome, journal: Path, folder: Path, at: str = "") -> Path:
    written = folder / f"{journal.parent.name}.html"
    watan("view", str(journal), "-o", str(written))
    browser.get(written.as_uri() + at)
    wait_ready(browser)
    return written


def wait_ready(browser: webdriver.Chrome) -> None:
    WebDriverWait(browser, 10).until(
        lambda b: b.execute_script("return document.body.dataset.ready")
    )


def next_frame(browser: webdriver.Chrome, script: str) -> Any:
    """Return what `script` (a function's body) returns once the page has drawn its next frame,
    in which it keeps the current event in view, fits the board and the list to their boxes
    and writes the step into its address."""
    return browser.execute_script(
        f"const read = () => {{ {script} }};"
        "return new Promise((done) => requestAnimationFrame("
        "  () => requestAnimationFrame(() => done(read()))));"
    )


def logs(browser: webdriver.Chrome) -> list[dict[str, Any]]:
    """Return what the browser's console logged since it was last asked."""
    found: list[dict[str, Any]] = browser.get_log("browser")  # type: ignore[no-untyped-call]
    return found


def press(browser: webdriver.Chrome, key: str, times: int = 1) -> None:
    for _ in range(times):
        ActionChains(browser).send_keys(key).perform()


def test_arrow_keys_step_forward_and_back(browser: webdriver.Chrome, tmp_path: Path) -> None:
    open_page(browser, SEVENS, tmp_path)
    game = Expected(SEVENS)
    game.check(browser, 0)
    for step in range(1, 13):  # setup's eight placements, then Blue's first turn
        press(browser, Keys.ARROW_RIGHT)
        game.check(browser, step)
    for step in (11, 10, 9):
        press(browser, Keys.ARROW_LEFT)
        game.check(browser, step)


def test_clicking_an_event_jumps_to_its_step_and_keeps_it_in_view(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    open_page(browser, SEVENS, tmp_path)
    game = Expected(SEVENS)
    last = len(read_journal(str(SEVENS)).events)
    for step in (300, 41, last):
        browser.find_element(By.CSS_SELECTOR, f'#events button[data-step="{step}"]').click()
        game.check(browser, step)
        inside = next_frame(
            browser,
            "const list = document.getElementById('events');"
            "const b = list.querySelector('[aria-current=step]');"
            "const l = list.getBoundingClientRect(), r = b.getBoundingClientRect();"
            "return r.top >= l.top && r.bottom <= l.bottom;"
        )
        assert inside, step


def test_home_end_page_keys_buttons_and_the_slider(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    open_page(browser, SEVENS, tmp_path)
    game = Expected(SEVENS)
    press(browser, Keys.END)
    game.check(browser, game.last)
    press(browser, Keys.HOME)
    game.check(browser, 0)
    press(browser, Keys.PAGE_DOWN)  # the first step of turn 1: after setup's eight placements
    game.check(browser, 8)
    press(browser, Keys.PAGE_DOWN)
    assert browser.execute_script(READ_PAGE)["turnText"] == "Turn 2"
    press(browser, Keys.PAGE_UP)
    game.check(browser, 8)
    for button, step in (("forward", 9), ("forward", 10), ("back", 9), ("last", game.last),
                         ("first", 0)):
        browser.find_element(By.ID, button).click()
        game.check(browser, step)
    slider = browser.find_element(By.ID, "slider")
    slider.send_keys(Keys.ARROW_RIGHT)
    game.check(browser, 1)
    slider.send_keys(Keys.END)
    game.check(browser, game.last)


def test_every_step_of_a_constructor_game_in_its_own_words(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    open_page(browser, CONSTRUCTOR, tmp_path)
    game = Expected(CONSTRUCTOR)
    assert browser.execute_script("return document.title") == "Constructor: a replay"
    points = browser.find_element(By.CSS_SELECTOR, ".student .points").text
    assert points.endswith("building points")
    game.check(browser, 0)
    for step in range(1, game.last + 1):
        press(browser, Keys.ARROW_RIGHT)
        game.check(browser, step)


def test_a_link_to_a_step_opens_the_page_at_that_step_and_follows_it(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    open_page(browser, SEVENS, tmp_path, at="#step=40")
    Expected(SEVENS).check(browser, 40)
    press(browser, Keys.ARROW_RIGHT)
    assert next_frame(browser, "return location.hash") == "#step=41"


def test_the_page_fetches_nothing_and_logs_no_errors(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    logs(browser)  # what earlier pages logged
    open_page(browser, SEVENS, tmp_path)
    press(browser, Keys.END)
    press(browser, Keys.HOME)
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert logs(browser) == []


def test_play_steps_on_by_itself_until_paused(browser: webdriver.Chrome, tmp_path: Path) -> None:
    open_page(browser, SEVENS, tmp_path)
    play = browser.find_element(By.ID, "play")
    play.click()
    assert play.get_attribute("aria-pressed") == "true"
    WebDriverWait(browser, 5).until(lambda b: b.execute_script(READ_PAGE)["step"] >= 2)
    play.click()
    paused = browser.execute_script(READ_PAGE)["step"]
    assert play.get_attribute("aria-pressed") == "false"
    browser.execute_script("return new Promise((done) => setTimeout(done, 1200))")
    Expected(SEVENS).check(browser, paused)


def test_the_controls_work_from_the_keyboard_alone(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    open_page(browser, SEVENS, tmp_path)
    names = []
    for _ in range(12):
        press(browser, Keys.TAB)
        names.append(
            browser.execute_script(
                "const e = document.activeElement;"
                "return e.getAttribute('aria-label') || e.id || e.textContent.trim();"
            )
        )
        if names[-1] == "Step forward (Right arrow)":
            press(browser, Keys.ENTER)
            break
    assert names[:2] == ["First step (Home)", "Step back (Left arrow)"]
    Expected(SEVENS).check(browser, 1)


def test_a_phone_sized_screen_shows_the_whole_board_and_zooms_into_it(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    metrics = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        open_page(browser, SEVENS, tmp_path, at="#step=300")
        layout = browser.execute_script(
            "const svg = document.querySelector('#board svg').getBoundingClientRect();"
            "const small = Array.from(document.querySelectorAll('.controls button'),"
            "  (b) => b.getBoundingClientRect()).filter((r) => r.height < 44 || r.width < 44);"
            "return {page: document.documentElement.scrollWidth, view: innerWidth,"
            "  left: svg.left, right: svg.right, small: small.length,"
            "  font: parseFloat(getComputedStyle("
            "    document.querySelector('#events button')).fontSize)};"
        )
        assert layout["page"] == layout["view"] == 390  # nothing wider than the screen
        assert 0 <= layout["left"] < layout["right"] <= 390
        assert (layout["small"], layout["font"] >= 14) == (0, True)  # fingers, and eyes
        browser.find_element(By.ID, "zoom").click()
        zoomed = browser.execute_script(
            "const box = document.getElementById('board');"
            "return [box.querySelector('svg').getBoundingClientRect().width,"
            "  box.scrollWidth > box.clientWidth, box.scrollLeft > 0,"
            "  document.documentElement.scrollWidth];"
        )
        assert zoomed == [800, True, True, 390]  # full size, scrolled to its middle, in its box
        Expected(SEVENS).check(browser, 300)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_game_with_house_rules_shows_cards_held_and_points_played(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    # Seeded games of computers with all four house rules; in the first in which a vp was
    # played, every step at which a card was bought or played, and the one before it, shows
    # what `watan replay --to N` gives.
    journals = tmp_path / "sims"
    watan("simulate", "--games", "3", "--seed", "2", "--players", "expert,greedy,greedy,greedy",
          "--house-rules", "standard", "--journals", str(journals))
    played = [
        (journal, read_journal(str(journal)).events) for journal in sorted(journals.iterdir())
    ]
    journal, events = next(
        (journal, events) for journal, events in played
        if any(type(e).__name__ == "PointPlayed" for e in events)
    )
    steps = [n for n, e in enumerate(events, start=1) if type(e).__name__ in (
        "CardBought", "PointPlayed", "KnightPlayed", "MonopolyPlayed"
    )]
    open_page(browser, journal, tmp_path)
    rules = browser.find_element(By.CSS_SELECTOR, ".house-rules").text
    assert rules == "House rules: bank-trade, dev-cards, geese-start-on-park, seven-over-7"
    game = Expected(journal)
    held = "return Array.from(document.querySelectorAll('[data-field=cards]'),"\
        " (e) => e.parentElement.textContent)"
    for step in sorted({s for n in steps for s in (n - 1, n)})[:12]:
        browser.find_element(By.CSS_SELECTOR, f'#events button[data-step="{step}"]').click()
        game.check(browser, step)
        for text in browser.execute_script(held):
            count, noun = text.split(" ", 1)
            assert noun == ("development card" if count == "1" else "development cards"), text


APPEND = """
const [changes, from, to] = arguments;
window.told = window.told || {step: [], append: []};
if (!window.listening) {
  window.listening = true;
  watanViewer.on("step", (i) => told.step.push(i));
  watanViewer.on("append", (i) => told.append.push(i));
}
for (const change of JSON.parse(changes).slice(from, to ?? undefined)) watanViewer.append(change);
return told;
"""


def test_steps_appended_as_they_arrive_read_as_the_whole_journal_s_page(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    # As a live game's page would grow: a page of the first 100 events, then the others'
    # changes appended. While it shows the last step it follows on; elsewhere it stays put.
    recorded = read_journal(str(SEVENS))
    live = tmp_path / "live.html"
    live.write_text(page(recorded.header, recorded.events[:100], "live.jsonl"))
    browser.get(live.as_uri() + "#step=100")
    wait_ready(browser)
    rest = msgspec.json.encode(page_data(recorded.header, recorded.events).changes[100:]).decode()
    game = Expected(SEVENS)
    told = browser.execute_script(APPEND, rest, 0, 50)
    assert told == {"step": list(range(101, 151)), "append": list(range(101, 151))}
    browser.find_element(By.CSS_SELECTOR, '#events button[data-step="120"]').click()
    told = browser.execute_script(APPEND, rest, 50, None)
    assert (told["step"][-1], told["append"][-1]) == (120, game.last)
    shown = browser.execute_script(READ_PAGE)
    assert (shown["step"], shown["stepText"]) == (120, f"Step 120 of {game.last}")
    game.check(browser, 120)
    press(browser, Keys.END)
    game.check(browser, game.last)
    listed = "return document.getElementById('events').innerText"
    grown = browser.execute_script(listed)
    open_page(browser, SEVENS, tmp_path)
    assert grown == browser.execute_script(listed)  # the same turns, steps and events


def test_the_event_list_has_the_turn_headings_of_watan_replay(
    browser: webdriver.Chrome, tmp_path: Path
) -> None:
    # `watan replay` heads each turn `Turn 12, Red`; the page's list writes `Turn 12 · Red`.
    listing = watan("replay", str(SEVENS)).splitlines()
    headings = [line for line in listing if not line.lstrip()[:1].isdigit()]
    open_page(browser, SEVENS, tmp_path)
    shown = browser.execute_script(
        "return Array.from(document.querySelectorAll('#events .turn-heading'),"
        " (h) => h.textContent)"
    )
    assert [h.replace(" \u00b7 ", ", ") for h in shown] == headings
    assert len(headings) > 100
