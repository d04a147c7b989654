"""An analysis in words, for any game: the title, the outcome, the turning points, each
player's marked moves with their counts, and how to see a position."""

from __future__ import annotations

from replay.analysis import Thresholds
from replay.analysis_report import Decided, Turning, chances, game_report, settings


def test_a_report_lays_out_turning_points_and_each_players_marked_moves() -> None:
    blunder = Decided("step 4", "Ann", "up", 10.0, "down", 40.0, 30.0, "blunder")
    fine = Decided("step 5", "Bob", "yes", 60.0, "yes", 60.0, 0.0, None)
    slip = Decided("step 6", "Ann", "no", 50.0, "yes", 56.0, 6.0, "inaccuracy")
    lines = game_report(
        title="Analysis of g.jsonl.",
        outcome="Bob won.",
        noun="player",
        turning=[Turning("step 4", "Ann", "up", 30.0, chances([("Ann", 20.0), ("Bob", 80.0)]))],
        decided=[blunder, fine, slip],
        limits=Thresholds(),
        see="See a position.",
    )
    assert list(lines) == [
        "Analysis of g.jsonl.",
        "Bob won.",
        "",
        "Turning points (where one player's chance moved most):",
        "  step 4: Ann played `up`, 30.0 points: Ann 20.0%, Bob 80.0%",
        "",
        "Marked moves (points of win chance lost against the best move found: 5 an "
        "inaccuracy, 10 a mistake, 15 a blunder):",
        "  Ann: 1 blunder, 1 inaccuracy in 2 decisions (on average 18.0 points lost a decision)",
        "    step 4: `up` (10.0%), best `down` (40.0%): 30.0 points, blunder",
        "    step 6: `no` (50.0%), best `yes` (56.0%): 6.0 points, inaccuracy",
        "  Bob: no marked move in 1 decision (on average 0.0 points lost a decision)",
        "",
        "See a position.",
    ]


def test_the_settings_name_the_playouts_in_the_singular_when_there_is_one() -> None:
    assert settings(1, "the rest of the game", 3) == (
        "1 playout of the rest of the game a move, seed 3"
    )
    assert settings(2, "8 turns", 0) == "2 playouts of 8 turns a move, seed 0"
