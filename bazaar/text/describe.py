"""Events in words, for listing a journal (`bazaar replay`) and naming a damaged one.

An event read from a damaged journal may name a player or square that does not exist;
it is still described, by its number, so that the problem can be reported.
"""

from __future__ import annotations

from typing import assert_never

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
    TurnEnded,
)
from bazaar.engine.state import FEE, FULL_FOOD, Good
from bazaar.engine.tiles import Board, Square
from bazaar.text.render import place
from bazaar.text.wording import goods, listed


def _named(names: tuple[str, ...], player: int) -> str:
    return names[player] if 0 <= player < len(names) else f"player {player + 1}"


def _where(board: Board, square: Square) -> str:
    if 0 <= square < len(board.tiles):
        return place(board, square)
    return f"square {square}, off the board"


def _tally(drawn: tuple[Good, ...]) -> str:
    counts = tuple(sum(1 for g in drawn if g is good) for good in Good)
    return goods((counts[0], counts[1], counts[2]))


def describe_start(header: GameStarted) -> str:
    """Return the header as the game's beginning."""
    size = f"{header.board.rows}x{header.board.columns}"
    how = "a loaded game" if header.loaded is not None else "a new game"
    return f"{how}: {listed(list(header.names))} on a {size} board (seed {header.seed})"


def describe(header: GameStarted, event: AnyEvent) -> str:
    """Return the event in words: `Ann moved down to row 2, column 1 (Jeweler)`."""
    return describe_event(header.names, header.board, event)


def describe_event(names: tuple[str, ...], board: Board, event: AnyEvent) -> str:
    """Return the event in words, the players named by `names`, the squares on `board`."""
    match event:
        case PlayerMoved(player=player, direction=direction, square=square):
            where = _where(board, square)
            return f"{_named(names, player)} moved {direction.value} to {where}"
        case OthersPaid(player=player, payees=payees):
            payee_names = listed([_named(names, payee) for payee in payees])
            return f"{_named(names, player)} paid {FEE} gold to {payee_names}"
        case FoodReplenished(player=player):
            return f"{_named(names, player)} ate: food back to {FULL_FOOD}"
        case GoodsBought(player=player, good=good, amount=amount, price=price):
            return f"{_named(names, player)} bought {amount} {good.name.lower()} for {price} gold"
        case CartEnlarged(player=player, added=added, price=price):
            return f"{_named(names, player)}'s cart grew by {added} for {price} gold"
        case GoodsSold(player=player, sold=sold, earned=earned):
            return f"{_named(names, player)} sold {goods(sold)} for {earned} gold"
        case BlackMarketDealt(player=player, price=price, drawn=drawn, received=received):
            return (
                f"{_named(names, player)} paid {price} gold at the black market: "
                f"drew {_tally(drawn)}, kept {goods(received)}"
            )
        case CasinoPlayed(player=player, price=price, won=won):
            return f"{_named(names, player)} bet {price} gold at the casino and won {won}"
        case RubyBought(player=player, price=price):
            return f"{_named(names, player)} bought a ruby for {price} gold"
        case RubyExchanged(player=player, given=given):
            return f"{_named(names, player)} gave {goods(given)} for a ruby"
        case ActionDeclined(player=player):
            return f"{_named(names, player)} declined the action"
        case ActionRefused(player=player, shortfall=shortfall):
            return f"{_named(names, player)} could not act ({shortfall.value})"
        case TurnEnded(player=player):
            return f"{_named(names, player)}'s move ended"
        case GameWon(player=player):
            return f"{_named(names, player)} won"
        case GameResumed(seed=seed):
            return f"the game was resumed (seed {seed})"
        case _:
            assert_never(event)
