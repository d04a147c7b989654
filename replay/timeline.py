"""A timeline: the state at any step of an event sequence, found from the nearest checkpoint.

Step n is the state after the first n events; step 0 is the initial state. A checkpoint
state is kept every `every` steps as folding passes them, so reaching any step costs
fewer than `every` reducer calls once the checkpoints below it exist, and stepping
forward by one from the last step visited costs one call.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Generic, TypeVar

from replay.folding import Reducer, fold

S = TypeVar("S")
E = TypeVar("E")


class Timeline(Generic[S, E]):
    """The states of an event sequence, for seeking back and forth and for a live game.

    States are shared between the checkpoints and the caller, so they must be immutable.
    """

    def __init__(
        self, reduce: Reducer[S, E], initial: S, events: Sequence[E] = (), every: int = 256
    ) -> None:
        if every < 1:
            raise ValueError(f"checkpoints must be at least 1 step apart, not {every}")
        self._reduce = reduce
        self._events: list[E] = list(events)
        self._every = every
        self._checkpoints: list[S] = [initial]  # checkpoint k is step k * every
        self._last: tuple[int, S] = (0, initial)

    def __len__(self) -> int:
        """Return the number of events, which is also the last step."""
        return len(self._events)

    def event(self, number: int) -> E:
        """Return event `number` (1-based), the one that leads from step `number - 1` to it."""
        if not 1 <= number <= len(self._events):
            raise IndexError(f"there is no event {number}: they run from 1 to {len(self._events)}")
        return self._events[number - 1]

    def state_at(self, step: int) -> S:
        """Return the state after the first `step` events.

        It starts from the checkpoint at or below `step`, or from the last step visited when
        that is nearer, and records the checkpoints it passes on the way.
        """
        if not 0 <= step <= len(self._events):
            raise IndexError(
                f"step {step} is outside the timeline: the last valid step is {len(self._events)}"
            )
        known = min(step // self._every, len(self._checkpoints) - 1)
        position, state = known * self._every, self._checkpoints[known]
        last_step, last_state = self._last
        if position < last_step <= step:
            position, state = last_step, last_state
        while position < step:
            stop = min(step, (position // self._every + 1) * self._every)
            state = fold(self._reduce, state, self._events[position:stop])
            position = stop
            if position == len(self._checkpoints) * self._every:
                self._checkpoints.append(state)
        self._last = (step, state)
        return state

    def extend(self, events: Iterable[E]) -> None:
        """Append events after the last one; the states already known stay valid."""
        self._events.extend(events)

    def build(self) -> None:
        """Fold the whole sequence now, so that every checkpoint exists before any seek."""
        self.state_at(len(self._events))
