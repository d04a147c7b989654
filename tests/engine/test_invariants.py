"""The bookkeeping every game keeps, checked after each event by the audit."""

from __future__ import annotations

from tests.conftest import WATAN
from tests.engine.test_state import saved
from watan.engine.events import CriterionCompleted
from watan.engine.evolve import apply
from watan.engine.invariants import broken_invariants
from watan.engine.resources import NONE
from watan.engine.state import Colour, loaded_game
from watan.engine.topology import CriterionId


def test_a_loaded_pair_side_by_side_is_no_problem_but_one_completed_beside_it_is() -> None:
    loaded = saved(0, "20 1 21 1", "", "", "")  # two of Blue's Assignments side by side
    game = loaded_game(loaded.board, loaded.position, WATAN.rules)
    assert broken_invariants(game, previous=game) == []
    beside = apply(
        game, CriterionCompleted(colour=Colour.RED, criterion=CriterionId(26), cost=NONE)
    )  # 26 is next to 20; only `apply`, which trusts what it is given, would do it
    assert broken_invariants(beside, previous=game) == ["criteria 26 and 20 are adjacent"]


def test_without_a_previous_state_every_pair_side_by_side_is_a_problem() -> None:
    loaded = saved(0, "20 1 21 1", "", "", "")
    game = loaded_game(loaded.board, loaded.position, WATAN.rules)
    assert broken_invariants(game) == [
        "criteria 20 and 21 are adjacent",
        "criteria 21 and 20 are adjacent",
    ]
