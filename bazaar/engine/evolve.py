"""The reducer: `apply(game, event)` is the next game, pure and trusting its event.

`decide` has checked every event before it is applied; `apply` never checks, never
draws, never prints.  Every action carried out costs its player one food (spec
"Players"), taken in `_acted`, the one place that does so.
"""

from __future__ import annotations

from typing import assert_never

from msgspec.structs import replace

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
from bazaar.engine.state import (
    FEE,
    FULL_FOOD,
    Game,
    Merchant,
    Phase,
    SavedGame,
    add,
    loaded_game,
    new_game,
    one,
    subtract,
)


def start(header: GameStarted) -> Game:
    """Return the game a journal's header begins: a new one, or the loaded position."""
    if header.loaded is not None:
        return loaded_game(SavedGame(board=header.board, position=header.loaded))
    return new_game(header.board, header.names)


def apply(game: Game, event: AnyEvent) -> Game:
    """Return the game after `event`."""
    match event:
        case PlayerMoved(player=player, square=square):
            moved = replace(game.merchants[player], square=square)
            return replace(game, merchants=_with(game, player, moved), phase=Phase.ACTION)
        case OthersPaid(player=player, payees=payees):
            merchants = list(game.merchants)
            payer = merchants[player]
            merchants[player] = replace(payer, gold=payer.gold - FEE * len(payees))
            for payee in payees:
                merchants[payee] = replace(merchants[payee], gold=merchants[payee].gold + FEE)
            return replace(game, merchants=tuple(merchants))
        case FoodReplenished(player=player):
            return _changed(game, player, food=FULL_FOOD)
        case GoodsBought(player=player, good=good, amount=amount, price=price):
            merchant = game.merchants[player]
            bought = add(merchant.goods, one(good, amount))
            return _acted(game, player, gold=merchant.gold - price, goods=bought)
        case CartEnlarged(player=player, added=added, price=price):
            merchant = game.merchants[player]
            return _acted(game, player, gold=merchant.gold - price, cart=merchant.cart + added)
        case GoodsSold(player=player, sold=sold, earned=earned):
            merchant = game.merchants[player]
            return _acted(
                game, player, gold=merchant.gold + earned, goods=subtract(merchant.goods, sold)
            )
        case BlackMarketDealt(player=player, price=price, received=received):
            merchant = game.merchants[player]
            return _acted(
                game, player, gold=merchant.gold - price, goods=add(merchant.goods, received)
            )
        case CasinoPlayed(player=player, price=price, won=won):
            return _acted(game, player, gold=game.merchants[player].gold - price + won)
        case RubyBought(player=player, price=price):
            merchant = game.merchants[player]
            return _acted(
                game,
                player,
                gold=merchant.gold - price,
                rubies=merchant.rubies + 1,
                gems=merchant.gems + 1,
            )
        case RubyExchanged(player=player, given=given):
            merchant = game.merchants[player]
            return _acted(
                game, player, goods=subtract(merchant.goods, given), rubies=merchant.rubies + 1
            )
        case TurnEnded(player=player):
            return replace(game, turn=(player + 1) % len(game.merchants), phase=Phase.MOVE)
        case GameWon(player=player):
            return replace(game, turn=player, phase=Phase.OVER, winner=player)
        case ActionDeclined() | ActionRefused() | GameResumed():
            return game
        case _:
            assert_never(event)


def _with(game: Game, player: int, merchant: Merchant) -> tuple[Merchant, ...]:
    merchants = list(game.merchants)
    merchants[player] = merchant
    return tuple(merchants)


def _changed(game: Game, player: int, **changes: object) -> Game:
    """Return the game with one player's fields changed."""
    merchant = replace(game.merchants[player], **changes)
    return replace(game, merchants=_with(game, player, merchant))


def _acted(game: Game, player: int, **changes: object) -> Game:
    """Return the game with one player's fields changed by an action, which costs one food."""
    return _changed(game, player, food=game.merchants[player].food - 1, **changes)
