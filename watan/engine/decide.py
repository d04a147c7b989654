"""Command handling: `decide(game, command, rng)` returns the events, or refuses.

`decide` checks a command against the state in the spec's order (RULINGS
10: the place first, then the price) and draws every random outcome from
the generator it is given, recording it in the events.  It never changes
the game: `evolve.apply` does that with what it returns.
"""

from __future__ import annotations

import enum
import random
from typing import Protocol, assert_never

from watan.engine.commands import (
    Achieve,
    AnyCommand,
    BuyCard,
    ChooseDice,
    Complete,
    Improve,
    Next,
    PlaceGeese,
    PlayKnight,
    PlayMonopoly,
    PlayPoint,
    Roll,
    TakeSeat,
    Trade,
    TradeWithBank,
)
from watan.engine.dice import FACES, HIGHEST_ROLL, LOWEST_ROLL
from watan.engine.events import (
    AnyEvent,
    BankTraded,
    CardBought,
    CriterionCompleted,
    CriterionImproved,
    DiceChosen,
    DiceRolled,
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
from watan.engine.layout import Board
from watan.engine.members import (
    AFTER_ROLL,
    ASSIGNMENT,
    BEFORE_ROLL,
    EXAM,
    GEESE,
    NETFLIX,
    OVER,
    SETUP,
)
from watan.engine.resources import (
    NONE,
    Resource,
    Resources,
    covers,
    total,
    unit_at,
)
from watan.engine.rules import GEESE_ROLL, Card, held
from watan.engine.sampling import draw_without_replacement
from watan.engine.state import (
    COLOURS,
    NOBODY,
    Colour,
    Game,
    Phase,
    course_criteria,
    has_completed_neighbour,
    is_player_name,
    touches_own_goal,
)
from watan.engine.tables import PerBoard
from watan.engine.topology import (
    GOAL_CRITERIA,
    GOAL_NEIGHBOURS,
    TILE_CRITERIA,
    CriterionId,
    GoalId,
    TileId,
    is_criterion,
    is_goal,
    is_tile,
)


class Refusal(enum.Enum):
    """Why a command was refused; `wording` gives the line the spec prints for each."""

    INVALID_COMMAND = "invalid_command"
    CANNOT_BUILD = "cannot_build"
    NOT_ENOUGH_RESOURCES = "not_enough_resources"
    INVALID_ROLL = "invalid_roll"
    GEESE_TILE = "geese_tile"
    """Not a tile, or the tile the geese are on (RULINGS 13)."""
    VICTIM = "victim"
    """Not a student the geese's tile lets one rob (RULINGS 13)."""
    ANSWER = "answer"
    """A trade answered with neither `yes` nor `no`: the question is asked again (RULINGS 26)."""
    EMPTY_DECK = "empty_deck"
    """`buy-dev` with no card left in the deck (house-rules.md ruling 4)."""
    NO_CARD = "no_card"
    """`play-dev` of a card the student does not hold."""
    CARD_PLAYED = "card_played"
    """A second card in one turn (house-rules.md ruling 4)."""
    CARD_BOUGHT = "card_bought"
    """A card other than a vp played on the turn it was bought (house-rules.md ruling 4)."""


class Refused(Exception):
    """A command the rules do not allow, with the reason the spec prints."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.value)
        self.refusal = refusal


class Chance(Protocol):
    """Where a command's random outcomes come from (spec §2.8.2, §3.6)."""

    def dice(self) -> tuple[int, int]:
        """Return two fair dice."""
        ...

    def unit(self, held: Resources) -> Resource:
        """Return one unit drawn from `held`, each with probability count/total."""
        ...

    def losses(self, held: Resources, count: int) -> Resources:
        """Return `count` units drawn from `held` one at a time, each in proportion to what
        remains (RULINGS 14), as the counts of each resource taken."""
        ...


def die(rng: random.Random) -> int:
    """Return one fair die, 1 to 6: exactly what `rng.randint(1, 6)` returns from the same state.

    The draw is randint's own (three random bits, again until they are below
    six), without its layers of calls: a game rolls hundreds of times, and a
    seed must keep rolling what it always rolled (RULINGS 18).
    """
    bits = rng.getrandbits
    drawn = bits(3)
    while drawn >= FACES:
        drawn = bits(3)
    return 1 + drawn


class RandomChance:
    """Chance drawn from an explicit random generator, never the global one."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def dice(self) -> tuple[int, int]:
        return (die(self._rng), die(self._rng))

    def unit(self, held: Resources) -> Resource:
        return unit_at(held, self._rng.randrange(total(held)))

    def losses(self, held: Resources, count: int) -> Resources:
        return draw_without_replacement(self._rng, held, count)


def decide(game: Game, command: AnyCommand, rng: random.Random) -> tuple[AnyEvent, ...]:
    """Return the events that carrying out `command` produces, or raise `Refused`.

    Random outcomes are drawn from `rng` now and recorded in the events.
    """
    return decide_with(game, command, RandomChance(rng))


def decide_with(game: Game, command: AnyCommand, chance: Chance) -> tuple[AnyEvent, ...]:
    """Return `decide`'s events with the random outcomes taken from `chance`.

    Checking a journal passes the outcomes it recorded, so the rules that
    judge a live command also judge a recorded one.
    """
    refused = refusal(game, command)
    if refused is not None:
        raise Refused(refused)
    colour = game.turn
    match command:  # the commonest commands first
        case Roll(value=value):
            return _roll(game, value, chance)
        case Next():
            return (TurnEnded(colour=colour),)
        case Trade(partner=partner, give=give, take=take, accepted=accepted):
            swap = TradeAccepted if accepted else TradeDeclined
            return (swap(proposer=colour, partner=partner, give=give, take=take),)
        case Achieve(goal=goal):
            return (GoalAchieved(colour=colour, goal=GoalId(goal), cost=game.rules.goal_cost),)
        case PlaceGeese(tile=tile, victim=victim):
            return _stealing(game, GeeseMoved(colour=colour, tile=TileId(tile)), victim, chance)
        case Complete(criterion=criterion):
            place = CriterionId(criterion)
            if game.phase is SETUP:  # initial assignments are free (spec §4.1)
                return (CriterionCompleted(colour=colour, criterion=place, cost=NONE),)
            cost = level_cost(game, ASSIGNMENT)
            completed = CriterionCompleted(colour=colour, criterion=place, cost=cost)
            return (completed, *_win_check(game))
        case Improve(criterion=criterion):
            level = game.criterion_level[criterion] + 1
            improved = CriterionImproved(
                colour=colour,
                criterion=CriterionId(criterion),
                level=level,
                cost=level_cost(game, level),
            )
            return (improved, *_win_check(game))
        case ChooseDice(loaded=loaded):
            if game.students[colour].loaded_dice == loaded:
                return ()
            return (DiceChosen(colour=colour, loaded=loaded),)
        case TakeSeat(colour=seat, player=player):
            if game.seats[seat] == player:
                return ()
            return (SeatTaken(colour=seat, player=player),)
        case TradeWithBank(give=give, take=take):
            rate = game.rules.bank_rate or 0
            return (BankTraded(colour=colour, give=give, take=take, rate=rate),)
        case BuyCard():
            cost = game.rules.card_cost or NONE
            return (CardBought(colour=colour, card=game.deck[0], cost=cost),)
        case PlayKnight(tile=tile, victim=victim):
            return _stealing(game, KnightPlayed(colour=colour, tile=TileId(tile)), victim, chance)
        case PlayMonopoly(resource=resource):
            held_by = [student.resources[resource] for student in game.students]
            taken = [0 if c == colour else count for c, count in enumerate(held_by)]
            return (
                MonopolyPlayed(
                    colour=colour,
                    resource=resource,
                    taken=(taken[0], taken[1], taken[2], taken[3]),
                ),
            )
        case PlayPoint():
            return (PointPlayed(colour=colour), *_win_check(game))
        case _:
            assert_never(command)


def refusal(game: Game, command: AnyCommand) -> Refusal | None:
    """Return why the rules refuse `command` now, or None when they allow it.

    Every check of `decide` is here, in the spec's order (RULINGS 10: the
    place, then the price); nothing random is drawn, so the legal moves are
    exactly the commands this allows.
    """
    phase = game.phase
    match command:  # the commonest commands first
        case Roll(value=value):
            return _wrong_phase(phase, BEFORE_ROLL) or _roll_refusal(game, value)
        case Next():
            return _wrong_phase(phase, AFTER_ROLL)
        case Trade(partner=partner, give=give, take=take, accepted=accepted):
            return offer_refusal(game, partner, give, take) or (
                Refusal.NOT_ENOUGH_RESOURCES
                if accepted and not game.students[partner].resources[take]
                else None
            )
        case Achieve(goal=goal):
            return achieve_refusal(game, goal)
        case PlaceGeese(tile=tile, victim=victim):
            return _wrong_phase(phase, GEESE) or _geese_refusal(game, tile, victim)
        case Complete(criterion=criterion):
            return complete_refusal(game, criterion)
        case Improve(criterion=criterion):
            return improve_refusal(game, criterion)
        case ChooseDice():
            return _wrong_phase(phase, BEFORE_ROLL)
        case TakeSeat(colour=seat, player=player):
            # Who plays a seat may change at any point of a game that is not over.
            valid = phase is not OVER and seat in COLOURS and is_player_name(player)
            return None if valid else Refusal.INVALID_COMMAND
        case TradeWithBank(give=give, take=take):
            return bank_refusal(game, give, take)
        case BuyCard():
            return _purchase_refusal(game)
        case PlayKnight(tile=tile, victim=victim):
            return card_refusal(game, Card.KNIGHT) or _geese_refusal(game, tile, victim)
        case PlayMonopoly(resource=resource):
            if resource is Resource.NETFLIX:
                return Refusal.INVALID_COMMAND
            return card_refusal(game, Card.MONOPOLY)
        case PlayPoint():
            return card_refusal(game, Card.VP)
        case _:
            assert_never(command)


def level_cost(game: Game, level: int) -> Resources:
    """Return the rules' price of bringing a criterion to `level` 1-3 (spec §2.4.1)."""
    return game.rules.level_costs[level - 1]


