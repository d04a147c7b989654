"""A journal at any step, checked: loading, listing and rewinding at command boundaries.

Step N is the state after the first N events following the header; step 0 is the state
the header starts.  Every step shown is checked against the game's rules first
(`replay.auditing`), so a damaged journal is reported with its line, never shown.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Generic, TypeVar

import msgspec

from replay.auditing import audit, boundaries
from replay.checkpoints import Sealer, Start, keep_sealed, start_of
from replay.edges.messages import torn
from replay.journal import JournalError, Source, StrPath
from replay.protocol import Definition
from replay.writer import JournalLock, write_journal

H = TypeVar("H")
E = TypeVar("E")
S = TypeVar("S")


class Moment(msgspec.Struct, Generic[H, E, S], frozen=True):
    """A journal read up to a step: its header, those events and the state they give."""

    header: H
    events: tuple[E, ...]
    state: S
    torn_line: int | None = None
    """The line of an incomplete last line (a process killed mid-write) left out, if any."""


Progress = Callable[[int, int], object]
"""Told how far a check has come, and of how much: a long check's progress bar."""


def load(
    definition: Definition[H, E, S],
    path: StrPath,
    to: int | None = None,
    *,
    data: Source | None = None,
    progress: Progress | None = None,
    sealed: bool = False,
) -> Moment[H, E, S]:
    """Return the journal at `path` up to step `to` (its end when None), checked.

    Only the lines up to the end of the command that step `to` falls in are read and
    checked, so an early step of a long journal is quick, and a journal damaged further
    on can still be looked at (and rewound) before the damage.  Raises JournalError
    naming the line of the first problem, or saying the step is past the end.  An
    incomplete last line is left out and its line reported in `torn_line`.  With `data`,
    the journal is read from it (standard input, or bytes), line by line under the
    reader's limits, and `path` only names it in errors.  `progress` hears how many of
    the events read have been checked, of them all.  With `sealed`, a journal file's
    events after its last sealed checkpoint at or before `to` are judged, from the state
    sealed there (`replay.checkpoints`); every event is read all the same.
    """
    header, events, torn = _read(definition, path, to, data)
    start = _sealed_start(definition, path, to) if sealed and data is None else None
    state = _sound(definition, path, header, events, to, progress=progress, start=start)
    return Moment(header=header, events=events[:to], state=state, torn_line=torn)


def _sealed_start(
    definition: Definition[H, E, S], path: StrPath, to: int | None
) -> Start[S] | None:
    """Return the checkpoint of the journal at `path` to start judging from, if any."""
    if definition.state_type is None:
        return None
    return start_of(definition, os.fspath(path), to)


def _sound(
    definition: Definition[H, E, S],
    path: StrPath,
    header: H,
    events: Sequence[E],
    to: int | None,
    *,
    progress: Progress | None = None,
    start: Start[S] | None = None,
) -> S:
    """Return the state at step `to` once every event read passes the audit (those after
    `start`, from its state, when given), or raise."""
    told = None if progress is None else lambda done: progress(done, len(events))
    if start is not None and start.events <= len(events):
        since = (start.state, start.events)
        checked = audit(
            definition, header, events[start.events :], keep=to, progress=told, since=since
        )
    else:
        checked = audit(definition, header, events, keep=to, progress=told)
    if checked.problem is not None or checked.state is None:
        problem = checked.problem
        line = None if problem is None else problem.line
        raise JournalError(str(path), line, "no state" if problem is None else problem.problem)
    return checked.state


def _read(
    definition: Definition[H, E, S], path: StrPath, to: int | None, data: Source | None = None
) -> tuple[H, tuple[E, ...], int | None]:
    """Return the header, the events up to the end of step `to`'s command, and a torn line."""
    reader = definition.reader()
    name = str(path)
    if to is not None and to < 0:
        raise JournalError(name, None, f"there is no step {to}: steps start at 0")
    if to is None:
        journal = reader.read(path, data)
        torn = None if journal.torn_tail is None else len(journal.events) + 2
        return journal.header, journal.events, torn
    header, stream = reader.iter_events(path, data)
    with stream:
        read = _through_command(definition, name, stream, to)
        torn = None if stream.torn_tail is None else len(read) + 2
    return header, read, torn


