"""Reading event journals: JSON Lines files of a header line, then one line per event.

Event 1 is line 2 of the file. A final line without its newline that does not decode is
a *torn tail*, what a process killed in the middle of a write leaves behind: the reader
returns the events before it and the torn bytes, so that the caller can set them aside
(`replay.writer.repair`). Every other defect is a `JournalError` naming the line: bytes
that are not JSON or not UTF-8 text, a line longer than `LONGEST_LINE` or nested deeper
than `DEEPEST_NESTING` (refused before it is decoded), whatever a file holds.
"""

from __future__ import annotations

import contextlib
import functools
import io
import itertools
import os
import re
import stat
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import BinaryIO, Generic, NamedTuple, TypeVar, overload

import msgspec

H = TypeVar("H")
E = TypeVar("E")

StrPath = str | os.PathLike[str]
HeaderCheck = Callable[[H], str | None]
FormatCheck = Callable[[bytes], str | None]
"""Given a journal's raw header line, what is wrong with the format it says it was written
in (one newer than the reader's, whose header may not even decode as today's), or None."""
Convert = Callable[[bytes], bytes]
Identify = Callable[[str, bytes], str | None]
"""Given a file's name and first bytes, when its first line is not a journal's header: what
the file seems to be and which command takes it (`is a save file, not a journal: ...`)."""
Source = bytes | BinaryIO
"""A journal that is not read from its path: its bytes, or a stream to read them from
(standard input), read line by line under the same limits as a file."""


class Resume(NamedTuple):
    """Where a stream of events begins when not at the first: the byte `offset` of a line's
    start, and how many `events` the lines before it hold (so that its lines are numbered
    as a read from the start would number them).  Whoever gives one vouches that `offset`
    begins a line (`replay.checkpoints` checks the bytes before it against a hash)."""

    offset: int
    events: int


Seen = Callable[[bytes], object]
"""Handed the bytes a stream reads, in order and whole lines at a time: the header's line,
then each run of event lines decoded (`replay.checkpoints.Sealer` hashes them)."""


class Conversion(NamedTuple):
    """How to bring an older journal's header and its events to today's format, apart.

    `events` is None when the formats write events alike: they are then decoded all at
    once, as today's are, instead of converted one line at a time."""

    header: Convert
    events: Convert | None


Upcast = Callable[[bytes], Convert | Conversion | None]
"""Given a journal's raw header line, how to bring each of its lines (the header too) to the
format the reader decodes, or None when they already are: one conversion for every line, or
a `Conversion` telling the header's from the events'. A conversion takes one line (with
or without its newline) and returns it as one line; for a line it cannot read it raises
`msgspec.DecodeError`, and that line is then reported like any other bad line."""


def conversions(found: Convert | Conversion | None) -> Conversion | None:
    """Return what an upcaster found as a `Conversion` (one for every line applies to both)."""
    if found is None or isinstance(found, Conversion):
        return found
    return Conversion(found, found)


@functools.cache
def _blank_line() -> re.Pattern[bytes]:
    """Return the pattern of a line holding nothing but spaces after another line (compiled
    when first read: a game that only appends never reads one).

    It begins with the newline that ends the line before, a literal the regular expression
    engine finds at memory speed; a blank first line is `_blank_start`'s."""
    return re.compile(rb"\n[ \t\r]*\n")


@functools.cache
def _blank_start() -> re.Pattern[bytes]:
    """Return the pattern of a first line holding nothing but spaces."""
    return re.compile(rb"[ \t\r]*\n")


def _has_blank_line(body: bytes, marks: bytes | None = None) -> bool:
    """Return whether some line of `body` holds nothing but spaces.

    With `marks` (`_marks(body)`), only a body whose marks hold an empty line is looked
    at: a line of spaces marks nothing, and a line of JSON marks an opening bracket or a
    digit unless it holds a lone string, `true`, `false` or `null`."""
    if marks is not None and not marks.startswith(b"\n") and b"\n\n" not in marks:
        return False
    return _blank_start().match(body) is not None or _blank_line().search(body) is not None