def offer_refusal(game: Game, partner: Colour, give: Resource, take: Resource) -> Refusal | None:
    """Return why a trade may not even be offered, or None (RULINGS 12, 27).

    Trading is for after the roll, with another student, in held
    resources; the proposer must hold what they offer.  Whether the partner
    holds what is asked is only checked when they say yes.
    """
    if game.phase is not AFTER_ROLL:
        return Refusal.INVALID_COMMAND
    if partner == game.turn or NETFLIX in (give, take):
        return Refusal.INVALID_COMMAND
    if not game.students[game.turn].resources[give]:
        return Refusal.NOT_ENOUGH_RESOURCES
    return None


def bank_refusal(game: Game, give: Resource, take: Resource) -> Refusal | None:
    """Return why a bank trade is refused, or None (house-rules.md ruling 3).

    Only with the bank-trade rule, after the roll, one held resource for a different one;
    the student must hold the bank's rate of what they give.
    """
    rate = game.rules.bank_rate
    if rate is None or game.phase is not AFTER_ROLL:
        return Refusal.INVALID_COMMAND
    if give == take or NETFLIX in (give, take):
        return Refusal.INVALID_COMMAND
    if game.students[game.turn].resources[give] < rate:
        return Refusal.NOT_ENOUGH_RESOURCES
    return None


