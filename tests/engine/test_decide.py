"""The rules: what each command produces, what it is refused for, and in which order.

Positions are on the spec's Figure 1 board (`sample-board.txt`); the
adjacencies used are read off that figure: criterion 30 joins goals 37
(24-30), 43 (30-31) and 46 (30-36); criterion 37 joins goals 47 (31-37),
52 (37-38) and 55 (37-43); tile 9 (CAFFEINE 2) has criteria 20, 21, 26,
27, 32 and 33 (spec §2.4, Figure 2).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from tests.conftest import ROOT, WATAN, read_journal, reference
from tests.positions import make_game
from watan.engine import decide as rules
from watan.engine.commands import (
    Achieve,
    AnyCommand,
    ChooseDice,
    Complete,
    Improve,
    Next,
    PlaceGeese,
    Roll,
    TakeSeat,
    Trade,
)
from watan.engine.decide import Obstacle, Refusal, Refused, decide, obstacle, victims
from watan.engine.events import (
    AnyEvent,
    CriterionCompleted,
    CriterionImproved,
    DiceChosen,
    DiceRolled,
    GameStarted,
    GameWon,
    GeeseMoved,
    GoalAchieved,
    ResourcesLost,
    ResourcesProduced,
    ResourceStolen,
    SeatTaken,
    TradeAccepted,
    TradeDeclined,
    TurnEnded,
)
from watan.engine.evolve import apply, start
from watan.engine.layout import Board, Tile
from watan.engine.resources import NONE, Resource, Resources
from watan.engine.snapshot import SavedGame
from watan.engine.state import Colour, Game, Phase, loaded_game
from watan.engine.topology import CriterionId, GoalId, TileId
from watan.files.savefile import parse_board, parse_save

BLUE, RED, ORANGE, YELLOW = Colour.BLUE, Colour.RED, Colour.ORANGE, Colour.YELLOW
CAFFEINE, LAB, LECTURE, STUDY, TUTORIAL, NETFLIX = (
    Resource.CAFFEINE,
    Resource.LAB,
    Resource.LECTURE,
    Resource.STUDY,
    Resource.TUTORIAL,
    Resource.NETFLIX,
)
GOAL_COST: Resources = (0, 0, 0, 1, 1)
ASSIGNMENT_COST: Resources = (1, 1, 1, 0, 1)
MIDTERM_COST: Resources = (0, 0, 2, 3, 0)
EXAM_COST: Resources = (3, 2, 2, 2, 1)
"""RULINGS 23, in the order CAFFEINE, LAB, LECTURE, STUDY, TUTORIAL."""

PLENTY: Resources = (9, 9, 9, 9, 9)

SAMPLE_BOARD = parse_board(reference("sample-board.txt"), "sample-board.txt", WATAN)
"""Figure 1's board, for the property tests (which cannot take pytest fixtures)."""


def refusal(game: Game, command: AnyCommand) -> Refusal:
    """Return why `command` is refused; fail if it is not."""
    with pytest.raises(Refused) as refused:
        decide(game, command, random.Random(0))
    return refused.value.refusal


def events(game: Game, command: AnyCommand, seed: int = 0) -> tuple[AnyEvent, ...]:
    return decide(game, command, random.Random(seed))


def fold(game: Game, happened: tuple[AnyEvent, ...]) -> Game:
    for event in happened:
        game = apply(game, event)
    return game


def sample_game(saved: SavedGame) -> Game:
    """The spec's sample save (the §3.6 example's position), Blue before the roll."""
    return start(GameStarted(
        edition=WATAN.name, rules=WATAN.rules, seed=0, board=saved.board, loaded=saved.position
    ))


# Setup (spec §4.1, §3.1) ---------------------------------------------------------------------


def test_an_initial_assignment_is_free(sample_board: Board) -> None:
    game = make_game(sample_board, phase=Phase.SETUP, setup_step=0)
    assert events(game, Complete(criterion=12)) == (
        CriterionCompleted(colour=BLUE, criterion=CriterionId(12), cost=NONE),
    )


def test_an_initial_assignment_is_placed_for_the_student_asked_and_needs_no_goal(
    sample_board: Board,
) -> None:
    game = make_game(
        sample_board,
        phase=Phase.SETUP,
        setup_step=4,
        turn=YELLOW,
        criteria={0: (BLUE, 1), 2: (RED, 1), 5: (ORANGE, 1), 6: (YELLOW, 1)},
    )
    assert events(game, Complete(criterion=11)) == (
        CriterionCompleted(colour=YELLOW, criterion=CriterionId(11), cost=NONE),
    )


@pytest.mark.parametrize("place", [8, 3, 9, 14])
def test_an_initial_assignment_on_or_next_to_a_completed_criterion_cannot_be_built(
    sample_board: Board, place: int
) -> None:
    # Criterion 8's neighbours are 3, 9 and 14.
    game = make_game(
        sample_board, phase=Phase.SETUP, setup_step=1, turn=RED, criteria={8: (BLUE, 1)}
    )
    assert refusal(game, Complete(criterion=place)) is Refusal.CANNOT_BUILD


@pytest.mark.parametrize("place", [-1, 54, 99])
def test_an_initial_assignment_off_the_board_cannot_be_built(
    sample_board: Board, place: int
) -> None:
    game = make_game(sample_board, phase=Phase.SETUP, setup_step=0)
    assert refusal(game, Complete(criterion=place)) is Refusal.CANNOT_BUILD


