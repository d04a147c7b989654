"""Looking back at a journal: the game at any step, in words, as a save file or as JSON.

Step N is the game after the first N events following the header; step 0
is the game as the header starts it.  Every step shown is checked against
the rules first (`audit`), so a damaged journal is reported, never shown.
Reading, checking and rewinding are the toolkit's (`replay.history`, with Watan's
definition); what is Watan's own is the turn a step begins, the listing under turns
with who played each move, and the game as text or a save file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import msgspec

from replay import history as toolkit
from replay.history import Progress
from watan.definition import WATAN
from watan.editions.model import Edition
from watan.engine.events import AnyEvent, GameStarted
from watan.engine.state import Game, Phase, saved_game
from watan.files.savefile import format_save
from watan.text import render
from watan.text.hints import standing
from watan.tools.turns import turn_start


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
        begun = turn_start(path, whole.header, whole.events, turn)
        return Moment(
            header=whole.header,
            events=whole.events[: begun.step],
            game=begun.game,
            torn_line=whole.torn_line,
        )
    loaded = toolkit.load(WATAN, path, to, data=data, progress=progress)
    return Moment(loaded.header, loaded.events, loaded.state, loaded.torn_line)


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
    (standard input's bytes) the journal is already in memory, and `progress` hears of
    events checked.
    """
    checked = toolkit.check(WATAN, path, to, data=data, progress=progress)
    return Checked(checked.header, checked.events, checked.state, checked.torn_line)


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
    rewound = toolkit.rewind_back(WATAN, path, to, out, replace=replace, data=data)
    kept = rewound.kept
    return Rewound(
        kept=Moment(header=kept.header, events=kept.events, game=kept.state),
        inside=rewound.inside,
    )


def house_rules(header: GameStarted) -> tuple[str, ...]:
    """Return the house rules a journal's header names, by name (none: the edition's rules),
    as every listing (`watan games`, `replay --format json`) shows them."""
    return header.rules.house_rules


def listing(header: GameStarted, events: tuple[AnyEvent, ...]) -> Iterator[str]:
    """Yield one numbered line per event, the header as step 0 (`watan replay`).

    Events are listed under the turn they happened in (`Turn 12, Orange`),
    setup's under `Setup`.  In a game with computer players each move names
    who played it, as the seats stood then (`Red (expert) completed ...`); a
    game of people alone is listed as it always was.  The toolkit's listing, in
    Watan's words (`watan.definition`).
    """
    return toolkit.listing(WATAN, header, events)


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
