"""The rules, tile by tile: what each action gives, costs and needs (spec, RULINGS-bazaar 3-8).

The test board (tests/bazaar/games.py) holds one tile of each kind:

    RES SPI FAB JWL
    CRT SML SPM JWM
    FBM BLK CAS GEM
    PAL DES DES DES
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bazaar.engine.commands import Act, Decline, Move
from bazaar.engine.decide import RandomChance, Refusal, Refused, decide, decide_with
from bazaar.engine.events import (
    ActionDeclined,
    ActionRefused,
    AnyEvent,
    BlackMarketDealt,
    CartEnlarged,
    CasinoPlayed,
    FoodReplenished,
    GameWon,
    GoodsBought,
    GoodsSold,
    OthersPaid,
    PlayerMoved,
    RubyBought,
    RubyExchanged,
    Shortfall,
    TurnEnded,
)
from bazaar.engine.state import Game, Good, Phase
from bazaar.engine.tiles import Direction, Square
from tests.bazaar.games import acting, at, chance, game, merchant

S, F, J = Good.SPICE, Good.FABRIC, Good.JEWELS
END = TurnEnded(player=0)


def act(played: Game, drawn: tuple[Good, ...] = (), won: int = 0) -> tuple[AnyEvent, ...]:
    return decide_with(played, Act(), chance(drawn, won))


def refused(shortfall: Shortfall) -> tuple[AnyEvent, ...]:
    return (ActionRefused(player=0, shortfall=shortfall), END)


# Moving


def test_a_move_onto_a_tile_with_an_action_waits_for_the_answer() -> None:
    played = game(merchant("Ann", at("SML")), merchant("Bob"))
    assert decide_with(played, Move(direction=Direction.UP), chance()) == (
        PlayerMoved(player=0, direction=Direction.UP, square=at("SPI")),
    )


def test_a_move_onto_a_desert_ends_the_move_for_there_is_nothing_to_do() -> None:
    played = game(merchant("Ann", at("PAL")), merchant("Bob"))
    assert decide_with(played, Move(direction=Direction.RIGHT), chance()) == (
        PlayerMoved(player=0, direction=Direction.RIGHT, square=Square(13)),
        END,
    )


def test_without_food_a_player_moves_but_cannot_act() -> None:
    played = game(merchant("Ann", at("SML"), food=0), merchant("Bob"))
    assert decide_with(played, Move(direction=Direction.UP), chance()) == (
        PlayerMoved(player=0, direction=Direction.UP, square=at("SPI")),
        END,
    )


@pytest.mark.parametrize("direction", [Direction.UP, Direction.LEFT])
def test_a_move_off_the_board_is_refused_and_asked_again(direction: Direction) -> None:
    played = game(merchant("Ann", 0), merchant("Bob"))
    with pytest.raises(Refused) as raised:
        decide_with(played, Move(direction=direction), chance())
    assert raised.value.refusal is Refusal.OFF_THE_BOARD


def test_a_move_while_an_answer_is_awaited_and_an_answer_while_a_move_is_are_refused() -> None:
    waiting = acting("SPI", merchant("Bob"))
    with pytest.raises(Refused, match="not now"):
        decide_with(waiting, Move(direction=Direction.DOWN), chance())
    moving = game(merchant("Ann"), merchant("Bob"))
    for answer in (Act(), Decline()):
        with pytest.raises(Refused, match="not now"):
            decide_with(moving, answer, chance())


def test_no_ends_the_move_and_changes_nothing() -> None:
    assert decide_with(acting("GEM", gold=99), Decline(), chance()) == (
        ActionDeclined(player=0),
        END,
    )


# The tiles, one by one


def test_restaurant_fills_food_to_10_even_when_it_is_full() -> None:
    assert act(acting("RES", food=1)) == (FoodReplenished(player=0), END)
    assert act(acting("RES", food=10)) == (FoodReplenished(player=0), END)


@pytest.mark.parametrize(("code", "good"), [("SPI", S), ("FAB", F), ("JWL", J)])
def test_merchants_sell_3_of_their_good_for_2_gold(code: str, good: Good) -> None:
    assert act(acting(code)) == (GoodsBought(player=0, good=good, amount=3, price=2), END)


def test_a_merchant_gives_as_many_as_fit_for_the_full_price() -> None:
    nearly_full = acting("SPI", goods=(3, 2, 2))  # 7 of 9: room for 2
    assert act(nearly_full) == (GoodsBought(player=0, good=S, amount=2, price=2), END)


def test_a_merchant_with_no_room_at_all_refuses_and_costs_nothing() -> None:
    assert act(acting("FAB", goods=(3, 3, 3))) == refused(Shortfall.ROOM)
    assert act(acting("JWL", goods=(3, 3, 0), rubies=3)) == refused(Shortfall.ROOM)


def test_a_merchant_needs_its_2_gold() -> None:
    assert act(acting("JWL", gold=1)) == refused(Shortfall.GOLD)


def test_cart_manufacturer_adds_3_room_for_7_gold() -> None:
    assert act(acting("CRT", gold=7)) == (CartEnlarged(player=0, added=3, price=7), END)
    assert act(acting("CRT", gold=6)) == refused(Shortfall.GOLD)


def test_small_market_buys_one_of_each_good_for_8_gold() -> None:
    assert act(acting("SML", gold=0)) == (GoodsSold(player=0, sold=(1, 1, 1), earned=8), END)
    assert act(acting("SML", goods=(2, 2, 0))) == refused(Shortfall.GOODS)


@pytest.mark.parametrize(
    ("code", "sold", "short"),
    [("SPM", (3, 0, 0), (2, 5, 5)), ("JWM", (0, 0, 3), (5, 5, 2)), ("FBM", (0, 3, 0), (5, 2, 5))],
)
def test_markets_buy_3_of_their_good_for_6_gold(
    code: str, sold: tuple[int, int, int], short: tuple[int, int, int]
) -> None:
    assert act(acting(code, goods=(3, 3, 3))) == (GoodsSold(player=0, sold=sold, earned=6), END)
    assert act(acting(code, goods=short, cart=12)) == refused(Shortfall.GOODS)


def test_black_market_deals_its_draw_for_1_gold() -> None:
    drawn = (J, S, J)
    assert act(acting("BLK"), drawn) == (
        BlackMarketDealt(player=0, price=1, drawn=drawn, received=(1, 0, 2)),
        END,
    )


def test_black_market_gives_the_first_goods_drawn_that_fit_and_may_give_none() -> None:
    drawn = (F, F, S, J, J)
    nearly_full = acting("BLK", goods=(2, 2, 3))  # room for 2
    assert act(nearly_full, drawn) == (
        BlackMarketDealt(player=0, price=1, drawn=drawn, received=(0, 2, 0)),
        END,
    )
    assert act(acting("BLK"), ()) == (
        BlackMarketDealt(player=0, price=1, drawn=(), received=(0, 0, 0)),
        END,
    )


def test_black_market_refuses_a_full_cart_and_needs_its_gold() -> None:
    assert act(acting("BLK", goods=(3, 3, 3)), (S,)) == refused(Shortfall.ROOM)
    assert act(acting("BLK", gold=0), (S,)) == refused(Shortfall.GOLD)


@pytest.mark.parametrize("won", [0, 2, 3, 10])
def test_casino_takes_1_gold_and_pays_its_draw(won: int) -> None:
    assert act(acting("CAS", gold=1), won=won) == (
        CasinoPlayed(player=0, price=1, won=won),
        END,
    )


def test_casino_needs_its_gold() -> None:
    assert act(acting("CAS", gold=0), won=10) == refused(Shortfall.GOLD)


def test_gem_merchant_sells_a_ruby_for_12_then_13_then_14() -> None:
    assert act(acting("GEM", gold=12)) == (RubyBought(player=0, price=12), END)
    assert act(acting("GEM", gold=14, rubies=2, gems=2)) == (RubyBought(player=0, price=14), END)
    assert act(acting("GEM", gold=13, rubies=2, gems=2)) == refused(Shortfall.GOLD)


def test_rubies_from_the_palace_do_not_raise_the_gem_merchants_price() -> None:
    assert act(acting("GEM", gold=13, rubies=3, gems=1)) == (RubyBought(player=0, price=13), END)


def test_a_ruby_needs_room_in_the_cart() -> None:
    assert act(acting("GEM", gold=50, goods=(3, 3, 3))) == refused(Shortfall.ROOM)


def test_palace_gives_a_ruby_for_5_of_each_good() -> None:
    rich = acting("PAL", goods=(5, 5, 5), cart=15)
    assert act(rich) == (RubyExchanged(player=0, given=(5, 5, 5)), END)
    assert act(acting("PAL", goods=(5, 5, 4), cart=15)) == refused(Shortfall.GOODS)


def test_the_goods_are_checked_before_the_gold() -> None:
    assert act(acting("SPM", gold=0, goods=(0, 1, 1)), won=0) == refused(Shortfall.GOODS)
    assert act(acting("SPI", gold=0, goods=(3, 3, 3))) == refused(Shortfall.ROOM)


# Paying the others on the square (RULINGS-bazaar 4)


def test_the_acting_player_pays_1_gold_to_each_other_player_there_before_the_action() -> None:
    bob, cy, di = merchant("Bob", at("SPI")), merchant("Cy", 0), merchant("Di", at("SPI"))
    assert act(acting("SPI", bob, cy, di, gold=4)) == (
        OthersPaid(player=0, payees=(1, 3)),
        GoodsBought(player=0, good=S, amount=3, price=2),
        END,
    )


def test_an_action_without_gold_for_the_price_and_every_other_player_is_refused() -> None:
    bob, cy = merchant("Bob", at("SPI")), merchant("Cy", at("SPI"))
    assert act(acting("SPI", bob, cy, gold=3)) == refused(Shortfall.GOLD)


def test_selling_with_others_there_needs_the_gold_to_pay_them_first() -> None:
    bob = merchant("Bob", at("SML"))
    assert act(acting("SML", bob, gold=0)) == refused(Shortfall.GOLD)
    assert act(acting("SML", bob, gold=1)) == (
        OthersPaid(player=0, payees=(1,)),
        GoodsSold(player=0, sold=(1, 1, 1), earned=8),
        END,
    )


def test_declining_pays_nobody() -> None:
    bob = merchant("Bob", at("SPI"))
    assert decide_with(acting("SPI", bob), Decline(), chance()) == (ActionDeclined(player=0), END)


# Winning (RULINGS-bazaar 8)


def test_the_fifth_ruby_ends_the_game_at_the_end_of_that_move() -> None:
    assert act(acting("GEM", gold=16, rubies=4, gems=4)) == (
        RubyBought(player=0, price=16),
        GameWon(player=0),
    )
    assert act(acting("PAL", rubies=4, goods=(5, 5, 5), cart=21)) == (
        RubyExchanged(player=0, given=(5, 5, 5)),
        GameWon(player=0),
    )


def test_a_fourth_ruby_does_not_win() -> None:
    assert act(acting("GEM", gold=15, rubies=3, gems=3))[-1] == END


def test_the_second_player_moves_and_acts_as_themself() -> None:
    ann, bob = merchant("Ann", 0), merchant("Bob", at("GEM"), gold=12)
    played = game(ann, bob, turn=1, phase=Phase.ACTION)
    assert act(played) == (RubyBought(player=1, price=12), TurnEnded(player=1))


# Chance (RULINGS-bazaar 6)


def test_the_casino_pays_at_the_specs_odds() -> None:
    draws = RandomChance(random.Random(11))
    paid = Counter(draws.casino() for _ in range(100_000))
    shares = {won: round(count / 100_000, 2) for won, count in paid.items()}
    assert shares == {0: 0.4, 2: 0.3, 3: 0.2, 10: 0.1}


def test_the_black_market_draws_0_to_5_goods_of_the_three_kinds() -> None:
    draws = RandomChance(random.Random(12))
    dealt = [draws.black_market() for _ in range(6_000)]
    assert sorted(Counter(len(d) for d in dealt)) == [0, 1, 2, 3, 4, 5]
    assert {good for d in dealt for good in d} == {S, F, J}


def test_decide_draws_from_the_generator_it_is_given_and_records_the_draw() -> None:
    played = acting("CAS", gold=1)
    runs = {decide(played, Act(), random.Random(seed)) for seed in range(40)}
    assert {run[0].won for run in runs if isinstance(run[0], CasinoPlayed)} == {0, 2, 3, 10}
    assert decide(played, Act(), random.Random(7)) == decide(played, Act(), random.Random(7))
