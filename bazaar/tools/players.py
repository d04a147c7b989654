"""Computer players: each picks the whole command for the player whose turn it is.

- `random_player` moves one square in a random direction that stays on the board and
  answers yes or no to an action at random.
- `greedy_player` heads for the tile whose action is worth most to it now, nearer ones
  first, and takes an action whenever it can be carried out and is worth something:
  rubies above all, then food when it runs low, then selling, then buying goods (and a
  bigger cart when the cart is full and gold to spare).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bazaar.engine.commands import Act, AnyCommand, Decline, Move
from bazaar.engine.decide import (
    CART_PRICE,
    GEM_PRICE,
    MARKETS,
    MERCHANTS,
    price,
    shortfall,
)
from bazaar.engine.state import FULL_FOOD, Game, Merchant, Phase
from bazaar.engine.tiles import Board, Direction, Square, Tile

Player = Callable[[Game, random.Random], AnyCommand]

HUNGRY = 2
"""A greedy player with this much food or less heads for the nearest restaurant.

Moving costs no food, so a player with 1 food can always reach a restaurant and eat; a
greedy player never spends its last food anywhere else."""


def random_player(game: Game, rng: random.Random) -> AnyCommand:
    """Return a random move on the board, or a random answer."""
    if game.phase is Phase.ACTION:
        return Act() if rng.random() < 0.5 else Decline()
    board, square = game.board, game.mover.square
    directions = [d for d in Direction if board.neighbour(square, d) is not None]
    return Move(direction=rng.choice(directions))


def _distance(board: Board, a: Square, b: Square) -> int:
    (row_a, column_a), (row_b, column_b) = board.row_column(a), board.row_column(b)
    return abs(row_a - row_b) + abs(column_a - column_b)


def worth(tile: Tile, merchant: Merchant, gem_price: int) -> float:
    """Return how much acting on `tile` is worth to `merchant` now; 0 or less is nothing."""
    match tile:
        case Tile.GEM_MERCHANT if merchant.gold >= gem_price and merchant.room > 0:
            return 100.0
        case Tile.PALACE if all(held >= 5 for held in merchant.goods):
            return 100.0
        case Tile.RESTAURANT:
            return 40.0 if merchant.food <= HUNGRY else 0.0
        case Tile.SMALL_MARKET if all(held >= 1 for held in merchant.goods):
            return 8.0
        case tile if tile in MARKETS and merchant.goods[MARKETS[tile]] >= 3:
            return 6.0
        case tile if tile in MERCHANTS and merchant.gold >= 2 and merchant.room >= 3:
            return 3.0 + 0.5 * (merchant.goods[MERCHANTS[tile]] % 3)
        case Tile.CART_MANUFACTURER if merchant.room < 3 and merchant.gold >= CART_PRICE + 2:
            return 5.0
        case Tile.BLACK_MARKET if merchant.gold >= 1 and merchant.room >= 5:
            return 2.0
        case Tile.CASINO if merchant.gold >= 1:
            return 1.0
        case _:
            return 0.0


def greedy_player(game: Game, rng: random.Random) -> AnyCommand:
    """Return the move towards the best tile, or yes to an action worth taking."""
    merchant = game.mover
    if game.phase is Phase.ACTION:
        if game.tile is Tile.RESTAURANT:
            useful = merchant.food < FULL_FOOD // 2
        else:
            useful = merchant.food > 1 and worth(game.tile, merchant, price(game)) > 0
        return Act() if useful and shortfall(game) is None else Decline()
    board, here = game.board, merchant.square
    gem_price = price_of_gem(merchant)
    best: tuple[float, float] = (0.0, 0.0)
    target: Square | None = None
    restaurant = min(
        (Square(s) for s, tile in enumerate(board.tiles) if tile is Tile.RESTAURANT),
        key=lambda s: _distance(board, here, s) or board.rows + board.columns,
    )
    hungry = 0 < merchant.food <= HUNGRY
    for square, tile in enumerate(board.tiles):
        distance = _distance(board, here, Square(square))
        if distance == 0:
            continue
        value = worth(tile, merchant, gem_price)
        if hungry and tile is Tile.RESTAURANT:
            value = 1000.0
        score = (value / distance, rng.random())
        if value > 0 and score > best:
            best, target = score, Square(square)
    goal = target if target is not None else restaurant
    steps = [
        d
        for d in Direction
        if (step := board.neighbour(here, d)) is not None
        and _distance(board, step, goal) < _distance(board, here, goal)
    ]
    if not steps:
        steps = [d for d in Direction if board.neighbour(here, d) is not None]
    return Move(direction=rng.choice(steps))


def price_of_gem(merchant: Merchant) -> int:
    """Return what a ruby from a gem merchant costs this player (RULINGS-bazaar 7)."""
    return GEM_PRICE + merchant.gems


PLAYERS: dict[str, Player] = {"random": random_player, "greedy": greedy_player}
