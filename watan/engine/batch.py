"""The batch fold: `fold_all(game, events)` returns what folding them one by one with
`evolve.apply` returns, only quicker for a long run of events.

`evolve.apply` builds a new frozen `Game` for every event, which is most of what a fold
costs; here the run's changes go into plain lists, and the frozen state is built once, at
the end.  It is a second statement of the same rules, so a property test
(`tests/engine/test_batch.py`) folds many seeded journals of both editions, with and
without the house rules, both ways and compares the states, step by step.  It serves where
a prefix of a journal is folded without being judged (`replay.protocol.Definition.fold`);
the audit, which judges every command in the state before it, folds with `apply`.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter
from typing import assert_never

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
from watan.engine.evolve import NEXT, PHASE_AFTER
from watan.engine.resources import HELD, Resources
from watan.engine.rules import CARDS, NO_CARDS, Card
from watan.engine.state import SETUP_ORDER, Colour, Completion, Game, Phase

_KNIGHT, _VP, _MONOPOLY = (CARDS.index(card) for card in (Card.KNIGHT, Card.VP, Card.MONOPOLY))
_CARD_INDEX = {card: CARDS.index(card) for card in CARDS}
_SETUP_PLACEMENTS = len(SETUP_ORDER)
_UNITS = tuple(itemgetter(unit) for unit in range(len(HELD)))


def fold_all(game: Game, events: Iterable[AnyEvent]) -> Game:
    """Return the game after every event of `events`, in order: equal to folding them with
    `evolve.apply`, state for state."""
    students = game.students
    resources = [list(s.resources) for s in students]
    goals = [list(s.goals) for s in students]
    criteria = [list(s.criteria) for s in students]
    loaded_dice = [s.loaded_dice for s in students]
    cards = [list(s.cards) for s in students]
    played_points = [s.played_points for s in students]
    criterion_owner = list(game.criterion_owner)
    criterion_level = list(game.criterion_level)
    goal_owner = list(game.goal_owner)
    seats = list(game.seats)
    bought = list(game.bought)
    geese, turn, phase = game.geese, game.turn, game.phase
    setup_step, winner, card_played = game.setup_step, game.winner, game.card_played
    drawn = 0
    phase_after, before_roll, after_roll = PHASE_AFTER, Phase.BEFORE_ROLL, Phase.AFTER_ROLL
    # No event's effect depends on what a student holds, so the amounts produced and lost
    # are only kept, per student, and summed once at the end.
    produced: list[list[Resources]] = [[] for _ in students]
    lost: list[list[Resources]] = [[] for _ in students]
    gain = [amounts.append for amounts in produced]
    lose = [amounts.append for amounts in lost]
    # The events are told apart by their exact type, the commonest first (the quickest test
    # Python has: a class pattern costs an `isinstance`, which is slow on a msgspec Struct);
    # the rare ones in `apply`'s order (every event class is `final`, so the type checker
    # knows the `match` meets only the rest).  Each changes the lists exactly as `apply`'s
    # case changes the frozen state.
    for event in events:
        if type(event) is ResourcesProduced:
            gain[event.colour](event.gained)
        elif type(event) is DiceRolled:
            phase = phase_after[event.roll]
        elif type(event) is TurnEnded:
            if card_played or bought[0] or bought[1] or bought[2]:  # house-rules.md ruling 4
                bought = [0, 0, 0]
                card_played = False
            turn, phase = NEXT[event.colour], before_roll
        elif type(event) is ResourcesLost:
            lose[event.colour](event.lost)
        elif type(event) is TradeDeclined:
            pass
        elif type(event) is TradeAccepted:
            proposer, partner, give, take = event.proposer, event.partner, event.give, event.take
            resources[partner][take] -= 1
            resources[partner][give] += 1
            resources[proposer][take] += 1
            resources[proposer][give] -= 1
        elif type(event) is GeeseMoved:
            geese, phase = event.tile, after_roll
        elif type(event) is ResourceStolen:
            resources[event.victim][event.resource] -= 1
            resources[event.thief][event.resource] += 1
        else:
            match event:
                case GameResumed():
                    pass
                case GoalAchieved(colour=colour, goal=goal, cost=cost):
                    _pay(resources[colour], cost)
                    goals[colour].append(goal)
                    goal_owner[goal] = colour
                case CriterionCompleted(colour=colour, criterion=criterion, cost=cost):
                    _pay(resources[colour], cost)
                    criteria[colour].append(criterion)
                    criterion_owner[criterion] = colour
                    criterion_level[criterion] = Completion.ASSIGNMENT
                    if phase is Phase.SETUP:  # the next placer, or Blue's first turn (spec §4.1)
                        setup_step += 1
                        if setup_step < _SETUP_PLACEMENTS:
                            turn = SETUP_ORDER[setup_step]
                        else:
                            turn, phase = Colour.BLUE, before_roll
                case CriterionImproved(colour=colour, criterion=criterion, level=level, cost=cost):
                    _pay(resources[colour], cost)
                    criterion_level[criterion] = level
                case DiceChosen(colour=colour, loaded=loaded):
                    loaded_dice[colour] = loaded
                case GameWon(colour=colour):
                    winner, phase = colour, Phase.OVER
                case SeatTaken(colour=colour, player=player):
                    seats[colour] = player
                case BankTraded(colour=colour, give=give, take=take, rate=rate):
                    resources[colour][take] += 1
                    resources[colour][give] -= rate
                case CardBought(colour=colour, card=card, cost=cost):
                    _pay(resources[colour], cost)
                    cards[colour][_CARD_INDEX[card]] += 1
                    bought[_CARD_INDEX[card]] += 1
                    drawn += 1
                case KnightPlayed(colour=colour, tile=tile):
                    cards[colour][_KNIGHT] -= 1
                    card_played, geese = True, tile
                case MonopolyPlayed(colour=colour, resource=resource, taken=taken):
                    for loser, count in enumerate(taken):
                        resources[loser][resource] -= count
                    cards[colour][_MONOPOLY] -= 1
                    card_played = True
                    resources[colour][resource] += sum(taken)
                case PointPlayed(colour=colour):
                    held_cards = cards[colour]
                    held_cards[_VP] -= 1
                    card_played = True
                    if bought[_VP] > held_cards[_VP]:  # house-rules.md ruling 4, as in `apply`
                        bought[_VP] -= 1
                    played_points[colour] += 1
                case _:
                    assert_never(event)
    # Summed a unit at a time, each sum a loop in C (one `zip(*amounts)` of a long run
    # would build a tuple as long for every unit).
    for held, gains, losses in zip(resources, produced, lost, strict=True):
        for unit, of_unit in enumerate(_UNITS):
            held[unit] += sum(map(of_unit, gains)) - sum(map(of_unit, losses))
    return replace(
        game,
        students=tuple(
            replace(
                student,
                resources=_five(resources[colour]),
                goals=tuple(goals[colour]),
                criteria=tuple(criteria[colour]),
                loaded_dice=loaded_dice[colour],
                cards=_three(cards[colour]),
                played_points=played_points[colour],
            )
            for colour, student in enumerate(students)
        ),
        criterion_owner=tuple(criterion_owner),
        criterion_level=tuple(criterion_level),
        goal_owner=tuple(goal_owner),
        geese=geese,
        turn=turn,
        phase=phase,
        setup_step=setup_step,
        winner=winner,
        seats=tuple(seats),
        deck=game.deck[drawn:] if drawn else game.deck,
        bought=NO_CARDS if bought == [0, 0, 0] else _three(bought),
        card_played=card_played,
    )


def _pay(held: list[int], cost: Resources) -> None:
    """Take `cost` from the counts `held` (spec §3.5.3: the rules checked it is covered)."""
    held[0] -= cost[0]
    held[1] -= cost[1]
    held[2] -= cost[2]
    held[3] -= cost[3]
    held[4] -= cost[4]


def _five(counts: list[int]) -> Resources:
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


def _three(counts: list[int]) -> tuple[int, int, int]:
    return (counts[0], counts[1], counts[2])