def _purchase_refusal(game: Game) -> Refusal | None:
    """A card is bought after the roll, from a deck not empty, at its price (ruling 4)."""
    cost = game.rules.card_cost
    if cost is None or game.phase is not AFTER_ROLL:
        return Refusal.INVALID_COMMAND
    if not game.deck:
        return Refusal.EMPTY_DECK
    return _price_refusal(game, cost)


def card_refusal(game: Game, card: Card) -> Refusal | None:
    """Return why the current student may not play `card` now, or None (house-rules.md 4).

    Cards are played during one's turn, before or after the roll (not while the geese
    wait), one a turn; a card bought this turn waits for a later one, except a vp.
    """
    if not game.rules.cards or game.phase not in (BEFORE_ROLL, AFTER_ROLL):
        return Refusal.INVALID_COMMAND
    hand = game.students[game.turn].cards
    if not held(hand, card):
        return Refusal.NO_CARD
    if game.card_played:
        return Refusal.CARD_PLAYED
    if card is not Card.VP and held(hand, card) <= held(game.bought, card):
        return Refusal.CARD_BOUGHT
    return None


def geese_may_land(game: Game, tile: int) -> bool:
    """Return whether the geese may move to `tile`: any tile but their own (RULINGS 8, 13)."""
    return is_tile(tile) and tile != game.geese


