"""Looking back at a journal: the game at any step, in words, as a save file or as JSON.

Step N is the game after the first N events following the header; step 0
is the game as the header starts it.  Every step shown is checked against
the rules first (`audit`), so a damaged journal is reported, never shown.
"""

from __future__ import annotations

import collections
import contextlib
import itertools
import os
import sys
from collections.abc import Callable, Iterator, Sequence

import msgspec

from replay import JournalError, JournalLock, scan, write_journal
from watan.editions import edition
from watan.editions.model import Edition
from watan.engine.events import AnyEvent, GameStarted, SeatTaken, TurnEnded
from watan.engine.evolve import apply, apply_all, start
from watan.engine.state import COLOURS, HUMAN, Colour, Game, Phase, saved_game
from watan.files.journal import read_journal, reader
from watan.files.savefile import format_save
from watan.text import render
from watan.text.describe import describe, describe_start
from watan.text.hints import standing
from watan.tools.audit import MOST_EVENTS_PER_COMMAND, audit, commands, continues

Progress = Callable[[int, int], object]
"""Told how far a check has come, and of how much: a long check's progress bar."""


class Moment(msgspec.Struct, frozen=True):
    """A journal read up to a step: its header, those events and the game they give."""

    header: GameStarted
    events: tuple[AnyEvent, ...]
    game: Game
    torn_line: int | None = None
    """The line of an incomplete last line (a process killed mid-write) left out, if any."""


def load(
    path: str,
    to: int | None = None,
    *,
    turn: int | None = None,
    data: bytes | None = None,
    progress: Progress | None = None,
) -> Moment:
    """Return the journal at `path` up to step `to` (its end when None), checked.

    Only the lines up to the end of the command that step `to` falls in are
    read and checked, so an early step of a long journal is quick, and a
    journal damaged further on can still be looked at (and rewound) before
    the damage.  Raises JournalError naming the line of the first problem, or
    the last event when `to` is past the end.  An incomplete last line is
    left out and its line reported in `torn_line`: it holds no command that
    was ever completed.  With `turn`, the step is where that turn begins
    (`turn_start`), and the whole journal is checked.  With `data`, the
    journal is those bytes (standard input's) and `path` names it in errors.
    `progress` hears how far the check has come.
    """
    if turn is not None:
        whole = load(path, data=data, progress=progress)
        step = turn_start(path, whole.header, whole.events, turn)
        game = apply_all(start(whole.header), whole.events[:step])
        return Moment(
            header=whole.header, events=whole.events[:step], game=game, torn_line=whole.torn_line
        )
    header, events, torn = _read(path, to, data)
    game = _sound(path, header, events, to, progress)
    return Moment(header=header, events=events[:to], game=game, torn_line=torn)


def _sound(
    path: str,
    header: GameStarted,
    events: tuple[AnyEvent, ...],
    to: int | None,
    progress: Progress | None = None,
) -> Game:
    """Return the game at step `to` once every event read passes the audit, or raise."""
    told = None if progress is None else lambda done: progress(done, len(events))
    checked = audit(header, events, keep=to, progress=told)
    if checked.problem is not None:
        raise JournalError(path, checked.problem.line, checked.problem.problem)
    return checked.game


def _read(
    path: str, to: int | None, data: bytes | None = None
) -> tuple[GameStarted, tuple[AnyEvent, ...], int | None]:
    """Return the header, the events up to the end of step `to`'s command, and a torn line."""
    if to is not None and to < 0:
        raise JournalError(path, None, f"there is no step {to}: steps start at 0")
    if to is None or data is not None:
        journal = read_journal(path, data)
        torn = None if journal.torn_tail is None else len(journal.events) + 2
        if to is None:
            return journal.header, journal.events, torn
        read = _through_command(path, iter(journal.events), to)
        return journal.header, read, torn if len(read) == len(journal.events) else None
    header, stream = reader().iter_events(path)
    with stream:
        read = _through_command(path, stream, to)
        torn = None if stream.torn_tail is None else len(read) + 2
    return header, read, torn


def _through_command(path: str, stream: Iterator[AnyEvent], to: int) -> tuple[AnyEvent, ...]:
    """Return the first `to` events of `stream`, and the rest of the command the last is in."""
    read = list(itertools.islice(stream, min(to, sys.maxsize)))
    if len(read) < to:
        raise _no_such_step(path, to, len(read))
    for event in stream:
        if not continues(read, event):
            break
        read.append(event)
    return tuple(read)


