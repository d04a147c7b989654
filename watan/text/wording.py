"""Every line the game says during play, worded exactly as the edition's spec prints it.

The words themselves are the edition's (`Edition.text`); here they are
filled in with colours, counts and the edition's resource names.
"""

from __future__ import annotations

from watan.editions.model import Edition, Text
from watan.engine.decide import Refusal
from watan.engine.events import (
    AnyEvent,
    CardBought,
    CriterionCompleted,
    DiceRolled,
    GameWon,
    GeeseMoved,
    KnightPlayed,
    MonopolyPlayed,
    PointPlayed,
    ResourcesLost,
    ResourcesProduced,
    ResourceStolen,
    TurnEnded,
)
from watan.engine.resources import Resource, Resources, items, total
from watan.engine.rules import GEESE_ROLL
from watan.engine.state import COLOURS, Colour, Game, Phase
from watan.text import render


def refusal_line(text: Text, refused: Refusal) -> str:
    """Return what a refused command prints (spec §4.5, §2.8.1).

    A bad geese tile, victim or trade answer prints nothing but the question
    again (RULINGS 13, 26).
    """
    match refused:
        case Refusal.INVALID_COMMAND:
            return text.invalid_command
        case Refusal.CANNOT_BUILD:
            return text.cannot_build
        case Refusal.NOT_ENOUGH_RESOURCES:
            return text.not_enough_resources
        case Refusal.INVALID_ROLL:
            return text.invalid_roll
        case Refusal.GEESE_TILE | Refusal.VICTIM | Refusal.ANSWER:
            return ""
        case Refusal.EMPTY_DECK:
            return text.empty_deck
        case Refusal.NO_CARD:
            return text.no_card
        case Refusal.CARD_PLAYED:
            return text.card_played
        case Refusal.CARD_BOUGHT:
            return text.card_bought


def placement_question(game: Game, edition: Edition) -> str:
    """Return the setup question for the student placing now (spec §4.1)."""
    return edition.text.placement.format(colour=game.turn.title)


def turn_header(game: Game, edition: Edition) -> str:
    """Return the start of a turn: whose it is and their status (spec §4.2).

    An edition that shows the board at every turn prints it first
    (RULINGS-constructor 4).
    """
    board = render.board(game, edition) if edition.board_every_turn else ""
    heading = edition.text.turn.format(colour=game.turn.title)
    return board + heading + render.status_line(game, edition, game.turn)


def rolled(text: Text, roll: int) -> str:
    """Return what fair dice print (RULINGS 5)."""
    return text.rolled.format(roll=roll)


def _amounts(edition: Edition, amount: Resources) -> str:
    line, names = edition.text.amount, edition.resources
    return "".join(line.format(count=count, resource=names[r]) for r, count in items(amount))


def gained(edition: Edition, colour: Colour, amount: Resources) -> str:
    """Return one student's production (spec §3.5.5)."""
    return edition.text.gained.format(colour=colour.title) + _amounts(edition, amount)


def lost(edition: Edition, colour: Colour, amount: Resources) -> str:
    """Return one student's loss to the geese, one resource a line (spec §3.6)."""
    heading = edition.text.lost.format(colour=colour.title, count=total(amount))
    return heading + _amounts(edition, amount)


def can_steal_from(text: Text, thief: Colour, victims: tuple[Colour, ...]) -> str:
    """Return the list of students the thief may rob (spec §3.6)."""
    return text.can_steal.format(colour=thief.title, victims=", ".join(v.title for v in victims))


def steals(edition: Edition, thief: Colour, victim: Colour, resource: Resource) -> str:
    """Return the line announcing a steal (spec §3.6)."""
    return edition.text.steals.format(
        colour=thief.title, victim=victim.title, resource=edition.resources[resource]
    )


def nobody_to_rob(text: Text, thief: Colour) -> str:
    """Return the line when the geese's tile has nobody to rob (spec §3.6)."""
    return text.nobody_to_rob.format(colour=thief.title)


def offer(
    edition: Edition, proposer: Colour, partner: Colour, give: Resource, take: Resource
) -> str:
    """Return a trade offer (spec §3.5.4)."""
    names = edition.resources
    return edition.text.offer.format(
        colour=proposer.title, partner=partner.title, give=names[give], take=names[take]
    )


def trade_question(text: Text, partner: Colour) -> str:
    """Return the question a trade partner answers (spec §3.5.4)."""
    return text.trade_question.format(partner=partner.title)


def monopoly(edition: Edition, event: MonopolyPlayed) -> str:
    """Return what a monopoly took, from each other student in student order, or that nobody
    else held any (house-rules.md ruling 5)."""
    name = edition.resources[event.resource]
    lines = [
        edition.text.monopoly.format(
            colour=event.colour.title, count=count, resource=name, victim=victim.title
        )
        for victim, count in zip(COLOURS, event.taken, strict=True)
        if count
    ]
    return "".join(lines) or edition.text.monopoly_none.format(resource=name)


def won(text: Text, colour: Colour) -> str:
    """Return the winner's announcement (RULINGS 7)."""
    return text.won.format(colour=colour.title)


def opening(game: Game, edition: Edition) -> str:
    """Return what a game prints when it begins: a loaded game's turn header (RULINGS 20).

    A loaded game already won announces its winner (spec §4.4, RULINGS 7); the
    prompt then asks whether to play again.
    """
    if game.phase is Phase.OVER:
        return won(edition.text, Colour(game.winner))
    return turn_header(game, edition) if game.phase is Phase.BEFORE_ROLL else ""


def reminder(game: Game, edition: Edition) -> str:
    """Return what a resumed game prints first: the turn header while a turn is under way.

    In setup, at the geese and at the end, the question the prompt asks
    says where the game stands.
    """
    if game.phase in (Phase.BEFORE_ROLL, Phase.AFTER_ROLL):
        return turn_header(game, edition)
    return ""


def narrate(before: Game, events: tuple[AnyEvent, ...], after: Game, edition: Edition) -> str:
    """Return what the spec prints for one command's events, `before` and `after` them, in the
    edition's words."""
    text = edition.text
    out: list[str] = []
    for index, event in enumerate(events):
        match event:
            case CriterionCompleted() if before.phase is Phase.SETUP:
                if after.phase is Phase.BEFORE_ROLL:  # the last initial assignment (RULINGS 6)
                    out += [render.board(after, edition), turn_header(after, edition)]
            case DiceRolled(roll=roll, dice=dice):
                if dice is not None:
                    out.append(rolled(text, roll))
                if roll != GEESE_ROLL and not any(
                    isinstance(e, ResourcesProduced) for e in events
                ):
                    out.append(text.nobody_gained)
            case ResourcesProduced(colour=colour, gained=amount):
                out.append(gained(edition, colour, amount))
            case ResourcesLost(colour=colour, lost=amount):
                out.append(lost(edition, colour, amount))
            case GeeseMoved(colour=colour) | KnightPlayed(colour=colour):
                if not any(isinstance(e, ResourceStolen) for e in events[index:]):
                    out.append(nobody_to_rob(text, colour))
            case ResourceStolen(thief=thief, victim=victim, resource=resource):
                out.append(steals(edition, thief, victim, resource))
            case TurnEnded():
                out.append(turn_header(after, edition))
            case GameWon(colour=colour):
                out.append(won(text, colour))
            case CardBought(card=card):
                out.append(text.bought.format(card=card.value))
            case MonopolyPlayed():
                out.append(monopoly(edition, event))
            case PointPlayed(colour=colour):
                out.append(text.point.format(colour=colour.title))
            case _:
                pass
    return "".join(out)
