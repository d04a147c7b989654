"""The board, status lines and listings, exactly as the spec and its rulings print them."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cli.test_show import sample_save_board
from tests.conftest import reference
from tests.test_definition import HEADER, NEW_HEADER, SAMPLE_EVENTS, WIN_EVENTS, WIN_HEADER, fold
from watan.editions.watan import EDITION as WATAN
from watan.engine.events import CriterionCompleted
from watan.engine.layout import Board, Tile, random_board
from watan.engine.resources import NONE, Resource
from watan.engine.snapshot import NO_GEESE, Position, SavedGame, SavedStudent
from watan.engine.state import SETUP_ORDER, Colour, Game, loaded_game, new_game
from watan.engine.topology import CriterionId, GoalId
from watan.text import render

FIGURE_1 = reference("board-figure1.txt")

# Tile 9 fills lines 16-24 of Figure 1, from column 30 (its criterion 26) for 24 columns.
# Figures 2 and 3 print the same tile alone with criterion 26 at column 29.
TILE_9_TOP, TILE_9_LEFT, TILE_WIDTH, FIGURE_LEFT = 16, 30, 24, 29


def figure(number: int) -> list[str]:
    """Return the 9 lines of Figure 2 or 3 from board-figures2-3.txt, left columns removed."""
    text = reference("board-figures2-3.txt").splitlines()
    starts = [n for n, line in enumerate(text) if line.startswith(f"# Watan spec Figure {number}")]
    assert len(starts) == 1
    lines = text[starts[0] + 1 : starts[0] + 10]
    assert all(not line[:FIGURE_LEFT].strip() for line in lines)
    return [line[FIGURE_LEFT:] for line in lines]


def tile_9(board_text: str) -> list[str]:
    """Return tile 9's region of a rendered board, trailing spaces dropped."""
    lines = board_text.splitlines()[TILE_9_TOP : TILE_9_TOP + 9]
    return [line[TILE_9_LEFT : TILE_9_LEFT + TILE_WIDTH].rstrip() for line in lines]


