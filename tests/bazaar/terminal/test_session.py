"""The conversation: each line at each prompt, what it prints and what it records."""

from __future__ import annotations

import random

import pytest

from bazaar.engine.events import (
    ActionDeclined,
    CasinoPlayed,
    GameWon,
    GoodsBought,
    OthersPaid,
    PlayerMoved,
    RubyBought,
    TurnEnded,
)
from bazaar.engine.state import Game, Good, Phase
from bazaar.engine.tiles import Direction, Square
from bazaar.terminal.session import (
    SaveTo,
    opening,
    prompt,
    read_names,
    read_size,
    reminder,
    respond,
)
from bazaar.text import render, wording
from tests.bazaar.games import acting, at, game, merchant

RNG = random.Random(0)
MOVING = game(merchant("Ann", at("SML")), merchant("Bob", at("SPI")))


def test_names_are_read_from_a_comma_separated_line() -> None:
    assert read_names(" Ann, Bob ,Cy\n") == ("Ann", "Bob", "Cy")
    assert read_names("Ann\n") == "2 to 6 players play, not 1"
    assert read_names("Ann,,Bob\n") == "a name cannot be empty"


@pytest.mark.parametrize("line", ["6x8", "6 x 8", " 6X8 \n", "6 8"])
def test_a_size_is_rows_by_columns(line: str) -> None:
    assert read_size(line) == (6, 8)


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("six by six", "a size is two numbers, rows x columns, such as 6x6"),
        ("6", "a size is two numbers, rows x columns, such as 6x6"),
        ("3x9", "a board is 4x4 to 30x30, not 3x9"),
        ("4x31", "a board is 4x4 to 30x30, not 4x31"),
        ("99999999999x4", "a size is two numbers, rows x columns, such as 6x6"),
    ],
)
def test_a_bad_size_says_why(line: str, problem: str) -> None:
    assert read_size(line) == problem


def test_the_prompt_asks_for_a_move_or_an_answer() -> None:
    assert prompt(MOVING) == "Ann, which way (up, down, left or right)? "
    assert prompt(acting("CAS")) == "Ann, take the action (yes or no)? "


def test_a_move_onto_a_tile_prints_where_and_the_offer_and_waits() -> None:
    reply = respond(MOVING, "up\n", RNG)
    moved = PlayerMoved(player=0, direction=Direction.UP, square=at("SPI"))
    assert reply.events == (moved,)
    assert reply.game.phase is Phase.ACTION
    assert reply.output == (
        "Ann moves up to row 1, column 2 (Spice merchant).\n"
        "Spice merchant: 3 sacks of spice for 2 gold.\n"
        "Bob is here too: Ann pays 1 gold to Bob first.\n"
    )


def test_moves_ignore_letter_case_and_spaces_around() -> None:
    assert respond(MOVING, "  UP \r\n", RNG).events == respond(MOVING, "up", RNG).events


def test_a_move_onto_a_desert_prints_why_nothing_happens_and_ends_the_move() -> None:
    on_palace = game(merchant("Ann", at("PAL")), merchant("Bob"))
    reply = respond(on_palace, "right", RNG)
    assert reply.events[-1] == TurnEnded(player=0)
    after = reply.game
    assert reply.output == (
        "Ann moves right to row 4, column 2 (Desert).\n"
        "There is nothing to do in the desert.\n"
        + render.status(after.board, after.merchants[0])
        + wording.turn_header(after)
    )
    assert after.turn == 1


@pytest.mark.parametrize("line", ["north", "", "u", "up up", "yes", "left 2"])
def test_a_key_that_is_not_a_move_is_the_seeds_incorrect_key(line: str) -> None:
    reply = respond(MOVING, line, RNG)
    assert (reply.output, reply.events, reply.game) == ("Incorrect key pressed\n", (), MOVING)


def test_a_move_off_the_board_says_so_and_asks_again() -> None:
    corner = game(merchant("Ann", 0), merchant("Bob"))
    reply = respond(corner, "left", RNG)
    assert (reply.output, reply.events, reply.game) == (
        "Ann cannot move left: that is off the board.\n",
        (),
        corner,
    )


