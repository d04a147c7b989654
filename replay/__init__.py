"""Game-agnostic tools for event-sourced journals; nothing here knows any game's rules.

- `journal`: read a journal (a JSON Lines file: a header line, then one event per line),
  all at once or lazily, with errors naming the line and torn last lines set aside;
- `writer`: create and append to journals under an exclusive lock, rewrite one
  atomically, repair a torn last line; `JournalLock` holds the lock from before a journal
  is read until it is changed;
- `folding`: fold events into a state, scan every intermediate state;
- `differences`: the structural differences between two states, and where two event
  sequences part;

On these, for any game that supplies a `protocol.Definition` (its codec, its initial
state from a header, its reducer, optionally its judge and its words):

- `auditing`: checking a journal against the game's rules, command by command;
- `history`: a journal at any step, listed in words, rewound at command boundaries, verified;
- `recorder`: a live game's journal, appended to under its lock, and reopened to play on;
- `checkpoints`: judged states sealed in a sidecar beside a long journal, so that a read
  of a late step starts there (and `parallel`, `verify` on two processes);
- `compare`: where two journals part and how two states differ, in words.

Any game may also play `tournaments`: many seeded games in batches, the same on one
process or many.

Events and headers are msgspec Structs chosen by the caller; states are any immutable
values a caller's reducer produces.

A game program's edges, which are not event sourcing, have their own sub-package,
`replay.edges` (messages, input lines, small files read and written, stopping).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from replay.auditing import Audit, Problem, audit, commands, compare_runs
    from replay.compare import Parting, changes, parted, told
    from replay.differences import ABSENT, Absent, Change, diff, first_divergence
    from replay.folding import Reducer, fold, scan
    from replay.history import Moment, Rewound, listing, load, rewind, rewind_back, verify
    from replay.journal import EventStream, Journal, JournalError, JournalLocked, JournalReader
    from replay.protocol import Codec, Definition, Judge, Verdict, Words
    from replay.recorder import Recorder, Reopened, reopen
    from replay.writer import (
        JournalLock,
        JournalWriter,
        complete_last_line,
        repair,
        write_journal,
    )

_HOMES = {
    "Audit": "auditing",
    "Problem": "auditing",
    "audit": "auditing",
    "commands": "auditing",
    "compare_runs": "auditing",
    "changes": "compare",
    "Parting": "compare",
    "parted": "compare",
    "told": "compare",
    "Moment": "history",
    "listing": "history",
    "load": "history",
    "Rewound": "history",
    "rewind": "history",
    "rewind_back": "history",
    "verify": "history",
    "Codec": "protocol",
    "Definition": "protocol",
    "Judge": "protocol",
    "Verdict": "protocol",
    "Words": "protocol",
    "Recorder": "recorder",
    "Reopened": "recorder",
    "reopen": "recorder",
    "ABSENT": "differences",
    "Absent": "differences",
    "Change": "differences",
    "diff": "differences",
    "first_divergence": "differences",
    "Reducer": "folding",
    "fold": "folding",
    "scan": "folding",
    "EventStream": "journal",
    "Journal": "journal",
    "JournalError": "journal",
    "JournalLocked": "journal",
    "JournalReader": "journal",
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
    "Audit",
    "Change",
    "Codec",
    "Definition",
    "EventStream",
    "Journal",
    "JournalError",
    "JournalLock",
    "JournalLocked",
    "JournalReader",
    "JournalWriter",
    "Judge",
    "Moment",
    "Parting",
    "Problem",
    "Recorder",
    "Reducer",
    "Reopened",
    "Rewound",
    "Verdict",
    "Words",
    "audit",
    "changes",
    "commands",
    "compare_runs",
    "complete_last_line",
    "diff",
    "first_divergence",
    "fold",
    "listing",
    "load",
    "parted",
    "reopen",
    "repair",
    "rewind",
    "rewind_back",
    "scan",
    "told",
    "verify",
    "write_journal",
]


def __getattr__(name: str) -> object:
    if name not in _HOMES:
        raise AttributeError(f"module 'replay' has no attribute {name!r}")
    return getattr(importlib.import_module(f"replay.{_HOMES[name]}"), name)
