"""Every line Bazaar prints during play, other than the board and status lines.

The seed fixes one line ("Incorrect key pressed"); the rest is the project's own
wording (docs/decisions.md, Bazaar).
"""

from __future__ import annotations

from bazaar.engine import decide as rules
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
from bazaar.engine.state import FEE, FULL_FOOD, RUBIES_TO_WIN, Game, Good, Goods
from bazaar.engine.tiles import Direction, Tile
from bazaar.text import render

INCORRECT_KEY = "Incorrect key pressed\n"
"""The seed's answer to a key that is not a move (spec "The main loop")."""

YES_OR_NO = "Please answer yes or no.\n"
SAVE_WHERE = "Say where to save the game: save FILE\n"

HELP = (
    "When asked which way: up, down, left or right moves one square;\n"
    "  board shows the board, status every player's status, help this text,\n"
    "  save FILE saves the game to FILE and stops (resume it with: bazaar play -load FILE).\n"
    "When asked to take the action: yes or no.\n"
)


def listed(words: list[str], last: str = "and") -> str:
    """Return `a`, `a and b`, or `a, b and c` (or `or` for `and`)."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def goods(amount: Goods) -> str:
    """Return an amount of goods as `2 spice, 1 fabric and 1 jewel`, or `nothing`."""
    parts = []
    for good, count in zip(Good, amount, strict=True):
        if count:
            name = "jewel" if good is Good.JEWELS and count == 1 else good.name.lower()
            parts.append(f"{count} {name}")
    return listed(parts) or "nothing"


DIRECTIONS = listed([d.value for d in Direction], "or")

_UNITS = {
    Good.SPICE: ("sack of spice", "sacks of spice"),
    Good.FABRIC: ("roll of fabric", "rolls of fabric"),
    Good.JEWELS: ("piece of jewelry", "pieces of jewelry"),
}
"""The spec's units for what merchants sell ("sacks", "rolls", "pieces of jewelry")."""


def units(good: Good, count: int) -> str:
    singular, plural = _UNITS[good]
    return f"{count} {singular if count == 1 else plural}"


def opening(game: Game) -> str:
    """Return what a game prints when it begins: who plays, the goal and the tiles' codes."""
    names = listed([m.name for m in game.merchants])
    rows, columns = game.board.rows, game.board.columns
    return (
        f"Bazaar: {names} on a {rows}x{columns} board. "
        f"The first to hold {RUBIES_TO_WIN} rubies wins.\n" + render.legend()
    )


def turn_header(game: Game) -> str:
    """Return what begins a player's move: the board and the player's status."""
    mover = game.mover
    return f"\n{mover.name}'s move.\n" + render.board(game) + render.status(game.board, mover)


def move_question(game: Game) -> str:
    return f"{game.mover.name}, which way ({DIRECTIONS})? "


def action_question(game: Game) -> str:
    return f"{game.mover.name}, take the action (yes or no)? "


def off_the_board(game: Game, direction: Direction) -> str:
    return f"{game.mover.name} cannot move {direction.value}: that is off the board.\n"


def moved(game: Game, direction: Direction) -> str:
    """Return the line after a move, `game` being the game after it."""
    mover = game.mover
    return f"{mover.name} moves {direction.value} to {render.place(game.board, mover.square)}.\n"


def no_action(game: Game) -> str:
    """Return why the player who just moved is offered no action."""
    if game.tile is Tile.DESERT:
        return "There is nothing to do in the desert.\n"
    return f"{game.mover.name} has no food left and cannot act.\n"


