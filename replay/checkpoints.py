"""Sealed checkpoints: a journal's judged states kept beside it, to start a long read late.

A *sidecar* (`JOURNAL.checkpoints`) holds, every `EVERY` events or so, a checkpoint: the
number of events before it, the byte offset where the next line begins, a hash of every
byte before that offset (the header's line included), and the state those events give,
as the game's `Definition.state_type` encodes it.  Only what was judged is sealed: `verify`
writes the sidecar of a journal it found sound, and a live game's recorder the states its
rules produced (`Keeper`), both at the end of a command.

A reader that may start late (`replay --to`, `export`, `view`) takes the last checkpoint
at or before its step whose hash matches the journal's bytes now (`start_of`), and
judges every event after it.  A journal without a sidecar, or whose sidecar is damaged,
of another format, of another journal (a hash that does not match), or holds a state
that does not decode to exactly what it says, is judged in full, with the same output.
Nothing here ever fails a command: a sidecar that cannot be read is not used, one that
cannot be written is not written.  `verify` never reads one.

A sidecar is the journal's own companion: it is written whole, atomically
(`replay.edges.saving.write_whole`), only over an earlier sidecar, never over a file of
another kind nor through a symbolic link.  It is written only for a journal long enough
to have a checkpoint (`EVERY` events): a short journal needs none and gets none.
"""

from __future__ import annotations

import itertools
import os
import stat
from collections import deque
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import msgspec

from replay.edges.saving import write_whole
from replay.journal import JournalError, Resume, open_journal

if TYPE_CHECKING:
    import hashlib

    from replay.protocol import Definition

S = TypeVar("S")

FORMAT = 1
"""The sidecar format this toolkit writes and reads; a sidecar of another is not used."""

MAGIC = b"replay checkpoints (sha256, msgpack)\n"
"""How every sidecar begins: a file at a sidecar's name that does not is someone else's,
and is left alone."""

SUFFIX = ".checkpoints"

EVERY = 1 << 15
"""Events between two checkpoints: judging this many takes about a sixth of a second, so
any step of a sealed journal is shown within half a second."""

LARGEST = 1 << 26
"""The most bytes of a sidecar read (a billion events' worth of checkpoints): a larger
file at that name is not used."""

_BLOCK = 1 << 20
_KEPT = 2
"""The runs of lines a sealer keeps unhashed: the one being judged and the one before
(a command's end is found by reading an event past it)."""


class Checkpoint(msgspec.Struct, frozen=True, array_like=True):
    """The state after the first `events` events, whose lines end at byte `offset`, sealed
    by the SHA-256 `digest` of the journal's bytes before `offset`."""

    events: int
    offset: int
    digest: bytes
    state: msgspec.Raw


class Sidecar(msgspec.Struct, frozen=True):
    """A sidecar's contents: its format, the journal's size when written, its checkpoints
    (in the journal's order)."""

    format: int
    journal_size: int
    checkpoints: tuple[Checkpoint, ...]


class Start(msgspec.Struct, Generic[S], frozen=True):
    """Where a sealed journal may be read from: the state after `events` events, and where
    their lines end (`resume`)."""

    events: int
    offset: int
    state: S

    @property
    def resume(self) -> Resume:
        """Return where the reader starts (`JournalReader.iter_events(start=...)`)."""
        return Resume(self.offset, self.events)


def sidecar_path(journal: str) -> str:
    """Return the name of `journal`'s sidecar: beside it, its name and `.checkpoints`."""
    return journal + SUFFIX


def encoded(state: object) -> bytes:
    """Return a state as a sidecar keeps it."""
    return msgspec.msgpack.encode(state)


def _sha256() -> hashlib._Hash:
    """Return a new SHA-256 hash (its module imported when first hashed: a game that
    never seals one never pays for it)."""
    import hashlib  # noqa: PLC0415

    return hashlib.sha256()


