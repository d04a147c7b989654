"""Positions built by hand for rule and dialogue tests."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from msgspec.structs import replace

from tests.conftest import WATAN
from watan.engine.layout import Board
from watan.engine.resources import NONE, Resources
from watan.engine.rules import Rules
from watan.engine.state import NOBODY, Colour, Game, Phase, Student
from watan.engine.topology import CriterionId, GoalId


def make_game(
    board: Board,
    *,
    turn: Colour = Colour.BLUE,
    phase: Phase = Phase.AFTER_ROLL,
    geese: int = -1,
    resources: Mapping[Colour, Resources] | None = None,
    criteria: Mapping[int, tuple[Colour, int]] | None = None,
    goals: Mapping[int, Colour] | None = None,
    loaded: Collection[Colour] = (),
    setup_step: int = 8,
    rules: Rules = WATAN.rules,
) -> Game:
    """Return a position built by hand, played by `rules` (Students of Watan's by default).

    `criteria` maps a criterion to (owner, level) and `goals` a goal to its
    owner, each in the order the owner completed or achieved them.
    """
    held = resources or {}
    owned = criteria or {}
    achieved = goals or {}
    return Game(
        board=board,
        students=tuple(
            Student(
                resources=held.get(colour, NONE),
                goals=tuple(GoalId(g) for g, owner in achieved.items() if owner == colour),
                criteria=tuple(CriterionId(c) for c, (who, _) in owned.items() if who == colour),
                loaded_dice=colour in loaded,
            )
            for colour in Colour
        ),
        criterion_owner=tuple(owned[c][0] if c in owned else NOBODY for c in range(54)),
        criterion_level=tuple(owned[c][1] if c in owned else 0 for c in range(54)),
        goal_owner=tuple(achieved.get(g, NOBODY) for g in range(72)),
        geese=geese,
        turn=turn,
        phase=phase,
        setup_step=setup_step,
        rules=rules,
    )


def with_student(game: Game, colour: Colour, **changes: Any) -> Game:
    """Return `game` with some fields of one student replaced."""
    students = list(game.students)
    students[colour] = replace(students[colour], **changes)
    return replace(game, students=tuple(students))