def victims(game: Game, tile: TileId) -> tuple[Colour, ...]:
    """Return who the current student may rob on `tile`, in student order (spec §3.6).

    A victim has completed a criterion on the tile, holds at least one
    resource and is not the current student.
    """
    owners = {game.criterion_owner[c] for c in TILE_CRITERIA[tile]}
    return tuple(
        colour
        for colour in COLOURS
        if colour in owners and colour != game.turn and total(game.students[colour].resources)
    )


def achieve_refusal(game: Game, goal: int) -> Refusal | None:
    """Return why the rules refuse `Achieve(goal)` now, or None: `refusal`'s own case, which
    the legal builds ask directly (a build's kind is known there: no match to go through)."""
    return _wrong_phase(game.phase, AFTER_ROLL) or _achievement_refusal(game, goal)


def complete_refusal(game: Game, criterion: int) -> Refusal | None:
    """Return why the rules refuse `Complete(criterion)` now, or None (see `achieve_refusal`):
    during setup an initial assignment, after the roll one beside one's own goal."""
    if game.phase is SETUP:
        return _placement_refusal(game, criterion)
    return _wrong_phase(game.phase, AFTER_ROLL) or _completion_refusal(game, criterion)


def improve_refusal(game: Game, criterion: int) -> Refusal | None:
    """Return why the rules refuse `Improve(criterion)` now, or None (see `achieve_refusal`)."""
    return _wrong_phase(game.phase, AFTER_ROLL) or _improvement_refusal(game, criterion)


def _wrong_phase(phase: Phase, needed: Phase) -> Refusal | None:
    """Refuse a command given at the wrong stage of a turn (RULINGS 9, 27)."""
    return None if phase is needed else Refusal.INVALID_COMMAND


class Obstacle(enum.Enum):
    """Why a place cannot be built on: the reasons behind `Refusal.CANNOT_BUILD`."""

    NO_SUCH_PLACE = "no_such_place"
    """The number names no criterion (0-53) or goal (0-71)."""
    TAKEN = "taken"
    """Somebody has completed the criterion or achieved the goal already (§3.1, §3.3)."""
    NEIGHBOUR_COMPLETED = "neighbour_completed"
    """A criterion next to it is completed (§3.1)."""
    NOT_CONNECTED = "not_connected"
    """None of the student's goals leads to the criterion, or none of their criteria and goals
    touches the goal (§3.1, §3.3, RULINGS 11)."""
    NOT_OWN = "not_own"
    """The criterion to improve is not one the student has completed (§3.2)."""
    HIGHEST_LEVEL = "highest_level"
    """The criterion to improve is an exam already (§3.2)."""


def obstacle(game: Game, command: AnyCommand) -> Obstacle | None:
    """Return why the place `command` builds on cannot be built on now, or None.

    None too for a command that builds nothing, or out of its phase.  These
    are exactly the places `refusal` refuses with `Refusal.CANNOT_BUILD`
    (the place is checked before the price, RULINGS 10), told apart, so that
    a player can be told which rule stands in the way.
    """
    match command:
        case Complete(criterion=criterion) if game.phase is SETUP:
            return _placement_obstacle(game, criterion)
        case Complete(criterion=criterion) if game.phase is AFTER_ROLL:
            return _completion_obstacle(game, criterion)
        case Improve(criterion=criterion) if game.phase is AFTER_ROLL:
            return _improvement_obstacle(game, criterion)
        case Achieve(goal=goal) if game.phase is AFTER_ROLL:
            return _achievement_obstacle(game, goal)
        case _:
            return None


