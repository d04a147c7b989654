"""A journal as a page to step through, for any game whose moments read as text."""

from __future__ import annotations

import json
import re

from replay.pages import Chances, Mark, Step, page, steps
from tests.replay.race import HEADER, RACE, play

EVENTS = play()


def _data(made: str) -> dict[str, object]:
    found = re.search(r'<script id="data" type="application/json">(.*?)</script>', made, re.S)
    assert found is not None
    result: dict[str, object] = json.loads(found[1])
    return result


def test_each_step_is_captioned_with_its_number_and_words_and_shows_the_game_after_it() -> None:
    made = steps(RACE, HEADER, EVENTS[:2], repr)
    first = RACE.start(HEADER)
    second = RACE.apply(first, EVENTS[0])
    assert made == [
        Step(f"0  {RACE.describe_start(HEADER)}", repr(first)),
        Step(f"1  {RACE.describe(HEADER, EVENTS[0])}", repr(second)),
        Step(f"2  {RACE.describe(HEADER, EVENTS[1])}", repr(RACE.apply(second, EVENTS[1]))),
    ]


def test_the_page_holds_its_steps_and_opening_and_fetches_nothing() -> None:
    shown = [Step("0  began", "board 0"), Step("1  moved", "board 1")]
    made = page("race", "Race: a replay", "a.jsonl: 1 event", shown, opening=1)
    assert _data(made) == {
        "steps": [
            {"caption": "0  began", "text": "board 0"},
            {"caption": "1  moved", "text": "board 1"},
        ],
        "opening": 1,
    }
    assert "default-src 'none'" in made
    assert '<input type="range" id="slider" min="0" max="1"' in made
    assert "<title>Race: a replay</title>" in made


def test_text_that_would_end_the_script_or_make_markup_is_kept_as_text() -> None:
    shown = [Step("0  <b>", "</script><script>alert(1)</script>")]
    made = page("race", "<i>Race</i>", "a & b", shown)
    assert "</script><script>alert" not in made
    assert "<title>&lt;i&gt;Race&lt;/i&gt;</title>" in made
    assert "a &amp; b" in made
    assert _data(made)["steps"] == [
        {"caption": "0  <b>", "text": "</script><script>alert(1)</script>"}
    ]


def test_a_page_with_chances_holds_them_and_the_script_that_draws_them() -> None:
    shown = [Step("0  began", "board 0"), Step("1  moved", "board 1")]
    chances = Chances(
        names=("Ann", "Bob"),
        colours=("#111111", "#222222"),
        points=((0, {"Ann": 50.0, "Bob": 50.0}), (1, {"Ann": 100.0, "Bob": 0.0})),
        marks=(Mark(step=0, player="Bob", mark="blunder", title="Step 0: Bob's up"),),
    )
    made = page("race", "Race", "a.jsonl", shown, chances=chances)
    assert _data(made)["chances"] == {
        "names": ["Ann", "Bob"],
        "colours": ["#111111", "#222222"],
        "points": [[0, {"Ann": 50.0, "Bob": 50.0}], [1, {"Ann": 100.0, "Bob": 0.0}]],
        "marks": [{"step": 0, "player": "Bob", "mark": "blunder", "title": "Step 0: Bob's up"}],
    }
    assert "window.replayChances = function" in made
    plain = page("race", "Race", "a.jsonl", shown)
    assert "chances" not in _data(plain)
    assert "replayChances" not in plain
