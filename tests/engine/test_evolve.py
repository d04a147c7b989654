"""The reducer: each event's effect on the whole game, and the states a journal starts from.

Every expected game is written out by hand from the spec and its rulings,
usually as the state before the event with the fields the event changes.
"""

from __future__ import annotations

from typing import get_args

import pytest
from msgspec.structs import replace

from tests.conftest import WATAN
from tests.positions import with_student
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
from watan.engine.evolve import apply, start
from watan.engine.layout import Board
from watan.engine.resources import NONE, Resource, Resources
from watan.engine.rules import Card
from watan.engine.snapshot import SavedGame
from watan.engine.state import NOBODY, Colour, Game, Phase, Student
from watan.engine.topology import CriterionId, GoalId, TileId

BLUE, RED, ORANGE, YELLOW = Colour.BLUE, Colour.RED, Colour.ORANGE, Colour.YELLOW
CRITERIA, GOALS = 54, 72


def criteria(*numbers: int) -> tuple[CriterionId, ...]:
    return tuple(CriterionId(n) for n in numbers)


def goals(*numbers: int) -> tuple[GoalId, ...]:
    return tuple(GoalId(n) for n in numbers)


def table(size: int, values: dict[int, int], empty: int) -> tuple[int, ...]:
    """Return a tuple of `size` entries, `empty` except where `values` says otherwise."""
    return tuple(values.get(i, empty) for i in range(size))


def fold(game: Game, events: list[AnyEvent]) -> Game:
    for event in events:
        game = apply(game, event)
    return game


@pytest.fixture
def fresh(sample_board: Board) -> Game:
    """A new game on the spec's Figure 1 board: setup, nothing owned, geese off the board."""
    return Game(
        board=sample_board,
        students=(Student(), Student(), Student(), Student()),
        criterion_owner=(NOBODY,) * CRITERIA,
        criterion_level=(0,) * CRITERIA,
        goal_owner=(NOBODY,) * GOALS,
        geese=-1,
        turn=BLUE,
        phase=Phase.SETUP,
        setup_step=0,
        winner=NOBODY,
        rules=WATAN.rules,
    )


@pytest.fixture
def playing(sample_board: Board) -> Game:
    """Blue after rolling: Blue holds an assignment at 30, a midterm at 25 and goal 43."""
    return Game(
        board=sample_board,
        students=(
            Student(resources=(4, 3, 5, 6, 2), goals=goals(43), criteria=criteria(30, 25)),
            Student(resources=(0, 2, 0, 0, 1), criteria=criteria(44)),
            Student(resources=(7, 0, 0, 0, 0)),
            Student(resources=(0, 0, 3, 0, 0)),
        ),
        criterion_owner=table(CRITERIA, {30: BLUE, 25: BLUE, 44: RED}, NOBODY),
        criterion_level=table(CRITERIA, {30: 1, 25: 2, 44: 1}, 0),
        goal_owner=table(GOALS, {43: BLUE}, NOBODY),
        geese=8,
        turn=BLUE,
        phase=Phase.AFTER_ROLL,
        setup_step=8,
        winner=NOBODY,
        rules=WATAN.rules,
    )


# The state a journal starts from ------------------------------------------------------------


def test_start_of_a_new_game_is_setup_with_nothing_owned_and_no_geese(
    sample_board: Board, fresh: Game
) -> None:
    assert start(
        GameStarted(edition=WATAN.name, rules=WATAN.rules, seed=5, board=sample_board)
    ) == fresh


