"""The games in a journal folder, newest first, each summed up (`watan games`).

Every journal is read and checked as `watan replay` reads it, so a damaged
one is listed with its problem rather than with a game it does not hold.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator

import msgspec

from replay import JournalError
from replay.history import load
from watan.definition import WATAN
from watan.editions import edition
from watan.engine.events import AnyEvent, GameResumed, SeatTaken
from watan.engine.state import COLOURS, HUMAN, NOBODY, Colour, Phase
from watan.text import render

_STAMP = re.compile(r"-(\d{8}-\d{6})-(\d{6})\.jsonl$")
"""How a journal's default name says when its game started (`watan-20250304-050607-250000`)."""


class Summary(msgspec.Struct, frozen=True, kw_only=True):
    """One journal, summed up: when its game started, what and who, and how it stands."""

    path: str
    started: float
    """When the game started (seconds since the epoch): from its name, else the file's time."""
    edition: str | None = None
    house_rules: tuple[str, ...] = ()
    players: tuple[str, ...] = ()
    """Who played each seat, by colour: `human`, or the strategies in the order they sat."""
    events: int = 0
    winner: Colour | None = None
    standing: str = ""
    """Where an unfinished game stands (`Red's turn, after the roll.`)."""
    problem: str | None = None
    """Why the journal cannot be read or played on, if it cannot."""


DEEPEST = 4
"""How many folders down from the one given journals are looked for (`journals/bazaar/a-game`
is two): enough for any folder of recorded games, and a bound on a tree of any size."""


def summaries(folder: str) -> list[Summary]:
    """Return the journals in `folder` and its sub-folders (`DEEPEST` down at most) summed
    up, the newest game first (none: no folder).

    Links to folders are not followed, and a link to a file outside `folder` is listed as
    such, not read: the listing stays inside the folder it was given.  Only regular files
    are read (`replay.journal.open_journal`): a named pipe or a link to a device is listed
    as unreadable, and the listing goes on.
    """
    found = [_summed(folder, path) for path in journal_paths(folder)]
    return sorted(found, key=lambda s: (s.started, s.path), reverse=True)


def journal_paths(folder: str) -> Iterator[str]:
    """Yield the paths of the `.jsonl` files in `folder` and its sub-folders, `DEEPEST`
    down at most, without following links to folders."""
    top = folder.rstrip(os.sep).count(os.sep)
    for where, folders, files in os.walk(folder, followlinks=False):
        if where.rstrip(os.sep).count(os.sep) - top >= DEEPEST:
            folders.clear()
        folders.sort()
        yield from (os.path.join(where, name) for name in sorted(files) if name.endswith(".jsonl"))


def _summed(folder: str, path: str) -> Summary:
    """Return `path` summed up, or a link out of `folder` named as such, unread."""
    if os.path.islink(path):
        inside = os.path.realpath(folder) + os.sep
        if not os.path.realpath(path).startswith(inside):
            return Summary(
                path=path, started=_started(path), problem="is a link out of the folder; not read"
            )
    return summary(path)


def summary(path: str) -> Summary:
    """Return one journal summed up, or its problem."""
    started = _started(path)
    try:
        moment = load(WATAN, path)
    except JournalError as error:
        return Summary(path=path, started=started, problem=error.problem if error.line is None
                       else f"line {error.line}: {error.problem}")
    game, played = moment.state, edition(moment.header.edition)
    return Summary(
        path=path,
        started=started,
        edition=moment.header.edition,
        house_rules=moment.header.rules.house_rules,
        players=tuple(_players(moment.events)),
        events=len(moment.events),
        winner=None if game.winner == NOBODY else Colour(game.winner),
        standing="" if game.phase is Phase.OVER else render.standing(game, played).strip(),
    )


def _started(path: str) -> float:
    """Return when the game in `path` started: its name says, else its file's time."""
    stamp = _STAMP.search(os.path.basename(path))
    if stamp is not None:
        try:
            moment = time.mktime(time.strptime(stamp.group(1), "%Y%m%d-%H%M%S"))
        except (ValueError, OverflowError):
            pass
        else:
            return moment + int(stamp.group(2)) / 1_000_000
    try:
        return os.lstat(path).st_mtime  # a link's own time: one that names nothing has one
    except OSError:
        return 0.0


def _players(events: tuple[AnyEvent, ...]) -> Iterator[str]:
    """Yield who played each seat, by colour: the players in the order they sat there."""
    sat: list[list[str]] = [[HUMAN] for _ in COLOURS]
    begun = False  # the seats handed out as a game starts are who sat there first
    for event in events:
        if not isinstance(event, SeatTaken):
            begun = begun or not isinstance(event, GameResumed)
        elif not begun:
            sat[event.colour] = [event.player]
        elif sat[event.colour][-1] != event.player:
            sat[event.colour].append(event.player)
    for colour, players in zip(COLOURS, sat, strict=True):
        yield f"{colour.title} {' then '.join(players)}"