class Sealer:
    """Seals checkpoints while a journal is read from its start and judged.

    The reader hands it every whole line it reads (`seen`), the audit every state it
    reaches at the end of a command at or past the next mark (`seal`).  The bytes are
    hashed as the checkpoints need them; only the last two runs of lines are kept
    unhashed, so memory stays bounded whatever the journal's length.
    """

    def __init__(self, every: int | None = None) -> None:
        self._every = EVERY if every is None else every
        self._hash = _sha256()
        self._hashed = 0
        """Bytes hashed so far, all of them whole lines."""
        self._lines = 0
        """Lines hashed so far (the header's is line 1)."""
        self._kept: deque[tuple[bytes, int]] = deque()
        self._next = self._every
        self.checkpoints: list[Checkpoint] = []

    def begin_at(self, journal: str, offset: int, events: int) -> bytes:
        """Hash the journal's bytes before `offset`, where the line after its first
        `events` events begins, for a read that starts there; seal from there on.  Return
        the digest of those bytes (a checkpoint's, when they are the ones it sealed)."""
        with open_journal(journal) as file:
            while self._hashed < offset:
                block = file.read(min(_BLOCK, offset - self._hashed))
                if not block:
                    raise JournalError(journal, None, "shorter than its sealed checkpoint")
                self._hash.update(block)
                self._hashed += len(block)
        self._lines = events + 1
        self._next = events + self._every
        return self._hash.digest()

    def seen(self, data: bytes) -> None:
        """Take the next whole lines read."""
        self._kept.append((data, data.count(b"\n")))
        while len(self._kept) > _KEPT:
            self._hash_oldest()

    def seal(self, events: int, state: object) -> int:
        """Seal the state after `events` events (at a command's end) when they reach the
        next mark; return the mark after, the events at which to be asked again."""
        if events < self._next:
            return self._next
        self.finish(events, state)
        self._next = events + self._every
        return self._next

    def finish(self, events: int, state: object) -> None:
        """Seal the state after `events` events, the last the audit judged."""
        if self.checkpoints and self.checkpoints[-1].events >= events:
            return
        line = events + 1  # the line holding event `events`; the header is line 1
        while self._kept and self._lines + self._kept[0][1] <= line:
            self._hash_oldest()
        if self._lines == line:
            digest, offset = self._hash.digest(), self._hashed
        elif self._kept and self._lines < line:
            data, _ = self._kept[0]
            cut = after_lines(data, line - self._lines)
            partial = self._hash.copy()
            partial.update(data[:cut])
            digest, offset = partial.digest(), self._hashed + cut
        else:
            return  # those lines are no longer kept: no checkpoint here, the next will be
        self.checkpoints.append(Checkpoint(events, offset, digest, msgspec.Raw(encoded(state))))

    def _hash_oldest(self) -> None:
        data, lines = self._kept.popleft()
        self._hash.update(data)
        self._hashed += len(data)
        self._lines += lines


def after_lines(data: bytes, count: int) -> int:
    """Return the offset just past the `count`-th newline of `data` (which holds as many)."""
    at = -1
    for _ in range(count):
        at = data.index(b"\n", at + 1)
    return at + 1


