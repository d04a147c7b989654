"""What a game supplies to the toolkit, and nothing more.

An event-sourced game is, to `replay`, a `Definition`: how its journal lines decode (a
`Codec`: the header type and the event type, a header check, an upcaster for old
formats), the state a header starts, and the reducer.  Two parts are optional:

- a `Judge`, which lets the toolkit check a journal against the game's rules: which
  events belong to one command (`continues`), whether a command's run of events is what
  the rules give in a given state (`verdict`), what is wrong with a header, and which
  bookkeeping a state breaks;
- `Words`, which say a header and an event in the game's language, for listings.

Everything else (reading and appending under a lock, folding, seeking, rewinding at
command boundaries, verifying, differences) is the toolkit's: `replay.auditing`,
`replay.history`, `replay.recorder`, `replay.compare`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Generic, TypeVar

import msgspec

from replay.folding import fold
from replay.journal import FormatCheck, HeaderCheck, Identify, JournalReader, Upcast

H = TypeVar("H")
E = TypeVar("E")
S = TypeVar("S")


class Codec(msgspec.Struct, Generic[H, E], frozen=True):
    """How a game's journal lines decode: the header type and the event type (a tagged union).

    `check_header` returns a problem with a header that decodes (a format too new, say);
    `upcast` brings a journal of an older format to today's (see `replay.journal.Upcast`);
    `check_format` refuses a raw header line whose format cannot be read at all.  A game
    that numbers its formats gives `written_format` (the number a raw header line says it
    was written in, or None) and `format_version` (today's), so that advice about an
    older journal can name both.  `identify` names the game's other files (a save file,
    a board file) and the command that takes each, when a journal tool is given one.
    """

    header_type: type[H]
    event_type: object
    check_header: HeaderCheck[H] | None = None
    upcast: Upcast | None = None
    check_format: FormatCheck | None = None
    written_format: Callable[[bytes], int | None] | None = None
    format_version: int | None = None
    identify: Identify | None = None

    def reader(self) -> JournalReader[H, E]:
        """Return the reader of this codec's journals, made once and shared."""
        return _reader(self)  # type: ignore[return-value]


@functools.cache
def _reader(codec: Codec[object, object]) -> JournalReader[object, object]:
    return JournalReader(
        codec.header_type,
        codec.event_type,
        check_header=codec.check_header,
        upcast=codec.upcast,
        check_format=codec.check_format,
        identify=codec.identify,
    )


class Verdict(msgspec.Struct, frozen=True):
    """Why a command's run of events is not what the rules give: which event of it (from 0)."""

    index: int
    problem: str


def _no_problem(_: object) -> str | None:
    return None


def _nothing_broken(_: object, __: object) -> str | None:
    return None


class Judge(msgspec.Struct, Generic[H, E, S], frozen=True):
    """How the toolkit checks a game's journal against its rules.

    - `continues(run, event)`: whether `event` belongs to the same command as the events
      of `run` (its first is the event that began the command); a game that gives
      `commands` and `longest` instead need not give it (`joins`);
    - `verdict(state, run)`: None when the rules, in `state`, give exactly the events of
      `run` for the command they record (random outcomes taken from the run itself);
      otherwise which event is wrong and why;
    - `header_problem(header)`: what is wrong with a header the reader accepted (a loaded
      position no game could reach, say), or None;
    - `broken(state, previous)`: the first piece of bookkeeping `state` breaks, having
      come from `previous` (the state before the command, or before the event: the audit
      checks once per command, and per event only to name the one that breaks it), or None;
    - `commands(events)`, when given, yields the events in runs exactly as `continues`
      groups them, only quicker (a game that knows which events follow which);
    - `longest`, with `commands`: no command records more events, so whether an event
      joins a run is told by grouping only the run's last `longest` events and it.
    """

    verdict: Callable[[S, tuple[E, ...]], Verdict | None]
    continues: Callable[[Sequence[E], E], bool] | None = None
    header_problem: Callable[[H], str | None] = _no_problem
    broken: Callable[[S, S], str | None] = _nothing_broken
    commands: Callable[[Iterable[E]], Iterator[tuple[E, ...]]] | None = None
    longest: int | None = None

    def __post_init__(self) -> None:
        if self.continues is None and (self.commands is None or self.longest is None):
            raise ValueError("a judge groups events by `continues`, or `commands` and `longest`")

    def joins(self, run: Sequence[E], event: E) -> bool:
        """Return whether `event` belongs to the same command as the events of `run`: as
        `continues` says, or as `commands` groups the run's last `longest` events and it
        (the command's first event is never further back)."""
        if self.continues is not None:
            return self.continues(run, event)
        assert self.commands is not None and self.longest is not None
        *_, last = self.commands([*run[-self.longest :], event])
        return len(last) > 1


