"""Keeping a live game's journal: creating it, appending each command, reopening it to play on.

A game in play appends each accepted command's events at once (`Recorder`), so a killed
process loses nothing accepted.  When the journal cannot be written the game goes on
unrecorded, after one report: losing the record is bad, losing the game worse.  A new
game's journal (`recording`) is said on a terminal, and removed when the game ends with
nothing appended to it.  To play on from a journal (`reopen`), it is locked, then read
and checked against the rules, and a torn last line is set aside, all under that one lock.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, TextIO, TypeVar

import msgspec

from replay.edges.messages import announce, complain
from replay.journal import Journal, JournalError, StrPath
from replay.writer import JournalLock, JournalWriter

if TYPE_CHECKING:
    from replay.checkpoints import Keeper
    from replay.protocol import Definition

H = TypeVar("H")
E = TypeVar("E")
S = TypeVar("S")

EVERY = 1 << 15
"""Events between two checkpoints a recorder seals: `replay.checkpoints.EVERY`, which a
test holds equal, named here so that a game that never reaches one never imports it."""

Report = Callable[[JournalError], None]
"""Where a recorder's write failure is told (one line on standard error, say: `reporter`)."""


class Recorder(Generic[H, E]):
    """Appends a game's events to its journal, each command's in one write; holds its lock.

    Made with no writer, it records nothing (a journal that could not be created).  Made
    `new` (its journal created for this game), it removes the journal on closing when no
    event was appended to it: a journal of nothing holds no game to replay or play on.
    Made with `sealed_from` (the events its journal already holds), it seals a checkpoint
    of the state it is given every so often (`replay.checkpoints.Keeper`), so that a long
    game's journal is shown quickly at any step.
    """

    def __init__(
        self,
        writer: JournalWriter[H, E] | None,
        report: Report,
        *,
        new: bool = False,
        sealed_from: int | None = None,
    ) -> None:
        self._writer = writer
        self._report = report
        self._played = not new
        self._events = sealed_from
        self._mark = None if sealed_from is None else (sealed_from // EVERY + 1) * EVERY
        """The events at which to seal the next checkpoint, when sealing."""
        self._keeper: Keeper | None = None

    @property
    def path(self) -> str | None:
        """Return the journal's path, or None when nothing is being recorded."""
        return None if self._writer is None else self._writer.path

    @property
    def played(self) -> bool:
        """Return whether the journal holds an event (or was an existing one): whether
        closing keeps it."""
        return self._played

    def record(self, events: Sequence[E], state: object = None) -> None:
        """Append the events, one command's, and seal `state`, the state they give, when a
        checkpoint is due; on failure report it once and record nothing more."""
        if self._writer is None or not events:
            return
        self._played = True  # a journal once appended to is kept, even when it failed
        try:
            self._writer.append(events)
        except JournalError as error:
            self.close()
            self._writer = None
            self._report(error)
            return
        if self._events is not None and self._mark is not None:
            self._events += len(events)
            if self._events >= self._mark and state is not None:
                self._seal(state)

    def _seal(self, state: object) -> None:
        """Seal the state the journal's events give, a checkpoint being due (the keeper
        made, and its module imported, only then: most games never reach one)."""
        assert self._events is not None and self._writer is not None
        if self._keeper is None:
            from replay.checkpoints import Keeper

            self._keeper = Keeper(self._writer.path)
        self._keeper.seal(self._events, state, self._writer.size(), self._writer.read_back)
        self._mark = self._events + EVERY

    def close(self) -> None:
        """Close the journal and release its lock; a new journal nothing was appended to is
        removed."""
        if self._writer is None:
            return
        if self._played:
            self._writer.close()
        else:
            self._writer.discard()

    def keeps(self, path: str) -> bool:
        """Return whether `path` names this game's journal (by any name or link), so that a
        save written there, which would replace it, can be refused."""
        return self._writer is not None and self._writer.writes_to(path)


def reporter(stderr: TextIO, program: str) -> Report:
    """Return the report of a journal that stops taking events: one line on standard error
    (`PROGRAM: PATH: PROBLEM; the game goes on without its journal`)."""

    def report(error: JournalError) -> None:
        complain(stderr, f"{error}; the game goes on without its journal", program)

    return report


def recording(
    path: StrPath,
    header: H,
    stderr: TextIO,
    program: str,
    *,
    fallback: StrPath | None = None,
    sealed: bool = False,
) -> Recorder[H, E]:
    """Return a recorder of a new game's journal, created at `path` with its header.

    Where the journal is, is said on a terminal only (`replay.edges.messages.announce`).  When
    it cannot be made there and a `fallback` path is given (a folder of the player's that
    cannot be written, say), it goes there instead, said on a terminal with why; otherwise
    the game goes on without one, after one line on standard error saying why.  The
    journal is removed when the game ends with nothing appended to it (`Recorder`, `new`).
    With `sealed`, it seals checkpoints of the states it is given (`Recorder`).
    """
    sealed_from = 0 if sealed else None
    report = reporter(stderr, program)
    name = os.fspath(path)
    try:
        writer: JournalWriter[H, E] = create(name, header)
    except JournalError as refused:
        if fallback is not None:
            try:
                moved: JournalWriter[H, E] = create(fallback, header)
            except JournalError:
                pass  # the first path's problem is the one to tell
            else:
                announce(stderr, f"journal: {moved.path} ({refused.problem})", program)
                return Recorder(moved, report, new=True, sealed_from=sealed_from)
        complain(stderr, f"cannot write the journal {name}: {refused.problem}", program)
        return Recorder(None, report)
    announce(stderr, f"journal: {name}", program)
    return Recorder(writer, report, new=True, sealed_from=sealed_from)


def create(path: StrPath, header: H) -> JournalWriter[H, E]:
    """Return a writer for a new journal at `path`, its folder made if need be.

    Raises JournalError saying why the journal cannot be made.
    """
    name = os.fspath(path)
    folder = os.path.dirname(name) or "."
    try:
        os.makedirs(folder, exist_ok=True)
    except FileExistsError:
        raise JournalError(name, None, f"{folder} is not a folder") from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise JournalError(name, None, f"cannot make its folder {folder}: {reason}") from None
    try:
        return JournalWriter[H, E].create(name, header)
    except OSError as error:  # a file system that cannot lock, say
        reason = error.strerror or str(error)
        raise JournalError(name, None, f"cannot create the file: {reason}") from None


class Reopened(msgspec.Struct, Generic[H, E, S], frozen=True):
    """A journal locked to play on: as it stands, the state it folds to, and its writer."""

    journal: Journal[H, E]
    state: S
    writer: JournalWriter[H, E]
    set_aside: str | None = None
    """The side file that now keeps a torn last line, if there was one."""


def reopen(
    definition: Definition[H, E, S],
    path: StrPath,
    *,
    playable: Callable[[S], str | None] | None = None,
) -> Reopened[H, E, S]:
    """Check a journal against the rules and lock it to append to, from where it stands.

    The journal's lock is taken before it is read and held from then on (by the writer,
    once made), so that nobody can append to it or rewind it between the reading, the
    checking and the appending.  Nothing is changed before the journal is found sound,
    and playable by this session: `playable(state)` says why not (a player it lacks,
    say), if it cannot be played on here.  A journal of an older format is never appended
    to (its new lines would not match its old ones): rewinding it in place rewrites it in
    today's.  Raises JournalError naming the line of the first problem, or JournalLocked
    when another process holds the journal.
    """
    name = os.fspath(path)
    with JournalLock.take(name) as lock:
        journal = definition.reader().read(name)
        state = _sound(definition, name, journal)
        unplayable = None if playable is None else playable(state)
        if unplayable is not None:
            raise JournalError(name, None, unplayable)
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
    from replay.auditing import audit  # only reopening needs it: keep starting a game quick

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
    """Raise JournalError, with the rewind that rewrites it, for a journal of an older
    format; its format and today's are named when the game numbers them (`Codec`)."""
    codec = definition.codec
    if codec.upcast is None:
        return
    try:
        with open(name, "rb") as file:
            first = file.readline()
    except OSError as error:
        raise JournalError(name, None, f"cannot read the file: {error.strerror}") from None
    if codec.upcast(first) is None:
        return
    written = None if codec.written_format is None else codec.written_format(first)
    then = "an older journal format" if written is None else f"journal format {written}"
    today = "today's" if codec.format_version is None else f"format {codec.format_version}"
    raise JournalError(
        name,
        1,
        f"written in {then}; to play on, first rewrite it in {today}: "
        f"{definition.name} rewind {name} --to {events} --in-place",
    )