def read_sidecar(journal: str) -> Sidecar | None:
    """Return the sidecar beside `journal`, or None when there is none that this format
    reads (absent, not a regular file, too large, damaged, of another format)."""
    try:
        fd = os.open(sidecar_path(journal), os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except (OSError, ValueError):
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None  # a folder, a pipe, a device: nothing to read a sidecar from
        data = os.read(fd, LARGEST + 1)
        while len(data) <= LARGEST and (more := os.read(fd, LARGEST + 1 - len(data))):
            data += more
    except OSError:
        return None
    finally:
        os.close(fd)
    if len(data) > LARGEST or not data.startswith(MAGIC):
        return None
    try:
        sidecar = msgspec.msgpack.decode(memoryview(data)[len(MAGIC) :], type=Sidecar)
    except msgspec.DecodeError:
        return None
    return sidecar if sidecar.format == FORMAT else None


def start_of(
    definition: Definition[Any, Any, S], journal: str, to: int | None = None
) -> Start[S] | None:
    """Return the last sealed checkpoint of `journal` at or before step `to` (any, when
    None) whose hash matches the journal's bytes as they are now and whose state decodes
    to exactly what was sealed, or None: the journal is then read from its start."""
    state_type = definition.state_type
    if state_type is None:
        return None
    sidecar = read_sidecar(journal)
    if sidecar is None:
        return None
    usable = [
        point for point in sidecar.checkpoints
        if (to is None or point.events <= to) and point.events > 0
    ]
    if not usable or any(
        a.offset >= b.offset or a.events >= b.events for a, b in itertools.pairwise(usable)
    ):
        return None
    try:
        digests = _digests(journal, [point.offset for point in usable])
    except OSError:
        return None
    for point in reversed(usable):
        if digests.get(point.offset) != point.digest:
            continue
        state = _decoded(point.state, state_type)
        if state is not None:
            return Start(point.events, point.offset, state)
    return None


def nearest(journal: str, offset: int) -> Checkpoint | None:
    """Return the checkpoint of `journal`'s sidecar whose offset is nearest `offset` (of
    those inside the file as it is now), or None when there is no sidecar to read.

    Nothing is checked: it is a guess at where a state is known, as cheap as reading
    the sidecar, for a caller that checks it later (`verified`) or never needs to trust
    it (`replay.parallel` checks the seam)."""
    sidecar = read_sidecar(journal)
    if sidecar is None:
        return None
    try:
        size = os.path.getsize(journal)
    except OSError:
        return None
    inside = [point for point in sidecar.checkpoints if point.events > 0 and point.offset < size]
    return min(inside, key=lambda point: abs(point.offset - offset), default=None)


def verified(
    definition: Definition[Any, Any, S], journal: str, point: Checkpoint, sealer: Sealer | None
) -> Start[S] | None:
    """Return where `journal` may be read from at `point`, when the hash of its bytes
    before the point's offset matches and its state decodes to exactly what was sealed,
    else None.  The bytes are hashed by `sealer`, when given, as the start of its own
    sealing (`Sealer.begin_at`), so that a read from there hashes them once."""
    state_type = definition.state_type
    if state_type is None:
        return None
    hashing = Sealer() if sealer is None else sealer
    try:
        digest = hashing.begin_at(journal, point.offset, point.events)
    except (JournalError, OSError):
        return None
    if digest != point.digest:
        return None
    state = _decoded(point.state, state_type)
    return None if state is None else Start(point.events, point.offset, state)


def _decoded(raw: msgspec.Raw, state_type: object) -> Any:
    """Return the state a checkpoint holds, or None unless it encodes back to the same
    bytes (a state type changed since it was sealed: a field more or less)."""
    try:
        state = msgspec.msgpack.decode(raw, type=state_type)
    except (msgspec.DecodeError, TypeError, ValueError):
        return None
    return state if encoded(state) == bytes(raw) else None


def _digests(journal: str, offsets: Iterable[int]) -> dict[int, bytes]:
    """Return the SHA-256 digest of the journal's bytes before each of `offsets` that the
    file reaches, hashing it once from its start."""
    wanted = sorted(set(offsets))
    found: dict[int, bytes] = {}
    hashing, at = _sha256(), 0
    try:
        file = open_journal(journal)
    except JournalError as error:
        raise OSError(str(error)) from None
    with file:
        for offset in wanted:
            while at < offset:
                block = file.read(min(_BLOCK, offset - at))
                if not block:
                    return found
                hashing.update(block)
                at += len(block)
            found[offset] = hashing.digest()
    return found


def write_sidecar(journal: str, checkpoints: Iterable[Checkpoint], journal_size: int) -> bool:
    """Write `journal`'s sidecar with `checkpoints`, unless a file of another kind (or a
    link) stands at its name; return whether it was written.  Never raises: a sidecar
    that cannot be written is one the journal goes without."""
    path = sidecar_path(journal)
    if not _ours_or_free(path):
        return False
    sidecar = Sidecar(FORMAT, journal_size, tuple(checkpoints))
    data = MAGIC + msgspec.msgpack.encode(sidecar)
    try:
        write_whole(path, data, prefix=".checkpoints-", synced=False)  # never trusted
    except (OSError, ValueError):
        return False
    return True


def _ours_or_free(path: str) -> bool:
    """Return whether nothing stands at `path`, or an earlier sidecar (a regular file, not
    a link, that begins as every sidecar does)."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False
    if not stat.S_ISREG(found.st_mode):
        return False
    try:
        with open(path, "rb") as file:
            return file.read(len(MAGIC)) == MAGIC
    except OSError:
        return False


def keep_sealed(
    definition: Definition[Any, Any, Any], journal: str, sealer: Sealer, events: int, state: object
) -> bool:
    """Write the sidecar of a journal just found sound to its end (`events` events, giving
    `state`), with the checkpoints `sealer` sealed and one at the end, when it is long
    enough to have one (`EVERY`); return whether it was written."""
    if definition.state_type is None or events < EVERY:
        return False
    sealer.finish(events, state)
    last = sealer.checkpoints[-1]
    return write_sidecar(journal, sealer.checkpoints, last.offset)



class Keeper:
    """Seals a live game's checkpoints as its recorder appends them (the state after a
    command that reaches the recorder's next mark, every `EVERY` events), and writes the
    sidecar then.

    The bytes sealed are read back from the journal, which its recorder holds locked, up
    to the size it has after the append (so nothing another process could add is
    sealed); they are hashed on from the last checkpoint, so sealing costs a few
    milliseconds every `EVERY` events and nothing in between.  An earlier sidecar's
    checkpoints whose hash still matches are kept (a game played on from a sealed
    journal).  Anything that fails stops the sealing, never the game.
    """

    def __init__(self, journal: str) -> None:
        self._journal = journal
        self._hash: hashlib._Hash | None = None
        self._hashed = 0
        self._checkpoints: list[Checkpoint] = []
        self.failed = False

    def seal(self, events: int, state: object, size: int, read: Read) -> None:
        """Seal `state`, after the journal's first `events` events, which end at byte
        `size`; `read(start, end)` returns the journal's bytes between those offsets."""
        if self.failed:
            return
        try:
            self._seal(events, state, size, read)
        except (OSError, ValueError, msgspec.MsgspecError):
            self.failed = True

    def _seal(self, events: int, state: object, size: int, read: Read) -> None:
        if self._hash is None:
            self._hash = _sha256()
            self._checkpoints = self._earlier(events, size, read)
        while self._hashed < size:
            block = read(self._hashed, min(size, self._hashed + _BLOCK))
            if not block:
                raise OSError(f"{self._journal}: shorter than the recorder wrote")
            self._hash.update(block)
            self._hashed += len(block)
        sealed = Checkpoint(events, size, self._hash.digest(), msgspec.Raw(encoded(state)))
        self._checkpoints.append(sealed)
        if not write_sidecar(self._journal, self._checkpoints, size):
            self.failed = True

    def _earlier(self, events: int, size: int, read: Read) -> list[Checkpoint]:
        """Return the earlier sidecar's checkpoints before `size` whose hash matches,
        hashing the journal up to the last of them on the way."""
        assert self._hash is not None
        found = read_sidecar(self._journal)
        kept: list[Checkpoint] = []
        for point in () if found is None else found.checkpoints:
            if point.offset >= size or point.offset < self._hashed:
                break
            while self._hashed < point.offset:
                block = read(self._hashed, min(point.offset, self._hashed + _BLOCK))
                if not block:
                    return kept
                self._hash.update(block)
                self._hashed += len(block)
            if self._hash.digest() == point.digest and point.events < events:
                kept.append(point)
        return kept


Read = Callable[[int, int], bytes]
"""Returns a journal's bytes between two offsets."""
