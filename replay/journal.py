"""Reading event journals: JSON Lines files of a header line, then one line per event.

Event 1 is line 2 of the file. A final line without its newline that does not decode is
a *torn tail*, what a process killed in the middle of a write leaves behind: the reader
returns the events before it and the torn bytes, so that the caller can set them aside
(`replay.writer.repair`). Every other defect is a `JournalError` naming the line.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Generator, Iterator
from typing import Generic, TypeVar, overload

import msgspec

H = TypeVar("H")
E = TypeVar("E")

StrPath = str | os.PathLike[str]
HeaderCheck = Callable[[H], str | None]
Convert = Callable[[bytes], bytes]
Upcast = Callable[[bytes], Convert | None]
"""Given a journal's raw header line, how to bring each of its lines (the header too) to the
format the reader decodes, or None when they already are. A conversion takes one line (with
or without its newline) and returns it as one line; for a line it cannot read it raises
`msgspec.DecodeError`, and that line is then reported like any other bad line."""

_BLANK_LINE = re.compile(rb"(?:\A|\n)[ \t\r]*\n")


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

    The file stays open only while iterating; `torn_tail` is set once the iteration
    has reached a torn last line.
    """

    def __init__(self, lines: Generator[E, None, None], torn: list[bytes]) -> None:
        self._lines = lines
        self._torn = torn

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
        self._lines.close()

    def __enter__(self) -> EventStream[E]:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class JournalReader(Generic[H, E]):
    """Decodes journals of one header type and one event type, with decoders made once.

    A union of tagged Structs is not a `type[E]` to a type checker, so name the types by
    subscripting: `JournalReader[Header, Event](Header, Event)`. `check_header` returns a
    problem with a header that decodes (an unknown format version, say), reported at line 1;
    `upcast` brings the lines of a journal written in an older format to today's first.
    """

    @overload
    def __init__(
        self,
        header_type: type[H],
        event_type: type[E],
        *,
        check_header: HeaderCheck[H] | None = None,
        upcast: Upcast | None = None,
    ) -> None: ...

    @overload
    def __init__(
        self,
        header_type: type[H],
        event_type: object,
        *,
        check_header: HeaderCheck[H] | None = None,
        upcast: Upcast | None = None,
    ) -> None: ...

    def __init__(
        self,
        header_type: type[H],
        event_type: object,
        *,
        check_header: HeaderCheck[H] | None = None,
        upcast: Upcast | None = None,
    ) -> None:
        self._header: msgspec.json.Decoder[H] = msgspec.json.Decoder(header_type)
        self._event: msgspec.json.Decoder[E] = msgspec.json.Decoder(event_type)
        self._check_header = check_header
        self._upcast = upcast
        self._tags = _tags_of(event_type)

    def read(self, path: StrPath) -> Journal[H, E]:
        """Return the whole journal, decoding all event lines at once when they are all good."""
        name = os.fspath(path)
        try:
            with open(name, "rb") as file:
                data = file.read()
        except OSError as error:
            raise _unreadable(name, error) from None
        end = data.find(b"\n")
        first = data if end < 0 else data[: end + 1]
        convert = self._converter(first)
        header = self._decode_header(name, first, convert)
        body = b"" if end < 0 else data[end + 1 :]
        torn = None
        if body and not body.endswith(b"\n"):
            start = body.rfind(b"\n") + 1
            if not self._decodes(body[start:], convert):
                torn, body = body[start:], body[:start]
        return Journal(header, self._decode_body(name, body, convert), torn)

    def iter_events(self, path: StrPath) -> tuple[H, EventStream[E]]:
        """Return the header and a lazy stream of the events, reading only the lines asked for."""
        name = os.fspath(path)
        try:
            with open(name, "rb") as file:
                first = file.readline()
                offset = file.tell()
        except OSError as error:
            raise _unreadable(name, error) from None
        convert = self._converter(first)
        header = self._decode_header(name, first, convert)
        torn: list[bytes] = []
        return header, EventStream(self._stream(name, offset, torn, convert), torn)

    def _converter(self, first: bytes) -> Convert | None:
        return None if self._upcast is None or not first else self._upcast(first)

    def _stream(
        self, name: str, offset: int, torn: list[bytes], convert: Convert | None
    ) -> Generator[E, None, None]:
        """Yield the events from `offset` on; a torn last line goes into `torn` and ends it."""
        try:
            file = open(name, "rb")  # noqa: SIM115 (closed below, also when the stream is dropped)
        except OSError as error:
            raise _unreadable(name, error) from None
        with file:
            file.seek(offset)
            for number, raw in enumerate(file, start=2):
                if not raw.endswith(b"\n") and not self._decodes(raw, convert):
                    torn.append(raw)
                    return
                yield self._decode_event(name, number, raw, convert)

    def _decode_header(self, name: str, raw: bytes, convert: Convert | None) -> H:
        if not raw:
            raise JournalError(name, None, "empty file: there is no header line")
        try:
            header = self._header.decode(raw if convert is None else convert(raw))
        except msgspec.DecodeError as error:
            raise JournalError(name, 1, _explain(raw, error, "header", None)) from error
        problem = self._check_header(header) if self._check_header is not None else None
        if problem is not None:
            raise JournalError(name, 1, problem)
        return header

    def _decode_body(self, name: str, body: bytes, convert: Convert | None) -> tuple[E, ...]:
        """Return the events of the lines after the header, or raise for the first bad line.

        `decode_lines` reads them all at once but skips blank lines and accepts two values on
        one line, so its answer is kept only with one value per line and no blank line;
        otherwise, and for lines to convert first, each line is decoded alone, which names
        the first bad one.
        """
        if not body:
            return ()
        lines = body.count(b"\n") + (not body.endswith(b"\n"))
        try:
            events = [] if convert is not None else self._event.decode_lines(body)
        except msgspec.DecodeError:
            events = []
        if len(events) == lines and _BLANK_LINE.search(body) is None:
            return tuple(events)
        raws = body.split(b"\n")
        if not raws[-1]:
            raws.pop()
        return tuple(
            self._decode_event(name, number, raw, convert)
            for number, raw in enumerate(raws, start=2)
        )

    def _decode_event(self, name: str, number: int, raw: bytes, convert: Convert | None) -> E:
        try:
            return self._event.decode(raw if convert is None else convert(raw))
        except msgspec.DecodeError as error:
            raise JournalError(name, number, _explain(raw, error, "event", self._tags)) from error

    def _decodes(self, raw: bytes, convert: Convert | None) -> bool:
        try:
            self._event.decode(raw if convert is None else convert(raw))
        except msgspec.DecodeError:
            return False
        return True


def _explain(raw: bytes, error: msgspec.DecodeError, what: str, tags: _Tags | None) -> str:
    """Return one line saying why `raw` did not decode, in the reader's words."""
    if not raw.strip():
        return "blank line where the header should be" if what == "header" else "blank line"
    if not isinstance(error, msgspec.ValidationError):
        return f"{what} is not valid JSON ({error})"
    if what == "header":
        return f"the first line is not this kind of journal's header ({error})"
    tag = _unknown_tag(raw, tags)
    if tags is not None and tag is not None:
        return f"unknown event tag {tag!r} (known tags: {', '.join(sorted(tags.known))})"
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
    except msgspec.DecodeError:
        return None
    if not isinstance(value, dict) or tags.field not in value:
        return None
    tag = str(value[tags.field])
    return None if tag in tags.known else tag


def _unreadable(name: str, error: OSError) -> JournalError:
    if isinstance(error, FileNotFoundError):
        return JournalError(name, None, "no such file")
    return JournalError(name, None, f"cannot read the file: {error.strerror or error}")