@pytest.mark.parametrize(
    "command",
    [Improve(criterion=0), Achieve(goal=0), ChooseDice(loaded=True), Roll(), Roll(value=8), Next()],
)
def test_during_setup_only_placements_are_accepted(
    sample_board: Board, command: AnyCommand
) -> None:
    game = make_game(sample_board, phase=Phase.SETUP, setup_step=0, criteria={0: (BLUE, 1)})
    assert refusal(game, command) is Refusal.INVALID_COMMAND


# Completing after the roll (spec §3.1, RULINGS 10, 11, 23) ------------------------------------


def _builder(board: Board, held: Resources = ASSIGNMENT_COST) -> Game:
    """Blue after the roll with an assignment at 30 and goals 43 (30-31) and 47 (31-37)."""
    return make_game(
        board, resources={BLUE: held}, criteria={30: (BLUE, 1)}, goals={43: BLUE, 47: BLUE}
    )


def test_completing_next_to_ones_own_goal_costs_an_assignment(sample_board: Board) -> None:
    assert events(_builder(sample_board), Complete(criterion=37)) == (
        CriterionCompleted(colour=BLUE, criterion=CriterionId(37), cost=ASSIGNMENT_COST),
    )


@pytest.mark.parametrize("place", [0, 12, 53])
def test_completing_away_from_ones_own_goals_cannot_be_built(
    sample_board: Board, place: int
) -> None:
    assert refusal(_builder(sample_board, PLENTY), Complete(criterion=place)) is (
        Refusal.CANNOT_BUILD
    )


def test_completing_next_to_another_students_goal_only_cannot_be_built(
    sample_board: Board,
) -> None:
    game = make_game(
        sample_board, resources={BLUE: PLENTY}, criteria={30: (BLUE, 1)}, goals={47: RED}
    )
    assert refusal(game, Complete(criterion=37)) is Refusal.CANNOT_BUILD


def test_completing_next_to_a_completed_criterion_cannot_be_built_even_on_ones_own_goal(
    sample_board: Board,
) -> None:
    # 31 is next to Blue's own 30; 37 is next to Red's 38.
    game = make_game(
        sample_board,
        resources={BLUE: PLENTY},
        criteria={30: (BLUE, 1), 38: (RED, 1)},
        goals={43: BLUE, 47: BLUE},
    )
    assert refusal(game, Complete(criterion=31)) is Refusal.CANNOT_BUILD
    assert refusal(game, Complete(criterion=37)) is Refusal.CANNOT_BUILD


def test_completing_a_completed_criterion_cannot_be_built(sample_board: Board) -> None:
    game = make_game(
        sample_board,
        resources={BLUE: PLENTY},
        criteria={30: (BLUE, 1), 37: (RED, 1)},
        goals={43: BLUE, 47: BLUE},
    )
    assert refusal(game, Complete(criterion=37)) is Refusal.CANNOT_BUILD
    assert refusal(game, Complete(criterion=30)) is Refusal.CANNOT_BUILD


@pytest.mark.parametrize("place", [-1, 54, 99])
def test_completing_a_criterion_off_the_board_cannot_be_built(
    sample_board: Board, place: int
) -> None:
    assert refusal(_builder(sample_board, PLENTY), Complete(criterion=place)) is (
        Refusal.CANNOT_BUILD
    )


def test_completing_at_an_invalid_place_without_resources_cannot_be_built(
    sample_board: Board,
) -> None:
    # RULINGS 10: the place is checked before the price.
    assert refusal(_builder(sample_board, NONE), Complete(criterion=0)) is Refusal.CANNOT_BUILD


@pytest.mark.parametrize(
    "held", [(0, 1, 1, 0, 1), (1, 0, 1, 0, 1), (1, 1, 0, 0, 1), (1, 1, 1, 9, 0), NONE]
)
def test_completing_without_caffeine_lab_lecture_and_tutorial_is_not_enough(
    sample_board: Board, held: Resources
) -> None:
    assert refusal(_builder(sample_board, held), Complete(criterion=37)) is (
        Refusal.NOT_ENOUGH_RESOURCES
    )


# Improving (spec §3.2, RULINGS 23) ------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "cost"), [(1, MIDTERM_COST), (2, EXAM_COST)], ids=["to-midterm", "to-exam"]
)
def test_improving_ones_own_criterion_raises_it_one_level_at_its_cost(
    sample_board: Board, level: int, cost: Resources
) -> None:
    game = make_game(sample_board, resources={BLUE: cost}, criteria={30: (BLUE, level)})
    assert events(game, Improve(criterion=30)) == (
        CriterionImproved(colour=BLUE, criterion=CriterionId(30), level=level + 1, cost=cost),
    )


def test_an_exam_cannot_be_improved(sample_board: Board) -> None:
    game = make_game(sample_board, resources={BLUE: PLENTY}, criteria={30: (BLUE, 3)})
    assert refusal(game, Improve(criterion=30)) is Refusal.CANNOT_BUILD


@pytest.mark.parametrize("place", [32, 0, -1, 54])
def test_improving_another_students_or_a_free_or_no_criterion_cannot_be_built(
    sample_board: Board, place: int
) -> None:
    game = make_game(
        sample_board, resources={BLUE: PLENTY}, criteria={30: (BLUE, 1), 32: (RED, 1)}
    )
    assert refusal(game, Improve(criterion=place)) is Refusal.CANNOT_BUILD


