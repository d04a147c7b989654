"""The reducer, one test per event: each changes exactly what it records, nothing else.

Each action costs its player one food (spec "Players"); the restaurant sets food to 10.
"""

from __future__ import annotations

from msgspec.structs import replace

from bazaar.engine.events import (
    ActionDeclined,
    ActionRefused,
    BlackMarketDealt,
    CartEnlarged,
    CasinoPlayed,
    FoodReplenished,
    GameResumed,
    GameStarted,
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
from bazaar.engine.evolve import apply, start
from bazaar.engine.state import Game, Good, Merchant, Phase, Position, new_game
from bazaar.engine.tiles import Direction, Square
from tests.bazaar.games import BOARD, game, merchant

ANN = merchant("Ann", 5, gold=20, goods=(4, 5, 6), food=7)
BOB = merchant("Bob", 5)
CY = merchant("Cy", 5, gold=1)
ACTING = game(ANN, BOB, CY, phase=Phase.ACTION)


def ann_after(**changes: object) -> Game:
    """Return ACTING with Ann's fields changed."""
    return replace(ACTING, merchants=(replace(ANN, **changes), BOB, CY))


def test_start_of_a_new_game_is_everyone_on_the_first_restaurant() -> None:
    header = GameStarted(seed=1, board=BOARD, names=("Ann", "Bob"))
    assert start(header) == new_game(BOARD, ("Ann", "Bob"))


def test_start_of_a_loaded_game_is_its_position() -> None:
    position = Position(turn=1, phase=Phase.ACTION, merchants=(ANN, BOB))
    header = GameStarted(seed=1, board=BOARD, names=("Ann", "Bob"), loaded=position)
    assert start(header) == Game(
        board=BOARD, merchants=(ANN, BOB), turn=1, phase=Phase.ACTION
    )


def test_player_moved_puts_the_player_on_the_square_and_waits_for_the_answer() -> None:
    before = game(ANN, BOB, CY)
    after = apply(before, PlayerMoved(player=0, direction=Direction.UP, square=Square(1)))
    assert after == replace(
        before, merchants=(replace(ANN, square=Square(1)), BOB, CY), phase=Phase.ACTION
    )


def test_others_paid_moves_one_gold_from_the_payer_to_each_payee() -> None:
    after = apply(ACTING, OthersPaid(player=0, payees=(1, 2)))
    assert after == replace(
        ACTING,
        merchants=(replace(ANN, gold=18), replace(BOB, gold=6), replace(CY, gold=2)),
    )


def test_food_replenished_sets_food_to_10() -> None:
    assert apply(ACTING, FoodReplenished(player=0)) == ann_after(food=10)


def test_goods_bought_pays_the_price_adds_the_goods_and_costs_one_food() -> None:
    event = GoodsBought(player=0, good=Good.FABRIC, amount=2, price=2)
    assert apply(ACTING, event) == ann_after(gold=18, goods=(4, 7, 6), food=6)


def test_cart_enlarged_pays_and_adds_room() -> None:
    event = CartEnlarged(player=0, added=3, price=7)
    assert apply(ACTING, event) == ann_after(gold=13, cart=12, food=6)


def test_goods_sold_takes_the_goods_and_pays_the_player() -> None:
    event = GoodsSold(player=0, sold=(1, 1, 1), earned=8)
    assert apply(ACTING, event) == ann_after(gold=28, goods=(3, 4, 5), food=6)


def test_black_market_dealt_pays_and_adds_what_was_received_not_what_was_drawn() -> None:
    drawn = (Good.SPICE, Good.JEWELS, Good.JEWELS)
    event = BlackMarketDealt(player=0, price=1, drawn=drawn, received=(1, 0, 1))
    assert apply(ACTING, event) == ann_after(gold=19, goods=(5, 5, 7), food=6)


def test_casino_played_pays_the_bet_and_the_winnings() -> None:
    event = CasinoPlayed(player=0, price=1, won=10)
    assert apply(ACTING, event) == ann_after(gold=29, food=6)


def test_ruby_bought_pays_and_counts_the_ruby_as_bought_from_a_gem_merchant() -> None:
    event = RubyBought(player=0, price=12)
    assert apply(ACTING, event) == ann_after(gold=8, rubies=1, gems=1, food=6)


def test_ruby_exchanged_takes_the_goods_and_gives_a_ruby_not_counted_as_bought() -> None:
    event = RubyExchanged(player=0, given=(4, 5, 5))
    assert apply(ACTING, event) == ann_after(goods=(0, 0, 1), rubies=1, food=6)


def test_action_declined_and_action_refused_change_nothing() -> None:
    assert apply(ACTING, ActionDeclined(player=0)) == ACTING
    assert apply(ACTING, ActionRefused(player=0, shortfall=Shortfall.GOLD)) == ACTING


def test_turn_ended_passes_the_move_to_the_next_player_in_order_and_back_to_the_first() -> None:
    assert apply(ACTING, TurnEnded(player=0)) == replace(ACTING, turn=1, phase=Phase.MOVE)
    last = replace(ACTING, turn=2)
    assert apply(last, TurnEnded(player=2)) == replace(ACTING, turn=0, phase=Phase.MOVE)


def test_game_won_ends_the_game_with_its_winner() -> None:
    assert apply(ACTING, GameWon(player=0)) == replace(ACTING, phase=Phase.OVER, winner=0)


def test_game_resumed_changes_nothing() -> None:
    assert apply(ACTING, GameResumed(seed=9)) == ACTING


def test_the_reducer_never_changes_a_player_it_does_not_name() -> None:
    others: tuple[Merchant, ...] = (BOB, CY)
    for event in (
        FoodReplenished(player=0),
        GoodsBought(player=0, good=Good.SPICE, amount=3, price=2),
        CasinoPlayed(player=0, price=1, won=3),
        RubyBought(player=0, price=12),
    ):
        assert apply(ACTING, event).merchants[1:] == others
