"""The lines of play: questions, the tile's offer, what an action did, why it was refused."""

from __future__ import annotations

import pytest

from bazaar.engine.events import (
    BlackMarketDealt,
    CartEnlarged,
    CasinoPlayed,
    FoodReplenished,
    GoodsBought,
    GoodsSold,
    RubyBought,
    RubyExchanged,
    Shortfall,
)
from bazaar.engine.state import Good, Phase
from bazaar.engine.tiles import Direction
from bazaar.text import wording
from tests.bazaar.games import acting, at, game, merchant

S, F, J = Good.SPICE, Good.FABRIC, Good.JEWELS


def test_the_seeds_answer_to_a_key_that_is_not_a_move() -> None:
    assert wording.INCORRECT_KEY == "Incorrect key pressed\n"


def test_lists_read_as_english() -> None:
    assert [wording.listed(w) for w in ([], ["a"], ["a", "b"], ["a", "b", "c"])] == [
        "",
        "a",
        "a and b",
        "a, b and c",
    ]
    assert wording.DIRECTIONS == "up, down, left or right"


def test_goods_are_counted_in_the_specs_order_with_one_jewel_singular() -> None:
    assert wording.goods((2, 0, 1)) == "2 spice and 1 jewel"
    assert wording.goods((0, 3, 2)) == "3 fabric and 2 jewels"
    assert wording.goods((0, 0, 0)) == "nothing"


def test_the_questions_name_the_player() -> None:
    played = game(merchant("Ann"), merchant("Bob"))
    assert wording.move_question(played) == "Ann, which way (up, down, left or right)? "
    assert wording.action_question(played) == "Ann, take the action (yes or no)? "


@pytest.mark.parametrize(
    ("code", "offer"),
    [
        ("RES", "Restaurant: food back up to 10."),
        ("SPI", "Spice merchant: 3 sacks of spice for 2 gold."),
        ("FAB", "Fabric manufacturer: 3 rolls of fabric for 2 gold."),
        ("JWL", "Jeweler: 3 pieces of jewelry for 2 gold."),
        ("CRT", "Cart manufacturer: a cart that holds 3 more for 7 gold."),
        ("SML", "Small market: sell 1 spice, 1 fabric and 1 jewel for 8 gold."),
        ("SPM", "Spice market: sell 3 spice for 6 gold."),
        ("JWM", "Jewelry market: sell 3 jewels for 6 gold."),
        ("FBM", "Fabric market: sell 3 fabric for 6 gold."),
        ("BLK", "Black market: between 0 and 5 goods at random for 1 gold."),
        ("CAS", "Casino: bet 1 gold to win 2, 3 or 10 gold, or nothing."),
        ("GEM", "Gem merchant: a ruby for 14 gold."),
        ("PAL", "Palace: a ruby for 5 spice, 5 fabric and 5 jewels."),
    ],
)
def test_each_tile_offers_its_action_at_the_players_price(code: str, offer: str) -> None:
    assert wording.offer(acting(code, gems=2, rubies=2)) == f"{offer}\n"


def test_the_offer_names_the_others_to_pay() -> None:
    bob, cy = merchant("Bob", at("CAS")), merchant("Cy", at("CAS"))
    assert wording.offer(acting("CAS", bob)).splitlines()[1] == (
        "Bob is here too: Ann pays 1 gold to Bob first."
    )
    assert wording.offer(acting("CAS", bob, cy)).splitlines()[1] == (
        "Bob and Cy are here too: Ann pays 1 gold to each of them first."
    )


def test_a_move_and_why_no_action_follows() -> None:
    moved = game(merchant("Ann", 13), merchant("Bob"), phase=Phase.ACTION)
    assert wording.moved(moved, Direction.RIGHT) == "Ann moves right to row 4, column 2 (Desert).\n"
    assert wording.no_action(moved) == "There is nothing to do in the desert.\n"
    hungry = game(merchant("Ann", 1, food=0), merchant("Bob"))
    assert wording.no_action(hungry) == "Ann has no food left and cannot act.\n"
    assert wording.off_the_board(hungry, Direction.UP) == (
        "Ann cannot move up: that is off the board.\n"
    )


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (FoodReplenished(player=0), "Ann eats: food is back up to 10."),
        (GoodsBought(player=0, good=S, amount=3, price=2), "Ann buys 3 sacks of spice for 2 gold."),
        (
            GoodsBought(player=0, good=J, amount=1, price=2),
            "Ann buys 1 piece of jewelry for 2 gold (the cart is full).",
        ),
        (CartEnlarged(player=0, added=3, price=7), "Ann pays 7 gold: the cart now holds 12."),
        (
            GoodsSold(player=0, sold=(1, 1, 1), earned=8),
            "Ann sells 1 spice, 1 fabric and 1 jewel for 8 gold.",
        ),
        (
            BlackMarketDealt(player=0, price=1, drawn=(J, S, J), received=(1, 0, 2)),
            "The black market deals 1 spice and 2 jewels.",
        ),
        (
            BlackMarketDealt(player=0, price=1, drawn=(F, F, J), received=(0, 1, 0)),
            "The black market deals 2 fabric and 1 jewel; only 1 fabric fit in Ann's cart.",
        ),
        (
            BlackMarketDealt(player=0, price=1, drawn=(), received=(0, 0, 0)),
            "The black market deals nothing.",
        ),
        (CasinoPlayed(player=0, price=1, won=10), "Ann wins 10 gold at the casino."),
        (CasinoPlayed(player=0, price=1, won=0), "Ann wins nothing at the casino."),
        (RubyBought(player=0, price=13), "Ann buys a ruby for 13 gold."),
        (
            RubyExchanged(player=0, given=(5, 5, 5)),
            "Ann gives 5 spice, 5 fabric and 5 jewels for a ruby.",
        ),
    ],
)
def test_what_each_action_did(event: object, line: str) -> None:
    assert wording.carried_out(acting("SPI"), event) == f"{line}\n"


def test_why_an_action_is_refused() -> None:
    bob = merchant("Bob", at("GEM"))
    assert wording.refused(acting("GEM", bob, gold=12), Shortfall.GOLD) == (
        "Ann cannot do that: it takes 13 gold and Ann has 12.\n"
    )
    assert wording.refused(acting("PAL"), Shortfall.GOODS) == (
        "Ann cannot do that: it takes 5 spice, 5 fabric and 5 jewels.\n"
    )
    full = wording.refused(acting("SPI"), Shortfall.ROOM)
    assert full == "Ann cannot do that: the cart is full.\n"


def test_the_end_of_a_game_names_the_winner() -> None:
    won = game(merchant("Ann"), merchant("Bob", rubies=5), turn=1, phase=Phase.OVER)
    won = won.__class__(
        board=won.board, merchants=won.merchants, turn=1, phase=Phase.OVER, winner=1
    )
    assert wording.won(won) == "Bob holds 5 rubies and wins the game!\n"
    assert wording.over(won) == "This game is over: Bob won it.\n"


def test_a_game_begins_by_naming_the_players_and_the_board() -> None:
    played = game(merchant("Ann"), merchant("Bob"), merchant("Cy"))
    assert wording.opening(played).splitlines()[0] == (
        "Bazaar: Ann, Bob and Cy on a 4x4 board. The first to hold 5 rubies wins."
    )