def test_improving_an_exam_without_resources_cannot_be_built(sample_board: Board) -> None:
    game = make_game(sample_board, criteria={30: (BLUE, 3)})
    assert refusal(game, Improve(criterion=30)) is Refusal.CANNOT_BUILD


@pytest.mark.parametrize(
    ("level", "held"),
    [(1, (0, 0, 1, 3, 0)), (1, (9, 9, 2, 2, 9)), (2, (2, 2, 2, 2, 1)), (2, (3, 2, 2, 2, 0))],
)
def test_improving_without_the_next_levels_cost_is_not_enough(
    sample_board: Board, level: int, held: Resources
) -> None:
    game = make_game(sample_board, resources={BLUE: held}, criteria={30: (BLUE, level)})
    assert refusal(game, Improve(criterion=30)) is Refusal.NOT_ENOUGH_RESOURCES


# Achieving goals (spec §3.3, RULINGS 10, 11, 23) ----------------------------------------------


@pytest.mark.parametrize("goal", [37, 43, 46])
def test_achieving_a_goal_at_ones_own_criterion_costs_study_and_tutorial(
    sample_board: Board, goal: int
) -> None:
    game = make_game(sample_board, resources={BLUE: GOAL_COST}, criteria={30: (BLUE, 1)})
    assert events(game, Achieve(goal=goal)) == (
        GoalAchieved(colour=BLUE, goal=GoalId(goal), cost=GOAL_COST),
    )


@pytest.mark.parametrize("goal", [38, 47, 37, 46])
def test_achieving_a_goal_that_shares_a_criterion_with_ones_own_goal(
    sample_board: Board, goal: int
) -> None:
    # Goal 43 joins 30 and 31: 38 and 47 meet it at 31, 37 and 46 at 30.
    game = make_game(sample_board, resources={BLUE: GOAL_COST}, goals={43: BLUE})
    assert events(game, Achieve(goal=goal)) == (
        GoalAchieved(colour=BLUE, goal=GoalId(goal), cost=GOAL_COST),
    )


def test_another_students_criterion_between_two_goals_does_not_block(
    sample_board: Board,
) -> None:
    # RULINGS 11: Red's criterion 31 sits where Blue's goal 43 meets goal 47.
    game = make_game(
        sample_board, resources={BLUE: GOAL_COST}, criteria={31: (RED, 1)}, goals={43: BLUE}
    )
    assert events(game, Achieve(goal=47)) == (
        GoalAchieved(colour=BLUE, goal=GoalId(47), cost=GOAL_COST),
    )


def test_a_goal_on_the_same_tile_but_not_touching_cannot_be_built(sample_board: Board) -> None:
    # Goal 52 (37-38) shares no criterion with Blue's goal 43 (30-31).
    game = make_game(sample_board, resources={BLUE: PLENTY}, goals={43: BLUE})
    assert refusal(game, Achieve(goal=52)) is Refusal.CANNOT_BUILD


def test_a_goal_next_only_to_another_students_criterion_or_goal_cannot_be_built(
    sample_board: Board,
) -> None:
    game = make_game(
        sample_board, resources={BLUE: PLENTY}, criteria={30: (RED, 1)}, goals={47: RED}
    )
    assert refusal(game, Achieve(goal=37)) is Refusal.CANNOT_BUILD
    assert refusal(game, Achieve(goal=52)) is Refusal.CANNOT_BUILD


def test_an_achieved_goal_cannot_be_achieved_again(sample_board: Board) -> None:
    game = make_game(
        sample_board,
        resources={BLUE: PLENTY},
        criteria={30: (BLUE, 1)},
        goals={37: RED, 43: BLUE},
    )
    assert refusal(game, Achieve(goal=37)) is Refusal.CANNOT_BUILD
    assert refusal(game, Achieve(goal=43)) is Refusal.CANNOT_BUILD


@pytest.mark.parametrize("goal", [-1, 72, 100])
def test_achieving_a_goal_off_the_board_cannot_be_built(sample_board: Board, goal: int) -> None:
    game = make_game(sample_board, resources={BLUE: PLENTY}, criteria={30: (BLUE, 1)})
    assert refusal(game, Achieve(goal=goal)) is Refusal.CANNOT_BUILD


def test_achieving_an_unconnected_goal_without_resources_cannot_be_built(
    sample_board: Board,
) -> None:
    game = make_game(sample_board, criteria={30: (BLUE, 1)})
    assert refusal(game, Achieve(goal=0)) is Refusal.CANNOT_BUILD


@pytest.mark.parametrize("held", [(9, 9, 9, 0, 9), (9, 9, 9, 9, 0), NONE])
def test_achieving_without_a_study_and_a_tutorial_is_not_enough(
    sample_board: Board, held: Resources
) -> None:
    game = make_game(sample_board, resources={BLUE: held}, criteria={30: (BLUE, 1)})
    assert refusal(game, Achieve(goal=37)) is Refusal.NOT_ENOUGH_RESOURCES


# Commands in the wrong phase (RULINGS 9, 27) ---------------------------------------------------

_TRADE = Trade(partner=RED, give=STUDY, take=LAB, accepted=True)
_BUILDS: list[AnyCommand] = [Complete(criterion=37), Improve(criterion=30), Achieve(goal=37)]
_DICE: list[AnyCommand] = [ChooseDice(loaded=True), Roll()]
_AFTER: list[AnyCommand] = [*_BUILDS, _TRADE, Next()]


