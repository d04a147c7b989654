"""Headless Chromium for the pictures' tests: Debian's chromium, driven through chromedriver.

`tests/install-browser` installs both (the README's test command runs it).
Where they are missing the browser tests are skipped, except on CI
(`CI` set), where a missing browser fails them: they must run there.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--force-device-scale-factor=1",
)
"""What Chromium needs to start here: headless as root, and no connections of its own."""


def programs() -> tuple[str, str]:
    """Return the paths of chromium and chromedriver, or skip (fail on CI) without them."""
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if chromium is None or driver is None:
        message = "chromium and chromedriver are not installed: run tests/install-browser"
        if os.environ.get("CI"):
            pytest.fail(f"{message} (CI runs the browser tests, never skips them)")
        pytest.skip(message)
    return chromium, driver


@contextmanager
def chromium(width: int, height: int) -> Iterator[webdriver.Chrome]:
    """Yield a headless Chromium with a window of `width` x `height` CSS pixels."""
    binary, driver = programs()
    with tempfile.TemporaryDirectory(prefix="watan-chromium-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = binary
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={profile}")
        options.add_argument(f"--window-size={width},{height}")
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        browser = webdriver.Chrome(options=options, service=Service(executable_path=driver))
        try:
            yield browser
        finally:
            browser.quit()
