"""Where a game stands, in one line: whose move, and what it waits for."""

from __future__ import annotations

from bazaar.engine.state import Game, Phase
from bazaar.text.render import place


def standing(game: Game) -> str:
    """Return whose move it is and what the game waits for, or who won."""
    name = game.mover.name
    match game.phase:
        case Phase.MOVE:
            return f"{name}'s move: which way.\n"
        case Phase.ACTION:
            where = place(game.board, game.mover.square)
            return f"{name}'s move: yes or no to the action at {where}.\n"
        case Phase.OVER:
            return f"{game.merchants[game.winner].name} has won; the game is over.\n"