_MARKED = bytes(ord("x") if b in b"0123456789[{" else b for b in range(256))
_UNMARKED = bytes(b for b in range(256) if b not in b"0123456789[{\n")


def _marks(body: bytes) -> bytes:
    """Return `body` with each digit and opening bracket made an `x`, its newlines kept and
    every other byte left out: what the limits on digits and nesting look at, a seventh of
    the bytes, in one pass at memory speed."""
    return body.translate(_MARKED, _UNMARKED)


LONGEST_LINE = 1 << 20
"""The most bytes one line of a journal may hold (a mebibyte), its newline aside.

An event is a few dozen bytes and a header a few thousand; a longer line is damage or an
attack, refused before it is decoded, so that reading a line never needs more memory than
this.  A reader may be given another limit (`JournalReader(longest_line=...)`)."""

FIRST_BLOCK = 1 << 16
"""The bytes a stream of events reads first: a few hundred events, enough for a look at the
start of a long journal."""

BLOCK = 1 << 20
"""The most bytes a stream of events reads at once, doubling from `FIRST_BLOCK`."""

MOST_DIGITS = 30
"""The most digits a number on a journal line may have: far beyond any count, id or seed a
game records (a 64-bit number has 20), and far below the interpreter's limit on turning a
number into text (4,300 digits), so that no sum or message of a number read can fail."""

DEEPEST_NESTING = 32
"""The most arrays and objects a line may open one inside another.

Events and headers nest a few levels; decoding JSON nested a thousand deep exhausts the
interpreter's recursion, so a deeper line is refused, with its line, before it is decoded
(`JournalReader(deepest_nesting=...)`)."""

_UNDECODABLE = (msgspec.DecodeError, RecursionError, UnicodeDecodeError)
"""What decoding a line may raise: JSON that is wrong, nested beyond the interpreter, or a
string that is not UTF-8 (msgspec raises the last two as they are)."""


class _Format(msgspec.Struct):
    """What every journal's header holds, of any game and in any format: the format it was
    written in."""

    format: int


def written_format(header_line: bytes | str) -> int | None:
    """Return the format a journal's header line says it was written in, or None when the
    line is no journal's header: not a JSON object with a whole number `format` (a save, a
    board, a page, another game's file of another kind).

    This is the one test of "is this a journal?", for any game (`is_journal`): a save never
    replaces a journal, a journal given for a save file is named as such, and `--journal`
    says how to play on one it finds in the way.
    """
    try:
        return msgspec.json.decode(header_line, type=_Format).format
    except _UNDECODABLE:
        return None


def is_journal(beginning: bytes | str) -> bool:
    """Return whether a file that begins with `beginning` (its first line, or more) is a
    journal of any game: its first line is a journal's header (`written_format`)."""
    if isinstance(beginning, str):
        return written_format(beginning.split("\n", 1)[0]) is not None
    return written_format(beginning.split(b"\n", 1)[0]) is not None