def _through_command(
    definition: Definition[H, E, S], name: str, stream: Iterator[E], to: int
) -> tuple[E, ...]:
    """Return the first `to` events of `stream`, and the rest of the command the last is in."""
    read = list(itertools.islice(stream, min(to, sys.maxsize)))
    if len(read) < to:
        raise JournalError(name, None, f"there is no step {to}: the last event is {len(read)}")
    judge = definition.judge
    if judge is not None and read:
        for event in stream:
            if not judge.joins(read, event):
                break
            read.append(event)
    return tuple(read)


class Checked(msgspec.Struct, Generic[H, S], frozen=True):
    """A journal checked up to a step, without its events: the header, how many events
    the step is, the state they give, and a torn last line left out, if any."""

    header: H
    events: int
    state: S
    torn_line: int | None = None


def check(
    definition: Definition[H, E, S],
    path: StrPath,
    to: int | None = None,
    *,
    data: Source | None = None,
    progress: Progress | None = None,
    sealed: bool = False,
    seal: bool = False,
) -> Checked[H, S]:
    """Return the journal at `path` checked up to step `to` (its end when None), as `load`
    does, but streaming: its events are read, judged and folded a block at a time and never
    kept, so a journal of millions of events is checked in little memory.

    Only the lines up to the end of the command step `to` falls in are read.  Raises
    JournalError as `load` does.  `progress` hears how many bytes of the file are read,
    of its size.  With `data` (standard input, say), the journal is streamed from it,
    and `path` only names it.  With `sealed`, a journal file is read and judged from its
    last sealed checkpoint at or before `to` (`replay.checkpoints`), the same answer
    sooner.  With `seal`, a journal file checked whole and found sound, torn line aside,
    gets a sidecar of checkpoints when it is long enough (`keep_sealed`); none is read.
    """
    name = str(path)
    if to is not None and to < 0:
        raise JournalError(name, None, f"there is no step {to}: steps start at 0")
    start = _sealed_start(definition, path, to) if sealed and data is None else None
    sealer = _sealer(definition) if seal and data is None and to is None else None
    header, stream = definition.reader().iter_events(
        path,
        data,
        start=None if start is None else start.resume,
        seen=None if sealer is None else sealer.seen,
    )
    with stream:
        size = _size(path) if data is None else 0
        told = None if progress is None else lambda _: progress(stream.position, size)
        checked = audit(
            definition,
            header,
            stream,
            keep=to,
            through=True,
            progress=told,
            since=None if start is None else (start.state, start.events),
            seal=None if sealer is None else sealer.seal,
        )
        torn = stream.torn_tail
    problem = checked.problem
    if sealer is not None and problem is None and torn is None and checked.state is not None:
        keep_sealed(definition, name, sealer, checked.events, checked.state)
    if problem is not None or checked.state is None:
        line = None if problem is None else problem.line
        raise JournalError(name, line, "no state" if problem is None else problem.problem)
    read = checked.events
    if to is not None and read < to:
        raise JournalError(name, None, f"there is no step {to}: the last event is {read}")
    return Checked(
        header, read if to is None else to, checked.state, None if torn is None else read + 2
    )


def _sealer(definition: Definition[H, E, S]) -> Sealer | None:
    """Return a sealer of a journal's checkpoints when the game's states can be kept."""
    if definition.state_type is None:
        return None
    return Sealer()


def _size(path: StrPath) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


class Rewound(msgspec.Struct, Generic[H, E, S], frozen=True):
    """A journal as `rewind_back` kept it, and the command the step asked for fell inside,
    if any: its first and last event (the journal was then kept up to where it began)."""

    kept: Moment[H, E, S]
    inside: tuple[int, int] | None = None


Out = StrPath | Callable[[int], StrPath]
"""Where a rewound journal goes: a path, or what names the path given the events kept."""


def went_back(to: int, inside: tuple[int, int], kept: int) -> str:
    """Return what is said when step `to` fell `inside` a command's events (first, last),
    so that `rewind_back` kept the `kept` events before it began."""
    first, last = inside
    return (
        f"step {to} is inside one command (events {first}-{last}); "
        f"kept the {kept} events before it began"
    )


class NewJournal:
    """Names a rewound journal once the step it keeps is known (an `Out`): `output` when
    given, else beside `journal` as NAME-to-N.jsonl; never a file that is already there
    (JournalError).  `written` is the name it gave."""

    def __init__(self, journal: str, output: str | None) -> None:
        self._journal, self._output = journal, output
        self.written: str | None = None

    def __call__(self, kept: int) -> str:
        source = Path(self._journal)
        chosen = self._output or str(
            source.with_name(f"{source.stem}-to-{kept}{source.suffix or '.jsonl'}")
        )
        if os.path.lexists(chosen):
            raise JournalError(chosen, None, "already exists; choose another name with -o")
        self.written = chosen
        return chosen