def replace_once(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def game_with(
    board: Board,
    criteria: dict[Colour, tuple[tuple[int, int], ...]],
    goals: dict[Colour, tuple[int, ...]] | None = None,
    geese: int = NO_GEESE,
    resources: dict[Colour, tuple[int, int, int, int, int]] | None = None,
) -> Game:
    """Return a loaded game where each student owns what is given, Blue to roll."""
    goals = goals or {}
    resources = resources or {}
    students = tuple(
        SavedStudent(
            resources=resources.get(colour, (0, 0, 0, 0, 0)),
            goals=tuple(GoalId(g) for g in goals.get(colour, ())),
            criteria=tuple((CriterionId(c), level) for c, level in criteria.get(colour, ())),
        )
        for colour in Colour
    )
    return loaded_game(board, Position(turn=0, students=students, geese=geese), WATAN.rules)


def sample_game(save: SavedGame) -> Game:
    return loaded_game(save.board, save.position, WATAN.rules)


# --- the board ------------------------------------------------------------------------------


def test_the_sample_board_with_nothing_owned_is_figure_1(sample_board: Board) -> None:
    assert render.board(new_game(sample_board, WATAN.rules), WATAN) == FIGURE_1


def test_figure_1_has_41_lines_without_trailing_spaces() -> None:
    lines = FIGURE_1.split("\n")
    assert (len(lines), lines[-1]) == (42, "")
    assert [line.rstrip() for line in lines] == lines


def test_tile_9_with_nothing_owned_is_figure_2(sample_board: Board) -> None:
    assert tile_9(render.board(new_game(sample_board, WATAN.rules), WATAN)) == figure(2)


def test_tile_9_with_yellow_and_red_criteria_and_the_geese_is_figure_3(
    sample_board: Board,
) -> None:
    game = game_with(
        sample_board,
        {Colour.YELLOW: ((20, 1), (27, 1)), Colour.RED: ((32, 2),)},
        geese=9,
    )
    assert tile_9(render.board(game, WATAN)) == figure(3)


def test_figure_3_on_the_whole_board_changes_only_tile_9(sample_board: Board) -> None:
    game = game_with(
        sample_board,
        {Colour.YELLOW: ((20, 1), (27, 1)), Colour.RED: ((32, 2),)},
        geese=9,
    )
    lines = FIGURE_1.splitlines()
    for n, text in enumerate(figure(3)):
        line = lines[TILE_9_TOP + n]
        padded = line.ljust(TILE_9_LEFT + TILE_WIDTH)
        spliced = padded[:TILE_9_LEFT] + text.ljust(TILE_WIDTH) + padded[TILE_9_LEFT + TILE_WIDTH :]
        lines[TILE_9_TOP + n] = spliced.rstrip()
    assert render.board(game, WATAN) == "".join(f"{line}\n" for line in lines)


def test_owned_places_show_colour_and_completion_initials(sample_board: Board) -> None:
    # Spec §2.4.1: colour initial then A(ssignment), M(idterm) or E(xam);
    # spec §2.6: an achieved goal shows colour initial then A.
    game = game_with(
        sample_board,
        {Colour.BLUE: ((37, 3),), Colour.ORANGE: ((44, 2),), Colour.RED: ((0, 1),)},
        {Colour.BLUE: (56, 67), Colour.YELLOW: (3,)},
    )
    expected = FIGURE_1
    for old, new in [
        ("|37|", "|BE|"),
        ("|44|", "|OM|"),
        ("| 0|", "|RA|"),
        ("56", "BA"),
        ("--67--", "--BA--"),
        ("-- 3--", "--YA--"),
    ]:
        expected = replace_once(expected, old, new)
    assert render.board(game, WATAN) == expected


def test_a_one_digit_goal_beside_a_tile_is_replaced_in_both_columns(sample_board: Board) -> None:
    game = game_with(sample_board, {}, {Colour.ORANGE: (1, 2)})
    lines = FIGURE_1.splitlines()
    assert lines[2] == "                                  1       0      2"
    expected_line = "                                 OA       0     OA"
    assert render.board(game, WATAN).splitlines()[2] == expected_line


def test_netflix_shows_no_value(sample_board: Board) -> None:
    board = (Tile(Resource.NETFLIX, 7), *sample_board[1:])
    lines = FIGURE_1.splitlines()
    assert lines[3:5] == [
        "                                 /     CAFFEINE   \\",
        "                    | 2|-- 3--| 3|        3       | 4|-- 4--| 5|",
    ]
    lines[3:5] = [
        "                                 /     NETFLIX    \\",
        "                    | 2|-- 3--| 3|                | 4|-- 4--| 5|",
    ]
    assert render.board(
        new_game(board, WATAN.rules), WATAN
    ) == "".join(f"{line}\n" for line in lines)


def test_geese_on_netflix_show_under_the_missing_value(sample_board: Board) -> None:
    # Tile 4 of Figure 1 is NETFLIX; GEESE goes on the line below the value line.
    lines = FIGURE_1.splitlines()
    tile_4 = slice(30, 54)
    assert lines[13][tile_4] == "   \\                /   "
    lines[13] = lines[13][:30] + "   \\     GEESE      /   " + lines[13][54:]
    game = game_with(sample_board, {}, geese=4)
    assert render.board(game, WATAN) == "".join(f"{line}\n" for line in lines)


@settings(max_examples=50, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=-1, max_value=18))
def test_every_board_has_41_lines_without_trailing_spaces(seed: int, geese: int) -> None:
    board = random_board(random.Random(seed))
    text = render.board(
        game_with(board, {Colour.BLUE: ((0, 3),)}, {Colour.RED: (71,)}, geese), WATAN
    )
    lines = text.split("\n")
    assert (len(lines), lines[-1]) == (42, "")
    assert [line.rstrip() for line in lines] == lines
    assert text.count("GEESE") == (0 if geese == NO_GEESE else 1)


# --- status and listings --------------------------------------------------------------------


def test_a_new_students_status_line_is_worded_as_ruling_4(sample_board: Board) -> None:
    assert render.status_line(new_game(sample_board, WATAN.rules), WATAN, Colour.BLUE) == (
        "Blue has 0 course criteria, 0 caffeines, 0 labs, 0 lectures, 0 studies, and 0 tutorials.\n"
    )


def test_the_status_line_uses_plurals_even_for_one(sample_board: Board) -> None:
    game = game_with(
        sample_board, {Colour.RED: ((10, 1),)}, resources={Colour.RED: (1, 1, 1, 1, 1)}
    )
    assert render.status_line(game, WATAN, Colour.RED) == (
        "Red has 1 course criteria, 1 caffeines, 1 labs, 1 lectures, 1 studies, and 1 tutorials.\n"
    )


