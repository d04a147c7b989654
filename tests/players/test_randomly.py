"""`random`: a kind of move first, uniformly among the kinds open now, then any of its moves."""

from __future__ import annotations

import random
from collections import Counter

from tests.positions import make_game
from watan.engine.commands import Achieve, Improve, Next, Offer
from watan.engine.decide import offer_refusal, refusal
from watan.engine.layout import Board
from watan.engine.moves import legal_builds
from watan.engine.state import Colour
from watan.players.randomly import RandomPlayer

BLUE = Colour.BLUE


def test_after_the_roll_each_open_kind_is_drawn_alike_then_any_of_its_moves(
    sample_board: Board,
) -> None:
    # Blue can achieve goals and improve 20 (but complete nothing: no goal yet), trade or end
    # the turn: four kinds open, each a quarter of the time; among the goals, each alike.
    game = make_game(sample_board, criteria={20: (BLUE, 1)}, resources={BLUE: (0, 0, 2, 4, 1)})
    legal = legal_builds(game)
    goals = [c for c in legal if isinstance(c, Achieve)]
    assert len(goals) > 1 and Improve(criterion=20) in legal
    player = RandomPlayer(random.Random(5))
    draws = 8000
    seen: Counter[object] = Counter()
    kinds: Counter[str] = Counter()
    for _ in range(draws):
        move = player.move(game)
        if isinstance(move, Offer):
            assert offer_refusal(game, move.partner, move.give, move.take) is None
        else:
            assert refusal(game, move) is None
        seen[move] += 1
        kinds[type(move).__name__] += 1
    # Each kind a quarter (8000 draws: a standard deviation under 40).
    for kind in ("Achieve", "Improve", "Offer", "Next"):
        assert abs(kinds[kind] - draws / 4) < 200, kinds
    assert seen[Next()] == kinds["Next"]
    per_goal = [seen[g] for g in goals]
    assert max(per_goal) - min(per_goal) < 0.5 * draws / 4 / len(goals) + 60, per_goal
