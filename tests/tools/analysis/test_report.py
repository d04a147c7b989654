"""An analysis in words: the turning points, each student's marked moves, one position."""

from __future__ import annotations

from watan.tools.analysis.analysed import THRESHOLDS
from watan.tools.analysis.document import Analysis, DecisionDocument, TurningPoint
from watan.tools.analysis.report import report
from watan.tools.document import ColourName

EVEN: dict[ColourName, float] = {"Blue": 25.0, "Red": 25.0, "Orange": 25.0, "Yellow": 25.0}
RED_AHEAD: dict[ColourName, float] = {"Blue": 10.0, "Red": 60.0, "Orange": 15.0, "Yellow": 15.0}
BLUNDER = DecisionDocument(
    step=40,
    turn=7,
    colour="Blue",
    chances=EVEN,
    played="next",
    best="improve 30",
    played_chance=10.0,
    best_chance=31.5,
    cost=21.5,
    mark="blunder",
    tried=6,
)
FINE = DecisionDocument(
    step=41,
    turn=8,
    colour="Red",
    chances=RED_AHEAD,
    played="roll 8",
    best="roll 8",
    played_chance=60.0,
    best_chance=60.0,
    cost=0.0,
    mark=None,
    tried=11,
)


def analysis(decisions: list[DecisionDocument], steps: int = 90) -> Analysis:
    return Analysis(
        document="watan-analysis",
        version=1,
        journal="g.jsonl",
        edition="watan",
        house_rules=[],
        seed=0,
        playouts=2,
        horizon=8,
        thresholds=THRESHOLDS,
        steps=steps,
        winner="Red",
        end={"Blue": 0.0, "Red": 100.0, "Orange": 0.0, "Yellow": 0.0},
        decisions=decisions,
        turning_points=[
            TurningPoint(
                step=40,
                turn=7,
                colour="Blue",
                played="next",
                swing=35.0,
                before=EVEN,
                after=RED_AHEAD,
            )
        ],
    )


def test_the_game_report_names_turning_points_and_marked_moves_by_step() -> None:
    assert report(analysis([BLUNDER, FINE])) == (
        "Analysis of g.jsonl: 90 events, 2 decisions (2 playouts of 8 turns a move, seed 0).\n"
        "Red won.\n"
        "\n"
        "Turning points (where one student's chance moved most):\n"
        "  step 40 (turn 7): Blue played `next`, 35.0 points: "
        "Blue 10.0%, Red 60.0%, Orange 15.0%, Yellow 15.0%\n"
        "\n"
        "Marked moves (points of win chance lost against the best move found: "
        "5 an inaccuracy, 10 a mistake, 15 a blunder):\n"
        "  Blue: 1 blunder in 1 decision (on average 21.5 points lost a decision)\n"
        "    step 40 (turn 7): `next` (10.0%), best `improve 30` (31.5%): 21.5 points, blunder\n"
        "  Red: no marked move in 1 decision (on average 0.0 points lost a decision)\n"
        "\n"
        "See a position: `watan replay g.jsonl --to STEP` (or `watan view ... --to STEP`).\n"
    )


def test_one_positions_report_says_the_chances_and_the_move_against_the_best() -> None:
    assert report(analysis([BLUNDER], steps=40), whole=False) == (
        "Step 40 of g.jsonl (2 playouts of 8 turns a move, seed 0).\n"
        "Chances: Blue 0.0%, Red 100.0%, Orange 0.0%, Yellow 0.0%.\n"
        "Blue to move; 6 moves compared.\n"
        "Played: `next`, Blue's chance then 10.0%.\n"
        "Best:   `improve 30`, Blue's chance then 31.5%.\n"
        "Lost: 21.5 points, blunder.\n"
    )
