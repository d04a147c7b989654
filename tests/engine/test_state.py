"""The frozen game state's questions; here, a saved game already won (spec §4.4)."""

from __future__ import annotations

import pytest

from tests.conftest import WATAN, reference
from watan.editions.constructor import EDITION as CONSTRUCTOR
from watan.engine.snapshot import SavedGame
from watan.engine.state import NOBODY, Colour, Phase, loaded_game, saved_game, saved_winner
from watan.files.savefile import parse_save


def saved(turn: int, *criteria: str) -> SavedGame:
    """A save file on the sample board: `turn`, then each student's criteria (`place level`)."""
    lines = "".join(f"0 0 0 0 0 g c {line}".rstrip() + "\n" for line in criteria)
    return parse_save(f"{turn}\n{lines}{reference('sample-board.txt')}", "won.sv", WATAN)


BLUE_AT_10 = "0 3 10 3 30 3 45 1"
"""Three Exams and an Assignment: 10 course criteria, what wins (spec §4.4)."""
BLUE_AT_9 = "0 3 10 3 30 2 45 1"
RED_AT_10 = "2 3 4 3 6 3 8 1"


def test_a_save_in_which_a_student_has_won_loads_as_a_game_over_with_that_winner() -> None:
    won = saved(1, BLUE_AT_10, "", "", "")  # saved after Blue's winning turn: Red is next
    game = loaded_game(won.board, won.position, WATAN.rules)
    assert (game.phase, game.winner, game.turn) == (Phase.OVER, Colour.BLUE, Colour.BLUE)
    assert saved_game(game) == won  # saved again, it writes the same curTurn


def test_a_student_one_short_of_winning_plays_on() -> None:
    position = saved(1, BLUE_AT_9, "", "", "").position
    game = loaded_game(saved(1, BLUE_AT_9, "", "", "").board, position, WATAN.rules)
    assert (
        saved_winner(position, WATAN.rules), game.phase, game.turn
    ) == (NOBODY, Phase.BEFORE_ROLL, 1)


@pytest.mark.parametrize(
    ("turn", "winner"),
    [(1, Colour.BLUE), (2, Colour.RED), (3, Colour.RED), (0, Colour.RED)],
)
def test_with_two_winners_the_one_whose_turn_came_last_before_cur_turn_won(
    turn: int, winner: Colour
) -> None:
    assert saved_winner(saved(turn, BLUE_AT_10, RED_AT_10, "", "").position, WATAN.rules) == winner


def test_building_points_win_constructor_as_course_criteria_win_watan() -> None:
    position = saved(3, "", "", BLUE_AT_10, "").position
    assert saved_winner(position, CONSTRUCTOR.rules) == Colour.ORANGE
