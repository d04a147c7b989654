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
from watan.events import (
    AnyEvent,
    CriterionCompleted,
    CriterionImproved,
    DiceChosen,
    DiceRolled,
    GameWon,
    GeeseMoved,
    GoalAchieved,
    ResourcesLost,
    ResourcesProduced,
    ResourceStolen,
    TradeAccepted,
    TradeDeclined,
    TurnEnded,
)
from watan.evolve import GEESE_ROLL
from watan.resources import NONE, Resource, Resources, add, covers, single, subtract, total, unit_at
from watan.state import (
    COLOURS,
    NOBODY,
    WINNING_CRITERIA,
    Colour,
    Completion,
    Game,
    Phase,
    course_criteria,
    has_completed_neighbour,
    touches_own_goal,
)
from watan.topology import (
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

GOAL_COST: Resources = (0, 0, 0, 1, 1)
"""One STUDY and one TUTORIAL (spec §2.6, RULINGS 23)."""

COMPLETION_COST: dict[int, Resources] = {
    Completion.ASSIGNMENT: (1, 1, 1, 0, 1),
    Completion.MIDTERM: (0, 0, 2, 3, 0),
    Completion.EXAM: (3, 2, 2, 2, 1),
}
"""The price of each completion level (spec §2.4.1, RULINGS 23)."""

LOSS_THRESHOLD = 10
"""Students holding this many resources or more lose half to the geese (spec §3.6)."""

LOWEST_ROLL, HIGHEST_ROLL = 2, 12


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


class RandomChance:
    """Chance drawn from an explicit random generator, never the global one."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def dice(self) -> tuple[int, int]:
        return (self._rng.randint(1, 6), self._rng.randint(1, 6))

    def unit(self, held: Resources) -> Resource:
        return unit_at(held, self._rng.randrange(total(held)))


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
    match command:
        case Complete(criterion=criterion):
            if game.phase is Phase.SETUP:
                return _place_initial(game, criterion)
            _require(game, Phase.AFTER_ROLL)
            return _complete(game, criterion)
        case Improve(criterion=criterion):
            _require(game, Phase.AFTER_ROLL)
            return _improve(game, criterion)
        case Achieve(goal=goal):
            _require(game, Phase.AFTER_ROLL)
            return _achieve(game, goal)
        case ChooseDice(loaded=loaded):
            _require(game, Phase.BEFORE_ROLL)
            if game.students[game.turn].loaded_dice == loaded:
                return ()
            return (DiceChosen(colour=game.turn, loaded=loaded),)
        case Roll(value=value):
            _require(game, Phase.BEFORE_ROLL)
            return _roll(game, value, chance)
        case PlaceGeese(tile=tile, victim=victim):
            _require(game, Phase.GEESE)
            return _place_geese(game, tile, victim, chance)
        case Trade(partner=partner, give=give, take=take, accepted=accepted):
            check_offer(game, partner, give, take)
            if not accepted:
                return (TradeDeclined(proposer=game.turn, partner=partner, give=give, take=take),)
            if not covers(game.students[partner].resources, single(take)):
                raise Refused(Refusal.NOT_ENOUGH_RESOURCES)
            return (TradeAccepted(proposer=game.turn, partner=partner, give=give, take=take),)
        case Next():
            _require(game, Phase.AFTER_ROLL)
            return (TurnEnded(colour=game.turn),)
        case _:
            assert_never(command)


def check_offer(game: Game, partner: Colour, give: Resource, take: Resource) -> None:
    """Refuse a trade that may not even be offered (RULINGS 12, 27).

    Trading is for after the roll, with another student, in held
    resources; the proposer must hold what they offer.  Whether the partner
    holds what is asked is only checked when they say yes.
    """
    _require(game, Phase.AFTER_ROLL)
    if partner == game.turn or Resource.NETFLIX in (give, take):
        raise Refused(Refusal.INVALID_COMMAND)
    if not covers(game.students[game.turn].resources, single(give)):
        raise Refused(Refusal.NOT_ENOUGH_RESOURCES)


def check_geese_tile(game: Game, tile: int) -> TileId:
    """Return `tile` if the geese may move there: any tile but their own (RULINGS 8, 13)."""
    if not is_tile(tile) or tile == game.geese:
        raise Refused(Refusal.GEESE_TILE)
    return TileId(tile)


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


def _require(game: Game, phase: Phase) -> None:
    """Refuse a command given at the wrong stage of a turn (RULINGS 9, 27)."""
    if game.phase is not phase:
        raise Refused(Refusal.INVALID_COMMAND)


def _place_initial(game: Game, criterion: int) -> tuple[AnyEvent, ...]:
    """Place a free initial assignment: free, with no completed neighbour (spec §3.1, §4.1)."""
    if (
        not is_criterion(criterion)
        or game.criterion_owner[criterion] != NOBODY
        or has_completed_neighbour(game, CriterionId(criterion))
    ):
        raise Refused(Refusal.CANNOT_BUILD)
    return (CriterionCompleted(colour=game.turn, criterion=CriterionId(criterion), cost=NONE),)


def _complete(game: Game, criterion: int) -> tuple[AnyEvent, ...]:
    """Complete an assignment after the roll (spec §3.1, RULINGS 11)."""
    colour = game.turn
    if (
        not is_criterion(criterion)
        or game.criterion_owner[criterion] != NOBODY
        or has_completed_neighbour(game, CriterionId(criterion))
        or not touches_own_goal(game, colour, CriterionId(criterion))
    ):
        raise Refused(Refusal.CANNOT_BUILD)
    cost = _afford(game, COMPLETION_COST[Completion.ASSIGNMENT])
    completed = CriterionCompleted(colour=colour, criterion=CriterionId(criterion), cost=cost)
    return (completed, *_win_check(game, 1))


def _improve(game: Game, criterion: int) -> tuple[AnyEvent, ...]:
    """Improve one's own criterion by one level, up to an exam (spec §3.2)."""
    colour = game.turn
    if (
        not is_criterion(criterion)
        or game.criterion_owner[criterion] != colour
        or game.criterion_level[criterion] >= Completion.EXAM
    ):
        raise Refused(Refusal.CANNOT_BUILD)
    level = game.criterion_level[criterion] + 1
    cost = _afford(game, COMPLETION_COST[level])
    improved = CriterionImproved(
        colour=colour, criterion=CriterionId(criterion), level=level, cost=cost
    )
    return (improved, *_win_check(game, 1))


def _achieve(game: Game, goal: int) -> tuple[AnyEvent, ...]:
    """Achieve a free goal next to one's own criterion or goal (spec §3.3, RULINGS 11)."""
    colour = game.turn
    if not is_goal(goal) or game.goal_owner[goal] != NOBODY:
        raise Refused(Refusal.CANNOT_BUILD)
    owner = game.criterion_owner
    goal_owner = game.goal_owner
    connected = any(owner[c] == colour for c in GOAL_CRITERIA[goal]) or any(
        goal_owner[g] == colour for g in GOAL_NEIGHBOURS[goal]
    )
    if not connected:
        raise Refused(Refusal.CANNOT_BUILD)
    cost = _afford(game, GOAL_COST)
    return (GoalAchieved(colour=colour, goal=GoalId(goal), cost=cost),)


def _afford(game: Game, cost: Resources) -> Resources:
    """Return `cost` if the current student can pay it (spec §3.5.3)."""
    if not covers(game.students[game.turn].resources, cost):
        raise Refused(Refusal.NOT_ENOUGH_RESOURCES)
    return cost


def _win_check(game: Game, gained: int) -> tuple[AnyEvent, ...]:
    """Return GameWon if `gained` more course criteria bring the student to 10 (spec §4.4)."""
    if course_criteria(game, game.turn) + gained >= WINNING_CRITERIA:
        return (GameWon(colour=game.turn),)
    return ()


def _roll(game: Game, value: int | None, chance: Chance) -> tuple[AnyEvent, ...]:
    """Roll: the loaded value given, or two fair dice drawn now (spec §2.8)."""
    colour = game.turn
    if game.students[colour].loaded_dice:
        if value is None or not LOWEST_ROLL <= value <= HIGHEST_ROLL:
            raise Refused(Refusal.INVALID_ROLL)
        rolled = DiceRolled(colour=colour, roll=value)
    else:
        if value is not None:
            raise Refused(Refusal.INVALID_ROLL)
        dice = chance.dice()
        rolled = DiceRolled(colour=colour, roll=dice[0] + dice[1], dice=dice)
    if rolled.roll == GEESE_ROLL:
        return (rolled, *_geese_losses(game, chance))
    return (rolled, *_production(game, rolled.roll))


def _production(game: Game, roll: int) -> tuple[AnyEvent, ...]:
    """Return what each student gains from `roll`, in student order (spec §3.5.2, §2.3).

    Every completed criterion on a tile with that value yields its level in
    the tile's resource, unless the geese sit on the tile; NETFLIX yields
    nothing.
    """
    gains = [[0] * 5 for _ in COLOURS]
    owner, level = game.criterion_owner, game.criterion_level
    for tile_id, tile in enumerate(game.board):
        if tile.value != roll or tile_id == game.geese or tile.resource is Resource.NETFLIX:
            continue
        for criterion in TILE_CRITERIA[tile_id]:
            if owner[criterion] != NOBODY:
                gains[owner[criterion]][tile.resource] += level[criterion]
    return tuple(
        ResourcesProduced(colour=colour, gained=(g[0], g[1], g[2], g[3], g[4]))
        for colour, g in zip(COLOURS, gains, strict=True)
        if any(g)
    )


def _geese_losses(game: Game, chance: Chance) -> tuple[AnyEvent, ...]:
    """Return each loss to the geese, in student order (spec §3.6, RULINGS 14, 29).

    A student holding 10 or more loses half, rounded down, one unit at a
    time, each unit drawn in proportion to what remains.
    """
    losses: list[AnyEvent] = []
    for colour in COLOURS:
        held = game.students[colour].resources
        count = total(held)
        if count < LOSS_THRESHOLD:
            continue
        lost = NONE
        for _ in range(count // 2):
            lost = add(lost, single(chance.unit(subtract(held, lost))))
        losses.append(ResourcesLost(colour=colour, lost=lost))
    return tuple(losses)


def _place_geese(
    game: Game, tile: int, victim: Colour | None, chance: Chance
) -> tuple[AnyEvent, ...]:
    """Move the geese and rob one unit from a victim on the tile (spec §3.6)."""
    tile_id = check_geese_tile(game, tile)
    candidates = victims(game, tile_id)
    moved = GeeseMoved(colour=game.turn, tile=tile_id)
    if not candidates and victim is None:
        return (moved,)
    if victim not in candidates or victim is None:
        raise Refused(Refusal.VICTIM)
    stolen = chance.unit(game.students[victim].resources)
    return (moved, ResourceStolen(thief=game.turn, victim=victim, resource=stolen))

