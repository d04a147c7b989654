"""Writing event journals: create or append under an exclusive lock, rewrite atomically, repair.

Each event is one line, `encode(event) + b"\\n"`. An append is one write followed by a
flush, so a process killed afterwards loses nothing it accepted, and one killed during the
write leaves at most a torn last line, which `repair` moves aside. The lock is an
advisory `flock` (POSIX only): it keeps two games from appending to the same journal, and
whoever reads a journal before changing it takes the lock first (`JournalLock`) and holds
it until the change is made, so that nothing another process appends in between is lost.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterable, Sequence
from typing import Any, BinaryIO, Generic, TypeVar

import msgspec

from replay.edges.saving import write_whole
from replay.journal import (
    HeaderCheck,
    JournalError,
    JournalLocked,
    StrPath,
    Upcast,
    conversions,
    first_line,
    is_journal,
    refuse_unless_regular,
    unreadable_line,
)

H = TypeVar("H")
E = TypeVar("E")


class JournalWriter(Generic[H, E]):
    """Appends events to one journal and holds its lock until closed.

    Make one with `create` or `open_existing`; the event type is only known to the type
    checker, so name it where the writer is kept: `JournalWriter[Header, Event].create(...)`.
    """

    def __init__(self, path: str, file: BinaryIO) -> None:
        self.path = path
        self._file = file
        self._encoder = msgspec.json.Encoder()
        self._lock: JournalLock | None = None
        """The lock taken before the journal was read, when `JournalLock.writer` made this."""

    @classmethod
    def create(cls, path: StrPath, header: H) -> JournalWriter[H, E]:
        """Return a writer for a new journal holding only `header`; an existing file is an error.

        Nothing is left behind when the journal cannot be made.
        """
        name = os.fspath(path)
        flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_APPEND | os.O_CLOEXEC
        try:
            fd = os.open(name, flags, 0o644)
        except FileExistsError:
            raise JournalError(name, None, "already exists; a journal is never replaced") from None
        except OSError as error:
            raise JournalError(name, None, f"cannot create the file: {_reason(error)}") from None
        file = os.fdopen(fd, "ab")
        try:
            _lock(name, file.fileno())
            writer: JournalWriter[H, E] = cls(name, file)
            writer._write(_encode_lines(writer._encoder, [header], name=name))
        except JournalLocked:
            file.close()  # another process opened the new file first: it is theirs now
            raise
        except BaseException:
            file.close()
            os.unlink(name)
            raise
        return writer

    @classmethod
    def open_existing(cls, path: StrPath) -> JournalWriter[H, E]:
        """Return a writer that appends to an existing journal, once it holds the journal's lock.

        Take the lock before reading the journal to rebuild a state, so that nobody appends
        in between. A journal whose last line is incomplete must be repaired first, or the
        next event would be glued to the torn bytes.
        """
        name = os.fspath(path)
        try:
            fd = os.open(name, os.O_RDWR | os.O_APPEND | os.O_CLOEXEC)
        except FileNotFoundError:
            raise JournalError(name, None, "no such file") from None
        except OSError as error:
            raise JournalError(name, None, f"cannot open the file: {_reason(error)}") from None
        file = os.fdopen(fd, "ab")
        try:
            _lock(name, fd)
            _still_named(name, fd)
            size = os.fstat(fd).st_size
            if size == 0:
                raise JournalError(name, None, "empty file: there is no header line")
            if os.pread(fd, 1, size - 1) != b"\n":
                raise JournalError(
                    name, None, "the last line is incomplete; repair the journal before appending"
                )
        except BaseException:
            file.close()
            raise
        return cls(name, file)

    def append(self, events: Sequence[E]) -> None:
        """Write the events, one line each, in a single write, and flush it to the system."""
        if events:
            self._write(_encode_lines(self._encoder, events, name=self.path))

    def size(self) -> int:
        """Return how many bytes the journal holds now."""
        return os.fstat(self._file.fileno()).st_size

    def read_back(self, start: int, end: int) -> bytes:
        """Return the journal's bytes from offset `start` up to `end` (fewer at its end), as
        they stand in the file this writer holds locked (`replay.checkpoints.Keeper`)."""
        return os.pread(self._file.fileno(), max(0, end - start), start)

    def close(self) -> None:
        """Close the journal and release its lock; closing twice is harmless."""
        with contextlib.suppress(OSError):
            self._file.close()
        if self._lock is not None:
            self._lock.close()

    def discard(self) -> None:
        """Remove the journal and close it: for a game that ended before anything was recorded.

        Only while the file still holds this writer's journal under its name.
        """
        if self.writes_to(self.path):
            with contextlib.suppress(OSError):
                os.unlink(self.path)
        self.close()

    def writes_to(self, path: StrPath) -> bool:
        """Return whether `path` names the file this writer appends to, by any name or link.

        So that a caller about to replace a file can refuse to replace the journal itself.
        False once closed, and for a path that names nothing or cannot be looked at.
        """
        if self._file.closed:
            return False
        try:
            named = os.stat(path)
        except (OSError, ValueError):  # ValueError: a NUL in the name
            return False
        held = os.fstat(self._file.fileno())
        return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)

    def __enter__(self) -> JournalWriter[H, E]:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _write(self, data: bytes | bytearray) -> None:
        """Append `data` whole or not at all.

        The bytes go straight to the file (no buffer to flush later); if the
        system refuses part of them (a full disk), the file is cut back to its
        size before, so a journal never ends in half a command.
        """
        if self._file.closed:
            raise ValueError(f"{self.path}: the journal writer is closed")
        fd = self._file.fileno()
        size = os.fstat(fd).st_size
        view = memoryview(data)
        try:
            while view:
                view = view[os.write(fd, view) :]
        except OSError as error:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, size)
            raise JournalError(self.path, None, f"cannot write: {_reason(error)}") from None


def taken(
    path: str,
    header_type: type[H],
    check_header: HeaderCheck[H] | None,
    program: str,
    upcast: Upcast | None = None,
) -> str | None:
    """Return why a new game cannot keep its journal at `path` (`--journal`), or None.

    Something is there already: a journal is never replaced (`JournalWriter.create`), and
    a game must not be played without one by accident.  When it is a journal
    (`replay.journal.is_journal`) that this game could play on (its first line, brought to
    today's format by `upcast` when it is an older one's, is a header of `header_type`
    that `check_header` accepts), the line says how (`PROGRAM play --resume PATH`).  Only
    a regular file is read, and only its first line: a named pipe is not waited on, a huge
    file not read.
    """
    if not os.path.lexists(path):
        return None
    first = first_line(path)
    if first is None or not is_journal(first):
        return f"{path}: already exists and is not a journal; give --journal another name"
    if not _plays_on(first, header_type, check_header, upcast):
        return (
            f"{path}: already exists and is a journal {program} cannot play on; "
            "a journal is never replaced: give --journal another name"
        )
    return (
        f"{path}: already exists; a journal is never replaced: play it on with "
        f"`{program} play --resume {path}`, or give --journal another name"
    )


def _plays_on(
    first: bytes, header_type: type[H], check_header: HeaderCheck[H] | None, upcast: Upcast | None
) -> bool:
    """Return whether a journal's first line is a header a game can play on."""
    try:
        found = None if upcast is None else conversions(upcast(first))
        line = first if found is None else found.header(first)
        header = msgspec.json.decode(line, type=header_type)
    except (msgspec.DecodeError, RecursionError, UnicodeDecodeError):
        return False
    return check_header is None or check_header(header) is None


