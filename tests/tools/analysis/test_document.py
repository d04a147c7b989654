"""`analyze --format json`: a versioned document that validates against its own schema."""

from __future__ import annotations

import json

import jsonschema
import pytest

from replay import history
from tests.conftest import ROOT
from watan.definition import WATAN
from watan.tools.analysis import document
from watan.tools.analysis.analysed import QUICK, analyse

JOURNAL = ROOT / "journals" / "constructor-started-with-load" / "journal.jsonl"


def test_an_analysis_validates_against_the_schema_and_a_wrong_one_does_not() -> None:
    moment = history.load(WATAN, JOURNAL)
    encoded = document.encode(analyse(moment.header, moment.events, "j", horizon=QUICK))
    shown = json.loads(encoded)
    schema = document.json_schema()
    jsonschema.validate(shown, schema)
    assert (shown["document"], shown["version"], shown["edition"]) == (
        "watan-analysis",
        1,
        "constructor",
    )
    shown["decisions"][0]["mark"] = "oops"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(shown, schema)
