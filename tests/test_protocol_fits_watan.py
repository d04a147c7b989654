"""Watan's definition (`watan.definition.WATAN`) in the toolkit's generic history: the same
games, listings and problems as Watan's own tools give."""

from __future__ import annotations

from pathlib import Path

import pytest

from replay import history
from replay.journal import JournalError
from tests.conftest import ROOT
from watan.definition import WATAN, definition
from watan.text.describe import describe_start
from watan.tools import history as watan_history

RECORDED = sorted((ROOT / "journals").glob("*/journal.jsonl"))


@pytest.mark.parametrize("path", RECORDED, ids=[p.parent.name for p in RECORDED])
def test_the_toolkit_folds_each_recorded_watan_game_as_watan_does(path: Path) -> None:
    watan = WATAN
    generic = history.load(watan, path)
    own = watan_history.load(str(path))
    assert (generic.header, generic.events, generic.state) == (own.header, own.events, own.game)
    middle = len(own.events) // 2
    assert history.load(watan, path, middle).state == watan_history.load(str(path), middle).game
    assert list(history.listing(watan, own.header, own.events[:50])) == list(
        watan_history.listing(own.header, own.events[:50])
    )


def test_a_damaged_watan_journal_is_reported_alike(tmp_path: Path) -> None:
    lines = (RECORDED[0]).read_bytes().splitlines(keepends=True)
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_bytes(b"".join(lines[:40]) + lines[41] + lines[40] + b"".join(lines[42:60]))
    with pytest.raises(JournalError) as generic:
        history.load(WATAN, damaged)
    with pytest.raises(JournalError) as own:
        watan_history.load(str(damaged))
    assert str(generic.value) == str(own.value)


def test_each_journal_is_judged_and_described_in_its_own_editions_words() -> None:
    headers = [watan_history.load(str(path), 0).header for path in RECORDED]
    assert {header.edition for header in headers} == {"watan", "constructor"}
    for header in headers:
        assert WATAN.for_header(header) is definition(header.edition)
    constructor = next(h for h in headers if h.edition == "constructor")
    watan = next(h for h in headers if h.edition == "watan")
    assert WATAN.describe_start(constructor) == describe_start(constructor)
    event = watan_history.load(str(RECORDED[0]), 1).events[0]
    assert WATAN.describe(constructor, event) != WATAN.describe(watan, event)
