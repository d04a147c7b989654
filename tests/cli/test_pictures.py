"""The commands that draw: `--format svg` of show, replay and export."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import msgspec

from tests.cli.test_tools import journal, outcome, run
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


def test_svg_is_offered_by_the_help_of_show_replay_and_export() -> None:
    for command in ("show", "replay", "export"):
        assert "svg" in run(command, "--help").stdout, command
