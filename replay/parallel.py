"""Checking a long journal on two processes: the same verdict as `history.check`, sooner.

The journal is cut at the end of the command its middle event falls in (a little past the
middle: the second part costs more, see below).  This process judges the first part as
`history.check` would; a second process, forked, reads the same file, folds the first part
without judging it (the game's batch fold, `Definition.fold_all`, when it gives one) and
judges the second part from there.  The seam is checked: the state this process's audit
ends in must be the state the other's fold began from, or the parts are thrown away and
the journal checked again in one piece, so nothing the second process assumed is trusted.
The first problem wins: one in the first part is reported whatever the second found.  The
verdict and its words are `history.check`'s (`tests/test_parallel_verify.py` compares them
over every recorded journal and tampered copies).

A journal too short to be worth a second process, a game whose judge does not give
`longest` (so a cut cannot be found from a few events back), a machine with one core, or
a second process that fails for any reason of its own: each is checked in one piece.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterator
from multiprocessing.connection import Connection
from typing import Any, TypeVar

import msgspec

from replay import checkpoints, history
from replay.auditing import Audit, audit
from replay.checkpoints import Checkpoint, Sealer, write_sidecar
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

SHARE = 0.54
"""The share of the events the first part holds.  Both processes decode the first part;
the second only folds it, quickly, before judging its own, so an even split of the work
puts the cut a little past the middle."""

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
    if (
        judge is None
        or judge.longest is None
        or (os.cpu_count() or 1) < 2
        or "fork" not in multiprocessing.get_all_start_methods()
        or _size(name) < smallest
    ):
        return history.check(definition, path, progress=progress, seal=seal)
    lines = _lines(name)
    if lines is None:
        return history.check(definition, path, progress=progress, seal=seal)
    cut = int((lines - 1) * SHARE)
    context = multiprocessing.get_context("fork")
    receiving, sending = context.Pipe(duplex=False)
    sealer = _sealer(definition, seal)
    second = context.Process(
        target=_second_part, args=(definition, name, cut, sending, sealer is not None)
    )
    second.start()
    sending.close()
    try:
        first = _first_part(definition, name, cut, progress, sealer)
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
    if not isinstance(answer, _Second) or answer.began != first.state:
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
    both = [*first.checkpoints, *later]
    write_sidecar(name, both, both[-1].offset)


class _Second:
    """What the second process sends back: the state its fold of the first part reached
    (the seam), and its audit of the second part, or the reader's error there."""

    def __init__(
        self,
        header: Any,
        began: Any,
        audit: Audit[Any],
        torn: bytes | None,
        error: tuple[str, int | None, str] | None,
        *,
        sealed: bytes | None = None,
    ) -> None:
        self.header, self.began, self.audit, self.torn, self.error = (
            header, began, audit, torn, error
        )
        self.sealed = sealed
        """The checkpoints the second part sealed, with one at its end, as msgpack."""


def _first_part(
    definition: Definition[H, E, S],
    name: str,
    cut: int,
    progress: Progress | None,
    sealer: Sealer | None,
) -> Audit[S]:
    """Return the audit of the events up to the end of the command event `cut` is in,
    its checkpoints sealed by `sealer` when given."""
    seen = None if sealer is None else sealer.seen
    header, stream = definition.reader().iter_events(name, seen=seen)
    judge = definition.judge
    assert judge is not None
    size = _size(name)
    share = max(1, int(size * SHARE))
    told = (
        None if progress is None
        else lambda _: progress(min(size, stream.position * size // share), size)
    )
    with stream:
        return audit(
            definition,
            header,
            _through(stream, judge, cut, []),
            progress=told,
            seal=None if sealer is None else sealer.seal,
        )


def _second_part(
    definition: Definition[H, E, S], name: str, cut: int, sending: Connection, seal: bool
) -> None:
    """Fold the first part, judge the rest from there, and send what was found (`_Second`),
    with the checkpoints of the rest sealed when `seal`.

    Runs in the forked process; anything it cannot do ends with nothing sent, and the
    journal is then checked in one piece.
    """
    try:
        sealer = _sealer(definition, seal)
        seen = None if sealer is None else sealer.seen
        header, stream = definition.reader().iter_events(name, seen=seen)
        played = definition.for_header(header)
        judge = played.judge
        assert judge is not None
        held: list[E] = []
        began: S | None = None
        with stream:
            try:
                before = list(_through(stream, judge, cut, held))
                start = played.start(header)
                fold_all = played.fold_all
                began = (
                    fold(played.apply, start, before) if fold_all is None
                    else fold_all(start, before)
                )
                rest = audit(
                    played,
                    header,
                    _chained(held, stream),
                    since=(began, len(before)),
                    seal=None if sealer is None else sealer.seal,
                )
            except JournalError as error:
                sending.send(_Second(header, began, Audit(None, 0), None, _said(error)))
                return
            sealed = None
            if sealer is not None and rest.problem is None and rest.state is not None:
                sealer.finish(rest.events, rest.state)
                sealed = msgspec.msgpack.encode(sealer.checkpoints)
            sending.send(_Second(header, began, rest, stream.torn_tail, None, sealed=sealed))
    except BaseException:  # nothing is trusted from here: the journal is checked in one piece
        pass
    finally:
        sending.close()
        os._exit(0)


def _through(
    events: Iterator[E], judge: Judge[H, E, S], cut: int, held: list[E]
) -> Iterator[E]:
    """Yield the first `cut` events and the rest of the command the last of them is in; the
    event that begins the next command, read to know where this one ends, goes to `held`."""
    longest = judge.longest or 1
    recent: list[E] = []
    for number, event in enumerate(events, start=1):
        if number > cut and recent and not judge.joins(recent, event):
            held.append(event)
            return
        recent.append(event)
        if len(recent) > 2 * longest:
            del recent[:-longest]
        yield event


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


def _lines(name: str) -> int | None:
    """Return how many newlines the file holds (a quick count, for where to cut it), or
    None as soon as a stretch without one is longer than a journal's line may be: the
    file is then checked in one piece, whose reader refuses that line at once, rather
    than after counting hundreds of megabytes."""
    count, since = 0, 0
    with open_journal(name) as file:
        while block := file.read(BLOCK):
            found = block.count(b"\n")
            since = since + len(block) if found == 0 else len(block) - block.rfind(b"\n") - 1
            if since > LONGEST_LINE:
                return None
            count += found
    return count
