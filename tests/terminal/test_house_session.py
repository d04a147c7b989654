"""The dialogue of a game with house rules: their commands typed at the prompt.

Positions are on the spec's Figure 1 board; tile 9 (CAFFEINE 2) has criteria 20, 21, 26,
27, 32 and 33.  Every expected transcript is written by hand from house-rules.md and the
lines docs/decisions.md gives the house rules in each edition's voice.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from tests.conftest import CONSTRUCTOR, WATAN
from tests.positions import make_game, with_student
from tests.scripted import typed
from watan.editions.model import Edition
from watan.engine.layout import Board
from watan.engine.rules import Card, with_house_rules
from watan.engine.state import Colour, Game, Phase

BLUE, RED, ORANGE, YELLOW = Colour.BLUE, Colour.RED, Colour.ORANGE, Colour.YELLOW
SPEC_HELP = (
    "Valid commands:\nboard\nstatus\ncriteria\nachieve <goal>\ncomplete <criterion>\n"
    "improve <criterion>\ntrade <colour> <give> <take>\nnext\nsave <file>\nhelp\n"
)
GEESE = "Choose where to place the GEESE.\n"


def game_with(
    board: Board,
    names: list[str],
    cards: tuple[int, int, int] = (0, 0, 0),
    phase: Phase = Phase.AFTER_ROLL,
    edition: Edition = WATAN,
) -> Game:
    """Blue's turn with these house rules and cards; Red and Yellow on tile 9, holding some."""
    game = make_game(
        board,
        phase=phase,
        resources={BLUE: (4, 1, 0, 1, 1), RED: (0, 2, 0, 0, 0), YELLOW: (0, 0, 3, 0, 0)},
        criteria={20: (RED, 1), 27: (YELLOW, 1), 33: (BLUE, 1)},
        rules=with_house_rules(edition.rules, names),
    )
    return replace(with_student(game, BLUE, cards=cards), deck=(Card.VP, Card.KNIGHT))


def test_help_lists_each_rules_commands_after_the_specs(sample_board: Board) -> None:
    bank = game_with(sample_board, ["bank-trade"])
    cards = game_with(sample_board, ["dev-cards"])
    both = game_with(sample_board, ["standard"])
    plain = game_with(sample_board, [])
    bank_help = "trade-bank <give> <take>\n"
    cards_help = "buy-dev\ndevs\nplay-dev <card>\nplay-dev monopoly <resource>\n"
    assert typed(plain, ["help"], edition=WATAN).last == SPEC_HELP
    assert typed(bank, ["help"], edition=WATAN).last == SPEC_HELP + bank_help
    assert typed(cards, ["help"], edition=WATAN).last == SPEC_HELP + cards_help
    assert typed(both, ["help"], edition=WATAN).last == SPEC_HELP + bank_help + cards_help


def test_a_bank_trade_prints_nothing_and_changes_the_holding(sample_board: Board) -> None:
    done = typed(game_with(sample_board, ["bank-trade"]), ["trade-bank caffeine lab"],
                 edition=WATAN)
    assert done.text == "> trade-bank caffeine lab\n> "
    assert done.game.students[BLUE].resources == (0, 2, 0, 1, 1)


def test_the_bank_refuses_what_the_rules_refuse(sample_board: Board) -> None:
    game = game_with(sample_board, ["bank-trade"])
    said = [typed(game, [line], edition=WATAN).last for line in (
        "trade-bank lab caffeine", "trade-bank caffeine caffeine", "trade-bank caffeine netflix",
    )]
    assert said == ["You do not have enough resources.\n", "Invalid command.\n",
                    "Invalid command.\n"]


def test_buying_a_card_says_which_and_devs_lists_the_cards_held(sample_board: Board) -> None:
    game = game_with(sample_board, ["dev-cards"], cards=(1, 0, 0))
    done = typed(game, ["buy-dev", "devs"], edition=WATAN)
    assert done.text == (
        "> buy-dev\nYou bought a vp card.\n"
        "> devs\nBlue has these development cards:\n1 knight\n1 vp\n> "
    )
    assert typed(game, ["devs"], edition=CONSTRUCTOR).last == (
        "Blue has these dev cards:\n1 knight\n"
    )


