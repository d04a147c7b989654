"""The timeline: any step equals a plain fold of the prefix, reached from a nearby checkpoint."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replay.folding import fold
from replay.timeline import Timeline
from tests.replay.bank import HEADER, Bank, Deposited, Event, apply, opening, sample_events

START = opening(HEADER)
EVENTS = sample_events(700)


class CountingReducer:
    """The toy reducer, counting its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, bank: Bank, event: Event) -> Bank:
        self.calls += 1
        return apply(bank, event)


@settings(max_examples=60)
@given(
    st.lists(st.integers(min_value=0, max_value=len(EVENTS)), min_size=1, max_size=40),
    st.integers(min_value=1, max_value=300),
)
def test_state_at_equals_folding_the_prefix_in_any_order(steps: list[int], every: int) -> None:
    timeline = Timeline(apply, START, EVENTS, every=every)
    assert [timeline.state_at(n) for n in steps] == [fold(apply, START, EVENTS[:n]) for n in steps]


def test_state_at_zero_is_the_initial_state() -> None:
    assert Timeline(apply, START, EVENTS).state_at(0) is START
    assert Timeline(apply, START).state_at(0) is START


def test_length_is_the_number_of_events() -> None:
    assert (len(Timeline(apply, START, EVENTS)), len(Timeline(apply, START))) == (700, 0)


@pytest.mark.parametrize("step", [701, -1])
def test_step_outside_the_timeline_is_an_index_error_naming_the_last_step(step: int) -> None:
    timeline = Timeline(apply, START, EVENTS)
    with pytest.raises(IndexError) as caught:
        timeline.state_at(step)
    assert str(caught.value) == f"step {step} is outside the timeline: the last valid step is 700"


def test_extend_adds_steps_and_keeps_the_earlier_ones() -> None:
    timeline = Timeline(apply, START, EVENTS[:300], every=64)
    before = timeline.state_at(300)
    timeline.extend(EVENTS[300:])
    assert (len(timeline), timeline.state_at(300), timeline.state_at(700)) == (
        700,
        before,
        fold(apply, START, EVENTS),
    )


def test_seeking_costs_at_most_every_reducer_calls_once_built() -> None:
    reduce = CountingReducer()
    timeline = Timeline(reduce, START, EVENTS, every=50)
    timeline.build()
    assert reduce.calls == 700
    costs = []
    for step in [699, 3, 650, 651, 0, 349, 500, 120]:
        reduce.calls = 0
        timeline.state_at(step)
        costs.append(reduce.calls)
    assert costs == [49, 3, 0, 1, 0, 49, 0, 20]


def test_seeking_forward_folds_from_the_highest_checkpoint_reached() -> None:
    reduce = CountingReducer()
    timeline = Timeline(reduce, START, EVENTS, every=100)
    timeline.state_at(250)
    timeline.state_at(10)
    reduce.calls = 0
    timeline.state_at(420)
    assert reduce.calls == 220


def test_stepping_forward_by_one_is_one_reducer_call() -> None:
    reduce = CountingReducer()
    timeline = Timeline(reduce, START, EVENTS, every=100)
    timeline.state_at(130)
    costs = []
    for step in range(131, 141):
        reduce.calls = 0
        timeline.state_at(step)
        costs.append(reduce.calls)
    assert costs == [1] * 10


def test_event_numbers_run_from_one() -> None:
    timeline = Timeline(apply, START, [Deposited(0, 1), Deposited(1, 2)])
    assert (timeline.event(1), timeline.event(2)) == (Deposited(0, 1), Deposited(1, 2))
    with pytest.raises(IndexError, match="there is no event 3: they run from 1 to 2"):
        timeline.event(3)


def test_checkpoints_must_be_at_least_one_step_apart() -> None:
    with pytest.raises(ValueError, match="at least 1 step apart, not 0"):
        Timeline(apply, START, EVENTS, every=0)
