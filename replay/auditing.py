"""Checking a journal against its game's rules, one command's run of events at a time.

A game's `Judge` says which events belong to one command and whether a run is what the
rules give; the audit walks the runs, folds the sound ones and stops at the first
problem, keeping the state before the command that holds it, so that a journal rewound
to there can be played on.  Without a judge the events are only folded, each its own
command, and the only problem is a reducer that raises.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Generic, TypeVar

import msgspec

from replay.protocol import Definition, Judge, Verdict

H = TypeVar("H")
E = TypeVar("E")
S = TypeVar("S")


class Problem(msgspec.Struct, frozen=True):
    """The first thing wrong with a journal: which event (0 is the header) and what."""

    event: int
    problem: str

    @property
    def line(self) -> int:
        """Return the journal line holding that event (the header is line 1)."""
        return self.event + 1


class Audit(msgspec.Struct, Generic[S], frozen=True):
    """How many events are sound, the state they give, and the first problem if any.

    With a problem, the sound events are those before the command it is in.  The state
    is None only when the header itself is the problem: there is no game to show.
    """

    state: S | None
    events: int
    problem: Problem | None = None


def _alone(_: Sequence[object], __: object) -> bool:
    return False


def commands(
    events: Iterable[E], continues: Callable[[Sequence[E], E], bool] = _alone
) -> Iterator[tuple[E, ...]]:
    """Yield the events in runs, one run per command, as `continues` groups them."""
    run: list[E] = []
    for event in events:
        if run and continues(run, event):
            run.append(event)
            continue
        if run:
            yield tuple(run)
        run = [event]
    if run:
        yield tuple(run)


def boundaries(
    definition: Definition[H, E, S], events: Iterable[E]
) -> Iterator[tuple[int, int]]:
    """Yield (first, last) event numbers (1-based) of each command's run."""
    end = 0
    for run in _runs(definition.judge, events):
        yield end + 1, end + len(run)
        end += len(run)


def _runs(judge: Judge[H, E, S] | None, events: Iterable[E]) -> Iterator[tuple[E, ...]]:
    """Return the events in runs, one per command: as the judge groups them, by its own
    quicker grouping when it has one; each event alone without a judge."""
    if judge is None:
        return commands(events)
    if judge.commands is None:
        return commands(events, judge.joins)
    return judge.commands(events)


def compare_runs(
    expected: tuple[E, ...], run: tuple[E, ...], said: Callable[[E], str]
) -> Verdict | None:
    """Return where a recorded run parts from the run the rules give, in the game's words.

    A judge's usual last step: the rules were asked for the run's command, and `expected`
    is their answer.
    """
    if expected == run:
        return None
    if not expected:
        return Verdict(0, f"{said(run[0])}: that changes nothing, so it is never recorded")
    for index, (want, got) in enumerate(zip(expected, run, strict=False)):
        if want != got:
            return Verdict(index, f"the rules give {said(want)!r} here, not {said(got)!r}")
    if len(run) < len(expected):
        return Verdict(len(run) - 1, f"{said(expected[len(run)])!r} is missing after this event")
    return Verdict(len(expected), f"{said(run[len(expected)])!r} is not part of this command")


Seal = Callable[[int, S], int]
"""Handed how many events are judged and the state they give, at a command's end; returns
the events at which to be handed the next."""

Progress = Callable[[int], object]
"""Told how many events are checked so far: a long audit's progress bar."""

PROGRESS_EVERY = 1 << 12
"""How many events an audit checks between two reports of its progress."""


def audit(
    definition: Definition[H, E, S],
    header: H,
    events: Iterable[E],
    keep: int | None = None,
    *,
    through: bool = False,
    progress: Progress | None = None,
    since: tuple[S, int] | None = None,
    seal: Seal[S] | None = None,
) -> Audit[S]:
    """Return the state after the first `keep` events (all when None), checking them all.

    Every command's run is judged before it is folded, and the bookkeeping is checked
    after each command (and, when it is broken, after each of its events, to name the
    first that breaks it); the audit stops at the first problem.  With `through`, it
    stops instead at the end of the command step `keep` falls in, reading no further.
    `progress` hears how far it has come every few thousand events and at the end.
    `events` may be a stream: they are looked at once, in order, and not kept.  With
    `since` (a state and how many events gave it, the start of a command), `events` are
    those after them, judged from that state and numbered on from there; the header is
    not looked at again (`replay.parallel` checks a journal in parts this way).  `seal`
    is handed the state at the end of each sound command that reaches the events it last
    asked for (`replay.checkpoints.Sealer.seal`), and says how many to wait for next.
    """
    definition = definition.for_header(header)
    judge = definition.judge
    if since is not None:
        state, number = since
    else:
        if judge is not None:
            problem = judge.header_problem(header)
            if problem is not None:
                return Audit(state=None, events=0, problem=Problem(0, problem))
        try:
            state = definition.start(header)
        except Exception as error:
            return Audit(state=None, events=0, problem=Problem(0, _raised("start", error)))
        number = 0
    kept = state
    apply = definition.apply
    runs = _runs(judge, events)
    verdict = None if judge is None else judge.verdict
    broken = None if judge is None else judge.broken
    if through and keep is not None and keep <= number:
        runs = iter(())
    mark = sys.maxsize if seal is None else seal(number, state)
    report = PROGRESS_EVERY
    for run in runs:
        if number >= report and progress is not None:
            progress(number)
            report = number + PROGRESS_EVERY
        if verdict is not None:
            found = verdict(state, run)
            if found is not None:
                where = number + 1 + found.index
                return Audit(state=state, events=number, problem=Problem(where, found.problem))
        sound, before = state, number
        try:
            for event in run:
                state = apply(state, event)
                number += 1
                if number == keep:
                    kept = state
        except Exception as error:
            return Audit(sound, before, Problem(number + 1, _raised("reducer", error)))
        if broken is not None and broken(state, sound) is not None:
            return Audit(sound, before, _first_broken(apply, broken, sound, run, before))
        if number >= mark:
            mark = seal(number, state)  # type: ignore[misc]  # (a mark is only reached with one)
        if through and keep is not None and number >= keep:
            break
    if progress is not None:
        progress(number)
    return Audit(state=state if keep is None else kept, events=number)


def _first_broken(
    apply: Callable[[S, E], S],
    broken: Callable[[S, S], str | None],
    sound: S,
    run: tuple[E, ...],
    before: int,
) -> Problem:
    """Return the problem of the first event of `run` after which the bookkeeping is
    broken, the command's events having broken it; `sound` is the state before them, the
    `before`-th step."""
    state = sound
    for number, event in enumerate(run, start=before + 1):
        state, previous = apply(state, event), state
        problem = broken(state, previous)
        if problem is not None:
            return Problem(number, problem)
    return Problem(before + len(run), broken(state, sound) or "the bookkeeping is broken")


def _raised(what: str, error: Exception) -> str:
    return f"the {what} raised {type(error).__name__}: {error}"
