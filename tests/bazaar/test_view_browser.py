"""`bazaar view`'s page in headless Chromium: it opens at the step asked for and steps with
the keys, the buttons and the slider, showing each step's caption and board."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from bazaar.cli import main
from bazaar.definition import BAZAAR
from replay.writer import write_journal
from tests.bazaar.test_cli import PLAYED
from tests.pictures.browser import chromium

pytestmark = pytest.mark.slow  # drives a browser


def test_the_page_opens_at_its_step_and_steps_with_keys_buttons_and_the_slider(
    tmp_path: Path,
) -> None:
    journal = tmp_path / "game.jsonl"
    write_journal(journal, PLAYED.header, PLAYED.events)
    assert CliRunner().invoke(main, ["view", str(journal), "--to", "2"]).exit_code == 0
    last = len(PLAYED.events)

    def caption(step: int) -> str:
        """The caption as the browser shows it: HTML runs spaces together."""
        return f"{step} {BAZAAR.describe(PLAYED.header, PLAYED.events[step - 1])}"

    with chromium(1280, 720) as browser:
        browser.get(journal.with_suffix(".html").as_uri())

        def shown() -> tuple[str, str]:
            return (
                browser.find_element(By.ID, "caption").text,
                browser.find_element(By.ID, "counter").text,
            )

        assert shown() == (caption(2), f"Step 2 of {last}")
        board = browser.find_element(By.ID, "board").text
        assert board.splitlines()[0].split() == ["1", "2", "3", "4"]
        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        assert shown() == (caption(3), f"Step 3 of {last}")
        browser.find_element(By.ID, "first").click()
        assert shown()[1] == f"Step 0 of {last}"
        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
        assert shown() == (caption(last), f"Step {last} of {last}")
        assert browser.current_url.endswith(f"#step={last}")


def test_an_analysed_page_draws_the_chances_and_a_click_shows_the_step_under_it(
    tmp_path: Path,
) -> None:
    journal = tmp_path / "game.jsonl"
    write_journal(journal, PLAYED.header, PLAYED.events)
    made = CliRunner().invoke(main, ["view", str(journal), "--analyze", "--playouts", "1"])
    assert made.exit_code == 0
    last = len(PLAYED.events)
    read = """
    const graph = document.getElementById("graph");
    return {
      hidden: graph.hidden,
      lines: Array.from(graph.querySelectorAll("polyline"), (l) => l.dataset.colour),
      cursor: Number(graph.querySelector(".cursor").getAttribute("x1")),
      counter: document.getElementById("counter").textContent,
    };
    """
    with chromium(1280, 720) as browser:
        browser.get(journal.with_suffix(".html").as_uri())
        shown = browser.execute_script(read)
        assert (shown["hidden"], shown["lines"]) == (False, list(PLAYED.header.names))
        svg = browser.find_element(By.CSS_SELECTOR, "#graph svg")
        ActionChains(browser).move_to_element(svg).click().perform()  # the middle
        shown = browser.execute_script(read)
        middle = round(last / 2)
        assert shown["counter"] == f"Step {middle} of {last}"
        assert shown["cursor"] == pytest.approx(1000 * middle / last)
        assert browser.get_log("browser") == []  # type: ignore[no-untyped-call]
