"""The conversation at the terminal, as a pure state machine.

`prompt` says what to print before reading a line; `respond` turns the
line into output, the events the game records, and what the dialogue waits
for next.  Some commands take several lines (a loaded roll, the geese and
the victim, a trade and its answer): the partial answers wait in
`Session.pending` and reach `decide` only as one whole command, so a game
interrupted half-way through one has not changed (RULINGS 26, 30).  Nothing
here reads, prints or touches a file: `cli` does, following the `effect`.
"""

from __future__ import annotations

import random

import msgspec

from watan import render, wording
from watan.commands import (
    Achieve,
    AnyCommand,
    ChooseDice,
    Complete,
    Improve,
    Next,
    PlaceGeese,
    Roll,
    Trade,
)
from watan.decide import Refusal, Refused, decide, geese_may_land, offer_refusal, victims
from watan.events import (
    AnyEvent,
    CriterionCompleted,
    DiceRolled,
    GameWon,
    GeeseMoved,
    ResourcesLost,
    ResourcesProduced,
    ResourceStolen,
    TurnEnded,
)
from watan.evolve import GEESE_ROLL, apply
from watan.integers import integer
from watan.resources import HELD, Resource
from watan.state import COLOURS, Colour, Game, Phase
from watan.topology import TileId

YES, NO = "yes", "no"


class AwaitLoadedRoll(msgspec.Struct, frozen=True):
    """`roll` with loaded dice: waiting for the value (spec §2.8.1)."""


class AwaitVictim(msgspec.Struct, frozen=True):
    """The geese's tile is chosen: waiting for whom to rob (spec §3.6)."""

    tile: TileId
    candidates: tuple[Colour, ...]


class AwaitAnswer(msgspec.Struct, frozen=True):
    """A trade was offered: waiting for the partner's yes or no (spec §3.5.4)."""

    partner: Colour
    give: Resource
    take: Resource


Pending = AwaitLoadedRoll | AwaitVictim | AwaitAnswer


class SaveTo(msgspec.Struct, frozen=True):
    """Write the game's save file to `path` (spec §4.3 `save`)."""

    path: str


class PlayAgain(msgspec.Struct, frozen=True):
    """Start a new game (spec §4.4 `yes`)."""


class Quit(msgspec.Struct, frozen=True):
    """Leave the program (spec §4.4 `no`)."""


Effect = SaveTo | PlayAgain | Quit


class Session(msgspec.Struct, frozen=True):
    """A game and what the dialogue is waiting for beyond the game's own phase."""

    game: Game
    pending: Pending | None = None


class Reply(msgspec.Struct, frozen=True):
    """What one line of input did."""

    output: str
    events: tuple[AnyEvent, ...]
    session: Session
    effect: Effect | None = None


def opening(game: Game) -> str:
    """Return what a game prints when it begins: a loaded game's turn header (RULINGS 20)."""
    return wording.turn_header(game) if game.phase is Phase.BEFORE_ROLL else ""


def reminder(game: Game) -> str:
    """Return what a resumed game prints first: the turn header while a turn is under way.

    In setup, at the geese and at the end, the question the prompt asks
    says where the game stands.
    """
    if game.phase in (Phase.BEFORE_ROLL, Phase.AFTER_ROLL):
        return wording.turn_header(game)
    return ""


def prompt(session: Session) -> str:
    """Return the question (if any) and the prompt printed before reading a line."""
    game, pending = session.game, session.pending
    match pending:
        case AwaitLoadedRoll():
            question = wording.LOADED_ROLL_QUESTION
        case AwaitVictim():
            question = wording.VICTIM_QUESTION
        case AwaitAnswer(partner=partner):
            question = wording.trade_question(partner)
        case None:
            question = {
                Phase.SETUP: wording.placement_question(game.turn),
                Phase.GEESE: wording.GEESE_QUESTION,
                Phase.OVER: wording.PLAY_AGAIN_QUESTION,
            }.get(game.phase, "")
    return question + wording.PROMPT


def wants_backup(session: Session) -> bool:
    """Return whether end of input now saves `backup.sv` (spec §4.5, RULINGS 16).

    Not during setup, and not once the game is won.
    """
    return session.game.phase not in (Phase.SETUP, Phase.OVER)


def respond(session: Session, line: str, rng: random.Random) -> Reply:
    """Return what `line` does at this point of the conversation."""
    game, pending = session.game, session.pending
    match pending:
        case AwaitLoadedRoll():
            value = integer(line)
            if value is None:
                return _say(session, wording.REFUSALS[Refusal.INVALID_ROLL])
            return _carry_out(session, Roll(value=value), rng)
        case AwaitVictim(tile=tile, candidates=candidates):
            victim = _colour(line)
            if victim not in candidates:
                return _say(session, "")
            return _carry_out(session, PlaceGeese(tile=tile, victim=victim), rng)
        case AwaitAnswer(partner=partner, give=give, take=take):
            answer = line.strip()
            if answer not in (YES, NO):
                return _say(session, "")
            trade = Trade(partner=partner, give=give, take=take, accepted=answer == YES)
            # Answered either way, the offer is over, even when a yes can't be honoured.
            return _carry_out(Session(game=game), trade, rng)
        case None:
            pass
    match game.phase:
        case Phase.SETUP:
            value = integer(line)
            criterion = -1 if value is None else value
            return _carry_out(session, Complete(criterion=criterion), rng)
        case Phase.GEESE:
            return _choose_geese_tile(session, line, rng)
        case Phase.OVER:
            answer = line.strip()
            if answer == YES:
                return _say(session, "", PlayAgain())
            if answer == NO:
                return _say(session, "", Quit())
            return _say(session, "")
        case Phase.BEFORE_ROLL | Phase.AFTER_ROLL:
            return _command(session, line.split(), rng)


