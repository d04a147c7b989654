"""Folding events into states: the final state, or every intermediate state.

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


def fold(reduce: Reducer[S, E], initial: S, events: Iterable[E]) -> S:
    """Return the state after applying every event to `initial`, in order.

    The loop runs inside `functools.reduce`, so the only cost per event is the reducer.
    """
    return functools.reduce(reduce, events, initial)


def scan(reduce: Reducer[S, E], initial: S, events: Iterable[E]) -> Iterator[S]:
    """Yield the state after each event (not `initial` itself), lazily, one per event."""
    return itertools.islice(itertools.accumulate(events, reduce, initial=initial), 1, None)
