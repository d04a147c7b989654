"""The rules on one screen (`bazaar rules`), every number the one the engine plays by.

The start, the win, the fee and each tile's price and pay are read from the engine's own
constants (`bazaar.engine.state`, `bazaar.engine.decide`), never typed here again.
"""

from __future__ import annotations

from bazaar.engine import decide as rules
from bazaar.engine.state import (
    FEE,
    FULL_FOOD,
    RUBIES_TO_WIN,
    START_CART,
    START_GOLD,
    START_GOODS,
)
from bazaar.engine.tiles import Tile
from bazaar.text.wording import DIRECTIONS, goods, units
from replay.edges.paragraphs import wrapped


def summary() -> str:
    """Return the rules of Bazaar on one screen (spec, RULINGS-bazaar)."""
    merchants = "; ".join(
        f"{tile.title} {units(good, rules.MERCHANT_AMOUNT)}"
        for tile, good in rules.MERCHANTS.items()
    )
    markets = ", ".join(tile.title for tile in rules.MARKETS)
    a_market = rules.takes(next(iter(rules.MARKETS)))
    casino = ", ".join(
        f"{tenths} in 10 {f'{won} gold' if won else 'nothing'}" for tenths, won in rules.CASINO_ODDS
    )
    lines = [
        "Bazaar: the rules in short",
        "",
        f"To win: be the first to hold {RUBIES_TO_WIN} rubies (the game ends with that move).",
        f"Start: {START_GOLD} gold, {goods(START_GOODS)}, {FULL_FOOD} food and a cart for "
        f"{START_CART} goods, on the first Restaurant.",
        f"A move: {DIRECTIONS}, one square; then take the tile's action, or not. An action "
        "costs one food; without food you can only move.",
        f"Company: acting where others stand costs {FEE} gold to each of them first.",
        f"The cart holds spice, fabric, jewels and rubies together, {START_CART} at the start.",
        "The tiles:",
        f"  Restaurant: food back up to {FULL_FOOD}. Desert: nothing.",
        f"  For {rules.MERCHANT_PRICE} gold: {merchants} (fewer if the cart is fuller).",
        f"  {Tile.CART_MANUFACTURER.title}: {rules.CART_PRICE} gold for a cart that holds "
        f"{rules.CART_ADDED} more.",
        f"  {Tile.SMALL_MARKET.title}: sell {goods(rules.SMALL_MARKET_TAKES)} for "
        f"{rules.SMALL_MARKET_PAYS} gold.",
        f"  {markets}: sell {sum(a_market)} of that good for {rules.MARKET_PAYS} gold.",
        f"  {Tile.BLACK_MARKET.title}: {rules.BLACK_MARKET_PRICE} gold for 0 to "
        f"{rules.BLACK_MARKET_MOST} goods at random.",
        f"  {Tile.CASINO.title}: bet {rules.CASINO_PRICE} gold: {casino}.",
        f"  {Tile.GEM_MERCHANT.title}: a ruby for {rules.GEM_PRICE} gold, 1 more for each "
        "ruby you bought there.",
        f"  {Tile.PALACE.title}: a ruby for {goods(rules.PALACE_TAKES)}.",
        "An action that cannot be done in full is refused and costs nothing. `help` at the "
        "prompt lists the keys.",
    ]
    return wrapped(lines)

