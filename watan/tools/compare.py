"""Comparing two games: where their states differ, in paths a player can read.

Where two journals part is the toolkit's (`replay.compare.parting`, in Watan's words).

A game becomes a view keyed by the spec's words (`Red.resources.LAB`,
`criteria[20]: Blue Assignment`), and the toolkit finds the differences
between two views (`replay.compare.changes`: a card drawn from the deck
is one change, not one at every card after it).  A save file only knows
what the spec saves, so when either side is one, both sides are compared
as their save files would load.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from msgspec.structs import replace

from replay.compare import changes, parting
from watan.definition import WATAN
from watan.editions.model import Edition
from watan.engine.events import GameStarted
from watan.engine.resources import HELD
from watan.engine.rules import CARDS
from watan.engine.snapshot import NO_GEESE
from watan.engine.state import COLOURS, NOBODY, Colour, Game, Phase, loaded_game, saved_game

if TYPE_CHECKING:
    from watan.definition import WatanMoment

View = dict[str, object]


def as_loaded(game: Game) -> Game:
    """Return the game as saving and loading it would give (spec §3.7)."""
    saved = saved_game(game)
    return loaded_game(saved.board, saved.position, game.rules, saved.deck or ())


def as_view(game: Game, edition: Edition) -> View:
    """Return the game as nested plain values keyed by the edition's names."""
    words = edition.vocabulary
    names, levels, criteria, goals = edition.resources, words.levels, words.criteria, words.goals
    shown: View = {
        "turn": game.turn.title,
        "phase": game.phase.value,
        "geese": "off the board" if game.geese == NO_GEESE else game.geese,
        "winner": "nobody" if game.winner == NOBODY else Colour(game.winner).title,
    }
    for colour, student in zip(COLOURS, game.students, strict=True):
        holding: View = {
            "resources": {names[r]: student.resources[r] for r in HELD},
            goals: list(student.goals),
            criteria: list(student.criteria),
            "dice": "loaded" if student.loaded_dice else "fair",
        }
        if game.rules.cards:  # house-rules.md: only a game with the cards holds any
            holding["cards"] = {c.value: n for c, n in zip(CARDS, student.cards, strict=True)}
            holding["vp played"] = student.played_points
        shown[colour.title] = holding
    if game.rules.cards:
        shown["deck"] = [card.value for card in game.deck]
    shown[criteria] = {
        c: "none" if owner == NOBODY else f"{Colour(owner).title} {levels[level - 1]}"
        for c, (owner, level) in enumerate(
            zip(game.criterion_owner, game.criterion_level, strict=True)
        )
    }
    shown[goals] = {
        g: "none" if owner == NOBODY else Colour(owner).title
        for g, owner in enumerate(game.goal_owner)
    }
    shown["board"] = [f"{names[tile.resource]} {tile.value}" for tile in game.board]
    return shown


def unrelated(
    a: Game,
    b: Game,
    editions: tuple[str, str],
    starts: tuple[GameStarted, GameStarted] | None = None,
) -> str | None:
    """Return how two games are different games, or None when they are one game's two sides.

    Games on different boards, of different editions (`editions`, by name), played by
    different rules (house rules, or an edition's prices as they were when each began),
    or (two journals, whose `starts` are given) begun from different saved positions have
    nothing to compare place by place: nearly everything would differ.  Two sessions from
    the same start are one game that went two ways, whatever their seeds.
    """
    same_edition = editions[0] == editions[1]
    checks = [
        ("boards", a.board == b.board),
        ("editions", same_edition),
        ("rules", a.rules == b.rules or not same_edition),
    ]
    if starts is not None:
        checks.append(("starting positions", starts[0].loaded == starts[1].loaded))
    differ = [what for what, same in checks if not same]
    return None if not differ else f"their {' and '.join(differ)} differ"


def differences(a: Game, b: Game, edition: Edition) -> list[str]:
    """Return one `path: old -> new` line per difference between two games, in path order.

    Indices count as numbers, so `criteria[8]` comes before `criteria[44]`.
    """
    return sorted(changes(as_view(a, edition), as_view(b, edition)), key=_in_path_order)


def _in_path_order(line: str) -> str:
    """Return a sort key putting `criteria[8]` before `criteria[44]`: numbers by value."""
    return re.sub(r"\d+", lambda number: number.group().zfill(8), line)


class Side(NamedTuple):
    """One side of `watan diff`: its name, its game, and the journal that game is the step
    of (None for a save file)."""

    name: str
    game: Game
    journal: WatanMoment | None = None


class StillInSetup(Exception):
    """A side in setup compared with a save file, which cannot hold such a game."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name}: the game is still in setup, which a save file cannot hold")


class Comparison(NamedTuple):
    """What `watan diff` finds: how two games are different games, or their differences."""

    unrelated: str | None
    lines: tuple[str, ...] = ()


def compare(a: Side, b: Side, edition: Edition) -> Comparison:
    """Return how the games on two sides differ, in the words of `edition`.

    Two journals are first said to part where their events do (`replay.compare.parting`).
    A save file holds only what the spec saves, so when either side is one, both are
    compared as their save files would load (`as_loaded`), and neither may be in setup
    (StillInSetup).  Games that are different games are said so, and nothing more.
    """
    editions = tuple(
        side.journal.header.edition if side.journal is not None else edition.name
        for side in (a, b)
    )
    starts = None
    if a.journal is not None and b.journal is not None:
        starts = (a.journal.header, b.journal.header)
    unlike = unrelated(a.game, b.game, (editions[0], editions[1]), starts)
    if unlike is not None:
        return Comparison(unlike)
    lines = []
    first, second = a.game, b.game
    if a.journal is not None and b.journal is not None:
        # Described in the chosen edition's words, as the states' differences are.
        header = replace(a.journal.header, edition=edition.name)
        parted = parting(WATAN, header, a.journal.events, b.journal.events)
        lines += [parted] if parted else []
    else:
        for side in (a, b):
            if side.game.phase is Phase.SETUP:
                raise StillInSetup(side.name)
        first, second = as_loaded(first), as_loaded(second)
    return Comparison(None, (*lines, *differences(first, second, edition)))
