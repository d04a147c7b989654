"""A game in figures, worked out by hand from short games: rolls by value against fair dice,
resources by where they came from and went, and builds by turn."""

from __future__ import annotations

from tests.test_definition import WIN_HEADER
from watan.engine.events import (
    AnyEvent,
    BankTraded,
    CardBought,
    CriterionCompleted,
    CriterionImproved,
    DiceChosen,
    DiceRolled,
    GameStarted,
    GameWon,
    GeeseMoved,
    GoalAchieved,
    MonopolyPlayed,
    ResourcesLost,
    ResourcesProduced,
    ResourceStolen,
    TradeAccepted,
    TradeDeclined,
    TurnEnded,
)
from watan.engine.resources import Resource
from watan.engine.rules import Card
from watan.engine.state import Colour
from watan.engine.topology import CriterionId, GoalId, TileId
from watan.pictures.figures import Build, Figures, Flows, Rolls, figures

BLUE, RED, ORANGE, YELLOW = Colour
CAFFEINE, LAB, LECTURE, STUDY, TUTORIAL = (Resource(n) for n in range(5))
NOTHING = (0, 0, 0, 0, 0)

THREE_TURNS: tuple[AnyEvent, ...] = (
    # Turn 1, Blue: fair dice show 3 + 4; Blue holds 10 and loses 5; the geese rob Red.
    DiceChosen(colour=BLUE, loaded=False),  # 1
    DiceRolled(colour=BLUE, roll=7, dice=(3, 4)),  # 2
    ResourcesLost(colour=BLUE, lost=(2, 1, 1, 1, 0)),  # 3
    GeeseMoved(colour=BLUE, tile=TileId(5)),  # 4
    ResourceStolen(thief=BLUE, victim=RED, resource=LAB),  # 5
    TurnEnded(colour=BLUE),  # 6
    # Turn 2, Red: fair 2 + 6; Orange gains a LAB and two TUTORIALs; Red trades a LAB for a
    # TUTORIAL with Orange, then is declined by Yellow, then builds.
    DiceRolled(colour=RED, roll=8, dice=(2, 6)),  # 7
    ResourcesProduced(colour=ORANGE, gained=(0, 1, 0, 0, 2)),  # 8
    TradeAccepted(proposer=RED, partner=ORANGE, give=LAB, take=TUTORIAL),  # 9
    TradeDeclined(proposer=RED, partner=YELLOW, give=LAB, take=STUDY),  # 10
    GoalAchieved(colour=RED, goal=GoalId(3), cost=(0, 0, 0, 1, 1)),  # 11
    TurnEnded(colour=RED),  # 12
    # Turn 3, Orange: a loaded 8 that yields nothing; Orange trades 4 STUDY with the bank
    # for a CAFFEINE, buys a card, plays a monopoly on LAB (Blue gives 1, Yellow 2),
    # completes a criterion, improves it, and wins.
    DiceChosen(colour=ORANGE, loaded=True),  # 13
    DiceRolled(colour=ORANGE, roll=8),  # 14
    BankTraded(colour=ORANGE, give=STUDY, take=CAFFEINE, rate=4),  # 15
    CardBought(colour=ORANGE, card=Card.MONOPOLY, cost=(1, 0, 1, 1, 0)),  # 16
    MonopolyPlayed(colour=ORANGE, resource=LAB, taken=(1, 0, 0, 2)),  # 17
    CriterionCompleted(colour=ORANGE, criterion=CriterionId(9), cost=(1, 1, 1, 0, 1)),  # 18
    CriterionImproved(colour=ORANGE, criterion=CriterionId(9), level=2, cost=(0, 0, 2, 3, 0)),
    GameWon(colour=ORANGE),  # 20
)
"""Three turns from the loaded position of `WIN_HEADER` (turn 1 is its first)."""


def test_three_turns_give_the_figures_worked_out_by_hand() -> None:
    # Two fair rolls: each value's expectation is 2 * ways / 36 (7: 6 ways, 8: 5 ways).
    expected = (0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.3, 0.2, 0.2, 0.1, 0.1)
    assert figures(WIN_HEADER, THREE_TURNS) == Figures(
        rolls=Rolls(
            #     2  3  4  5  6  7  8  9 10 11 12
            fair=(0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0),
            loaded=(0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0),
            expected=expected,
        ),
        students=(
            Flows(  # Blue: lost 5 to the geese, stole a LAB, lost a LAB to the monopoly
                lost_to_geese=(2, 1, 1, 1, 0), stole=(0, 1, 0, 0, 0), stolen=(0, 1, 0, 0, 0)
            ),
            Flows(  # Red: robbed of a LAB, traded a LAB for a TUTORIAL, built a goal
                stolen=(0, 1, 0, 0, 0),
                traded_away=(0, 1, 0, 0, 0),
                traded_for=(0, 0, 0, 0, 1),
                spent=(0, 0, 0, 1, 1),
            ),
            Flows(  # Orange: gained on the 8, both trades, the monopoly's 3 LABs, three buys
                gained=(0, 1, 0, 0, 2),
                stole=(0, 3, 0, 0, 0),
                traded_away=(0, 0, 0, 4, 1),
                traded_for=(1, 1, 0, 0, 0),
                spent=(2, 1, 4, 4, 1),
            ),
            Flows(stolen=(0, 2, 0, 0, 0)),  # Yellow: two LABs to the monopoly
        ),
        builds=(
            Build(11, 2, RED, "goal"),
            Build(16, 3, ORANGE, "card"),
            Build(18, 3, ORANGE, "completion"),
            Build(19, 3, ORANGE, "improvement"),
        ),
        turns=3,
    )


def test_setup_builds_are_turn_0_and_a_game_of_no_rolls_expects_none() -> None:
    header = GameStarted(
        edition=WIN_HEADER.edition, rules=WIN_HEADER.rules, seed=1, board=WIN_HEADER.board
    )
    placed: tuple[AnyEvent, ...] = (
        CriterionCompleted(colour=BLUE, criterion=CriterionId(8), cost=NOTHING),
        GoalAchieved(colour=BLUE, goal=GoalId(10), cost=NOTHING),
    )
    found = figures(header, placed)
    assert (found.rolls, found.builds, found.turns) == (
        Rolls(fair=(0,) * 11, loaded=(0,) * 11, expected=(0.0,) * 11),
        (Build(1, 0, BLUE, "completion"), Build(2, 0, BLUE, "goal")),
        0,
    )
    assert found.students == (Flows(), Flows(), Flows(), Flows())
