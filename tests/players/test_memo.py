"""A memo remembers answers for a board and rules, and for the very position last asked
about; it never hands one game's answers to another."""

from __future__ import annotations

from collections.abc import Hashable

from msgspec.structs import replace

from tests.positions import make_game
from watan.engine.layout import Board
from watan.engine.state import Colour, Game
from watan.players.memo import Memo

BLUE, RED = Colour.BLUE, Colour.RED


def test_a_positions_answers_are_kept_until_another_position_is_asked_about(
    sample_board: Board,
) -> None:
    game = make_game(sample_board, criteria={34: (BLUE, 1)})
    memo: Memo[str] = Memo()
    memo.of_game(game)[1] = "Blue's"
    assert memo.of_game(game) == {1: "Blue's"}
    # An equal position that is another object is another question: its answers start empty.
    same = replace(game)
    assert same == game and same is not game
    assert memo.of_game(same) == {}
    # Only the last position's are kept.
    assert memo.of_game(game) == {}


def test_a_boards_answers_outlive_the_position_but_not_the_board(sample_board: Board) -> None:
    game = make_game(sample_board, criteria={34: (BLUE, 1)})
    memo: Memo[str] = Memo()
    memo.answers(game)["key"] = "kept"
    later = make_game(sample_board, criteria={34: (BLUE, 2)})
    later = replace(later, board=game.board, rules=game.rules)
    assert memo.answers(later) == {"key": "kept"}
    other_board = replace(game, board=tuple(reversed(game.board)))
    assert memo.answers(other_board) == {}


def test_an_answer_about_a_student_is_worked_out_once_for_each_key(sample_board: Board) -> None:
    worked: list[tuple[Colour, int]] = []

    def key(game: Game, colour: Colour) -> Hashable:
        return (colour, game.criterion_level[34])

    def work(game: Game, colour: Colour) -> str:
        worked.append((colour, game.criterion_level[34]))
        return f"{colour.name} at level {game.criterion_level[34]}"

    memo: Memo[str] = Memo()
    game = make_game(sample_board, criteria={34: (BLUE, 1)})
    again = replace(game)  # an equal position: its key finds the answer
    improved = replace(game, criterion_level=(*game.criterion_level[:34], 2,
                                              *game.criterion_level[35:]))
    asked = [
        memo.about(position, colour, key, work)
        for position, colour in ((game, BLUE), (game, RED), (game, BLUE), (again, RED),
                                 (improved, BLUE), (game, BLUE))
    ]
    assert asked == [
        "BLUE at level 1", "RED at level 1", "BLUE at level 1", "RED at level 1",
        "BLUE at level 2", "BLUE at level 1",
    ]
    assert worked == [(BLUE, 1), (RED, 1), (BLUE, 2)]
