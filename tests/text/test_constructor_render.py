"""Constructor's board, status lines and listings, as its spec and RULINGS-constructor print them.

Every expectation is derived from the spec's text: the board is Figure 1 of
Students of Watan with Constructor's resource names (RULINGS-constructor 1),
owners replace the numbers they own (spec §2.4.1, §2.6), and the status line
and listing are RULINGS-constructor 2's.
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import reference
from tests.positions import make_game
from watan.editions import edition
from watan.engine.layout import Board, Tile
from watan.engine.resources import Resource, Resources
from watan.engine.snapshot import Position, SavedStudent
from watan.engine.state import Colour, Game, loaded_game, new_game
from watan.engine.topology import CriterionId, GoalId
from watan.text import render

CONSTRUCTOR = edition("constructor")
WATAN = edition("watan")

NAME_WIDTH = 8
"""The resource name's field in a tile: Figure 1 pads `LAB` to `CAFFEINE`'s eight columns."""
RENAMED = {
    "CAFFEINE": "BRICK",
    "LAB": "ENERGY",
    "LECTURE": "GLASS",
    "STUDY": "HEAT",
    "TUTORIAL": "WIFI",
    "NETFLIX": "PARK",
}
"""Figure 1's resources and Constructor's, by file code 0-5 (RULINGS-constructor 1)."""


def constructor_figure() -> str:
    """Return Figure 1 with Constructor's resource names, each left-aligned in its field."""
    figure = reference("board-figure1.txt")
    for old, new in RENAMED.items():
        padded = old.ljust(NAME_WIDTH)
        assert padded in figure, old
        figure = figure.replace(padded, new.ljust(NAME_WIDTH))
    return "".join(line.rstrip() + "\n" for line in figure.splitlines())


FIGURE = constructor_figure()