def test_start_of_a_loaded_game_is_the_saved_position_before_the_roll(
    sample_save: SavedGame,
) -> None:
    # sample-save.sv: curTurn 0, the four student lines, Figure 1's board, geese on tile 8.
    header = GameStarted(
        edition=WATAN.name,
        rules=WATAN.rules,
        seed=5,
        board=sample_save.board,
        loaded=sample_save.position,
    )
    assert start(header) == Game(
        board=sample_save.board,
        students=(
            Student(
                resources=(0, 0, 0, 5, 0), goals=goals(38, 47, 43), criteria=criteria(37, 25, 30)
            ),
            Student(resources=(0, 0, 0, 0, 0), goals=goals(56, 48, 64), criteria=criteria(32, 44)),
            Student(
                resources=(11, 0, 0, 0, 0), goals=goals(24, 50, 33, 41), criteria=criteria(16, 40)
            ),
            Student(resources=(0, 0, 3, 0, 0), goals=goals(27, 32), criteria=criteria(20, 27)),
        ),
        criterion_owner=table(
            CRITERIA,
            {37: BLUE, 25: BLUE, 30: BLUE, 32: RED, 44: RED, 16: ORANGE, 40: ORANGE,
             20: YELLOW, 27: YELLOW},
            NOBODY,
        ),
        criterion_level=table(
            CRITERIA, {37: 3, 25: 3, 30: 1, 32: 2, 44: 1, 16: 2, 40: 1, 20: 1, 27: 1}, 0
        ),
        goal_owner=table(
            GOALS,
            {38: BLUE, 47: BLUE, 43: BLUE, 56: RED, 48: RED, 64: RED,
             24: ORANGE, 50: ORANGE, 33: ORANGE, 41: ORANGE, 27: YELLOW, 32: YELLOW},
            NOBODY,
        ),
        geese=8,
        turn=BLUE,
        phase=Phase.BEFORE_ROLL,
        setup_step=8,  # setup is over in a loaded game
        winner=NOBODY,
        rules=WATAN.rules,
    )


@pytest.mark.parametrize("turn", [RED, ORANGE, YELLOW])
def test_a_loaded_game_begins_before_the_roll_of_the_saved_current_turn(
    sample_save: SavedGame, turn: Colour
) -> None:
    position = replace(sample_save.position, turn=int(turn))
    game = start(GameStarted(
        edition=WATAN.name, rules=WATAN.rules, seed=5, board=sample_save.board, loaded=position
    ))
    assert (game.turn, game.phase) == (turn, Phase.BEFORE_ROLL)


def test_a_loaded_game_gives_every_student_fair_dice(sample_save: SavedGame) -> None:
    game = start(GameStarted(
        edition=WATAN.name,
        rules=WATAN.rules,
        seed=5,
        board=sample_save.board,
        loaded=sample_save.position,
    ))
    assert [s.loaded_dice for s in game.students] == [False, False, False, False]


# Setup ---------------------------------------------------------------------------------------


def test_an_initial_assignment_is_owned_at_level_one_and_passes_to_the_next_placer(
    fresh: Game,
) -> None:
    after = apply(fresh, CriterionCompleted(colour=BLUE, criterion=CriterionId(12), cost=NONE))
    expected = with_student(fresh, BLUE, criteria=criteria(12))
    expected = replace(
        expected,
        criterion_owner=table(CRITERIA, {12: BLUE}, NOBODY),
        criterion_level=table(CRITERIA, {12: 1}, 0),
        setup_step=1,
        turn=RED,
    )
    assert after == expected


def test_initial_assignments_go_blue_red_orange_yellow_yellow_orange_red_blue(
    fresh: Game,
) -> None:
    placers = [BLUE, RED, ORANGE, YELLOW, YELLOW, ORANGE, RED, BLUE]  # spec §4.1
    places = [0, 2, 5, 6, 11, 24, 29, 36]
    game, seen = fresh, []
    for colour, place in zip(placers, places, strict=True):
        seen.append((game.turn, game.phase))
        placed = CriterionCompleted(colour=colour, criterion=CriterionId(place), cost=NONE)
        game = apply(game, placed)
    assert seen == [(colour, Phase.SETUP) for colour in placers]


