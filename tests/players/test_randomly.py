"""`random`: a build when it can, else a kind of move at random; aimed rolls; good places."""

from __future__ import annotations

import random
from collections import Counter

from tests.positions import make_game
from watan.engine.commands import Achieve, Complete, Improve, Next, Offer, Roll
from watan.engine.decide import offer_refusal
from watan.engine.layout import Board
from watan.engine.moves import legal_builds
from watan.engine.resources import Resource
from watan.engine.state import Colour, Game, Phase
from watan.players.measures import (
    even_spot_values,
    frontier_goals,
    open_spot,
    reachable_spots,
)
from watan.players.randomly import RandomPlayer

BLUE, RED, ORANGE = Colour.BLUE, Colour.RED, Colour.ORANGE


def _moves(game: Game, seed: int = 5, draws: int = 2000) -> Counter[object]:
    """Return how often the random player, one generator throughout, makes each move."""
    player = RandomPlayer(random.Random(seed))
    return Counter(player.move(game) for _ in range(draws))


def test_after_the_roll_a_course_criterion_comes_first(sample_board: Board) -> None:
    # Blue can achieve goals and improve 20 to a midterm (two LECTURE, three STUDY: RULINGS
    # 23), but completes nothing (no goal yet): the improvement, every time.
    game = make_game(sample_board, criteria={20: (BLUE, 1)}, resources={BLUE: (0, 0, 2, 4, 1)})
    assert any(isinstance(c, Achieve) for c in legal_builds(game))
    assert _moves(game) == Counter({Improve(criterion=20): 2000})


def test_a_goal_is_achieved_when_no_criterion_can_be_built_each_allowed_one_alike(
    sample_board: Board,
) -> None:
    # One STUDY and one TUTORIAL: a goal (spec §3.3), any of those touching criterion 20.
    game = make_game(sample_board, criteria={20: (BLUE, 1)}, resources={BLUE: (0, 0, 0, 1, 1)})
    goals = {c for c in legal_builds(game) if isinstance(c, Achieve)}
    seen = _moves(game)
    assert set(seen) == goals and len(goals) > 1
    assert max(seen.values()) - min(seen.values()) < 2000 / len(goals) / 2


def test_with_a_spot_in_reach_it_saves_for_the_assignment_rather_than_a_goal(
    sample_board: Board,
) -> None:
    # Two goals of Blue's lead from 20 to an open spot: a STUDY and a TUTORIAL are not spent
    # on a third.
    game = make_game(sample_board, criteria={20: (BLUE, 1)})
    first = min(frontier_goals(game, BLUE))
    led = make_game(sample_board, criteria={20: (BLUE, 1)}, goals={first: BLUE})
    second = min(g for g, end in frontier_goals(led, BLUE).items() if open_spot(led, end))
    reached = make_game(
        sample_board, criteria={20: (BLUE, 1)}, goals={first: BLUE, second: BLUE},
        resources={BLUE: (0, 0, 0, 1, 1)},
    )
    assert reachable_spots(reached, BLUE)
    assert any(isinstance(c, Achieve) for c in legal_builds(reached))
    assert not any(isinstance(move, Achieve) for move in _moves(reached))


def test_with_nothing_to_build_it_ends_the_turn_or_offers_half_the_time_each(
    sample_board: Board,
) -> None:
    # Four LAB and nothing else: no build.  Every level leaves a LAB to spare and lacks
    # something: an offer of a LAB for what the level drawn lacks, to a student holding it
    # when anyone does (Red holds LECTURE, Orange STUDY; nobody CAFFEINE or TUTORIAL).
    game = make_game(
        sample_board, criteria={20: (BLUE, 1)},
        resources={BLUE: (0, 4, 0, 0, 0), RED: (0, 0, 1, 0, 0), ORANGE: (0, 0, 0, 1, 0)},
    )
    seen = _moves(game)
    offers = {move: n for move, n in seen.items() if isinstance(move, Offer)}
    assert abs(seen[Next()] - 1000) < 100
    anyone = {
        Offer(partner=p, give=Resource.LAB, take=r)
        for p in (RED, ORANGE, Colour.YELLOW)
        for r in (Resource.CAFFEINE, Resource.TUTORIAL)
    }
    assert set(offers) == anyone | {
        Offer(partner=RED, give=Resource.LAB, take=Resource.LECTURE),
        Offer(partner=ORANGE, give=Resource.LAB, take=Resource.STUDY),
    }
    for offer in offers:
        assert offer_refusal(game, offer.partner, offer.give, offer.take) is None


def test_it_rolls_at_random_what_brings_something_a_level_lacks_never_a_7(
    sample_board: Board,
) -> None:
    # Blue's assignment at 34 touches CAFFEINE 6, TUTORIAL 12 and LECTURE 4 (sample board).
    # Holding nothing, every level lacks something there: 4, 6 or 12.  Holding all an exam
    # needs (which covers every level), nothing is lacking: any value but 7.
    def rolls(held: tuple[int, int, int, int, int]) -> set[object]:
        game = make_game(
            sample_board, phase=Phase.BEFORE_ROLL, loaded=[BLUE], criteria={34: (BLUE, 1)},
            resources={BLUE: held},
        )
        return set(_moves(game, draws=400))

    assert rolls((0, 0, 0, 0, 0)) == {Roll(value=v) for v in (4, 6, 12)}
    assert rolls((3, 2, 2, 3, 1)) == {Roll(value=v) for v in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)}


def test_it_places_an_initial_assignment_among_the_best_quarter_of_open_spots(
    sample_board: Board,
) -> None:
    # At the first placement all 54 spots are open: the best 13 by what they yield on fair
    # dice, each about as often as it yields.
    game = make_game(sample_board, phase=Phase.SETUP, setup_step=0)
    values = even_spot_values(game)
    best = sorted(range(54), key=lambda c: (-values[c], c))[:13]
    seen = _moves(game, draws=4000)
    assert set(seen) == {Complete(criterion=c) for c in best}
    total = sum(values[c] for c in best)
    for c in best:
        assert abs(seen[Complete(criterion=c)] - 4000 * values[c] / total) < 80
