"""Where a game stands, in one line."""

from __future__ import annotations

from msgspec.structs import replace

from bazaar.engine.state import Phase
from bazaar.tools.standing import standing
from tests.bazaar.games import acting, game, merchant


def test_whose_move_and_what_it_waits_for() -> None:
    assert standing(game(merchant("Ann"), merchant("Bob"), turn=1)) == "Bob's move: which way.\n"
    assert standing(acting("CAS")) == (
        "Ann's move: yes or no to the action at row 3, column 3 (Casino).\n"
    )
    won = replace(acting("GEM", rubies=5), phase=Phase.OVER, winner=0)
    assert standing(won) == "Ann has won; the game is over.\n"