@pytest.mark.parametrize(
    ("phase", "command"),
    [
        *[(Phase.BEFORE_ROLL, c) for c in [*_AFTER, PlaceGeese(tile=3)]],
        *[(Phase.AFTER_ROLL, c) for c in [*_DICE, PlaceGeese(tile=3)]],
        *[(Phase.GEESE, c) for c in [*_AFTER, *_DICE]],
        *[(Phase.OVER, c) for c in [*_AFTER, *_DICE, PlaceGeese(tile=3)]],
    ],
)
def test_a_command_at_the_wrong_stage_of_the_turn_is_invalid(
    sample_board: Board, phase: Phase, command: AnyCommand
) -> None:
    # At the right stage each of these commands would be carried out: valid and paid for.
    game = make_game(
        sample_board,
        phase=phase,
        geese=8,
        resources={BLUE: PLENTY, RED: PLENTY},
        criteria={30: (BLUE, 1)},
        goals={43: BLUE, 47: BLUE},
    )
    assert refusal(game, command) is Refusal.INVALID_COMMAND


@pytest.mark.parametrize(
    ("phase", "command"),
    [
        *[(Phase.AFTER_ROLL, c) for c in _AFTER],
        *[(Phase.BEFORE_ROLL, c) for c in _DICE],
        (Phase.GEESE, PlaceGeese(tile=3)),
    ],
)
def test_the_same_commands_at_the_right_stage_are_carried_out(
    sample_board: Board, phase: Phase, command: AnyCommand
) -> None:
    game = make_game(
        sample_board,
        phase=phase,
        geese=8,
        resources={BLUE: PLENTY, RED: PLENTY},
        criteria={30: (BLUE, 1)},
        goals={43: BLUE, 47: BLUE},
    )
    assert events(game, command) != ()


def test_trading_before_the_roll_is_invalid_even_when_the_offer_is_also_unaffordable(
    sample_board: Board,
) -> None:
    game = make_game(sample_board, phase=Phase.BEFORE_ROLL)
    assert refusal(game, _TRADE) is Refusal.INVALID_COMMAND


def test_passing_after_the_roll_ends_the_turn(sample_board: Board) -> None:
    game = make_game(sample_board, turn=ORANGE)
    assert events(game, Next()) == (TurnEnded(colour=ORANGE),)


# Dice (spec §2.8, §4.2) -----------------------------------------------------------------------


def test_load_gives_the_current_student_loaded_dice(sample_board: Board) -> None:
    game = make_game(sample_board, phase=Phase.BEFORE_ROLL, turn=RED)
    assert events(game, ChooseDice(loaded=True)) == (DiceChosen(colour=RED, loaded=True),)


def test_fair_after_load_gives_back_fair_dice(sample_board: Board) -> None:
    game = make_game(sample_board, phase=Phase.BEFORE_ROLL, turn=RED, loaded=[RED])
    assert events(game, ChooseDice(loaded=False)) == (DiceChosen(colour=RED, loaded=False),)


@pytest.mark.parametrize("loaded", [True, False])
def test_choosing_the_dice_one_already_has_changes_nothing(
    sample_board: Board, loaded: bool
) -> None:
    game = make_game(
        sample_board, phase=Phase.BEFORE_ROLL, turn=RED, loaded=[RED] if loaded else []
    )
    assert events(game, ChooseDice(loaded=loaded)) == ()


@pytest.mark.parametrize("value", range(2, 13))
def test_a_loaded_roll_is_the_value_chosen(sample_board: Board, value: int) -> None:
    game = make_game(sample_board, phase=Phase.BEFORE_ROLL, turn=ORANGE, loaded=[ORANGE])
    assert events(game, Roll(value=value)) == (DiceRolled(colour=ORANGE, roll=value),)


@pytest.mark.parametrize("value", [None, -7, 0, 1, 13, 100])
def test_a_loaded_roll_outside_two_to_twelve_is_an_invalid_roll(
    sample_board: Board, value: int | None
) -> None:
    game = make_game(sample_board, phase=Phase.BEFORE_ROLL, loaded=[BLUE])
    assert refusal(game, Roll(value=value)) is Refusal.INVALID_ROLL


@pytest.mark.parametrize("seed", [0, 1, 7, 246, 2025])
def test_a_fair_roll_is_two_dice_drawn_from_the_generator(sample_board: Board, seed: int) -> None:
    # Blue's loaded dice are Blue's own: Yellow still rolls fair dice (RULINGS 24).
    game = make_game(sample_board, phase=Phase.BEFORE_ROLL, turn=YELLOW, loaded=[BLUE])
    same = random.Random(seed)
    first, second = same.randint(1, 6), same.randint(1, 6)
    assert decide(game, Roll(), random.Random(seed)) == (
        DiceRolled(colour=YELLOW, roll=first + second, dice=(first, second)),
    )


def test_fair_dice_take_no_chosen_value(sample_board: Board) -> None:
    game = make_game(sample_board, phase=Phase.BEFORE_ROLL)
    assert refusal(game, Roll(value=8)) is Refusal.INVALID_ROLL


# Production (spec §2.8, §3.5.2, §3.5.5, §2.3) -----------------------------------------------------


def _roll(game: Game, value: int) -> tuple[AnyEvent, ...]:
    """Roll `value` with loaded dice for the current student before the roll."""
    game = replace(game, phase=Phase.BEFORE_ROLL)
    game = replace(
        game,
        students=tuple(
            replace(s, loaded_dice=True) if c == game.turn else s
            for c, s in zip(Colour, game.students, strict=True)
        ),
    )
    return events(game, Roll(value=value))


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_criterion_yields_as_many_units_as_its_completion_level(
    sample_board: Board, level: int
) -> None:
    # Criterion 20 is on tile 9, CAFFEINE 2 (and on tiles 4 NETFLIX and 6 LECTURE 11).
    game = make_game(sample_board, criteria={20: (BLUE, level)})
    assert _roll(game, 2) == (
        DiceRolled(colour=BLUE, roll=2),
        ResourcesProduced(colour=BLUE, gained=(level, 0, 0, 0, 0)),
    )