def _say(session: Session, output: str, effect: Effect | None = None) -> Reply:
    return Reply(output=output, events=(), session=session, effect=effect)


def _carry_out(session: Session, command: AnyCommand, rng: random.Random) -> Reply:
    """Decide `command`; on success apply its events and narrate them."""
    before = session.game
    try:
        events = decide(before, command, rng)
    except Refused as refused:
        return _say(session, wording.REFUSALS[refused.refusal])
    after = before
    for event in events:
        after = apply(after, event)
    return Reply(
        output=narrate(before, events, after), events=events, session=Session(game=after)
    )


def narrate(before: Game, events: tuple[AnyEvent, ...], after: Game) -> str:
    """Return what the spec prints for one command's events."""
    out: list[str] = []
    for index, event in enumerate(events):
        match event:
            case CriterionCompleted() if before.phase is Phase.SETUP:
                if after.phase is Phase.BEFORE_ROLL:  # the last initial assignment (RULINGS 6)
                    out += [render.board(after), wording.turn_header(after)]
            case DiceRolled(roll=roll, dice=dice):
                if dice is not None:
                    out.append(wording.rolled(roll))
                if roll != GEESE_ROLL and not any(
                    isinstance(e, ResourcesProduced) for e in events
                ):
                    out.append(wording.NOBODY_GAINED)
            case ResourcesProduced(colour=colour, gained=gained):
                out.append(wording.gained(colour, gained))
            case ResourcesLost(colour=colour, lost=lost):
                out.append(wording.lost(colour, lost))
            case GeeseMoved(colour=colour):
                if not any(isinstance(e, ResourceStolen) for e in events[index:]):
                    out.append(wording.nobody_to_rob(colour))
            case ResourceStolen(thief=thief, victim=victim, resource=resource):
                out.append(wording.steals(thief, victim, resource))
            case TurnEnded():
                out.append(wording.turn_header(after))
            case GameWon(colour=colour):
                out.append(wording.won(colour))
            case _:
                pass
    return "".join(out)


def _choose_geese_tile(session: Session, line: str, rng: random.Random) -> Reply:
    """Take the geese's tile; ask whom to rob when there is a choice (spec §3.6)."""
    game = session.game
    value = integer(line)
    if value is None or not geese_may_land(game, value):
        return _say(session, "")  # the question again (RULINGS 13)
    tile = TileId(value)
    candidates = victims(game, tile)
    if not candidates:
        return _carry_out(session, PlaceGeese(tile=tile), rng)
    return Reply(
        output=wording.can_steal_from(game.turn, candidates),
        events=(),
        session=Session(game=game, pending=AwaitVictim(tile=tile, candidates=candidates)),
    )


def _command(session: Session, words: list[str], rng: random.Random) -> Reply:
    """Carry out a turn command (spec §4.2, §4.3; RULINGS 9, 27)."""
    game = session.game
    invalid = _say(session, wording.REFUSALS[Refusal.INVALID_COMMAND])
    match words:
        case ["board"]:
            return _say(session, render.board(game))
        case ["status"]:
            return _say(session, render.status(game))
        case ["criteria"]:
            return _say(session, render.completed(game, game.turn))
        case ["help"]:
            return _say(session, render.HELP)
        case ["save", path]:
            return _say(session, "", SaveTo(path))
        case ["load"]:
            return _carry_out(session, ChooseDice(loaded=True), rng)
        case ["fair"]:
            return _carry_out(session, ChooseDice(loaded=False), rng)
        case ["roll"]:
            if game.phase is Phase.BEFORE_ROLL and game.students[game.turn].loaded_dice:
                return Reply(
                    output="", events=(), session=Session(game=game, pending=AwaitLoadedRoll())
                )
            return _carry_out(session, Roll(), rng)
        case ["next"]:
            return _carry_out(session, Next(), rng)
        case ["achieve" | "complete" | "improve" as verb, number]:
            value = integer(number)
            if value is None:
                return invalid
            built: AnyCommand = (
                Achieve(goal=value)
                if verb == "achieve"
                else Complete(criterion=value)
                if verb == "complete"
                else Improve(criterion=value)
            )
            return _carry_out(session, built, rng)
        case ["trade", colour, give, take]:
            return _offer(session, _colour(colour), _resource(give), _resource(take))
        case _:
            return invalid


def _offer(
    session: Session, partner: Colour | None, give: Resource | None, take: Resource | None
) -> Reply:
    """Show a trade offer and wait for the answer, if it may be offered (RULINGS 12)."""
    game = session.game
    if partner is None or give is None or take is None:
        return _say(session, wording.REFUSALS[Refusal.INVALID_COMMAND])
    refused = offer_refusal(game, partner, give, take)
    if refused is not None:
        return _say(session, wording.REFUSALS[refused])
    return Reply(
        output=wording.offer(game.turn, partner, give, take),
        events=(),
        session=Session(game=game, pending=AwaitAnswer(partner=partner, give=give, take=take)),
    )


def _colour(text: str) -> Colour | None:
    """Return the colour named by `text` in any letter case (RULINGS 12)."""
    name = text.strip().lower()
    return next((c for c in COLOURS if c.title.lower() == name), None)


def _resource(text: str) -> Resource | None:
    """Return the held resource named by `text` in any letter case (RULINGS 12, 27).

    Only ASCII letters count: `str.upper` alone maps the long s and the ff ligature to
    ASCII, so words that are not resource names would be read as one.
    """
    name = text.upper() if text.isascii() else ""
    return next((r for r in HELD if r.name == name), None)
