"""The game at one step as a document for programs (`watan replay --format json`), and its schema.

The document is versioned (`VERSION`): a program reading it checks
`document` and `version` first.  A new field may be added within a
version; a field renamed, removed or given another meaning makes the
next version.  Everything is named as players read it: colours
(`"Blue"`), resources (`"LAB"`, or Constructor's `"BRICK"`), levels
(`"Midterm"`), phases; the places keep the spec's numbers.  The JSON
Schema (`watan schema`) is generated from these same types, so the two
cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

import msgspec

from watan.editions import edition as named
from watan.editions.model import Edition
from watan.engine.events import AnyEvent, GameStarted
from watan.engine.resources import HELD, Resource
from watan.engine.rules import CARDS
from watan.engine.snapshot import NO_GEESE
from watan.engine.state import COLOURS, NOBODY, Colour, Game, Phase, course_criteria
from watan.engine.turns import current_turn

KIND: Literal["watan-game"] = "watan-game"
VERSION: Literal[1] = 1

PhaseName = Literal["setup", "before_roll", "after_roll", "geese", "over"]
ColourName = Literal["Blue", "Red", "Orange", "Yellow"]
TileNumber = Annotated[int, msgspec.Meta(ge=0, le=18)]
CriterionNumber = Annotated[int, msgspec.Meta(ge=0, le=53)]
GoalNumber = Annotated[int, msgspec.Meta(ge=0, le=71)]
Count = Annotated[int, msgspec.Meta(ge=0)]


def _(description: str) -> msgspec.Meta:
    """Describe a field in the schema."""
    return msgspec.Meta(description=description)


class TileDocument(msgspec.Struct, frozen=True, kw_only=True):
    """One tile of the board, numbered as in spec Figure 1."""

    tile: Annotated[TileNumber, _("The tile's number, 0-18.")]
    resource: Annotated[
        str, _("The resource it yields, by the edition's name (NETFLIX yields nothing).")
    ]
    value: Annotated[
        Annotated[int, msgspec.Meta(ge=2, le=12)] | None,
        _("The roll it yields on, 2-12; null on the tile that yields nothing."),
    ]


class CriterionDocument(msgspec.Struct, frozen=True, kw_only=True):
    """A criterion (Constructor: an address) a player has completed, and its level."""

    criterion: Annotated[CriterionNumber, _("Its number, 0-53 (spec Figure 1).")]
    level: Annotated[int, msgspec.Meta(ge=1, le=3), _("Its level: 1, 2 or 3.")]
    name: Annotated[
        str, _("Its level by the edition's name: Assignment, Midterm or Exam in Watan's.")
    ]


class PlayerDocument(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One student (Constructor: builder), by colour, with everything they hold."""

    colour: ColourName
    played_by: Annotated[str, _("human, or the computer strategy playing the seat (expert, ...).")]
    points: Annotated[
        Count,
        _(
            "Course criteria (or building points): the levels of the criteria, added, and "
            "one for each vp card played."
        ),
    ]
    resources: Annotated[
        dict[str, Count],
        _(
            "What the player holds of each resource, by the edition's names, in the spec's "
            "order: CAFFEINE, LAB, LECTURE, STUDY and TUTORIAL in Watan's."
        ),
    ]
    dice: Literal["fair", "loaded"]
    goals: Annotated[
        list[GoalNumber], _("The goals achieved (or the paths built on), in that order.")
    ]
    criteria: Annotated[
        list[CriterionDocument], _("The criteria completed, in the order first completed.")
    ]
    cards: Annotated[
        dict[str, Count] | None,
        _(
            "In a game with the dev-cards house rule only: the development cards held, by "
            "name (knight, vp, monopoly), those bought this turn included."
        ),
    ] = None
    points_played: Annotated[
        Count | None,
        _("In a game with the dev-cards house rule only: the vp cards played (in points)."),
    ] = None


