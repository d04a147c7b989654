"""Brier scores, the baselines, the stages and the reliability diagram, worked by hand."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest

from replay import calibration
from replay.calibration import Scored, brier, by_points, reliability, stage


def test_the_brier_score_of_sure_uniform_and_wrong_chances() -> None:
    assert brier((1.0, 0.0, 0.0, 0.0), 0) == 0.0
    assert brier((0.25, 0.25, 0.25, 0.25), 2) == pytest.approx(0.75)  # 0.5625 + 3 * 0.0625
    assert brier((1.0, 0.0, 0.0, 0.0), 1) == 2.0


def test_the_points_baseline_shares_the_points_and_is_uniform_with_none() -> None:
    assert by_points([2, 2, 4, 0]) == (0.25, 0.25, 0.5, 0.0)
    assert by_points([0, 0, 0, 0]) == (0.25, 0.25, 0.25, 0.25)


def test_a_turns_stage_is_its_third_of_the_game() -> None:
    assert [stage(turn, 9) for turn in range(1, 10)] == ["early"] * 3 + ["middle"] * 3 + [
        "late"
    ] * 3


def test_scores_by_stage_and_whether_both_baselines_are_beaten() -> None:
    sure = Scored(stage="late", analysis=(1.0, 0.0, 0.0, 0.0), points=(0.5, 0.5, 0, 0), winner=0)
    unsure = Scored(stage="early", analysis=(0.4, 0.2, 0.2, 0.2), points=(0.25,) * 4, winner=1)
    found = {line.stage: line for line in calibration.scores([sure, unsure])}
    assert list(found) == ["early", "late", "all"]
    assert found["late"].analysis == 0.0 and found["late"].points == pytest.approx(0.5)
    assert found["late"].beats_both
    assert found["early"].analysis == pytest.approx(0.16 + 0.64 + 0.04 + 0.04)
    assert not found["early"].beats_both  # 0.88 against the uniform 0.75
    assert found["all"].positions == 2


def test_the_reliability_bins_say_the_mean_chance_and_the_share_that_came_true() -> None:
    shown = reliability([(0.05, False), (0.15, True), (0.12, False), (1.0, True)])
    assert shown == [
        (0.05, 0.0, 1),
        (pytest.approx(0.135), 0.5, 2),
        (1.0, 1.0, 1),
    ]


def test_the_diagram_is_svg_with_a_line_for_each_curve() -> None:
    drawn = calibration.diagram({"analysis": [(0.1, 0.2, 3), (0.5, 0.4, 2)], "points": []})
    root = ElementTree.fromstring(drawn)
    lines = root.findall("{http://www.w3.org/2000/svg}polyline")
    assert len(lines) == 3  # the diagonal and the two curves
    assert len(root.findall("{http://www.w3.org/2000/svg}circle")) == 2