def _no_such_step(path: str, to: int, count: int) -> JournalError:
    return JournalError(path, None, f"there is no step {to}: the last event is {count}")


class Checked(msgspec.Struct, frozen=True):
    """A journal checked up to a step, without its events: the header, how many events
    the step is, the game they give, and a torn last line left out, if any."""

    header: GameStarted
    events: int
    game: Game
    torn_line: int | None = None


def check(
    path: str,
    to: int | None = None,
    *,
    data: bytes | None = None,
    progress: Progress | None = None,
) -> Checked:
    """Return the journal at `path` checked up to step `to` (its end when None), as `load`
    does, but streaming: its events are read, judged and folded a block at a time and never
    kept, so a journal of millions of events is checked in little memory.

    `progress` hears how many bytes of the file are read, of its size.  With `data`
    (standard input's bytes) the journal is already in memory and `load` checks it.
    """
    if data is not None:
        moment = load(path, to, data=data, progress=progress)
        return Checked(moment.header, len(moment.events), moment.game, moment.torn_line)
    if to is not None and to < 0:
        raise JournalError(path, None, f"there is no step {to}: steps start at 0")
    header, stream = reader().iter_events(path)
    with stream:
        size = _size(path)
        told = None if progress is None else lambda _: progress(stream.position, size)
        events = stream if to is None else _up_to_command(path, stream, to)
        checked = audit(header, events, keep=to, progress=told)
        torn = stream.torn_tail
    if checked.problem is not None:
        raise JournalError(path, checked.problem.line, checked.problem.problem)
    read = checked.events
    return Checked(
        header,
        read if to is None else to,
        checked.game,
        None if torn is None else read + 2,
    )


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def _up_to_command(path: str, stream: Iterator[AnyEvent], to: int) -> Iterator[AnyEvent]:
    """Yield the first `to` events of `stream` and the rest of the command the last is in;
    raise when there are fewer than `to` (as `_through_command`, without keeping them)."""
    recent: collections.deque[AnyEvent] = collections.deque(maxlen=MOST_EVENTS_PER_COMMAND)
    count = 0
    for event in itertools.islice(stream, min(to, sys.maxsize)):
        count += 1
        recent.append(event)
        yield event
    if count < to:
        raise _no_such_step(path, to, count)
    for event in stream:
        if not continues(tuple(recent), event):
            return
        recent.append(event)
        yield event


class Rewound(msgspec.Struct, frozen=True):
    """A journal as `rewind` kept it, and the command the step asked for fell inside, if any."""

    kept: Moment
    inside: tuple[int, int] | None = None
    """The first and last event of the command the asked step fell inside; the journal was
    then kept up to the step before its first event, where the command began."""


def rewind(
    path: str,
    to: int,
    out: str | Callable[[int], str],
    *,
    replace: bool = False,
    data: bytes | None = None,
) -> Rewound:
    """Write to `out` a journal of the first `to` events of the one at `path`.

    `out` is a path, or names the path given the number of events kept.

    Only those events (and the rest of the command step `to` falls in) are
    checked, so a journal whose later part is damaged can be rewound to
    before the damage.  A step inside a command (between a roll and its
    production, say) would leave a game the rules never produce, so the
    journal is kept up to where that command began, and `inside` says so.
    `out` is never replaced unless `replace` is given; then its lock is
    taken before anything is read and held until it is replaced, so that a
    game resumed from it meanwhile is refused rather than losing what it
    appends (JournalLocked when one is being played).  With `data`, the
    journal is those bytes (standard input's).  Returns the journal as kept.
    """
    with contextlib.ExitStack() as held:
        lock = None
        if replace and isinstance(out, str) and os.path.exists(out):
            lock = held.enter_context(JournalLock.take(out))
        header, events, _ = _read(path, to, data)
        game = _sound(path, header, events, to)
        end, inside = 0, None
        for run in commands(events):
            begin, end = end, end + len(run)
            if begin < to < end:
                inside, to = (begin + 1, end), begin
                game = apply_all(start(header), events[:to])
        kept = Moment(header=header, events=events[:to], game=game)
        if lock is not None:
            lock.replace(header, kept.events)
        else:
            target = out if isinstance(out, str) else out(to)
            write_journal(target, header, kept.events, replace=replace)
    return Rewound(kept=kept, inside=inside)


def turn_number(number: int, before: Game, event: AnyEvent, after: Game) -> int:
    """Return the number of the turn the game is in after `event`, `number` before it.

    Setup is turn 0; the first turn after it (or the first of a game begun
    from a save file, `first_turn`) is turn 1, and each turn that ends
    begins the next.
    """
    if before.phase is Phase.SETUP and after.phase is not Phase.SETUP:
        return 1
    return number + 1 if isinstance(event, TurnEnded) else number


