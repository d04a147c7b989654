"""The generic audit: runs judged by the game's rules, bookkeeping checked, stops at the first."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from replay.auditing import Audit, Problem, audit, commands, compare_runs
from tests.replay.race import (
    BARE,
    HEADER,
    RACE,
    Advanced,
    Began,
    Event,
    Rolled,
    Won,
    continues,
    play,
    said,
)

EVENTS = play()


def test_a_sound_journal_gives_the_folded_state_and_counts_every_event() -> None:
    assert audit(RACE, HEADER, EVENTS) == Audit(state=RACE.fold(HEADER, EVENTS), events=len(EVENTS))


def test_keep_gives_the_state_at_that_step_while_checking_everything() -> None:
    checked = audit(RACE, HEADER, EVENTS, keep=4)
    assert checked == Audit(state=RACE.fold(HEADER, EVENTS[:4]), events=len(EVENTS))
    assert audit(RACE, HEADER, EVENTS, keep=0).state == RACE.start(HEADER)


def test_commands_group_the_events_as_the_judge_says() -> None:
    events: list[Event] = [Rolled(0, 3), Advanced(0, 3), Rolled(1, 6), Advanced(1, 6), Won(1)]
    assert list(commands(events, continues)) == [tuple(events[:2]), tuple(events[2:])]


def test_without_a_judge_every_event_is_a_command_of_its_own() -> None:
    assert list(commands(EVENTS[:3])) == [(e,) for e in EVENTS[:3]]


def test_a_changed_die_is_caught_at_the_advance_it_does_not_give() -> None:
    damaged = [Rolled(0, 5), *EVENTS[1:]]
    assert audit(RACE, HEADER, damaged) == Audit(
        state=RACE.start(HEADER),
        events=0,
        problem=Problem(
            2, f"the rules give {said(Advanced(0, 5))!r} here, not {said(EVENTS[1])!r}"
        ),
    )


def test_a_die_no_die_shows_is_caught_on_its_own_event() -> None:
    damaged = [*EVENTS[:2], Rolled(1, 9), Advanced(1, 9)]
    checked = audit(RACE, HEADER, damaged)
    assert (checked.events, checked.problem) == (2, Problem(3, "a die shows 1-6, not 9"))
    assert checked.state == RACE.fold(HEADER, EVENTS[:2])


def test_an_event_out_of_its_command_is_caught() -> None:
    alone: list[Event] = [Advanced(0, 2)]
    checked = audit(RACE, HEADER, alone)
    assert checked.problem == Problem(1, "player 0 advanced to 2 does not follow a roll")


def test_a_missing_event_is_named_after_the_last_one_there() -> None:
    events: list[Event] = [Rolled(0, 2)]
    checked = audit(RACE, HEADER, events)
    assert checked.problem == Problem(1, "'player 0 advanced to 2' is missing after this event")


def test_an_event_too_many_is_named() -> None:
    events: list[Event] = [Rolled(0, 1), Advanced(0, 1), Won(0)]
    checked = audit(RACE, Began(("a", "b"), 2), events)
    assert checked.problem == Problem(3, "'player 0 won' is not part of this command")


def test_a_header_problem_is_event_0_and_there_is_no_state() -> None:
    assert audit(RACE, Began(("solo",), 5), EVENTS) == Audit(
        state=None, events=0, problem=Problem(0, "a race needs two players")
    )
    assert Problem(0, "x").line == 1


def test_broken_bookkeeping_keeps_the_state_before_the_command() -> None:
    judge = RACE.judge
    assert judge is not None
    lax = RACE.__class__(
        name="race",
        codec=RACE.codec,
        start=RACE.start,
        apply=RACE.apply,
        judge=judge.__class__(
            continues=judge.continues, verdict=lambda race, run: None, broken=judge.broken
        ),
    )
    events: list[Event] = [Rolled(0, 4), Advanced(0, 4), Rolled(1, 1), Advanced(1, 1)]
    events += [Rolled(0, 1), Advanced(0, 2)]
    checked = audit(lax, HEADER, events)
    assert (checked.events, checked.problem) == (4, Problem(6, "player 0 went backwards"))
    assert checked.state == RACE.fold(HEADER, events[:4])


def test_without_a_judge_only_a_reducer_that_raises_is_a_problem() -> None:
    assert audit(BARE, HEADER, [Advanced(0, 99)]).problem is None
    junk: list[Event] = [Advanced(0, 1), "not an event"]  # type: ignore[list-item]
    checked = audit(BARE, HEADER, junk)
    assert checked.problem is not None and checked.problem.event == 2
    assert checked.problem.problem.startswith("the reducer raised ")
    assert checked.state == RACE.fold(HEADER, [Advanced(0, 1)])


def test_compare_runs_is_none_for_equal_runs_and_names_a_run_the_rules_would_not_record() -> None:
    run: tuple[Event, ...] = (Rolled(0, 1),)
    assert compare_runs(run, run, said) is None
    verdict = compare_runs((), run, said)
    assert verdict is not None
    assert verdict.problem == "player 0 rolled 1: that changes nothing, so it is never recorded"


def test_an_audit_takes_a_stream_and_reports_its_progress_at_the_end() -> None:
    heard: list[int] = []
    checked = audit(RACE, HEADER, iter(EVENTS), progress=heard.append)
    assert checked == Audit(state=RACE.fold(HEADER, EVENTS), events=len(EVENTS))
    assert heard == [len(EVENTS)]


def test_through_stops_at_the_end_of_the_command_the_step_falls_in() -> None:
    checked = audit(RACE, HEADER, EVENTS, keep=1, through=True)
    assert checked == Audit(state=RACE.fold(HEADER, EVENTS[:1]), events=2)
    assert audit(RACE, HEADER, EVENTS, keep=0, through=True).events == 0


def test_a_judges_own_grouping_is_used_when_given() -> None:
    judge = RACE.judge
    assert judge is not None
    grouped: list[int] = []

    def runs(events: Iterable[Event]) -> Iterator[tuple[Event, ...]]:
        for run in commands(events, continues):
            grouped.append(len(run))
            yield run

    quick = RACE.__class__(
        name="race", codec=RACE.codec, start=RACE.start, apply=RACE.apply,
        judge=judge.__class__(
            continues=judge.continues, verdict=judge.verdict, broken=judge.broken, commands=runs
        ),
    )
    assert audit(quick, HEADER, EVENTS) == audit(RACE, HEADER, EVENTS)
    assert sum(grouped) == len(EVENTS)


def test_since_judges_the_events_after_a_state_numbering_on_from_it() -> None:
    # Events 1-2 are one command (a roll and its move); the audit takes up from there.
    since = (RACE.fold(HEADER, EVENTS[:2]), 2)
    assert audit(RACE, HEADER, EVENTS[2:], since=since) == audit(RACE, HEADER, EVENTS)
    tampered: list[Event] = [*EVENTS[:2], Rolled(1, 3), Advanced(1, 5)]
    assert audit(RACE, HEADER, tampered[2:], since=since) == audit(RACE, HEADER, tampered)
    assert audit(RACE, HEADER, tampered).problem is not None
