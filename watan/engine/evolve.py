"""The reducer: `apply(game, event)` returns the state after the event.

It trusts its input (`decide` checked the rules and drew the random
outcomes), never prints and never rolls, so folding a journal always gives
the same game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, assert_never

from msgspec.structs import replace

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
from watan.engine.members import BEFORE_ROLL
from watan.engine.resources import Resources, add, single, subtract
from watan.engine.rules import GEESE_ROLL, NO_CARDS, Card, changed, held
from watan.engine.state import (
    COLOURS,
    SETUP_ORDER,
    Colour,
    Completion,
    Game,
    Phase,
    Student,
    loaded_game,
    new_game,
)

NEXT = tuple(COLOURS[(colour + 1) % len(COLOURS)] for colour in COLOURS)
"""Whose turn follows each student's (spec §3.1: in the order of the colours)."""
PHASE_AFTER = tuple(Phase.GEESE if roll == GEESE_ROLL else Phase.AFTER_ROLL for roll in range(13))
"""The phase after each roll: the geese move on a 7 (spec §3.6), else the turn goes on."""


def start(header: GameStarted) -> Game:
    """Return the state a journal's header describes, before any event: its rules, its
    board, and the loaded position if there is one."""
    if header.loaded is None:
        return new_game(header.board, header.rules, header.deck)
    return loaded_game(header.board, header.loaded, header.rules, header.deck)


def apply(game: Game, event: AnyEvent) -> Game:
    """Return the game after `event`."""
    # Cases run in order, the commonest events first; class patterns without keywords,
    # reading the fields after, are the quickest way Python has to tell them apart.
    match event:
        case DiceRolled():
            return replace(game, phase=PHASE_AFTER[event.roll])
        case ResourcesProduced():
            return _gain(game, event.colour, event.gained)
        case TurnEnded():
            if game.card_played or game.bought is not NO_CARDS:  # house-rules.md ruling 4
                return replace(
                    game,
                    turn=NEXT[event.colour],
                    phase=BEFORE_ROLL,
                    bought=NO_CARDS,
                    card_played=False,
                )
            return replace(game, turn=NEXT[event.colour], phase=BEFORE_ROLL)
        case TradeDeclined() | GameResumed():
            return game
        case TradeAccepted(proposer=proposer, partner=partner, give=give, take=take):
            swap = subtract(single(take), single(give))
            return _gain(_gain(game, partner, swap, -1), proposer, swap)
        case ResourcesLost(colour=colour, lost=lost):
            return _gain(game, colour, lost, -1)
        case GeeseMoved(tile=tile):
            return replace(game, geese=tile, phase=Phase.AFTER_ROLL)
        case ResourceStolen(thief=thief, victim=victim, resource=resource):
            unit = single(resource)
            return _gain(_gain(game, victim, unit, -1), thief, unit)
        case GoalAchieved(colour=colour, goal=goal, cost=cost):
            goals = (*game.students[colour].goals, goal)
            return replace(
                _paid(game, colour, cost, goals=goals),
                goal_owner=_set(game.goal_owner, goal, colour),
            )
        case CriterionCompleted(colour=colour, criterion=criterion, cost=cost):
            criteria = (*game.students[colour].criteria, criterion)
            game = replace(
                _paid(game, colour, cost, criteria=criteria),
                criterion_owner=_set(game.criterion_owner, criterion, colour),
                criterion_level=_set(game.criterion_level, criterion, Completion.ASSIGNMENT),
            )
            return _after_setup_placement(game) if game.phase is Phase.SETUP else game
        case CriterionImproved(colour=colour, criterion=criterion, level=level, cost=cost):
            return replace(
                _gain(game, colour, cost, -1),
                criterion_level=_set(game.criterion_level, criterion, level),
            )
        case DiceChosen(colour=colour, loaded=loaded):
            return _update(game, colour, loaded_dice=loaded)
        case GameWon(colour=colour):
            return replace(game, winner=colour, phase=Phase.OVER)
        case SeatTaken(colour=colour, player=player):
            seats = game.seats
            return replace(game, seats=(*seats[:colour], player, *seats[colour + 1 :]))
        case BankTraded(colour=colour, give=give, take=take, rate=rate):
            return _gain(game, colour, subtract(single(take), single(give, rate)))
        case CardBought(colour=colour, card=card, cost=cost):
            cards = changed(game.students[colour].cards, card, 1)
            return replace(
                _paid(game, colour, cost, cards=cards),
                deck=game.deck[1:],
                bought=changed(game.bought, card, 1),
            )
        case KnightPlayed(colour=colour, tile=tile):
            return replace(_played(game, colour, Card.KNIGHT), geese=tile)
        case MonopolyPlayed(colour=colour, resource=resource, taken=taken):
            for victim, count in zip(COLOURS, taken, strict=True):
                if count:
                    game = _gain(game, victim, single(resource, count), -1)
            return _gain(_played(game, colour, Card.MONOPOLY), colour, single(resource, sum(taken)))
        case PointPlayed(colour=colour):
            game = _played(game, colour, Card.VP)
            student = game.students[colour]
            bought = game.bought
            if held(bought, Card.VP) > held(student.cards, Card.VP):
                # A vp bought this turn may be played at once (house-rules.md ruling 4): it is
                # the one played when no older one is held.
                bought = changed(bought, Card.VP, -1)
            return replace(
                _update(game, colour, played_points=student.played_points + 1), bought=bought
            )
        case _:
            assert_never(event)


def _played(game: Game, colour: Colour, card: Card) -> Game:
    """Return the game after `colour` played one `card`: one fewer held, the turn's card."""
    cards = changed(game.students[colour].cards, card, -1)
    return replace(_update(game, colour, cards=cards), card_played=True)


def _after_setup_placement(game: Game) -> Game:
    """Return the game after one more initial assignment: the next placer, or Blue's turn."""
    step = game.setup_step + 1
    if step < len(SETUP_ORDER):
        return replace(game, setup_step=step, turn=SETUP_ORDER[step])
    return replace(game, setup_step=step, turn=Colour.BLUE, phase=Phase.BEFORE_ROLL)


def _gain(game: Game, colour: Colour, amount: Resources, sign: int = 1) -> Game:
    """Return the game with `amount` added to (sign 1) or taken from (sign -1) a student.

    The one place that moves resources in or out of a student's hands.  Most events of a
    journal move resources, so this is written for speed: no keyword dictionaries, no
    temporary tuples.
    """
    students = game.students
    student = students[colour]
    held = student.resources
    changed = add(held, amount) if sign > 0 else subtract(held, amount)
    return replace(
        game, students=_PUT[colour](students, replace(student, resources=changed))
    )


def _update(game: Game, colour: Colour, **changes: Any) -> Game:
    """Return the game with some fields of one student replaced."""
    students = game.students
    return replace(
        game, students=_PUT[colour](students, replace(students[colour], **changes))
    )


def _paid(game: Game, colour: Colour, cost: Resources, **changes: Any) -> Game:
    """Return the game with a student's `cost` paid and some of their fields replaced: what
    they bought (spec §3.5.3)."""
    student = game.students[colour]
    return _update(game, colour, resources=subtract(student.resources, cost), **changes)


_PUT: tuple[Callable[[tuple[Student, ...], Student], tuple[Student, ...]], ...] = (
    lambda s, new: (new, s[1], s[2], s[3]),
    lambda s, new: (s[0], new, s[2], s[3]),
    lambda s, new: (s[0], s[1], new, s[3]),
    lambda s, new: (s[0], s[1], s[2], new),
)
"""For each colour, how to replace that student in the four (the quickest way in Python)."""


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1 :])
