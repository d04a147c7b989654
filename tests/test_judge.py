"""Judging a journal in words: headers a game cannot start from, and the loaded positions no
save file can hold (`watan.judge`).

The journals are the sample turns of `test_definition` (its docstring works them out by hand).
"""

from __future__ import annotations

from msgspec.structs import replace

from tests.conftest import CONSTRUCTOR, WATAN
from tests.test_definition import CAFFEINE, HEADER, NEW_HEADER, RED, SAMPLE, loaded_with
from watan.engine.layout import Tile
from watan.engine.topology import CriterionId, GoalId
from watan.judge import header_problem, position_problem

# Headers --------------------------------------------------------------------------------------


def test_sound_headers_have_no_problem() -> None:
    assert (header_problem(HEADER), header_problem(NEW_HEADER)) == (None, None)


def test_a_header_with_a_tile_valued_thirteen_is_a_problem() -> None:
    board = (Tile(CAFFEINE, 13), *NEW_HEADER.board[1:])
    assert header_problem(replace(NEW_HEADER, board=board)) == (
        "the board needs 19 tiles, each valued 2-12 unless NETFLIX"
    )


def test_a_loaded_criterion_owned_twice_is_a_problem_of_the_header() -> None:
    red = SAMPLE.position.students[RED]
    header = loaded_with(RED, replace(red, criteria=(*red.criteria, (CriterionId(37), 1))))
    # Blue's sample line holds criterion 37: a journal's header has no lines to name.
    assert header_problem(header) == "the loaded position: criterion 37 is owned twice"


def test_a_loaded_turn_outside_zero_to_three_is_a_problem() -> None:
    header = replace(HEADER, loaded=replace(SAMPLE.position, turn=4))
    assert header_problem(header) == (
        "the loaded position: the current turn must be one number from 0 to 3"
    )


# Loaded positions --------------------------------------------------------------------------------

RED_LINE = SAMPLE.position.students[RED]


def test_the_sample_position_holds_nothing_a_save_file_cannot() -> None:
    assert position_problem(SAMPLE.position, WATAN) is None


def test_a_goal_owned_twice_is_named_in_each_editions_words() -> None:
    goal = SAMPLE.position.students[0].goals[0]
    header = loaded_with(RED, replace(RED_LINE, goals=(*RED_LINE.goals, goal)))
    assert header.loaded is not None
    loaded = header.loaded
    assert (position_problem(loaded, WATAN), position_problem(loaded, CONSTRUCTOR)) == (
        f"goal {goal} is owned twice",
        f"path {goal} is owned twice",
    )


def test_a_goal_off_the_board_is_named_with_the_goals_there_are() -> None:
    header = loaded_with(RED, replace(RED_LINE, goals=(GoalId(72),)))
    assert header_problem(header) == "the loaded position: goal 72 is not on the board (0-71)"


def test_a_negative_count_is_a_problem() -> None:
    header = loaded_with(RED, replace(RED_LINE, resources=(0, -1, 0, 0, 0)))
    assert header_problem(header) == "the loaded position: Red holds a negative count"


def test_a_count_past_what_a_save_file_writes_is_a_problem() -> None:
    header = loaded_with(RED, replace(RED_LINE, resources=(0, 0, 10**9, 0, 0)))
    assert header_problem(header) == (
        "the loaded position: Red holds a count past 999,999,999, which no save file holds"
    )


def test_geese_on_no_tile_are_a_problem() -> None:
    header = replace(HEADER, loaded=replace(SAMPLE.position, geese=19))
    assert header_problem(header) == (
        "the loaded position: the geese are on tile 19, which is none (0-18, or -1: off the board)"
    )
