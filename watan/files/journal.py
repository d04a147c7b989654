"""Watan's journals: where they go, what their header must say, reading and appending.

The file format itself (JSON Lines, a header, one event a line, torn
last lines, locks) is `replay`'s; this module knows Watan's header and
event types and the game's rules about them.
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, TextIO, TypeVar

import msgspec

from replay.journal import (
    LONGEST_LINE,
    Conversion,
    Journal,
    JournalError,
    JournalReader,
)
from replay.messages import announce, complain
from replay.writer import JournalLock, JournalWriter
from replay.writer import taken as taken_by
from watan.editions import DEFAULT, edition, names
from watan.engine.events import FORMAT_VERSION, AnyEvent, GameStarted
from watan.engine.rules import rules_problem

JOURNALS_VARIABLE = "WATAN_JOURNALS"
"""The environment variable that names the journal folder, when set."""

LOCAL_FOLDER = "journals"
"""The folder, in the working folder, a game falls back to when the user's journal folder
cannot be made (a home folder that cannot be written)."""

WatanJournal = Journal[GameStarted, AnyEvent]
T = TypeVar("T")

Upcaster = Callable[[bytes], bytes]



def format_1_to_2(line: bytes) -> bytes:
    """Return one line of a format-1 journal as format 2 writes it.

    Format 1's header named the edition in `rules`; format 2 names it in `edition` and
    records the rules whole, so the header gets the rules its edition had then
    (`Edition.format_1_rules`), never today's: an old journal means what it meant.  Events
    are unchanged.  A header naming an edition this version lacks gets Watan's, so that
    the check of the edition's name refuses it with the usual line.
    """
    if b"game_started" not in line:
        return line  # an event: the commonest line, and unchanged
    value = msgspec.json.decode(line, type=dict[str, Any])
    name = value.get("rules", DEFAULT)  # format 1's headers named Watan when they named none
    if value.get("type") != "game_started" or not isinstance(name, str):
        return line  # not a format-1 header: read as it stands, and refused if wrong
    then = edition(name if name in names() else DEFAULT).format_1_rules
    value["format"] = 2
    value["edition"] = name
    value["rules"] = msgspec.to_builtins(then)
    return msgspec.json.encode(value)


UPCASTERS: dict[int, Upcaster] = {1: format_1_to_2}
"""`UPCASTERS[n]` turns one line of a format-n journal into the same line in format n + 1.

It gets every line, the header too (whose `format` it sets to n + 1), and raises
`msgspec.DecodeError` for a line it cannot read.  Reading an older journal chains them up to
FORMAT_VERSION (README: Journals).
"""


EVENTS_ALIKE = frozenset({1})
"""The formats n whose events format n + 1 writes alike (only the header changed): a journal
of such a format is decoded all at once, at today's pace, its header alone converted."""


class _Written(msgspec.Struct):
    """The one field of a header that every journal format keeps."""

    format: int


def written_format(header_line: bytes) -> int | None:
    """Return the format a journal's raw header line says it was written in, or None.

    None too for a line the reader refuses however it is read (not JSON, not UTF-8, nested
    past what can be decoded): the reader then says why, with the line.
    """
    try:
        return msgspec.json.decode(header_line, type=_Written).format
    except (msgspec.DecodeError, RecursionError, UnicodeDecodeError):
        return None


def upcast(header_line: bytes) -> Conversion | None:
    """Return how to bring each line of the journal with this header to today's format.

    None when it is today's format already, or when no chain of upcasters reaches today's
    from its format: its header is then refused as it stands (`check_header`).
    """
    written = written_format(header_line)
    if written is None or written >= FORMAT_VERSION or FORMAT_VERSION - written > len(UPCASTERS):
        return None  # today's, or older than any chain of upcasters reaches (`-1000000000`)
    steps = [UPCASTERS.get(version) for version in range(written, FORMAT_VERSION)]
    chain = [step for step in steps if step is not None]
    if len(chain) < len(steps):
        return None

    def convert(line: bytes) -> bytes:
        for step in chain:
            line = step(line)
        return line

    alike = all(version in EVENTS_ALIKE for version in range(written, FORMAT_VERSION))
    return Conversion(header=convert, events=None if alike else convert)


