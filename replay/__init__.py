"""Game-agnostic tools for event-sourced journals; nothing here knows any game's rules.

- `journal`: read a journal (a JSON Lines file: a header line, then one event per line),
  all at once or lazily, with errors naming the line and torn last lines set aside;
- `writer`: create and append to journals under an exclusive lock, rewrite one
  atomically, repair a torn last line; `JournalLock` holds the lock from before a journal
  is read until it is changed;
- `folding`: fold events into a state, scan every intermediate state, fold with a check;
- `timeline`: the state at any step, found from cached checkpoints;
- `differences`: the structural differences between two states, and where two event
  sequences part.

Events and headers are msgspec Structs chosen by the caller; states are any immutable
values a caller's reducer produces.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from replay.differences import ABSENT, Absent, Change, diff, first_divergence
    from replay.folding import FoldError, Reducer, fold, fold_checked, scan
    from replay.journal import EventStream, Journal, JournalError, JournalLocked, JournalReader
    from replay.timeline import Timeline
    from replay.writer import (
        JournalLock,
        JournalWriter,
        complete_last_line,
        repair,
        write_journal,
    )

_HOMES = {
    "ABSENT": "differences",
    "Absent": "differences",
    "Change": "differences",
    "diff": "differences",
    "first_divergence": "differences",
    "FoldError": "folding",
    "Reducer": "folding",
    "fold": "folding",
    "fold_checked": "folding",
    "scan": "folding",
    "EventStream": "journal",
    "Journal": "journal",
    "JournalError": "journal",
    "JournalLocked": "journal",
    "JournalReader": "journal",
    "Timeline": "timeline",
    "JournalLock": "writer",
    "JournalWriter": "writer",
    "complete_last_line": "writer",
    "repair": "writer",
    "write_journal": "writer",
}
"""Which module holds each public name; importing the package loads none of them until
one is asked for, so a program that needs only the journal reader pays only for it."""

__all__ = [
    "ABSENT",
    "Absent",
    "Change",
    "EventStream",
    "FoldError",
    "Journal",
    "JournalError",
    "JournalLock",
    "JournalLocked",
    "JournalReader",
    "JournalWriter",
    "Reducer",
    "Timeline",
    "complete_last_line",
    "diff",
    "first_divergence",
    "fold",
    "fold_checked",
    "repair",
    "scan",
    "write_journal",
]


def __getattr__(name: str) -> object:
    if name not in _HOMES:
        raise AttributeError(f"module 'replay' has no attribute {name!r}")
    return getattr(importlib.import_module(f"replay.{_HOMES[name]}"), name)
