"""The engine at your elbow: the move it would play for the student to move, and the chances.

`suggest`, in a game with computer players (issue 24), asks what `watan analyze` would call
the best move in the position shown: every move worth comparing is played on and valued
exactly as the analysis values it (`estimate`, with the analysis's own horizon and seed 0),
so the suggestion and the analysis of the same step (`watan analyze --to STEP`) agree.
"""

from __future__ import annotations

import msgspec

from replay import analysis
from watan.editions.model import Edition
from watan.engine.commands import AnyCommand, Trade
from watan.engine.state import Game
from watan.text import notation
from watan.tools.analysis import estimate
from watan.tools.analysis.analysed import HORIZON, percent
from watan.tools.analysis.report import chances as in_words


class Suggestion(msgspec.Struct, frozen=True):
    """The best move found for the student to move, the chances in the position, and how
    many moves were compared."""

    move: AnyCommand
    chances: analysis.Chances
    tried: int


def suggestion(
    game: Game, *, turn: int, step: int, seed: int = 0, horizon: analysis.Horizon = HORIZON
) -> Suggestion | None:
    """Return the engine's move in `game` (after `step` events, in turn `turn`), or None
    when the rules allow the student no move at all (the game is over)."""
    position = estimate.position(game, turn=turn, seed=seed, step=step, horizon=horizon)
    tried = estimate.moves_valued(
        game, estimate.candidates(game), turn=turn, seed=seed, step=step, horizon=horizon
    )
    found = analysis.best(tried, game.turn)
    if found is None:
        return None
    return Suggestion(move=found[0], chances=position, tried=len(tried))


def typed(move: AnyCommand, game: Game, edition: Edition) -> str:
    """Return what the student types at the prompts for `move`, each line quoted: an offer
    without its partner's answer, which is theirs to give (spec §3.5.4)."""
    lines = notation.format(move, game, edition)
    if isinstance(move, Trade):
        return f"`{lines[0]}` ({move.partner.title} would accept)"
    return ", then ".join(f"`{line}`" for line in lines)


def told(found: Suggestion | None, game: Game, edition: Edition) -> str:
    """Return what `suggest` says on standard error: the move and the chances, two lines."""
    if found is None:
        return "The engine finds no move to suggest here.\n"
    return (
        f"The engine suggests for {game.turn.title}: {typed(found.move, game, edition)} "
        f"({found.tried} moves compared).\n"
        f"Win chances now: {in_words(percent(found.chances))}.\n"
    )
