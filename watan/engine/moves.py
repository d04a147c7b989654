"""The legal moves: every whole command the rules allow now, for computer players.

The candidates are the commands that could possibly be allowed (a goal next
to the student's own network, the student's own criteria to improve, ...);
each is kept only if `decide.refusal` allows it.  So a command is listed
exactly when `decide` would carry it out: the rules have one source.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

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
    Trade,
    TradeWithBank,
)
from watan.engine.decide import (
    Refused,
    achieve_refusal,
    complete_refusal,
    decide,
    improve_refusal,
    level_cost,
    refusal,
    victims,
)
from watan.engine.dice import HIGHEST_ROLL, LOWEST_ROLL
from watan.engine.evolve import apply
from watan.engine.members import AFTER_ROLL, ASSIGNMENT, EXAM
from watan.engine.resources import HELD, covers
from watan.engine.state import COLOURS, Game, Phase
from watan.engine.topology import (
    CRITERION_COUNT,
    CRITERION_GOALS,
    GOAL_CRITERIA,
    GOAL_NEIGHBOURS,
    TILE_COUNT,
    GoalId,
    TileId,
)


def tried(game: Game, command: AnyCommand, rng: random.Random) -> Game | None:
    """Return the game after `command` on the real rules (`decide`, then `apply`), or None
    if they refuse it: how a computer looks ahead without a second rules engine."""
    try:
        events = decide(game, command, rng)
    except Refused:
        return None
    for event in events:  # `fold`, as a loop: compiled, `apply` is called natively
        game = apply(game, event)
    return game


def legal_commands(game: Game) -> list[AnyCommand]:
    """Return every command `decide` accepts in `game`, in a fixed order."""
    return [command for command in _candidates(game) if refusal(game, command) is None]


def legal_builds(game: Game) -> list[AnyCommand]:
    """Return the achievements, completions and improvements `decide` accepts now."""
    # `_build_candidates`, kind by kind, each asked of its own kind's rule (`refusal`'s
    # case for it): asked on every move, so without a generator or a match.
    legal: list[AnyCommand] = []
    for achieve in _achievements(game):
        if achieve_refusal(game, achieve.goal) is None:
            legal.append(achieve)
    for complete in _completions(game):
        if complete_refusal(game, complete.criterion) is None:
            legal.append(complete)
    for improve in _improvements(game):
        if improve_refusal(game, improve.criterion) is None:
            legal.append(improve)
    return legal


def legal_house_moves(game: Game) -> list[AnyCommand]:
    """Return the house rules' commands `decide` accepts now: bank trades, buying a card and
    playing one (house-rules.md); none in a game without them."""
    return [command for command in _house_candidates(game) if refusal(game, command) is None]


def _candidates(game: Game) -> Iterator[AnyCommand]:
    """Yield a superset of the legal commands, each once."""
    student = game.students[game.turn]
    match game.phase:
        case Phase.SETUP:
            yield from (Complete(criterion=c) for c in range(CRITERION_COUNT))
        case Phase.BEFORE_ROLL:
            yield from (ChooseDice(loaded=loaded) for loaded in (False, True))  # a no-op is legal
            if student.loaded_dice:
                yield from (Roll(value=v) for v in range(LOWEST_ROLL, HIGHEST_ROLL + 1))
            else:
                yield Roll()
            yield from _house_candidates(game)
        case Phase.GEESE:
            for tile in range(TILE_COUNT):
                robbed = victims(game, TileId(tile))
                yield from (PlaceGeese(tile=tile, victim=v) for v in robbed or (None,))
        case Phase.AFTER_ROLL:
            yield from _build_candidates(game)
            # Only students other than the proposer, offering what the proposer holds,
            # can pass `offer_refusal`; the rest are not worth asking about.
            for partner in COLOURS:
                if partner == game.turn:
                    continue
                for give in HELD:
                    if not student.resources[give]:
                        continue
                    for take in HELD:
                        yield Trade(partner=partner, give=give, take=take, accepted=False)
                        yield Trade(partner=partner, give=give, take=take, accepted=True)
            yield from _house_candidates(game)
            yield Next()
        case Phase.OVER:
            pass


def _house_candidates(game: Game) -> Iterator[AnyCommand]:
    """Yield the house rules' commands that could be allowed: bank trades of what the student
    holds enough of, a card bought, each card the student holds played."""
    rules, student = game.rules, game.students[game.turn]
    held = student.resources
    if rules.bank_rate is not None and game.phase is AFTER_ROLL:
        for give in HELD:
            if held[give] >= rules.bank_rate:
                yield from (TradeWithBank(give=give, take=take) for take in HELD if take != give)
    if not rules.cards:
        return
    if game.phase is AFTER_ROLL:
        yield BuyCard()
    knights, points, monopolies = student.cards
    if knights:
        for tile in range(TILE_COUNT):
            robbed = victims(game, TileId(tile))
            yield from (PlayKnight(tile=tile, victim=v) for v in robbed or (None,))
    if monopolies:
        yield from (PlayMonopoly(resource=resource) for resource in HELD)
    if points:
        yield PlayPoint()


def _build_candidates(game: Game) -> Iterator[AnyCommand]:
    """Yield the builds that could be allowed, kind by kind (see `build_candidates`)."""
    for kind in BUILD_KINDS:
        yield from build_candidates(game, kind)


BuildKind = type[Achieve] | type[Complete] | type[Improve]
BUILD_KINDS: tuple[BuildKind, ...] = (Achieve, Complete, Improve)
"""The kinds of build, in the order `legal_builds` lists them."""


def affordable(game: Game, kind: BuildKind) -> bool:
    """Return whether the student could pay for some build of `kind` now (spec §3.5.3).

    When it cannot, no build of that kind is allowed: `build_candidates` is empty.
    """
    student = game.students[game.turn]
    held = student.resources
    if kind is Achieve:
        return covers(held, game.rules.goal_cost)
    if kind is Complete:
        return bool(student.goals) and covers(held, level_cost(game, ASSIGNMENT))
    level, prices = game.criterion_level, game.rules.level_costs
    for criterion in student.criteria:
        now = level[criterion]
        if now < EXAM and covers(held, prices[now]):  # the price of level now + 1
            return True
    return False


def build_candidates(game: Game, kind: BuildKind) -> Sequence[AnyCommand]:
    """Return the builds of `kind` that could be allowed now: a superset of the legal ones.

    They are near the student's network (a goal touching it, a criterion at
    the end of one of its goals) or its own criteria to improve.  A build the
    student cannot pay for is never allowed, so an unaffordable kind is empty
    (most turns, every kind is); `refusal` judges each of the rest.
    """
    if kind is Achieve:
        return _achievements(game)
    if kind is Complete:
        return _completions(game)
    return _improvements(game)


def _achievements(game: Game) -> list[Achieve]:
    """Return `build_candidates` of goals: those touching the student's network."""
    if not covers(game.students[game.turn].resources, game.rules.goal_cost):
        return []
    return [Achieve(goal=g) for g in sorted(_goals_near(game))]


def _completions(game: Game) -> list[Complete]:
    """Return `build_candidates` of assignments: the ends of the student's goals."""
    student = game.students[game.turn]
    if not student.goals or not covers(student.resources, level_cost(game, ASSIGNMENT)):
        return []
    ends = {c for g in student.goals for c in GOAL_CRITERIA[g]}
    return [Complete(criterion=c) for c in sorted(ends)]


def _improvements(game: Game) -> list[Improve]:
    """Return `build_candidates` of improvements: the student's criteria it can pay for."""
    student = game.students[game.turn]
    held = student.resources
    improvable: list[Improve] = []
    for criterion in student.criteria:
        level = game.criterion_level[criterion]
        if level < EXAM and covers(held, level_cost(game, level + 1)):
            improvable.append(Improve(criterion=criterion))
    return improvable


def _goals_near(game: Game) -> set[GoalId]:
    """Return the goals touching the current student's criteria or goals."""
    student = game.students[game.turn]
    near = {g for c in student.criteria for g in CRITERION_GOALS[c]}
    near.update(h for g in student.goals for h in GOAL_NEIGHBOURS[g])
    return near
