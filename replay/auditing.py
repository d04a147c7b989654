"""Checking a journal against its game's rules, one command's run of events at a time.

A game's `Judge` says which events belong to one command and whether a run is what the
rules give; the audit walks the runs, folds the sound ones and stops at the first
problem, keeping the state before the command that holds it, so that a journal rewound
to there can be played on.  Without a judge the events are only folded, each its own
command, and the only problem is a reducer that raises.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Generic, TypeVar

import msgspec

from replay.protocol import Definition, Verdict

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
    judge = definition.judge
    end = 0
    for run in commands(events, _alone if judge is None else judge.continues):
        yield end + 1, end + len(run)
        end += len(run)


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


def audit(
    definition: Definition[H, E, S], header: H, events: Sequence[E], keep: int | None = None
) -> Audit[S]:
    """Return the state after the first `keep` events (all when None), checking them all.

    Every command's run is judged before it is folded, and the bookkeeping is checked
    after each event; the audit stops at the first problem.
    """
    judge = definition.judge
    if judge is not None:
        problem = judge.header_problem(header)
        if problem is not None:
            return Audit(state=None, events=0, problem=Problem(0, problem))
    try:
        state = definition.start(header)
    except Exception as error:
        return Audit(state=None, events=0, problem=Problem(0, _raised("start", error)))
    kept = state
    number = 0
    apply = definition.apply
    continues = _alone if judge is None else judge.continues
    for run in commands(events, continues):
        if judge is not None:
            verdict = judge.verdict(state, run)
            if verdict is not None:
                where = number + 1 + verdict.index
                return Audit(state=state, events=number, problem=Problem(where, verdict.problem))
        sound, before = state, number
        for event in run:
            previous = state
            try:
                state = apply(state, event)
            except Exception as error:
                return Audit(sound, before, Problem(number + 1, _raised("reducer", error)))
            number += 1
            if number == keep:
                kept = state
            broken = None if judge is None else judge.broken(state, previous)
            if broken is not None:
                return Audit(state=sound, events=before, problem=Problem(number, broken))
    return Audit(state=state if keep is None else kept, events=number)


def _raised(what: str, error: Exception) -> str:
    return f"the {what} raised {type(error).__name__}: {error}"
