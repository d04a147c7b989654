"""Tables of a board worked out once: what tiles each criterion touches, which tiles each
value makes produce.

A board never changes (a `Game` keeps the same board object from start to end), so a table
of it never goes stale.  `PerBoard` keeps every board's table, as `functools.cache` does,
and before that the last board's by identity: most questions come from the same game one
after another, and finding the last one by identity spares hashing the board's 19 tiles
at every question.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Generic, TypeVar

from watan.engine.layout import Board

Table = TypeVar("Table")


class PerBoard(Generic[Table]):
    """One function of a board, worked out once for each board."""

    def __init__(self, work: Callable[[Board], Table]) -> None:
        self._work: Callable[[Board], Table] = functools.cache(work)
        self._last: tuple[Board, Table] | None = None

    def of(self, board: Board) -> Table:
        """Return the table of `board`: the last board's if it is this very one, else the
        one remembered for an equal board, else worked out now."""
        last = self._last
        if last is not None and last[0] is board:
            return last[1]
        table = self._work(board)
        self._last = (board, table)
        return table
