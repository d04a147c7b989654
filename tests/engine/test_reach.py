"""Whether anyone can still win: decided by what nobody has and nobody yields."""

from __future__ import annotations

from msgspec.structs import replace

from tests.conftest import WATAN
from tests.positions import make_game, with_student
from watan.engine.layout import Board, Tile
from watan.engine.reach import missing_for_good, nobody_can_win
from watan.engine.resources import Resource
from watan.engine.rules import Card, with_house_rules
from watan.engine.state import Colour, Phase

BLUE, RED = Colour.BLUE, Colour.RED


def _without_study(board: Board) -> Board:
    """The sample board with every STUDY tile turned into LAB: nothing yields STUDY."""
    return tuple(
        Tile(Resource.LAB, tile.value) if tile.resource is Resource.STUDY else tile
        for tile in board
    )


def test_a_resource_nobody_holds_and_no_criterion_yields_is_missing_for_good(
    sample_board: Board,
) -> None:
    # Red holds one of everything but STUDY, which no tile yields any more.
    board = _without_study(sample_board)
    game = make_game(board, criteria={20: (BLUE, 1)}, resources={RED: (1, 1, 1, 0, 1)})
    assert missing_for_good(game) == (Resource.STUDY,)
    holding = make_game(board, criteria={20: (BLUE, 1)}, resources={RED: (1, 1, 1, 1, 1)})
    assert missing_for_good(holding) == ()


def test_without_study_no_goal_is_built_and_two_midterms_cannot_win(sample_board: Board) -> None:
    # Goals (spec §2.6) and midterms need STUDY: nobody can build a criterion or raise one.
    game = make_game(
        _without_study(sample_board),
        criteria={20: (BLUE, 2), 40: (RED, 1), 0: (BLUE, 2)},
        resources={RED: (5, 5, 5, 0, 5)},
    )
    assert nobody_can_win(game)


def test_someone_holding_the_missing_resource_can_still_win(sample_board: Board) -> None:
    game = make_game(
        _without_study(sample_board),
        criteria={20: (BLUE, 2)},
        resources={BLUE: (0, 0, 0, 1, 0), RED: (5, 5, 5, 0, 5)},
    )
    assert not nobody_can_win(game)


def test_a_student_who_can_still_raise_their_criteria_to_the_win_can_win(
    sample_board: Board,
) -> None:
    # Without CAFFEINE nobody builds an assignment or an exam, but midterms need none:
    # Blue, at 8 with two assignments, reaches 10 by raising them; at 7 with one, never.
    board = tuple(
        Tile(Resource.LAB, t.value) if t.resource is Resource.CAFFEINE else t
        for t in sample_board
    )
    others = {RED: (0, 5, 5, 5, 5)}
    game = make_game(
        board,
        criteria={20: (BLUE, 3), 0: (BLUE, 3), 50: (BLUE, 1), 45: (BLUE, 1)},
        resources=others,
    )
    assert not nobody_can_win(game)
    short = make_game(
        board, criteria={20: (BLUE, 3), 0: (BLUE, 3), 50: (BLUE, 1)}, resources=others
    )
    assert nobody_can_win(short)


def test_setup_and_a_finished_game_are_never_stuck(sample_board: Board) -> None:
    board = _without_study(sample_board)
    game = make_game(board, criteria={20: (BLUE, 1)})
    assert not nobody_can_win(replace(game, phase=Phase.SETUP))
    assert not nobody_can_win(replace(game, phase=Phase.OVER))


# House rules (house-rules.md) -------------------------------------------------------------------

WITH_BANK = with_house_rules(WATAN.rules, ["bank-trade"])
WITH_CARDS = with_house_rules(WATAN.rules, ["dev-cards"])


def _without_caffeine(board: Board) -> Board:
    """The sample board with every CAFFEINE tile turned into LAB: nothing yields CAFFEINE."""
    return tuple(
        Tile(Resource.LAB, tile.value) if tile.resource is Resource.CAFFEINE else tile
        for tile in board
    )


def test_with_bank_trades_a_missing_resource_is_bought_from_the_bank(sample_board: Board) -> None:
    # The game nobody can win without STUDY: the bank sells STUDY for four of anything.
    board = _without_study(sample_board)
    criteria = {20: (BLUE, 2), 40: (RED, 1), 0: (BLUE, 2)}
    others = {RED: (5, 5, 5, 0, 5)}
    assert nobody_can_win(make_game(board, criteria=criteria, resources=others))
    banked = make_game(board, criteria=criteria, resources=others, rules=WITH_BANK)
    assert not nobody_can_win(banked)


def test_vp_cards_left_in_the_deck_can_still_win_when_a_card_can_be_paid_for(
    sample_board: Board,
) -> None:
    # Without CAFFEINE, Blue (7: two exams and an assignment) can raise the assignment to a
    # midterm, 8, and no further; a card (LAB, STUDY, TUTORIAL) needs no CAFFEINE, so the
    # deck's vp cards are points anyone may buy.
    criteria = {20: (BLUE, 3), 0: (BLUE, 3), 50: (BLUE, 1)}
    others = {RED: (0, 5, 5, 5, 5)}
    board = _without_caffeine(sample_board)
    plain = make_game(board, criteria=criteria, resources=others)
    assert nobody_can_win(plain)
    with_deck = replace(make_game(board, criteria=criteria, resources=others, rules=WITH_CARDS),
                        deck=(Card.KNIGHT, Card.VP, Card.VP))
    assert not nobody_can_win(with_deck)
    assert nobody_can_win(replace(with_deck, deck=(Card.KNIGHT, Card.MONOPOLY)))


def test_vp_cards_in_hand_count_even_when_no_card_can_be_bought(sample_board: Board) -> None:
    # Without STUDY no card can be bought (its price holds a STUDY), so the deck's vp cards
    # count for nobody; Blue, at 4 with two midterms it can raise no further (an exam
    # needs STUDY), wins only with six vp cards in its hand.
    criteria = {20: (BLUE, 2), 40: (RED, 1), 0: (BLUE, 2)}
    game = replace(
        make_game(_without_study(sample_board), criteria=criteria,
                  resources={RED: (5, 5, 5, 0, 5)}, rules=WITH_CARDS),
        deck=(Card.VP,) * 5,
    )
    assert nobody_can_win(game)
    assert not nobody_can_win(with_student(game, BLUE, cards=(0, 6, 0)))
