"""Constructor's save file (spec §3.7, RULINGS-constructor 7): parse and format as a pair.

A builder's line is `<brick> <energy> <glass> <heat> <wifi> r <roads> h <address> <B|H|T> ...`;
the board line and its codes are Watan's (RULINGS-constructor 1).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replay.edges.reading import BadFile
from tests.conftest import reference
from tests.text.test_constructor_render import CONSTRUCTOR, WATAN, status
from watan.engine.layout import random_board
from watan.engine.snapshot import Position, SavedGame, SavedStudent
from watan.engine.state import Colour, loaded_game, saved_game
from watan.engine.topology import CriterionId, GoalId
from watan.files.savefile import format_board, parse_board, parse_save
from watan.files.savefile import format_save as format_any
from watan.text import render

BOARD_LINE = reference("sample-board.txt").strip() + "\n"
NOBODY_LINE = "0 0 0 0 0 r h\n"

SECTION_3_7_ROW = "1 2 1 2 3 r 16 36 19 h 10 B 15 T 27 H"
"""Spec §3.7's example: 1 BRICK, 2 ENERGY, 1 GLASS, 2 HEAT, 3 WIFI, roads 16, 36 and 19,
a basement at 10, a tower at 15 and a house at 27."""

SAMPLE = (
    "0\n"
    "0 0 0 5 0 r 38 47 43 h 37 T 25 T 30 B\n"
    "0 0 0 0 0 r 56 48 64 h 32 H 44 B\n"
    "11 0 0 0 0 r 24 50 33 41 h 16 H 40 B\n"
    "0 0 3 0 0 r 27 32 h 20 B 27 B\n" + BOARD_LINE + "8\n"
)
"""sample-save.sv written by hand in Constructor's format: levels 1, 2, 3 are B, H, T."""


def parse(text: str, name: str = "game.sv") -> SavedGame:
    return parse_save(text, name, CONSTRUCTOR)


def format_save(saved: SavedGame) -> str:
    return format_any(saved, CONSTRUCTOR)


def file_with(blue: str, turn: str = "0", geese: str = "-1") -> str:
    """Return a whole save file with Blue's line as given and the others empty."""
    return f"{turn}\n{blue}\n" + NOBODY_LINE * 3 + BOARD_LINE + f"{geese}\n"


def refusal_of_blue_line(blue: str) -> str:
    """Return the one-line error a save file with this line for Blue is refused with."""
    with pytest.raises(BadFile) as refused:
        parse(file_with(blue))
    return str(refused.value)


def test_the_spec_example_row_is_read_inside_a_full_file() -> None:
    saved = parse(file_with(SECTION_3_7_ROW, geese="5"))
    nobody = SavedStudent(resources=(0, 0, 0, 0, 0), goals=(), criteria=())
    assert saved == SavedGame(
        position=Position(
            turn=0,
            students=(
                SavedStudent(
                    resources=(1, 2, 1, 2, 3),
                    goals=(GoalId(16), GoalId(36), GoalId(19)),
                    criteria=((CriterionId(10), 1), (CriterionId(15), 3), (CriterionId(27), 2)),
                ),
                nobody,
                nobody,
                nobody,
            ),
            geese=5,
        ),
        board=parse_board(reference("sample-board.txt"), "sample-board.txt", CONSTRUCTOR),
    )


def test_the_spec_example_row_is_what_that_builder_saves() -> None:
    text = file_with(SECTION_3_7_ROW)
    assert format_save(parse(text)) == text
    assert format_save(parse(text)).splitlines()[1] == SECTION_3_7_ROW


def test_the_spec_example_builder_shows_in_constructors_words() -> None:
    saved = parse(file_with(SECTION_3_7_ROW))
    game = loaded_game(saved.board, saved.position, CONSTRUCTOR.rules)
    # Building points: basement 1 + tower 3 + house 2 (RULINGS-constructor 2).
    assert render.status_line(game, CONSTRUCTOR, Colour.BLUE) == status("Blue", 6, (1, 2, 1, 2, 3))
    assert render.completed(game, CONSTRUCTOR, Colour.BLUE) == "Blue has built:\n10 B\n15 T\n27 H\n"


def test_the_sample_position_round_trips() -> None:
    assert format_save(parse(SAMPLE)) == SAMPLE


def test_the_sample_position_is_the_same_game_in_either_format() -> None:
    watan = parse_save(reference("sample-save.sv"), "sample-save.sv", WATAN)
    assert parse(SAMPLE) == watan
    assert format_save(watan) == SAMPLE


def test_a_game_saved_and_loaded_is_the_same_game() -> None:
    game = loaded_game(parse(SAMPLE).board, parse(SAMPLE).position, CONSTRUCTOR.rules)
    again = parse(format_save(saved_game(game)))
    assert loaded_game(again.board, again.position, CONSTRUCTOR.rules) == game


def test_a_save_has_four_builder_lines_not_five() -> None:
    # RULINGS-constructor 7: the spec's listing shows <builder3Data> twice by mistake.
    lines = SAMPLE.splitlines(keepends=True)
    with pytest.raises(BadFile) as refused:
        parse("".join([*lines[:5], lines[4], *lines[5:]]))
    assert "\n" not in str(refused.value)


