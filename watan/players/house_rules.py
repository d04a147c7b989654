"""What the computer strategies do with house rules (house-rules.md): the bank, the cards.

`greedy` and `expert` use these after their own moves: a card played when it is worth a
turn's card, a trade with the bank when one of their surplus buys what their target
lacks, and a card bought when its price costs the target nothing.  Every command is one
the legal moves hold, so a strategy never gives one the rules refuse.
"""

from __future__ import annotations

from collections.abc import Callable

from watan.engine.commands import (
    AnyCommand,
    BuyCard,
    PlaceGeese,
    PlayKnight,
    PlayMonopoly,
    PlayPoint,
    TradeWithBank,
)
from watan.engine.decide import card_refusal, refusal
from watan.engine.resources import HELD, Resources, subtract
from watan.engine.rules import Card
from watan.engine.state import COLOURS, Game, Phase
from watan.engine.topology import TILE_CRITERIA
from watan.players.measures import Weights, points, shortfall

MONOPOLY_WORTH = 3
"""Units of a wanted resource the others must hold for a monopoly to be worth the turn's card."""


def card_to_play(
    game: Game, wants: Weights, geese: Callable[[Game], PlaceGeese]
) -> AnyCommand | None:
    """Return the card worth playing now, if any (one a turn, house-rules.md ruling 4).

    A vp that wins comes first; then, after the roll, a monopoly on what is wanted most
    when the others hold enough of it; then a knight, before or after the roll, when the
    geese sit on one's own tile or a rival can be robbed (`geese` chooses where); then any
    vp, a point for good.
    """
    me = game.turn
    playable = {card for card in Card if card_refusal(game, card) is None}
    if not playable:
        return None
    if Card.VP in playable and points(game, me) + 1 >= game.rules.points_to_win:
        return PlayPoint()
    if Card.MONOPOLY in playable and game.phase is Phase.AFTER_ROLL:
        best = max(HELD, key=lambda r: (wants[r], -r))
        others = sum(s.resources[best] for c, s in zip(COLOURS, game.students, strict=True)
                     if c != me)
        if others >= MONOPOLY_WORTH:
            return PlayMonopoly(resource=best)
    if Card.KNIGHT in playable:
        knight = _knight(game, geese)
        if knight is not None:
            return knight
    if Card.VP in playable:
        return PlayPoint()
    return None


def _knight(game: Game, geese: Callable[[Game], PlaceGeese]) -> PlayKnight | None:
    """Return a knight to the tile `geese` chooses, when it frees one's own tile or robs."""
    me = game.turn
    blocked = game.geese >= 0 and any(
        game.criterion_owner[c] == me for c in TILE_CRITERIA[game.geese]
    )
    placed = geese(game)
    knight = PlayKnight(tile=placed.tile, victim=placed.victim)
    if (blocked or placed.victim is not None) and refusal(game, knight) is None:
        return knight
    return None


def bank_trade(game: Game, cost: Resources) -> TradeWithBank | None:
    """Return a trade with the bank that buys what the target `cost` lacks most with a
    resource held beyond the bank's rate and the target's need, if there is one (ruling 3)."""
    rate = game.rules.bank_rate
    if rate is None or game.phase is not Phase.AFTER_ROLL:
        return None
    held = game.students[game.turn].resources
    missing = shortfall(held, cost)
    spare = [r for r in HELD if held[r] - cost[r] >= rate]
    if not any(missing) or not spare:
        return None
    give = max(spare, key=lambda r: (held[r] - cost[r], -r))
    take = max(HELD, key=lambda r: (missing[r], -r))
    trade = TradeWithBank(give=give, take=take)
    return trade if refusal(game, trade) is None else None


CARD_SACRIFICE = 1
"""How many more units its target may lack once a card is paid for, for a card to be bought:
a quarter of the deck are points, and most of the rest steal."""


def card_worth_buying(game: Game, cost: Resources) -> bool:
    """Return whether to buy a card now: it can be paid for while taking at most one unit
    the target `cost` still needs, or the hand is big enough for a 7 to take half of it."""
    price = game.rules.card_cost
    if price is None or refusal(game, BuyCard()) is not None:
        return False
    held = game.students[game.turn].resources
    lacking_now = sum(shortfall(held, cost))
    lacking_after = sum(shortfall(subtract(held, price), cost))
    return lacking_after - lacking_now <= CARD_SACRIFICE or sum(held) >= game.rules.losses_from
