"""`random`: a computer that plays a random move, building whenever it can.

After the roll it builds when a build is allowed (a course criterion before a goal, and a
goal only while no open spot is at the end of its goals; each allowed one alike); else it
picks uniformly among the other kinds of move open now (a trade, next, and with house rules
a bank trade, a card bought or each kind of card played), then one move of that kind.
Before the roll it plays a card now and then, when it may.  It places its initial
assignments at random among the best quarter of the open spots, loads its dice and rolls a
random value among those that bring something it lacks (never a 7), places the geese at
random, robs anyone it may, offers a resource to spare for one it lacks, and answers offers
at random (never a yes it cannot pay).

Issue 27 made it so, so that a table of `random` players ends: with fair dice, random
placements and a build only one choice among many, such tables ran a median of 380 turns,
some past 1,000, as the fair 7s (one roll in six) took most of what they produced
(the hands of students who could not build stayed large, and 10 or more halve: spec §3.6).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from watan.engine.commands import (
    Achieve,
    AnyCommand,
    ChooseDice,
    Complete,
    Improve,
    Move,
    Next,
    Offer,
    PlaceGeese,
    Roll,
)
from watan.engine.decide import harvest, refusal, victims
from watan.engine.dice import HIGHEST_ROLL, LOWEST_ROLL
from watan.engine.moves import (
    affordable,
    build_candidates,
    legal_commands,
    legal_house_moves,
)
from watan.engine.resources import HELD
from watan.engine.rules import GEESE_ROLL
from watan.engine.state import COLOURS, Game, Phase
from watan.engine.topology import TILE_COUNT, TileId
from watan.players.computer import Strategy, mypyc_attr
from watan.players.measures import even_spot_values, reachable_spots

ROLLED = tuple(v for v in range(LOWEST_ROLL, HIGHEST_ROLL + 1) if v != GEESE_ROLL)
"""The values the random player loads its dice to, each alike: any but the geese's 7."""
PLACES = 4
"""The random player places an initial assignment among the best 1/PLACES of open spots."""
CARD_BEFORE_ROLL = 0.25
"""How often, when it holds a card it may play, the random player plays one before rolling."""


def _by_kind(moves: list[AnyCommand]) -> list[list[AnyCommand]]:
    """Return the moves grouped by kind, in the order each kind first comes."""
    kinds: dict[type, list[AnyCommand]] = {}
    for move in moves:
        kinds.setdefault(type(move), []).append(move)
    return list(kinds.values())


@mypyc_attr(allow_interpreted_subclasses=True)  # the compiled build: see `computer`
class RandomPlayer(Strategy):
    """A build whenever one is allowed, else a kind of move at random, then one of its moves."""

    name = "random"

    def move(self, game: Game) -> Move:
        rng = self.rng
        match game.phase:
            case Phase.BEFORE_ROLL:
                if game.rules.cards and rng.random() < CARD_BEFORE_ROLL:
                    cards = _by_kind(legal_house_moves(game))
                    if cards:
                        return rng.choice(rng.choice(cards))
                if not game.students[game.turn].loaded_dice:
                    return ChooseDice(loaded=True)
                return Roll(value=self._roll(game))
            case Phase.SETUP:
                return self._placement(game)
            case Phase.GEESE:
                tile = rng.choice([t for t in range(TILE_COUNT) if t != game.geese])
                robbed = victims(game, TileId(tile))
                return PlaceGeese(tile=tile, victim=rng.choice(robbed) if robbed else None)
            case Phase.AFTER_ROLL:
                return self._after_roll(game)
            case _:
                return rng.choice(legal_commands(game))

    def _roll(self, game: Game) -> int:
        """Return a value for the loaded dice at random among those that bring the student
        something a level drawn at random lacks (any but 7 when none does).

        Without the aim, a resource only one student yields stayed with that student and
        a table of `random` players ran on for hundreds of turns with hands of a hundred.
        """
        me = game.turn
        held = game.students[me].resources
        cost = self.rng.choice(game.rules.level_costs)
        lacking = [r for r in HELD if held[r] < cost[r]]
        bringing = [v for v in ROLLED if any(harvest(game, v)[me][r] for r in lacking)]
        return self.rng.choice(bringing or ROLLED)

    def _placement(self, game: Game) -> Move:
        """Return an initial assignment at random among the best quarter of the open spots
        (by what they yield with fair dice), each as likely as it yields (spec §4.1)."""
        values = even_spot_values(game)
        legal = sorted(
            (c for c in legal_commands(game) if isinstance(c, Complete)),
            key=lambda c: (-values[c.criterion], c.criterion),
        )
        best = legal[: max(1, len(legal) // PLACES)]
        weights = [values[c.criterion] for c in best]
        return self.rng.choices(best, weights=weights if any(weights) else None)[0]

    def _after_roll(self, game: Game) -> Move:
        """Return a build when one is allowed, else a kind of move drawn uniformly among the
        other kinds open now, then one of its moves.

        A build comes first so that games end (issue 27: a table of `random` players ran
        past 1,000 turns when a build was one choice among many).  Builds are found kind
        by kind, in random order: a kind's candidates are tried in random order until
        `refusal` allows one (the first allowed in a random order is any allowed one,
        equally likely), and a kind with none is dropped.  So a move costs what its own
        kind costs, not every move.  In a game with house rules, each kind of their moves
        allowed now (a bank trade, a card bought, each card played) is one more kind.
        """
        rng = self.rng
        criteria = [kind for kind in (Complete, Improve) if affordable(game, kind)]
        rng.shuffle(criteria)
        # A spot in reach already: save for the assignment, not another goal.
        roads = affordable(game, Achieve) and not reachable_spots(game, game.turn)
        builds = criteria + ([Achieve] if roads else [])
        for build in builds:
            found = self._any_allowed(game, build_candidates(game, build))
            if found is not None:
                return found
        kinds: list[Literal["next", "offer"] | tuple[AnyCommand, ...]] = ["next"]
        if any(game.students[game.turn].resources):
            kinds.append("offer")
        if game.rules.house_rules:
            kinds += [tuple(moves) for moves in _by_kind(legal_house_moves(game))]
        kind = rng.choice(kinds)
        if kind == "next":
            return Next()
        if kind == "offer":
            return self._offer(game)
        return rng.choice(kind)

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
        """Return an offer that may be made: for a level drawn at random, a resource held
        beyond its price for one it lacks (else anything held for anything), to a student
        who holds what is asked when anyone does, else to anyone."""
        rng = self.rng
        held = game.students[game.turn].resources
        cost = rng.choice(game.rules.level_costs)
        spare = [r for r in HELD if held[r] > cost[r]]
        lacking = [r for r in HELD if held[r] < cost[r]]
        if not spare or not lacking:
            spare, lacking = [r for r in HELD if held[r]], list(HELD)
        take = rng.choice(lacking)
        others = [c for c in COLOURS if c != game.turn]
        holders = [c for c in others if game.students[c].resources[take]]
        partner = rng.choice(holders or others)
        return Offer(partner=partner, give=rng.choice(spare), take=take)

    def answer(self, game: Game, offer: Offer) -> bool:
        able = game.students[offer.partner].resources[offer.take] > 0
        return able and self.rng.random() < 0.5