def _placement_refusal(game: Game, criterion: int) -> Refusal | None:
    """An initial assignment goes on a free criterion with no completed neighbour (§3.1, §4.1)."""
    return None if _placement_obstacle(game, criterion) is None else Refusal.CANNOT_BUILD


def _placement_obstacle(game: Game, criterion: int) -> Obstacle | None:
    if not is_criterion(criterion):
        return Obstacle.NO_SUCH_PLACE
    if game.criterion_owner[criterion] != NOBODY:
        return Obstacle.TAKEN
    if has_completed_neighbour(game, CriterionId(criterion)):
        return Obstacle.NEIGHBOUR_COMPLETED
    return None


def _completion_refusal(game: Game, criterion: int) -> Refusal | None:
    """After the roll an assignment also needs one's own goal beside it (§3.1, RULINGS 11)."""
    if _completion_obstacle(game, criterion) is not None:
        return Refusal.CANNOT_BUILD
    return _price_refusal(game, level_cost(game, ASSIGNMENT))


def _completion_obstacle(game: Game, criterion: int) -> Obstacle | None:
    placement = _placement_obstacle(game, criterion)
    if placement is not None:
        return placement
    if not touches_own_goal(game, game.turn, CriterionId(criterion)):
        return Obstacle.NOT_CONNECTED
    return None


def _improvement_refusal(game: Game, criterion: int) -> Refusal | None:
    """One's own criterion improves one level at a time, up to an exam (spec §3.2)."""
    if _improvement_obstacle(game, criterion) is not None:
        return Refusal.CANNOT_BUILD
    return _price_refusal(game, level_cost(game, game.criterion_level[criterion] + 1))


def _improvement_obstacle(game: Game, criterion: int) -> Obstacle | None:
    if not is_criterion(criterion):
        return Obstacle.NO_SUCH_PLACE
    if game.criterion_owner[criterion] != game.turn:
        return Obstacle.NOT_OWN
    if game.criterion_level[criterion] >= EXAM:
        return Obstacle.HIGHEST_LEVEL
    return None


def _achievement_refusal(game: Game, goal: int) -> Refusal | None:
    """A free goal next to one's own criterion or goal may be achieved (§3.3, RULINGS 11)."""
    if _achievement_obstacle(game, goal) is not None:
        return Refusal.CANNOT_BUILD
    return _price_refusal(game, game.rules.goal_cost)


def _achievement_obstacle(game: Game, goal: int) -> Obstacle | None:
    if not is_goal(goal):
        return Obstacle.NO_SUCH_PLACE
    if game.goal_owner[goal] != NOBODY:
        return Obstacle.TAKEN
    colour, owner, goal_owner = game.turn, game.criterion_owner, game.goal_owner
    if not (
        any(owner[c] == colour for c in GOAL_CRITERIA[goal])
        or any(goal_owner[g] == colour for g in GOAL_NEIGHBOURS[goal])
    ):
        return Obstacle.NOT_CONNECTED
    return None


def _price_refusal(game: Game, cost: Resources) -> Refusal | None:
    """The current student must hold the price (spec §3.5.3)."""
    if covers(game.students[game.turn].resources, cost):
        return None
    return Refusal.NOT_ENOUGH_RESOURCES


def _roll_refusal(game: Game, value: int | None) -> Refusal | None:
    """Loaded dice take a value 2-12; fair dice take none (spec §2.8)."""
    if game.students[game.turn].loaded_dice:
        valid = value is not None and LOWEST_ROLL <= value <= HIGHEST_ROLL
    else:
        valid = value is None
    return None if valid else Refusal.INVALID_ROLL


def _geese_refusal(game: Game, tile: int, victim: Colour | None) -> Refusal | None:
    """The geese go to another tile; a victim is robbed when there is one (spec §3.6; a
    knight does the same, house-rules.md ruling 5)."""
    if not geese_may_land(game, tile):
        return Refusal.GEESE_TILE
    candidates = victims(game, TileId(tile))
    if (victim is None and candidates) or (victim is not None and victim not in candidates):
        return Refusal.VICTIM
    return None