def test_an_empty_deck_says_so_in_the_editions_words(sample_board: Board) -> None:
    game = replace(game_with(sample_board, ["dev-cards"]), deck=())
    assert typed(game, ["buy-dev"], edition=WATAN).last == (
        "There are no development cards left.\n"
    )
    assert typed(game, ["buy-dev"], edition=CONSTRUCTOR).last == "There are no dev cards left.\n"


def test_a_knight_asks_for_the_geese_and_the_victim_as_a_seven_does(sample_board: Board) -> None:
    game = game_with(sample_board, ["dev-cards"], cards=(1, 0, 0), phase=Phase.BEFORE_ROLL)
    done = typed(game, ["play-dev knight", "19", "9", "Orange", "yellow"], edition=WATAN)
    assert done.text == (
        f"> play-dev knight\n{GEESE}> 19\n{GEESE}> 9\n"
        "Student Blue can choose to steal from Red, Yellow.\n"
        "Choose a student to steal from.\n> Orange\n"
        "Choose a student to steal from.\n> yellow\n"
        "Student Blue steals LECTURE from student Yellow.\n> "
    )
    assert (done.game.geese, done.game.phase) == (9, Phase.BEFORE_ROLL)


def test_a_knight_on_a_tile_with_nobody_to_rob_says_so(sample_board: Board) -> None:
    game = game_with(sample_board, ["dev-cards"], cards=(1, 0, 0), edition=CONSTRUCTOR)
    done = typed(game, ["play-dev knight", "3"], edition=CONSTRUCTOR)
    assert done.last == "Builder Blue has no builders to steal from.\n"


def test_end_of_input_at_the_knights_questions_plays_no_knight(sample_board: Board) -> None:
    game = game_with(sample_board, ["dev-cards"], cards=(1, 0, 0))
    assert typed(game, ["play-dev knight"], edition=WATAN).game == game
    assert typed(game, ["play-dev knight", "9"], edition=WATAN).game == game


def test_a_monopoly_says_what_it_took_from_whom(sample_board: Board) -> None:
    game = game_with(sample_board, ["dev-cards"], cards=(0, 0, 1))
    assert typed(game, ["play-dev monopoly lab"], edition=WATAN).last == (
        "Student Blue takes 2 LAB from student Red.\n"
    )
    assert typed(game, ["play-dev monopoly tutorial"], edition=WATAN).last == (
        "No other students have any TUTORIAL.\n"
    )
    assert typed(game, ["play-dev monopoly energy"], edition=CONSTRUCTOR).last == (
        "Builder Blue takes 2 ENERGY from builder Red.\n"
    )


def test_a_vp_played_is_a_point_on_the_status_line(sample_board: Board) -> None:
    game = game_with(sample_board, ["dev-cards"], cards=(0, 1, 0))
    done = typed(game, ["play-dev vp", "status"], edition=WATAN)
    assert done.text.startswith(
        "> play-dev vp\nStudent Blue gains one course criterion.\n> status\n"
        "Blue has 2 course criteria,"
    )
    constructor = game_with(sample_board, ["dev-cards"], cards=(0, 1, 0), edition=CONSTRUCTOR)
    assert typed(constructor, ["play-dev vp"], edition=CONSTRUCTOR).last == (
        "Builder Blue gains one building point.\n"
    )


@pytest.mark.parametrize(
    ("game_change", "line", "said"),
    [
        ({}, "play-dev knight", "You do not have that card.\n"),
        ({"card_played": True}, "play-dev vp", "You have already played a card this turn.\n"),
        ({"bought": (0, 0, 1)}, "play-dev monopoly lab",
         "You cannot play a card on the turn you bought it.\n"),
    ],
)
def test_a_card_that_may_not_be_played_is_refused_with_its_reason(
    sample_board: Board, game_change: dict[str, object], line: str, said: str
) -> None:
    game = replace(game_with(sample_board, ["dev-cards"], cards=(0, 1, 1)), **game_change)
    assert typed(game, [line], edition=WATAN).last == said


@pytest.mark.parametrize(
    "line", ["trade-bank caffeine lab", "buy-dev", "devs", "play-dev vp"],
)
def test_without_the_rules_their_words_are_invalid_commands(sample_board: Board, line: str) -> None:
    game = game_with(sample_board, [], cards=(0, 1, 0))
    assert typed(game, [line], edition=WATAN).last == "Invalid command.\n"
