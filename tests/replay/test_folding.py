"""Folding: the final state, every state, and folding in two parts."""

from __future__ import annotations

from collections.abc import Iterator

from hypothesis import given
from hypothesis import strategies as st

from replay.folding import fold, scan
from tests.replay.bank import (
    HEADER,
    Account,
    Bank,
    Deposited,
    Event,
    Transferred,
    Withdrew,
    apply,
    opening,
    sample_events,
)
from tests.replay.conftest import events_strategy

START = opening(HEADER)


def test_fold_applies_the_events_in_order() -> None:
    events: list[Event] = [Deposited(0, 5), Transferred(0, 2, 30), Withdrew(1, 100)]
    assert fold(apply, START, events) == Bank(
        (Account("ada", 75), Account("bob", 0), Account("cy", 130)), moves=3
    )


def test_fold_of_no_events_is_the_initial_state() -> None:
    assert fold(apply, START, []) is START


def test_fold_equals_the_last_state_of_scan() -> None:
    events = sample_events(300)
    assert list(scan(apply, START, events))[-1] == fold(apply, START, events)


def test_scan_yields_the_state_after_each_event() -> None:
    events = sample_events(50)
    assert list(scan(apply, START, events)) == [
        fold(apply, START, events[:n]) for n in range(1, 51)
    ]


def test_scan_of_no_events_yields_nothing() -> None:
    assert list(scan(apply, START, [])) == []


def test_scan_is_lazy() -> None:
    def endless() -> Iterator[Event]:
        while True:
            yield Deposited(0, 1)

    states = scan(apply, START, endless())
    assert next(states).moves == 1


@given(st.lists(events_strategy, max_size=60), st.data())
def test_folding_a_prefix_then_the_rest_equals_folding_everything(
    events: list[Event], data: st.DataObject
) -> None:
    cut = data.draw(st.integers(min_value=0, max_value=len(events)))
    middle = fold(apply, START, events[:cut])
    assert fold(apply, middle, events[cut:]) == fold(apply, START, events)


def test_the_package_names_every_public_name_and_loads_each_module_only_when_asked() -> None:
    import replay  # noqa: PLC0415

    assert sorted(replay.__all__) == sorted(replay._HOMES)
    assert all(getattr(replay, name) is not None for name in replay.__all__)


def test_a_public_name_is_never_shadowed_by_a_module_of_the_package() -> None:
    import importlib  # noqa: PLC0415

    import replay  # noqa: PLC0415

    for module in set(replay._HOMES.values()):
        importlib.import_module(f"replay.{module}")
    shadowed = [n for n in replay.__all__ if type(getattr(replay, n)).__name__ == "module"]
    assert shadowed == []
