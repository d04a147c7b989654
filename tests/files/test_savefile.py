"""The board file (spec §5 `-board`) and save file (spec §3.7): parse/format pairs and errors."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from replay.edges.reading import BadFile
from tests.conftest import CONSTRUCTOR, WATAN, reference
from tests.test_definition import HEADER, SAMPLE_EVENTS, fold
from tests.text.test_render import setup_game
from watan.editions.model import Edition
from watan.engine.layout import Board, Tile, tile
from watan.engine.resources import Resource, Resources
from watan.engine.snapshot import NO_GEESE, Position, SavedGame, SavedStudent
from watan.engine.state import Colour
from watan.engine.topology import CRITERION_NEIGHBOURS, CriterionId, GoalId
from watan.files.savefile import (
    Read,
    SetupHasNoSave,
    format_board,
    format_save,
    looks_like_save,
    parse_board,
    parse_save,
    read_board,
    read_save,
    save_text,
)

C, B, LE, S, T, N = (
    Resource.CAFFEINE,
    Resource.LAB,
    Resource.LECTURE,
    Resource.STUDY,
    Resource.TUTORIAL,
    Resource.NETFLIX,
)

# Spec Figure 1, tile 0 to 18, read off the figure (spec §3.7 gives the same board as
# "0 3 1 10 3 5 1 4 5 7 3 10 2 11 0 3 3 8 0 2 0 6 1 8 4 12 1 5 4 11 2 4 4 6 2 9 2 9").
FIGURE_1_BOARD: Board = (
    Tile(C, 3), Tile(B, 10), Tile(S, 5), Tile(B, 4), Tile(N, 7),
    Tile(S, 10), Tile(LE, 11), Tile(C, 3), Tile(S, 8), Tile(C, 2),
    Tile(C, 6), Tile(B, 8), Tile(T, 12), Tile(B, 5), Tile(T, 11),
    Tile(LE, 4), Tile(T, 6), Tile(LE, 9), Tile(LE, 9),
)  # fmt: skip

FIGURE_1_LINE = "0 3 1 10 3 5 1 4 5 7 3 10 2 11 0 3 3 8 0 2 0 6 1 8 4 12 1 5 4 11 2 4 4 6 2 9 2 9"


def student(
    resources: Resources, goals: tuple[int, ...], criteria: tuple[tuple[int, int], ...]
) -> SavedStudent:
    return SavedStudent(
        resources=resources,
        goals=tuple(GoalId(g) for g in goals),
        criteria=tuple((CriterionId(c), level) for c, level in criteria),
    )


# sample-save.sv, written out by hand: turn 0; Blue, Red, Orange, Yellow; Figure 1; geese on 8.
SAMPLE_SAVE = SavedGame(
    position=Position(
        turn=0,
        students=(
            student((0, 0, 0, 5, 0), (38, 47, 43), ((37, 3), (25, 3), (30, 1))),
            student((0, 0, 0, 0, 0), (56, 48, 64), ((32, 2), (44, 1))),
            student((11, 0, 0, 0, 0), (24, 50, 33, 41), ((16, 2), (40, 1))),
            student((0, 0, 3, 0, 0), (27, 32), ((20, 1), (27, 1))),
        ),
        geese=8,
    ),
    board=FIGURE_1_BOARD,
)

# The sample with one space between fields, no trailing space, a newline after every
# line and no blank line at the end (RULINGS 28).
SAMPLE_SAVE_TEXT = (
    "0\n"
    "0 0 0 5 0 g 38 47 43 c 37 3 25 3 30 1\n"
    "0 0 0 0 0 g 56 48 64 c 32 2 44 1\n"
    "11 0 0 0 0 g 24 50 33 41 c 16 2 40 1\n"
    "0 0 3 0 0 g 27 32 c 20 1 27 1\n"
    f"{FIGURE_1_LINE}\n"
    "8\n"
)

SAVE_LINES = SAMPLE_SAVE_TEXT.splitlines()


def save_with(line: int, text: str | None) -> str:
    """Return the sample save with line `line` (1-based) replaced, or removed when None."""
    lines = list(SAVE_LINES)
    if text is None:
        del lines[line - 1]
    else:
        lines[line - 1] = text
    return "".join(f"{x}\n" for x in lines)


def problem(parse: Callable[[str, str, Edition], object], text: str, name: str) -> str:
    """Return the one-line message parsing `text`, a Watan file, fails with."""
    with pytest.raises(BadFile) as caught:
        parse(text, name, WATAN)
    return str(caught.value)


# --- strategies -----------------------------------------------------------------------------

tiles = st.builds(tile, st.sampled_from(list(Resource)), st.integers(2, 12))
boards = st.tuples(*[tiles] * 19)
counts = st.integers(0, 30)
amounts = st.tuples(counts, counts, counts, counts, counts)


@st.composite
def saved_games(draw: st.DrawFn) -> SavedGame:
    """A save with valid ids, levels 1-3, every criterion and goal owned at most once,
    and no two completed criteria side by side (spec §3.1)."""
    goal_order = draw(st.permutations(range(72)))
    goal_owner = draw(st.lists(st.integers(-1, 3), min_size=72, max_size=72))
    criterion_order = draw(st.permutations(range(54)))
    criterion_owner = draw(st.lists(st.integers(-1, 3), min_size=54, max_size=54))
    kept: set[int] = set()
    for c in criterion_order:  # keep a criterion only if no neighbour is kept already
        if criterion_owner[c] != -1 and not kept.intersection(CRITERION_NEIGHBOURS[c]):
            kept.add(c)
        else:
            criterion_owner[c] = -1
    levels = draw(st.lists(st.integers(1, 3), min_size=54, max_size=54))
    students = tuple(
        SavedStudent(
            resources=draw(amounts),
            goals=tuple(GoalId(g) for g in goal_order if goal_owner[g] == colour),
            criteria=tuple(
                (CriterionId(c), levels[c]) for c in criterion_order if criterion_owner[c] == colour
            ),
        )
        for colour in range(4)
    )
    return SavedGame(
        position=Position(
            turn=draw(st.integers(0, 3)), students=students, geese=draw(st.integers(-1, 18))
        ),
        board=draw(boards),
    )


def messy(data: st.DataObject, text: str) -> str:
    """Return `text` with its fields separated and followed by arbitrary blanks."""
    blanks = st.text(" \t", min_size=1, max_size=3)
    lines = [
        data.draw(blanks).join(line.split()) + data.draw(st.text(" \t", max_size=2))
        for line in text.splitlines()
    ]
    ending = data.draw(st.sampled_from(["\n", "\r\n"]))
    return ending.join(lines) + data.draw(st.sampled_from(["", "\n", "\n\n", "\n \n"]))


# --- board files ----------------------------------------------------------------------------


def test_the_sample_board_file_is_figure_1() -> None:
    assert parse_board(reference("sample-board.txt"), "sample-board.txt", WATAN) == FIGURE_1_BOARD


def test_a_board_is_written_as_one_line_of_pairs() -> None:
    assert format_board(FIGURE_1_BOARD) == FIGURE_1_LINE + "\n"
    assert format_board(FIGURE_1_BOARD) == reference("sample-board.txt")


def test_any_nineteen_valid_pairs_make_a_board() -> None:
    # Spec §5: "It is valid to have a board which is entirely TUTORIAL resources with the
    # value 12."
    assert parse_board("4 12 " * 19, "all.txt", WATAN) == (Tile(T, 12),) * 19


def test_a_board_may_have_several_netflix_tiles_and_no_caffeine() -> None:
    text = "5 7 " * 3 + "1 2 " * 16
    assert parse_board(text, "b.txt", WATAN) == (Tile(N, 7),) * 3 + (Tile(B, 2),) * 16


def test_the_pairs_may_be_spread_over_several_lines() -> None:
    text = "\n".join(" ".join(FIGURE_1_LINE.split()[i : i + 4]) for i in range(0, 38, 4)) + "\n"
    assert parse_board(text, "b.txt", WATAN) == FIGURE_1_BOARD


def test_netflix_value_is_ignored_when_read() -> None:
    # RULINGS 31; tile 4 of Figure 1 is the NETFLIX tile.
    text = FIGURE_1_LINE.replace("1 4 5 7 3 10", "1 4 5 12 3 10")
    assert parse_board(text, "b.txt", WATAN) == FIGURE_1_BOARD


def test_netflix_value_is_written_back_as_seven() -> None:
    board = (Tile(N, 3), *FIGURE_1_BOARD[1:])
    assert format_board(board) == "5 7" + FIGURE_1_LINE[3:] + "\n"


@settings(max_examples=150)
@given(boards)
def test_a_formatted_board_parses_back_to_itself(board: Board) -> None:
    assert parse_board(format_board(board), "b.txt", WATAN) == board


@settings(max_examples=100)
@given(boards, st.data())
def test_formatting_a_parsed_board_gives_the_normalised_text(
    board: Board, data: st.DataObject
) -> None:
    canonical = format_board(board)
    assert format_board(parse_board(messy(data, canonical), "b.txt", WATAN)) == canonical


def test_a_board_with_too_few_pairs_is_refused() -> None:
    assert problem(parse_board, "0 3 " * 18, "b.txt") == (
        "b.txt: expected 19 resource/value pairs (38 numbers), found 36 numbers"
    )


def test_a_board_with_too_many_numbers_is_refused() -> None:
    assert problem(parse_board, FIGURE_1_LINE + " 4 4", "b.txt") == (
        "b.txt: expected 19 resource/value pairs (38 numbers), found 40 numbers"
    )


@pytest.mark.parametrize("geese", ["8", "-1", "0", "18"])
def test_a_board_ending_with_the_geese_tile_is_read_with_a_note(geese: str) -> None:
    text = f"{FIGURE_1_LINE}\n{geese}\n"
    assert read_board(text, "b.txt", WATAN) == Read(
        parse_board(FIGURE_1_LINE, "b.txt", WATAN),
        (
            f"b.txt: line 2: the 39th number, {geese}, is the geese's tile as a save file "
            "writes it; left out, as a new game's geese start off the board",
        ),
    )


@pytest.mark.parametrize("geese", ["19", "-2", "x"])
def test_a_39th_number_that_is_no_geese_tile_is_refused(geese: str) -> None:
    message = problem(parse_board, f"{FIGURE_1_LINE} {geese}", "b.txt")
    assert message.startswith("b.txt: line 1: ") and "39th number" in message


def test_a_whole_save_file_as_a_board_is_read_for_its_board_with_a_note() -> None:
    saved = parse_save(SAMPLE_SAVE_TEXT, "game.sv", WATAN)
    assert read_board(SAMPLE_SAVE_TEXT, "game.sv", WATAN) == Read(
        saved.board,
        ("game.sv: is a save file: its board (line 6) is played, the rest left out",),
    )


@pytest.mark.parametrize("code", [6, -1, 50])
def test_a_resource_code_outside_0_to_5_is_refused(code: int) -> None:
    text = FIGURE_1_LINE.replace("1 4 5 7", f"1 4 {code} 7")
    assert problem(parse_board, text, "b.txt") == (
        f"b.txt: line 1: tile 4: resource code {code} is not 0-5"
    )


@pytest.mark.parametrize("value", [1, 13, 0, -2])
def test_a_value_outside_2_to_12_is_refused(value: int) -> None:
    text = f"0 {value}" + FIGURE_1_LINE[3:]
    message = f"b.txt: line 1: tile 0: value {value} is not 2-12"
    assert problem(parse_board, text, "b.txt") == message


def test_a_board_word_that_is_not_a_number_is_refused() -> None:
    text = "0 three" + FIGURE_1_LINE[3:]
    assert problem(parse_board, text, "b.txt") == (
        "b.txt: line 1: tile 0 value: 'three' is not a whole number"
    )


def test_a_board_error_names_the_line_it_is_on() -> None:
    words = FIGURE_1_LINE.split()
    words[20] = "x"  # tile 10's resource, on the second line
    text = " ".join(words[:20]) + "\n" + " ".join(words[20:]) + "\n"
    assert problem(parse_board, text, "b.txt") == (
        "b.txt: line 2: tile 10 resource: 'x' is not a whole number"
    )


@pytest.mark.parametrize("text", ["", "\n", "  \n\t\n"])
def test_an_empty_board_file_is_refused(text: str) -> None:
    assert problem(parse_board, text, "b.txt") == (
        "b.txt: the file is empty; expected 19 resource/value pairs"
    )


# --- save files -----------------------------------------------------------------------------


def test_the_sample_save_loads_to_the_game_it_describes() -> None:
    assert parse_save(reference("sample-save.sv"), "sample-save.sv", WATAN) == SAMPLE_SAVE


def test_the_sample_save_is_formatted_with_normalised_whitespace() -> None:
    # The reference file has a trailing space on Orange's line and a blank last line.
    assert format_save(SAMPLE_SAVE, WATAN) == SAMPLE_SAVE_TEXT
    assert format_save(
        parse_save(reference("sample-save.sv"), "s.sv", WATAN), WATAN
    ) == SAMPLE_SAVE_TEXT


def test_netflix_value_in_a_save_is_ignored_and_written_back_as_seven() -> None:
    # RULINGS 31; tile 4 of Figure 1 is the NETFLIX tile.
    text = save_with(6, FIGURE_1_LINE.replace("1 4 5 7 3 10", "1 4 5 11 3 10"))
    assert parse_save(text, "s.sv", WATAN) == SAMPLE_SAVE
    assert format_save(parse_save(text, "s.sv", WATAN), WATAN) == SAMPLE_SAVE_TEXT


def test_a_student_with_no_goals_still_has_both_markers() -> None:
    # RULINGS 28: `g` and `c` always present (`0 0 0 0 0 g c 8 1`).
    text = save_with(2, "0 0 0 0 0 g c 8 1")
    saved = parse_save(text, "s.sv", WATAN)
    assert saved.position.students[0] == student((0, 0, 0, 0, 0), (), ((8, 1),))
    assert format_save(saved, WATAN) == text


def test_a_student_with_nothing_is_written_with_bare_markers() -> None:
    text = save_with(3, "0 0 0 0 0 g c")
    saved = parse_save(text, "s.sv", WATAN)
    assert saved.position.students[1] == student((0, 0, 0, 0, 0), (), ())
    assert format_save(saved, WATAN) == text


def test_a_missing_geese_line_means_the_geese_are_off_the_board() -> None:
    # RULINGS 8.
    saved = parse_save(save_with(7, None), "s.sv", WATAN)
    expected = SavedGame(
        position=Position(turn=0, students=SAMPLE_SAVE.position.students, geese=NO_GEESE),
        board=FIGURE_1_BOARD,
    )
    assert saved == expected
    assert NO_GEESE == -1


def test_geese_minus_one_means_off_the_board_and_is_written_back() -> None:
    text = save_with(7, "-1")
    saved = parse_save(text, "s.sv", WATAN)
    assert saved.position.geese == -1
    assert format_save(saved, WATAN) == text


def test_geese_on_the_first_and_last_tiles_are_accepted() -> None:
    assert [
        parse_save(save_with(7, g), "s.sv", WATAN).position.geese for g in ("0", "18")
    ] == [0, 18]


def test_the_turn_can_be_any_student() -> None:
    assert [
        parse_save(save_with(1, t), "s.sv", WATAN).position.turn for t in "0123"
    ] == [0, 1, 2, 3]


@settings(max_examples=100)
@given(saved_games())
def test_a_formatted_save_parses_back_to_itself(saved: SavedGame) -> None:
    assert parse_save(format_save(saved, WATAN), "s.sv", WATAN) == saved


@settings(max_examples=60)
@given(saved_games(), st.data())
def test_formatting_a_parsed_save_gives_the_normalised_text(
    saved: SavedGame, data: st.DataObject
) -> None:
    canonical = format_save(saved, WATAN)
    assert format_save(parse_save(messy(data, canonical), "s.sv", WATAN), WATAN) == canonical


@settings(max_examples=40)
@given(saved_games())
def test_a_formatted_save_has_one_space_between_fields_and_no_trailing_space(
    saved: SavedGame,
) -> None:
    text = format_save(saved, WATAN)
    assert text.endswith("\n")
    lines = text.split("\n")[:-1]
    assert len(lines) == 7
    assert [" ".join(line.split()) for line in lines] == lines


@pytest.mark.parametrize(
    ("line", "text", "message"),
    [
        (1, "4", "line 1: the current turn must be one number from 0 to 3"),
        (1, "-1", "line 1: the current turn must be one number from 0 to 3"),
        (1, "0 1", "line 1: the current turn must be one number from 0 to 3"),
        (1, "Purple", "line 1: current turn: 'Purple' is not a whole number"),
        (2, "0 0 0 5 0 g 38 47 43 c 54 1", "line 2: criterion 54 is not on the board (0-53)"),
        (2, "0 0 0 5 0 g 38 47 43 c -1 1", "line 2: criterion -1 is not on the board (0-53)"),
        (2, "0 0 0 5 0 g 72 c 37 3", "line 2: goal 72 is not on the board (0-71)"),
        (2, "0 0 0 5 0 g -1 c 37 3", "line 2: goal -1 is not on the board (0-71)"),
        (2, "0 0 0 5 0 g 38 c 37 0", "line 2: criterion 37: completion 0 is not 1-3"),
        (2, "0 0 0 5 0 g 38 c 37 4", "line 2: criterion 37: completion 4 is not 1-3"),
        (2, "0 0 0 5 0 g x c 37 3", "line 2: Blue's goal: 'x' is not a whole number"),
        (2, "0 0 0 5 0 g 38 c 3.7 3", "line 2: Blue's criterion: '3.7' is not a whole number"),
        (2, "0 0 0 5 0 g 38 c 37 M", "line 2: Blue's completion level: 'M' is not a whole number"),
        (3, "0 x 0 0 0 g 56 c 32 2", "line 3: Red's LAB count: 'x' is not a whole number"),
        (4, "-11 0 0 0 0 g 24 c 16 2", "line 4: Orange has a negative resource count"),
        (4, "11 0 0 0 -1 g c", "line 4: Orange has a negative resource count"),
        (3, "0 0 0 0 0 56 48 64 c 32 2", "line 3: Red's line needs the markers 'g' and 'c'"),
        (3, "0 0 0 0 0 g 56 48 64 32 2", "line 3: Red's line needs the markers 'g' and 'c'"),
        (
            2,
            "0 0 0 5 g 38 c 37 3",
            "line 2: Blue's line must start with 5 resource counts, then 'g'",
        ),
        (
            2,
            "0 0 0 5 0 c 37 3 g 38",
            "line 2: Blue's line must start with 5 resource counts, then 'g'",
        ),
        (
            5,
            "0 0 3 0 0 g 27 32 c 20 1 27",
            "line 5: Yellow's criteria must come in criterion/level pairs",
        ),
        (3, "0 0 0 0 0 g 56 c 37 2", "line 3: criterion 37 is also owned on line 2"),
        (5, "0 0 3 0 0 g 38 c 20 1", "line 5: goal 38 is also owned on line 2"),
        (2, "0 0 0 5 0 g 38 c 37 3 37 1", "line 2: criterion 37 is listed twice"),
        (
            6,
            FIGURE_1_LINE[:-4],
            "line 6: the board needs 19 resource/value pairs (38 numbers), found 36",
        ),
        (6, "6" + FIGURE_1_LINE[1:], "line 6: tile 0: resource code 6 is not 0-5"),
        (6, FIGURE_1_LINE[:-1] + "13", "line 6: tile 18: value 13 is not 2-12"),
        (7, "19", "line 7: the geese must be one tile number 0-18, or -1"),
        (7, "-2", "line 7: the geese must be one tile number 0-18, or -1"),
        (7, "8 9", "line 7: the geese must be one tile number 0-18, or -1"),
        (7, "GEESE", "line 7: geese tile: 'GEESE' is not a whole number"),
    ],
)  # fmt: skip
def test_a_bad_save_line_is_refused_naming_the_line(line: int, text: str, message: str) -> None:
    assert problem(parse_save, save_with(line, text), "game.sv") == f"game.sv: {message}"


@pytest.mark.parametrize(
    ("line", "text", "note"),
    [
        (
            3,
            "0 0 0 0 0 g 56 c 32 2 44 1 38 1",
            "line 3: criterion 38 is next to criterion 32 (and 2 more such pairs), "
            "which no game allows",  # 37 and 44 too
        ),
        (
            5,
            "0 0 3 0 0 g 27 32 c 20 1 27 1 21 1",
            "line 5: criterion 21 is next to criterion 20 (and 1 more such pair), "
            "which no game allows",  # 27 too
        ),
    ],
)
def test_criteria_side_by_side_load_as_written_with_a_note(
    line: int, text: str, note: str
) -> None:
    read = read_save(save_with(line, text), "game.sv", WATAN)
    criteria = [int(field) for field in text.split(" c ")[1].split()[::2]]
    assert [c for c, _ in read.value.position.students[line - 2].criteria] == criteria
    assert read.notes == (f"game.sv: {note}; loaded as written",)


@pytest.mark.parametrize("name", ["BLUE", "Blue", "red", "ORANGE", "yellow"])
def test_a_colour_naming_the_current_turn_is_read_with_a_note(name: str) -> None:
    read = read_save(save_with(1, name), "game.sv", WATAN)
    colour = [c.title for c in Colour].index(name.title())
    assert read == Read(
        replace(SAMPLE_SAVE, position=replace(SAMPLE_SAVE.position, turn=colour)),
        (f"game.sv: line 1: the current turn {name!r} is read as {name.title()}, "
         f"student {colour}",),
    )


def test_a_save_with_an_extra_line_is_refused() -> None:
    assert problem(parse_save, SAMPLE_SAVE_TEXT + "8\n", "game.sv") == (
        "game.sv: line 8: unexpected text after the geese line"
    )


def test_a_blank_line_in_the_middle_is_refused() -> None:
    text = save_with(2, SAVE_LINES[1] + "\n")
    assert problem(parse_save, text, "game.sv") == "game.sv: line 3: unexpected blank line"


def test_a_blank_first_line_is_refused() -> None:
    assert problem(parse_save, "\n" + SAMPLE_SAVE_TEXT, "game.sv") == (
        "game.sv: line 1: unexpected blank line"
    )


def test_a_save_cut_short_is_refused() -> None:
    text = "".join(f"{x}\n" for x in SAVE_LINES[:5])
    assert problem(parse_save, text, "game.sv") == (
        "game.sv: expected at least 6 lines (turn, 4 students, board), found 5"
    )


@pytest.mark.parametrize("text", ["", "\n\n", " \n"])
def test_an_empty_save_file_is_refused(text: str) -> None:
    assert problem(parse_save, text, "game.sv") == "game.sv: the file is empty"


def test_bad_file_says_where_and_why_on_one_line() -> None:
    assert str(BadFile("a.sv", "no such file")) == "a.sv: no such file"
    assert str(BadFile("a.sv", "unexpected blank line", 3)) == "a.sv: line 3: unexpected blank line"


def test_a_save_file_looks_like_a_save() -> None:
    assert looks_like_save(reference("sample-save.sv"))
    assert looks_like_save(SAMPLE_SAVE_TEXT)


def test_a_board_file_does_not_look_like_a_save() -> None:
    assert not looks_like_save(reference("sample-board.txt"))
    assert not looks_like_save("4 12 " * 19)
    assert not looks_like_save("")


def test_a_board_file_with_one_number_per_line_is_still_a_board() -> None:
    assert not looks_like_save("\n".join(reference("sample-board.txt").split()) + "\n")


def test_a_number_far_too_large_for_any_field_is_named_shortened() -> None:
    huge = "9" * 5000
    with pytest.raises(BadFile) as refused:
        parse_save(
            reference("sample-save.sv").replace("0 0 0 5 0", f"0 0 0 {huge} 0"), "game.sv", WATAN
        )
    assert str(refused.value) == (
        "game.sv: line 2: Blue's STUDY count: 99999999999999999999... is far too large"
    )


# A game's save text ------------------------------------------------------------------------------

BOARD_LINE = reference("sample-board.txt")
"""The board line of a save file on the board of Figure 1."""


def test_the_save_text_at_the_start_is_the_spec_sample_save_in_canonical_form() -> None:
    assert save_text(fold(HEADER, ()), WATAN) == (
        "0\n"
        "0 0 0 5 0 g 38 47 43 c 37 3 25 3 30 1\n"
        "0 0 0 0 0 g 56 48 64 c 32 2 44 1\n"
        "11 0 0 0 0 g 24 50 33 41 c 16 2 40 1\n"
        "0 0 3 0 0 g 27 32 c 20 1 27 1\n" + BOARD_LINE + "8\n"
    )


def test_the_save_text_at_the_end_of_the_sample_turns() -> None:
    # Blue: 5 STUDY, +1 LECTURE stolen, STUDY traded for CAFFEINE. Orange: 11 CAFFEINE,
    # -5 to the geese, -1 traded, +1 STUDY traded, +2 STUDY produced. Yellow: -1 LECTURE.
    # Orange rolls next; the geese are on tile 9.
    assert save_text(fold(HEADER, SAMPLE_EVENTS), WATAN) == (
        "2\n"
        "1 0 1 4 0 g 38 47 43 c 37 3 25 3 30 1\n"
        "0 0 0 0 0 g 56 48 64 c 32 2 44 1\n"
        "5 0 0 3 0 g 24 50 33 41 c 16 2 40 1\n"
        "0 0 2 0 0 g 27 32 c 20 1 27 1\n" + BOARD_LINE + "9\n"
    )


def test_the_save_text_after_the_roll_names_the_next_student() -> None:
    # After the steal Blue has rolled: the save says Red rolls next (spec §3.7).
    assert save_text(fold(HEADER, SAMPLE_EVENTS[:5]), WATAN) == (
        "1\n"
        "0 0 1 5 0 g 38 47 43 c 37 3 25 3 30 1\n"
        "0 0 0 0 0 g 56 48 64 c 32 2 44 1\n"
        "6 0 0 0 0 g 24 50 33 41 c 16 2 40 1\n"
        "0 0 2 0 0 g 27 32 c 20 1 27 1\n" + BOARD_LINE + "9\n"
    )


def test_the_save_text_refuses_a_game_still_in_setup_unless_the_edition_backs_up_then() -> None:
    in_setup = setup_game(7)
    with pytest.raises(SetupHasNoSave):
        save_text(in_setup, WATAN)
    assert save_text(in_setup, CONSTRUCTOR).startswith("0\n")  # RULINGS-constructor 12
