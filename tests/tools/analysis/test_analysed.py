"""A game analysed: marks by the thresholds, the same figures however the work is shared,
one student's moves, one position."""

from __future__ import annotations

import pytest

from replay import history
from replay.analysis import Horizon
from tests.conftest import CONSTRUCTOR, ROOT
from tests.conftest import WATAN as WATAN_EDITION
from tests.positions import make_game
from tests.test_definition import WIN_EVENTS, WIN_HEADER
from watan.definition import WATAN
from watan.engine.commands import Complete, Next, PlaceGeese, Roll, Trade
from watan.engine.layout import Board
from watan.engine.resources import Resource
from watan.engine.state import Colour, Phase
from watan.tools.analysis import analysed
from watan.tools.analysis.analysed import QUICK, THRESHOLDS, analyse, mark, words

JOURNAL = ROOT / "journals" / "started-with-load" / "journal.jsonl"


@pytest.mark.parametrize(
    ("cost", "tried", "expected"),
    [
        (THRESHOLDS.inaccuracy - 0.1, 5, None),
        (THRESHOLDS.inaccuracy, 5, "inaccuracy"),
        (THRESHOLDS.mistake, 5, "mistake"),
        (THRESHOLDS.blunder, 5, "blunder"),
        (100.0, 1, None),  # a forced move is no one's fault
    ],
)
def test_a_move_is_marked_by_the_points_it_lost(cost: float, tried: int, expected: str) -> None:
    assert mark(cost, tried) == expected


def test_the_thresholds_rise() -> None:
    assert 0 < THRESHOLDS.inaccuracy < THRESHOLDS.mistake < THRESHOLDS.blunder


def test_a_won_game_reads_certain_and_the_winning_build_costs_nothing() -> None:
    done = analyse(WIN_HEADER, WIN_EVENTS, "win.jsonl", horizon=Horizon(turns=1, samples=2))
    assert done.winner == "Blue"
    assert done.end == {"Blue": 100.0, "Red": 0.0, "Orange": 0.0, "Yellow": 0.0}
    last = done.decisions[-1]
    assert (last.step, last.played, last.best, last.played_chance, last.cost, last.mark) == (
        2,
        "improve 30",
        "improve 30",
        100.0,
        0.0,
        None,
    )


def test_the_same_journal_options_and_seed_give_the_same_analysis_with_any_workers() -> None:
    moment = history.load(WATAN, JOURNAL)
    alone = analyse(moment.header, moment.events, "j", seed=3, horizon=QUICK)
    again = analyse(moment.header, moment.events, "j", seed=3, horizon=QUICK)
    shared = analyse(moment.header, moment.events, "j", seed=3, horizon=QUICK, workers=2)
    assert alone == again == shared
    other = analyse(moment.header, moment.events, "j", seed=4, horizon=QUICK)
    assert other.decisions != alone.decisions


def test_one_students_decisions_and_one_position() -> None:
    moment = history.load(WATAN, JOURNAL)
    whole = analyse(moment.header, moment.events, "j", horizon=QUICK)
    reds = analyse(moment.header, moment.events, "j", horizon=QUICK, player="Red")
    assert reds.decisions == [row for row in whole.decisions if row.colour == "Red"]
    assert reds.turning_points == whole.turning_points
    chosen = whole.decisions[10]
    one = analyse(moment.header, moment.events, "j", horizon=QUICK, step=chosen.step)
    assert (one.steps, one.decisions, one.end) == (chosen.step, [chosen], chosen.chances)
    assert one.turning_points == []


def test_the_turning_points_are_the_largest_swings_in_game_order() -> None:
    moment = history.load(WATAN, JOURNAL)
    done = analyse(moment.header, moment.events, "j", horizon=QUICK)
    steps = [point.step for point in done.turning_points]
    assert len(steps) == analysed.TURNING_POINTS and steps == sorted(steps)
    smallest = min(point.swing for point in done.turning_points)
    rows = done.decisions
    afters = [row.chances for row in rows[1:]] + [done.end]
    for row, after in zip(rows, afters, strict=True):
        if row.step not in steps:
            swing = max(abs(after[c] - row.chances[c]) for c in after)
            assert swing <= smallest + 0.1


def test_moves_are_named_as_they_are_typed_in_each_edition(sample_board: Board) -> None:
    setup = make_game(sample_board, phase=Phase.SETUP, setup_step=0)
    rolled = make_game(sample_board)
    trade = Trade(partner=Colour.RED, give=Resource.LAB, take=Resource.STUDY, accepted=True)
    assert words(Complete(criterion=20), setup, WATAN_EDITION) == "complete 20"
    assert words(trade, rolled, WATAN_EDITION) == "trade Red LAB STUDY (accepted)"
    # Constructor's resources in order: BRICK, ENERGY, GLASS, HEAT, WIFI (its spec §2.1).
    assert words(trade, rolled, CONSTRUCTOR) == "trade Red ENERGY HEAT (accepted)"
    assert words(Complete(criterion=20), setup, CONSTRUCTOR) == "build-res 20"
    assert words(PlaceGeese(tile=9, victim=Colour.YELLOW), rolled, WATAN_EDITION) == (
        "geese to 9, stealing from Yellow"
    )
    assert words(Roll(value=8), rolled, WATAN_EDITION) == "roll 8"
    assert words(Next(), rolled, WATAN_EDITION) == "next"


@pytest.mark.slow  # starts a local Dask cluster
def test_a_local_cluster_gives_the_same_analysis() -> None:
    moment = history.load(WATAN, JOURNAL)
    alone = analyse(moment.header, moment.events, "j", seed=3, horizon=QUICK)
    spread = analyse(
        moment.header, moment.events, "j", seed=3, horizon=QUICK, workers=2, cluster="local"
    )
    assert spread == alone