def test_status_lists_every_student_in_order_counting_levels(sample_save: SavedGame) -> None:
    # sample-save.sv: Blue 37 exam, 25 exam, 30 assignment = 7; Red 32 midterm, 44 assignment
    # = 3; Orange 16 midterm, 40 assignment = 3; Yellow two assignments = 2.
    assert render.status(sample_game(sample_save), WATAN) == (
        "Blue has 7 course criteria, 0 caffeines, 0 labs, 0 lectures, 5 studies, "
        "and 0 tutorials.\n"
        "Red has 3 course criteria, 0 caffeines, 0 labs, 0 lectures, 0 studies, "
        "and 0 tutorials.\n"
        "Orange has 3 course criteria, 11 caffeines, 0 labs, 0 lectures, 0 studies, "
        "and 0 tutorials.\n"
        "Yellow has 2 course criteria, 0 caffeines, 0 labs, 3 lectures, 0 studies, "
        "and 0 tutorials.\n"
    )


def test_completed_lists_criteria_in_the_order_first_completed(sample_save: SavedGame) -> None:
    # Spec §2.7; the save lists Blue's criteria as 37 3, 25 3, 30 1 (not sorted).
    assert render.completed(sample_game(sample_save), WATAN, Colour.BLUE) == (
        "Blue has completed:\n37 3\n25 3\n30 1\n"
    )
    assert render.completed(sample_game(sample_save), WATAN, Colour.ORANGE) == (
        "Orange has completed:\n16 2\n40 1\n"
    )


def test_completed_with_nothing_completed_is_the_heading_alone(sample_board: Board) -> None:
    assert render.completed(
        new_game(sample_board, WATAN.rules), WATAN, Colour.YELLOW
    ) == "Yellow has completed:\n"


def test_help_is_the_spec_list_of_commands() -> None:
    # Spec §4.3.
    assert WATAN.text.help == (
        "Valid commands:\n"
        "board\n"
        "status\n"
        "criteria\n"
        "achieve <goal>\n"
        "complete <criterion>\n"
        "improve <criterion>\n"
        "trade <colour> <give> <take>\n"
        "next\n"
        "save <file>\n"
        "help\n"
    )


# The game at a step, in words ----------------------------------------------------------------


def setup_game(placed: int) -> Game:
    """The new game on Figure 1's board after `placed` initial assignments, far apart."""
    criteria = (0, 4, 12, 17, 36, 41, 49, 53)[:placed]
    order = SETUP_ORDER[:placed]
    return fold(
        NEW_HEADER,
        tuple(
            CriterionCompleted(colour=colour, criterion=CriterionId(c), cost=NONE)
            for colour, c in zip(order, criteria, strict=True)
        ),
    )


@pytest.mark.parametrize(
    ("game", "words"),
    [
        (setup_game(0), "Setup: Blue places an initial assignment (0 of 8 placed).\n"),
        (setup_game(3), "Setup: Yellow places an initial assignment (3 of 8 placed).\n"),
        (fold(HEADER, ()), "Blue's turn, before the roll (fair dice).\n"),
        (fold(HEADER, SAMPLE_EVENTS[:1]), "Blue's turn, before the roll (loaded dice).\n"),
        (
            fold(HEADER, SAMPLE_EVENTS[:3]),
            "Blue's turn: a 7 was rolled and the geese wait to be placed.\n",
        ),
        (fold(HEADER, SAMPLE_EVENTS[:5]), "Blue's turn, after the roll.\n"),
        (fold(HEADER, SAMPLE_EVENTS), "Orange's turn, before the roll (fair dice).\n"),
        (fold(WIN_HEADER, WIN_EVENTS), "Blue has won; the game is over.\n"),
    ],
)
def test_the_standing_says_whose_turn_and_where_in_it(game: Game, words: str) -> None:
    assert render.standing(game, WATAN) == words



SAMPLE_STATUS = (
    "Blue has 7 course criteria, 0 caffeines, 0 labs, 0 lectures, 5 studies, and 0 tutorials.\n"
    "Red has 3 course criteria, 0 caffeines, 0 labs, 0 lectures, 0 studies, and 0 tutorials.\n"
    "Orange has 3 course criteria, 11 caffeines, 0 labs, 0 lectures, 0 studies, "
    "and 0 tutorials.\n"
    "Yellow has 2 course criteria, 0 caffeines, 0 labs, 3 lectures, 0 studies, and 0 tutorials.\n"
)


def test_the_game_as_text_is_the_board_then_the_four_status_lines_then_the_standing() -> None:
    assert render.game_text(fold(HEADER, ()), WATAN) == (
        sample_save_board() + SAMPLE_STATUS + "Blue's turn, before the roll (fair dice).\n"
    )