def _stealing(
    game: Game, moved: AnyEvent, victim: Colour | None, chance: Chance
) -> tuple[AnyEvent, ...]:
    """Return the geese's move (placed, or by a knight), then the unit the mover steals
    from `victim`, if one is named, drawn from what they hold (spec §3.6)."""
    if victim is None:
        return (moved,)
    stolen = chance.unit(game.students[victim].resources)
    return (moved, ResourceStolen(thief=game.turn, victim=victim, resource=stolen))


def _win_check(game: Game) -> tuple[AnyEvent, ...]:
    """Return GameWon if one more course criterion (or a vp played, house-rules.md ruling 4)
    brings the student to 10 (spec §4.4)."""
    if course_criteria(game, game.turn) + 1 >= game.rules.points_to_win:
        return (GameWon(colour=game.turn),)
    return ()


def _roll(game: Game, value: int | None, chance: Chance) -> tuple[AnyEvent, ...]:
    """Roll: the loaded value given, or two fair dice drawn now (spec §2.8)."""
    colour = game.turn
    if value is not None:
        rolled = DiceRolled(colour=colour, roll=value)
    else:
        dice = chance.dice()
        rolled = DiceRolled(colour=colour, roll=dice[0] + dice[1], dice=dice)
    if rolled.roll == GEESE_ROLL:
        return (rolled, *_geese_losses(game, chance))
    return (rolled, *_production(game, rolled.roll))


def _producers(board: Board) -> dict[int, tuple[tuple[int, Resource], ...]]:
    """Return, for each value, the tiles of `board` that produce on it and their resources.

    NETFLIX produces nothing (spec §2.2).  Boards are immutable, so the table
    never goes stale.
    """
    producers: dict[int, list[tuple[int, Resource]]] = {}
    for tile_id, tile in enumerate(board):
        if tile.resource is not Resource.NETFLIX:
            producers.setdefault(tile.value, []).append((tile_id, tile.resource))
    return {value: tuple(tiles) for value, tiles in producers.items()}


_PRODUCERS = PerBoard(_producers)


def harvest(game: Game, roll: int) -> list[list[int]]:
    """Return what each student would gain if `roll` were rolled now, by colour and resource.

    Every completed criterion on a tile with that value yields its level in
    the tile's resource, unless the geese sit on the tile; NETFLIX yields
    nothing (spec §3.5.2, §2.3).  Computer players ask this too, so it is
    the one place production is worked out.
    """
    gains = [[0] * 5 for _ in COLOURS]
    owner, level = game.criterion_owner, game.criterion_level
    for tile_id, resource in _PRODUCERS.of(game.board).get(roll, ()):
        if tile_id == game.geese:
            continue
        for criterion in TILE_CRITERIA[tile_id]:
            if owner[criterion] != NOBODY:
                gains[owner[criterion]][resource] += level[criterion]
    return gains


def _production(game: Game, roll: int) -> tuple[AnyEvent, ...]:
    """Return what each student gains from `roll`, in student order (spec §3.5.2, §3.5.5)."""
    return tuple([
        ResourcesProduced(colour=colour, gained=(g[0], g[1], g[2], g[3], g[4]))
        for colour, g in zip(COLOURS, harvest(game, roll), strict=True)
        if any(g)
    ])


def _geese_losses(game: Game, chance: Chance) -> tuple[AnyEvent, ...]:
    """Return each loss to the geese, in student order (spec §3.6, RULINGS 14, 29).

    A student holding 10 or more (8 or more with seven-over-7, house-rules.md
    ruling 6: the rules' `losses_from`) loses half, rounded down, one unit at
    a time, each unit drawn in proportion to what remains; `Chance.losses`
    draws the counts that gives, in a time that does not grow with them.
    """
    losses: list[AnyEvent] = []
    for colour in COLOURS:
        holding = game.students[colour].resources
        count = total(holding)
        if count < game.rules.losses_from:
            continue
        losses.append(ResourcesLost(colour=colour, lost=chance.losses(holding, count // 2)))
    return tuple(losses)
