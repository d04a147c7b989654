"""Fixtures for the replay toolkit's tests, on the toy bank game (`tests.replay.bank`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import strategies as st

from replay.journal import JournalReader
from tests.replay.bank import (
    ACCOUNTS,
    Deposited,
    Event,
    Opened,
    Transferred,
    Withdrew,
    check_format,
)

_accounts = st.integers(min_value=0, max_value=ACCOUNTS - 1)
_amounts = st.integers(min_value=0, max_value=1000)
events_strategy: st.SearchStrategy[Event] = st.one_of(
    st.builds(Deposited, _accounts, _amounts),
    st.builds(Withdrew, _accounts, _amounts),
    st.builds(Transferred, _accounts, _accounts, _amounts),
)


@pytest.fixture
def reader() -> JournalReader[Opened, Event]:
    return JournalReader[Opened, Event](Opened, Event, check_header=check_format)


@pytest.fixture
def journal_path(tmp_path: Path) -> Path:
    return tmp_path / "bank.jsonl"