class Document(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A Students of Watan (or Constructor) game at one step of its journal."""

    document: Annotated[Literal["watan-game"], _("What this is: always watan-game.")]
    version: Annotated[
        Literal[1], _("The version of this document's shape: refuse a version you do not know.")
    ]
    edition: Annotated[str, _("The edition, by name: whose words the names are in.")]
    house_rules: Annotated[
        list[str], _("The rules played beyond the edition's own, by name; empty for none.")
    ]
    game: Annotated[
        int, msgspec.Meta(ge=1), _("Which game of its session this is: 2 after play again.")
    ]
    seed: Annotated[int, _("The seed the game's session was played with.")]
    step: Annotated[Count, _("How many of the journal's events this is the game after.")]
    turn: Annotated[Count, _("The turn the game is in: 0 in setup, 1 the first after it.")]
    current: Annotated[ColourName, _("Whose turn it is (during setup: who places next).")]
    phase: PhaseName
    winner: Annotated[ColourName | None, _("Who has won, once the game is over.")]
    geese: Annotated[TileNumber | None, _("The geese's tile; null while off the board.")]
    board: Annotated[
        list[TileDocument], msgspec.Meta(min_length=19, max_length=19), _("The 19 tiles, in order.")
    ]
    players: Annotated[
        list[PlayerDocument],
        msgspec.Meta(min_length=4, max_length=4),
        _("The four players: Blue, Red, Orange and Yellow, in that order."),
    ]
    deck: Annotated[
        Count | None,
        _("In a game with the dev-cards house rule only: the cards left to buy."),
    ] = None


def document(header: GameStarted, events: Sequence[AnyEvent], game: Game) -> Document:
    """Return the document of `game`, the game after `events` of the journal with `header`."""
    edition = named(header.edition)
    names = edition.resources
    return Document(
        document=KIND,
        version=VERSION,
        edition=edition.name,
        house_rules=list(header.rules.house_rules),
        game=header.game,
        seed=header.seed,
        step=len(events),
        turn=current_turn(header, events),
        current=_colour(game.turn),
        phase=_PHASES[game.phase],
        winner=None if game.winner == NOBODY else _colour(Colour(game.winner)),
        geese=None if game.geese == NO_GEESE else game.geese,
        board=[
            TileDocument(
                tile=number,
                resource=names[tile.resource],
                value=None if tile.resource is Resource.NETFLIX else tile.value,
            )
            for number, tile in enumerate(game.board)
        ],
        players=[_player(game, edition, colour) for colour in COLOURS],
        deck=len(game.deck) if game.rules.cards else None,
    )


_PHASES: dict[Phase, PhaseName] = {
    Phase.SETUP: "setup",
    Phase.BEFORE_ROLL: "before_roll",
    Phase.AFTER_ROLL: "after_roll",
    Phase.GEESE: "geese",
    Phase.OVER: "over",
}
_COLOURS: dict[Colour, ColourName] = {
    Colour.BLUE: "Blue",
    Colour.RED: "Red",
    Colour.ORANGE: "Orange",
    Colour.YELLOW: "Yellow",
}


def _colour(colour: Colour) -> ColourName:
    return _COLOURS[colour]


def _player(game: Game, edition: Edition, colour: Colour) -> PlayerDocument:
    student = game.students[colour]
    return PlayerDocument(
        colour=_colour(colour),
        played_by=game.seats[colour],
        points=course_criteria(game, colour),
        resources={edition.resources[r]: student.resources[r] for r in HELD},
        dice="loaded" if student.loaded_dice else "fair",
        goals=list(student.goals),
        criteria=[
            CriterionDocument(
                criterion=c,
                level=game.criterion_level[c],
                name=edition.vocabulary.levels[game.criterion_level[c] - 1],
            )
            for c in student.criteria
        ],
        cards=dict(zip((c.value for c in CARDS), student.cards, strict=True))
        if game.rules.cards
        else None,
        points_played=student.played_points if game.rules.cards else None,
    )


def encode(doc: Document) -> str:
    """Return the document as one line of compact JSON, and a newline."""
    return msgspec.json.encode(doc).decode() + "\n"


def json_schema() -> dict[str, Any]:
    """Return the JSON Schema (draft 2020-12) of the document, generated from its types."""
    generated = msgspec.json.schema(Document)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"watan replay --format json, version {VERSION}",
        **generated,
    }
