"""What a save file holds (spec §3.7), as a value: the board and a position on it.

The text format lives in `savefile`; the journal's header carries a
`Position` when a game was started with `-load`.
"""

from __future__ import annotations

import msgspec

from watan.engine.layout import Board
from watan.engine.resources import Resources
from watan.engine.topology import CriterionId, GoalId

NO_GEESE = -1
"""The geese tile while the geese are off the board (RULINGS 8)."""


class SavedStudent(msgspec.Struct, frozen=True, kw_only=True):
    """One student's line of a save file."""

    resources: Resources
    goals: tuple[GoalId, ...] = ()
    """Goals in the order achieved (RULINGS 28)."""
    criteria: tuple[tuple[CriterionId, int], ...] = ()
    """(criterion, completion level 1-3) in the order first completed (RULINGS 28)."""


class Position(msgspec.Struct, frozen=True, kw_only=True):
    """Whose turn it is, what each student has, and where the geese are."""

    turn: int
    """The student who rolls next (spec §3.7 `curTurn`)."""
    students: tuple[SavedStudent, ...]
    geese: int = NO_GEESE


class SavedGame(msgspec.Struct, frozen=True, kw_only=True):
    """The whole content of a save file."""

    position: Position
    board: Board