class Words(msgspec.Struct, Generic[H, E], frozen=True):
    """A game's words for its journal: the header as the game's beginning, and each event.

    `headings(header, events)`, when given, yields for each event the heading a listing
    shows before it (where a turn begins, say), or None for none.  `events(header,
    events)`, when given, yields each event in words, in order, for a game whose words for
    one event depend on those before it (who plays a seat, say); a listing uses it
    rather than `event`.
    """

    start: Callable[[H], str]
    event: Callable[[H, E], str]
    headings: Callable[[H, Sequence[E]], Iterable[str | None]] | None = None
    events: Callable[[H, Sequence[E]], Iterable[str]] | None = None


class Definition(msgspec.Struct, Generic[H, E, S], frozen=True):
    """An event-sourced game, as the toolkit needs to know it.

    `name` is the program's name, used in the advice the toolkit gives
    (`NAME rewind JOURNAL --to N`); `start(header)` is the state before any event;
    `apply(state, event)` is the reducer, pure and trusting its events.  A game of
    several editions, whose judge or words differ by the header, gives `variant(header)`:
    the definition a journal with that header is judged and described by.  A game may give
    `fold_all(state, events)`, a quicker fold of a long run of events that returns what
    folding them one by one with `apply` returns (plain lists changed in place, say, and
    the frozen state built once at the end): `fold` uses it, wherever a prefix of a journal
    is folded without being judged.  A game that gives `state_type` (its state's type,
    which msgspec encodes) may have its long journals' judged states sealed beside them
    (`replay.checkpoints`), so that a late step is shown without judging every event.
    """

    name: str
    codec: Codec[H, E]
    start: Callable[[H], S]
    apply: Callable[[S, E], S]
    judge: Judge[H, E, S] | None = None
    words: Words[H, E] | None = None
    variant: Callable[[H], Definition[H, E, S]] | None = None
    fold_all: Callable[[S, Iterable[E]], S] | None = None
    state_type: object = None

    def for_header(self, header: H) -> Definition[H, E, S]:
        """Return the definition a journal with this header is judged and described by."""
        return self if self.variant is None else self.variant(header)

    def reader(self) -> JournalReader[H, E]:
        """Return the reader of this game's journals."""
        return self.codec.reader()

    def fold(self, header: H, events: Sequence[E]) -> S:
        """Return the state the header starts, after every event (with `fold_all`, when
        the game gives one)."""
        if self.fold_all is not None:
            return self.fold_all(self.start(header), events)
        return fold(self.apply, self.start(header), events)

    def describe(self, header: H, event: E) -> str:
        """Return the event in the game's words, or as its JSON line when it has none."""
        words = self.for_header(header).words
        if words is None:
            return msgspec.json.encode(event).decode()
        return words.event(header, event)

    def describe_start(self, header: H) -> str:
        """Return the header in the game's words, or as its JSON line when it has none."""
        words = self.for_header(header).words
        if words is None:
            return msgspec.json.encode(header).decode()
        return words.start(header)
