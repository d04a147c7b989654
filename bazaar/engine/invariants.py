"""The bookkeeping every reachable game keeps, checked after each event of a journal.

No count is ever negative, a cart never holds more than it can (RULINGS-bazaar 5),
food stays between 0 and 10, everyone stands on the board, and a game is over exactly
when somebody has won.
"""

from __future__ import annotations

from bazaar.engine.state import FULL_FOOD, NOBODY, Game, Merchant, Phase


def merchant_problem(merchant: Merchant, squares: int) -> str | None:
    """Return the first thing no game can give a player, or None."""
    name = merchant.name
    counts = {
        "gold": merchant.gold,
        "rubies": merchant.rubies,
        "spice": merchant.goods[0],
        "fabric": merchant.goods[1],
        "jewels": merchant.goods[2],
        "food": merchant.food,
        "gems bought": merchant.gems,
    }
    negative = [what for what, count in counts.items() if count < 0]
    if negative:
        return f"{name} holds a negative amount of {negative[0]}"
    if merchant.load > merchant.cart:
        return f"{name} carries {merchant.load} in a cart of {merchant.cart}"
    if merchant.food > FULL_FOOD:
        return f"{name} has {merchant.food} food; it never goes above {FULL_FOOD}"
    if merchant.gems > merchant.rubies:
        return f"{name} bought {merchant.gems} rubies but holds {merchant.rubies}"
    if not 0 <= merchant.square < squares:
        return f"{name} stands on square {merchant.square}, off the board"
    return None


def broken(game: Game, previous: Game | None = None) -> str | None:
    """Return the first piece of bookkeeping `game` breaks, or None.

    `previous` (the game one event before) is what the toolkit's judge hands over; no
    check here needs it.
    """
    squares = len(game.board.tiles)
    for merchant in game.merchants:
        problem = merchant_problem(merchant, squares)
        if problem is not None:
            return problem
    if not 0 <= game.turn < len(game.merchants):
        return f"the turn is player {game.turn + 1}'s, and there are {len(game.merchants)}"
    if (game.phase is Phase.OVER) != (game.winner != NOBODY):
        return "a game is over exactly when somebody has won"
    return None
