"""A board's table is worked out once per board, and is the same whichever equal board
asks."""

from __future__ import annotations

from watan.engine.layout import Board
from watan.engine.tables import PerBoard


def test_a_table_is_worked_out_once_for_each_board(sample_board: Board) -> None:
    asked: list[Board] = []

    def work(board: Board) -> int:
        asked.append(board)
        return len(asked)

    tables = PerBoard(work)
    other = tuple(reversed(sample_board))
    equal = tuple(list(sample_board))  # an equal board, another object
    assert equal is not sample_board
    found = [tables.of(b) for b in (sample_board, sample_board, other, equal, sample_board, other)]
    # The equal board is answered as the first was: functions of a board read its tiles only.
    assert found == [1, 1, 2, 1, 1, 2]
    assert asked == [sample_board, other]
