"""Events in words a player understands, for listing a journal (`watan replay`), under the
turns they happened in."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import assert_never

from watan.editions.model import Edition
from watan.engine.events import (
    AnyEvent,
    BankTraded,
    CardBought,
    CriterionCompleted,
    CriterionImproved,
    DiceChosen,
    DiceRolled,
    GameResumed,
    GameStarted,
    GameWon,
    GeeseMoved,
    GoalAchieved,
    KnightPlayed,
    MonopolyPlayed,
    PointPlayed,
    ResourcesLost,
    ResourcesProduced,
    ResourceStolen,
    SeatTaken,
    TradeAccepted,
    TradeDeclined,
    TurnEnded,
)
from watan.engine.resources import Resources, items
from watan.engine.state import COLOURS, HUMAN, NOBODY, Colour, Completion, saved_winner
from watan.engine.turns import turns


def amounts(amount: Resources, edition: Edition) -> str:
    """Return an amount as `2 LAB, 1 STUDY`, in the spec's resource order."""
    names = edition.resources
    return ", ".join(f"{count} {names[resource]}" for resource, count in items(amount))


def _level(level: int, edition: Edition) -> str:
    """Return `a Midterm` or `an Exam`; a level no rule gives (a damaged journal) as a number."""
    if level not in tuple(Completion):
        return f"{edition.vocabulary.level} level {level}"
    name = edition.vocabulary.levels[level - 1]
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def describe_start(header: GameStarted) -> str:
    """Return what a journal's header says about how the game began (and, in a game with
    house rules, which)."""
    chosen = header.rules.house_rules
    started = f"Game {header.game} started with seed {header.seed}"
    if chosen:
        started += f" with the house rules {', '.join(chosen)}"
    if header.loaded is None:
        return f"{started}; setup begins"
    began = f"{started} from a saved game"
    winner = saved_winner(header.loaded, header.rules)
    if winner != NOBODY:
        return f"{began} already won by {Colour(winner).title}"
    return f"{began}; {Colour(header.loaded.turn).title} rolls next"


def describe(event: AnyEvent, edition: Edition, seats: Sequence[str] | None = None) -> str:
    """Return one event as a sentence without a full stop, in the edition's words.

    With `seats` (who plays each student, in a game with computers), the
    student who acts is named with its player: `Red (expert) completed ...`.
    """
    words, names = edition.vocabulary, edition.resources

    def who(colour: Colour) -> str:
        return colour.title if seats is None else f"{colour.title} ({seats[colour]})"

    match event:
        case CriterionCompleted(colour=colour, criterion=criterion):
            return f"{who(colour)} {words.claimed_criterion} {_level(1, edition)} at {criterion}"
        case CriterionImproved(colour=colour, criterion=criterion, level=level):
            return f"{who(colour)} improved {criterion} to {_level(level, edition)}"
        case GoalAchieved(colour=colour, goal=goal):
            return f"{who(colour)} {words.claimed_goal} {words.goal} {goal}"
        case DiceChosen(colour=colour, loaded=loaded):
            return f"{who(colour)} chose {'loaded' if loaded else 'fair'} dice"
        case DiceRolled(colour=colour, roll=roll, dice=dice):
            how = "loaded" if dice is None else f"{dice[0]} + {dice[1]}"
            return f"{who(colour)} rolled {roll} ({how})"
        case ResourcesProduced(colour=colour, gained=gained):
            return f"{colour.title} gained {amounts(gained, edition)}"
        case ResourcesLost(colour=colour, lost=lost):
            return f"{colour.title} lost {amounts(lost, edition)} to the geese"
        case GeeseMoved(colour=colour, tile=tile):
            return f"{who(colour)} moved the geese to tile {tile}"
        case ResourceStolen(thief=thief, victim=victim, resource=resource):
            return f"{who(thief)} stole one {names[resource]} from {victim.title}"
        case TradeAccepted(proposer=proposer, partner=partner, give=give, take=take):
            return (
                f"{who(proposer)} traded one {names[give]} to {partner.title} "
                f"for one {names[take]}"
            )
        case TradeDeclined(proposer=proposer, partner=partner, give=give, take=take):
            return (
                f"{who(partner)} declined {proposer.title}'s offer of one {names[give]} "
                f"for one {names[take]}"
            )
        case TurnEnded(colour=colour):
            return f"{who(colour)} ended their turn"
        case GameWon(colour=colour):
            return f"{who(colour)} won the game"
        case GameResumed(seed=seed):
            return f"Play resumed in a new session with seed {seed}"
        case SeatTaken(colour=colour, player=player):
            if player == HUMAN:
                return f"{colour.title} is played by a person from here on"
            return f"{colour.title} is played by the {player} strategy from here on"
        case BankTraded(colour=colour, give=give, take=take, rate=rate):
            return f"{who(colour)} traded {rate} {names[give]} to the bank for one {names[take]}"
        case CardBought(colour=colour, card=card):
            return f"{who(colour)} bought a {card.value} card"
        case KnightPlayed(colour=colour, tile=tile):
            return f"{who(colour)} played a knight and moved the geese to tile {tile}"
        case MonopolyPlayed(colour=colour, resource=resource, taken=taken):
            took = ", ".join(
                f"{count} from {victim.title}"
                for victim, count in zip(COLOURS, taken, strict=True)
                if count
            )
            played = f"{who(colour)} played a monopoly on {names[resource]}"
            return f"{played} and took {sum(taken)}" + (f" ({took})" if took else "")
        case PointPlayed(colour=colour):
            return f"{who(colour)} played a vp card"
        case _:
            assert_never(event)


def headings(header: GameStarted, events: Sequence[AnyEvent]) -> Iterator[str | None]:
    """Yield, for each event, the heading a listing shows before it: `Setup`, or `Turn 12,
    Orange` where a turn begins; None within a turn."""
    shown = None
    for turn, colour in turns(header, events):
        yield None if turn == shown else "Setup" if turn == 0 else f"Turn {turn}, {colour.title}"
        shown = turn
