"""The bookkeeping every reachable game keeps, and what breaking it is called."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from bazaar.engine.invariants import broken
from bazaar.engine.state import Game, Phase
from tests.bazaar.games import game, merchant

SOUND = game(merchant("Ann", 3), merchant("Bob", 5))


def with_ann(**fields: object) -> Game:
    ann = replace(SOUND.merchants[0], **fields)
    return replace(SOUND, merchants=(ann, SOUND.merchants[1]))


def test_a_sound_game_breaks_nothing() -> None:
    assert broken(SOUND, SOUND) is None


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"gold": -1}, "Ann holds a negative amount of gold"),
        ({"goods": (1, -2, 0)}, "Ann holds a negative amount of fabric"),
        ({"food": -1}, "Ann holds a negative amount of food"),
        ({"goods": (5, 5, 0)}, "Ann carries 10 in a cart of 9"),
        ({"rubies": 4, "goods": (2, 2, 2)}, "Ann carries 10 in a cart of 9"),
        ({"food": 11}, "Ann has 11 food; it never goes above 10"),
        ({"gems": 2, "rubies": 1}, "Ann bought 2 rubies but holds 1"),
        ({"square": 16}, "Ann stands on square 16, off the board"),
    ],
)
def test_each_broken_piece_of_bookkeeping_is_named(fields: dict[str, object], problem: str) -> None:
    assert broken(with_ann(**fields)) == problem


def test_the_turn_is_a_players_and_a_game_is_over_exactly_when_won() -> None:
    assert broken(replace(SOUND, turn=2)) == "the turn is player 3's, and there are 2"
    assert broken(replace(SOUND, phase=Phase.OVER)) == (
        "a game is over exactly when somebody has won"
    )
    assert broken(replace(SOUND, winner=1)) == "a game is over exactly when somebody has won"
