"""An analysis as a document for programs (`watan analyze --format json`), and its schema.

Versioned as the game's document is (`watan.tools.document`): a program checks `document`
and `version` first; a field may be added within a version, and renaming, removing or
changing the meaning of one makes the next.  Chances are in percent, to one decimal, so
that the same analysis is the same text.  `watan schema analysis` prints the JSON Schema,
generated from these types.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from watan.tools.document import ColourName, Count

KIND: Literal["watan-analysis"] = "watan-analysis"
VERSION: Literal[1] = 1

Mark = Literal["inaccuracy", "mistake", "blunder"]
Percent = Annotated[float, msgspec.Meta(ge=0, le=100)]
Chances = Annotated[
    dict[ColourName, Percent],
    msgspec.Meta(description="Each student's chance to win, in percent, by colour."),
]


def _(description: str) -> msgspec.Meta:
    return msgspec.Meta(description=description)


class Thresholds(msgspec.Struct, frozen=True, kw_only=True):
    """The win chance a move must lose, in points, to be marked each way."""

    inaccuracy: Percent
    mistake: Percent
    blunder: Percent


class DecisionDocument(msgspec.Struct, frozen=True, kw_only=True):
    """A student's decision: the chances before it, the move played, the best move found."""

    step: Annotated[
        Count, _("The position, after this many events: `watan replay --to STEP` shows it.")
    ]
    turn: Annotated[Count, _("The turn: 0 in setup, 1 the first after it.")]
    colour: Annotated[ColourName, _("Who decided.")]
    chances: Chances
    played: Annotated[str, _("The move played, as it is typed at the game's prompts.")]
    best: Annotated[str, _("The best move the engine found, typed the same way.")]
    played_chance: Annotated[Percent, _("The mover's chance once the move played is made.")]
    best_chance: Annotated[Percent, _("The mover's chance once the best move is made.")]
    cost: Annotated[Percent, _("What the move played lost against the best, in points.")]
    mark: Annotated[Mark | None, _("The move's mark by the thresholds; null for none.")]
    tried: Annotated[int, msgspec.Meta(ge=1), _("Moves compared; 1 when it was forced.")]


class TurningPoint(msgspec.Struct, frozen=True, kw_only=True):
    """A decision after which the chances moved most."""

    step: Count
    turn: Count
    colour: ColourName
    played: str
    swing: Annotated[Percent, _("The largest change of one student's chance, in points.")]
    before: Chances
    after: Chances


class Analysis(msgspec.Struct, frozen=True, kw_only=True):
    """A Students of Watan (or Constructor) game analysed."""

    document: Annotated[Literal["watan-analysis"], _("What this is: always watan-analysis.")]
    version: Annotated[Literal[1], _("The version of this document's shape.")]
    journal: Annotated[str, _("The journal analysed, as it was named.")]
    edition: str
    house_rules: list[str]
    seed: Annotated[
        int, _("The analysis seed: the same journal, options and seed give the same analysis.")
    ]
    playouts: Annotated[int, msgspec.Meta(ge=1), _("Playouts per position and per move.")]
    horizon: Annotated[
        int, msgspec.Meta(ge=1), _("Turns each playout plays on before the position is valued.")
    ]
    thresholds: Thresholds
    steps: Annotated[Count, _("Events in the journal analysed.")]
    winner: ColourName | None
    end: Annotated[Chances, _("The chances after the last event.")]
    decisions: Annotated[
        list[DecisionDocument],
        _(
            "The decisions analysed, in order (one student's with "
            "--player, one with --to or --turn)."
        ),
    ]
    turning_points: Annotated[
        list[TurningPoint], _("The decisions after which the chances moved most, in order.")
    ]


def encode(analysis: Analysis) -> str:
    """Return the analysis as one line of compact JSON, and a newline."""
    return msgspec.json.encode(analysis).decode() + "\n"


def json_schema() -> dict[str, Any]:
    """Return the JSON Schema (draft 2020-12) of the analysis, generated from its types."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"watan analyze --format json, version {VERSION}",
        **msgspec.json.schema(Analysis),
    }
