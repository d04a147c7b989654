"""Checking a long journal on two processes: the same verdict as `history.check`, sooner.

The journal is cut at the end of a command, a first part judged here and the rest in a
forked process, from the state the first part ends in, which that process must find on
its own:

- from a sealed checkpoint near the middle of the file, when the journal has a sidecar
  (`replay.checkpoints.nearest`), whose hash that process checks (`checkpoints.verified`)
  while this one judges: it reads and judges from there, so each part is read and judged
  once;
- otherwise (or when the checkpoint's hash does not match) by folding the first part
  without judging it (the game's batch fold, `Definition.fold_all`), a little past the
  middle of the file (the second part costs more, see `SHARE`), the events streamed
  straight into the fold.

Whatever comes before the fork is on the wall clock's critical path, so this process
only reads the sidecar, or counts the lines of the first part, before it forks.

Either way nothing it assumed is trusted: the seam is checked, the state (and the number
of events) this process's audit ends in must be the state the other began from, or the
parts are thrown away and the journal checked again in one piece; a checkpoint that does
not match the judged state is no more than a wasted guess.  The first problem wins: one
in the first part is reported whatever the second found.  The verdict and its words are
`history.check`'s (`tests/test_parallel_verify.py` compares them over every recorded
journal and tampered copies).

A journal too short to be worth a second process, a game whose judge does not give
`longest` (so a cut cannot be found from a few events back), a machine with one core, or
a second process that fails for any reason of its own: each is checked in one piece.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import sys
from collections.abc import Iterator
from multiprocessing.connection import Connection
from typing import Any, TypeVar

import msgspec

from replay import checkpoints, history
from replay.auditing import Audit, audit
from replay.checkpoints import (
    Checkpoint,
    Sealer,
    Start,
    after_lines,
    nearest,
    verified,
    write_sidecar,
)
from replay.folding import fold
from replay.history import Checked, Progress
from replay.journal import LONGEST_LINE, JournalError, StrPath, open_journal
from replay.protocol import Definition, Judge

H = TypeVar("H")
E = TypeVar("E")
S = TypeVar("S")

SMALLEST = 4 << 20
"""Journals shorter than this many bytes are checked in one piece: a second process costs
more than it saves on them."""

SHARE = 0.52
"""The share of the file's bytes the first part holds when the second process folds it:
both processes decode the first part; the second only folds it, quickly, before judging
its own, so an even split of the work puts the cut a little past the middle."""

SEALED_SHARE = 0.5
"""Where in the file the checkpoint a second process starts from lies, as near as the
sidecar has one: each part is then read and judged once, so the middle evens the work."""

BLOCK = 1 << 20


def check_on_both(
    definition: Definition[H, E, S],
    path: StrPath,
    *,
    progress: Progress | None = None,
    smallest: int = SMALLEST,
    seal: bool = False,
) -> Checked[H, S]:
    """Return the whole journal at `path` checked, as `history.check(definition, path)`
    does (the same state, or the same JournalError), on two processes when it pays: for a
    file of at least `smallest` bytes.  With `seal`, a journal found sound gets a sidecar
    of checkpoints, as `history.check(seal=True)` gives it: each process seals the part
    it judges, from the bytes it read."""
    name = os.fspath(path)
    judge = definition.judge
    size = _size(name)
    if (
        judge is None
        or judge.longest is None
        or (os.cpu_count() or 1) < 2
        or "fork" not in multiprocessing.get_all_start_methods()
        or size < smallest
    ):
        return history.check(definition, path, progress=progress, seal=seal)
    guess = None if definition.state_type is None else nearest(name, int(size * SEALED_SHARE))
    if guess is not None:
        cut, share = guess.events, guess.offset / size
    else:
        before = _lines(name, int(size * SHARE))
        if before is None or before < 2:
            return history.check(definition, path, progress=progress, seal=seal)
        cut, share = before - 1, SHARE  # the header's line is not an event
    context = multiprocessing.get_context("fork")
    receiving, sending = context.Pipe(duplex=False)
    sealer = _sealer(definition, seal)
    second = context.Process(
        target=_second_part,
        args=(definition, name, cut, sending),
        kwargs={"seal": sealer is not None, "guess": guess},
    )
    second.start()
    sending.close()
    try:
        first = _first_part(
            definition, name, cut, progress=progress, sealer=sealer, share=share
        )
        answer = receiving.recv() if first.problem is None else None
    except EOFError:
        answer = None
    finally:
        receiving.close()
        second.join()
    if first.problem is not None or first.state is None:
        problem = first.problem
        line = None if problem is None else problem.line
        raise JournalError(name, line, "no state" if problem is None else problem.problem)
    if (
        not isinstance(answer, _Second)
        or answer.began_at != first.events
        or answer.began != first.state
    ):
        return history.check(definition, path, progress=progress, seal=seal)
    if answer.error is not None:
        raise JournalError(*answer.error)
    rest: Audit[S] = answer.audit
    if rest.problem is not None or rest.state is None:
        raise JournalError(name, None if rest.problem is None else rest.problem.line,
                           "no state" if rest.problem is None else rest.problem.problem)
    torn = None if answer.torn is None else rest.events + 2
    header: H = answer.header
    if sealer is not None and answer.sealed is not None and torn is None:
        _keep_both(definition, name, sealer, answer.sealed)
    return Checked(header, rest.events, rest.state, torn)


def _sealer(definition: Definition[H, E, S], seal: bool) -> Sealer | None:
    if not seal or definition.state_type is None:
        return None
    return Sealer()


def _keep_both(
    definition: Definition[H, E, S], name: str, first: Sealer, second: bytes
) -> None:
    """Write the sidecar of both parts' checkpoints: this process's, then the second's
    (which ends with one at the journal's end), once its part was found sound."""
    later = msgspec.msgpack.decode(second, type=list[Checkpoint])
    if not later or later[-1].events < checkpoints.EVERY:
        return
    sealed = first.checkpoints[-1].events if first.checkpoints else 0
    both = [*first.checkpoints, *(point for point in later if point.events > sealed)]
    write_sidecar(name, both, both[-1].offset)


class _Second(msgspec.Struct, frozen=True, kw_only=True):
    """What the second process sends back: the state it began its part from (the seam)
    and after how many events, and its audit of the second part, or the reader's error
    there; with the checkpoints it sealed, one at its end, as msgpack."""

    header: Any
    began: Any
    began_at: int
    audit: Audit[Any]
    torn: bytes | None = None
    error: tuple[str, int | None, str] | None = None
    sealed: bytes | None = None


def _first_part(
    definition: Definition[H, E, S],
    name: str,
    cut: int,
    *,
    progress: Progress | None,
    sealer: Sealer | None,
    share: float,
) -> Audit[S]:
    """Return the audit of the events up to the end of the command event `cut` is in,
    its checkpoints sealed by `sealer` when given; the progress bar is told of the share
    of the file it reads as if it were the whole."""
    seen = None if sealer is None else sealer.seen
    header, stream = definition.reader().iter_events(name, seen=seen)
    judge = definition.for_header(header).judge
    assert judge is not None
    size = _size(name)
    part = max(1, int(size * share))
    told = (
        None
        if progress is None
        else lambda _: progress(min(size, stream.position * size // part), size)
    )
    with stream:
        return audit(
            definition,
            header,
            _through(iter(stream), judge, cut, []),
            progress=told,
            seal=None if sealer is None else sealer.seal,
        )


def _second_part(
    definition: Definition[H, E, S],
    name: str,
    cut: int,
    sending: Connection,
    *,
    seal: bool,
    guess: Checkpoint | None,
) -> None:
    """Find the state after the first part, judge the rest from there, and send what was
    found (`_Second`), with the checkpoints of the rest sealed when `seal`.  The state is
    the checkpoint's `guess`, read from there when its hash matches the journal's bytes
    before it, or the first `cut` events' (and the rest of the command the last is in)
    folded.

    Runs in the forked process; anything it cannot do ends with nothing sent, and the
    journal is then checked in one piece.
    """
    try:
        sealer = _sealer(definition, seal)
        reader = definition.reader()
        header, stream = reader.iter_events(name)
        stream.close()
        played = definition.for_header(header)
        held: list[E] = []
        seam = None if guess is None else verified(played, name, guess, sealer)
        if seam is None:
            sealer = _sealer(definition, seal)  # it may have hashed a guess's bytes
            quick = _lead_folded(played, header, name, cut, sealer)
            if quick is None:
                sealer = _sealer(definition, seal)  # it may have seen part of the lead
            else:
                seam = quick
        seen = None if sealer is None else sealer.seen
        header, stream = reader.iter_events(
            name, start=None if seam is None else seam.resume, seen=seen
        )
        with stream:
            if seam is None:
                began, count = _folded(played, (played.start(header), 0), iter(stream), cut, held)
            elif seam.events < cut:  # the lead folded quickly: the rest of the first part now
                began, count = _folded(played, (seam.state, seam.events), iter(stream), cut, held)
            else:
                began, count = seam.state, seam.events
            try:
                rest = audit(
                    played,
                    header,
                    _chained(held, stream),
                    since=(began, count),
                    seal=None if sealer is None else sealer.seal,
                )
            except JournalError as error:
                failed = Audit[S](None, 0)
                sending.send(_Second(header=header, began=began, began_at=count, audit=failed,
                                     error=_said(error)))
                return
            sealed = None
            if sealer is not None and rest.problem is None and rest.state is not None:
                sealer.finish(rest.events, rest.state)
                sealed = msgspec.msgpack.encode(sealer.checkpoints)
            sending.send(
                _Second(header=header, began=began, began_at=count, audit=rest,
                        torn=stream.torn_tail, sealed=sealed)
            )
    except BaseException:  # nothing is trusted from here: the journal is checked in one piece
        pass
    finally:
        sending.close()
        os._exit(0)


def _folded(
    played: Definition[H, E, S],
    since: tuple[S, int],
    events: Iterator[E],
    cut: int,
    held: list[E],
) -> tuple[S, int]:
    """Return the state after the first `cut` events and the rest of the command the last
    is in, folded without being judged from `since` (a state and how many events gave
    it), and how many they are (-1 when the events ran out before the cut: the seam is
    then refused); the event read past them goes to `held`.  The events stream straight
    into the game's batch fold."""
    judge = played.judge
    assert judge is not None
    fold_all = played.fold_all
    state, done = since
    read = [-1]
    through = _through(events, judge, cut - done, held, read)
    folded = fold(played.apply, state, through) if fold_all is None else fold_all(state, through)
    return folded, -1 if read[0] < 0 else done + read[0]


def _lead_folded(
    played: Definition[H, E, S], header: H, name: str, cut: int, sealer: Sealer | None
) -> Start[S] | None:
    """Return the state after the first events of the journal, all but the last few before
    event `cut`, folded straight from its bytes: decoded a block at a time by msgspec alone,
    without the reader's checks, which the first part's audit makes on the same lines (a
    line they would refuse is reported there first, and anything else read otherwise here
    fails the seam check).  `sealer` sees the lines folded.  None when the journal's
    events must be converted (an older format), or its lines are not one event each: the
    first part is then folded from the stream, as the reader reads it."""
    judge, codec = played.judge, played.codec
    assert judge is not None
    lead = max(0, cut - 2 * (judge.longest or 1))
    fold_all = played.fold_all
    decoder: msgspec.json.Decoder[Any] = msgspec.json.Decoder(codec.event_type)
    state, folded = played.start(header), 0
    with open_journal(name) as file:
        first = file.readline(LONGEST_LINE + 2)
        if not first.endswith(b"\n") or (codec.upcast is not None and codec.upcast(first)):
            return None
        if sealer is not None:
            sealer.seen(first)
        offset, pending = len(first), b""
        while folded < lead:
            block = file.read(BLOCK)
            data = pending + block
            end = data.rfind(b"\n") + 1
            if not block or len(data) - end > LONGEST_LINE:
                return None
            body, pending = data[:end], data[end:]
            lines = body.count(b"\n")
            if folded + lines > lead:
                lines = lead - folded
                body = body[: after_lines(body, lines)]
            try:
                events = decoder.decode_lines(body)
            except (msgspec.DecodeError, RecursionError, UnicodeDecodeError):
                return None
            if len(events) != lines:
                return None
            if sealer is not None:
                sealer.seen(body)
            state = fold(played.apply, state, events) if fold_all is None else fold_all(
                state, events
            )
            folded, offset = folded + lines, offset + len(body)
    return Start(folded, offset, state)


def _through(
    events: Iterator[E],
    judge: Judge[H, E, S],
    cut: int,
    held: list[E],
    read: list[int] | None = None,
) -> Iterator[E]:
    """Yield the first `cut` events and the rest of the command the last of them is in; the
    event that begins the next command, read to know where this one ends, goes to `held`,
    and how many were yielded to `read[0]` (left as it was when fewer than `cut` were).

    All but the last few of the first `cut` go by untouched (`itertools.islice`): only
    around the cut is each event looked at, the command's first never more than `longest`
    back."""
    longest = judge.longest or 1
    lead = max(0, cut - 2 * longest)
    yield from itertools.islice(events, lead)
    recent: list[E] = []
    yielded = lead
    for number, event in enumerate(events, start=lead + 1):
        if number > cut and recent and not judge.joins(recent, event):
            held.append(event)
            break
        recent.append(event)
        if len(recent) > 2 * longest:
            del recent[:-longest]
        yield event
        yielded = number
    if read is not None and yielded >= cut:
        read[0] = yielded


def _chained(held: list[E], stream: Iterator[E]) -> Iterator[E]:
    yield from held
    yield from stream


def _said(error: JournalError) -> tuple[str, int | None, str]:
    return error.path, error.line, error.problem


def _size(name: str) -> int:
    try:
        return os.path.getsize(name)
    except OSError:
        return 0


def _lines(name: str, before: int | None = None) -> int | None:
    """Return how many newlines the file holds (in its first `before` bytes, when given: a
    quick count, for where to cut it), or None as soon as a stretch without one is longer
    than a journal's line may be: the file is then checked in one piece, whose reader
    refuses that line at once, rather than after counting hundreds of megabytes."""
    count, since = 0, 0
    left = sys.maxsize if before is None else before
    with open_journal(name) as file:
        while left > 0 and (block := file.read(min(BLOCK, left))):
            left -= len(block)
            found = block.count(b"\n")
            since = since + len(block) if found == 0 else len(block) - block.rfind(b"\n") - 1
            if since > LONGEST_LINE:
                return None
            count += found
    return count
