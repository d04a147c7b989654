"""`master`'s measures of loaded dice: what each student's criteria yield on each roll, the
roll each is expected to choose, and what a place brings in a round of chosen rolls; that
its placement search follows its value of a position (`MasterPlayer._value`) and expects a
greedy seat to place as greedy does; and that it counts what its roll gives a fellow master
as the expert counts it, and rolls a 7 as any other roll unless a fellow master sits at the
table; and that, alone of its kind, it chooses its roll among the expert's best three, and
its build among those worth making, by its value of where each leads played out.

Every figure is worked out by hand from the spec's sample board (Figure 1): criterion 34
touches CAFFEINE 6, TUTORIAL 12 and LECTURE 4; 32 touches CAFFEINE 2, LAB 8 and TUTORIAL
11; 20 touches the NETFLIX 7, LECTURE 11 and CAFFEINE 2; 25 touches LECTURE 11, STUDY 8 and
LAB 8.  A resource weighs what `NEED_OF_COSTS` says: CAFFEINE 4, LAB 3, LECTURE 5, STUDY 6,
TUTORIAL 3.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from msgspec.structs import replace

from tests.positions import make_game
from watan.engine.commands import Complete, Improve
from watan.engine.layout import Board
from watan.engine.resources import Resource
from watan.engine.state import COLOURS, HUMAN, Colour, Game, Phase
from watan.players.expert import ExpertPlayer
from watan.players.greedy import GreedyPlayer
from watan.players.master import (
    FEATURES,
    KIN_ROLL_RIVALRY,
    NODES,
    NODES_PER_SECOND,
    PLACEMENTS,
    ROLL_CHOICES,
    ROLL_PLAYOUTS,
    ROLL_RIVALRY,
    MasterPlayer,
    chosen_rolls,
    features,
    roll_yields,
    round_income,
    spot_yields,
)

BLUE, RED, ORANGE, YELLOW = Colour.BLUE, Colour.RED, Colour.ORANGE, Colour.YELLOW


@pytest.fixture
def game(sample_board: Board) -> Game:
    """Blue's assignment at 34, Red's midterm at 32, Orange's assignment at 20; Yellow has
    nothing."""
    return make_game(sample_board, criteria={34: (BLUE, 1), 32: (RED, 2), 20: (ORANGE, 1)})


def test_roll_yields_weigh_each_students_production_on_each_roll(game: Game) -> None:
    blue, red, orange, yellow = roll_yields(game)
    assert (blue, red, orange, yellow) == (
        (0.0, 0.0, 0.0, 0.0, 5.0, 0.0, 4.0, 0.0, 0.0, 0.0, 0.0, 0.0, 3.0),
        (0.0, 0.0, 8.0, 0.0, 0.0, 0.0, 0.0, 0.0, 6.0, 0.0, 0.0, 6.0, 0.0),
        (0.0, 0.0, 4.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 5.0, 0.0),
        (0.0,) * 13,
    )


def test_each_student_is_expected_to_roll_what_yields_it_most(game: Game) -> None:
    # Blue's LECTURE on 4 (5) over CAFFEINE on 6 (4); Red's two CAFFEINE on 2 (8); Orange's
    # LECTURE on 11 (5) over CAFFEINE on 2 (4); Yellow yields nothing.
    assert chosen_rolls(game) == (4, 2, 11, None)


def test_a_round_brings_ones_own_best_roll_and_what_the_others_rolls_give(game: Game) -> None:
    # Blue: its 4 (5), nothing on Red's 2 or Orange's 11.  Red: its 2 (8), and its TUTORIAL
    # on Orange's 11 (two units, 6).  Orange: its 11 (5), and its CAFFEINE on Red's 2 (4).
    assert [round_income(game, c) for c in (BLUE, RED, ORANGE, YELLOW)] == [5.0, 14.0, 9.0, 0.0]


def test_a_new_spot_counts_on_the_rolls_it_would_choose_and_the_others_choose(
    game: Game,
) -> None:
    # An assignment at 25 yields LECTURE on 11 (5) and STUDY and LAB on 8 (9): Blue would
    # then roll 8 (9) and gain 5 on Orange's 11.  On the others' rolls alone, the 5.
    added = spot_yields(game, 25)
    assert added == (0.0,) * 8 + (9.0, 0.0, 0.0, 5.0, 0.0)
    assert (round_income(game, BLUE, added), round_income(game, BLUE, added, own_roll=False)) == (
        14.0, 5.0,
    )


def test_the_value_counts_the_goals_each_student_has_achieved(sample_board: Board) -> None:
    game = make_game(
        sample_board, criteria={34: (BLUE, 1), 32: (RED, 2)},
        goals={50: BLUE, 51: BLUE, 45: RED},
    )
    assert FEATURES[-1] == "goals achieved"
    assert [features(game, c)[-1] for c in COLOURS] == [2.0, 1.0, 0.0, 0.0]


def test_the_geese_tile_yields_nothing_to_a_new_spot(sample_board: Board) -> None:
    # The geese on tile 8 (STUDY 8) leave 25 its LAB on 8 and LECTURE on 11.
    game = make_game(sample_board, geese=8, criteria={34: (BLUE, 1)})
    assert spot_yields(game, 25) == (0.0,) * 8 + (3.0, 0.0, 0.0, 5.0, 0.0)


class Spot(MasterPlayer):
    """A master whose search prefers, among the first assignments it tries, the lowest or the
    highest-numbered one (`_value`), and notes every spot it was asked about."""

    def __init__(self, *, highest: bool) -> None:
        super().__init__(random.Random(5), think=0.05)
        self.highest = highest
        self.asked: set[int] = set()

    def _value(self, game: Game, me: Colour) -> float:
        first = game.students[me].criteria[0]
        self.asked.add(first)
        return float(first if self.highest else -first)


def test_the_placement_search_takes_the_spot_its_value_of_a_position_likes_best(
    sample_board: Board,
) -> None:
    # Blue's first assignment, at the start of the setup: every position the search values
    # is one where Blue's first criterion is the spot tried.
    game = make_game(sample_board, phase=Phase.SETUP, setup_step=0)
    plain = MasterPlayer(random.Random(5), think=0.05).move(game)
    lowest, highest = Spot(highest=False), Spot(highest=True)
    chosen = (lowest.move(game), highest.move(game))
    assert lowest.asked == highest.asked and len(lowest.asked) == PLACEMENTS
    assert chosen == (Complete(criterion=min(lowest.asked)), Complete(criterion=max(lowest.asked)))
    assert plain in {Complete(criterion=c) for c in lowest.asked}


def test_the_placement_search_expects_a_greedy_seat_to_place_as_greedy_does(
    sample_board: Board,
) -> None:
    # Red's first assignment, Blue's at 34: greedy (fair pips) and the expert (best values)
    # would place it apart on this board, and the search expects greedy's spot of a seat the
    # game gives greedy, the expert's of any other (a fellow master's, a person's).
    game = make_game(
        sample_board, phase=Phase.SETUP, setup_step=1, turn=RED, criteria={34: (BLUE, 1)}
    )
    greedy = GreedyPlayer(random.Random(1)).move(game)
    expert = ExpertPlayer(random.Random(1)).move(game)
    master = MasterPlayer(random.Random(1))
    seated = {
        seat: master._setup_placement(replace(game, seats=("master", seat, "expert", HUMAN)))
        for seat in ("greedy", "expert", "master", HUMAN)
    }
    assert greedy != expert
    assert seated == {"greedy": greedy, "expert": expert, "master": expert, HUMAN: expert}


def test_a_master_counts_a_rival_of_its_own_kind_as_the_expert_does(game: Game) -> None:
    # Blue (master) rolls against Red (master), Orange (expert) and Yellow (a person); at a
    # seat the game gives a person, every rival counts in full.
    master = MasterPlayer(random.Random(1))
    rivals = (RED, ORANGE, YELLOW)
    seated = replace(game, seats=("master", "master", "expert", HUMAN))
    by_hand = replace(game, seats=(HUMAN, "master", "expert", HUMAN))
    assert (KIN_ROLL_RIVALRY, ROLL_RIVALRY) == (0.1, 1.0)
    assert [master._roll_rivalry(seated, c) for c in rivals] == [0.1, 1.0, 1.0]
    assert [master._roll_rivalry(by_hand, c) for c in rivals] == [1.0, 1.0, 1.0]
    expert = ExpertPlayer(random.Random(1))
    assert [expert._roll_rivalry(seated, c) for c in rivals] == [0.1, 0.1, 0.1]


def test_a_roll_that_feeds_a_fellow_master_costs_the_master_less(game: Game) -> None:
    # Red's midterm at 32 yields on 2, 8 and 11: those rolls, and only those, score higher
    # for Blue (master) beside a master Red than beside an expert Red.
    rolling = replace(game, phase=Phase.BEFORE_ROLL, students=tuple(
        replace(student, loaded_dice=True) for student in game.students
    ))

    def scores(seats: tuple[str, ...]) -> dict[int, float]:
        player = MasterPlayer(random.Random(1))
        scored = player._scored_rolls(replace(rolling, seats=seats))
        return {-value: score for score, value, _ in scored}

    kin = scores(("master", "master", "expert", "expert"))
    stranger = scores(("master", "expert", "expert", "expert"))
    assert kin.keys() | {7} == stranger.keys()  # the 7: see the test below
    assert {roll for roll in kin if kin[roll] != stranger[roll]} == {2, 8, 11}
    assert all(kin[roll] > stranger[roll] for roll in (2, 8, 11))


def test_a_master_alone_of_its_kind_weighs_a_7_as_any_other_roll(game: Game) -> None:
    # Blue's 7 pays it less than its best other roll here, so the expert's test drops it; a
    # master keeps that test only beside a seat of its own strategy.
    rolling = replace(game, phase=Phase.BEFORE_ROLL, students=tuple(
        replace(student, loaded_dice=True) for student in game.students
    ))

    def tried(player: ExpertPlayer, seats: tuple[str, ...]) -> list[int]:
        return sorted(-value for _, value, _ in player._scored_rolls(replace(rolling, seats=seats)))

    master, expert = MasterPlayer(random.Random(1)), ExpertPlayer(random.Random(1))
    every_roll, but_the_7 = list(range(2, 13)), [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]
    tables = [
        ("master", "expert", "expert", "expert"),
        ("master", "greedy", HUMAN, HUMAN),
        ("master", "expert", "expert", "master"),
        ("master", "master", "master", "master"),
    ]
    assert [tried(master, seats) for seats in tables] == [
        every_roll, every_roll, but_the_7, but_the_7
    ]
    assert [tried(expert, seats) for seats in tables] == [but_the_7] * 4


class Counting(MasterPlayer):
    """A master whose value of a position is `worth`'s, whose playouts stop where they start
    (so that the value reads the position its choice leaves), and which counts the
    positions it values."""

    def __init__(self, worth: Callable[[Game, Colour], float]) -> None:
        super().__init__(random.Random(1))
        self.worth = worth
        self.valued = 0

    def _playout(self, game: Game, rounds: int) -> tuple[Game, int]:
        return game, 0

    def _value(self, game: Game, me: Colour) -> float:
        self.valued += 1
        return self.worth(game, me)


def prizing(prized: Resource) -> Counting:
    """Return a master whose value of a position is what it holds of `prized`."""
    return Counting(lambda game, me: float(game.students[me].resources[prized]))


def levelling(criterion: int) -> Counting:
    """Return a master whose value of a position is the level of `criterion`."""
    return Counting(lambda game, me: float(game.criterion_level[criterion]))


def rolling(game: Game, seats: tuple[str, ...]) -> Game:
    """Return `game` at Blue's roll, every student's dice loaded, seated as `seats` says."""
    students = tuple(replace(student, loaded_dice=True) for student in game.students)
    return replace(game, phase=Phase.BEFORE_ROLL, students=students, seats=seats)


def test_a_master_alone_of_its_kind_rolls_what_its_value_of_the_outcome_likes_best(
    game: Game,
) -> None:
    # Blue's assignment at 34 yields TUTORIAL on 12, LECTURE on 4 and CAFFEINE on 6: the
    # expert's best three rolls here, at a first glance, whichever Blue's value prizes.
    alone = rolling(game, ("master", "expert", "greedy", HUMAN))
    assert sorted(-value for _, value, _ in prizing(Resource.LAB)._scored_rolls(alone)[:3]) == [
        4, 6, 12,
    ]
    prized = {kind: prizing(kind) for kind in (Resource.TUTORIAL, Resource.LECTURE,
                                               Resource.CAFFEINE)}
    assert {kind: player._roll(alone) for kind, player in prized.items()} == {
        Resource.TUTORIAL: 12, Resource.LECTURE: 4, Resource.CAFFEINE: 6,
    }
    assert ROLL_CHOICES == 3
    assert {player.valued for player in prized.values()} == {ROLL_CHOICES * ROLL_PLAYOUTS}


def test_beside_a_fellow_master_a_master_rolls_as_the_expert_does(game: Game) -> None:
    kin = rolling(game, ("master", "expert", "master", HUMAN))
    caffeine = prizing(Resource.CAFFEINE)
    assert caffeine._roll(kin) == ExpertPlayer._roll(MasterPlayer(random.Random(1)), kin)
    assert caffeine.valued == 0


def test_thinking_longer_plays_each_roll_out_more_often() -> None:
    def playouts(think: float | None) -> int:
        return MasterPlayer(random.Random(1), think=think).roll_playouts

    assert ROLL_PLAYOUTS == 4
    assert [playouts(None), playouts(2 * NODES / NODES_PER_SECOND), playouts(0.001)] == [4, 8, 1]


@pytest.mark.parametrize(
    ("seats", "playouts"),
    [
        (("master", "expert", "greedy", HUMAN), ROLL_PLAYOUTS),
        (("master", "master", HUMAN, HUMAN), 1),
    ],
)
def test_a_master_makes_the_build_its_value_of_the_outcome_likes_best(
    sample_board: Board, seats: tuple[str, ...], playouts: int
) -> None:
    # Blue holds assignments at 34 and 25 and the price of one midterm (2 LECTURE, 3 STUDY,
    # spec §2.4.1): improving either is worth making, and Blue can make only one.  Alone of
    # its kind the master plays each out `ROLL_PLAYOUTS` times, as its roll; beside a
    # fellow master it values each position once, at once.
    game = replace(
        make_game(
            sample_board, criteria={34: (BLUE, 1), 25: (BLUE, 1)}, resources={BLUE: (0, 0, 2, 3, 0)}
        ),
        seats=seats,
    )
    levelled = {criterion: levelling(criterion) for criterion in (34, 25)}
    assert {c: player._turn_build(game) for c, player in levelled.items()} == {
        34: Improve(criterion=34), 25: Improve(criterion=25),
    }
    assert {player.valued for player in levelled.values()} == {2 * playouts}