def write_journal(
    path: StrPath, header: H, events: Iterable[E], *, replace: bool = True
) -> None:
    """Write a whole journal so that readers see either the old file or the new one, never a mix.

    The lines go to a temporary file in the same folder, synced, then renamed over `path`.
    A journal that a writer holds open is refused rather than replaced under it.  With
    `replace=False` an existing `path` is refused, even one created a moment before: the
    temporary file is linked to `path`, which fails if anything is there.  To replace a
    journal after reading it, take its `JournalLock` before reading and `replace` through it.
    """
    name = os.fspath(path)
    with contextlib.ExitStack() as stack:
        if os.path.exists(name):
            current = stack.enter_context(open(name, "rb"))
            _lock(name, current.fileno())
        _write_whole(name, header, events, replace=replace)


def _write_whole(name: str, header: object, events: Iterable[object], *, replace: bool) -> None:
    """Write a journal all at once at `name` (see `write_journal`), through the one writer
    of whole files (`replay.edges.saving.write_whole`: a temporary file, the folder synced).

    Replacing through a symbolic link replaces the journal it names and keeps the link, as a
    save does: the link is how the journal was named, not the journal.
    """
    target = os.path.realpath(name) if replace else name
    data = _encode_lines(msgspec.json.Encoder(), [header], events, name=name)
    try:
        write_whole(target, data, prefix=".journal-", exclusive=not replace)
    except OSError as error:
        if isinstance(error, FileExistsError):
            raise JournalError(name, None, "already exists; it was left as it was") from None
        raise JournalError(name, None, f"cannot write the file: {_reason(error)}") from None