def test_every_criterion_of_a_student_on_the_tile_yields(sample_board: Board) -> None:
    game = make_game(sample_board, criteria={20: (BLUE, 1), 33: (BLUE, 3)})
    assert _roll(game, 2) == (
        DiceRolled(colour=BLUE, roll=2),
        ResourcesProduced(colour=BLUE, gained=(4, 0, 0, 0, 0)),
    )


def test_a_criterion_on_two_tiles_with_the_value_yields_from_each(sample_board: Board) -> None:
    # Criterion 31 touches tile 8 (STUDY 8) and tile 11 (LAB 8); 45 touches 17 and 18 (LECTURE 9).
    game = make_game(sample_board, criteria={31: (RED, 1), 45: (ORANGE, 2)})
    assert _roll(game, 8) == (
        DiceRolled(colour=BLUE, roll=8),
        ResourcesProduced(colour=RED, gained=(0, 1, 0, 1, 0)),
    )
    assert _roll(game, 9) == (
        DiceRolled(colour=BLUE, roll=9),
        ResourcesProduced(colour=ORANGE, gained=(0, 0, 4, 0, 0)),
    )


def test_the_geese_stop_their_tile_producing(sample_board: Board) -> None:
    game = make_game(sample_board, geese=17, criteria={45: (ORANGE, 2), 20: (BLUE, 1)})
    assert _roll(game, 9) == (
        DiceRolled(colour=BLUE, roll=9),
        ResourcesProduced(colour=ORANGE, gained=(0, 0, 2, 0, 0)),
    )
    assert _roll(replace(game, geese=9), 2) == (DiceRolled(colour=BLUE, roll=2),)


def test_netflix_produces_nothing_even_with_the_value_rolled(sample_board: Board) -> None:
    # Tile 4 is NETFLIX; give it the value 2 too.  Criterion 8 is on tiles 0, 1 and 4 only.
    board = (*sample_board[:4], Tile(NETFLIX, 2), *sample_board[5:])
    game = make_game(board, criteria={20: (BLUE, 1), 8: (RED, 3)})
    assert _roll(game, 2) == (
        DiceRolled(colour=BLUE, roll=2),
        ResourcesProduced(colour=BLUE, gained=(1, 0, 0, 0, 0)),
    )


def test_gains_are_listed_in_student_order_whoever_rolls(sample_board: Board) -> None:
    game = make_game(
        sample_board, turn=ORANGE, criteria={20: (YELLOW, 1), 27: (RED, 2), 32: (BLUE, 3)}
    )
    assert _roll(game, 2) == (
        DiceRolled(colour=ORANGE, roll=2),
        ResourcesProduced(colour=BLUE, gained=(3, 0, 0, 0, 0)),
        ResourcesProduced(colour=RED, gained=(2, 0, 0, 0, 0)),
        ResourcesProduced(colour=YELLOW, gained=(1, 0, 0, 0, 0)),
    )


def test_a_roll_nobody_gains_from_is_only_the_roll(sample_board: Board) -> None:
    game = make_game(sample_board, criteria={20: (BLUE, 1)})
    assert _roll(game, 12) == (DiceRolled(colour=BLUE, roll=12),)


def test_a_seven_produces_nothing(sample_board: Board) -> None:
    # Criterion 8 is on tile 4, NETFLIX, whose file value is 7 (RULINGS 31).
    game = make_game(sample_board, criteria={8: (BLUE, 3)})
    assert _roll(game, 7) == (DiceRolled(colour=BLUE, roll=7),)


# Losses to the geese (spec §3.6, RULINGS 14, 29) ------------------------------------------------


def test_only_students_holding_ten_or_more_lose_half_rounded_down(sample_board: Board) -> None:
    game = make_game(
        sample_board,
        turn=RED,
        resources={
            BLUE: (0, 0, 0, 9, 0),
            RED: (0, 0, 0, 0, 0),
            ORANGE: (0, 10, 0, 0, 0),
            YELLOW: (0, 0, 0, 0, 15),
        },
    )
    # Holding one resource only, a student can lose only that resource.
    assert _roll(game, 7) == (
        DiceRolled(colour=RED, roll=7),
        ResourcesLost(colour=ORANGE, lost=(0, 5, 0, 0, 0)),
        ResourcesLost(colour=YELLOW, lost=(0, 0, 0, 0, 7)),
    )


def test_the_roller_loses_too_and_losses_are_in_student_order(sample_board: Board) -> None:
    game = make_game(
        sample_board,
        turn=ORANGE,
        resources={BLUE: (0, 0, 0, 10, 0), ORANGE: (0, 13, 0, 0, 0), YELLOW: (20, 0, 0, 0, 0)},
    )
    assert _roll(game, 7) == (
        DiceRolled(colour=ORANGE, roll=7),
        ResourcesLost(colour=BLUE, lost=(0, 0, 0, 5, 0)),
        ResourcesLost(colour=ORANGE, lost=(0, 6, 0, 0, 0)),
        ResourcesLost(colour=YELLOW, lost=(10, 0, 0, 0, 0)),
    )


