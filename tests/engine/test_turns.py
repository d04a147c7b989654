"""A game's turns: where each begins, and the game there, from the recorded games."""

from __future__ import annotations

import pytest

from replay.folding import fold
from tests.conftest import ROOT, read_journal
from watan.engine.events import AnyEvent, GameStarted, TurnEnded
from watan.engine.evolve import apply, start
from watan.engine.turns import NoSuchTurn, TurnStart, turn_start

PLAYED = read_journal(ROOT / "journals" / "trade-heavy" / "journal.jsonl")
LOADED = read_journal(ROOT / "journals" / "started-with-load" / "journal.jsonl")


def _ends(events: tuple[AnyEvent, ...]) -> list[int]:
    """The steps just after each turn's end, counted by hand from the events."""
    return [step for step, event in enumerate(events, start=1) if isinstance(event, TurnEnded)]


def _at(header: GameStarted, events: tuple[AnyEvent, ...], step: int) -> TurnStart:
    return TurnStart(step, fold(apply, start(header), events[:step]))


def test_each_turn_after_the_first_begins_after_the_last_ones_end() -> None:
    ends = _ends(PLAYED.events)
    assert len(ends) >= 3
    for turn, step in [(2, ends[0]), (3, ends[1]), (len(ends) + 1, ends[-1])]:
        assert turn_start(PLAYED.header, PLAYED.events, turn) == _at(
            PLAYED.header, PLAYED.events, step
        )


def test_the_first_turn_begins_after_setup_or_at_once_in_a_loaded_game() -> None:
    assert start(PLAYED.header).phase.name == "SETUP"
    setup_over = next(
        step
        for step in range(1, len(PLAYED.events) + 1)
        if fold(apply, start(PLAYED.header), PLAYED.events[:step]).phase.name != "SETUP"
    )
    assert turn_start(PLAYED.header, PLAYED.events, 1) == _at(
        PLAYED.header, PLAYED.events, setup_over
    )
    assert turn_start(LOADED.header, LOADED.events, 1) == TurnStart(0, start(LOADED.header))


@pytest.mark.parametrize(
    ("turn", "problem"),
    [
        (0, "there is no turn 0: turns count from 1, after setup"),
        (10_000, "there is no turn 10000: the last is {last}"),
    ],
)
def test_a_turn_the_journal_has_not_reached_is_refused(turn: int, problem: str) -> None:
    last = len(_ends(PLAYED.events)) + 1
    with pytest.raises(NoSuchTurn) as raised:
        turn_start(PLAYED.header, PLAYED.events, turn)
    assert str(raised.value) == problem.format(last=last)


def test_a_journal_still_in_setup_has_no_turn_yet() -> None:
    with pytest.raises(NoSuchTurn) as raised:
        turn_start(PLAYED.header, PLAYED.events[:2], 1)
    assert str(raised.value) == "there is no turn 1: the game is still in setup"