def test_roads_and_residences_may_be_empty_but_the_markers_are_always_written() -> None:
    text = file_with("0 0 0 0 0 r h")
    assert format_save(parse(text)) == text


@settings(max_examples=30, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**32),
    st.lists(st.integers(min_value=0, max_value=40), min_size=5, max_size=5),
    st.lists(st.integers(min_value=0, max_value=71), unique=True, max_size=6),
    st.integers(min_value=-1, max_value=18),
    st.integers(min_value=0, max_value=3),
)
def test_format_then_parse_gives_back_any_position(
    seed: int, held: list[int], roads: list[int], geese: int, turn: int
) -> None:
    residences = ((CriterionId(0), 3), (CriterionId(27), 1), (CriterionId(53), 2))
    students = tuple(
        SavedStudent(
            resources=(held[0], held[1], held[2], held[3], held[4]) if colour == turn else (0,) * 5,
            goals=tuple(GoalId(r) for r in roads) if colour == turn else (),
            criteria=residences if colour == 3 - turn else (),
        )
        for colour in range(4)
    )
    saved = SavedGame(
        position=Position(turn=turn, students=students, geese=geese),
        board=random_board(random.Random(seed)),
    )
    assert parse(format_save(saved)) == saved


# --- refusals: one line, naming what is wrong --------------------------------------------------


@pytest.mark.parametrize(
    "row",
    [
        "1 2 1 2 3 r 16 h 10 X",
        "1 2 1 2 3 r 16 h 10 b",  # the letters are upper case (spec §2.7)
        "1 2 1 2 3 r 16 h 10 1",  # Watan's level numbers
        "1 2 1 2 3 r 16 h 10 R",  # a road's letter is not a residence
        "1 2 1 2 3 r 16 h 10 BH",
    ],
)
def test_a_residence_other_than_b_h_or_t_is_refused_in_one_line(row: str) -> None:
    message = refusal_of_blue_line(row)
    assert "\n" not in message
    assert message.startswith("game.sv: line 2: ")
    assert "B, H or T" in message


@pytest.mark.parametrize(
    "row",
    [
        "1 2 1 2 3 g 16 c 10 B",  # Watan's markers
        "1 2 1 2 3 r 16 c 10 B",
        "1 2 1 2 3 g 16 h 10 B",
        "1 2 1 2 3 R 16 H 10 B",  # the markers are lower case (spec §3.7)
        "1 2 1 2 3 16 10 B",
        "1 2 1 2 3 r 16",
    ],
)
def test_a_missing_or_foreign_marker_is_refused_in_one_line_naming_r_and_h(row: str) -> None:
    message = refusal_of_blue_line(row)
    assert "\n" not in message
    assert message.startswith("game.sv: line 2: ")
    assert "'r'" in message
    assert "'h'" in message


@pytest.mark.parametrize(
    "row",
    [
        "1 2 1 2 3 h 10 B r 16",  # residences before roads
        "1 2 1 2 r 16 h 10 B",  # four resource counts
        "1 2 1 2 3 4 r 16 h 10 B",  # six
    ],
)
def test_markers_out_of_place_are_refused_in_one_line_naming_r(row: str) -> None:
    message = refusal_of_blue_line(row)
    assert "\n" not in message
    assert "'r'" in message


def test_an_address_without_its_letter_is_refused_in_one_line() -> None:
    message = refusal_of_blue_line("1 2 1 2 3 r 16 h 10 B 15")
    assert "\n" not in message
    assert "line 2" in message


def test_a_watan_save_file_is_refused_by_constructors_parser() -> None:
    with pytest.raises(BadFile) as refused:
        parse(reference("sample-save.sv"), "sample-save.sv")
    assert str(refused.value) == "sample-save.sv: line 2: Blue's line needs the markers 'r' and 'h'"


def test_a_constructor_save_file_is_refused_by_watans_parser() -> None:
    with pytest.raises(BadFile) as refused:
        parse_save(SAMPLE, "game.sv", WATAN)
    assert str(refused.value) == "game.sv: line 2: Blue's line needs the markers 'g' and 'c'"


def test_a_board_file_is_the_same_in_both_editions() -> None:
    # RULINGS-constructor 1: codes 0 BRICK, 1 ENERGY, 2 GLASS, 3 HEAT, 4 WIFI, 5 PARK.
    # Constructor §3.8's own example board, PARK (5) followed by 7:
    line = "0 3 1 10 3 5 1 4 5 7 3 10 2 11 1 3 3 8 0 2 0 6 1 8 4 12 1 5 4 11 3 4 4 6 3 9 3 9\n"
    board = parse_board(line, "layout.txt", CONSTRUCTOR)
    assert format_board(board) == line
    assert [CONSTRUCTOR.resources[tile.resource] for tile in board[:5]] == [
        "BRICK",
        "ENERGY",
        "HEAT",
        "ENERGY",
        "PARK",
    ]