def rewind(
    definition: Definition[H, E, S],
    path: StrPath,
    to: int,
    out: Out,
    *,
    replace: bool = False,
    data: Source | None = None,
) -> Moment[H, E, S]:
    """Write to `out` a journal of the first `to` events of the one at `path`.

    Only those events (and the rest of the command step `to` falls in) are checked, so a
    journal damaged further on can be rewound to before the damage.  A step inside a
    command would leave a state the rules never produce, so it is refused, naming the
    steps on either side (`rewind_back` moves back to where the command began instead).
    `out` is never replaced unless `replace` is given; then its lock is taken before
    anything is read and held until it is replaced, so that a game that would append to
    it meanwhile is refused rather than losing what it appends (JournalLocked when one is
    being played).  With `data`, the journal is read from it (`load`).  Returns the journal as kept.
    """
    return _rewind(definition, path, to, out, replace=replace, data=data, back=False).kept


def rewind_back(
    definition: Definition[H, E, S],
    path: StrPath,
    to: int,
    out: Out,
    *,
    replace: bool = False,
    data: Source | None = None,
) -> Rewound[H, E, S]:
    """Write to `out` a journal of the first `to` events of the one at `path`, as `rewind`
    does, but a step inside a command keeps the journal up to where that command began,
    and `inside` says so.  Returns the journal as kept."""
    return _rewind(definition, path, to, out, replace=replace, data=data, back=True)


def _rewind(
    definition: Definition[H, E, S],
    path: StrPath,
    to: int,
    out: Out,
    *,
    replace: bool,
    data: Source | None,
    back: bool,
) -> Rewound[H, E, S]:
    with contextlib.ExitStack() as held:
        lock = None
        if replace and not callable(out) and os.path.exists(out):
            lock = held.enter_context(JournalLock.take(out))
        header, events, _ = _read(definition, path, to, data)
        state = _sound(definition, path, header, events, to)
        inside = None
        for first, last in boundaries(definition, events):
            if first > to:
                break  # every later command begins after the step too
            if first - 1 < to < last:
                if not back:
                    raise JournalError(
                        str(path),
                        to + 1,
                        f"step {to} is inside one command (events {first}-{last}); "
                        f"rewind to {first - 1} or {last}",
                    )
                inside, to = (first, last), first - 1
                state = definition.fold(header, events[:to])
                break
        kept = Moment(header=header, events=events[:to], state=state)
        if lock is not None:
            lock.replace(header, kept.events)
        else:
            write_journal(out(to) if callable(out) else out, header, kept.events, replace=replace)
    return Rewound(kept=kept, inside=inside)


def listing(definition: Definition[H, E, S], header: H, events: Sequence[E]) -> Iterator[str]:
    """Yield one numbered line per event in the game's words, the header as step 0, and the
    game's headings (a turn beginning) on lines of their own before the events they head."""
    definition = definition.for_header(header)
    width = len(str(len(events)))
    yield f"{0:>{width}}  {definition.describe_start(header)}\n"
    words = definition.words
    headings = (
        itertools.repeat(None)
        if words is None or words.headings is None
        else words.headings(header, events)
    )
    said = (
        (definition.describe(header, event) for event in events)
        if words is None or words.events is None
        else words.events(header, events)
    )
    for number, (text, heading) in enumerate(zip(said, headings, strict=False), start=1):
        if heading is not None:
            yield f"{heading}\n"
        yield f"{number:>{width}}  {text}\n"


def verify(
    definition: Definition[H, E, S],
    path: StrPath,
    *,
    data: Source | None = None,
    progress: Progress | None = None,
    seal: bool = False,
) -> Checked[H, S]:
    """Return the whole journal checked, or raise JournalError for its first problem.

    It is checked as `check` does, streaming, so a journal of any length is verified in
    little memory.  An incomplete last line is a problem here: the journal is not whole.
    No checkpoint is trusted; with `seal`, a sound journal gets its sidecar (`check`).
    """
    checked = check(definition, path, data=data, progress=progress, seal=seal)
    if checked.torn_line is not None:
        raise JournalError(str(path), checked.torn_line, torn(definition.name))
    return checked
