"""The legal moves are exactly the commands `decide` carries out, both ways."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import WATAN
from watan.engine.commands import (
    Achieve,
    AnyCommand,
    ChooseDice,
    Complete,
    Improve,
    Next,
    Offer,
    PlaceGeese,
    Roll,
    Trade,
)
from watan.engine.decide import (
    Refused,
    achieve_refusal,
    complete_refusal,
    decide,
    improve_refusal,
    refusal,
)
from watan.engine.events import GameStarted
from watan.engine.evolve import apply, start
from watan.engine.layout import random_board
from watan.engine.moves import (
    BUILD_KINDS,
    affordable,
    build_candidates,
    legal_builds,
    legal_commands,
)
from watan.engine.resources import Resource
from watan.engine.state import COLOURS, Game, Phase
from watan.engine.topology import CRITERION_COUNT, GOAL_COUNT
from watan.players.randomly import RandomPlayer


def universe() -> Iterator[AnyCommand]:
    """Yield every command worth asking about, allowed or not, numbers past the board too."""
    yield from (Complete(criterion=c) for c in range(-1, 56))
    yield from (Improve(criterion=c) for c in range(-1, 56))
    yield from (Achieve(goal=g) for g in range(-1, 74))
    yield from (ChooseDice(loaded=loaded) for loaded in (False, True))
    yield from (Roll(value=v) for v in (None, *range(0, 14)))
    for tile in range(-1, 20):
        yield from (PlaceGeese(tile=tile, victim=v) for v in (None, *COLOURS))
    for partner in COLOURS:
        for give in Resource:
            for take in Resource:
                yield from (
                    Trade(partner=partner, give=give, take=take, accepted=answer)
                    for answer in (False, True)
                )
    yield Next()


UNIVERSE = tuple(universe())


def accepted(game: Game, command: AnyCommand) -> bool:
    try:
        decide(game, command, random.Random(0))
    except Refused:
        return False
    return True


def states(seed: int, count: int) -> list[Game]:
    """Return `count` states met in a random game: loaded dice sometimes, 7s, builds, a win."""
    rng = random.Random(seed)
    game = start(
        GameStarted(edition=WATAN.name, rules=WATAN.rules, seed=seed, board=random_board(rng))
    )
    player = RandomPlayer(random.Random(seed + 1))
    seen = [game]
    while len(seen) < count and game.phase is not Phase.OVER:
        command: AnyCommand
        if game.phase in (Phase.AFTER_ROLL, Phase.GEESE):
            chosen = player.move(game)  # builds and steals, not only trades
            if isinstance(chosen, Offer):
                chosen = chosen.answered(player.answer(game, chosen))
            command = chosen
        else:
            command = rng.choice(legal_commands(game))  # dice choices and loaded rolls too
        for event in decide(game, command, rng):
            game = apply(game, event)
        seen.append(game)
    return seen


@pytest.mark.slow  # random whole games, every command tried
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_decide_accepts_a_command_exactly_when_the_legal_moves_list_it(seed: int) -> None:
    for game in states(seed, 400)[::7]:
        listed = legal_commands(game)
        assert len(set(listed)) == len(listed)
        assert {c for c in UNIVERSE if accepted(game, c)} == set(listed), game.phase


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_the_legal_builds_are_the_legal_moves_that_build(seed: int) -> None:
    for game in states(seed, 400)[::5]:
        builds = [c for c in legal_commands(game) if isinstance(c, Achieve | Complete | Improve)]
        assert legal_builds(game) == (builds if game.phase is Phase.AFTER_ROLL else [])


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_each_builds_own_refusal_is_the_rules_refusal(seed: int) -> None:
    # The legal builds ask each kind's rule directly: it must say what `refusal` says, in
    # every phase (setup's free placements included), of every place.
    for game in states(seed, 300)[::9]:
        for goal in range(GOAL_COUNT):
            assert achieve_refusal(game, goal) == refusal(game, Achieve(goal=goal))
        for criterion in range(CRITERION_COUNT):
            assert complete_refusal(game, criterion) == refusal(game, Complete(criterion=criterion))
            assert improve_refusal(game, criterion) == refusal(game, Improve(criterion=criterion))


def test_a_won_game_has_no_legal_moves() -> None:
    game = states(3, 10**6)[-1]
    assert (game.phase, legal_commands(game)) == (Phase.OVER, [])


@pytest.mark.parametrize("loaded", [False, True])
def test_before_the_roll_the_moves_are_the_dice_choice_and_the_rolls(loaded: bool) -> None:
    game = next(g for g in states(5, 200) if g.phase is Phase.BEFORE_ROLL)
    students = tuple(
        s if c != game.turn else type(s)(resources=s.resources, goals=s.goals,
                                          criteria=s.criteria, loaded_dice=loaded)
        for c, s in zip(COLOURS, game.students, strict=True)
    )
    game = type(game)(**{**{f: getattr(game, f) for f in game.__struct_fields__},
                         "students": students})
    rolls: list[AnyCommand] = (
        [Roll(value=v) for v in range(2, 13)] if loaded else [Roll()]
    )
    dice: list[AnyCommand] = [ChooseDice(loaded=False), ChooseDice(loaded=True)]
    assert legal_commands(game) == [*dice, *rolls]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_each_kinds_candidates_hold_its_legal_builds_and_none_when_unaffordable(seed: int) -> None:
    # The fast path (`affordable`, `build_candidates`) never disagrees with `refusal`.
    for game in states(seed, 400):
        if game.phase is not Phase.AFTER_ROLL:
            continue
        legal = set(legal_builds(game))
        for kind in BUILD_KINDS:
            candidates = build_candidates(game, kind)
            allowed = {c for c in candidates if accepted(game, c)}
            assert allowed == {c for c in legal if isinstance(c, kind)}
            if not affordable(game, kind):
                assert candidates == [] and allowed == set()
