"""The master's value of a position, tempered by how far the game has come.

`master`'s learnt value (`watan.players.master.chances`) weighs the same features at every
stage of a game, so it is too sure early on, when a lead in production is worth less than
it looks, and not sure enough late, when points decide: scored at every turn's start of
self-play games, its chances in the first turns do worse than a uniform 25%.  The analysis
raises its chances to a power (a temperature) that depends on how far the game has come,
told by the turn the position is judged at and the leader's course criteria in the
position valued, and shares them out again.  The powers were learnt by maximum likelihood
from self-play, one table for each horizon the analysis plays on to
(`python benchmarks/learn_analysis.py`, written to `watan.tools.analysis.temper_weights`),
on other games than the calibration benchmark's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from watan.engine.state import COLOURS, Game, Phase
from watan.players.master import chances
from watan.players.measures import points
from watan.tools.analysis.temper_weights import POWERS

TURNS: Final = (10, 20, 35)
"""The turns after which the next row of powers takes over: turns 1-10, 11-20, 21-35, and
36 on (setup counts as turn 0)."""
LEADS: Final = (3, 5, 7)
"""The leader's course criteria after which the next power of a row takes over: at most 3,
4-5, 6-7, and 8 or more (everyone starts with 2, and 10 wins)."""
SMALLEST: Final = 1e-12
"""The least chance tempered: a power of 0 stays 0."""


def cell(turn: int, game: Game) -> tuple[int, int]:
    """Return which power applies to `game`, valued for a position of turn `turn`: the row by
    the turn, the column by the leader's course criteria."""
    lead = max(points(game, colour) for colour in COLOURS)
    return sum(turn > edge for edge in TURNS), sum(lead > edge for edge in LEADS)


def tempered(raw: Sequence[float], power: float) -> tuple[float, ...]:
    """Return the chances `raw` raised to `power` and shared out again (1: unchanged)."""
    raised = [max(SMALLEST, chance) ** power for chance in raw]
    total = sum(raised)
    return tuple(chance / total for chance in raised)


def power(horizon: int, turn: int, game: Game) -> float:
    """Return the learnt power for `game`, played on `horizon` turns from a position of turn
    `turn` (1: untempered, for a horizon no table was learnt for)."""
    table = POWERS.get(horizon)
    if table is None:
        return 1.0
    row, column = cell(turn, game)
    return table[row][column]


def valued(game: Game, horizon: int, turn: int) -> tuple[float, ...]:
    """Return each student's chance to win from `game`, played on `horizon` turns from a
    position of turn `turn`: certain once it is over, else the master's value tempered."""
    raw = chances(game)
    if game.phase is Phase.OVER:
        return raw
    return tempered(raw, power(horizon, turn, game))