def format_problem(header_line: bytes) -> str | None:
    """Return why a journal's raw header line is of a format this version cannot read, or None.

    Checked before the header is decoded: a newer format's header need not decode as
    today's, and an older one only through the upcasters that reach today's.
    """
    written = written_format(header_line)
    if written is None or written == FORMAT_VERSION:
        return None
    if written > FORMAT_VERSION:
        return (
            f"written by a newer watan (journal format {written}; "
            f"this version reads format {FORMAT_VERSION} and older)"
        )
    return None if upcast(header_line) is not None else f"unknown journal format {written}"


def check_header(header: GameStarted) -> str | None:
    """Return what is wrong with a journal's header, or None (the format version, the edition,
    the rules)."""
    if header.format > FORMAT_VERSION:
        return (
            f"written by a newer watan (journal format {header.format}; "
            f"this version reads format {FORMAT_VERSION} and older)"
        )
    if header.format < FORMAT_VERSION:
        return f"unknown journal format {header.format}"
    if header.edition not in names():
        return f"plays the {header.edition!r} edition, which this version does not know"
    return rules_problem(header.rules)


@functools.cache
def reader() -> JournalReader[GameStarted, AnyEvent]:
    """Return the reader of Watan journals, made once, when first needed (not to play)."""
    return JournalReader[GameStarted, AnyEvent](
        GameStarted, AnyEvent, check_header=check_header, upcast=upcast, check_format=format_problem
    )


def read_journal(path: str, data: bytes | None = None) -> WatanJournal:
    """Return a whole journal (raises JournalError naming the line and the problem).

    With `data`, the journal is those bytes (standard input's, say) and `path` only names
    it in errors.
    """
    return reader().read(path) if data is None else reader().decode(path, data)


class Folder(NamedTuple):
    """Where new games keep their journals, and whether the user chose it."""

    path: str
    chosen: bool
    """Named by `WATAN_JOURNALS`; otherwise it is the XDG data folder's, which a game falls
    back from to `LOCAL_FOLDER` when it cannot be made."""


def journal_folder(environ: Mapping[str, str]) -> Folder:
    """Return the folder new games keep their journals in, read from the environment.

    `WATAN_JOURNALS` when set; else `watan/journals` in the XDG data folder
    (`$XDG_DATA_HOME`, which must be an absolute path, else `~/.local/share`),
    where programs keep what they make for their user, so that a game's journal is
    found again from any folder and never lands in the folder one stands in.
    """
    chosen = environ.get(JOURNALS_VARIABLE, "")
    if chosen:
        return Folder(chosen, True)
    data = environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(data):
        home = environ.get("HOME") or os.path.expanduser("~")
        data = os.path.join(home, ".local", "share")
    return Folder(os.path.join(data, "watan", "journals"), False)


def default_journal_path(folder: str, edition: str, now: float | None = None) -> str:
    """Return a new journal's path in `folder`, named for the edition and the time."""
    moment = time.time() if now is None else now
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(moment))
    micro = int(moment * 1_000_000) % 1_000_000
    return os.path.join(folder, f"{edition}-{stamp}-{micro:06d}.jsonl")


class Recorder:
    """Appends a game's events to its journal, flushed at once; holds the journal's lock.

    When the journal cannot be written the game goes on unrecorded, after one
    line on standard error: losing the record is bad, losing the game worse.
    A new journal that no event was appended to is removed when the game
    ends: there is nothing in it to replay or resume.
    """

    def __init__(
        self,
        writer: JournalWriter[GameStarted, AnyEvent] | None,
        stderr: TextIO,
        program: str,
        *,
        new: bool = True,
    ):
        self._writer = writer
        self._stderr = stderr
        self._program = program
        self._played = not new

    @property
    def path(self) -> str | None:
        """Return where the journal is, or None when the game goes on without one."""
        return None if self._writer is None else self._writer.path

    @property
    def played(self) -> bool:
        """Return whether the journal holds an event (or was an existing one, resumed)."""
        return self._played

    def record(self, events: Sequence[AnyEvent]) -> None:
        """Append events, so that a killed process loses nothing accepted."""
        if self._writer is None or not events:
            return
        self._played = True
        try:
            self._writer.append(events)
        except JournalError as error:
            complain(self._stderr, f"{error}; the game goes on without its journal", self._program)
            self.close()
            self._writer = None

    def close(self) -> None:
        """Close the journal, removing it when nothing was recorded in it."""
        if self._writer is not None:
            if self._played:
                self._writer.close()
            else:
                self._writer.discard()

    def keeps(self, path: str) -> bool:
        """Return whether `path` names this game's journal (by any name or link), so that a
        `save` or `backup.sv` written there would destroy it."""
        return self._writer is not None and self._writer.writes_to(path)


