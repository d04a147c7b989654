"""Journals that outlive the program that wrote them, and two programs at one journal.

`fixtures/journals/format-1.jsonl` is a journal as format 1 wrote it, and `format-2.jsonl`
one of format 2, each kept forever with the save file it folds to (their README says how
they were made and worked out).  Every later version must read them; when the format
changes, an upcaster (`watan.files.journal.UPCASTERS`) brings old lines up to date.  No
format 0 was ever released: the tests of the upcaster mechanism make one up (a header
whose `rules` was called `ruleset`, a dice event tagged `dice`) and register its upcaster
for the length of a test.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import CliRunner

from replay import JournalError
from replay.journal import written_format
from tests.conftest import ROOT, WATAN, at_step, read_journal
from tests.terminal.test_console import play
from tests.terminal.test_resume import wait_for_lines
from tests.test_reliability_eof import SAMPLE_GAME
from watan.cli.app import main as cli
from watan.editions import edition
from watan.editions import watan as watan_edition
from watan.editions.model import Edition
from watan.engine.events import (
    AnyEvent,
    BankTraded,
    CardBought,
    CriterionCompleted,
    CriterionImproved,
    DiceChosen,
    DiceRolled,
    GameResumed,
    GameWon,
    GeeseMoved,
    GoalAchieved,
    KnightPlayed,
    MonopolyPlayed,
    PointPlayed,
    ResourcesLost,
    ResourcesProduced,
    ResourceStolen,
    TradeAccepted,
    TradeDeclined,
    TurnEnded,
)
from watan.engine.rules import Card, with_house_rules
from watan.engine.state import Colour, saved_game
from watan.files.journal import UPCASTERS, upcast
from watan.files.savefile import format_save
from watan.match.making import Log, resume
from watan.terminal.console import Streams, play_games

FIXTURES = ROOT / "fixtures" / "journals"
FORMAT_1 = FIXTURES / "format-1.jsonl"
FORMAT_1_SAVE = FIXTURES / "format-1.sv"

FORMAT_1_EVENT_TYPES = {
    CriterionCompleted, CriterionImproved, GoalAchieved, DiceChosen, DiceRolled,
    ResourcesProduced, ResourcesLost, GeeseMoved, ResourceStolen, TradeAccepted,
    TradeDeclined, TurnEnded, GameWon, GameResumed,
}  # fmt: skip
"""Every event type format 1 has; later formats may add more, never take these away."""


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


# The format-1 fixture ---------------------------------------------------------------------------


def test_the_format_1_fixture_is_exactly_as_it_was_written() -> None:
    # If this fails, the fixture was edited: restore it from version control (README there).
    files = [FORMAT_1, FORMAT_1_SAVE]
    digests = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in files}
    assert digests == {
        "format-1.jsonl": "fa0199c29ad6bf248932ca80f0e20449a2b6476fdc35d91c516fafde2174fb4f",
        "format-1.sv": "064e46c5c1db184b3d49f0a12499245693245764629cce5fe362aee8feb8b4c9",
    }


def test_todays_reader_reads_the_format_1_fixture_whole() -> None:
    journal = read_journal(str(FORMAT_1))
    assert written_format(FORMAT_1.read_bytes().split(b"\n")[0]) == 1
    # Read through the upcaster: today's header, holding the rules Watan had in format 1.
    assert (journal.header.format, journal.header.game, len(journal.events)) == (2, 1, 37)
    assert (journal.header.edition, journal.header.rules) == ("watan", WATAN.format_1_rules)
    assert journal.torn_tail is None
    assert journal.header.loaded is not None
    assert {type(event) for event in journal.events} == FORMAT_1_EVENT_TYPES


def test_format_1_events_are_read_as_they_stand_only_the_header_converted() -> None:
    # Format 2 changed the header alone, so a format-1 journal's events decode all at once.
    lines = FORMAT_1.read_bytes().splitlines(keepends=True)
    found = upcast(lines[0])
    assert found is not None and found.events is None
    assert msgspec.json.decode(found.header(lines[0]))["format"] == 2
    assert read_journal(str(FORMAT_1)).events == tuple(
        msgspec.json.decode(line, type=AnyEvent) for line in lines[1:]
    )


def test_the_format_1_fixture_folds_to_its_save_file() -> None:
    game = at_step(str(FORMAT_1)).state  # every event checked against the rules on the way
    assert format_save(saved_game(game), WATAN) == FORMAT_1_SAVE.read_text()


def test_verify_says_the_format_1_fixture_is_sound() -> None:
    assert run("verify", str(FORMAT_1)) == (0, "ok: 37 events\n", "")


def test_export_of_the_format_1_fixture_is_its_save_file() -> None:
    assert run("export", str(FORMAT_1)) == (0, FORMAT_1_SAVE.read_text(), "")


# The format-2 fixture: the house rules' events, the rules in the header ------------------------

FORMAT_2 = FIXTURES / "format-2.jsonl"
FORMAT_2_SAVE = FIXTURES / "format-2.sv"

FORMAT_2_NEW_EVENT_TYPES = {BankTraded, CardBought, KnightPlayed, MonopolyPlayed, PointPlayed}
"""The event types format 2 added (house-rules.md), all of which the fixture holds."""


def test_the_format_2_fixture_is_exactly_as_it_was_written() -> None:
    # If this fails, the fixture was edited: restore it from version control (README there).
    files = [FORMAT_2, FORMAT_2_SAVE]
    digests = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in files}
    assert digests == {
        "format-2.jsonl": "2f585e4419a5261e5c3bd303b5416f4dcbd5d805657ea47e63ee2c484e6956cb",
        "format-2.sv": "f1d34993d71fd3cb7a52ae4a4d0e92f8f0cda9a27d50ee3c639b1aefd50a0c17",
    }


def test_todays_reader_reads_the_format_2_fixture_whole() -> None:
    journal = read_journal(str(FORMAT_2))
    assert written_format(FORMAT_2.read_bytes().split(b"\n")[0]) == 2
    assert (journal.header.format, journal.header.edition, len(journal.events)) == (
        2, "watan", 36
    )
    assert journal.header.rules == with_house_rules(WATAN.rules, ["standard"])
    assert journal.header.deck == (Card.MONOPOLY, Card.KNIGHT, Card.VP)
    assert {type(event) for event in journal.events} >= FORMAT_2_NEW_EVENT_TYPES


def test_the_format_2_fixture_verifies_and_exports_its_save_file() -> None:
    assert run("verify", str(FORMAT_2)) == (0, "ok: 36 events\n", "")
    assert run("export", str(FORMAT_2)) == (0, FORMAT_2_SAVE.read_text(), "")


def test_a_newer_format_is_refused_at_line_1_before_any_of_its_events_is_read() -> None:
    lines = FORMAT_1.read_bytes().splitlines(keepends=True)
    newer = lines[0].replace(b'"format":1,', b'"format":3,')
    Path("newer.jsonl").write_bytes(newer + b'{"type":"from_the_future"}\n' + b"".join(lines[1:]))
    problem = (
        "newer.jsonl: line 1: written by a newer watan (journal format 3; "
        "this version reads format 2 and older)"
    )
    with pytest.raises(JournalError) as refused:
        read_journal("newer.jsonl")
    assert str(refused.value) == problem
    assert run("play", "--resume", "newer.jsonl") == (2, "", f"watan: {problem}\n")


# Upcasters, proven on a made-up format 0 --------------------------------------------------------


def down_to_format_0(line: bytes) -> bytes:
    """Write a format-1 line as the made-up format 0 would have."""
    value = msgspec.json.decode(line, type=dict[str, Any])
    if value["type"] == "game_started":
        value["format"], value["ruleset"] = 0, value.pop("rules")
    elif value["type"] == "dice_chosen":
        value = {"type": "dice", "student": value["colour"], "loaded": value["loaded"]}
    return msgspec.json.encode(value) + b"\n"


def up_from_format_0(line: bytes) -> bytes:
    """The upcaster a release changing format 0 into format 1 would have added."""
    value = msgspec.json.decode(line, type=dict[str, Any])
    if value["type"] == "game_started":
        value["format"], value["rules"] = 1, value.pop("ruleset")
    elif value["type"] == "dice":
        value = {"type": "dice_chosen", "colour": value["student"], "loaded": value["loaded"]}
    return msgspec.json.encode(value)


@pytest.fixture
def format_0() -> str:
    """Write `old.jsonl`: the format-1 fixture as the made-up format 0 would have held it."""
    lines = FORMAT_1.read_bytes().splitlines()
    Path("old.jsonl").write_bytes(b"".join(down_to_format_0(line) for line in lines))
    return "old.jsonl"


@pytest.fixture
def upcaster(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(UPCASTERS, 0, up_from_format_0)


def test_without_an_upcaster_an_older_format_is_refused_at_line_1(format_0: str) -> None:
    assert run("verify", format_0) == (1, "old.jsonl: line 1: unknown journal format 0\n", "")


@pytest.mark.usefixtures("upcaster")
@pytest.mark.parametrize("written", [-1, -(10**9)])
def test_a_format_older_than_any_chain_of_upcasters_is_refused_at_once(written: int) -> None:
    # Found by the hostile-file fuzz: format -1000000000 had the reader list a billion
    # upcasters before it could say no (a MemoryError).
    lines = FORMAT_1.read_bytes().splitlines(keepends=True)
    header = lines[0].replace(b'"format":1', f'"format":{written}'.encode())
    Path("old.jsonl").write_bytes(b"".join([header, *lines[1:]]))
    refused = f"old.jsonl: line 1: unknown journal format {written}\n"
    assert run("verify", "old.jsonl") == (1, refused, "")
    assert run("play", "--resume", "old.jsonl") == (2, "", f"watan: {refused}")


@pytest.mark.usefixtures("upcaster")
def test_an_upcaster_reads_an_older_journal_as_todays(format_0: str) -> None:
    assert Path(format_0).read_bytes() != FORMAT_1.read_bytes()
    assert read_journal(format_0) == read_journal(str(FORMAT_1))
    assert run("verify", format_0) == (0, "ok: 37 events\n", "")
    assert run("export", format_0) == (0, FORMAT_1_SAVE.read_text(), "")
    assert at_step(format_0, 13).events == at_step(str(FORMAT_1), 13).events


@pytest.mark.usefixtures("upcaster")
def test_a_bad_line_of_an_older_journal_is_named_by_its_number(format_0: str) -> None:
    lines = Path(format_0).read_bytes().splitlines(keepends=True)
    Path(format_0).write_bytes(b"".join([*lines[:4], b"{not json\n", *lines[5:]]))
    assert run("verify", format_0) == (
        1,
        "old.jsonl: line 5: event is not valid JSON "
        "(JSON is malformed: object keys must be strings (byte 1))\n",
        "",
    )


@pytest.mark.usefixtures("upcaster")
def test_an_older_journal_is_never_appended_to_but_rewind_brings_it_up_to_date(
    format_0: str,
) -> None:
    before = Path(format_0).read_bytes()
    assert run("play", "--resume", format_0) == (
        2,
        "",
        "watan: old.jsonl: line 1: written in journal format 0; to play on, first rewrite it "
        "in format 2: watan rewind old.jsonl --to 37 --in-place\n",
    )
    assert Path(format_0).read_bytes() == before
    assert run("rewind", format_0, "--to", "37", "--in-place")[0] == 0
    shutil.copy(FORMAT_1, "format-1.jsonl")
    assert run("rewind", "format-1.jsonl", "--to", "37", "--in-place")[0] == 0
    assert Path(format_0).read_bytes() == Path("format-1.jsonl").read_bytes()
    assert written_format(Path(format_0).read_bytes().split(b"\n")[0]) == 2


# The rules travel with the game ----------------------------------------------------------------

WON = ROOT / "journals" / "win-by-completion" / "journal.jsonl"


@pytest.fixture
def dearer_goals() -> Iterator[Edition]:
    """Make Watan's data price a goal at two STUDY and two TUTORIAL for the test's length."""
    dearer = msgspec.structs.replace(
        WATAN, rules=msgspec.structs.replace(WATAN.rules, goal_cost=(0, 0, 0, 2, 2))
    )
    watan_edition.EDITION = dearer
    edition.cache_clear()
    try:
        yield dearer
    finally:
        watan_edition.EDITION = WATAN
        edition.cache_clear()


def test_a_price_changed_in_an_editions_data_leaves_every_journal_meaning_what_it_meant(
    request: pytest.FixtureRequest,
) -> None:
    # Issue 12: raising Watan's goal cost once made this journal fail at line 51 with "not
    # enough resources".  Journals of either format hold their rules, so they verify, replay
    # and export exactly as before; only new games pay the new price.
    shutil.copy(WON, "old.jsonl")
    shutil.copy(WON, "new.jsonl")
    events = len(read_journal(str(WON)).events)
    assert run("rewind", "new.jsonl", "--to", str(events), "--in-place")[0] == 0  # format 2
    asked = [
        ("verify", "old.jsonl"), ("verify", "new.jsonl"),
        ("replay", "old.jsonl", "--to", "60"), ("replay", "new.jsonl", "--to", "60"),
        ("export", "old.jsonl"), ("export", "new.jsonl"),
    ]
    before = [run(*args) for args in asked]
    request.getfixturevalue("dearer_goals")
    assert [run(*args) for args in asked] == before
    assert before[0] == (0, f"ok: {events} events\n", "")
    # A new game, one placement long: a game that records nothing leaves no journal.
    placed = CliRunner().invoke(cli, ["play", "-seed", "1", "--journal", "today.jsonl"], "8\n")
    assert placed.exit_code == 0
    assert read_journal("today.jsonl").header.rules.goal_cost == (0, 0, 0, 2, 2)


# Two processes, one journal --------------------------------------------------------------------


def watan_process(*args: str) -> list[str]:
    return [sys.executable, "-m", "watan", *args]


def test_a_second_process_is_refused_a_journal_the_first_is_playing() -> None:
    play(SAMPLE_GAME, "load\n")  # game.jsonl: the header and Blue's loaded dice
    env = {"PYTHONPATH": str(ROOT), "PATH": "", "WATAN_JOURNALS": os.environ["WATAN_JOURNALS"]}
    first = subprocess.Popen(
        watan_process("play", "--resume", "game.jsonl", "-seed", "5"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    assert first.stdin is not None
    try:
        wait_for_lines(Path("game.jsonl"), 3, first)  # it has resumed, and holds the lock
        second = subprocess.run(
            watan_process("play", "--resume", "game.jsonl", "-seed", "6"),
            input=b"fair\nroll\nnext\n",
            capture_output=True,
            env=env,
            check=False,
        )
        first.stdin.write(b"roll\n8\n")
    finally:
        try:
            stdout, stderr = first.communicate(timeout=20)  # closes its input: it ends
        except subprocess.TimeoutExpired:
            first.kill()
            raise
    assert (second.returncode, second.stdout, second.stderr) == (
        2,
        b"",
        b"watan: game.jsonl: is in use by another process\n",
    )
    assert (first.returncode, stderr) == (0, b"")
    assert stdout.endswith(b"Student Blue gained:\n6 LAB\nStudent Red gained:\n2 LAB\n> ")
    blue, red = Colour.BLUE, Colour.RED
    assert at_step("game.jsonl").events == (
        DiceChosen(colour=blue, loaded=True),
        GameResumed(seed=5),
        DiceRolled(colour=blue, roll=8),
        ResourcesProduced(colour=blue, gained=(0, 6, 0, 0, 0)),
        ResourcesProduced(colour=red, gained=(0, 2, 0, 0, 0)),
    )


def test_a_resumed_fixture_copy_plays_on_at_its_last_question() -> None:
    shutil.copy(FORMAT_1, "copy.jsonl")
    assert run("rewind", "copy.jsonl", "--to", "37", "--in-place")[0] == 0  # into format 2
    rewritten = Path("copy.jsonl").read_bytes()
    out, err = io.StringIO(), io.StringIO()
    resumed = resume("copy.jsonl", Log(err), seed=7)
    assert play_games(resumed, Streams(io.BytesIO(b"no\n"), out, err)) == 0
    assert out.getvalue() == "Would you like to play again?\n> "
    assert Path("copy.jsonl").read_bytes() == rewritten  # a finished game stays as it was


# The README's list of guarantees ---------------------------------------------------------------


def test_every_test_the_readme_names_for_a_guarantee_exists() -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## What can't lose your game", 1)[1].split("\n## ", 1)[0]
    named = re.findall(r"`(tests/\w+\.py)::(\w+)`", section)
    assert len(named) >= 8
    missing = [
        f"{path}::{name}"
        for path, name in named
        if f"def {name}(" not in (ROOT / path).read_text()
    ]
    assert missing == []
