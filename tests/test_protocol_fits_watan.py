"""Watan fits the replay protocol as it stands: its header, events, reducer, judge and words.

Watan still runs its own loops (moving it onto the toolkit is a later step); this checks
that the generic audit and history, given Watan's existing functions unchanged, reach
the same games and report the same problems as Watan's own tools.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from replay import history
from replay.journal import JournalError
from replay.protocol import Codec, Definition, Judge, Verdict, Words
from tests.conftest import ROOT
from watan.editions import edition
from watan.engine.events import AnyEvent, GameStarted
from watan.engine.evolve import apply, start
from watan.engine.invariants import broken_invariants
from watan.engine.state import Game
from watan.files.journal import check_header, upcast
from watan.text.describe import describe, describe_start
from watan.tools import audit as watan_audit
from watan.tools import history as watan_history


def _verdict(game: Game, run: tuple[AnyEvent, ...]) -> Verdict | None:
    found = watan_audit._judge(game, run)
    return None if found is None else Verdict(*found)


def _broken(game: Game, previous: Game) -> str | None:
    return next(iter(broken_invariants(game, previous)), None)


def _continues(run: Sequence[AnyEvent], event: AnyEvent) -> bool:
    return watan_audit.continues(run, event)


WATAN: Definition[GameStarted, AnyEvent, Game] = Definition(
    name="watan",
    codec=Codec(GameStarted, AnyEvent, check_header=check_header, upcast=upcast),
    start=start,
    apply=apply,
    judge=Judge(
        continues=_continues,
        verdict=_verdict,
        header_problem=watan_audit.header_problem,
        broken=_broken,
    ),
    words=Words(
        start=describe_start,
        event=lambda header, event: describe(event, edition(header.rules)),
        headings=watan_history.headings,
    ),
)

RECORDED = sorted((ROOT / "journals").glob("*/journal.jsonl"))


@pytest.mark.parametrize("path", RECORDED, ids=[p.parent.name for p in RECORDED])
def test_the_toolkit_folds_each_recorded_watan_game_as_watan_does(path: Path) -> None:
    generic = history.load(WATAN, path)
    own = watan_history.load(str(path))
    assert (generic.header, generic.events, generic.state) == (own.header, own.events, own.game)
    middle = len(own.events) // 2
    assert history.load(WATAN, path, middle).state == watan_history.load(str(path), middle).game
    assert list(history.listing(WATAN, own.header, own.events[:50])) == list(
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
