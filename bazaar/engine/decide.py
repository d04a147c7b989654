"""Command handling: `decide(game, command, rng)` returns the events, or refuses.

A command the game cannot take now (a move off the board, an answer when no action is
offered) raises `Refused`, and nothing happens: the player is asked again.  An action
the player chose that cannot be carried out is not refused that way: the seed's loop
goes on to the next player, so it is recorded as `ActionRefused` and ends the move,
costing nothing (RULINGS-bazaar 3).  Every random outcome is drawn from the `Chance`
given, and recorded in the events.
"""

from __future__ import annotations

import enum
import random
from typing import Protocol, assert_never

from bazaar.engine.commands import Act, AnyCommand, Decline, Move
from bazaar.engine.events import (
    Action,
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
from bazaar.engine.state import (
    FEE,
    GOODS,
    NO_GOODS,
    RUBIES_TO_WIN,
    Game,
    Good,
    Goods,
    Merchant,
    Phase,
    one,
)
from bazaar.engine.tiles import Tile

MERCHANTS = {
    Tile.SPICE_MERCHANT: Good.SPICE,
    Tile.FABRIC_MANUFACTURER: Good.FABRIC,
    Tile.JEWELER: Good.JEWELS,
}
"""The tiles that sell 3 of a good for 2 gold."""
MERCHANT_PRICE, MERCHANT_AMOUNT = 2, 3

MARKETS = {
    Tile.SPICE_MARKET: Good.SPICE,
    Tile.JEWELRY_MARKET: Good.JEWELS,
    Tile.FABRIC_MARKET: Good.FABRIC,
}
"""The tiles that buy 3 of a good for 6 gold."""
MARKET_AMOUNT, MARKET_PAYS = 3, 6

SMALL_MARKET_TAKES: Goods = (1, 1, 1)
SMALL_MARKET_PAYS = 8

CART_PRICE, CART_ADDED = 7, 3

BLACK_MARKET_PRICE, BLACK_MARKET_MOST = 1, 5

CASINO_PRICE = 1
CASINO_ODDS = ((4, 0), (3, 2), (2, 3), (1, 10))
"""In tenths: 4 to win nothing (2 in 5), 3 to win 2 gold, 2 to win 3, 1 to win 10."""
CASINO_WINNINGS = frozenset(won for _, won in CASINO_ODDS)

GEM_PRICE = 12
"""The first ruby from a gem merchant; each one bought there adds 1 (RULINGS-bazaar 7)."""

PALACE_TAKES: Goods = (5, 5, 5)


class Refusal(enum.Enum):
    """Why a command cannot be taken now; the player is asked again."""

    NOT_NOW = "not now"
    """The command is not one the game waits for at this point."""
    OFF_THE_BOARD = "off the board"
    """The move would leave the board (spec "The main loop")."""


class Refused(Exception):
    """A command the rules do not take now."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.value)
        self.refusal = refusal


class Chance(Protocol):
    """Where the random outcomes of actions come from (RULINGS-bazaar 6)."""

    def black_market(self) -> tuple[Good, ...]:
        """Return the goods the black market draws: 0 to 5, each spice, fabric or jewels."""
        ...

    def casino(self) -> int:
        """Return what the casino pays out: 0, 2, 3 or 10 gold, at the spec's odds."""
        ...


class RandomChance:
    """Chance drawn from the game's seeded generator."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def black_market(self) -> tuple[Good, ...]:
        count = self._rng.randint(0, BLACK_MARKET_MOST)
        return tuple(self._rng.choice(GOODS) for _ in range(count))

    def casino(self) -> int:
        draw = self._rng.randrange(10)
        for tenths, won in CASINO_ODDS:
            if draw < tenths:
                return won
            draw -= tenths
        raise AssertionError("the odds add up to ten tenths")


def can_act(merchant: Merchant, tile: Tile) -> bool:
    """Return whether a player who moves onto `tile` is offered its action.

    Only with food (spec "Players": without food a player can move but not act), and
    never on a desert, which has no action.
    """
    return merchant.food > 0 and tile is not Tile.DESERT


def price(game: Game) -> int:
    """Return the gold the action on the mover's tile costs, before paying the others."""
    match game.tile:
        case tile if tile in MERCHANTS:
            return MERCHANT_PRICE
        case Tile.CART_MANUFACTURER:
            return CART_PRICE
        case Tile.BLACK_MARKET:
            return BLACK_MARKET_PRICE
        case Tile.CASINO:
            return CASINO_PRICE
        case Tile.GEM_MERCHANT:
            return GEM_PRICE + game.mover.gems
        case _:
            return 0


def takes(tile: Tile) -> Goods:
    """Return the goods the action on `tile` takes from the player."""
    if tile in MARKETS:
        return one(MARKETS[tile], MARKET_AMOUNT)
    if tile is Tile.SMALL_MARKET:
        return SMALL_MARKET_TAKES
    if tile is Tile.PALACE:
        return PALACE_TAKES
    return NO_GOODS


def shortfall(game: Game) -> Shortfall | None:
    """Return why the mover's action cannot be carried out in full, or None (RULINGS-bazaar 3).

    The action's own conditions come first (goods to give, room for what is bought),
    then the gold: its price and 1 for each other player on the
    square (RULINGS-bazaar 4).
    """
    merchant, tile = game.mover, game.tile
    needed = takes(tile)
    if any(held < need for held, need in zip(merchant.goods, needed, strict=True)):
        return Shortfall.GOODS
    buys = tile in MERCHANTS or tile in (Tile.BLACK_MARKET, Tile.GEM_MERCHANT)
    if buys and merchant.room <= 0:
        return Shortfall.ROOM
    if merchant.gold < price(game) + FEE * len(game.others_here(game.turn)):
        return Shortfall.GOLD
    return None


def decide(game: Game, command: AnyCommand, rng: random.Random) -> tuple[AnyEvent, ...]:
    """Return the events of `command`, drawing from `rng`, or raise Refused."""
    return decide_with(game, command, RandomChance(rng))


def decide_with(game: Game, command: AnyCommand, chance: Chance) -> tuple[AnyEvent, ...]:
    """Return the events of `command`, its random outcomes taken from `chance`."""
    player = game.turn
    match command:
        case Move(direction=direction):
            if game.phase is not Phase.MOVE:
                raise Refused(Refusal.NOT_NOW)
            square = game.board.neighbour(game.mover.square, direction)
            if square is None:
                raise Refused(Refusal.OFF_THE_BOARD)
            moved = PlayerMoved(player=player, direction=direction, square=square)
            if can_act(game.mover, game.board.tile(square)):
                return (moved,)
            return (moved, TurnEnded(player=player))
        case Act():
            if game.phase is not Phase.ACTION:
                raise Refused(Refusal.NOT_NOW)
            short = shortfall(game)
            if short is not None:
                return (ActionRefused(player=player, shortfall=short), TurnEnded(player=player))
            payees = game.others_here(player)
            paid = (OthersPaid(player=player, payees=payees),) if payees else ()
            action = _action(game, chance)
            rubies = game.mover.rubies + isinstance(action, RubyBought | RubyExchanged)
            last = GameWon(player=player) if rubies >= RUBIES_TO_WIN else TurnEnded(player=player)
            return (*paid, action, last)
        case Decline():
            if game.phase is not Phase.ACTION:
                raise Refused(Refusal.NOT_NOW)
            return (ActionDeclined(player=player), TurnEnded(player=player))
        case _:
            assert_never(command)


def _action(game: Game, chance: Chance) -> Action:
    """Return the event of the mover's action, which `shortfall` found possible."""
    player, merchant, tile = game.turn, game.mover, game.tile
    cost = price(game)
    match tile:
        case Tile.RESTAURANT:
            return FoodReplenished(player=player)
        case Tile.SPICE_MERCHANT | Tile.FABRIC_MANUFACTURER | Tile.JEWELER:
            amount = min(MERCHANT_AMOUNT, merchant.room)
            return GoodsBought(player=player, good=MERCHANTS[tile], amount=amount, price=cost)
        case Tile.CART_MANUFACTURER:
            return CartEnlarged(player=player, added=CART_ADDED, price=cost)
        case Tile.SMALL_MARKET:
            return GoodsSold(player=player, sold=SMALL_MARKET_TAKES, earned=SMALL_MARKET_PAYS)
        case Tile.SPICE_MARKET | Tile.JEWELRY_MARKET | Tile.FABRIC_MARKET:
            return GoodsSold(player=player, sold=takes(tile), earned=MARKET_PAYS)
        case Tile.BLACK_MARKET:
            drawn = chance.black_market()
            return BlackMarketDealt(
                player=player, price=cost, drawn=drawn, received=fitting(drawn, merchant)
            )
        case Tile.CASINO:
            return CasinoPlayed(player=player, price=cost, won=chance.casino())
        case Tile.GEM_MERCHANT:
            return RubyBought(player=player, price=cost)
        case Tile.PALACE:
            return RubyExchanged(player=player, given=PALACE_TAKES)
        case Tile.DESERT:
            raise AssertionError("a desert has no action to carry out")
        case _:
            assert_never(tile)


def fitting(drawn: tuple[Good, ...], merchant: Merchant) -> Goods:
    """Return the goods of `drawn` the cart takes: the first ones, as many as there is room."""
    counts = [0, 0, 0]
    for good in drawn[: max(merchant.room, 0)]:
        counts[good] += 1
    return (counts[0], counts[1], counts[2])
