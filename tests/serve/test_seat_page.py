"""A seat's page by itself (`pictures/page/seat.js`), its server played by the test: a
place on the board that stands for several commands asks which (issue 26, point 3)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By

from tests.conftest import read_journal
from tests.pictures.browser import chromium
from tests.recording import JOURNALS
from watan.editions import edition
from watan.engine.events import GameStarted
from watan.engine.state import Colour
from watan.match.making import first_header
from watan.match.options import asked
from watan.pictures.viewer import live_page
from watan.serve.choices import Choice
from watan.serve.wire import Again, Asked, Welcome, encode

pytestmark = pytest.mark.slow  # drives a browser

FAKE_SOCKET = """
window.sent = [];
window.WebSocket = class {
  constructor(address) { window.socket = this; setTimeout(() => this.onopen(), 0); }
  send(text) { window.sent.push(JSON.parse(text)); }
  close() { window.socketClosed = true; }
};
window.hear = (message) => window.socket.onmessage({data: JSON.stringify(message)});
"""
"""Stands in for the server: the test reads what the page sends and says what it hears."""


@pytest.fixture(name="page")
def _page(tmp_path: Path) -> Iterator[webdriver.Chrome]:
    """A live page of a new game (no events yet), open as Blue's seat."""
    options = asked(seed=3, edition=edition("watan"), random_board=False)
    header = first_header(options, random.Random(3))
    path = tmp_path / "game.html"
    path.write_text(live_page(header, (), "game"))
    with chromium(1200, 900) as browser:
        browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_SOCKET})
        browser.get(path.as_uri())
        browser.execute_script("hear(arguments[0])", welcome(header))
        yield browser


def welcome(header: GameStarted) -> object:
    """The server's first message to Blue's seat."""
    return json.loads(encode(Welcome(game="game", seat=Colour.BLUE, header=header, resumed=False)))


GEESE = json.loads(
    encode(
        Asked(
            after=0,
            seat=Colour.BLUE,
            choices=(
                Choice(lines=("5", "Red"), place="tile", number=5),
                Choice(lines=("5", "Orange"), place="tile", number=5),
                Choice(lines=("7",), place="tile", number=7),
            ),
        )
    )
)
"""Blue is asked where the geese go: tile 5, taking from Red or Orange, or tile 7."""


def commands(browser: webdriver.Chrome) -> list[object]:
    """Return the commands the page has sent (after its hello)."""
    sent = browser.execute_script("return window.sent")
    assert isinstance(sent, list)
    return [message for message in sent if message["type"] == "command"]


def buttons(browser: webdriver.Chrome) -> list[str]:
    return [button.text for button in browser.find_elements(By.CSS_SELECTOR, "#choices button")]


def test_a_geese_tile_with_two_victims_asks_which_then_sends_the_one_chosen(
    page: webdriver.Chrome,
) -> None:
    page.execute_script("hear(arguments[0])", GEESE)
    page.find_element(By.CSS_SELECTOR, '[data-tile="5"]').click()
    assert commands(page) == []
    assert buttons(page) == ["5 Red", "5 Orange", "back"]
    assert page.find_element(By.ID, "seat-status").text == "Choose a student to steal from."
    page.find_element(By.XPATH, "//div[@id='choices']/button[text()='5 Orange']").click()
    assert commands(page) == [{"type": "command", "after": 0, "lines": ["5", "Orange"]}]


def test_back_offers_every_choice_again_and_a_tile_of_one_victim_sends_at_once(
    page: webdriver.Chrome,
) -> None:
    page.execute_script("hear(arguments[0])", GEESE)
    page.find_element(By.CSS_SELECTOR, '[data-tile="5"]').click()
    page.find_element(By.XPATH, "//div[@id='choices']/button[text()='back']").click()
    assert buttons(page) == ["5 Red", "5 Orange", "7"]
    page.find_element(By.CSS_SELECTOR, '[data-tile="7"]').click()
    assert commands(page) == [{"type": "command", "after": 0, "lines": ["7"]}]


def test_told_of_the_sessions_next_game_the_page_loads_it_keeping_its_token(
    page: webdriver.Chrome,
) -> None:
    page.get(page.current_url.partition("#")[0] + "#a%20secret")  # Blue's link
    page.refresh()  # loaded as Blue's link is
    page.execute_script("hear(arguments[0])", json.loads(encode(Again(game="game 2"))))
    assert page.current_url == "file:///games/game%202#a%20secret"


def test_told_the_session_is_over_the_page_stays(page: webdriver.Chrome) -> None:
    shown = page.current_url
    page.execute_script("hear(arguments[0])", json.loads(encode(Again(game=None))))
    assert (page.current_url, page.execute_script("return window.socketClosed === true")) == (
        shown,
        False,
    )


def test_a_won_games_seat_is_asked_to_play_again_and_sends_the_answer_clicked(
    tmp_path: Path,
) -> None:
    read = read_journal(JOURNALS / "win-by-completion" / "journal.jsonl")
    events = tuple(read.events)
    path = tmp_path / "won.html"
    path.write_text(live_page(read.header, events, "won"))
    with chromium(1200, 900) as browser:
        browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_SOCKET})
        browser.get(path.as_uri())
        browser.execute_script("hear(arguments[0])", welcome(read.header))
        shown = (buttons(browser), browser.find_element(By.ID, "seat-status").text)
        browser.find_element(By.XPATH, "//div[@id='choices']/button[text()='Play again']").click()
        sent = commands(browser)
    assert shown == (["Play again", "Leave"], "Would you like to play again?")
    assert sent == [{"type": "command", "after": len(events), "lines": ["yes"]}]


def test_a_game_under_way_asks_nobody_to_play_again(page: webdriver.Chrome) -> None:
    assert buttons(page) == []