def first_line(path: StrPath) -> bytes | None:
    """Return the first line of the regular file at `path` (at most `LONGEST_LINE` bytes and
    one more), or None when there is no such file to read.

    Only a regular file is read: a named pipe is never waited on, a device never read.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except (OSError, ValueError):  # ValueError: a NUL in the name
        return None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        return None
    with os.fdopen(fd, "rb") as file:
        try:
            return file.readline(LONGEST_LINE + 1)
        except OSError:
            return None


_BRACKETS_ONLY = bytes(b for b in range(256) if b not in b"[]{}\n")


@functools.cache
def _long_run(nesting: int) -> re.Pattern[bytes]:
    """Return the pattern of a run of characters longer than `nesting` brackets can span
    without a string between them (compiled when first needed: appending never is)."""
    return re.compile(rb"[^\n]{%d}" % (2 * nesting + 2))


@functools.cache
def _tokens() -> re.Pattern[bytes]:
    """Return the pattern of a JSON string or a bracket (compiled when first needed)."""
    return re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')


_GLIMPSE = 1 << 12
"""The bytes after a first line that is no header looked at to say what the file seems to be
(a save file is a few hundred)."""


def seems(beginning: bytes) -> str:
    """Return what a file that begins with `beginning`, and is no journal, seems to be, in
    plain words: empty, binary, a web page, or text of some other kind."""
    text = beginning.lstrip()
    if not text:
        return "the file is empty: it is no journal (a journal's first line is its header)"
    if b"\0" in beginning or not _is_text(beginning):
        return "is a binary file, not a journal (a journal is lines of JSON text)"
    if text[:15].lower().startswith((b"<!doctype html", b"<html")):
        return "is a web page, not a journal: open it in a browser"
    return "is not a journal: its first line is not a journal's header (a JSON object)"


def _is_text(beginning: bytes) -> bool:
    """Return whether `beginning` is UTF-8 text, a character cut off at its end aside."""
    try:
        beginning.decode("utf-8")
    except UnicodeDecodeError as error:
        return error.start >= len(beginning) - 3 and error.reason == "unexpected end of data"
    return True


_NOT_REGULAR = {
    stat.S_IFDIR: "is a folder, not a journal file",
    stat.S_IFIFO: "is a named pipe, not a journal file: to read a journal from a pipe, "
    "give - and pipe it to standard input",
    stat.S_IFCHR: "is a device, not a journal file",
    stat.S_IFBLK: "is a device, not a journal file",
    stat.S_IFSOCK: "is a socket, not a journal file",
}


def open_journal(name: str) -> BinaryIO:
    """Return the journal file `name` open for reading, or raise JournalError at once.

    It is opened without waiting and kept only when it is a regular file: a named pipe
    nobody writes to would block the reader forever, and a device (`/dev/zero`,
    `/dev/urandom`) never ends; both are refused in one line instead.
    """
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        raise _unreadable(name, error) from None
    except ValueError:
        raise JournalError(name, None, "a file name cannot hold a NUL character") from None
    try:
        refuse_unless_regular(name, fd)
    except JournalError:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb")


def refuse_unless_regular(name: str, fd: int, what: str = "a journal file") -> None:
    """Raise JournalError unless `fd` (opened without blocking) is a regular file; make it
    blocking again when it is.  Everything the toolkit opens by name, without being told
    what stands there (a journal, its lock, its `.torn` side file), is checked so."""
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        said = _NOT_REGULAR.get(stat.S_IFMT(mode), "is not a regular file, not a journal file")
        raise JournalError(name, None, said.replace("a journal file", what))
    os.set_blocking(fd, True)


def _opened(name: str, source: Source | None) -> BinaryIO:
    """Return the stream a journal is read from: `source`, or the file `name` opened."""
    if isinstance(source, bytes):
        return io.BytesIO(source)
    return open_journal(name) if source is None else source


class JournalError(Exception):
    """A journal that cannot be read or written: the file, the 1-based line if known, the problem.

    `str()` gives one line: `path: line N: problem`, or `path: problem` without a line.
    """

    def __init__(self, path: str, line: int | None, problem: str) -> None:
        super().__init__(path, line, problem)
        self.path = path
        self.line = line
        self.problem = problem

    def __str__(self) -> str:
        if self.line is None:
            return f"{self.path}: {self.problem}"
        return f"{self.path}: line {self.line}: {self.problem}"


class JournalLocked(JournalError):
    """Another process holds the journal's lock: it is appending to that journal right now."""


class Journal(msgspec.Struct, Generic[H, E], frozen=True):
    """A whole journal as read: its header, its events, and the bytes of a torn last line if any."""

    header: H
    events: tuple[E, ...]
    torn_tail: bytes | None = None


