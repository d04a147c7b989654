"""Keeping a live game's journal: creating it, appending each command, reopening it to play on.

A game in play appends each accepted command's events at once (`Recorder`), so a killed
process loses nothing accepted.  When the journal cannot be written the game goes on
unrecorded, after one report: losing the record is bad, losing the game worse.  To play
on from a journal (`reopen`), it is locked, then read and checked against the rules, and
a torn last line is set aside, all under that one lock.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import msgspec

from replay.auditing import audit
from replay.journal import Journal, JournalError, StrPath
from replay.protocol import Definition
from replay.writer import JournalLock, JournalWriter

H = TypeVar("H")
E = TypeVar("E")
S = TypeVar("S")

Report = Callable[[JournalError], None]
"""Where a recorder's write failure is told (one line on standard error, say)."""


class Recorder(Generic[H, E]):
    """Appends a game's events to its journal, each command's in one write; holds its lock.

    Made with no writer, it records nothing (a journal that could not be created).
    """

    def __init__(self, writer: JournalWriter[H, E] | None, report: Report) -> None:
        self._writer = writer
        self._report = report

    @property
    def path(self) -> str | None:
        """Return the journal's path, or None when nothing is being recorded."""
        return None if self._writer is None else self._writer.path

    def record(self, events: Sequence[E]) -> None:
        """Append the events; on failure report it once and record nothing more."""
        if self._writer is None or not events:
            return
        try:
            self._writer.append(events)
        except JournalError as error:
            self.close()
            self._writer = None
            self._report(error)

    def close(self) -> None:
        """Close the journal and release its lock."""
        if self._writer is not None:
            self._writer.close()

    def keeps(self, path: str) -> bool:
        """Return whether `path` names this game's journal (by any name or link), so that a
        save written there, which would replace it, can be refused."""
        return self._writer is not None and self._writer.writes_to(path)


def create(path: StrPath, header: H) -> JournalWriter[H, E]:
    """Return a writer for a new journal at `path`, its folder made if need be.

    Raises JournalError saying why the journal cannot be made.
    """
    name = os.fspath(path)
    folder = os.path.dirname(name) or "."
    try:
        os.makedirs(folder, exist_ok=True)
    except FileExistsError:
        problem = f"cannot create the file: {folder} is not a folder"
        raise JournalError(name, None, problem) from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise JournalError(name, None, f"cannot make its folder {folder}: {reason}") from None
    return JournalWriter[H, E].create(name, header)


class Reopened(msgspec.Struct, Generic[H, E, S], frozen=True):
    """A journal locked to play on: as it stands, the state it folds to, and its writer."""

    journal: Journal[H, E]
    state: S
    writer: JournalWriter[H, E]
    set_aside: str | None = None
    """The side file that now keeps a torn last line, if there was one."""


def reopen(definition: Definition[H, E, S], path: StrPath) -> Reopened[H, E, S]:
    """Check a journal against the rules and lock it to append to, from where it stands.

    The journal's lock is taken before it is read and held from then on (by the writer,
    once made), so that nobody can append to it or rewind it between the reading, the
    checking and the appending.  Nothing is changed before the journal is found sound.
    A journal of an older format is never appended to (its new lines would not match its
    old ones): rewinding it in place rewrites it in today's.  Raises JournalError naming
    the line of the first problem, or JournalLocked when another process holds the
    journal.
    """
    name = os.fspath(path)
    with JournalLock.take(name) as lock:
        journal = definition.reader().read(name)
        state = _sound(definition, name, journal)
        _refuse_older_format(definition, name, len(journal.events))
        side = None
        if journal.torn_tail is not None:
            side = lock.repair(journal.torn_tail)
        else:
            lock.complete_last_line()  # the last line decodes: a newline is all it may lack
        writer: JournalWriter[H, E] = lock.writer()
    return Reopened(journal=journal, state=state, writer=writer, set_aside=side)


def _sound(definition: Definition[H, E, S], name: str, journal: Journal[H, E]) -> S:
    """Return the state a journal folds to once its audit passes, or raise its problem."""
    checked = audit(definition, journal.header, journal.events)
    problem = checked.problem
    if problem is None and checked.state is not None:
        return checked.state
    if problem is None or problem.event == 0:
        said = "the header starts no game" if problem is None else problem.problem
        raise JournalError(name, 1, said)
    raise JournalError(
        name,
        problem.line,
        f"{problem.problem} (to play on from before that command: "
        f"{definition.name} rewind {name} --to {checked.events})",
    )


def _refuse_older_format(definition: Definition[H, E, S], name: str, events: int) -> None:
    upcast = definition.codec.upcast
    if upcast is None:
        return
    try:
        with open(name, "rb") as file:
            first = file.readline()
    except OSError as error:
        raise JournalError(name, None, f"cannot read the file: {error.strerror}") from None
    if upcast(first) is not None:
        raise JournalError(
            name,
            1,
            f"written in an older journal format; to play on, first rewrite it in today's: "
            f"{definition.name} rewind {name} --to {events} --in-place",
        )
