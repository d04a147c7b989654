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

from replay.compare import changes
from watan.editions.model import Edition
from watan.engine.events import GameStarted
from watan.engine.resources import HELD
from watan.engine.rules import CARDS
from watan.engine.snapshot import NO_GEESE
from watan.engine.state import COLOURS, NOBODY, Colour, Game, loaded_game, saved_game

View = dict[str, object]


def as_loaded(game: Game) -> Game:
    """Return the game as saving and loading it would give (spec §3.7)."""
    saved = saved_game(game)
    return loaded_game(saved.board, saved.position, game.rules, saved.deck or ())


def view(game: Game, edition: Edition) -> View:
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
    return sorted(changes(view(a, edition), view(b, edition)), key=_in_path_order)


def _in_path_order(line: str) -> str:
    """Return a sort key putting `criteria[8]` before `criteria[44]`: numbers by value."""
    return re.sub(r"\d+", lambda number: number.group().zfill(8), line)