class EventStream(Generic[E]):
    """A journal's events decoded one line at a time, as they are asked for.

    They come a block's run of lines at a time (`JournalReader._chunks`), chained together
    without a step of Python between two events of one run.

    The file stays open only while iterating; `torn_tail` is set once the iteration
    has reached a torn last line.
    """

    def __init__(
        self,
        chunks: Generator[Iterable[E], None, None],
        torn: list[bytes],
        read: list[int] | None = None,
    ) -> None:
        self._chunks = chunks
        self._lines: Iterator[E] = itertools.chain.from_iterable(chunks)
        self._torn = torn
        self._read = [0] if read is None else read

    @property
    def position(self) -> int:
        """Return how many bytes of the file have been read so far (for a progress bar)."""
        return self._read[0]

    def __iter__(self) -> Iterator[E]:
        return self._lines

    def __next__(self) -> E:
        return next(self._lines)

    @property
    def torn_tail(self) -> bytes | None:
        """Return the bytes of the torn last line once iteration has reached it, else None."""
        return self._torn[0] if self._torn else None

    def close(self) -> None:
        """Close the file now rather than when the stream is dropped."""
        self._chunks.close()

    def __enter__(self) -> EventStream[E]:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class JournalReader(Generic[H, E]):
    """Decodes journals of one header type and one event type, with decoders made once.

    A union of tagged Structs is not a `type[E]` to a type checker, so name the types by
    subscripting: `JournalReader[Header, Event](Header, Event)`. `check_header` returns a
    problem with a header that decodes (an unknown format version, say), reported at line 1;
    `check_format` a problem with the raw header line's format before it is decoded (a
    format too new to decode); `upcast` brings the lines of a journal written in an older
    format to today's first.
    `identify` says what a file whose first line is no header seems to be (a save file,
    say), so that the refusal names the command that takes it (`seems` says the rest).
    `longest_line` and `deepest_nesting` bound what one line may be (`LONGEST_LINE`,
    `DEEPEST_NESTING`); a line beyond either is refused before it is decoded.
    """

    @overload
    def __init__(
        self,
        header_type: type[H],
        event_type: type[E],
        *,
        check_header: HeaderCheck[H] | None = None,
        upcast: Upcast | None = None,
        check_format: FormatCheck | None = None,
        identify: Identify | None = None,
        longest_line: int = LONGEST_LINE,
        deepest_nesting: int = DEEPEST_NESTING,
    ) -> None: ...

    @overload
    def __init__(
        self,
        header_type: type[H],
        event_type: object,
        *,
        check_header: HeaderCheck[H] | None = None,
        upcast: Upcast | None = None,
        check_format: FormatCheck | None = None,
        identify: Identify | None = None,
        longest_line: int = LONGEST_LINE,
        deepest_nesting: int = DEEPEST_NESTING,
    ) -> None: ...

    def __init__(
        self,
        header_type: type[H],
        event_type: object,
        *,
        check_header: HeaderCheck[H] | None = None,
        upcast: Upcast | None = None,
        check_format: FormatCheck | None = None,
        identify: Identify | None = None,
        longest_line: int = LONGEST_LINE,
        deepest_nesting: int = DEEPEST_NESTING,
    ) -> None:
        self._header: msgspec.json.Decoder[H] = msgspec.json.Decoder(header_type)
        self._event: msgspec.json.Decoder[E] = msgspec.json.Decoder(event_type)
        self._check_header = check_header
        self._check_format = check_format
        self._upcast = upcast
        self._tags = _tags_of(event_type)
        self._limits = _Limits(longest_line, deepest_nesting)
        self._identify = identify

    def read(self, path: StrPath, source: Source | None = None) -> Journal[H, E]:
        """Return the whole journal, read a block at a time under the limits of one line.

        With `source` (standard input, or bytes), the journal is read from it and `path`
        only names it in errors.  Only a regular file is opened (`open_journal`).
        """
        name = os.fspath(path)
        file = _opened(name, source)
        with contextlib.closing(file) if source is None else contextlib.nullcontext(file):
            header, convert = self._header_of(name, file)
            torn: list[bytes] = []
            events: list[E] = []
            for run in self._chunks(name, file, torn, convert, read=[0]):
                events += run  # a tuple grown from an iterator of a million costs a third more
        return Journal(header, tuple(events), torn[0] if torn else None)

    def decode(self, name: str, data: bytes) -> Journal[H, E]:
        """Return the journal whose bytes are `data` (a pipe's, say), named `name` in errors."""
        return self.read(name, data)

    def iter_events(
        self,
        path: StrPath,
        source: Source | None = None,
        *,
        start: Resume | None = None,
        seen: Seen | None = None,
    ) -> tuple[H, EventStream[E]]:
        """Return the header and a lazy stream of the events, reading only the lines asked for.

        With `source`, the events are read from it as they are asked for (`read`).  With
        `start`, the header is read and the events begin at its offset, numbered on from
        its count (a file only: standard input cannot go back).  `seen` is handed every
        whole line read, the header's first unless the read starts later (`Seen`)."""
        name = os.fspath(path)
        file = _opened(name, source)
        with contextlib.closing(file) if source is None else contextlib.nullcontext(file):
            header, convert = self._header_of(name, file, seen if start is None else None)
            offset = file.tell() if source is None else 0
        number = 2
        if start is not None:
            if source is not None:
                file.seek(start.offset)
            offset, number = start.offset, start.events + 2
        torn: list[bytes] = []
        read = [offset]
        kept = None if source is None else file
        stream = self._stream(
            name, kept, offset, torn, convert, read=read, number=number, seen=seen
        )
        return header, EventStream(stream, torn, read)

    def _header_of(
        self, name: str, file: BinaryIO, seen: Seen | None = None
    ) -> tuple[H, Convert | None]:
        """Return the header read from the first line of `file`, and how its events convert."""
        try:
            first = file.readline(self._limits.line + 2)
        except OSError as error:
            raise _unreadable(name, error) from None
        if seen is not None and first.endswith(b"\n"):
            seen(first)
        found = self._converter(first)
        try:
            header = self._decode_header(name, first, None if found is None else found.header)
        except JournalError as error:
            if first.lstrip()[:1] in (b"", b"{") or len(first) > self._limits.line:
                raise  # empty, blank, too long, or meant as a header: the reader's words say it
            raise JournalError(name, None, self._seems(name, first, file)) from error
        return header, None if found is None else found.events

    def _seems(self, name: str, first: bytes, file: BinaryIO) -> str:
        """Return what a file whose first line is no header seems to be, or None: the game's
        answer (`identify`) from its first few kilobytes, else an empty, binary or HTML file."""
        beginning = first
        with contextlib.suppress(OSError):
            beginning += file.read(_GLIMPSE)
        said = None if self._identify is None else self._identify(name, beginning)
        return said if said is not None else seems(beginning)

    def _converter(self, first: bytes) -> Conversion | None:
        if self._upcast is None or not first or self._limits.problem(first) is not None:
            return None  # a header past the limits is refused as it stands
        return conversions(self._upcast(first))

    def _stream(
        self,
        name: str,
        file: BinaryIO | None,
        offset: int,
        torn: list[bytes],
        convert: Convert | None,
        *,
        read: list[int],
        number: int = 2,
        seen: Seen | None = None,
    ) -> Generator[Iterable[E], None, None]:
        """Yield the events of the file (reopened at `offset` when not given), as `_chunks`."""
        if file is not None:
            yield from self._chunks(name, file, torn, convert, read=read, number=number, seen=seen)
            return
        with open_journal(name) as opened:
            opened.seek(offset)
            yield from self._chunks(
                name, opened, torn, convert, read=read, number=number, seen=seen
            )

    def _chunks(
        self,
        name: str,
        file: BinaryIO,
        torn: list[bytes],
        convert: Convert | None,
        *,
        read: list[int],
        number: int = 2,
        seen: Seen | None = None,
    ) -> Generator[Iterable[E], None, None]:
        """Yield the events of `file` from line `number` on (the header, or the lines before
        it, read), a run of them for each block read (decoded, or decoded as they are
        asked for when a line must be looked at alone); a torn last line goes into `torn`
        and ends them.  The next block is read once the run before is used up.

        The file is read in blocks (small first, so that a look at the first steps reads
        little), each cut after its last newline and decoded all at once when its lines
        allow: a long journal streams at the decoder's pace and is never held whole.  A line
        without its newline that grows past the longest allowed is refused there, so memory
        stays bounded whatever the file holds (`/dev/zero` on standard input, say).
        `read[0]` counts the bytes read; `seen` is handed each run of whole lines before its
        events are decoded.
        """
        pending, size = b"", FIRST_BLOCK
        while True:
            try:
                block = file.read(size)
            except OSError as error:
                raise _unreadable(name, error) from None
            if not block:
                break
            read[0] += len(block)
            size = min(2 * size, BLOCK)
            data = pending + block if pending else block
            cut = data.rfind(b"\n") + 1
            pending = data[cut:]
            if cut:
                body = data[:cut]
                if seen is not None:
                    seen(body)
                events, lines = self._body_events(name, body, convert, number)
                yield events
                number += lines
            if len(pending) > self._limits.line:
                raise JournalError(name, number, self._limits.too_long)
        if pending:
            if self._torn(pending, convert):
                torn.append(pending)
                return
            yield (self._decode_event(name, number, pending, convert),)

    def _decode_header(self, name: str, raw: bytes, convert: Convert | None) -> H:
        if not raw:
            raise JournalError(name, None, "empty file: there is no header line")
        beyond = self._limits.problem(raw)
        if beyond is not None:
            raise JournalError(name, 1, beyond)
        unreadable = self._check_format(raw) if self._check_format is not None else None
        if unreadable is not None:
            raise JournalError(name, 1, unreadable)
        try:
            header = self._header.decode(raw if convert is None else convert(raw))
        except _UNDECODABLE as error:
            raise JournalError(name, 1, _explain(raw, error, "header", None)) from error
        problem = self._check_header(header) if self._check_header is not None else None
        if problem is not None:
            raise JournalError(name, 1, problem)
        return header

    def _body_events(
        self, name: str, body: bytes, convert: Convert | None, first: int
    ) -> tuple[Iterable[E], int]:
        """Return the events of the whole lines of `body`, from line `first` on, raising at
        the first bad line once the events before it have been taken; and how many lines
        `body` holds (each ends in its newline)."""
        if convert is None:
            marks = _marks(body)
            quick = self._all_at_once(body, marks)
            if quick is not None:
                return quick, marks.count(b"\n")
        return self._line_by_line(name, body, convert, first), body.count(b"\n")

    def _all_at_once(self, body: bytes, marks: bytes) -> list[E] | None:
        """Return the events of the whole lines of `body` (each ending in its newline)
        decoded all at once, or None when some line must be looked at alone; `marks` is
        `_marks(body)`.

        `decode_lines` reads them all at once but skips blank lines and accepts two values on
        one line, so its answer is kept only with one value per line and no blank line;
        otherwise, and for lines that may be past the limits, each line is decoded alone,
        which names the first bad one.
        """
        try:
            events = self._event.decode_lines(body) if self._limits.all_within(body, marks) else []
        except _UNDECODABLE:
            return None
        if len(events) == marks.count(b"\n") and not _has_blank_line(body, marks):
            return events
        return None

    def _line_by_line(
        self, name: str, body: bytes, convert: Convert | None, first: int
    ) -> Iterator[E]:
        """Yield the events of whole lines from line `first` on, each decoded alone."""
        raws = body.split(b"\n")
        if not raws[-1]:
            raws.pop()
        for number, raw in enumerate(raws, start=first):
            yield self._decode_event(name, number, raw, convert)

    def _decode_event(self, name: str, number: int, raw: bytes, convert: Convert | None) -> E:
        beyond = self._limits.problem(raw)
        if beyond is not None:
            raise JournalError(name, number, beyond)
        try:
            return self._event.decode(raw if convert is None else convert(raw))
        except _UNDECODABLE as error:
            raise JournalError(name, number, _explain(raw, error, "event", self._tags)) from error

    def _torn(self, last: bytes, convert: Convert | None) -> bool:
        """Return whether a last line without its newline is torn: cut off mid-write.

        It is when it does not decode; a line longer than any write could have left is
        not torn but refused (by `_decode_event`).
        """
        if len(last) > self._limits.line:
            return False
        if self._limits.problem(last) is not None:
            return True
        try:
            self._event.decode(last if convert is None else convert(last))
        except _UNDECODABLE:
            return True
        return False