def test_the_eighth_initial_assignment_begins_blues_turn_before_the_roll(fresh: Game) -> None:
    placers = [BLUE, RED, ORANGE, YELLOW, YELLOW, ORANGE, RED, BLUE]
    places = [0, 2, 5, 6, 11, 24, 29, 36]
    game = fold(
        fresh,
        [
            CriterionCompleted(colour=colour, criterion=CriterionId(place), cost=NONE)
            for colour, place in zip(placers, places, strict=True)
        ],
    )
    assert game == replace(
        fresh,
        students=(
            Student(criteria=criteria(0, 36)),
            Student(criteria=criteria(2, 29)),
            Student(criteria=criteria(5, 24)),
            Student(criteria=criteria(6, 11)),
        ),
        criterion_owner=table(
            CRITERIA,
            {0: BLUE, 36: BLUE, 2: RED, 29: RED, 5: ORANGE, 24: ORANGE, 6: YELLOW, 11: YELLOW},
            NOBODY,
        ),
        criterion_level=table(CRITERIA, dict.fromkeys(places, 1), 0),
        setup_step=8,
        turn=BLUE,
        phase=Phase.BEFORE_ROLL,
    )


# Building --------------------------------------------------------------------------------------


def test_completing_after_the_roll_pays_and_adds_the_criterion_last(playing: Game) -> None:
    cost: Resources = (1, 1, 1, 0, 1)
    after = apply(playing, CriterionCompleted(colour=BLUE, criterion=CriterionId(37), cost=cost))
    expected = with_student(playing, BLUE, resources=(3, 2, 4, 6, 1), criteria=criteria(30, 25, 37))
    expected = replace(
        expected,
        criterion_owner=table(CRITERIA, {30: BLUE, 25: BLUE, 44: RED, 37: BLUE}, NOBODY),
        criterion_level=table(CRITERIA, {30: 1, 25: 2, 44: 1, 37: 1}, 0),
    )
    assert after == expected


def test_improving_sets_the_new_level_pays_and_keeps_the_completion_order(playing: Game) -> None:
    after = apply(
        playing,
        CriterionImproved(colour=BLUE, criterion=CriterionId(25), level=3, cost=(3, 2, 2, 2, 1)),
    )
    expected = with_student(playing, BLUE, resources=(1, 1, 3, 4, 1))
    expected = replace(expected, criterion_level=table(CRITERIA, {30: 1, 25: 3, 44: 1}, 0))
    assert after == expected


def test_achieving_a_goal_pays_and_adds_the_goal_last(playing: Game) -> None:
    after = apply(playing, GoalAchieved(colour=BLUE, goal=GoalId(47), cost=(0, 0, 0, 1, 1)))
    expected = with_student(playing, BLUE, resources=(4, 3, 5, 5, 1), goals=goals(43, 47))
    expected = replace(expected, goal_owner=table(GOALS, {43: BLUE, 47: BLUE}, NOBODY))
    assert after == expected


# Dice ----------------------------------------------------------------------------------------


def test_choosing_loaded_dice_marks_only_that_students_dice(playing: Game) -> None:
    before = replace(playing, turn=ORANGE, phase=Phase.BEFORE_ROLL)
    after = apply(before, DiceChosen(colour=ORANGE, loaded=True))
    assert after == with_student(before, ORANGE, loaded_dice=True)


def test_choosing_fair_dice_unmarks_loaded_dice(playing: Game) -> None:
    before = with_student(replace(playing, phase=Phase.BEFORE_ROLL), BLUE, loaded_dice=True)
    assert apply(before, DiceChosen(colour=BLUE, loaded=False)) == with_student(
        before, BLUE, loaded_dice=False
    )


@pytest.mark.parametrize(
    "rolled",
    [
        DiceRolled(colour=BLUE, roll=8),
        DiceRolled(colour=BLUE, roll=2),
        DiceRolled(colour=BLUE, roll=12, dice=(6, 6)),
    ],
)
def test_a_roll_other_than_seven_leads_to_the_rest_of_the_turn(
    playing: Game, rolled: DiceRolled
) -> None:
    before = replace(playing, phase=Phase.BEFORE_ROLL)
    assert apply(before, rolled) == replace(before, phase=Phase.AFTER_ROLL)


@pytest.mark.parametrize(
    "rolled", [DiceRolled(colour=BLUE, roll=7), DiceRolled(colour=BLUE, roll=7, dice=(3, 4))]
)
def test_a_seven_waits_for_the_geese(playing: Game, rolled: DiceRolled) -> None:
    before = replace(playing, phase=Phase.BEFORE_ROLL)
    assert apply(before, rolled) == replace(before, phase=Phase.GEESE)