_holdings = st.tuples(*[st.integers(0, 12)] * 5)


@settings(max_examples=150, deadline=None)
@given(
    held=st.tuples(_holdings, _holdings, _holdings, _holdings),
    turn=st.sampled_from(list(Colour)),
    seed=st.integers(0, 2**32),
)
def test_each_loss_is_half_rounded_down_and_never_more_than_held(
    held: tuple[Resources, Resources, Resources, Resources], turn: Colour, seed: int
) -> None:
    game = make_game(
        SAMPLE_BOARD,
        turn=turn,
        phase=Phase.BEFORE_ROLL,
        loaded=[turn],
        resources=dict(zip(Colour, held, strict=True)),
    )
    happened = decide(game, Roll(value=7), random.Random(seed))
    losses = {e.colour: e.lost for e in happened if isinstance(e, ResourcesLost)}
    assert happened[0] == DiceRolled(colour=turn, roll=7)
    assert len(losses) == len(happened) - 1
    assert list(losses) == sorted(losses)
    for colour, amount in zip(Colour, held, strict=True):
        if sum(amount) < 10:
            assert colour not in losses
        else:
            lost = losses[colour]
            assert sum(lost) == sum(amount) // 2
            assert all(0 <= unit <= have for unit, have in zip(lost, amount, strict=True))


# Moving the geese and stealing (spec §3.6, RULINGS 8, 13) ----------------------------------------


def _geese(
    board: Board, turn: Colour = BLUE, geese: int = 8, yellow: Resources = (0, 0, 3, 0, 0)
) -> Game:
    """`turn` to place the geese: Yellow and Red are on tile 9 and only Yellow holds anything."""
    return make_game(
        board,
        turn=turn,
        phase=Phase.GEESE,
        geese=geese,
        resources={BLUE: (0, 0, 0, 5, 0), YELLOW: yellow},
        criteria={25: (BLUE, 3), 20: (YELLOW, 1), 27: (YELLOW, 1), 32: (RED, 2)},
    )


@pytest.mark.parametrize("tile", [8, -1, 19, 100])
def test_the_geese_cannot_stay_on_their_tile_or_leave_the_board(
    sample_board: Board, tile: int
) -> None:
    assert refusal(_geese(sample_board), PlaceGeese(tile=tile)) is Refusal.GEESE_TILE


def test_the_tile_is_checked_before_the_victim(sample_board: Board) -> None:
    assert refusal(_geese(sample_board), PlaceGeese(tile=8, victim=YELLOW)) is Refusal.GEESE_TILE


@pytest.mark.parametrize("tile", [0, 3, 18])
def test_the_geese_move_to_a_tile_with_nobody_to_rob(sample_board: Board, tile: int) -> None:
    assert events(_geese(sample_board), PlaceGeese(tile=tile)) == (
        GeeseMoved(colour=BLUE, tile=TileId(tile)),
    )


def test_the_geese_can_go_to_any_tile_while_off_the_board(sample_board: Board) -> None:
    game = _geese(sample_board, geese=-1)
    assert events(game, PlaceGeese(tile=8)) == (GeeseMoved(colour=BLUE, tile=TileId(8)),)


def test_victims_have_a_criterion_on_the_tile_hold_something_and_are_not_the_roller(
    sample_board: Board,
) -> None:
    game = _geese(sample_board)
    assert victims(game, TileId(9)) == (YELLOW,)  # Red holds nothing
    assert victims(_geese(sample_board, turn=YELLOW), TileId(9)) == ()  # Blue is not on 9
    assert victims(game, TileId(11)) == ()  # Blue's own 25


def test_victims_are_listed_in_student_order(sample_board: Board) -> None:
    game = make_game(
        sample_board,
        phase=Phase.GEESE,
        turn=YELLOW,
        resources={c: (0, 0, 0, 0, 1) for c in Colour},
        criteria={20: (ORANGE, 1), 27: (RED, 1), 32: (BLUE, 1), 33: (YELLOW, 1)},
    )
    assert victims(game, TileId(9)) == (BLUE, RED, ORANGE)


@pytest.mark.parametrize("victim", [None, RED, BLUE, ORANGE])
def test_one_must_rob_a_listed_student_when_there_is_one(
    sample_board: Board, victim: Colour | None
) -> None:
    assert refusal(_geese(sample_board), PlaceGeese(tile=9, victim=victim)) is Refusal.VICTIM


def test_nobody_can_be_robbed_on_a_tile_without_victims(sample_board: Board) -> None:
    assert refusal(_geese(sample_board), PlaceGeese(tile=3, victim=YELLOW)) is Refusal.VICTIM


@settings(max_examples=150, deadline=None)
@given(held=_holdings.filter(lambda h: sum(h) > 0), seed=st.integers(0, 2**32))
def test_a_steal_takes_one_unit_of_something_the_victim_holds(
    held: Resources, seed: int
) -> None:
    game = _geese(SAMPLE_BOARD, turn=RED, yellow=held)
    happened = decide(game, PlaceGeese(tile=9, victim=YELLOW), random.Random(seed))
    assert happened[0] == GeeseMoved(colour=RED, tile=TileId(9))
    stolen = happened[1]
    assert isinstance(stolen, ResourceStolen)
    assert (stolen.thief, stolen.victim, len(happened)) == (RED, YELLOW, 2)
    assert held[stolen.resource] > 0


# Trades (spec §3.5.4, RULINGS 12, 27) ---------------------------------------------------------


