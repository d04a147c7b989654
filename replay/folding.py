"""Folding events into states: the final state, every intermediate state, or a checked fold.

A reducer is a pure function from a state and one event to the next state; states are
expected to be immutable, so that keeping an old one around is safe.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

S = TypeVar("S")
E = TypeVar("E")

Reducer = Callable[[S, E], S]
"""`reduce(state, event) -> next state`."""


class FoldError(Exception):
    """Folding stopped at an event: its 1-based number in the sequence and what went wrong."""

    def __init__(self, index: int, problem: str) -> None:
        super().__init__(index, problem)
        self.index = index
        self.problem = problem

    def __str__(self) -> str:
        return f"event {self.index}: {self.problem}"


def fold(reduce: Reducer[S, E], initial: S, events: Iterable[E]) -> S:
    """Return the state after applying every event to `initial`, in order.

    The loop runs inside `functools.reduce`, so the only cost per event is the reducer.
    """
    return functools.reduce(reduce, events, initial)


def scan(reduce: Reducer[S, E], initial: S, events: Iterable[E]) -> Iterator[S]:
    """Yield the state after each event (not `initial` itself), lazily, one per event."""
    return itertools.islice(itertools.accumulate(events, reduce, initial=initial), 1, None)


def fold_checked(
    reduce: Reducer[S, E],
    initial: S,
    events: Iterable[E],
    check: Callable[[S], str | None],
) -> S:
    """Return the final state like `fold`, checking every state on the way.

    Raises FoldError with the number of the first event after which `check` returns a
    problem, or whose reducer call raised (the original exception is the cause).
    """
    state = initial
    for index, event in enumerate(events, start=1):
        try:
            state = reduce(state, event)
        except Exception as error:
            raise FoldError(index, f"the reducer raised {type(error).__name__}: {error}") from error
        problem = check(state)
        if problem is not None:
            raise FoldError(index, problem)
    return state