class _Limits(msgspec.Struct, frozen=True):
    """How long one line may be and how deep it may nest, and the checks against both."""

    line: int
    nesting: int
    digits: int = MOST_DIGITS

    @property
    def too_long(self) -> str:
        return f"the line is longer than {self.line:,} bytes; a journal line holds at most that"

    def problem(self, raw: bytes) -> str | None:
        """Return why one line is past the limits, or None when it is within them."""
        if len(raw.rstrip(b"\n")) > self.line:
            return self.too_long
        if raw.count(b"[") + raw.count(b"{") > self.nesting and _depth(raw) > self.nesting:
            return (
                f"arrays and objects nested more than {self.nesting} deep; "
                f"a journal line nests at most {self.nesting}"
            )
        if _has_long_number(raw, self.digits):
            field = _huge_field(raw, self.digits)
            if field is not None:
                return (
                    f"a number{field} has more than {self.digits} digits; "
                    "no field of a journal holds one"
                )
        return None

    def all_within(self, body: bytes, marks: bytes | None = None) -> bool:
        """Return True when no line of `body` can be past the limits, in time linear in it
        (`marks`, `_marks(body)`, is made unless given).

        False means only that some line may be, and each must be checked alone.  A line
        nested deeper than the limit opens more brackets than that, and a number of more
        digits than allowed has that many digits, so a body none of whose lines marks more
        than the lesser of the two limits is within both (a journal's lines mark a dozen
        or so); otherwise each limit is looked at alone.  A line nested deeper than the
        limit holds more than twice as many brackets (strings may hold more), so a body
        whose lines never have that many is within it; a line longer than the limit spans
        a multiple of the limit's length.
        """
        for middle in range(self.line, len(body), self.line):
            start = body.rfind(b"\n", 0, middle) + 1
            end = body.find(b"\n", middle)
            if (len(body) if end < 0 else end) - start > self.line:
                return False
        if marks is None:
            marks = _marks(body)
        if b"x" * (min(self.nesting, self.digits) + 1) not in marks:
            return True
        run = _long_run(self.nesting)
        if run.search(body.translate(None, _BRACKETS_ONLY)) is not None:
            return False
        return not _has_long_number(body, self.digits)


