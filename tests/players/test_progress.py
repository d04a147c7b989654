"""Games of computers alone end: nobody building for many rounds stops them, as a game
nobody can win does."""

from __future__ import annotations

from msgspec.structs import replace

from tests.positions import make_game
from watan.engine.layout import Board
from watan.engine.rules import Card
from watan.engine.state import Colour, Game, Student
from watan.players.progress import STALLED_ROUNDS, Progress

BLUE, RED = Colour.BLUE, Colour.RED
TURNS = STALLED_ROUNDS * 4


def test_a_game_in_which_nobody_builds_for_the_stalled_rounds_is_stuck(sample_board: Board) -> None:
    # Everyone holds something (so a resource is not gone for good) and nobody builds.
    game = make_game(
        sample_board, criteria={34: (BLUE, 1), 0: (RED, 1)},
        resources={c: (1, 1, 1, 1, 1) for c in Colour},
    )
    watched = Progress()
    said = [watched.stuck(game) for _ in range(TURNS + 1)]
    # The first turn seen starts the count; a hundred turns more without a build stop it.
    assert said == [False] * TURNS + [True]
    assert watched.stalled


def test_a_build_starts_the_count_again(sample_board: Board) -> None:
    held = {c: (1, 1, 1, 1, 1) for c in Colour}
    before = make_game(sample_board, criteria={34: (BLUE, 1)}, resources=held)
    after = make_game(sample_board, criteria={34: (BLUE, 2)}, resources=held)
    watched = Progress()
    said = [watched.stuck(before) for _ in range(TURNS - 1)]
    said += [watched.stuck(after) for _ in range(TURNS)]
    assert said == [False] * (2 * TURNS - 1)
    assert watched.stuck(after) and watched.stalled


def test_a_game_nobody_can_win_is_stuck_at_once(sample_board: Board) -> None:
    # Nobody holds STUDY and nobody's criterion touches a STUDY tile: no goal can be
    # achieved again (watan.engine.reach), and two assignments are far from the win.
    game = make_game(sample_board, criteria={34: (BLUE, 1)}, resources={BLUE: (1, 0, 0, 0, 0)})
    watched = Progress()
    assert (watched.stuck(game), watched.stalled) == (True, False)


def _restarted(before: Game, after: Game) -> bool:
    """Return whether `after`, seen once the count has almost stopped `before`, starts it again."""
    watched = Progress()
    for _ in range(TURNS):
        assert not watched.stuck(before)
    return not watched.stuck(after) and not watched.stalled


def test_each_kind_of_build_starts_the_count_again_and_nothing_else_does(
    sample_board: Board,
) -> None:
    held = {c: (1, 1, 1, 1, 1) for c in Colour}
    game = make_game(sample_board, criteria={34: (BLUE, 1)}, goals={50: BLUE}, resources=held)
    red = game.students[RED]
    built = {
        "goal": make_game(
            sample_board, criteria={34: (BLUE, 1)}, goals={50: BLUE, 51: BLUE}, resources=held
        ),
        "assignment": make_game(
            sample_board, criteria={34: (BLUE, 1), 0: (RED, 1)}, goals={50: BLUE}, resources=held
        ),
        "card bought": replace(game, students=_with(game, RED, replace(red, cards=(1, 0, 0)))),
        "deck smaller": replace(game, deck=(Card.KNIGHT,)),
        "vp played": replace(game, students=_with(game, RED, replace(red, played_points=1))),
    }
    unbuilt = {
        "resources": replace(
            game, students=_with(game, RED, replace(red, resources=(2, 0, 1, 1, 1)))
        ),
        "turn": replace(game, turn=RED),
        "geese": replace(game, geese=3),
    }
    assert {name: _restarted(game, after) for name, after in built.items()} == dict.fromkeys(
        built, True
    )
    assert {name: _restarted(game, after) for name, after in unbuilt.items()} == dict.fromkeys(
        unbuilt, False
    )


def _with(game: Game, colour: Colour, student: Student) -> tuple[Student, ...]:
    return tuple(student if c == colour else s for c, s in enumerate(game.students))
