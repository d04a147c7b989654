"""The protocol: a game's codec, start, reducer, judge and words, and what they give."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

import msgspec
import pytest

from replay.auditing import boundaries
from replay.folding import fold
from replay.journal import JournalError
from replay.protocol import Codec, Judge, Verdict
from tests.replay.race import (
    BARE,
    HEADER,
    RACE,
    Advanced,
    Began,
    Event,
    Race,
    Rolled,
    Won,
    journal_bytes,
    play,
)


def test_the_reader_decodes_the_games_journal_and_is_made_once(tmp_path: Path) -> None:
    events = play()
    path = tmp_path / "race.jsonl"
    path.write_bytes(journal_bytes(events))
    journal = RACE.reader().read(path)
    assert (journal.header, list(journal.events)) == (HEADER, events)
    assert RACE.reader() is RACE.reader()


def test_the_readers_header_check_is_the_codecs(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    path.write_bytes(msgspec.json.encode(Began(("a", "b"), 5, format=9)) + b"\n")
    with pytest.raises(JournalError) as raised:
        RACE.reader().read(path)
    assert str(raised.value) == f"{path}: line 1: unknown journal format 9"


def test_fold_starts_from_the_header_and_applies_every_event() -> None:
    events = play()
    race = RACE.fold(HEADER, events)
    assert race == fold(RACE.apply, RACE.start(HEADER), events)
    assert race.winner is not None and max(race.positions) >= HEADER.goal


def test_fold_is_the_games_batch_fold_when_it_gives_one() -> None:
    events = play()
    early = RACE.fold(HEADER, events[:1])
    folded: list[tuple[Race, list[Event]]] = []

    def fold_all(race: Race, run: Iterable[Event]) -> Race:
        folded.append((race, list(run)))
        return early

    batched = msgspec.structs.replace(RACE, fold_all=fold_all)
    assert batched.fold(HEADER, events) == early != RACE.fold(HEADER, events)
    assert folded == [(RACE.start(HEADER), events)]


def test_words_describe_the_header_and_each_event() -> None:
    assert RACE.describe_start(HEADER) == "a race of 2 to 20"
    assert RACE.describe(HEADER, Advanced(1, 4)) == "player 1 advanced to 4"


def test_without_words_an_event_is_shown_as_its_json_line() -> None:
    assert BARE.describe(HEADER, Rolled(0, 3)) == '{"type":"rolled","player":0,"die":3}'
    assert BARE.describe_start(HEADER) == (
        '{"type":"began","players":["ada","bob"],"goal":20,"format":1}'
    )


def test_a_judge_without_header_or_bookkeeping_checks_finds_nothing_wrong_there() -> None:
    judge: Judge[Began, Event, object] = Judge(
        continues=lambda run, event: False, verdict=lambda state, run: Verdict(0, "no")
    )
    assert (judge.header_problem(HEADER), judge.broken(1, 2)) == (None, None)


def test_codecs_of_the_same_types_share_one_reader() -> None:
    assert Codec(Began, Event).reader() is Codec[Began, Event](Began, Event).reader()


def by_rolls(events: Iterable[Event]) -> Iterator[tuple[Event, ...]]:
    """The race's commands grouped forwards: each roll begins one, at most 3 events long."""
    run: list[Event] = []
    for event in events:
        if run and not isinstance(event, Rolled) and len(run) < 3:
            run.append(event)
            continue
        if run:
            yield tuple(run)
        run = [event]
    if run:
        yield tuple(run)


def test_a_judge_grouping_forwards_tells_if_an_event_joins_a_run_as_continues_does() -> None:
    assert RACE.judge is not None
    forwards = msgspec.structs.replace(RACE.judge, continues=None, commands=by_rolls, longest=3)
    events = play()
    for end in range(1, len(events)):
        for event in (events[end], Rolled(0, 4), Advanced(1, 9), Won(0)):
            assert forwards.joins(events[:end], event) == RACE.judge.joins(events[:end], event)
    history_forwards = msgspec.structs.replace(RACE, judge=forwards)
    assert list(boundaries(history_forwards, events)) == list(boundaries(RACE, events))


def test_a_judge_must_say_how_events_group_into_commands() -> None:
    with pytest.raises(ValueError, match="`continues`, or `commands` and `longest`"):
        Judge(verdict=lambda state, run: None, commands=by_rolls)
