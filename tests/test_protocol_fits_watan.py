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
from watan.editions.model import Edition
from watan.engine.events import AnyEvent, GameStarted
from watan.engine.evolve import apply, start
from watan.engine.invariants import broken_invariants
from watan.engine.state import Game
from watan.files.journal import check_header, format_problem, read_journal, upcast
from watan.text.describe import describe, describe_start
from watan.tools import audit as watan_audit
from watan.tools import history as watan_history


def _broken(game: Game, previous: Game) -> str | None:
    return next(iter(broken_invariants(game, previous)), None)


def _continues(run: Sequence[AnyEvent], event: AnyEvent) -> bool:
    return watan_audit.continues(run, event)


def definition(played: Edition) -> Definition[GameStarted, AnyEvent, Game]:
    """Return Watan as the toolkit sees it, judging in the words of the edition `played`: the
    game state holds no words, so a journal's definition is made for its edition."""

    def verdict(game: Game, run: tuple[AnyEvent, ...]) -> Verdict | None:
        found = watan_audit._judge(game, run, played)
        return None if found is None else Verdict(*found)

    return Definition(
        name="watan",
        codec=Codec(
            GameStarted,
            AnyEvent,
            check_header=check_header,
            upcast=upcast,
            check_format=format_problem,
        ),
        start=start,
        apply=apply,
        judge=Judge(
            continues=_continues,
            verdict=verdict,
            header_problem=watan_audit.header_problem,
            broken=_broken,
        ),
        words=Words(
            start=describe_start,
            event=lambda header, event: describe(event, edition(header.edition)),
            headings=watan_history.headings,
        ),
    )


def definition_for(path: Path) -> Definition[GameStarted, AnyEvent, Game]:
    """Return the definition for the journal at `path`, in its edition's words."""
    return definition(edition(read_journal(str(path)).header.edition))


RECORDED = sorted((ROOT / "journals").glob("*/journal.jsonl"))


@pytest.mark.parametrize("path", RECORDED, ids=[p.parent.name for p in RECORDED])
def test_the_toolkit_folds_each_recorded_watan_game_as_watan_does(path: Path) -> None:
    watan = definition_for(path)
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
        history.load(definition_for(RECORDED[0]), damaged)
    with pytest.raises(JournalError) as own:
        watan_history.load(str(damaged))
    assert str(generic.value) == str(own.value)
