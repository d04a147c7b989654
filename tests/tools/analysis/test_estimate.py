"""Win chances from the engine playing on: a won game, a winning move, the same figures.

The position with one winning move: every student is one build from 10 course criteria
(two Exams, a Midterm and an Assignment: 3 + 3 + 2 + 1 = 9) and holds an Exam's price
(3 CAFFEINE, 2 LAB, 2 LECTURE, 2 STUDY, 1 TUTORIAL: the rules' third level cost); Blue has
rolled.  Improving its Midterm wins at once; anything else spends what the Exam needs or
hands the roll to Red, who can win the same way.
"""

from __future__ import annotations

import msgspec
import pytest

from replay.analysis import Horizon, seeded
from tests.positions import make_game
from watan.engine.commands import ChooseDice, Improve, Next, Roll
from watan.engine.layout import Board
from watan.engine.state import NOBODY, Colour, Game, Phase
from watan.tools.analysis import estimate
from watan.tools.analysis.analysed import THRESHOLDS
from watan.tools.analysis.decisions import Decision
from watan.tools.analysis.judging import judged

BLUE, RED, ORANGE, YELLOW = Colour
EXAM_PRICE = (3, 2, 2, 2, 1)
TWICE = Horizon(turns=8, samples=2)
MIDTERMS = {BLUE: 30, RED: 33, ORANGE: 7, YELLOW: 22}


def one_build_from_winning(board: Board) -> Game:
    """Return the position of the module's docstring."""
    criteria = {
        0: (BLUE, 3),
        10: (BLUE, 3),
        30: (BLUE, 2),
        45: (BLUE, 1),
        2: (RED, 3),
        13: (RED, 3),
        33: (RED, 2),
        48: (RED, 1),
        4: (ORANGE, 3),
        16: (ORANGE, 3),
        7: (ORANGE, 2),
        51: (ORANGE, 1),
        19: (YELLOW, 3),
        40: (YELLOW, 3),
        22: (YELLOW, 2),
        37: (YELLOW, 1),
    }
    return make_game(
        board, resources={c: EXAM_PRICE for c in Colour}, criteria=criteria, loaded=tuple(Colour)
    )


def test_a_game_already_won_reads_certain_for_its_winner(sample_board: Board) -> None:
    won = msgspec.structs.replace(make_game(sample_board, phase=Phase.OVER), winner=RED)
    assert estimate.position(won, turn=5, seed=0, step=0, horizon=TWICE) == (0.0, 1.0, 0.0, 0.0)


def test_the_winning_build_is_found_and_every_other_move_is_a_blunder(sample_board: Board) -> None:
    game = one_build_from_winning(sample_board)
    winning = Improve(criterion=MIDTERMS[BLUE])
    done = judged(Decision(0, 1, BLUE, game, Next(), 1), seed=0, horizon=TWICE)
    assert done.best == winning
    assert done.best_chances == (1.0, 0.0, 0.0, 0.0)
    others = [c for c in estimate.candidates(game, Next()) if c != winning]
    assert others  # the position offers other moves: builds, trades and next
    for command in others:
        value = estimate.move_value(game, command, turn=1, seed=0, step=0, horizon=TWICE)
        assert value is not None
        assert 100 * (1.0 - value[BLUE]) >= THRESHOLDS.blunder, command


def test_a_turn_played_on_ends_where_the_next_student_begins(sample_board: Board) -> None:
    game = one_build_from_winning(sample_board)
    after = estimate.played_on(game, seeded(0, 0, 0))
    assert (after.phase, after.winner) == (Phase.OVER, BLUE)  # greedy builds the Exam too
    passed = estimate.try_command(game, Next(), seeded(0, 0, 0))
    assert passed is not None
    ended = estimate.played_on(passed, seeded(0, 0, 0))
    assert ended.phase is Phase.OVER or (ended.turn, ended.phase) == (ORANGE, Phase.BEFORE_ROLL)


@pytest.mark.parametrize("samples", [1, 3])
def test_the_same_seed_gives_the_same_chances_and_another_seed_may_not(
    sample_board: Board, samples: int
) -> None:
    game = make_game(
        sample_board,
        phase=Phase.BEFORE_ROLL,
        resources={BLUE: EXAM_PRICE},
        criteria={0: (BLUE, 1), 13: (RED, 1), 40: (ORANGE, 1), 22: (YELLOW, 1)},
    )
    first = estimate.position(game, turn=3, seed=5, step=9, horizon=Horizon(8, samples))
    assert first == estimate.position(game, turn=3, seed=5, step=9, horizon=Horizon(8, samples))
    assert sum(first) == pytest.approx(1.0)
    assert game.winner == NOBODY


def test_choosing_the_dice_already_chosen_is_no_move_to_compare(sample_board: Board) -> None:
    fair = make_game(sample_board, phase=Phase.BEFORE_ROLL)
    assert estimate.candidates(fair, Roll()) == [Roll(), ChooseDice(loaded=True)]
