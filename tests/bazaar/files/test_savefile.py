"""The save file: formatted exactly as decided, read back whole, refused on one line when bad."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bazaar.engine.state import Phase, Position, SavedGame, saved_game
from bazaar.files.savefile import format_save, parse_save
from bazaar.tools.simulate import play_game
from replay.edges.reading import BadFile
from tests.bazaar.games import BOARD, merchant

SAVED = SavedGame(
    board=BOARD,
    position=Position(
        turn=1,
        phase=Phase.ACTION,
        merchants=(
            merchant("Ann", 0, gold=7, rubies=1, goods=(2, 0, 3), food=4, cart=12, gems=1),
            merchant("Bob Smith", 11, gold=13),
        ),
    ),
)

TEXT = (
    "bazaar save 1\n"
    "size 4 4\n"
    "RES SPI FAB JWL\n"
    "CRT SML SPM JWM\n"
    "FBM BLK CAS GEM\n"
    "PAL DES DES DES\n"
    "turn 2 action\n"
    "player row 1 column 1 gold 7 rubies 1 spice 2 fabric 0 jewels 3 food 4 cart 12 gems 1 "
    "name Ann\n"
    "player row 3 column 4 gold 13 rubies 0 spice 1 fabric 1 jewels 1 food 10 cart 9 gems 0 "
    "name Bob Smith\n"
)
"""SAVED as the format in docs/decisions.md writes it: rows, columns and turn from 1."""


def test_a_game_is_saved_in_the_documented_format() -> None:
    assert format_save(SAVED) == TEXT


def test_a_saved_game_reads_back_whole() -> None:
    assert parse_save(TEXT, "game.txt") == SAVED


def test_windows_line_ends_and_a_missing_last_newline_read_the_same() -> None:
    assert parse_save(TEXT.replace("\n", "\r\n"), "x") == SAVED
    assert parse_save(TEXT[:-1], "x") == SAVED


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=60))
def test_any_position_a_game_reaches_reads_back_as_it_was_saved(seed: int, moves: int) -> None:
    game = play_game(0, seed, ("greedy", "random", "greedy"), (5, 7), moves).game
    saved = saved_game(game)
    assert parse_save(format_save(saved), "x") == saved


def _with(line: int, text: str) -> str:
    lines = TEXT.splitlines()
    lines[line - 1] = text
    return "".join(f"{each}\n" for each in lines)


ANN = "player row 1 column 1 gold 7 rubies 1 spice 2 fabric 0 jewels 3 food 4 cart 12 gems 1"
PLAYER_LINE = (
    "expected `player row N column N gold N rubies N spice N fabric N jewels N "
    "food N cart N gems N name NAME`"
)


def _ann(old: str, new: str, name: str = "Ann") -> str:
    """Return TEXT with Ann's line changed: `old` replaced by `new`, then the name."""
    return _with(8, f"{ANN.replace(old, new)} name {name}")


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        ("", None, "the file ends where the first line should be"),
        ("watan\n", 1, "not a Bazaar save file (its first line is not 'bazaar save 1')"),
        (_with(2, "size 4"), 2, "expected `size ROWS COLUMNS`"),
        (_with(2, "size four 4"), 2, "rows: 'four' is not a whole number"),
        (_with(2, "size 4 -4"), 2, "columns: '-4' is not a whole number"),
        (_with(2, "size 4 9999999999"), 2, "columns: 9999999999 is far too large"),
        (_with(3, "RES SPI FAB"), 3, "a row has 4 tiles, not 3"),
        (_with(4, "CRT SML SPM XYZ"), 4, "'XYZ' is not a tile's code"),
        (
            _with(3, "DES SPI FAB JWL"),
            3,
            "a board of 16 tiles has 1 of each kind but the desert, and deserts for the rest",
        ),
        (
            _with(7, "turn 2 sleeping"),
            7,
            "expected `turn N move`, `turn N action` or `turn N over`",
        ),
        (_with(7, "turn 0 move"), 7, "turn: players count from 1"),
        (_with(7, "turn 3 move"), 7, "turn 3: there are 2 players"),
        (_with(7, "turn 1 over"), 7, "turn 1 over: Ann has not won"),
        (
            TEXT.replace("row 3 column 4", "row 4 column 2"),
            7,
            "turn 2 action: Bob Smith has no action to take there",
        ),
        (_ann("gold 7", "gold seven"), 8, "gold: 'seven' is not a whole number"),
        (_ann("food 4 ", ""), 8, PLAYER_LINE),
        (_with(8, ANN), 8, PLAYER_LINE),
        (_ann("row 1", "row 5"), 8, "row 5, column 1 is off the board"),
        (_ann("food 4", "food 11"), 8, "Ann has 11 food; it never goes above 10"),
        (_ann("cart 12", "cart 5"), 8, "Ann carries 6 in a cart of 5"),
        (_ann("cart 12", "cart 10"), 8, "Ann's cart holds 10: carts start at 9 and grow by 3"),
        (_ann("gems 1", "gems 2"), 8, "Ann bought 2 rubies but holds 1"),
        (_ann("", "", "Bob Smith"), 8, "two players are called 'Bob Smith'"),
        (_ann("", "", "A\x07"), 8, "a name cannot hold control characters"),
        (TEXT.rsplit("player", 1)[0], 8, "2 to 6 players play, not 1"),
        (_ann("rubies 1", "rubies 5"), 7, "Ann holds 5 rubies, so the game would be over"),
    ],
)
def test_a_bad_save_file_is_one_line_naming_the_line_and_the_problem(
    text: str, line: int | None, problem: str
) -> None:
    with pytest.raises(BadFile) as raised:
        parse_save(text, "game.txt")
    assert (raised.value.line, raised.value.problem) == (line, problem)
    where = "game.txt" if line is None else f"game.txt: line {line}"
    assert str(raised.value) == f"{where}: {problem}"
