"""`bazaar view`'s page in headless Chromium: it opens at the step asked for and steps with
the keys, the buttons and the slider, showing each step's caption and board."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
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
