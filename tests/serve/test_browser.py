"""A served game in real browsers (issue 26, points 3 and 8): two seats in Chromium, one at
a terminal (`--join`) and a computer play a whole game to its end; the journal verifies,
`watan view` draws it, and a spectator's page shows it with no controls; then a seat's
"Play again" starts the session's next game, and the seat's and the spectators' pages load it."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By

from tests.pictures.browser import chromium
from tests.serve.serving import WATAN_PROGRAM, environment, pick, read_links, script, server
from watan.editions import edition
from watan.engine.commands import AnyCommand, Move, Offer
from watan.engine.decide import Refusal
from watan.engine.state import Colour, Game
from watan.serve.choices import choices
from watan.serve.served import whole
from watan.terminal.session import Session

pytestmark = pytest.mark.slow  # drives a browser through whole games


class Clicking:
    """The clicking player, in the real loop: what the test's browser seats do."""

    def __init__(self, edition_name: str) -> None:
        self.edition = edition(edition_name)

    def move(self, game: Game) -> Move:
        offered = {" ".join(c.lines): c.lines for c in choices(game, self.edition) if not c.offer}
        lines = offered[pick(list(offered), answering=False)]
        move = whole(Session(game=game, edition=self.edition), lines)
        assert not isinstance(move, str), move
        return move

    def answer(self, game: Game, offer: Offer) -> bool:
        return False

    def refused(self, game: Game, command: AnyCommand, refusal: Refusal) -> None:
        raise AssertionError(f"{command} refused: {refusal}")


READ_CHOICES = """
if (document.body.dataset.asked !== "yes") return null;
return {labels: Array.from(document.querySelectorAll("#choices button"), (b) => b.textContent),
        answering: document.getElementById("choices").textContent === "yesno"};
"""

CLICK = """
const button = Array.from(document.querySelectorAll("#choices button"))
  .find((b) => b.textContent === arguments[0]);
const clicked = {at: Date.now(), held: Number(document.body.dataset.held)};
button.click();
return clicked;
"""
"""Click a choice; return when (the machine's clock, in ms) and how many events the page held."""

HELD_AT = """
window.heldAt = [];
new MutationObserver(() => {
  const held = Number(document.body.dataset.held);
  if (!window.heldAt.length || window.heldAt[window.heldAt.length - 1][0] < held) {
    window.heldAt.push([held, Date.now()]);
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-held"]});
"""
"""Notes, in a page, when it first held each number of events (the machine's clock, in ms)."""

Click = tuple[int, float, float]
"""The browser that clicked, when (ms), and how many events its page held then."""


def play_in(browsers: list[webdriver.Chrome], terminal: subprocess.Popen[str]) -> list[Click]:
    """Click for each browser seat whenever it is asked, until the terminal's game ends;
    return the clicks."""
    deadline = time.monotonic() + 600
    clicks = []
    while terminal.poll() is None:
        assert time.monotonic() < deadline, "the game did not end in ten minutes"
        acted = False
        for number, browser in enumerate(browsers):
            asked = browser.execute_script(READ_CHOICES)
            if asked and asked["labels"]:
                clicked = browser.execute_script(CLICK, pick(asked["labels"], asked["answering"]))
                clicks.append((number, clicked["at"], clicked["held"]))
                acted = True
        if not acted:
            time.sleep(0.02)
    return clicks


def slowest_update(browsers: list[webdriver.Chrome], clicks: list[Click]) -> float:
    """Return the longest time (s) from a click in one browser to the other's page holding
    the events it appended (spec: a page updates within a second of a move)."""
    deadline = time.monotonic() + 10
    while True:  # the game's last events may be on their way to one page still
        held_at = [browser.execute_script("return window.heldAt") for browser in browsers]
        if held_at[0][-1][0] == held_at[1][-1][0] or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    slowest = 0.0
    for number, at, held in clicks:
        other = held_at[1 - number]
        shown = min((when for count, when in other if count > held), default=float("inf"))
        slowest = max(slowest, (shown - at) / 1000)
    return slowest


def followed_by(browser: webdriver.Chrome, game: str, seconds: float = 10.0) -> bool:
    """Return whether the browser's page loads the game `game` within `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if urlsplit(browser.current_url).path == f"/games/{game}":
            return True
        time.sleep(0.1)
    return False


@pytest.mark.parametrize(
    ("edition_name", "house_rules"),
    [("watan", ()), ("constructor", ()), ("watan", ("standard",))],
    ids=["watan", "constructor", "house-rules"],
)
def test_two_browsers_a_terminal_and_a_computer_play_a_whole_game(
    tmp_path: Path, edition_name: str, house_rules: tuple[str, ...]
) -> None:
    seed = 21
    clicking = {colour: (lambda _: Clicking(edition_name)) for colour in (Colour.BLUE, Colour.RED)}
    lines = script(
        seed,
        ["Yellow=greedy"],
        edition_name=edition_name,
        house_rules=house_rules,
        others=clicking,
    )
    options = ["--new", "-seed", str(seed), "-random-board", "--edition", edition_name]
    options += [option for rule in house_rules for option in ("--house-rules", rule)]
    options += ["--computer", "Yellow=greedy"]
    journals = tmp_path / "j"
    with (
        server(options, journals, tmp_path) as (process, links),
        chromium(1200, 900) as blue,
        chromium(1200, 900) as red,
    ):
        for browser in (blue, red):
            browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HELD_AT})
        blue.get(links.seats["Blue"])
        red.get(links.seats["Red"])
        typed = tmp_path / "orange.txt"
        typed.write_text("".join(f"{line}\n" for line in lines))
        with typed.open() as keyboard, (tmp_path / "orange.out").open("w") as screen:
            terminal = subprocess.Popen(
                [*WATAN_PROGRAM, "play", "--join", links.seats["Orange"]],
                stdin=keyboard,
                stdout=screen,
                stderr=subprocess.DEVNULL,
                text=True,
                cwd=tmp_path,
                env=environment(journals),
            )
            clicks = play_in([blue, red], terminal)
            terminal.wait(60)
        slowest = slowest_update([blue, red], clicks)
        blue.execute_script("sessionStorage.clear()")  # the tab forgets Blue's seat
        blue.get(links.spectators)
        watched = blue.execute_script(
            "return {buttons: document.querySelectorAll('#choices button').length,"
            " winner: document.getElementById('winner').textContent}"
        )
        winner_on_page = red.execute_script("return document.getElementById('winner').textContent")
        red.find_element(By.XPATH, "//div[@id='choices']/button[text()='Play again']").click()
        assert process.stdout is not None
        following = read_links(iter(process.stdout.readline, ""))  # the session's next game
        followed = [followed_by(browser, following.game) for browser in (red, blue)]
        red_status = red.find_element(By.ID, "seat-status").text
    verified = subprocess.run(
        [*WATAN_PROGRAM, "verify", links.journal], capture_output=True, text=True, check=False
    )
    viewed = subprocess.run(
        [*WATAN_PROGRAM, "view", links.journal, "-o", str(tmp_path / "game.html")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert terminal.returncode == 0
    assert clicks
    assert slowest < 1.0, f"a page took {slowest:.2f} s to show a move"
    assert verified.returncode == 0, verified.stderr
    assert viewed.returncode == 0, viewed.stderr
    assert watched["buttons"] == 0
    assert watched["winner"] and watched["winner"] == winner_on_page
    assert (tmp_path / "orange.out").read_text().count("has won!") == 1
    assert followed == [True, True]  # Red's seat and the spectators' page load the next game
    assert red_status.startswith("You play ")