def test_production_adds_to_what_the_student_holds(playing: Game) -> None:
    after = apply(playing, ResourcesProduced(colour=RED, gained=(2, 0, 0, 1, 3)))
    assert after == with_student(playing, RED, resources=(2, 2, 0, 1, 4))


# Geese ---------------------------------------------------------------------------------------


def test_a_loss_to_the_geese_takes_the_units_lost(playing: Game) -> None:
    after = apply(playing, ResourcesLost(colour=BLUE, lost=(2, 1, 3, 4, 0)))
    assert after == with_student(playing, BLUE, resources=(2, 2, 2, 2, 2))


def test_moving_the_geese_puts_them_on_the_tile_and_goes_on_with_the_turn(
    playing: Game,
) -> None:
    before = replace(playing, phase=Phase.GEESE)
    after = apply(before, GeeseMoved(colour=BLUE, tile=TileId(9)))
    assert after == replace(before, geese=9, phase=Phase.AFTER_ROLL)


def test_moving_the_geese_onto_the_board_for_the_first_time(playing: Game) -> None:
    before = replace(playing, geese=-1, phase=Phase.GEESE)
    after = apply(before, GeeseMoved(colour=BLUE, tile=TileId(0)))
    assert after == replace(before, geese=0, phase=Phase.AFTER_ROLL)


def test_a_steal_moves_one_unit_from_the_victim_to_the_thief(playing: Game) -> None:
    after = apply(playing, ResourceStolen(thief=BLUE, victim=YELLOW, resource=Resource.LECTURE))
    expected = with_student(playing, BLUE, resources=(4, 3, 6, 6, 2))
    assert after == with_student(expected, YELLOW, resources=(0, 0, 2, 0, 0))


# Trades --------------------------------------------------------------------------------------


def test_an_accepted_trade_swaps_one_unit_each_way(playing: Game) -> None:
    after = apply(
        playing,
        TradeAccepted(proposer=BLUE, partner=RED, give=Resource.STUDY, take=Resource.LAB),
    )
    expected = with_student(playing, BLUE, resources=(4, 4, 5, 5, 2))
    assert after == with_student(expected, RED, resources=(0, 1, 0, 1, 1))


def test_an_accepted_trade_of_a_resource_for_the_same_resource_changes_nothing(
    playing: Game,
) -> None:
    trade = TradeAccepted(proposer=BLUE, partner=RED, give=Resource.LAB, take=Resource.LAB)
    assert apply(playing, trade) == playing


def test_a_declined_trade_changes_nothing(playing: Game) -> None:
    trade = TradeDeclined(proposer=BLUE, partner=RED, give=Resource.STUDY, take=Resource.LAB)
    assert apply(playing, trade) == playing


# Turns and the end ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ending", "following"), [(BLUE, RED), (RED, ORANGE), (ORANGE, YELLOW), (YELLOW, BLUE)]
)
def test_ending_a_turn_passes_to_the_next_student_before_the_roll(
    playing: Game, ending: Colour, following: Colour
) -> None:
    before = replace(playing, turn=ending)
    after = apply(before, TurnEnded(colour=ending))
    assert after == replace(before, turn=following, phase=Phase.BEFORE_ROLL)


def test_a_win_names_the_winner_and_ends_the_game(playing: Game) -> None:
    after = apply(playing, GameWon(colour=BLUE))
    assert after == replace(playing, winner=BLUE, phase=Phase.OVER)


def test_resuming_a_game_changes_nothing(playing: Game) -> None:
    assert apply(playing, GameResumed(seed=77)) == playing


def test_a_seat_taken_changes_who_plays_that_student_and_nothing_else(playing: Game) -> None:
    after = apply(playing, SeatTaken(colour=Colour.ORANGE, player="expert"))
    assert after == replace(playing, seats=("human", "human", "expert", "human"))
    back = apply(after, SeatTaken(colour=Colour.ORANGE, player="human"))
    assert back == playing


