"""The commands that draw: `--format svg` of show, replay and export, and `watan view`."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import msgspec

from tests.cli.test_show import assert_one_line_error
from tests.cli.test_tools import journal, one_line_error, outcome, run
from tests.conftest import ROOT
from tests.pictures.test_svg import elements
from tests.recording import JOURNALS

__all__ = ["journal"]  # the fixture: the sample turns played into game.jsonl

SEVENS = str(JOURNALS / "sevens-and-steals" / "journal.jsonl")


def geese_tile(svg: str) -> list[int]:
    return [n for n, g in elements(svg, "tile").items() if g.attrib["data-geese"] == "true"]


def test_replay_draws_the_board_at_a_step(journal: str) -> None:
    # Step 3: the geese still on tile 8, where the sample save put them; step 4: on tile 9.
    before, after = run("replay", journal, "--to", "3", "--format", "svg"), run(
        "replay", journal, "--to", "4", "--format", "svg"
    )
    assert (before.exit_code, after.exit_code, before.stderr, after.stderr) == (0, 0, "", "")
    assert (geese_tile(before.stdout), geese_tile(after.stdout)) == ([8], [9])


def test_replay_as_svg_without_a_step_draws_the_end(journal: str) -> None:
    assert run("replay", journal, "--format", "svg").stdout == run(
        "replay", journal, "--to", "11", "--format", "svg"
    ).stdout


def test_export_draws_the_board_into_a_file(journal: str) -> None:
    result = run("export", journal, "--to", "4", "--format", "svg", "-o", "step-4.svg")
    assert outcome(result) == (0, "", "")
    assert Path("step-4.svg").read_text() == run(
        "replay", journal, "--to", "4", "--format", "svg"
    ).stdout


def test_export_draws_a_setup_step_that_no_save_file_could_hold() -> None:
    result = run("export", SEVENS, "--to", "3", "--format", "svg")
    owners = {
        n: g.attrib["data-owner"]
        for n, g in elements(result.stdout, "criterion").items()
        if g.attrib["data-owner"] != "none"
    }
    # Setup's first three placements, read off the journal's lines 2-4 (Blue's at 38 first).
    events = [msgspec.json.decode(line) for line in Path(SEVENS).read_bytes().splitlines()[1:4]]
    colours = ["Blue", "Red", "Orange", "Yellow"]
    assert owners == {e["criterion"]: colours[e["colour"]] for e in events}
    assert outcome(run("export", SEVENS, "--to", "3"))[0] == 2  # the save file is refused


def test_show_draws_a_board_file_and_refuses_a_bad_one_in_one_line(tmp_path: Path) -> None:
    svg = run("show", str(ROOT / "fixtures/spec/sample-board.txt"), "--format", "svg").stdout
    assert ET.fromstring(svg.split("\n", 1)[1]).attrib["data-edition"] == "watan"
    bad = tmp_path / "bad.txt"
    bad.write_text("0 3 1\n")
    result = run("show", str(bad), "--format", "svg")
    assert result.exit_code == 2 and result.stdout == "" and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"watan: {bad}")


# view ------------------------------------------------------------------------------------------


def test_view_writes_the_page_beside_the_journal(journal: str) -> None:
    assert outcome(run("view", journal)) == (0, "wrote game.html (11 events)\n", "")
    page = Path("game.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "game.jsonl: game 1" in page


def test_view_writes_the_page_where_it_is_told(journal: str) -> None:
    assert outcome(run("view", journal, "-o", "pages.html")) == (
        0,
        "wrote pages.html (11 events)\n",
        "",
    )
    assert Path("pages.html").exists() and not Path("game.html").exists()


def test_view_into_a_missing_folder_is_one_line(journal: str) -> None:
    assert outcome(run("view", journal, "-o", "missing/page.html")) == one_line_error(
        "missing/page.html: cannot write it (No such file or directory)"
    )


def test_view_never_writes_over_the_journal_itself(journal: str) -> None:
    Path("game.jsonl").rename("game.html")
    data = Path("game.html").read_bytes()
    assert_one_line_error(
        run("view", "game.html"),
        "game.html: that is the journal itself; choose another name with -o",
    )
    assert Path("game.html").read_bytes() == data


def watan_view(args: list[str], browser: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run `watan view` in a process of its own, with `browser` as the default browser."""
    return subprocess.run(
        [sys.executable, "-m", "watan", "view", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "BROWSER": browser, "PATH": "", "DISPLAY": "", "WAYLAND_DISPLAY": ""},
        check=False,
    )


def test_view_open_opens_the_page_in_the_default_browser(journal: str, tmp_path: Path) -> None:
    opener = tmp_path / "browser"
    opener.write_text(f'#!/bin/sh\necho "$1" > {tmp_path / "opened"}\n')
    opener.chmod(0o755)
    result = watan_view([journal, "--open"], str(opener), tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (
        0, "wrote game.html (11 events)\n", ""
    )
    assert (tmp_path / "opened").read_text() == f"{(tmp_path / 'game.html').as_uri()}\n"


def test_view_open_without_a_browser_says_where_the_page_is(journal: str, tmp_path: Path) -> None:
    result = watan_view([journal, "--open"], "/bin/false", tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        "wrote game.html (11 events)\n",
        "watan: no browser to open; the page is game.html\n",
    )


def test_svg_is_offered_by_the_help_of_show_replay_and_export() -> None:
    for command in ("show", "replay", "export"):
        assert "svg" in run(command, "--help").stdout, command
