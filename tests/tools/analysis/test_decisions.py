"""The decisions of a game: where each command began, who chose it, in which turn.

The sample turns (`tests.test_definition`): Blue's turn 1 is events 1-7 (load, a roll of 7
and Orange's losses, the geese and the steal, a trade, next), Red's turn 2 events 8-11
(load, a roll of 10 and Orange's production, next).
"""

from __future__ import annotations

from tests.test_definition import HEADER, SAMPLE_EVENTS
from watan.engine.commands import ChooseDice, Next, PlaceGeese, Roll, Trade
from watan.engine.resources import Resource
from watan.engine.state import Colour
from watan.tools.analysis.decisions import decisions

BLUE, RED, ORANGE, YELLOW = Colour


def test_each_command_is_a_decision_at_the_step_before_its_events() -> None:
    found = [
        (d.step, d.turn, d.colour, d.command, d.after) for d in decisions(HEADER, SAMPLE_EVENTS)
    ]
    assert found == [
        (0, 1, BLUE, ChooseDice(loaded=True), 1),
        (1, 1, BLUE, Roll(value=7), 3),
        (3, 1, BLUE, PlaceGeese(tile=9, victim=YELLOW), 5),
        (
            5,
            1,
            BLUE,
            Trade(partner=ORANGE, give=Resource.STUDY, take=Resource.CAFFEINE, accepted=True),
            6,
        ),
        (6, 1, BLUE, Next(), 7),
        (7, 2, RED, ChooseDice(loaded=True), 8),
        (8, 2, RED, Roll(value=10), 10),
        (10, 2, RED, Next(), 11),
    ]