def replace_once(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def figure_with(
    residences: dict[int, str], roads: dict[int, str] | None = None, geese: int | None = None
) -> str:
    """Return the Constructor figure with owned addresses and paths labelled, and the geese.

    A path's number stands between spaces or dashes (an address's between bars);
    `geese` names the tile by its middle-left address, whose line the value shares.
    """
    board = FIGURE
    for address, label in residences.items():
        board = replace_once(board, f"|{address:2d}|", f"|{label}|")
    for path, label in (roads or {}).items():
        if f"--{path:2d}--" in board:  # a horizontal path, one-digit numbers right-aligned
            board = replace_once(board, f"--{path:2d}--", f"--{label}--")
            continue
        number = re.compile(rf"(?<=[ -]){path}(?=[ -]|$)", re.MULTILINE)
        assert len(number.findall(board)) == 1, path
        board = number.sub(label, board)
    if geese is not None:
        board = with_geese(board, geese)
    return board


def _geese_offset() -> int:
    """Return how far right of a tile's middle-left address GEESE starts, in Figure 3."""
    figures = reference("board-figures2-3.txt").splitlines()
    start = next(n for n, line in enumerate(figures) if line.startswith("# Watan spec Figure 3"))
    tile = figures[start + 1 : start + 10]
    return tile[5].index("GEESE") - tile[4].index("|26|")


GEESE_OFFSET = _geese_offset()


def with_geese(board: str, left_address: int) -> str:
    """Return `board` with GEESE below the value of the tile whose middle-left address is given.

    Spec §3.6: "the word GEESE being added below the value of the tile"; where, exactly,
    is Watan's Figure 3 (RULINGS-constructor 1: the same frame).
    """
    frame = FIGURE.splitlines()
    address = f"|{left_address:2d}|"
    row = next(n for n, line in enumerate(frame) if address in line)
    column = frame[row].index(address) + GEESE_OFFSET
    lines = board.splitlines()
    assert lines[row + 1][column : column + 5] == "     "
    lines[row + 1] = lines[row + 1][:column] + "GEESE" + lines[row + 1][column + 5 :]
    return "".join(f"{line}\n" for line in lines)


def status(colour: str, points: int, held: Resources) -> str:
    """Return a status line as RULINGS-constructor 2 words it."""
    brick, energy, glass, heat, wifi = held
    return (
        f"{colour} has {points} building points, {brick} brick, {energy} energy, "
        f"{glass} glass, {heat} heat, and {wifi} WiFi.\n"
    )


def built(
    board: Board,
    residences: dict[Colour, tuple[tuple[int, int], ...]],
    roads: dict[Colour, tuple[int, ...]] | None = None,
    *,
    resources: dict[Colour, Resources] | None = None,
    geese: int = -1,
    turn: int = 0,
) -> Game:
    """Return a loaded Constructor game where each builder owns what is given."""
    roads, resources = roads or {}, resources or {}
    students = tuple(
        SavedStudent(
            resources=resources.get(colour, (0, 0, 0, 0, 0)),
            goals=tuple(GoalId(g) for g in roads.get(colour, ())),
            criteria=tuple((CriterionId(a), level) for a, level in residences.get(colour, ())),
        )
        for colour in Colour
    )
    position = Position(turn=turn, students=students, geese=geese)
    return loaded_game(board, position, CONSTRUCTOR.rules)


SAMPLE_RESIDENCES = {
    Colour.BLUE: ((37, 3), (25, 3), (30, 1)),
    Colour.RED: ((32, 2), (44, 1)),
    Colour.ORANGE: ((16, 2), (40, 1)),
    Colour.YELLOW: ((20, 1), (27, 1)),
}
SAMPLE_ROADS = {
    Colour.BLUE: (38, 47, 43),
    Colour.RED: (56, 48, 64),
    Colour.ORANGE: (24, 50, 33, 41),
    Colour.YELLOW: (27, 32),
}
"""The position of sample-save.sv, for Constructor games."""


def sample_board_text() -> str:
    """Return the board of the sample position with its owners, derived by hand."""
    residences = {
        address: f"{colour.title[0]}{'BHT'[level - 1]}"
        for colour, owned in SAMPLE_RESIDENCES.items()
        for address, level in owned
    }
    roads = {
        path: f"{colour.title[0]}R" for colour, paths in SAMPLE_ROADS.items() for path in paths
    }
    return figure_with(residences, roads, geese=24)


# --- the board -------------------------------------------------------------------------------


def test_the_derived_figure_keeps_figure_1s_frame() -> None:
    watan_lines = reference("board-figure1.txt").splitlines()
    lines = FIGURE.splitlines()
    assert len(lines) == len(watan_lines) == 41
    for mine, theirs in zip(lines, watan_lines, strict=True):
        # Only the names change: every frame character stays in its column.
        assert [(n, c) for n, c in enumerate(mine) if c in "|-/\\"] == [
            (n, c) for n, c in enumerate(theirs) if c in "|-/\\"
        ]


def test_the_sample_board_with_no_owners_is_figure_1_in_constructors_words(
    sample_board: Board,
) -> None:
    assert render.board(new_game(sample_board, CONSTRUCTOR.rules), CONSTRUCTOR) == FIGURE


def test_the_board_names_the_six_constructor_resources_and_no_watan_ones(
    sample_board: Board,
) -> None:
    shown = render.board(new_game(sample_board, CONSTRUCTOR.rules), CONSTRUCTOR)
    assert shown.count("BRICK") == 4  # tiles 0, 7, 9, 10 of sample-board.txt
    assert shown.count("PARK") == 1
    for name in WATAN.resources:
        assert name not in shown


def test_the_board_has_41_lines_without_trailing_spaces(sample_board: Board) -> None:
    lines = render.board(new_game(sample_board, CONSTRUCTOR.rules), CONSTRUCTOR).split("\n")
    assert (len(lines), lines[-1]) == (42, "")
    assert [line.rstrip() for line in lines] == lines


def test_park_shows_no_value(sample_board: Board) -> None:
    # Spec §3.5.5: "The tile with PARK does not display a value."  Tile 0 made PARK:
    board = (Tile(Resource.NETFLIX, 7), *sample_board[1:])
    lines = FIGURE.splitlines()
    assert lines[3:5] == [
        "                                 /     BRICK      \\",
        "                    | 2|-- 3--| 3|        3       | 4|-- 4--| 5|",
    ]
    lines[3:5] = [
        "                                 /     PARK       \\",
        "                    | 2|-- 3--| 3|                | 4|-- 4--| 5|",
    ]
    assert render.board(
        new_game(board, CONSTRUCTOR.rules), CONSTRUCTOR
    ) == "".join(f"{line}\n" for line in lines)


def test_residences_show_the_owners_initial_and_b_h_or_t(sample_board: Board) -> None:
    # Spec §2.4.1: "'B' for "Blue", followed by ... 'B' for "Basement"".
    game = built(
        sample_board,
        {Colour.BLUE: ((37, 1),), Colour.RED: ((44, 2),), Colour.ORANGE: ((0, 3),)},
    )
    assert render.board(game, CONSTRUCTOR) == figure_with({37: "BB", 44: "RH", 0: "OT"})


def test_roads_show_the_owners_initial_and_r(sample_board: Board) -> None:
    # Spec §2.6: "'B' for "Blue", followed by 'R' for "Road"".
    game = built(sample_board, {}, {Colour.YELLOW: (27, 3), Colour.BLUE: (67,)})
    assert render.board(game, CONSTRUCTOR) == figure_with({}, {27: "YR", 3: "YR", 67: "BR"})


def test_a_road_on_a_slanted_path_replaces_its_number(sample_board: Board) -> None:
    game = built(sample_board, {}, {Colour.ORANGE: (1, 2)})
    lines = FIGURE.splitlines()
    assert lines[2] == "                                  1       0      2"
    expected = "                                 OR       0     OR"
    assert render.board(game, CONSTRUCTOR).splitlines()[2] == expected


def test_the_geese_show_under_the_tiles_value(sample_board: Board) -> None:
    game = built(sample_board, {}, geese=9)  # tile 9: addresses 20, 21, 26, 27, 32, 33
    assert render.board(game, CONSTRUCTOR) == figure_with({}, geese=26)
    assert render.board(game, CONSTRUCTOR).count("GEESE") == 1


def test_the_spec_sample_position_in_constructors_words(sample_board: Board) -> None:
    # sample-save.sv's position: Blue towers at 37 and 25, a basement at 30; Red a house
    # at 32 and a basement at 44; Orange a house at 16, a basement at 40; Yellow two
    # basements; their roads; the geese on tile 8 (addresses 24, 25, 30, 31, 37, 38).
    game = built(
        sample_board,
        SAMPLE_RESIDENCES,
        SAMPLE_ROADS,
        geese=8,
    )
    assert render.board(game, CONSTRUCTOR) == sample_board_text()


# --- status lines and residences -------------------------------------------------------------


def test_a_new_builders_status_line_is_ruling_2s(sample_board: Board) -> None:
    assert render.status_line(
        new_game(sample_board, CONSTRUCTOR.rules), CONSTRUCTOR, Colour.BLUE
    ) == (
        "Blue has 0 building points, 0 brick, 0 energy, 0 glass, 0 heat, and 0 WiFi.\n"
    )


def test_building_points_count_basement_1_house_2_tower_3(sample_board: Board) -> None:
    game = built(
        sample_board,
        {
            Colour.BLUE: ((8, 1), (27, 3)),
            Colour.RED: ((16, 2),),
            Colour.ORANGE: ((24, 1), (44, 2), (47, 3)),
        },
        resources={Colour.BLUE: (1, 2, 3, 4, 5), Colour.YELLOW: (0, 0, 0, 0, 11)},
    )
    assert render.status(game, CONSTRUCTOR) == (
        status("Blue", 4, (1, 2, 3, 4, 5))
        + status("Red", 2, (0, 0, 0, 0, 0))
        + status("Orange", 6, (0, 0, 0, 0, 0))
        + status("Yellow", 0, (0, 0, 0, 0, 11))
    )


def test_the_status_line_says_wifi_as_the_spec_spells_it(sample_board: Board) -> None:
    # RULINGS-constructor 13: `WiFi` in the status line only.
    line = render.status_line(new_game(sample_board, CONSTRUCTOR.rules), CONSTRUCTOR, Colour.RED)
    assert line.endswith(" and 0 WiFi.\n")
    assert "WIFI" not in line


def test_residences_lists_each_address_and_type_in_the_order_first_built(
    sample_board: Board,
) -> None:
    game = built(sample_board, {Colour.RED: ((27, 3), (8, 1), (44, 2))})
    assert render.completed(game, CONSTRUCTOR, Colour.RED) == "Red has built:\n27 T\n8 B\n44 H\n"


def test_residences_of_a_builder_who_has_none_is_the_heading_alone(sample_board: Board) -> None:
    assert render.completed(
        new_game(sample_board, CONSTRUCTOR.rules), CONSTRUCTOR, Colour.YELLOW
    ) == (
        "Yellow has built:\n"
    )


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_position_built_by_hand_renders_in_the_edition_it_is_shown_in(
    sample_board: Board, level: int
) -> None:
    game = make_game(sample_board, criteria={20: (Colour.BLUE, level)}, goals={27: Colour.RED})
    initial = "BHT"[level - 1]
    assert render.board(game, CONSTRUCTOR) == figure_with({20: f"B{initial}"}, {27: "RR"})
    assert render.completed(game, CONSTRUCTOR, Colour.BLUE) == f"Blue has built:\n20 {initial}\n"
