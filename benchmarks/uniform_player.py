"""A uniformly random player, for benchmarks only: the `random` strategy as it was before
issue 27 made its games end, kept here as the baseline that compares like with like.

catanatron's RandomPlayer, which `bench_vs_catanatron.py` times beside ours, plays any legal
move; so did `random` until it learnt to build and aim its dice (docs/decisions.md).  Speed
figures taken with the old `random` (games per CPU-second, the engine's command mix, a long
game to analyse) stay comparable when taken with this player: same moves, same generator
draws, so the same games as the old `random` played.  It lives in the benchmarks, as the
exploit players do, because its games need not end: it is no strategy to offer a person.
Benchmarks seat it by reference (`UNIFORM`), as any strategy of one's own is seated.

Like the old `random`, after the roll it picks a kind of move uniformly among the kinds
open now (achieve, complete, improve, trade, next, and with house rules a bank trade, a card
bought or each kind of card played), then one move of that kind, so it ends its turn often.
Before the roll it plays a card now and then, when it may.  It rolls fair dice, places the
geese at random, robs anyone it may and answers offers at random (never a yes it cannot
pay).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from watan.engine.commands import AnyCommand, ChooseDice, Move, Next, Offer, PlaceGeese, Roll
from watan.engine.decide import refusal, victims
from watan.engine.moves import (
    BUILD_KINDS,
    BuildKind,
    affordable,
    build_candidates,
    legal_commands,
    legal_house_moves,
)
from watan.engine.resources import HELD
from watan.engine.state import COLOURS, Game, Phase
from watan.engine.topology import TILE_COUNT, TileId
from watan.players.computer import Strategy

CARD_BEFORE_ROLL = 0.25
"""How often, when it holds a card it may play, the random player plays one before rolling."""


def _by_kind(moves: list[AnyCommand]) -> list[list[AnyCommand]]:
    """Return the moves grouped by kind, in the order each kind first comes."""
    kinds: dict[type, list[AnyCommand]] = {}
    for move in moves:
        kinds.setdefault(type(move), []).append(move)
    return list(kinds.values())


UNIFORM = "benchmarks.uniform_player:UniformPlayer"
"""The reference `--players` and `play_game` take for this player (`players.plugins`)."""


class UniformPlayer(Strategy):
    """Any legal move: a kind of move first, then a move of that kind."""

    name = "uniform"

    def move(self, game: Game) -> Move:
        rng = self.rng
        match game.phase:
            case Phase.BEFORE_ROLL:
                if game.rules.cards and rng.random() < CARD_BEFORE_ROLL:
                    cards = _by_kind(legal_house_moves(game))
                    if cards:
                        return rng.choice(rng.choice(cards))
                # Fair dice, whichever dice the rules start with.
                return ChooseDice(loaded=False) if game.students[game.turn].loaded_dice else Roll()
            case Phase.GEESE:
                tile = rng.choice([t for t in range(TILE_COUNT) if t != game.geese])
                robbed = victims(game, TileId(tile))
                return PlaceGeese(tile=tile, victim=rng.choice(robbed) if robbed else None)
            case Phase.AFTER_ROLL:
                return self._after_roll(game)
            case _:
                return rng.choice(legal_commands(game))

    def _after_roll(self, game: Game) -> Move:
        """Return a kind of move drawn uniformly among the kinds open now, then one of its moves.

        Builds are found kind by kind, as drawn: a kind's candidates are tried in
        random order until `refusal` allows one (the first allowed in a random order
        is any allowed one, equally likely), and a kind with none is dropped and
        another drawn.  So a move costs what its own kind costs, not every move.  In a
        game with house rules, each kind of their moves allowed now (a bank trade, a
        card bought, each card played) is one more kind.
        """
        rng = self.rng
        held = game.students[game.turn].resources
        kinds: list[BuildKind | Literal["next", "offer"] | tuple[AnyCommand, ...]] = [
            kind for kind in BUILD_KINDS if affordable(game, kind)
        ]
        kinds.append("next")
        if any(held):
            kinds.append("offer")
        if game.rules.house_rules:
            kinds += [tuple(moves) for moves in _by_kind(legal_house_moves(game))]
        while True:
            kind = rng.choice(kinds)
            if kind == "next":
                return Next()
            if kind == "offer":
                return self._offer(game)
            if isinstance(kind, tuple):
                return rng.choice(kind)
            found = self._any_allowed(game, build_candidates(game, kind))
            if found is not None:
                return found
            kinds.remove(kind)

    def _any_allowed(self, game: Game, candidates: Sequence[AnyCommand]) -> AnyCommand | None:
        """Return one of `candidates` the rules allow, each allowed one equally likely."""
        left = list(candidates)  # each refused one is dropped from this copy
        while left:
            at = self.rng.randrange(len(left))
            candidate = left[at]
            if refusal(game, candidate) is None:
                return candidate
            left[at] = left[-1]
            left.pop()
        return None

    def _offer(self, game: Game) -> Offer:
        """Return an offer that may be made: any partner, something held for anything."""
        held = game.students[game.turn].resources
        partner = self.rng.choice([c for c in COLOURS if c != game.turn])
        give = self.rng.choice([r for r in HELD if held[r]])
        return Offer(partner=partner, give=give, take=self.rng.choice(HELD))

    def answer(self, game: Game, offer: Offer) -> bool:
        able = game.students[offer.partner].resources[offer.take] > 0
        return able and self.rng.random() < 0.5
