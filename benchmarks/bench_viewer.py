"""The replay page for a long game: how big `watan view` makes it and how long it takes.

Run: python benchmarks/bench_viewer.py [--events 2000] [--runs 7] [--keep FOLDER]

It builds one game's journal of at least --events events from seeded random
legal play (the journal `bench_replay.py` builds, cut to this length), then
prints the page's size, the median wall time of the whole `watan view`
command (a fresh process: start-up, reading and checking the journal,
writing the page), that of `watan --help` for comparison, the time spent
in the library alone (the changes of every step, and the whole page), and,
where Chromium is installed (tests/install-browser), how long the page takes
to open in it and to show a step.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from benchmarks.bench_replay import long_journal
from benchmarks.timing import median_seconds
from tests.pictures.browser import chromium
from watan.definition import WATAN
from watan.editions import edition
from watan.pictures.steps import changes
from watan.pictures.viewer import page

PAGE_LIMIT = 2_000_000
"""Bytes: the page of a 2,000-event journal must stay under 2 MB."""
TIME_LIMIT = 2.0
"""Seconds: `watan view` of a 2,000-event journal must finish within 2 s."""


def watan(*args: str) -> Callable[[], object]:
    command = [sys.executable, "-m", "watan", *args]
    return lambda: subprocess.run(command, capture_output=True, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--keep", type=Path, help="keep the journal and its page in this folder")
    options = parser.parse_args()
    if options.keep is not None:
        options.keep.mkdir(parents=True, exist_ok=True)
        measure(options, options.keep)
        return
    with tempfile.TemporaryDirectory(prefix="watan-bench-") as folder:
        measure(options, Path(folder))


def measure(options: argparse.Namespace, folder: Path) -> None:
    """Build the journal and its page in `folder` and print the figures."""
    journal, html = folder / "long.jsonl", folder / "long.html"

    def kept(path: Path) -> str:
        return f" ({path})" if options.keep is not None else ""

    count = long_journal(journal, options.events)
    print(f"journal: {count:,} events, {journal.stat().st_size / 1e3:,.0f} kB{kept(journal)}")

    view = median_seconds(watan("view", str(journal), "-o", str(html)), options.runs)
    size = html.stat().st_size
    help_time = median_seconds(watan("--help"), options.runs)
    verdict = "under" if size < PAGE_LIMIT else "OVER"
    print(
        f"page: {size:,} bytes ({size / 1e6:.2f} MB, {size / count:.0f} bytes an event), "
        f"{verdict} the {PAGE_LIMIT / 1e6:.0f} MB limit{kept(html)}"
    )
    verdict = "within" if view <= TIME_LIMIT else "OVER"
    print(
        f"watan view LONG: {view * 1000:.0f} ms, median of {options.runs} "
        f"({(view - help_time) * 1000:+.0f} ms over watan --help at {help_time * 1000:.0f} ms), "
        f"{verdict} the {TIME_LIMIT:.0f} s limit"
    )

    recorded = WATAN.reader().read(journal)
    played = edition(recorded.header.edition)
    steps = median_seconds(
        lambda: list(changes(recorded.header, recorded.events, played)), options.runs
    )
    whole = median_seconds(
        lambda: page(recorded.header, recorded.events, journal.name), options.runs
    )
    print(
        f"in the library: every step's changes {steps * 1000:.0f} ms, "
        f"the whole page {whole * 1000:.0f} ms"
    )
    in_browser(html, options.runs)
    print(f"command: python benchmarks/bench_viewer.py --events {options.events}")


OPENED = "return performance.getEntriesByType('navigation')[0].loadEventEnd"
STEPPING = """
const t = performance.now();
for (let i = 1; i <= arguments[0]; i++) {
  watanViewer.show(i);
  document.body.getBoundingClientRect();  // what the browser lays out to draw that step
}
return (performance.now() - t) / arguments[0];
"""


def in_browser(html: Path, runs: int) -> None:
    """Print how long headless Chromium takes to open the page (its script run whole) and to
    show a step and lay the page out again, at 1400x900; nothing where Chromium is missing."""
    if shutil.which("chromium") is None or shutil.which("chromedriver") is None:
        print("in Chromium: not measured (chromium and chromedriver are not installed)")
        return
    opened, stepped = [], []
    with chromium(1400, 900) as browser:
        for _ in range(runs):
            browser.get(html.as_uri())
            opened.append(browser.execute_script(OPENED))
            stepped.append(browser.execute_script(STEPPING, 200))
    print(
        f"in Chromium at 1400x900: the page opens in {statistics.median(opened):.0f} ms, "
        f"and shows a step, laid out, in {statistics.median(stepped):.1f} ms "
        f"(medians of {runs}; 200 steps a run)"
    )


if __name__ == "__main__":
    main()
