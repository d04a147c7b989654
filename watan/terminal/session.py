"""The conversation at the terminal, as a pure state machine.

`prompt` says what to print before reading a line; `respond` says what the
line prints and whether it finished a command.  Some commands take several
lines (a loaded roll, the geese and the victim, an offer and its answer):
the partial answers wait in `Session.pending`, and a command leaves the
dialogue only whole (`Ready`), already allowed by the rules, so a game
interrupted half-way through one has not changed (RULINGS 26, 30).  The
dialogue never carries a command out: the table (`watan.players.table`)
does, for every kind of player alike.  Nothing here reads, prints or
touches a file: `watan.terminal.console` does, following the `outcome`.
"""

from __future__ import annotations

import msgspec

from watan.editions.model import Edition
from watan.engine.commands import Move, Offer, Trade
from watan.engine.decide import Refusal, refusal
from watan.engine.state import Game, Phase
from watan.text import hints, render, wording
from watan.text.notation import (
    NO,
    YES,
    AwaitAnswer,
    AwaitKnightTile,
    AwaitLoadedRoll,
    AwaitVictim,
    Pending,
    SaveTo,
    Seating,
    Show,
    Suggest,
    read,
)

SEAT_HELP = "computer [<strategy>]\nhuman <colour>\n"
"""The seat words `help` lists after the spec's commands, in a game that allows computers."""


class Ready(msgspec.Struct, frozen=True):
    """A whole command the rules allow now, or an offer for its partner to answer."""

    move: Move


class PlayAgain(msgspec.Struct, frozen=True):
    """Start a new game (spec §4.4 `yes`)."""


class Quit(msgspec.Struct, frozen=True):
    """Leave the program (spec §4.4 `no`)."""


Outcome = Ready | SaveTo | Suggest | PlayAgain | Quit


class Session(msgspec.Struct, frozen=True):
    """A game, the edition it speaks, what the dialogue waits for beyond the game's own phase,
    and its seat words."""

    game: Game
    edition: Edition
    pending: Pending | None = None
    seating: Seating | None = None
    """The seat words this game allows (None: the spec's commands alone)."""
    suggests: bool = False
    """Whether `suggest` asks the engine for a move: at the terminal's own games with
    computers (issue 24), where the engine answers on standard error."""


class Reply(msgspec.Struct, frozen=True):
    """What one line of input did: what it prints, where the dialogue stands, what follows."""

    output: str
    session: Session
    outcome: Outcome | None = None
    hint: str = ""
    """What a person would want to know beyond the spec's line (why a build was refused),
    for standard error when the game hints (`watan.terminal.hinter`)."""


def asking(game: Game, edition: Edition, offer: Offer) -> Session:
    """Return the dialogue that asks an offer's partner for their answer (spec §3.5.4)."""
    return Session(game=game, edition=edition, pending=AwaitAnswer(offer=offer))


def prompt(session: Session) -> str:
    """Return the question (if any) and the prompt printed before reading a line."""
    game, pending = session.game, session.pending
    text = session.edition.text
    match pending:
        case AwaitLoadedRoll():
            question = text.loaded_roll_question
        case AwaitVictim():
            question = text.victim_question
        case AwaitKnightTile():
            question = text.geese_question
        case AwaitAnswer(offer=offer):
            question = wording.trade_question(text, offer.partner)
        case None:
            match game.phase:
                case Phase.SETUP:
                    question = wording.placement_question(game, session.edition)
                case Phase.GEESE:
                    question = text.geese_question
                case Phase.OVER:
                    question = text.play_again
                case _:
                    question = ""
    return question + text.prompt


def wants_backup(game: Game, edition: Edition) -> bool:
    """Return whether end of input now saves `backup.sv` (spec §4.5).

    Always during a turn; during setup and once the game is won, as the
    edition says (RULINGS 16; RULINGS-constructor 6).
    """
    match game.phase:
        case Phase.SETUP:
            return edition.backup_during_setup
        case Phase.OVER:
            return edition.backup_when_over
        case _:
            return True


def help_text(session: Session) -> str:
    """Return the `help` listing: the spec's, then the house rules' commands where the game
    plays them (house-rules.md ruling 2), then the seat words where the game has them
    (`suggest` is told of on standard error, `hints.SUGGEST`: standard output stays as it
    was before the word existed)."""
    text, rules = session.edition.text, session.game.rules
    return (
        text.help
        + (text.bank_help if rules.bank_rate is not None else "")
        + (text.cards_help if rules.cards else "")
        + (SEAT_HELP if session.seating is not None else "")
    )


def respond(session: Session, line: str) -> Reply:
    """Return what `line` does at this point of the conversation."""
    game, pending = session.game, session.pending
    if pending is None and game.phase is Phase.OVER:
        answer = line.strip()
        outcome = PlayAgain() if answer == YES else Quit() if answer == NO else None
        if outcome is None:  # the question again (spec §4.4)
            return Reply(output="", session=session, hint=hints.PLAY_AGAIN)
        return Reply(output="", session=session, outcome=outcome)
    edition = session.edition
    reading = read(line, game, edition, pending, session.seating, suggests=session.suggests)
    text = edition.text
    match reading:
        case Refusal():
            asked = pending.candidates if isinstance(pending, AwaitVictim) else ()
            why = hints.refused(game, edition, None, reading, line, candidates=asked)
            return Reply(output=wording.refusal_line(text, reading), session=session, hint=why)
        case AwaitLoadedRoll() | AwaitKnightTile():
            return Reply(output="", session=_waiting(session, reading))
        case AwaitVictim(candidates=candidates):
            thief = wording.can_steal_from(text, game.turn, candidates)
            return Reply(output=thief, session=_waiting(session, reading))
        case Offer():
            # The offer is shown; its partner answers it in a dialogue of their own (`asking`).
            shown = wording.offer(edition, game.turn, reading.partner, reading.give, reading.take)
            return Reply(output=shown, session=_waiting(session, None), outcome=Ready(reading))
        case Show(what=what):
            told = hints.shown(game, edition, what)
            if what == "help" and session.suggests:
                told += hints.SUGGEST
            return Reply(output=_shown(session, what), session=session, hint=told)
        case SaveTo() | Suggest():
            return Reply(output="", session=session, outcome=reading)
        case Trade():
            # Answered either way, the offer is over, even when a yes can't be honoured:
            # the rules judge the trade, and the proposer hears if they refuse it.
            return Reply(output="", session=_waiting(session, None), outcome=Ready(reading))
        case _:
            refused = refusal(game, reading)
            if refused is not None:
                why = hints.refused(game, edition, reading, refused, line)
                return Reply(output=wording.refusal_line(text, refused), session=session, hint=why)
            return Reply(output="", session=_waiting(session, None), outcome=Ready(reading))


def _waiting(session: Session, pending: Pending | None) -> Session:
    return msgspec.structs.replace(session, pending=pending)


def _shown(session: Session, what: str) -> str:
    """Return what `board`, `status`, the listing word and `help` print (spec §4.3)."""
    game, edition = session.game, session.edition
    match what:
        case "board":
            return render.board(game, edition)
        case "status":
            return render.status(game, edition)
        case "listing":
            return render.completed(game, edition, game.turn)
        case "cards":
            return render.cards(game, edition, game.turn)
        case _:
            return help_text(session)