_DIGITS_AS_ZEROS = bytes(48 if 48 <= b <= 57 else 32 for b in range(256))
"""Every digit made `0` and every other byte a space, so that a run of digits is a run of
zeros, found by a plain substring search (a regular expression backtracks at every digit)."""


def _has_long_number(raw: bytes, digits: int) -> bool:
    """Return whether `raw` holds a run of more than `digits` digits (in a string or not)."""
    return b"0" * (digits + 1) in raw.translate(_DIGITS_AS_ZEROS)


def _huge_field(raw: bytes, digits: int) -> str | None:
    """Return where on a line a number of more than `digits` digits stands, outside its
    strings (` in "field"`, or `` when no field names it), or None when every such run of
    digits is inside a string."""
    tokens = re.compile(rb'"(?:[^"\\]|\\.)*"|[0-9]{%d,}' % (digits + 1))
    for token in tokens.finditer(raw):
        if token.group().startswith(b'"'):
            continue
        keys = re.findall(rb'"([A-Za-z_][A-Za-z0-9_]{0,39})"\s*:', raw[: token.start()])
        return f" in {keys[-1].decode()!r}" if keys else ""
    return None


_WRITTEN = _Limits(LONGEST_LINE, DEEPEST_NESTING)


def unreadable_line(lines: bytes | bytearray) -> str | None:
    """Return why one of `lines` (each ending in its newline) is past what a reader of
    today's limits reads, or None: a writer refuses such a line before writing it, so that
    nothing a game records is a journal it can never read back."""
    body = bytes(lines)
    if _WRITTEN.all_within(body):
        return None
    for raw in body.splitlines():
        problem = _WRITTEN.problem(raw)
        if problem is not None:
            return problem
    return None


