"""Comparing two games: where their journals part and how their states differ.

For people (`told`), a game is seen as the spec names its parts (`as_seen`): each
student's resources and dice, each criterion's owner and level, each goal's owner, and
the turn, phase, geese and winner, so that each change is one line (`Blue: LAB 2 → 3`,
`criterion 20: Blue's Assignment → Blue's Midterm`).  For programs (`--format json`), a
game becomes a view keyed by the spec's words (`Red.resources.LAB`, `criteria[20]`), and
the toolkit finds the structural differences between two views (`replay.differences`: a
card drawn from the deck is one change, not one at every card after it).  A save file
only knows what the spec saves, so when either side is one, both sides are compared as
their save files would load.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from msgspec.structs import replace

from replay.compare import Parting, Seen, parted, told
from replay.differences import Change, diff
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


def structural(a: Game, b: Game, edition: Edition) -> list[Change]:
    """Return the differences between two games' views (`as_view`), in path order.

    Indices count as numbers, so `criteria[8]` comes before `criteria[44]`.
    """
    return sorted(diff(as_view(a, edition), as_view(b, edition)), key=_in_path_order)


def _in_path_order(change: Change) -> str:
    """Return a sort key putting `criteria[8]` before `criteria[44]`: numbers by value."""
    return re.sub(r"\d+", lambda number: number.group().zfill(8), change.path)


PHASES = {
    Phase.SETUP: "setup",
    Phase.BEFORE_ROLL: "before the roll",
    Phase.AFTER_ROLL: "after the roll",
    Phase.GEESE: "moving the geese",
    Phase.OVER: "over",
}
"""Where a game stands, in words (spec §4)."""


def as_seen(game: Game, edition: Edition) -> Seen:
    """Return the game as a player names its parts, each once, in the edition's words.

    A student's criteria and goals are seen on the board (`criterion 20`: its owner and
    level; `goal 7`: its owner), not again in the student's lists, whose order is only the
    order they were claimed in.  The deck (house rules) is its size.
    """
    words = edition.vocabulary
    names, levels = edition.resources, words.levels
    seen: dict[tuple[str, str], object] = {
        ("turn", ""): game.turn.title,
        ("phase", ""): PHASES[game.phase],
        ("geese", ""): "off the board" if game.geese == NO_GEESE else f"tile {game.geese}",
        ("winner", ""): "nobody" if game.winner == NOBODY else Colour(game.winner).title,
    }
    for colour, student in zip(COLOURS, game.students, strict=True):
        for r in HELD:
            seen[colour.title, names[r]] = student.resources[r]
        seen[colour.title, "dice"] = "loaded" if student.loaded_dice else "fair"
        if game.rules.cards:  # house-rules.md: only a game with the cards holds any
            for card, held in zip(CARDS, student.cards, strict=True):
                seen[colour.title, f"{card.value} cards"] = held
            seen[colour.title, "vp cards played"] = student.played_points
    for c, (owner, level) in enumerate(
        zip(game.criterion_owner, game.criterion_level, strict=True)
    ):
        seen[f"{words.criterion} {c}", ""] = (
            "none" if owner == NOBODY else f"{Colour(owner).title}'s {levels[level - 1]}"
        )
    for g, owner in enumerate(game.goal_owner):
        seen[f"{words.goal} {g}", ""] = "none" if owner == NOBODY else Colour(owner).title
    if game.rules.cards:
        seen["deck", ""] = f"{len(game.deck)} cards"
    for t, tile in enumerate(game.board):
        seen[f"tile {t}", ""] = f"{names[tile.resource]} {tile.value}"
    return seen


def told_apart(a: Game, b: Game, edition: Edition) -> list[str]:
    """Return one line per difference between two games, as players name them (`as_seen`)."""
    return told(as_seen(a, edition), as_seen(b, edition))


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
    """What `watan diff` finds: how two games are different games, or where their
    journals part and the two games to tell apart (as their save files would load, when
    either side is one)."""

    unrelated: str | None
    parting: Parting | None = None
    games: tuple[Game, Game] | None = None


def compare(a: Side, b: Side, edition: Edition) -> Comparison:
    """Return how the games on two sides differ, in the words of `edition`.

    Two journals part where their events first differ (`replay.compare.parted`).
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
    first, second = a.game, b.game
    if a.journal is not None and b.journal is not None:
        # Described in the chosen edition's words, as the states' differences are.
        header = replace(a.journal.header, edition=edition.name)
        return Comparison(None, parted(WATAN, header, a.journal.events, b.journal.events),
                          (first, second))
    for side in (a, b):
        if side.game.phase is Phase.SETUP:
            raise StillInSetup(side.name)
    return Comparison(None, None, (as_loaded(first), as_loaded(second)))
