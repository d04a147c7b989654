"""The engine at your elbow: the move `suggest` names, in the words typed, and the chances."""

from __future__ import annotations

import msgspec

from replay.analysis import Horizon
from tests.conftest import CONSTRUCTOR, WATAN
from tests.positions import make_game
from tests.tools.analysis.test_estimate import MIDTERMS, one_build_from_winning
from watan.engine.commands import Complete, Improve, PlaceGeese, Roll, Trade
from watan.engine.layout import Board
from watan.engine.resources import Resource
from watan.engine.state import Colour, Phase
from watan.tools.analysis import estimate
from watan.tools.analysis.analysed import HORIZON
from watan.tools.analysis.suggesting import Suggestion, suggestion, told, typed

BLUE, RED = Colour.BLUE, Colour.RED
ONCE = Horizon(turns=1, samples=1)


def test_the_winning_build_is_suggested_with_the_chances_the_analysis_gives(
    sample_board: Board,
) -> None:
    game = one_build_from_winning(sample_board)
    found = suggestion(game, turn=30, step=200)
    assert found is not None
    position = estimate.position(game, turn=30, seed=0, step=200, horizon=HORIZON)
    assert found == Suggestion(
        move=Improve(criterion=MIDTERMS[BLUE]),
        chances=position,
        tried=len(estimate.candidates(game)),
    )


def test_what_suggest_says_is_the_move_as_typed_and_the_chances_in_percent(
    sample_board: Board,
) -> None:
    game = one_build_from_winning(sample_board)
    found = Suggestion(move=Roll(value=8), chances=(0.5, 0.25, 0.125, 0.125), tried=12)
    rolled = msgspec.structs.replace(game, phase=Phase.BEFORE_ROLL)
    assert told(found, rolled, WATAN) == (
        "The engine suggests for Blue: `roll`, then `8` (12 moves compared).\n"
        "Win chances now: Blue 50.0%, Red 25.0%, Orange 12.5%, Yellow 12.5%.\n"
    )
    assert told(None, game, WATAN) == "The engine finds no move to suggest here.\n"


def test_a_move_is_typed_as_at_the_prompts_in_each_edition(sample_board: Board) -> None:
    setup = make_game(sample_board, phase=Phase.SETUP, setup_step=0)
    assert typed(Complete(criterion=20), setup, WATAN) == "`20`"
    after = make_game(sample_board)
    trade = Trade(partner=RED, give=Resource.STUDY, take=Resource.LAB, accepted=True)
    assert typed(trade, after, WATAN) == "`trade Red STUDY LAB` (Red would accept)"
    assert typed(trade, after, CONSTRUCTOR) == "`trade Red HEAT ENERGY` (Red would accept)"
    geese = make_game(sample_board, phase=Phase.GEESE)
    assert typed(PlaceGeese(tile=5, victim=RED), geese, WATAN) == "`5`, then `Red`"


def test_a_game_over_has_no_move_to_suggest(sample_board: Board) -> None:
    won = msgspec.structs.replace(make_game(sample_board, phase=Phase.OVER), winner=RED)
    assert suggestion(won, turn=9, step=90, horizon=ONCE) is None