# House rules (house-rules.md) --------------------------------------------------------------

KNIGHT, VP, MONOPOLY = Card.KNIGHT, Card.VP, Card.MONOPOLY


def test_a_bank_trade_takes_the_rate_of_one_resource_for_one_of_another(playing: Game) -> None:
    after = apply(playing, BankTraded(colour=BLUE, give=Resource.STUDY, take=Resource.LAB, rate=4))
    assert after == with_student(playing, BLUE, resources=(4, 4, 5, 2, 2))


def test_a_card_bought_is_paid_for_taken_off_the_deck_and_waits_for_a_later_turn(
    playing: Game,
) -> None:
    before = replace(playing, deck=(KNIGHT, VP))
    after = apply(before, CardBought(colour=BLUE, card=KNIGHT, cost=(0, 1, 0, 1, 1)))
    expected = with_student(before, BLUE, resources=(4, 2, 5, 5, 1), cards=(1, 0, 0))
    assert after == replace(expected, deck=(VP,), bought=(1, 0, 0))


@pytest.mark.parametrize("phase", [Phase.BEFORE_ROLL, Phase.AFTER_ROLL])
def test_a_knight_moves_the_geese_and_is_the_turns_card_without_changing_the_phase(
    playing: Game, phase: Phase
) -> None:
    before = with_student(replace(playing, phase=phase), BLUE, cards=(2, 0, 0))
    after = apply(before, KnightPlayed(colour=BLUE, tile=TileId(3)))
    expected = with_student(before, BLUE, cards=(1, 0, 0))
    assert after == replace(expected, geese=3, card_played=True)


def test_a_monopoly_takes_every_unit_the_others_hold_of_one_resource(playing: Game) -> None:
    before = with_student(playing, BLUE, cards=(0, 0, 1))
    taken = MonopolyPlayed(colour=BLUE, resource=Resource.LAB, taken=(0, 2, 0, 0))
    after = apply(before, taken)
    expected = with_student(before, BLUE, resources=(4, 5, 5, 6, 2), cards=(0, 0, 0))
    assert after == replace(
        with_student(expected, RED, resources=(0, 0, 0, 0, 1)), card_played=True
    )


def test_a_vp_played_is_a_point_for_good(playing: Game) -> None:
    before = with_student(playing, BLUE, cards=(0, 1, 0))
    after = apply(before, PointPlayed(colour=BLUE))
    expected = with_student(before, BLUE, cards=(0, 0, 0), played_points=1)
    assert after == replace(expected, card_played=True)


def test_a_vp_played_the_turn_it_was_bought_is_that_one_when_no_older_is_held(
    playing: Game,
) -> None:
    fresh = replace(with_student(playing, BLUE, cards=(0, 1, 0)), bought=(0, 1, 0))
    after = apply(fresh, PointPlayed(colour=BLUE))
    assert (after.bought, after.students[BLUE].cards) == ((0, 0, 0), (0, 0, 0))
    older = replace(with_student(playing, BLUE, cards=(0, 2, 0)), bought=(0, 1, 0))
    after = apply(older, PointPlayed(colour=BLUE))
    assert (after.bought, after.students[BLUE].cards) == ((0, 1, 0), (0, 1, 0))


def test_ending_a_turn_forgets_the_cards_bought_and_played_in_it(playing: Game) -> None:
    before = replace(playing, bought=(1, 1, 0), card_played=True)
    after = apply(before, TurnEnded(colour=BLUE))
    assert after == replace(playing, turn=RED, phase=Phase.BEFORE_ROLL)


def test_every_kind_of_event_has_a_reducer_test_here() -> None:
    tested = {
        CriterionCompleted, CriterionImproved, GoalAchieved, DiceChosen, DiceRolled,
        ResourcesProduced, ResourcesLost, GeeseMoved, ResourceStolen, TradeAccepted,
        TradeDeclined, TurnEnded, GameWon, GameResumed, SeatTaken, BankTraded, CardBought,
        KnightPlayed, MonopolyPlayed, PointPlayed,
    }
    assert set(get_args(AnyEvent)) == tested
