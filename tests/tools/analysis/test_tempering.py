"""The master's value tempered by stage: the cells, the powers, a game already over."""

from __future__ import annotations

import msgspec
import pytest

from tests.positions import make_game
from watan.engine.layout import Board
from watan.engine.state import Colour, Phase
from watan.tools.analysis import tempering
from watan.tools.analysis.temper_weights import POWERS


def test_a_power_of_one_changes_nothing_and_of_zero_makes_every_chance_even() -> None:
    raw = (0.1, 0.2, 0.3, 0.4)
    assert tempering.tempered(raw, 1.0) == pytest.approx(raw)
    assert tempering.tempered(raw, 0.0) == pytest.approx((0.25,) * 4)
    assert tempering.tempered((0.2, 0.8, 0.0, 0.0), 2.0) == pytest.approx(
        (0.04 / 0.68, 0.64 / 0.68, 0.0, 0.0)
    )


def test_the_cell_is_the_turns_band_and_the_leaders_course_criteria(sample_board: Board) -> None:
    three = make_game(sample_board, criteria={0: (Colour.RED, 3)})
    eight = make_game(
        sample_board,
        criteria={
            0: (Colour.RED, 3),
            10: (Colour.RED, 3),
            30: (Colour.BLUE, 2),
            45: (Colour.RED, 2),
        },
    )
    assert tempering.cell(10, three) == (0, 0)
    assert tempering.cell(11, three) == (1, 0)
    assert tempering.cell(36, eight) == (3, 3)


def test_a_game_over_is_certain_whatever_the_power(sample_board: Board) -> None:
    won = msgspec.structs.replace(make_game(sample_board, phase=Phase.OVER), winner=Colour.RED)
    assert tempering.valued(won, 8, 3) == (0.0, 1.0, 0.0, 0.0)


def test_every_learnt_table_has_a_power_for_every_cell() -> None:
    shape = (len(tempering.TURNS) + 1, len(tempering.LEADS) + 1)
    assert POWERS and all(
        (len(table), *{len(row) for row in table}) == shape for table in POWERS.values()
    )


def test_a_horizon_without_a_table_is_untempered(sample_board: Board) -> None:
    assert 99 not in POWERS
    assert tempering.power(99, 5, make_game(sample_board)) == 1.0
