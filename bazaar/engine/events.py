"""Everything that can happen in a game of Bazaar, as frozen values with permanent tags.

Each event records a fact in the past tense, every random outcome already decided (the
factory's shuffle is the header's board, the black market's goods and the casino's
winnings are in their events), so folding a journal never needs a random generator
(RULINGS-bazaar 6).  The tags are stored in journals: never rename one.  Players are
stored by their number in turn order, tiles by their number in `Tile`, goods as three
counts (spice, fabric, jewels).
"""

from __future__ import annotations

import enum

import msgspec

from bazaar.engine.state import Good, Goods, Position
from bazaar.engine.tiles import Board, Direction, Square

FORMAT_VERSION = 1
"""The journal format written today; readers refuse any other."""


class GameStarted(msgspec.Struct, frozen=True, kw_only=True, tag="game_started"):
    """The journal's first line: what a fold needs to begin."""

    format: int = FORMAT_VERSION
    seed: int
    """The seed the session's random generator started from."""
    board: Board
    """The factory's tiles as shuffled, or the loaded game's board."""
    names: tuple[str, ...]
    """The players in turn order."""
    loaded: Position | None = None
    """The position read with `-load`; None for a new game, everyone on the first restaurant."""


class Shortfall(enum.Enum):
    """Why an action the player chose cannot be carried out (RULINGS-bazaar 3, 4)."""

    GOLD = "gold"
    """Not enough gold for the price and 1 for each other player on the square."""
    GOODS = "goods"
    """Not the goods a market buys or the palace takes."""
    ROOM = "room"
    """No room left in the cart for what would be bought."""


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type"):
    """Base of every game event (not itself stored)."""


class PlayerMoved(Event, frozen=True, tag="player_moved"):
    """The player whose turn it is moved one square (spec "The main loop")."""

    player: int
    direction: Direction
    square: Square


class OthersPaid(Event, frozen=True, tag="others_paid"):
    """The acting player paid 1 gold to each other player on the square (RULINGS-bazaar 4)."""

    player: int
    payees: tuple[int, ...]


class FoodReplenished(Event, frozen=True, tag="food_replenished"):
    """A restaurant filled the player's food to 10."""

    player: int


class GoodsBought(Event, frozen=True, tag="goods_bought"):
    """A spice merchant, fabric manufacturer or jeweler sold goods (RULINGS-bazaar 3)."""

    player: int
    good: Good
    amount: int
    price: int


class CartEnlarged(Event, frozen=True, tag="cart_enlarged"):
    """A cart manufacturer made the cart bigger."""

    player: int
    added: int
    price: int


class GoodsSold(Event, frozen=True, tag="goods_sold"):
    """A market bought goods from the player."""

    player: int
    sold: Goods
    earned: int


class BlackMarketDealt(Event, frozen=True, tag="black_market_dealt"):
    """The black market drew goods at random; the cart took those that fit."""

    player: int
    price: int
    drawn: tuple[Good, ...]
    """Every good drawn, in order: 0 to 5 of them (RULINGS-bazaar 6)."""
    received: Goods
    """The first of them that fit in the cart."""


class CasinoPlayed(Event, frozen=True, tag="casino_played"):
    """The player bet at the casino and won `won` gold, perhaps none."""

    player: int
    price: int
    won: int


class RubyBought(Event, frozen=True, tag="ruby_bought"):
    """A gem merchant sold the player a ruby (RULINGS-bazaar 7)."""

    player: int
    price: int


class RubyExchanged(Event, frozen=True, tag="ruby_exchanged"):
    """The palace gave the player a ruby for goods."""

    player: int
    given: Goods


class ActionDeclined(Event, frozen=True, tag="action_declined"):
    """The player answered no to the tile's action."""

    player: int


class ActionRefused(Event, frozen=True, tag="action_refused"):
    """The player answered yes, but the action could not be carried out (RULINGS-bazaar 3)."""

    player: int
    shortfall: Shortfall


class TurnEnded(Event, frozen=True, tag="turn_ended"):
    """The player's move is over; the next player's begins."""

    player: int


class GameWon(Event, frozen=True, tag="game_won"):
    """The player ended their move holding 5 rubies (RULINGS-bazaar 8)."""

    player: int


class GameResumed(Event, frozen=True, tag="game_resumed"):
    """The game went on from its journal in a new session, its generator seeded anew."""

    seed: int


Action = (
    FoodReplenished
    | GoodsBought
    | CartEnlarged
    | GoodsSold
    | BlackMarketDealt
    | CasinoPlayed
    | RubyBought
    | RubyExchanged
)
"""The events of an action carried out: each costs the player one food."""

AnyEvent = (
    PlayerMoved
    | OthersPaid
    | FoodReplenished
    | GoodsBought
    | CartEnlarged
    | GoodsSold
    | BlackMarketDealt
    | CasinoPlayed
    | RubyBought
    | RubyExchanged
    | ActionDeclined
    | ActionRefused
    | TurnEnded
    | GameWon
    | GameResumed
)
