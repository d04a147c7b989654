"""What a save file holds (spec §3.7), as a value: the board and a position on it.

The text format lives in `savefile`; the journal's header carries a
`Position` when a game was started with `-load`.  A game with house rules
holds more than the spec's format can (house-rules.md ruling 9): each
player's development cards and played points, whether the current player has
played a card this turn, the deck, and which house rules are played.
"""

from __future__ import annotations

import msgspec

from watan.engine.layout import Board
from watan.engine.resources import Resources
from watan.engine.rules import NO_CARDS, Card, Hand
from watan.engine.topology import CriterionId, GoalId

NO_GEESE = -1
"""The geese tile while the geese are off the board (RULINGS 8)."""

MOST_COUNT = 999_999_999
"""No count a position holds is larger (a save file writes at most nine digits): a student
holding a billion resources is a damaged file, not a game."""


class SavedStudent(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One student's line of a save file (and, with development cards, their cards)."""

    resources: Resources
    goals: tuple[GoalId, ...] = ()
    """Goals in the order achieved (RULINGS 28)."""
    criteria: tuple[tuple[CriterionId, int], ...] = ()
    """(criterion, completion level 1-3) in the order first completed (RULINGS 28)."""
    cards: Hand = NO_CARDS
    """Development cards held, by kind (house-rules.md)."""
    played_points: int = 0
    """`vp` cards played: a point each for the rest of the game (house-rules.md ruling 4)."""


class Position(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """Whose turn it is, what each student has, and where the geese are."""

    turn: int
    """The student who rolls next (spec §3.7 `curTurn`)."""
    students: tuple[SavedStudent, ...]
    geese: int = NO_GEESE
    card_played: bool = False
    """Whether the student in `turn` has played a card this turn already (before the roll:
    one card a turn, house-rules.md ruling 4)."""


class SavedGame(msgspec.Struct, frozen=True, kw_only=True):
    """The whole content of a save file."""

    position: Position
    board: Board
    house_rules: tuple[str, ...] = ()
    """The house rules the game plays; none for a game as the spec plays it."""
    deck: tuple[Card, ...] | None = None
    """The development cards still in the deck, top first; None without development cards."""
