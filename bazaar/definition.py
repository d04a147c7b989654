"""Bazaar as the replay toolkit sees it: its codec, start, reducer, judge and words.

Every journal tool (`bazaar replay`, `rewind`, `export`, `verify`, `play --resume`) is
the toolkit's generic code run on this one value.
"""

from __future__ import annotations

from bazaar.engine.events import AnyEvent, GameStarted
from bazaar.engine.evolve import apply, start
from bazaar.engine.invariants import broken
from bazaar.engine.state import Game
from bazaar.files.journal import CODEC
from bazaar.text.describe import describe, describe_start
from bazaar.tools.judge import continues, header_problem, verdict
from replay.protocol import Definition, Judge, Words

BAZAAR: Definition[GameStarted, AnyEvent, Game] = Definition(
    name="bazaar",
    codec=CODEC,
    start=start,
    apply=apply,
    judge=Judge(
        continues=continues, verdict=verdict, header_problem=header_problem, broken=broken
    ),
    words=Words(start=describe_start, event=describe),
    state_type=Game,
)