def first_turn(game: Game) -> int:
    """Return the number of the turn a game begins in: 0 (setup), or 1 after a save file."""
    return 0 if game.phase is Phase.SETUP else 1


def _numbered(
    header: GameStarted, events: Sequence[AnyEvent]
) -> Iterator[tuple[int, Colour, int]]:
    """Yield, for each event, the turn it happened in, whose turn that was, and the turn the
    game is in after it."""
    game = start(header)
    number = first_turn(game)
    for event, after in zip(events, scan(apply, game, events), strict=True):
        later = turn_number(number, game, event, after)
        yield number, game.turn, later
        number, game = later, after


def turns(header: GameStarted, events: Sequence[AnyEvent]) -> Iterator[tuple[int, Colour]]:
    """Yield, for each event, the number of the turn it happened in and whose turn it was.

    A turn's last event (`TurnEnded`, or the last initial placement) is in
    that turn; the next begins after it.
    """
    return ((number, colour) for number, colour, _ in _numbered(header, events))


def current_turn(header: GameStarted, events: Sequence[AnyEvent]) -> int:
    """Return the number of the turn the game is in after `events` (0: setup)."""
    number = first_turn(start(header))
    for _, _, later in _numbered(header, events):
        number = later
    return number


def turn_start(path: str, header: GameStarted, events: Sequence[AnyEvent], turn: int) -> int:
    """Return the step at which turn `turn` begins (1 is the first turn after setup).

    Raises JournalError, naming `path`, for a turn the journal has not reached.
    """
    starts = [0] if first_turn(start(header)) == 1 else []
    for step, (number, _, later) in enumerate(_numbered(header, events), start=1):
        if later != number:
            starts.append(step)
    if turn < 1:
        raise JournalError(path, None, f"there is no turn {turn}: turns count from 1, after setup")
    if turn > len(starts):
        last = f"the last is {len(starts)}" if starts else "the game is still in setup"
        raise JournalError(path, None, f"there is no turn {turn}: {last}")
    return starts[turn - 1]


def house_rules(header: GameStarted) -> tuple[str, ...]:
    """Return the house rules a journal's header names, by name (none: the edition's rules),
    as every listing (`watan games`, `replay --format json`) shows them."""
    return header.rules.house_rules


def headings(header: GameStarted, events: Sequence[AnyEvent]) -> Iterator[str | None]:
    """Yield, for each event, the heading a listing shows before it: `Setup`, or `Turn 12,
    Orange` where a turn begins; None within a turn."""
    shown = None
    for turn, colour in turns(header, events):
        yield None if turn == shown else "Setup" if turn == 0 else f"Turn {turn}, {colour.title}"
        shown = turn


def listing(header: GameStarted, events: tuple[AnyEvent, ...]) -> Iterator[str]:
    """Yield one numbered line per event, the header as step 0 (`watan replay`).

    Events are listed under the turn they happened in (`Turn 12, Orange`),
    setup's under `Setup`.  In a game with computer players each move names
    who played it, as the seats stood then (`Red (expert) completed ...`); a
    game of people alone is listed as it always was.
    """
    width = len(str(len(events)))
    played = edition(header.edition)
    seats: list[str] | None = None
    if any(isinstance(event, SeatTaken) for event in events):
        seats = [HUMAN] * len(COLOURS)
    yield f"{0:>{width}}  {describe_start(header)}\n"
    for number, (event, heading) in enumerate(
        zip(events, headings(header, events), strict=True), start=1
    ):
        if heading is not None:
            yield f"{heading}\n"
        yield f"{number:>{width}}  {describe(event, played, seats)}\n"
        if isinstance(event, SeatTaken) and seats is not None:
            seats[event.colour] = event.player


def as_text(game: Game, played: Edition) -> str:
    """Return the board, the four status lines, then whose turn and phase."""
    return render.board(game, played) + render.status(game, played) + standing(game, played)


class SetupHasNoSave(Exception):
    """A save file cannot hold a game whose initial placements are not all made.

    An edition that backs up during setup (Constructor) saves one anyway, as its
    `backup.sv` would (RULINGS-constructor 12).
    """


def as_save(game: Game, played: Edition) -> str:
    """Return the edition's save file for this moment (spec §3.7)."""
    if game.phase is Phase.SETUP and not played.backup_during_setup:
        raise SetupHasNoSave
    return format_save(saved_game(game), played)
