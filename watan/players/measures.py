"""What computer players measure about a position: production, prices, what a student lacks.

Every measure reads the game through the rules' own questions (`harvest`,
`refusal` through the legal moves, the rules' prices), so a strategy
never second-guesses what the rules allow.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from typing import Final

from watan.engine.decide import level_cost
from watan.engine.dice import ROLLS, WAYS
from watan.engine.layout import Board
from watan.engine.members import EXAM
from watan.engine.resources import Resource, Resources
from watan.engine.rules import GEESE_ROLL
from watan.engine.state import COLOURS, NOBODY, Colour, Game, course_criteria
from watan.engine.tables import PerBoard
from watan.engine.topology import (
    CRITERION_COUNT,
    CRITERION_GOALS,
    CRITERION_NEIGHBOURS,
    CRITERION_TILES,
    GOAL_CRITERIA,
    CriterionId,
)
from watan.players.memo import Memo, network_key

PIPS: Final[tuple[int, ...]] = tuple(
    0 if value == GEESE_ROLL else ways for value, ways in enumerate(WAYS)
)
"""How many of the `ROLLS` (36) rolls of two fair dice give each value that produces (a 7 moves the
geese instead, spec §3.6)."""

Weights = tuple[float, float, float, float, float]


def criterion_tiles(board: Board) -> tuple[tuple[tuple[int, Resource, int], ...], ...]:
    """Return, for each criterion, its producing tiles as (tile, resource, value)."""
    return _CRITERION_TILES.of(board)


def _criterion_tiles(board: Board) -> tuple[tuple[tuple[int, Resource, int], ...], ...]:
    return tuple(
        tuple(
            (tile, board[tile].resource, board[tile].value)
            for tile in CRITERION_TILES[criterion]
            if board[tile].resource is not Resource.NETFLIX
        )
        for criterion in range(CRITERION_COUNT)
    )


_CRITERION_TILES = PerBoard(_criterion_tiles)


def points(game: Game, colour: Colour) -> int:
    """Return a student's course criteria: what wins the game (spec §4.4)."""
    return course_criteria(game, colour)


def leader(game: Game, among: tuple[Colour, ...] = COLOURS) -> Colour:
    """Return the student with the most course criteria (then the most resources)."""
    return max(among, key=lambda c: (points(game, c), sum(game.students[c].resources)))


def spot_value(game: Game, criterion: int, weights: Weights) -> float:
    """Return what one level at `criterion` yields on average per roll, weighted by `weights`.

    The geese's tile yields nothing while they stay (spec §2.3).
    """
    return sum(
        (
            PIPS[value] * weights[resource]
            for tile, resource, value in criterion_tiles(game.board)[criterion]
            if tile != game.geese
        ),
        0.0,
    ) / ROLLS


_EVEN_SPOTS: Memo[tuple[float, ...]] = Memo()


def even_spot_values(game: Game) -> tuple[float, ...]:
    """Return `spot_value` with `EVEN` weights for every criterion, worked out once for each
    tile the geese sit on."""
    answers = _EVEN_SPOTS.answers(game)
    found = answers.get(game.geese)
    if found is None:
        found = answers[game.geese] = tuple(
            spot_value(game, criterion, EVEN) for criterion in range(CRITERION_COUNT)
        )
    return found


def roll_gain(gained: list[int], weights: Weights) -> float:
    """Return the value of an amount gained (`harvest`'s five counts), resource by resource:
    `weighed`."""
    return weighed((gained[0], gained[1], gained[2], gained[3], gained[4]), weights)


def weighed(amount: Resources, weights: Weights) -> float:
    """Return what an amount is worth, each resource at its weight: summed from 0.0 in the
    resources' order, read by constant index (the compiled build keeps it native)."""
    return (
        0.0
        + amount[0] * weights[0]
        + amount[1] * weights[1]
        + amount[2] * weights[2]
        + amount[3] * weights[3]
        + amount[4] * weights[4]
    )


def shortfall(held: Resources, cost: Resources) -> Resources:
    """Return what is missing from `held` to pay `cost`."""
    return (
        max(0, cost[0] - held[0]),
        max(0, cost[1] - held[1]),
        max(0, cost[2] - held[2]),
        max(0, cost[3] - held[3]),
        max(0, cost[4] - held[4]),
    )


def lacking(held: Resources, cost: Resources) -> int:
    """Return how many units `held` is short of paying `cost`: the sum of `shortfall`."""
    short = 0
    if cost[0] > held[0]:
        short += cost[0] - held[0]
    if cost[1] > held[1]:
        short += cost[1] - held[1]
    if cost[2] > held[2]:
        short += cost[2] - held[2]
    if cost[3] > held[3]:
        short += cost[3] - held[3]
    if cost[4] > held[4]:
        short += cost[4] - held[4]
    return short