def offer(game: Game) -> str:
    """Return the tile's action at its price for the mover, and the others to pay."""
    tile, mover = game.tile, game.mover
    cost = rules.price(game)
    match tile:
        case Tile.RESTAURANT:
            what = f"food back up to {FULL_FOOD}"
        case Tile.SPICE_MERCHANT | Tile.FABRIC_MANUFACTURER | Tile.JEWELER:
            good = rules.MERCHANTS[tile]
            what = f"{units(good, rules.MERCHANT_AMOUNT)} for {cost} gold"
        case Tile.CART_MANUFACTURER:
            what = f"a cart that holds {rules.CART_ADDED} more for {cost} gold"
        case Tile.SMALL_MARKET:
            what = f"sell {goods(rules.SMALL_MARKET_TAKES)} for {rules.SMALL_MARKET_PAYS} gold"
        case Tile.SPICE_MARKET | Tile.JEWELRY_MARKET | Tile.FABRIC_MARKET:
            what = f"sell {goods(rules.takes(tile))} for {rules.MARKET_PAYS} gold"
        case Tile.BLACK_MARKET:
            what = f"between 0 and {rules.BLACK_MARKET_MOST} goods at random for {cost} gold"
        case Tile.CASINO:
            what = f"bet {cost} gold to win 2, 3 or 10 gold, or nothing"
        case Tile.GEM_MERCHANT:
            what = f"a ruby for {cost} gold"
        case Tile.PALACE | _:
            what = f"a ruby for {goods(rules.PALACE_TAKES)}"
    line = f"{tile.title}: {what}.\n"
    others = [game.merchants[other].name for other in game.others_here(game.turn)]
    if others:
        each = "to each of them" if len(others) > 1 else f"to {others[0]}"
        verb = "are" if len(others) > 1 else "is"
        line += f"{listed(others)} {verb} here too: {mover.name} pays {FEE} gold {each} first.\n"
    return line


def paid(game: Game, payees: tuple[int, ...]) -> str:
    names = [game.merchants[payee].name for payee in payees]
    return f"{game.mover.name} pays {FEE} gold to {listed(names)}.\n"


def carried_out(game: Game, event: object) -> str:
    """Return what an action did; `game` is the game before it."""
    name = game.mover.name
    match event:
        case FoodReplenished():
            return f"{name} eats: food is back up to {FULL_FOOD}.\n"
        case GoodsBought(good=good, amount=amount, price=price):
            short = " (the cart is full)" if amount < rules.MERCHANT_AMOUNT else ""
            return f"{name} buys {units(good, amount)} for {price} gold{short}.\n"
        case CartEnlarged(added=added, price=price):
            return f"{name} pays {price} gold: the cart now holds {game.mover.cart + added}.\n"
        case GoodsSold(sold=sold, earned=earned):
            return f"{name} sells {goods(sold)} for {earned} gold.\n"
        case BlackMarketDealt(drawn=drawn, received=received):
            counts = tuple(sum(1 for g in drawn if g is good) for good in Good)
            line = f"The black market deals {goods((counts[0], counts[1], counts[2]))}"
            if sum(received) < len(drawn):
                return f"{line}; only {goods(received)} fit in {name}'s cart.\n"
            return f"{line}.\n"
        case CasinoPlayed(won=won):
            return f"{name} wins {f'{won} gold' if won else 'nothing'} at the casino.\n"
        case RubyBought(price=price):
            return f"{name} buys a ruby for {price} gold.\n"
        case RubyExchanged(given=given):
            return f"{name} gives {goods(given)} for a ruby.\n"
        case _:
            return ""


def refused(game: Game, shortfall: Shortfall) -> str:
    """Return why the action the mover chose cannot be carried out (RULINGS-bazaar 3)."""
    mover = game.mover
    match shortfall:
        case Shortfall.GOLD:
            needed = rules.price(game) + FEE * len(game.others_here(game.turn))
            why = f"it takes {needed} gold and {mover.name} has {mover.gold}"
        case Shortfall.GOODS:
            why = f"it takes {goods(rules.takes(game.tile))}"
        case Shortfall.ROOM:
            why = "the cart is full"
    return f"{mover.name} cannot do that: {why}.\n"


def won(game: Game) -> str:
    """Return the last line of a game; `game` is the game won."""
    return f"{game.merchants[game.winner].name} holds {RUBIES_TO_WIN} rubies and wins the game!\n"


def saved(path: str) -> str:
    return f"The game is saved in {path}; play on with: bazaar play -load {path}\n"


def over(game: Game) -> str:
    """Return what a loaded game that is already over prints."""
    return f"This game is over: {game.merchants[game.winner].name} won it.\n"
