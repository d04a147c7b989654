"""Watan's journals: where they go, what their header must say, reading and appending.

The file format itself (JSON Lines, a header, one event a line, torn
last lines, locks) is `replay`'s; this module knows Watan's header and
event types and the game's rules about them.
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Sequence
from typing import TextIO

from replay.journal import Journal, JournalError, JournalReader
from replay.writer import JournalWriter, repair
from watan.events import FORMAT_VERSION, RULES, AnyEvent, GameStarted

JOURNAL_FOLDER = "journals"

WatanJournal = Journal[GameStarted, AnyEvent]


def check_header(header: GameStarted) -> str | None:
    """Return what is wrong with a journal's header, or None (the format version, the rules)."""
    if header.format > FORMAT_VERSION:
        return (
            f"written by a newer watan (journal format {header.format}; "
            f"this version reads format {FORMAT_VERSION} and older)"
        )
    if header.format < 1:
        return f"unknown journal format {header.format}"
    if header.rules != RULES:
        return f"plays the {header.rules!r} rules, which this version does not know"
    return None


@functools.cache
def reader() -> JournalReader[GameStarted, AnyEvent]:
    """Return the reader of Watan journals, made once, when first needed (not to play)."""
    return JournalReader[GameStarted, AnyEvent](GameStarted, AnyEvent, check_header=check_header)


def read_journal(path: str) -> WatanJournal:
    """Return a whole journal (raises JournalError naming the line and the problem)."""
    return reader().read(path)


def default_journal_path(now: float | None = None) -> str:
    """Return a new journal's default path: ./journals/, named for when the game started."""
    moment = time.time() if now is None else now
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(moment))
    micro = int(moment * 1_000_000) % 1_000_000
    return os.path.join(JOURNAL_FOLDER, f"watan-{stamp}-{micro:06d}.jsonl")


class Recorder:
    """Appends a game's events to its journal, flushed at once; holds the journal's lock.

    When the journal cannot be written the game goes on unrecorded, after one
    line on standard error: losing the record is bad, losing the game worse.
    """

    def __init__(self, writer: JournalWriter[GameStarted, AnyEvent] | None, stderr: TextIO):
        self._writer = writer
        self._stderr = stderr

    @property
    def path(self) -> str | None:
        """Return where the journal is, or None when the game is not being recorded."""
        return None if self._writer is None else self._writer.path

    def record(self, events: Sequence[AnyEvent]) -> None:
        """Append events, so that a killed process loses nothing accepted."""
        if self._writer is None or not events:
            return
        try:
            self._writer.append(events)
        except JournalError as error:
            self._stderr.write(f"watan: {error}; the game goes on without its journal\n")
            self.close()
            self._writer = None

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()


def create_recorder(path: str, header: GameStarted, stderr: TextIO) -> Recorder:
    """Create the journal at `path` with its header; say on standard error where it is."""
    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        writer = JournalWriter[GameStarted, AnyEvent].create(path, header)
    except (OSError, JournalError) as error:
        reason = error.problem if isinstance(error, JournalError) else error.strerror or error
        stderr.write(f"watan: cannot write the journal {path}: {reason}\n")
        return Recorder(None, stderr)
    stderr.write(f"watan: journal: {path}\n")
    return Recorder(writer, stderr)


def reopen(path: str, stderr: TextIO) -> tuple[WatanJournal, JournalWriter[GameStarted, AnyEvent]]:
    """Return a journal to continue and a writer appending to it, holding its lock.

    A last line cut off mid-write (the process was killed) is moved to a
    side file with a warning, never silently dropped; what came before it
    is kept.  The journal is read again once locked, so nobody changed it
    in between.
    """
    journal = read_journal(path)
    if journal.torn_tail is not None:
        side = repair(path, journal.torn_tail)
        stderr.write(
            f"watan: {path}: its last line was cut off mid-write; "
            f"the partial line was set aside in {side}\n"
        )
    writer = JournalWriter[GameStarted, AnyEvent].open_existing(path)
    try:
        return read_journal(path), writer
    except BaseException:
        writer.close()
        raise
