"""`replay --format json`: the game at one step as a versioned document, and its JSON Schema.

The expected values are read off the spec's sample save by hand: Blue holds 5 STUDY and
criteria 37 and 25 (Exams) and 30 (an Assignment): 3 + 3 + 1 = 7 course criteria
(RULINGS 4); the geese are on tile 8; tile 4 is NETFLIX.
"""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import msgspec
import pytest
from click.testing import CliRunner

from tests.cli.test_tools import journal
from tests.conftest import ROOT
from tests.test_definition import HEADER, NEW_HEADER, SAMPLE_EVENTS, fold
from watan.cli.app import main
from watan.tools import document

__all__ = ["journal"]


def as_json(header: Any, events: Any) -> dict[str, Any]:
    doc = document.document(header, events, fold(header, events))
    encoded: dict[str, Any] = json.loads(document.encode(doc))
    return encoded


def test_the_document_names_colours_resources_and_levels_and_nests_players() -> None:
    shown = as_json(HEADER, ())
    assert {key: shown[key] for key in list(shown)[:12]} == {
        "document": "watan-game",
        "version": 1,
        "edition": "watan",
        "house_rules": [],
        "game": 1,
        "seed": 3,
        "step": 0,
        "turn": 1,
        "current": "Blue",
        "phase": "before_roll",
        "winner": None,
        "geese": 8,
    }
    assert shown["board"][0] == {"tile": 0, "resource": "CAFFEINE", "value": 3}
    assert shown["board"][4] == {"tile": 4, "resource": "NETFLIX", "value": None}
    assert shown["players"][0] == {
        "colour": "Blue",
        "played_by": "human",
        "points": 7,
        "resources": {"CAFFEINE": 0, "LAB": 0, "LECTURE": 0, "STUDY": 5, "TUTORIAL": 0},
        "dice": "fair",
        "goals": [38, 47, 43],
        "criteria": [
            {"criterion": 37, "level": 3, "name": "Exam"},
            {"criterion": 25, "level": 3, "name": "Exam"},
            {"criterion": 30, "level": 1, "name": "Assignment"},
        ],
    }
    assert [player["colour"] for player in shown["players"]] == ["Blue", "Red", "Orange", "Yellow"]


def test_the_step_and_turn_follow_the_journal() -> None:
    # Events 1-7 are Blue's turn; the 7th ends it, so Red's turn 2 begins at step 7.
    during = as_json(HEADER, SAMPLE_EVENTS[:3])
    assert (during["step"], during["turn"]) == (3, 1)
    after = as_json(HEADER, SAMPLE_EVENTS[:7])
    assert (after["step"], after["turn"], after["current"]) == (7, 2, "Red")
    assert as_json(HEADER, SAMPLE_EVENTS[:2])["phase"] == "geese"
    assert as_json(NEW_HEADER, ())["turn"] == 0


def test_the_document_is_one_compact_line() -> None:
    text = document.encode(document.document(HEADER, (), fold(HEADER, ())))
    assert text.count("\n") == 1 and text.endswith("}\n")
    assert ", " not in text and ": " not in text


def test_the_schema_is_generated_from_the_documents_types() -> None:
    schema = document.json_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)
    fields = schema["$defs"]["Document"]["properties"]
    assert set(fields) == set(document.Document.__struct_fields__)
    assert fields["version"] == {
        "description": "The version of this document's shape: refuse a version you do not know.",
        "enum": [1],
    }


@pytest.mark.parametrize("step", ["0", "2", "5", "11"])
def test_real_output_of_replay_validates_against_the_printed_schema(
    journal: str, step: str
) -> None:
    printed = CliRunner().invoke(main, ["schema"])
    assert (printed.exit_code, printed.stderr) == (0, "")
    schema = json.loads(printed.stdout)
    replayed = CliRunner().invoke(main, ["replay", journal, "--to", step, "--format", "json"])
    assert replayed.exit_code == 0
    jsonschema.validate(json.loads(replayed.stdout), schema)


def test_a_document_that_breaks_the_schema_is_caught() -> None:
    shown = as_json(HEADER, ())
    shown["players"][0]["colour"] = "Purple"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(shown, document.json_schema())


def test_the_document_decodes_back_into_its_types() -> None:
    text = document.encode(document.document(HEADER, SAMPLE_EVENTS, fold(HEADER, SAMPLE_EVENTS)))
    back = msgspec.json.decode(text, type=document.Document)
    assert back == document.document(HEADER, SAMPLE_EVENTS, fold(HEADER, SAMPLE_EVENTS))


FORMAT_2 = str(ROOT / "fixtures" / "journals" / "format-2.jsonl")
"""A game with all four house rules (fixtures/journals/README.md)."""


def test_a_house_rule_game_names_its_rules_cards_points_played_and_deck() -> None:
    # Step 3 of the format-2 fixture: Blue has played its knight (tile 4) and robbed
    # Yellow, then loaded its dice: it holds a monopoly, the deck monopoly, knight, vp.
    # At the end Blue holds a knight and two monopolies and has played one vp (10 points:
    # three exams and the vp), and the deck is empty.
    replayed = CliRunner().invoke(main, ["replay", FORMAT_2, "--to", "3", "--format", "json"])
    early = json.loads(replayed.stdout)
    assert early["house_rules"] == [
        "bank-trade", "dev-cards", "geese-start-on-park", "seven-over-7"
    ]
    assert (early["deck"], early["geese"]) == (3, 4)
    assert early["players"][0]["cards"] == {"knight": 0, "vp": 0, "monopoly": 1}
    end = json.loads(CliRunner().invoke(main, ["replay", FORMAT_2, "--format", "json"]).stdout)
    blue = end["players"][0]
    assert (blue["cards"], blue["points_played"], blue["points"], end["deck"]) == (
        {"knight": 1, "vp": 0, "monopoly": 2}, 1, 10, 0
    )
    jsonschema.validate(end, document.json_schema())


def test_a_plain_game_writes_none_of_the_house_rules_fields(journal: str) -> None:
    shown = json.loads(CliRunner().invoke(main, ["replay", journal, "--format", "json"]).stdout)
    assert "deck" not in shown
    assert not {"cards", "points_played"} & set(shown["players"][0])