def _market(board: Board) -> Game:
    """Blue after the roll with 5 STUDY; Red holds nothing, Orange 11 CAFFEINE, Yellow 3 LECTURE."""
    return make_game(
        board,
        resources={BLUE: (0, 0, 0, 5, 0), ORANGE: (11, 0, 0, 0, 0), YELLOW: (0, 0, 3, 0, 0)},
    )


def test_an_accepted_trade_swaps_one_unit_each(sample_board: Board) -> None:
    trade = Trade(partner=ORANGE, give=STUDY, take=CAFFEINE, accepted=True)
    assert events(_market(sample_board), trade) == (
        TradeAccepted(proposer=BLUE, partner=ORANGE, give=STUDY, take=CAFFEINE),
    )


def test_a_declined_trade_is_recorded_as_declined(sample_board: Board) -> None:
    trade = Trade(partner=YELLOW, give=STUDY, take=LECTURE, accepted=False)
    assert events(_market(sample_board), trade) == (
        TradeDeclined(proposer=BLUE, partner=YELLOW, give=STUDY, take=LECTURE),
    )


def test_a_resource_may_be_traded_for_the_same_resource(sample_board: Board) -> None:
    game = make_game(sample_board, resources={BLUE: (0, 1, 0, 0, 0), RED: (0, 1, 0, 0, 0)})
    trade = Trade(partner=RED, give=LAB, take=LAB, accepted=True)
    assert events(game, trade) == (TradeAccepted(proposer=BLUE, partner=RED, give=LAB, take=LAB),)


@pytest.mark.parametrize(
    "trade",
    [
        Trade(partner=BLUE, give=STUDY, take=CAFFEINE, accepted=True),
        Trade(partner=BLUE, give=LAB, take=CAFFEINE, accepted=True),
        Trade(partner=ORANGE, give=NETFLIX, take=CAFFEINE, accepted=True),
        Trade(partner=ORANGE, give=STUDY, take=NETFLIX, accepted=True),
        Trade(partner=ORANGE, give=STUDY, take=NETFLIX, accepted=False),
    ],
)
def test_trading_with_oneself_or_in_netflix_is_invalid(sample_board: Board, trade: Trade) -> None:
    assert refusal(_market(sample_board), trade) is Refusal.INVALID_COMMAND


@pytest.mark.parametrize("accepted", [True, False])
def test_offering_what_one_lacks_is_not_enough_whatever_the_answer(
    sample_board: Board, accepted: bool
) -> None:
    trade = Trade(partner=ORANGE, give=LAB, take=CAFFEINE, accepted=accepted)
    assert refusal(_market(sample_board), trade) is Refusal.NOT_ENOUGH_RESOURCES


def test_a_yes_from_a_partner_who_lacks_the_resource_is_not_enough(sample_board: Board) -> None:
    trade = Trade(partner=RED, give=STUDY, take=LAB, accepted=True)
    assert refusal(_market(sample_board), trade) is Refusal.NOT_ENOUGH_RESOURCES


def test_a_no_from_a_partner_who_lacks_the_resource_is_a_declined_trade(
    sample_board: Board,
) -> None:
    trade = Trade(partner=RED, give=STUDY, take=LAB, accepted=False)
    assert events(_market(sample_board), trade) == (
        TradeDeclined(proposer=BLUE, partner=RED, give=STUDY, take=LAB),
    )


# Winning (spec §4.4, RULINGS 4, 7) ------------------------------------------------------------


def _nearly(board: Board, held: Resources, levels: tuple[int, ...]) -> Game:
    """Blue after the roll with criteria 25, 37, 12, 30 at `levels` and goals 43 and 61."""
    return make_game(
        board,
        resources={BLUE: held},
        criteria={c: (BLUE, level) for c, level in zip((25, 37, 12, 30), levels, strict=True)},
        goals={43: BLUE, 61: BLUE},
    )


def test_completing_the_tenth_course_criterion_wins_at_once(sample_board: Board) -> None:
    game = _nearly(sample_board, ASSIGNMENT_COST, (3, 3, 2, 1))
    assert events(game, Complete(criterion=45)) == (
        CriterionCompleted(colour=BLUE, criterion=CriterionId(45), cost=ASSIGNMENT_COST),
        GameWon(colour=BLUE),
    )


def test_improving_to_the_tenth_course_criterion_wins_at_once(sample_board: Board) -> None:
    game = _nearly(sample_board, EXAM_COST, (3, 3, 1, 2))
    assert events(game, Improve(criterion=30)) == (
        CriterionImproved(colour=BLUE, criterion=CriterionId(30), level=3, cost=EXAM_COST),
        GameWon(colour=BLUE),
    )


def test_nine_course_criteria_do_not_win(sample_board: Board) -> None:
    game = _nearly(sample_board, PLENTY, (3, 2, 2, 1))
    assert events(game, Complete(criterion=45)) == (
        CriterionCompleted(colour=BLUE, criterion=CriterionId(45), cost=ASSIGNMENT_COST),
    )
    assert events(game, Improve(criterion=30)) == (
        CriterionImproved(colour=BLUE, criterion=CriterionId(30), level=2, cost=MIDTERM_COST),
    )


def test_goals_do_not_count_towards_winning(sample_board: Board) -> None:
    game = _nearly(sample_board, PLENTY, (3, 3, 2, 1))
    assert events(game, Achieve(goal=37)) == (
        GoalAchieved(colour=BLUE, goal=GoalId(37), cost=GOAL_COST),
    )


