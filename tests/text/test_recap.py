"""The recap of what happened since a person's last turn: written by hand from the events."""

from __future__ import annotations

from tests.conftest import CONSTRUCTOR, WATAN
from watan.engine.events import (
    CriterionCompleted,
    DiceChosen,
    DiceRolled,
    GeeseMoved,
    GoalAchieved,
    ResourcesLost,
    ResourcesProduced,
    ResourceStolen,
    TurnEnded,
)
from watan.engine.resources import Resource
from watan.engine.state import Colour
from watan.engine.topology import CriterionId, GoalId, TileId
from watan.text.recap import Happened, recap

BLUE, RED, ORANGE, YELLOW = Colour.BLUE, Colour.RED, Colour.ORANGE, Colour.YELLOW

THREE_TURNS: list[Happened] = [
    (RED, DiceRolled(colour=RED, roll=8, dice=(3, 5))),
    (RED, ResourcesProduced(colour=BLUE, gained=(0, 2, 0, 0, 0))),
    (RED, ResourcesProduced(colour=RED, gained=(0, 0, 0, 1, 0))),
    (RED, GoalAchieved(colour=RED, goal=GoalId(22), cost=(0, 0, 0, 1, 1))),
    (RED, TurnEnded(colour=RED)),
    (ORANGE, DiceChosen(colour=ORANGE, loaded=True)),
    (ORANGE, DiceRolled(colour=ORANGE, roll=7)),
    (ORANGE, ResourcesLost(colour=BLUE, lost=(3, 0, 0, 0, 0))),
    (ORANGE, GeeseMoved(colour=ORANGE, tile=TileId(8))),
    (ORANGE, ResourceStolen(thief=ORANGE, victim=BLUE, resource=Resource.LAB)),
    (ORANGE, TurnEnded(colour=ORANGE)),
    (YELLOW, DiceRolled(colour=YELLOW, roll=6, dice=(1, 5))),
    (YELLOW, ResourcesProduced(colour=BLUE, gained=(0, 0, 0, 1, 0))),
    (YELLOW, CriterionCompleted(colour=YELLOW, criterion=CriterionId(20), cost=(1, 1, 1, 0, 1))),
    (YELLOW, TurnEnded(colour=YELLOW)),
]


def test_a_recap_has_a_line_a_turn_then_what_the_person_gained_and_lost() -> None:
    assert recap(BLUE, THREE_TURNS, WATAN) == (
        "Since Blue's last turn:\n"
        "  Red's turn: Red rolled 8 (3 + 5); Red achieved goal 22.\n"
        "  Orange's turn: Orange chose loaded dice; Orange rolled 7 (loaded); Orange moved the "
        "geese to tile 8; Orange stole one LAB from Blue.\n"
        "  Yellow's turn: Yellow rolled 6 (1 + 5); Yellow completed an Assignment at 20.\n"
        "  In all, Blue gained 2 LAB, 1 STUDY and lost 3 CAFFEINE to the geese.\n"
    )


def test_a_recap_speaks_the_editions_words() -> None:
    assert recap(BLUE, THREE_TURNS[-4:], CONSTRUCTOR) == (
        "Since Blue's last turn:\n"
        "  Yellow's turn: Yellow rolled 6 (1 + 5); Yellow built a Basement at 20.\n"
        "  In all, Blue gained 1 HEAT.\n"
    )


def test_nothing_happened_is_no_recap() -> None:
    assert recap(BLUE, [], WATAN) == ""
    assert recap(BLUE, [(RED, TurnEnded(colour=RED))], WATAN) == ""
