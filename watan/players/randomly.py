"""`random`: a computer that plays any legal move, a kind of move first.

After the roll it picks a kind of move uniformly among the kinds open now
(achieve, complete, improve, trade, next), then one move of that kind: so
it ends its turn often enough for games to finish.  It rolls fair dice,
places the geese at random, robs anyone it may and answers offers at
random (never a yes it cannot pay).
"""

from __future__ import annotations

from watan.engine.commands import AnyCommand, ChooseDice, Move, Next, Offer, PlaceGeese, Roll
from watan.engine.decide import victims
from watan.engine.moves import legal_builds, legal_commands
from watan.engine.resources import HELD
from watan.engine.state import COLOURS, Game, Phase
from watan.engine.topology import TILE_COUNT, TileId
from watan.players.computer import Strategy


class RandomPlayer(Strategy):
    """Any legal move: a kind of move first, then a move of that kind."""

    name = "random"

    def move(self, game: Game) -> Move:
        rng = self.rng
        match game.phase:
            case Phase.BEFORE_ROLL:
                # Fair dice, whichever dice the edition starts with.
                return ChooseDice(loaded=False) if game.students[game.turn].loaded_dice else Roll()
            case Phase.GEESE:
                tile = rng.choice([t for t in range(TILE_COUNT) if t != game.geese])
                robbed = victims(game, TileId(tile))
                return PlaceGeese(tile=tile, victim=rng.choice(robbed) if robbed else None)
            case Phase.AFTER_ROLL:
                kinds: dict[type, list[AnyCommand]] = {}
                for build in legal_builds(game):
                    kinds.setdefault(type(build), []).append(build)
                options: list[list[AnyCommand] | None] = [*kinds.values(), [Next()]]
                if any(game.students[game.turn].resources):
                    options.append(None)  # an offer, drawn below without listing them all
                chosen = rng.choice(options)
                return rng.choice(chosen) if chosen is not None else self._offer(game)
            case _:
                return rng.choice(legal_commands(game))

    def _offer(self, game: Game) -> Offer:
        """Return an offer that may be made: any partner, something held for anything."""
        held = game.students[game.turn].resources
        partner = self.rng.choice([c for c in COLOURS if c != game.turn])
        give = self.rng.choice([r for r in HELD if held[r]])
        return Offer(partner=partner, give=give, take=self.rng.choice(HELD))

    def answer(self, game: Game, offer: Offer) -> bool:
        able = game.students[offer.partner].resources[offer.take] > 0
        return able and self.rng.random() < 0.5
