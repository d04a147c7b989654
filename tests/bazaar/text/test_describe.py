"""Events in words for journal listings, one test per event, and the header as step 0."""

from __future__ import annotations

import pytest

from bazaar.engine.events import (
    ActionDeclined,
    ActionRefused,
    AnyEvent,
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
from bazaar.engine.state import Good, Phase, Position
from bazaar.engine.tiles import Direction, Square
from bazaar.text.describe import describe, describe_start
from tests.bazaar.games import BOARD, merchant

HEADER = GameStarted(seed=3, board=BOARD, names=("Ann", "Bob", "Cy"))
S, F, J = Good.SPICE, Good.FABRIC, Good.JEWELS


@pytest.mark.parametrize(
    ("event", "words"),
    [
        (
            PlayerMoved(player=1, direction=Direction.DOWN, square=Square(6)),
            "Bob moved down to row 2, column 3 (Spice market)",
        ),
        (OthersPaid(player=0, payees=(1, 2)), "Ann paid 1 gold to Bob and Cy"),
        (FoodReplenished(player=2), "Cy ate: food back to 10"),
        (GoodsBought(player=0, good=F, amount=2, price=2), "Ann bought 2 fabric for 2 gold"),
        (CartEnlarged(player=0, added=3, price=7), "Ann's cart grew by 3 for 7 gold"),
        (GoodsSold(player=0, sold=(3, 0, 0), earned=6), "Ann sold 3 spice for 6 gold"),
        (
            BlackMarketDealt(player=0, price=1, drawn=(S, J, J), received=(1, 0, 1)),
            "Ann paid 1 gold at the black market: drew 1 spice and 2 jewels, "
            "kept 1 spice and 1 jewel",
        ),
        (CasinoPlayed(player=1, price=1, won=3), "Bob bet 1 gold at the casino and won 3"),
        (RubyBought(player=0, price=12), "Ann bought a ruby for 12 gold"),
        (
            RubyExchanged(player=0, given=(5, 5, 5)),
            "Ann gave 5 spice, 5 fabric and 5 jewels for a ruby",
        ),
        (ActionDeclined(player=2), "Cy declined the action"),
        (ActionRefused(player=2, shortfall=Shortfall.ROOM), "Cy could not act (room)"),
        (TurnEnded(player=2), "Cy's move ended"),
        (GameWon(player=0), "Ann won"),
        (GameResumed(seed=44), "the game was resumed (seed 44)"),
    ],
)
def test_each_event_in_words(event: AnyEvent, words: str) -> None:
    assert describe(HEADER, event) == words


def test_a_damaged_event_is_still_described_by_numbers() -> None:
    assert describe(HEADER, TurnEnded(player=7)) == "player 8's move ended"
    moved = PlayerMoved(player=0, direction=Direction.UP, square=Square(99))
    assert describe(HEADER, moved) == "Ann moved up to square 99, off the board"


def test_the_header_says_how_the_game_began() -> None:
    assert describe_start(HEADER) == "a new game: Ann, Bob and Cy on a 4x4 board (seed 3)"
    position = Position(turn=0, phase=Phase.MOVE, merchants=(merchant("Ann"), merchant("Bob")))
    loaded = GameStarted(seed=5, board=BOARD, names=("Ann", "Bob"), loaded=position)
    assert describe_start(loaded) == "a loaded game: Ann and Bob on a 4x4 board (seed 5)"