def _depth(raw: bytes) -> int:
    """Return how deep the arrays and objects of a JSON line nest, strings left out."""
    depth = deepest = 0
    for token in _tokens().finditer(raw):
        bracket = token.group()
        if bracket in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        elif bracket in (b"]", b"}"):
            depth -= 1
    return deepest


def _explain(raw: bytes, error: Exception, what: str, tags: _Tags | None) -> str:
    """Return one line saying why `raw` did not decode, in the reader's words."""
    if not raw.strip():
        return "blank line where the header should be" if what == "header" else "blank line"
    if isinstance(error, UnicodeDecodeError):
        return f"{what} holds text that is not valid UTF-8"
    if isinstance(error, RecursionError):
        return f"{what} nests arrays and objects too deeply to be read"
    if not isinstance(error, msgspec.ValidationError):
        return f"{what} is not valid JSON ({error})"
    if what == "header":
        return f"the first line is not this kind of journal's header ({error})"
    tag = _unknown_tag(raw, tags)
    if tags is not None and tag is not None:
        return (
            f"unknown event tag {_shortened(tag)!r} (known tags: {', '.join(sorted(tags.known))})"
        )
    return f"{what} does not match the {what} type: {error}"


class _Tags(msgspec.Struct, frozen=True):
    field: str
    known: frozenset[str]


