"""The conversation at the terminal, as a pure state machine.

`prompt` says what to print before reading a line; `respond` turns the
line into output, the events the game records, and what the dialogue waits
for next.  Some commands take several lines (a loaded roll, the geese and
the victim, a trade and its answer): the partial answers wait in
`Session.pending` and reach `decide` only as one whole command, so a game
interrupted half-way through one has not changed (RULINGS 26, 30).  Nothing
here reads, prints or touches a file: `watan.terminal.console` does, following the `effect`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

import msgspec

from watan.editions.model import Words
from watan.engine.commands import (
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
from watan.engine.decide import Refused, decide, geese_may_land, offer_refusal, victims
from watan.engine.events import (
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
from watan.engine.evolve import GEESE_ROLL, apply
from watan.engine.resources import HELD, Resource
from watan.engine.state import COLOURS, Colour, Game, Phase
from watan.engine.topology import TileId
from watan.text import render, wording
from watan.text.integers import integer

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
    """Return what a game prints when it begins: a loaded game's turn header (RULINGS 20).

    A loaded game already won announces its winner (spec §4.4, RULINGS 7); the
    prompt then asks whether to play again.
    """
    if game.phase is Phase.OVER:
        return wording.won(game.edition.text, Colour(game.winner))
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
    text = game.edition.text
    match pending:
        case AwaitLoadedRoll():
            question = text.loaded_roll_question
        case AwaitVictim():
            question = text.victim_question
        case AwaitAnswer(partner=partner):
            question = wording.trade_question(text, partner)
        case None:
            match game.phase:
                case Phase.SETUP:
                    question = wording.placement_question(game)
                case Phase.GEESE:
                    question = text.geese_question
                case Phase.OVER:
                    question = text.play_again
                case _:
                    question = ""
    return question + text.prompt


def wants_backup(session: Session) -> bool:
    """Return whether end of input now saves `backup.sv` (spec §4.5).

    Always during a turn; during setup and once the game is won, as the
    edition says (RULINGS 16; RULINGS-constructor 6).
    """
    game = session.game
    match game.phase:
        case Phase.SETUP:
            return game.edition.backup_during_setup
        case Phase.OVER:
            return game.edition.backup_when_over
        case _:
            return True


def respond(session: Session, line: str, rng: random.Random) -> Reply:
    """Return what `line` does at this point of the conversation."""
    game, pending = session.game, session.pending
    match pending:
        case AwaitLoadedRoll():
            value = integer(line)
            if value is None:
                return _say(session, game.edition.text.invalid_roll)
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
        return _say(session, wording.refusal(before.edition.text, refused.refusal))
    after = before
    for event in events:
        after = apply(after, event)
    return Reply(
        output=narrate(before, events, after), events=events, session=Session(game=after)
    )


def narrate(before: Game, events: tuple[AnyEvent, ...], after: Game) -> str:
    """Return what the spec prints for one command's events."""
    edition = after.edition
    text = edition.text
    out: list[str] = []
    for index, event in enumerate(events):
        match event:
            case CriterionCompleted() if before.phase is Phase.SETUP:
                if after.phase is Phase.BEFORE_ROLL:  # the last initial assignment (RULINGS 6)
                    out += [render.board(after), wording.turn_header(after)]
            case DiceRolled(roll=roll, dice=dice):
                if dice is not None:
                    out.append(wording.rolled(text, roll))
                if roll != GEESE_ROLL and not any(
                    isinstance(e, ResourcesProduced) for e in events
                ):
                    out.append(text.nobody_gained)
            case ResourcesProduced(colour=colour, gained=gained):
                out.append(wording.gained(edition, colour, gained))
            case ResourcesLost(colour=colour, lost=lost):
                out.append(wording.lost(edition, colour, lost))
            case GeeseMoved(colour=colour):
                if not any(isinstance(e, ResourceStolen) for e in events[index:]):
                    out.append(wording.nobody_to_rob(text, colour))
            case ResourceStolen(thief=thief, victim=victim, resource=resource):
                out.append(wording.steals(edition, thief, victim, resource))
            case TurnEnded():
                out.append(wording.turn_header(after))
            case GameWon(colour=colour):
                out.append(wording.won(text, colour))
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
        output=wording.can_steal_from(game.edition.text, game.turn, candidates),
        events=(),
        session=Session(game=game, pending=AwaitVictim(tile=tile, candidates=candidates)),
    )


def _command(session: Session, words: list[str], rng: random.Random) -> Reply:
    """Carry out a turn command (spec §4.2, §4.3; RULINGS 9, 27).

    The words that claim and list places are the edition's own.
    """
    game = session.game
    edition_words = game.edition.words
    invalid = _say(session, game.edition.text.invalid_command)
    match words:
        case ["board"]:
            return _say(session, render.board(game))
        case ["status"]:
            return _say(session, render.status(game))
        case [verb] if verb == edition_words.listing:
            return _say(session, render.completed(game, game.turn))
        case ["help"]:
            return _say(session, game.edition.text.help)
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
        case [verb, number] if verb in _builds(edition_words):
            value = integer(number)
            if value is None:
                return invalid
            return _carry_out(session, _builds(edition_words)[verb](value), rng)
        case ["trade", colour, give, take]:
            names = game.edition.resources
            return _offer(
                session, _colour(colour), _resource(give, names), _resource(take, names)
            )
        case _:
            return invalid


def _offer(
    session: Session, partner: Colour | None, give: Resource | None, take: Resource | None
) -> Reply:
    """Show a trade offer and wait for the answer, if it may be offered (RULINGS 12)."""
    game = session.game
    text = game.edition.text
    if partner is None or give is None or take is None:
        return _say(session, text.invalid_command)
    refused = offer_refusal(game, partner, give, take)
    if refused is not None:
        return _say(session, wording.refusal(text, refused))
    return Reply(
        output=wording.offer(game.edition, game.turn, partner, give, take),
        events=(),
        session=Session(game=game, pending=AwaitAnswer(partner=partner, give=give, take=take)),
    )


def _colour(text: str) -> Colour | None:
    """Return the colour named by `text` in any letter case (RULINGS 12)."""
    name = text.strip().lower()
    return next((c for c in COLOURS if c.title.lower() == name), None)


def _resource(text: str, names: tuple[str, ...]) -> Resource | None:
    """Return the held resource the edition calls `text`, in any letter case (RULINGS 12, 27).

    Only ASCII letters count: `str.upper` alone maps the long s and the ff ligature to
    ASCII, so words that are not resource names would be read as one.
    """
    name = text.upper() if text.isascii() else ""
    return next((r for r in HELD if names[r] == name), None)


@functools.cache
def _builds(words: Words) -> dict[str, Callable[[int], AnyCommand]]:
    """Return the edition's building words and the command each gives (spec §4.3)."""
    return {
        words.goal: lambda goal: Achieve(goal=goal),
        words.criterion: lambda criterion: Complete(criterion=criterion),
        words.improve: lambda criterion: Improve(criterion=criterion),
    }
