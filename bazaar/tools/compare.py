"""Comparing two Bazaar games (`bazaar diff`): where their journals part, how their states
differ, in players' words for people and as paths for programs.

The toolkit does the comparing (`replay.compare`): this module says how a Bazaar game is
seen (`as_seen`: each merchant's place, gold, rubies, goods, food, cart and gems bought,
whose move, where it stands, who won) and when two games are different games.
"""

from __future__ import annotations

from typing import NamedTuple

from bazaar.definition import BAZAAR
from bazaar.engine.events import AnyEvent, GameStarted
from bazaar.engine.state import GOODS, NOBODY, Game, Phase
from bazaar.text.render import place
from replay.compare import Parting, Seen, parted, told
from replay.differences import Change, diff
from replay.history import Moment

PHASES = {Phase.MOVE: "choosing a move", Phase.ACTION: "asked to act", Phase.OVER: "over"}
"""Where a move stands, in words (docs/decisions.md, Bazaar: At the terminal)."""


def as_seen(game: Game) -> Seen:
    """Return the game as its players name its parts, each merchant by name, in turn order."""
    seen: dict[tuple[str, str], object] = {
        ("move", ""): game.mover.name,
        ("phase", ""): PHASES[game.phase],
        ("winner", ""): "nobody" if game.winner == NOBODY else game.merchants[game.winner].name,
    }
    for merchant in game.merchants:
        name = merchant.name
        seen[name, "at"] = place(game.board, merchant.square)
        seen[name, "gold"] = merchant.gold
        seen[name, "rubies"] = merchant.rubies
        for good in GOODS:
            seen[name, good.name.lower()] = merchant.goods[good]
        seen[name, "food"] = merchant.food
        seen[name, "cart"] = merchant.cart
        seen[name, "rubies bought from gem merchants"] = merchant.gems
    return seen


class Side(NamedTuple):
    """One side of `bazaar diff`: its name, its game, and the journal that game is the step
    of (None for a save file)."""

    name: str
    game: Game
    journal: Moment[GameStarted, AnyEvent, Game] | None = None


class Comparison(NamedTuple):
    """What `bazaar diff` finds: how two games are different games, or where their journals
    part and their differences, for people (`lines`) and for programs (`changes`)."""

    unrelated: str | None
    parting: Parting | None = None
    lines: tuple[str, ...] = ()
    changes: tuple[Change, ...] = ()


def unrelated(a: Side, b: Side) -> str | None:
    """Return how two sides are different games, or None when they are one game's two sides.

    Games on different boards, between other merchants, or (two journals) begun from
    different loaded positions have nothing to compare: nearly everything would differ.
    Two sessions from one start are one game that went two ways, whatever their seeds.
    """
    checks = [
        ("boards", a.game.board == b.game.board),
        ("merchants", [m.name for m in a.game.merchants] == [m.name for m in b.game.merchants]),
    ]
    if a.journal is not None and b.journal is not None:
        checks.append(("starting positions", a.journal.header.loaded == b.journal.header.loaded))
    differ = [what for what, same in checks if not same]
    return None if not differ else f"their {' and '.join(differ)} differ"


def compare(a: Side, b: Side) -> Comparison:
    """Return how the games on two sides differ: where two journals part
    (`replay.compare.parted`), then every difference between the two states."""
    unlike = unrelated(a, b)
    if unlike is not None:
        return Comparison(unlike)
    parting = None
    if a.journal is not None and b.journal is not None:
        parting = parted(BAZAAR, a.journal.header, a.journal.events, b.journal.events)
    lines = told(as_seen(a.game), as_seen(b.game))
    return Comparison(None, parting, tuple(lines), tuple(diff(a.game, b.game)))