def _tags_of(event_type: object) -> _Tags | None:
    """Return the tag field and tags of a tagged Struct or union of them, else None."""
    info = msgspec.inspect.type_info(event_type)
    members = info.types if isinstance(info, msgspec.inspect.UnionType) else (info,)
    structs = [m for m in members if isinstance(m, msgspec.inspect.StructType)]
    fields = {m.tag_field for m in structs if m.tag_field is not None}
    if len(fields) != 1:
        return None
    return _Tags(fields.pop(), frozenset(str(m.tag) for m in structs if m.tag is not None))


def _unknown_tag(raw: bytes, tags: _Tags | None) -> str | None:
    """Return the line's tag when it is a JSON object whose tag is none of the known ones."""
    if tags is None:
        return None
    try:
        value = msgspec.json.decode(raw)
    except _UNDECODABLE:
        return None
    if not isinstance(value, dict) or tags.field not in value:
        return None
    tag = str(value[tags.field])
    return None if tag in tags.known else tag


def _shortened(text: str, most: int = 40) -> str:
    """Return `text`, cut to its first `most` characters and an ellipsis when longer: a
    message never repeats an unbounded value read from a file."""
    return text if len(text) <= most else text[:most] + "…"


def _unreadable(name: str, error: OSError) -> JournalError:
    if isinstance(error, FileNotFoundError):
        return JournalError(name, None, "no such file")
    return JournalError(name, None, f"cannot read the file: {error.strerror or error}")
