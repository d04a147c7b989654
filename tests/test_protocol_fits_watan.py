"""Watan's definition (`watan.definition.WATAN`) in the toolkit's generic history: each recorded
game read, checked and folded as folding its events gives, in its own edition's words."""

from __future__ import annotations

from pathlib import Path

import pytest

from replay import history
from tests.conftest import ROOT, read_journal
from watan.definition import WATAN, definition
from watan.text.describe import describe_start

RECORDED = sorted((ROOT / "journals").glob("*/journal.jsonl"))


@pytest.mark.parametrize("path", RECORDED, ids=[p.parent.name for p in RECORDED])
def test_the_toolkit_folds_each_recorded_watan_game_as_its_events_fold(path: Path) -> None:
    read = read_journal(path)
    loaded = history.load(WATAN, path)
    assert (loaded.header, loaded.events, loaded.state) == (
        read.header, read.events, WATAN.fold(read.header, read.events)
    )
    middle = len(read.events) // 2
    assert history.load(WATAN, path, middle).state == WATAN.fold(read.header, read.events[:middle])


def test_each_journal_is_judged_and_described_in_its_own_editions_words() -> None:
    headers = [read_journal(path).header for path in RECORDED]
    assert {header.edition for header in headers} == {"watan", "constructor"}
    for header in headers:
        assert WATAN.for_header(header) is definition(header.edition)
    constructor = next(h for h in headers if h.edition == "constructor")
    watan = next(h for h in headers if h.edition == "watan")
    assert WATAN.describe_start(constructor) == describe_start(constructor)
    event = read_journal(RECORDED[0]).events[0]
    assert WATAN.describe(constructor, event) != WATAN.describe(watan, event)