def is_journal_text(text: str) -> bool:
    """Return whether a file's text begins with a journal's header line (any format)."""
    first = text.split("\n", 1)[0].strip()
    if not first.startswith("{"):
        return False
    try:
        msgspec.json.decode(first, type=_Header)
    except (msgspec.DecodeError, RecursionError):
        return False
    return True


class _Header(msgspec.Struct, tag="game_started", tag_field="type"):
    """What marks a journal's first line, whatever its format: its tag and its format."""

    format: int


def taken(path: str) -> str | None:
    """Return why a new game cannot keep its journal at `path` (`--journal`), or None.

    Something there already: a journal is never replaced, and a game must not be played
    without one by accident.  When it is a journal, say how to play it on instead
    (`replay.writer.taken`).
    """
    return taken_by(path, GameStarted, check_header, "watan", upcast)


def create_recorder(
    path: str, header: GameStarted, stderr: TextIO, program: str, fallback: str | None = None
) -> Recorder:
    """Create the journal at `path` with its header; say where it is on a terminal.

    When it cannot be made there and a `fallback` path is given, the journal
    goes there instead (said on a terminal only, as where a journal is always
    is); otherwise the game goes on without one, after one line on standard
    error.
    """
    made = _created(path, header)
    if isinstance(made, str) and fallback is not None:
        moved = _created(fallback, header)
        if not isinstance(moved, str):
            announce(stderr, f"journal: {fallback} ({made})", program)
            return Recorder(moved, stderr, program)
    if isinstance(made, str):
        complain(stderr, f"cannot write the journal {path}: {made}", program)
        return Recorder(None, stderr, program)
    announce(stderr, f"journal: {path}", program)
    return Recorder(made, stderr, program)


def _created(path: str, header: GameStarted) -> JournalWriter[GameStarted, AnyEvent] | str:
    """Return a writer of a new journal at `path`, or why it cannot be made."""
    folder = os.path.dirname(path) or "."
    try:
        os.makedirs(folder, exist_ok=True)
        return JournalWriter[GameStarted, AnyEvent].create(path, header)
    except (OSError, JournalError) as error:
        if isinstance(error, FileExistsError):  # makedirs: something that is not a folder
            return f"{folder} is not a folder"
        if isinstance(error, JournalError):
            return error.problem
        return str(error.strerror or error)


def reopen(
    path: str, stderr: TextIO, check: Callable[[WatanJournal], T], program: str
) -> tuple[WatanJournal, T, JournalWriter[GameStarted, AnyEvent]]:
    """Return the journal at `path`, what `check` makes of it, and a writer appending to it.

    The journal's lock is taken before it is read and held from then on (by
    the writer, once made), so that nobody can append or rewind it between
    the reading, the checking and the appending: JournalLocked when another
    process holds it.  `check` raises JournalError for a journal that must
    not be played on, which is then left untouched.  A last line cut off
    mid-write (the process was killed) is moved to a side file with a
    warning, never silently dropped; what came before it is kept.  A journal
    of an older format is read but never appended to: its new lines would
    not match its old ones.
    """
    with JournalLock.take(path) as lock:
        journal = read_journal(path)
        checked = check(journal)
        try:
            with open(path, "rb") as file:
                written = written_format(file.readline(LONGEST_LINE + 1))
        except OSError as error:
            raise JournalError(path, None, f"cannot read the file: {error.strerror}") from None
        if written is not None and written < FORMAT_VERSION:
            raise JournalError(
                path,
                1,
                f"written in journal format {written}; to play on, first rewrite it in format "
                f"{FORMAT_VERSION}: watan rewind {path} --to {len(journal.events)} --in-place",
            )
        if journal.torn_tail is not None:
            side = lock.repair(journal.torn_tail)
            complain(
                stderr,
                f"{path}: its last line was cut off mid-write; "
                f"the partial line was set aside in {side}",
                program,
            )
        else:
            lock.complete_last_line()  # it decodes: a newline is all it lacks, if anything
        writer: JournalWriter[GameStarted, AnyEvent] = lock.writer()
    return journal, checked, writer
