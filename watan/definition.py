"""Students of Watan as the replay toolkit sees it: its codec, start, reducer, judge and words.

The game state holds no words, yet a judge's verdict and a listing speak the edition's
(`Constructor`'s criteria are not `Watan`'s), so there is one definition per edition,
made once: `definition(header.edition)`.  `WATAN` is the one to hand the toolkit: it
picks a journal's own from its header.  The judge is the game's own: `decide`, asked
again for each command the journal records (`watan.judge`, run by `replay.auditing`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from replay.history import Moment
from replay.journal import JournalError, written_format
from replay.protocol import Codec, Definition, Judge, Verdict, Words
from watan.editions import DEFAULT_EDITION, edition, names
from watan.editions.model import Edition
from watan.engine.batch import fold_all
from watan.engine.events import FORMAT_VERSION, AnyEvent, GameStarted, SeatTaken
from watan.engine.evolve import apply, start
from watan.engine.invariants import broken_invariants
from watan.engine.inverse import MOST_EVENTS_PER_COMMAND, commands
from watan.engine.state import COLOURS, HUMAN, Game
from watan.engine.turns import NoSuchTurn, turn_start
from watan.files.disk import kind_of_file
from watan.files.journal import check_header, format_problem, upcast
from watan.judge import header_problem, judge
from watan.text.describe import describe, describe_start, headings

Watan = Definition[GameStarted, AnyEvent, Game]

if TYPE_CHECKING:
    from replay.history import Checked

    WatanMoment = Moment[GameStarted, AnyEvent, Game]
    """A Watan journal at a step (`replay.history.load`): its header, events and game."""
    WatanChecked = Checked[GameStarted, Game]
    """A Watan journal checked to a step (`replay.history.check`): its header and game."""

CODEC: Codec[GameStarted, AnyEvent] = Codec(
    GameStarted,
    AnyEvent,
    check_header=check_header,
    upcast=upcast,
    check_format=format_problem,
    written_format=written_format,
    format_version=FORMAT_VERSION,
    identify=kind_of_file,
)
"""How Watan's journal lines decode: every reader of Watan journals is this codec's (only
the journal tools and resuming import this module: a new game never reads a journal)."""


def broken(game: Game, previous: Game) -> str | None:
    """Return the first rule of bookkeeping `game` breaks, come from `previous`, or None."""
    problems = broken_invariants(game, previous)
    return problems[0] if problems else None


@functools.cache
def definition(name: str) -> Watan:
    """Return the definition of Watan journals of the edition named `name` (the default
    edition's words for a name this version does not know: the judge refuses its header)."""
    played = edition(name if name in names() else DEFAULT_EDITION)

    def verdict(game: Game, run: tuple[AnyEvent, ...]) -> Verdict | None:
        return judge(game, run, played)

    return Definition(
        name="watan",
        codec=CODEC,
        start=start,
        apply=apply,
        judge=Judge(
            verdict=verdict,
            header_problem=header_problem,
            broken=broken,
            commands=commands,
            longest=MOST_EVENTS_PER_COMMAND,
        ),
        words=Words(
            start=describe_start,
            event=lambda header, event: describe(event, played),
            headings=headings,
            events=lambda header, events: _said(events, played),
        ),
        variant=_edition_of,
        fold_all=fold_all,
        state_type=Game,
    )


def _said(events: Sequence[AnyEvent], played: Edition) -> Iterator[str]:
    """Yield each event in the edition's words.  In a game with computer players each move
    names who played it, as the seats stood then (`Red (expert) completed ...`); a game of
    people alone is told as it always was."""
    seats = [HUMAN] * len(COLOURS) if any(isinstance(e, SeatTaken) for e in events) else None
    for event in events:
        yield describe(event, played, seats)
        if isinstance(event, SeatTaken) and seats is not None:
            seats[event.colour] = event.player


def _edition_of(header: GameStarted) -> Watan:
    return definition(header.edition)


WATAN = definition(DEFAULT_EDITION)
"""Students of Watan, each journal judged and described in its own edition's words."""


def at_turn(whole: WatanMoment, turn: int, name: str) -> WatanMoment:
    """Return a journal read whole (`replay.history.load`) as it stood where turn `turn`
    begins (1: the first after setup; `watan.engine.turns`), its torn line kept.

    Raises JournalError, naming the journal `name`, for a turn it has not reached.
    """
    try:
        begun = turn_start(whole.header, whole.events, turn)
    except NoSuchTurn as missing:
        raise JournalError(name, None, str(missing)) from None
    return Moment(whole.header, whole.events[: begun.step], begun.game, whole.torn_line)
