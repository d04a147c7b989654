"""Game-agnostic tools for event-sourced journals; nothing here knows any game's rules.

- `journal`: read a journal (a JSON Lines file: a header line, then one event per line),
  all at once or lazily, with errors naming the line and torn last lines set aside;
- `writer`: create and append to journals under an exclusive lock, rewrite one
  atomically, repair a torn last line;
- `fold`: fold events into a state, scan every intermediate state, fold with a check;
- `timeline`: the state at any step, found from cached checkpoints;
- `diff`: the structural differences between two states, and where two event
  sequences part.

Events and headers are msgspec Structs chosen by the caller; states are any immutable
values a caller's reducer produces.
"""

from replay.diff import ABSENT, Absent, Change, diff, first_divergence
from replay.fold import FoldError, Reducer, fold, fold_checked, scan
from replay.journal import (
    EventStream,
    Journal,
    JournalError,
    JournalLocked,
    JournalReader,
)
from replay.timeline import Timeline
from replay.writer import JournalWriter, repair, write_journal

__all__ = [
    "ABSENT",
    "Absent",
    "Change",
    "EventStream",
    "FoldError",
    "Journal",
    "JournalError",
    "JournalLocked",
    "JournalReader",
    "JournalWriter",
    "Reducer",
    "Timeline",
    "diff",
    "first_divergence",
    "fold",
    "fold_checked",
    "repair",
    "scan",
    "write_journal",
]