# The spec's own example (spec §3.6) -------------------------------------------------------------


def test_the_spec_geese_example_from_the_sample_save(sample_save: SavedGame) -> None:
    game = sample_game(sample_save)
    game = fold(game, events(game, ChooseDice(loaded=True)))
    rolled = events(game, Roll(value=7))
    assert rolled == (
        DiceRolled(colour=BLUE, roll=7),
        ResourcesLost(colour=ORANGE, lost=(5, 0, 0, 0, 0)),
    )
    game = fold(game, rolled)
    assert victims(game, TileId(9)) == (YELLOW,)
    robbed = events(game, PlaceGeese(tile=9, victim=YELLOW))
    assert robbed == (
        GeeseMoved(colour=BLUE, tile=TileId(9)),
        ResourceStolen(thief=BLUE, victim=YELLOW, resource=LECTURE),
    )
    after = fold(game, robbed)
    # "Now Blue has 1 LECTURE, 5 STUDY, Red has no resources, Orange has 6 CAFFEINE,
    # and Yellow has 2 LECTURE."
    loaded_start = sample_game(sample_save)
    b, r, o, y = loaded_start.students
    assert after == replace(
        loaded_start,
        students=(
            replace(b, resources=(0, 0, 1, 5, 0), loaded_dice=True),
            replace(r, resources=(0, 0, 0, 0, 0)),
            replace(o, resources=(6, 0, 0, 0, 0)),
            replace(y, resources=(0, 0, 2, 0, 0)),
        ),
        geese=9,
        phase=Phase.AFTER_ROLL,
    )




def test_a_seat_may_change_hands_at_any_point_before_the_game_is_won(sample_board: Board) -> None:
    for phase in (Phase.SETUP, Phase.BEFORE_ROLL, Phase.AFTER_ROLL, Phase.GEESE):
        game = make_game(sample_board, phase=phase)
        command = TakeSeat(colour=Colour.RED, player="greedy")
        assert events(game, command) == (SeatTaken(colour=Colour.RED, player="greedy"),)
    over = make_game(sample_board, phase=Phase.OVER)
    assert refusal(over, TakeSeat(colour=Colour.RED, player="greedy")) is Refusal.INVALID_COMMAND
    assert fold(make_game(sample_board), events(make_game(sample_board), command)).seats == (
        "human", "greedy", "human", "human"
    )


@pytest.mark.parametrize("player", ["", "Greedy", "two words", "x" * 33, "gr\u00e9edy", "9lives"])
def test_a_seat_goes_only_to_a_player_named_by_a_short_lower_case_word(
    sample_board: Board, player: str
) -> None:
    game = make_game(sample_board)
    assert refusal(game, TakeSeat(colour=Colour.RED, player=player)) is Refusal.INVALID_COMMAND


def test_handing_a_seat_to_who_already_plays_it_changes_nothing(sample_board: Board) -> None:
    assert events(make_game(sample_board), TakeSeat(colour=Colour.RED, player="human")) == ()


# Why a place cannot be built on (`obstacle`, beside `refusal`) -------------------------------


def _recorded_states() -> list[Game]:
    """Every tenth state of the recorded games in journals/, where builds are asked for."""
    states = []
    for path in sorted((ROOT / "journals").glob("*/journal.jsonl")):
        journal = read_journal(str(path))
        game = start(journal.header)
        for number, event in enumerate(journal.events):
            game = apply(game, event)
            if number % 10 == 0 and game.phase in (Phase.SETUP, Phase.AFTER_ROLL):
                states.append(game)
    return states


def test_an_obstacle_is_named_exactly_when_a_place_cannot_be_built_on() -> None:
    states = _recorded_states()
    assert len(states) > 50
    for game in states:
        builds: list[AnyCommand] = [Complete(criterion=c) for c in range(-1, 55)]
        if game.phase is Phase.AFTER_ROLL:
            builds += [Achieve(goal=g) for g in range(-1, 73)]
            builds += [Improve(criterion=c) for c in range(-1, 55)]
        for command in builds:
            named = obstacle(game, command) is not None
            refused = rules.refusal(game, command)
            assert named == (refused is Refusal.CANNOT_BUILD), (command, game)


@pytest.mark.parametrize(
    ("command", "why"),
    [
        (Complete(criterion=20), Obstacle.TAKEN),
        (Complete(criterion=31), Obstacle.NEIGHBOUR_COMPLETED),
        (Complete(criterion=0), Obstacle.NOT_CONNECTED),
        (Complete(criterion=54), Obstacle.NO_SUCH_PLACE),
        (Achieve(goal=38), Obstacle.TAKEN),
        (Achieve(goal=0), Obstacle.NOT_CONNECTED),
        (Achieve(goal=35), None),  # free and touching Blue's 25: only the price is short
        (Improve(criterion=20), Obstacle.NOT_OWN),
        (Improve(criterion=37), Obstacle.HIGHEST_LEVEL),
        (Improve(criterion=30), None),
        (Next(), None),
    ],
)
def test_the_obstacle_in_the_sample_position_after_the_roll(
    command: AnyCommand, why: Obstacle | None
) -> None:
    # The spec's sample save; criterion 31 touches Blue's 25, 30 and 37 (topology.json).
    sample = parse_save(reference("sample-save.sv"), "sample-save.sv", WATAN)
    game = replace(loaded_game(sample.board, sample.position, WATAN.rules), phase=Phase.AFTER_ROLL)
    assert obstacle(game, command) is why
