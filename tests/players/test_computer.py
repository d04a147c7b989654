"""What every computer strategy shares: a strategy of one's own may build on a built-in one, in
an install without mypy beside it too (the compiled build's `mypyc_attr` has a stand-in)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT

SUBCLASS_PLAYED = """
import sys
sys.modules["mypy_extensions"] = None  # as in a pure install: mypy is not there
from watan.engine.commands import Move, Next
from watan.engine.state import Game, Phase
from watan.players.greedy import GreedyPlayer
from watan.tools.simulate import play_game

class Hurried(GreedyPlayer):
    '''Greedy, but it ends every turn as soon as the dice are rolled.'''

    def move(self, game: Game) -> Move:
        return Next() if game.phase is Phase.AFTER_ROLL else super().move(game)

played = play_game(0, 5, ("__main__:Hurried", "master", "expert", "random"), 30, edition="watan")
print(played.result.fault, played.result.turns)
"""


@pytest.mark.slow  # a process of its own, without mypy's extensions
def test_a_subclass_of_a_built_in_strategy_plays_beside_them_all_without_mypy() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SUBCLASS_PLAYED], capture_output=True, text=True, cwd=ROOT,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "None 30\n", "")