class JournalLock:
    """A journal's exclusive lock, taken before the journal is read and held through a change.

    Reading a journal, checking it, then changing it (rewriting it, repairing its last line,
    appending to it) must happen under one lock, or another process could append in
    between and lose what it appended.  Take the lock first (`take`), read and check the
    file by its path, then change it through the lock: `replace`, `repair`,
    `complete_last_line`, or `writer`, which hands the lock on to a writer that appends.
    Release it with `close` (or a `with` block).  The lock is held on a descriptor opened
    for reading, so taking it needs no permission to write.
    """

    def __init__(self, path: str, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def take(cls, path: StrPath) -> JournalLock:
        """Return the lock of the journal at `path`.

        Raises JournalLocked when another process holds it, JournalError when the file
        cannot be opened or was replaced while being opened.
        """
        name = os.fspath(path)
        try:
            fd = os.open(name, os.O_RDONLY | os.O_CLOEXEC | os.O_NONBLOCK)
        except FileNotFoundError:
            raise JournalError(name, None, "no such file") from None
        except OSError as error:
            raise JournalError(name, None, f"cannot open the file: {_reason(error)}") from None
        try:
            refuse_unless_regular(name, fd)  # a named pipe is never waited on while locked
            _lock(name, fd)
            _still_named(name, fd)
        except BaseException:
            os.close(fd)
            raise
        return cls(name, fd)

    def replace(self, header: object, events: Iterable[object]) -> None:
        """Replace the journal with this header and events, all at once (`write_journal`)."""
        self._held()
        _write_whole(self.path, header, events, replace=True)

    def repair(self, torn_tail: bytes) -> str:
        """Move a torn last line out of the journal; return the side file that now keeps it.

        The side file `<path>.torn` gets the torn bytes and a newline appended (never
        overwritten), and is synced before the journal is cut back to its last whole line,
        so a crash between the two loses nothing. The journal must end with exactly
        `torn_tail` after a newline, as `JournalReader` reported it; otherwise nothing is
        changed.
        """
        side = f"{self.path}.torn"
        with self._reopened("r+b") as file:
            start = file.seek(0, os.SEEK_END) - len(torn_tail)
            file.seek(max(start - 1, 0))
            if not torn_tail or b"\n" in torn_tail or start < 1 or file.read() != b"\n" + torn_tail:
                raise JournalError(
                    self.path, None, "does not end with the given torn line; nothing was changed"
                )
            if os.path.lexists(side) and not os.path.isfile(side):
                raise JournalError(
                    self.path,
                    None,
                    f"cannot set the torn last line aside: {side} is not a regular file; "
                    "nothing was changed",
                )
            try:
                flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK | os.O_CLOEXEC
                fd = os.open(side, flags, 0o666)
                try:
                    refuse_unless_regular(side, fd, "a file to keep a torn line in")
                except JournalError:
                    os.close(fd)
                    raise
                with os.fdopen(fd, "ab") as kept:
                    kept.write(torn_tail + b"\n")
                    kept.flush()
                    os.fsync(kept.fileno())
                file.truncate(start)
                file.flush()
                os.fsync(file.fileno())
            except OSError as error:
                raise JournalError(self.path, None, f"cannot repair: {_reason(error)}") from None
        return side

    def complete_last_line(self) -> bool:
        """Give a journal whose last line decodes but lacks its newline that newline.

        Returns whether one was added.  Only the caller knows the line decodes (a torn
        line is for `repair`).
        """
        with self._reopened("ab") as file:
            fd = file.fileno()
            size = os.fstat(fd).st_size
            if size == 0 or os.pread(fd, 1, size - 1) == b"\n":
                return False
            try:
                os.write(fd, b"\n")
                file.flush()
            except OSError as error:
                raise JournalError(self.path, None, f"cannot write: {_reason(error)}") from None
        return True

    def writer(self) -> JournalWriter[Any, Any]:
        """Return a writer that appends to the journal and keeps this lock until it is closed.

        The journal must end with a whole line (`repair` or `complete_last_line` first).
        Name the types where the writer is kept: `writer: JournalWriter[H, E] = lock.writer()`.
        """
        file = self._reopened("ab")
        try:
            fd = file.fileno()
            size = os.fstat(fd).st_size
            if size == 0:
                raise JournalError(self.path, None, "empty file: there is no header line")
            if os.pread(fd, 1, size - 1) != b"\n":
                raise JournalError(
                    self.path,
                    None,
                    "the last line is incomplete; repair the journal before appending",
                )
        except BaseException:
            file.close()
            raise
        writer: JournalWriter[Any, Any] = JournalWriter(self.path, file)
        writer._lock = JournalLock(self.path, self._held())
        self._fd = None  # the writer holds the lock now
        return writer

    def close(self) -> None:
        """Release the lock; closing twice is harmless."""
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = None

    def __enter__(self) -> JournalLock:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _held(self) -> int:
        if self._fd is None:
            raise ValueError(f"{self.path}: the journal's lock was released")
        return self._fd

    def _reopened(self, mode: str) -> BinaryIO:
        """Return the locked journal opened again to change it, checked to be the same file.

        `mode` is "ab" to append (readable too, to look at the last byte) or "r+b".
        """
        held = self._held()
        flags = os.O_RDWR | os.O_CLOEXEC | (os.O_APPEND if mode == "ab" else 0)
        try:
            fd = os.open(self.path, flags)
        except OSError as error:
            raise JournalError(self.path, None, f"cannot open the file: {_reason(error)}") from None
        file: BinaryIO = os.fdopen(fd, mode)  # type: ignore[assignment]
        locked, opened = os.fstat(held), os.fstat(fd)
        if (locked.st_dev, locked.st_ino) != (opened.st_dev, opened.st_ino):
            file.close()
            raise JournalError(self.path, None, "was replaced while it was locked; try again")
        return file


def repair(path: StrPath, torn_tail: bytes) -> str:
    """Move a torn last line out of the journal; return the side file that now keeps it.

    `JournalLock.repair` under a lock taken for this alone; a caller that read the journal
    to find the torn line should take the lock before reading, and repair through it.
    """
    with JournalLock.take(path) as lock:
        return lock.repair(torn_tail)


def _encode_lines(
    encoder: msgspec.json.Encoder, *groups: Iterable[object], name: str = ""
) -> bytearray:
    """Return the values of every group as JSON lines, encoded into one buffer, or raise
    JournalError, before anything is written, for a line no reader would read back
    (`unreadable_line`: too long, nested too deep, a number of too many digits)."""
    buffer = bytearray()
    for group in groups:
        for value in group:
            encoder.encode_into(value, buffer, -1)
            buffer += b"\n"
    problem = unreadable_line(buffer)
    if problem is not None:
        raise JournalError(name, None, f"cannot record this: {problem}")
    return buffer


def complete_last_line(path: StrPath) -> bool:
    """Give a journal whose last line decodes but lacks its newline that newline.

    Returns whether one was added (`JournalLock.complete_last_line`, under a lock taken for
    this alone).
    """
    with JournalLock.take(path) as lock:
        return lock.complete_last_line()


def _still_named(name: str, fd: int) -> None:
    """Refuse a file that was replaced between opening it and locking it.

    The lock is on what was opened; if `name` now names another file (a
    rewrite renamed over it), appending to the old one would be lost.
    """
    try:
        now = os.stat(name)
    except OSError:
        now = None
    held = os.fstat(fd)
    if now is None or (now.st_dev, now.st_ino) != (held.st_dev, held.st_ino):
        raise JournalError(name, None, "was replaced while being opened; try again")


def _lock(name: str, fd: int) -> None:
    """Take the journal's exclusive lock without waiting, or raise JournalLocked."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise JournalLocked(name, None, "is in use by another process") from None


def _reason(error: OSError) -> str:
    return error.strerror or str(error)