def test_yes_pays_the_others_acts_and_shows_the_status_then_the_next_move() -> None:
    waiting = acting("SPI", merchant("Bob", at("SPI")))
    reply = respond(waiting, "yes", RNG)
    assert reply.events == (
        OthersPaid(player=0, payees=(1,)),
        GoodsBought(player=0, good=Good.SPICE, amount=3, price=2),
        TurnEnded(player=0),
    )
    after = reply.game
    assert reply.output == (
        "Ann pays 1 gold to Bob.\n"
        "Ann buys 3 sacks of spice for 2 gold.\n"
        + render.status(after.board, after.merchants[0])
        + wording.turn_header(after)
    )


def test_no_shows_only_the_status_then_the_next_move() -> None:
    reply = respond(acting("CAS"), " No ", RNG)
    assert reply.events == (ActionDeclined(player=0), TurnEnded(player=0))
    assert reply.output == render.status(reply.game.board, reply.game.merchants[0]) + (
        wording.turn_header(reply.game)
    )


def test_yes_to_an_action_that_cannot_be_done_says_why_and_ends_the_move() -> None:
    reply = respond(acting("GEM", gold=3), "yes", RNG)
    assert reply.output.startswith("Ann cannot do that: it takes 12 gold and Ann has 3.\n")
    assert reply.game.turn == 0 and reply.game.phase is Phase.MOVE  # Ann alone: her move again


@pytest.mark.parametrize("line", ["maybe", "", "up", "y"])
def test_anything_but_yes_or_no_asks_again(line: str) -> None:
    waiting = acting("CAS")
    reply = respond(waiting, line, RNG)
    assert (reply.output, reply.events, reply.game) == ("Please answer yes or no.\n", (), waiting)


def test_the_casinos_draw_comes_from_the_sessions_generator() -> None:
    first = respond(acting("CAS"), "yes", random.Random(4))
    again = respond(acting("CAS"), "yes", random.Random(4))
    assert first == again and isinstance(first.events[0], CasinoPlayed)


def test_the_fifth_ruby_wins_and_the_game_is_over() -> None:
    reply = respond(acting("GEM", gold=16, rubies=4, gems=4), "yes", RNG)
    assert reply.events == (RubyBought(player=0, price=16), GameWon(player=0))
    assert reply.game.phase is Phase.OVER
    assert reply.output.endswith("Ann holds 5 rubies and wins the game!\n")


@pytest.mark.parametrize("waiting", [MOVING, acting("CAS")])
def test_board_status_and_help_change_nothing_at_either_prompt(waiting: Game) -> None:
    assert respond(waiting, "board", RNG).output == render.board(waiting)
    assert respond(waiting, "status", RNG).output == render.statuses(waiting)
    assert respond(waiting, "help", RNG).output == wording.HELP + render.legend()
    assert {respond(waiting, word, RNG).game for word in ("board", "status", "help")} == {waiting}


def test_save_asks_the_console_to_save_to_the_rest_of_the_line() -> None:
    reply = respond(MOVING, "save my game.txt\n", RNG)
    assert (reply.effect, reply.events, reply.game) == (SaveTo("my game.txt"), (), MOVING)
    assert respond(MOVING, "save", RNG).output == "Say where to save the game: save FILE\n"


def test_a_game_opens_with_the_players_and_the_legend_then_the_first_move() -> None:
    assert opening(MOVING) == wording.opening(MOVING) + wording.turn_header(MOVING)


def test_a_game_resumed_at_the_question_asks_it_again() -> None:
    waiting = acting("JWL")
    assert reminder(waiting) == wording.turn_header(waiting) + wording.offer(waiting)
    won = game(merchant("Ann", rubies=5), merchant("Bob"), phase=Phase.OVER)
    won = won.__class__(board=won.board, merchants=won.merchants, phase=Phase.OVER, winner=0)
    assert reminder(won) == render.board(won) + "This game is over: Ann won it.\n"


def test_the_move_square_recorded_is_the_one_moved_to() -> None:
    reply = respond(MOVING, "down", RNG)
    assert reply.events[0] == PlayerMoved(player=0, direction=Direction.DOWN, square=Square(9))
