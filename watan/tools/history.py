"""Looking back at a journal: the game at any step, in words, as a save file or as JSON.

Step N is the game after the first N events following the header; step 0
is the game as the header starts it.  Every step shown is checked against
the rules first (`audit`), so a damaged journal is reported, never shown.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import sys
from collections.abc import Iterator
from typing import Any

import msgspec

from replay import JournalError, JournalLock, write_journal
from watan.editions import edition
from watan.engine.events import AnyEvent, GameStarted, SeatTaken
from watan.engine.state import COLOURS, HUMAN, SETUP_ORDER, Game, Phase, saved_game
from watan.files.journal import read_journal, reader
from watan.files.savefile import format_save
from watan.text import render
from watan.text.describe import describe, describe_start
from watan.tools.audit import audit, commands, continues


class Moment(msgspec.Struct, frozen=True):
    """A journal read up to a step: its header, those events and the game they give."""

    header: GameStarted
    events: tuple[AnyEvent, ...]
    game: Game
    torn_line: int | None = None
    """The line of an incomplete last line (a process killed mid-write) left out, if any."""


def load(path: str, to: int | None = None) -> Moment:
    """Return the journal at `path` up to step `to` (its end when None), checked.

    Only the lines up to the end of the command that step `to` falls in are
    read and checked, so an early step of a long journal is quick, and a
    journal damaged further on can still be looked at (and rewound) before
    the damage.  Raises JournalError naming the line of the first problem, or
    the last event when `to` is past the end.  An incomplete last line is
    left out and its line reported in `torn_line`: it holds no command that
    was ever completed.
    """
    header, events, torn = _read(path, to)
    game = _sound(path, header, events, to)
    return Moment(header=header, events=events[:to], game=game, torn_line=torn)


def _sound(path: str, header: GameStarted, events: tuple[AnyEvent, ...], to: int | None) -> Game:
    """Return the game at step `to` once every event read passes the audit, or raise."""
    checked = audit(header, events, keep=to)
    if checked.problem is not None:
        raise JournalError(path, checked.problem.line, checked.problem.problem)
    return checked.game


def _read(
    path: str, to: int | None
) -> tuple[GameStarted, tuple[AnyEvent, ...], int | None]:
    """Return the header, the events up to the end of step `to`'s command, and a torn line."""
    if to is None:
        journal = read_journal(path)
        torn = None if journal.torn_tail is None else len(journal.events) + 2
        return journal.header, journal.events, torn
    if to < 0:
        raise JournalError(path, None, f"there is no step {to}: steps start at 0")
    header, stream = reader().iter_events(path)
    with stream:
        read = list(itertools.islice(stream, min(to, sys.maxsize)))
        if len(read) < to:
            raise _no_such_step(path, to, len(read))
        for event in stream:
            if not continues(read, event):
                break
            read.append(event)
        torn = None if stream.torn_tail is None else len(read) + 2
    return header, tuple(read), torn


def _no_such_step(path: str, to: int, count: int) -> JournalError:
    return JournalError(path, None, f"there is no step {to}: the last event is {count}")


def rewind(path: str, to: int, out: str, *, replace: bool = False) -> Moment:
    """Write to `out` a journal of the first `to` events of the one at `path`.

    Only those events (and the rest of the command step `to` falls in) are
    checked, so a journal whose later part is damaged can be rewound to
    before the damage.  A step inside a command (between a roll and its
    production, say) would leave a game the rules never produce, so it is
    refused, naming the steps on either side.  `out` is never replaced unless
    `replace` is given; then its lock is taken before anything is read and
    held until it is replaced, so that a game resumed from it meanwhile is
    refused rather than losing what it appends (JournalLocked when one is
    being played).  Returns the journal as kept.
    """
    with contextlib.ExitStack() as held:
        lock = None
        if replace and os.path.exists(out):
            lock = held.enter_context(JournalLock.take(out))
        header, events, _ = _read(path, to)
        game = _sound(path, header, events, to)
        end = 0
        for run in commands(events):
            start, end = end, end + len(run)
            if start < to < end:
                raise JournalError(
                    path,
                    to + 1,
                    f"step {to} is inside one command (events {start + 1}-{end}); "
                    f"rewind to {start} or {end}",
                )
        kept = Moment(header=header, events=events[:to], game=game)
        if lock is not None:
            lock.replace(header, kept.events)
        else:
            write_journal(out, header, kept.events, replace=replace)
    return kept


def listing(header: GameStarted, events: tuple[AnyEvent, ...]) -> Iterator[str]:
    """Yield one numbered line per event, the header as step 0 (`watan replay`).

    In a game with computer players each move names who played it, as the
    seats stood then (`Red (expert) completed ...`); a game of people alone
    is listed as it always was.
    """
    width = len(str(len(events)))
    played = edition(header.rules)
    seats: list[str] | None = None
    if any(isinstance(event, SeatTaken) for event in events):
        seats = [HUMAN] * len(COLOURS)
    yield f"{0:>{width}}  {describe_start(header)}\n"
    for number, event in enumerate(events, start=1):
        yield f"{number:>{width}}  {describe(event, played, seats)}\n"
        if isinstance(event, SeatTaken) and seats is not None:
            seats[event.colour] = event.player


def standing(game: Game) -> str:
    """Return whose turn it is and where in it the game stands."""
    who = game.turn.title
    dice = "loaded" if game.students[game.turn].loaded_dice else "fair"
    first = game.edition.vocabulary.levels[0].lower()
    match game.phase:
        case Phase.SETUP:
            return (
                f"Setup: {who} places an initial {first} "
                f"({game.setup_step} of {len(SETUP_ORDER)} placed).\n"
            )
        case Phase.BEFORE_ROLL:
            return f"{who}'s turn, before the roll ({dice} dice).\n"
        case Phase.AFTER_ROLL:
            return f"{who}'s turn, after the roll.\n"
        case Phase.GEESE:
            return f"{who}'s turn: a 7 was rolled and the geese wait to be placed.\n"
        case Phase.OVER:
            return f"{who} has won; the game is over.\n"


def as_text(game: Game) -> str:
    """Return the board, the four status lines, then whose turn and phase."""
    return render.board(game) + render.status(game) + standing(game)


class SetupHasNoSave(Exception):
    """A save file cannot hold a game whose initial placements are not all made.

    An edition that backs up during setup (Constructor) saves one anyway, as its
    `backup.sv` would (RULINGS-constructor 12).
    """


def as_save(game: Game) -> str:
    """Return the edition's save file for this moment (spec §3.7)."""
    if game.phase is Phase.SETUP and not game.edition.backup_during_setup:
        raise SetupHasNoSave
    return format_save(saved_game(game), game.edition)


def as_json(game: Game) -> str:
    """Return the full game state as indented JSON, the edition by its name (`from_json`)."""
    state = msgspec.structs.asdict(game)
    state["edition"] = game.edition.name
    return msgspec.json.format(msgspec.json.encode(state), indent=2).decode() + "\n"


def from_json(text: str) -> Game:
    """Return the game `as_json` wrote (raises msgspec.ValidationError or UnknownEdition)."""
    state = msgspec.json.decode(text, type=dict[str, Any])
    state["edition"] = edition(state["edition"])
    return msgspec.convert(state, Game)
