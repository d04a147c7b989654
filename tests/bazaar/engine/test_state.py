"""The state's questions: a cart's load and room, who else is on a square, where games begin."""

from __future__ import annotations

from bazaar.engine.state import (
    NOBODY,
    Game,
    Merchant,
    Phase,
    Position,
    SavedGame,
    loaded_game,
    new_game,
    saved_game,
)
from bazaar.engine.tiles import Board, Square, Tile
from tests.bazaar.games import BOARD, game, merchant


def test_a_player_starts_as_the_spec_says() -> None:
    ann = Merchant(name="Ann", square=Square(0))
    assert (ann.gold, ann.rubies, ann.goods, ann.food, ann.cart, ann.gems) == (
        5, 0, (1, 1, 1), 10, 9, 0,
    )


def test_rubies_take_room_in_the_cart_like_goods() -> None:
    ann = merchant(goods=(2, 0, 1), rubies=3, cart=12)
    assert (ann.load, ann.room) == (6, 6)


def test_others_here_are_the_other_players_on_the_square_in_turn_order() -> None:
    played = game(merchant("Ann", 3), merchant("Bob", 4), merchant("Cy", 3), merchant("Di", 3))
    assert (played.others_here(0), played.others_here(1), played.others_here(2)) == (
        (2, 3),
        (),
        (0, 3),
    )


def test_a_new_game_puts_everyone_on_the_first_restaurant_in_row_order() -> None:
    tiles = [Tile.DESERT] * 16
    tiles[6] = tiles[9] = Tile.RESTAURANT
    started = new_game(Board(4, 4, tuple(tiles)), ("Ann", "Bob"))
    assert started == Game(
        board=Board(4, 4, tuple(tiles)),
        merchants=(Merchant(name="Ann", square=Square(6)), Merchant(name="Bob", square=Square(6))),
    )
    assert (started.turn, started.phase, started.winner) == (0, Phase.MOVE, NOBODY)


def test_saving_and_loading_keep_the_whole_game_and_the_winner_is_whose_turn_it_was() -> None:
    won = game(merchant("Ann", 1), merchant("Bob", 2, rubies=5), turn=1, phase=Phase.OVER)
    won = Game(board=won.board, merchants=won.merchants, turn=1, phase=Phase.OVER, winner=1)
    assert saved_game(won) == SavedGame(
        board=BOARD, position=Position(turn=1, phase=Phase.OVER, merchants=won.merchants)
    )
    assert loaded_game(saved_game(won)) == won