_OPEN: Memo[tuple[bool, ...]] = Memo()


def open_spots(game: Game) -> tuple[bool, ...]:
    """Return `open_spot` for every criterion, worked out once for each set of owners."""
    answers = _OPEN.answers(game)
    owner = game.criterion_owner
    found = answers.get(owner)
    if found is None:
        found = answers[owner] = tuple(
            owner[c] == NOBODY and all(owner[n] == NOBODY for n in CRITERION_NEIGHBOURS[c])
            for c in range(CRITERION_COUNT)
        )
    return found


def open_spot(game: Game, criterion: int) -> bool:
    """Return whether anyone could still complete `criterion`: free, no completed neighbour."""
    owner = game.criterion_owner
    return owner[criterion] == NOBODY and all(
        owner[n] == NOBODY for n in CRITERION_NEIGHBOURS[criterion]
    )


_REACHABLE: Memo[AbstractSet[CriterionId]] = Memo()
_FRONTIER: Memo[Mapping[int, int]] = Memo()
_DISTANCES: Memo[Mapping[int, int]] = Memo()


def reachable_spots(game: Game, colour: Colour) -> AbstractSet[CriterionId]:
    """Return the open criteria at the end of one of the student's goals: completable now."""
    return _REACHABLE.about(game, colour, network_key, _reachable_spots)


def _reachable_spots(game: Game, colour: Colour) -> set[CriterionId]:
    student = game.students[colour]
    return {
        end
        for goal in student.goals
        for end in GOAL_CRITERIA[goal]
        if open_spot(game, end)
    }


def frontier_goals(game: Game, colour: Colour) -> Mapping[int, int]:
    """Return each free goal that extends the student's network, with the criterion it reaches.

    A goal touching one of the student's criteria or goals may be achieved (spec
    §3.3); the criterion it reaches is its end away from the network.
    """
    return _FRONTIER.about(game, colour, network_key, _frontier_goals)


def _frontier_goals(game: Game, colour: Colour) -> dict[int, int]:
    student = game.students[colour]
    owner, goal_owner = game.criterion_owner, game.goal_owner
    network = set(student.criteria) | {c for g in student.goals for c in GOAL_CRITERIA[g]}
    reached: dict[int, int] = {}
    for criterion in network:
        if owner[criterion] not in (NOBODY, colour):
            continue  # another student's criterion does not carry one's network on
        for goal in CRITERION_GOALS[criterion]:
            if goal_owner[goal] != NOBODY:
                continue
            a, b = GOAL_CRITERIA[goal]
            reached[goal] = b if a == criterion else a
    return reached


def goal_distances(game: Game, colour: Colour) -> Mapping[int, int]:
    """Return, for each goal the student may achieve now, how many more goals lead from it to
    an open spot (0: its far end is open), up to `MOST_DISTANT`; goals leading nowhere are
    left out.

    Paths run over free goals and never through another student's criterion (spec §3.3).
    Worked out once for each network (`watan.players.memo`): it is the costliest measure.
    """
    return _DISTANCES.about(game, colour, network_key, _goal_distances)


MOST_DISTANT: Final = 4
"""Goals beyond the first that a path to an open spot is followed for."""


def _goal_distances(game: Game, colour: Colour) -> dict[int, int]:
    owner, goal_owner = game.criterion_owner, game.goal_owner
    firsts = frontier_goals(game, colour)
    found: dict[int, int] = {}
    if not firsts:
        return found
    is_open = open_spots(game)
    for first, end in firsts.items():
        seen = {end}
        layer: list[int] = [end]
        for depth in range(MOST_DISTANT + 1):
            if any(is_open[c] for c in layer):
                found[first] = depth
                break
            nxt: list[int] = []
            for criterion in layer:
                if owner[criterion] not in (NOBODY, colour):
                    continue
                for goal in CRITERION_GOALS[criterion]:
                    if goal_owner[goal] != NOBODY:
                        continue
                    for far in GOAL_CRITERIA[goal]:
                        if far not in seen:
                            seen.add(far)
                            nxt.append(far)
            layer = nxt
    return found


def improvement_cost(game: Game, criterion: int) -> Resources | None:
    """Return the price of the next level at one's `criterion`, or None at an exam."""
    level = game.criterion_level[criterion]
    return None if level >= EXAM else level_cost(game, level + 1)


EVEN: Final[Weights] = (1.0, 1.0, 1.0, 1.0, 1.0)
