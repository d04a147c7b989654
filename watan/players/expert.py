"""`expert`: greedy's sound play, with every roll chosen by looking ahead on the engine.

The expert builds and trades as `greedy` does, but it sees what greedy does
not.  Before each roll it tries every value on the real rules (`decide`
then `apply`: the production, the losses to the geese, the steal, the
builds it then affords) and weighs what each leaves everyone holding, in
what each student needs: a roll that feeds a rival close to winning is
worth less, and a 7 that makes rivals holding 10 or more lose half (spec
§3.6) is worth a great deal.  The best few rolls are then played out for a
whole round, the rest of its own turn as it would play it and each rival's
as greedy would, and the roll whose round leaves it furthest ahead is
chosen.  It sends the geese onto the tile that holds back the leader,
refuses offers from a rival well ahead, and places its first assignments
where one loaded roll yields the most (spec §2.8.1).  Random outcomes inside
a lookahead are drawn from its own generator, so it plays the same way every
time from the same seed.
"""

from __future__ import annotations

import random
from typing import ClassVar, Final

from watan.engine.commands import AnyCommand, Complete, Move, Next, Offer, PlaceGeese, Roll
from watan.engine.decide import victims
from watan.engine.dice import HIGHEST_ROLL, LOWEST_ROLL, ROLLS
from watan.engine.members import AFTER_ROLL, BEFORE_ROLL, GEESE, OVER
from watan.engine.moves import legal_commands, tried
from watan.engine.resources import HELD
from watan.engine.rules import GEESE_ROLL
from watan.engine.state import COLOURS, Colour, Game
from watan.engine.topology import TILE_COUNT, TILE_CRITERIA, TileId
from watan.players.computer import mypyc_attr
from watan.players.greedy import (
    GreedyPlayer,
    Target,
    chokes,
    freed_value,
    needs,
    target,
    trade_gain,
)
from watan.players.measures import PIPS, Weights, criterion_tiles, lacking, points, weighed

RIVALRY: Final = 0.5
"""How much a unit a rival gains counts against a unit one gains oneself."""
ROLL_RIVALRY: Final = 0.1
"""How much a unit a rival gains from one's roll counts against a unit one gains oneself:
little, since a roll that feeds others as well as oneself still brings one nearer the win,
and refusing every such roll starves everyone, oneself included."""
LEAD: Final = 2
"""Course criteria ahead of oneself at which a rival gets no help from one's trades."""
ROLLOUTS: Final = 3
"""Rolls played out for a whole round before one is chosen: the best at a first glance."""
MOST_STEPS: Final = 80
"""Commands a rollout plays at most: a round is far shorter."""
POINT: Final = 5.0
"""A course criterion, in resources: about what one costs."""
WON: Final = 1000.0
"""A game won (or lost) within the rollout."""
BUILT: Final = 5.0
"""What a course criterion a roll lets one build at once is worth, over the resources it
costs (which the roll's gain already counts)."""
MOST_BUILDS: Final = 4
"""Builds looked ahead after a roll: more than a turn ever affords."""
CLOSING: Final = 2
"""Course criteria short of the win at which any course criterion is as good as another."""
AFFORDED: Final = 2.0
"""What it is worth that a roll makes the build a student saves for affordable now."""
ROADLESS: Final = 20.0
"""What placements that yield none of a resource every goal costs lose, per such resource."""
NEED_OF_COSTS: Final = (4, 3, 5, 6, 3)
"""How many of each resource one of every build needs together (goal, assignment, midterm,
exam: RULINGS 23), CAFFEINE to TUTORIAL: what a new spot's yield is weighed by."""


@mypyc_attr(allow_interpreted_subclasses=True)  # the compiled build: see `computer`
class ExpertPlayer(GreedyPlayer):
    """Greedy's turn, with rolls, geese, answers and placements chosen by lookahead."""

    name = "expert"
    roll_rivalry: ClassVar[float] = ROLL_RIVALRY
    """How much a rival's gain from its roll counts against its own gain.  A class variable, so
    that a subclass's own value (master's) is read in the compiled build too, where a plain
    class attribute is a field whose default a subclass written in Python cannot change."""

    def _roll_rivalry(self, game: Game, rival: Colour) -> float:
        """Return how much a unit `rival` gains from this player's roll counts against a unit
        it gains itself: `roll_rivalry`, whoever the rival is.  A method, so that a strategy
        may weigh its rivals apart (master's own kind, `MasterPlayer._roll_rivalry`)."""
        return self.roll_rivalry

    def _sevens_filtered(self, game: Game) -> bool:
        """Return whether a 7 must pay the roller more than the best other roll it could make
        before it is rolled at all: always, for the expert.  Experts who each roll a 7 whenever
        it leads the race starve one another (issue 27's 7-war).  A method, so that a strategy
        may lift the test where no rival would answer in kind (`MasterPlayer`)."""
        return True

    def _target(self, game: Game, colour: Colour) -> Target:
        """Return greedy's target, but near the win the course criterion nearest to affordable:
        one more of any kind wins, and what it would yield no longer matters."""
        closing = points(game, colour) >= game.rules.points_to_win - CLOSING
        return target(game, colour, closing=closing)

    def answer(self, game: Game, offer: Offer) -> bool:
        """Accept as greedy would (a trade that leaves it better placed), but never help a
        rival well ahead, nor one about to win, nor one who gains more than it does,
        weighed by how near each is to winning."""
        proposer, me = game.turn, offer.partner
        if points(game, proposer) >= max(points(game, me) + LEAD, 8):
            return False
        if not super().answer(game, offer):
            return False
        mine = trade_gain(game, me, gets=offer.give, gives=offer.take)
        theirs = trade_gain(game, proposer, gets=offer.take, gives=offer.give)
        return mine >= RIVALRY * _threat(game, proposer, me) * theirs

    def _placement(self, game: Game) -> Complete:
        """Return the open spot whose tiles' best values yield the most of what builds need."""
        me = game.turn
        own = game.students[me].criteria
        legal = [c.criterion for c in legal_commands(game) if isinstance(c, Complete)]
        best = max(legal, key=lambda c: (_placement_value(game, (*own, c)), -c))
        return Complete(criterion=best)

    def _roll(self, game: Game) -> int:
        """Return the loaded roll whose outcome, on the real rules, leads the race most."""
        me = game.turn
        scored = self._scored_rolls(game)
        if ROLLOUTS <= 1:
            return -scored[0][1]
        # The most promising rolls are played out for a whole round, on the engine.
        # One played-out round is one sample of chance, so it adds to what the roll brings
        # at once rather than overruling it.
        finalists = [
            (score + self._rollout(after, me), value) for score, value, after in scored[:ROLLOUTS]
        ]
        return -max(finalists)[1]

    def _scored_rolls(self, game: Game) -> list[tuple[float, int, Game]]:
        """Return each roll worth making, tried on the real rules, best first, as (what it
        brings at once, minus the value, the game after it): what the roller gains, less a
        little of what it gives rivals; a 7 only when it pays the roller more than any
        other roll would, unless the 7 test is lifted (`_sevens_filtered`)."""
        me = game.turn
        wants = {c: needs(game, c) for c in COLOURS}
        wants[me] = self._needs(game, me)
        # What each student saves for, and what a unit each rival gains from the roll costs
        # the roller: all of the position before the roll, so the same for every roll tried.
        saving = {c: target(game, c) for c in COLOURS}
        saving[me] = self._target(game, me)
        weight = {c: self._roll_rivalry(game, c) * _threat(game, c, me) for c in COLOURS}
        scored: list[tuple[float, int, Game]] = []
        own: dict[int, float] = {}
        for value in range(LOWEST_ROLL, HIGHEST_ROLL + 1):
            after = self._try(game, Roll(value=value))
            if after is None:
                continue
            if value == GEESE_ROLL:
                after = self._try(after, self._geese(after)) or after
            built = self._built(after)
            mine = _gain(game, after, me, wants[me], saving[me])
            mine += BUILT * (points(built, me) - points(after, me))
            score = mine
            for rival in COLOURS:
                if rival != me:
                    loss = weight[rival] * _gain(game, after, rival, wants[rival], saving[rival])
                    score -= loss
                    if value == GEESE_ROLL:
                        mine -= loss  # what rivals lose to the geese pays the roller too
            if value == GEESE_ROLL:
                mine += freed_value(game, wants[me])
            own[value] = mine
            scored.append((score, -value, after))
        if (
            GEESE_ROLL in own
            and self._sevens_filtered(game)
            and own[GEESE_ROLL]
            <= max((gain for value, gain in own.items() if value != GEESE_ROLL), default=0.0)
        ):
            # A 7 only when it pays the roller more than the best roll it could make
            # instead: else every student rolls 7 to starve the others, and nobody builds.
            scored = [s for s in scored if s[1] != -GEESE_ROLL]
        scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
        return scored

    def _rollout(self, game: Game, me: Colour) -> float:
        """Return how the race stands when `me`'s next turn comes, the round played out."""
        return _standing(self._play_round(game, me)[0], me)

    def _play_round(self, game: Game, me: Colour) -> tuple[Game, int]:
        """Return the game when `me`'s next turn comes (or the game ends), and the commands
        played to reach it.

        The rest of one's own turn is played as this player builds; each rival's
        turn as greedy would play it, offers and answers included, on the real rules.
        """
        model = {c: GreedyPlayer(random.Random(self.rng.random())) for c in COLOURS if c != me}
        steps = 0
        while game.phase is not OVER and steps < MOST_STEPS:
            steps += 1
            if game.turn == me and game.phase is BEFORE_ROLL:
                break
            player: GreedyPlayer = self if game.turn == me else model[game.turn]
            move = player.move(game) if game.turn != me else (self._build(game) or Next())
            if isinstance(move, Offer):
                partner = self if move.partner == me else model[move.partner]
                move = move.answered(partner.answer(game, move))
            game = self._try(game, move) or self._try(game, Next()) or game
        return game, steps

    def _geese(self, game: Game) -> PlaceGeese:
        """Return the geese on the tile that holds back the others most, robbing the leader."""
        me = game.turn
        wants = {c: needs(game, c) for c in COLOURS}
        wants[me] = self._needs(game, me)

        def held_back(tile: int) -> float:
            value = game.board[tile].value
            resource = game.board[tile].resource
            hurt = 0.0
            for criterion in TILE_CRITERIA[tile]:
                owner = game.criterion_owner[criterion]
                if owner < 0 or resource not in HELD:
                    continue
                level = game.criterion_level[criterion]
                worth = level * wants[COLOURS[owner]][resource] * (1 + PIPS[value] / 6)
                hurt += -2 * worth if owner == me else worth * _threat(game, COLOURS[owner], me)
            return hurt

        tiles = (t for t in range(TILE_COUNT) if t != game.geese)
        tile = max(tiles, key=lambda t: (not chokes(game, t), held_back(t), -t))
        robbed = victims(game, TileId(tile))
        if not robbed:
            return PlaceGeese(tile=tile)
        mine = wants[me]
        victim = max(
            robbed,
            key=lambda c: (
                _threat(game, c, me),
                weighed(game.students[c].resources, mine)
                / max(1, sum(game.students[c].resources)),
                -c,
            ),
        )
        return PlaceGeese(tile=tile, victim=victim)

    def move(self, game: Game) -> Move:
        if game.phase is GEESE:
            return self._geese(game)
        return super().move(game)

    def _knights_geese(self, game: Game) -> PlaceGeese:
        """Return where a knight sends the geese: where this player would after a 7."""
        return self._geese(game)

    def _built(self, game: Game) -> Game:
        """Return the game after the builds this player would make now, in turn."""
        for _ in range(MOST_BUILDS):
            if game.phase is not AFTER_ROLL:
                break
            build = self._build(game)
            after = None if build is None else self._try(game, build)
            if after is None:
                break
            game = after
        return game

    def _try(self, game: Game, command: AnyCommand) -> Game | None:
        """Return the game after `command` on the real rules, or None if they refuse it."""
        return tried(game, command, self.rng)


def _standing(game: Game, me: Colour) -> float:
    """Return how far `me` leads: course criteria and what it holds toward its builds, against
    the others', each weighed by how near it is to winning."""
    if game.phase is OVER:
        return WON if game.winner == me else -WON
    mine = POINT * points(game, me) + _worth(game, me, needs(game, me))
    theirs = sum(
        (
            _threat(game, c, me) * (POINT * points(game, c) + _worth(game, c, needs(game, c)))
            for c in COLOURS
            if c != me
        ),
        0.0,
    )
    return mine - RIVALRY * theirs


def _gain(before: Game, after: Game, colour: Colour, wants: Weights, saving: Target) -> float:
    """Return what a student gains from `before` to `after`: what it holds, valued by what it
    wants, and a bonus when the build it saves for becomes affordable (a course criterion)."""
    gained = _worth(after, colour, wants) - _worth(before, colour, wants)
    cost = saving.cost
    was = lacking(before.students[colour].resources, cost)
    now = lacking(after.students[colour].resources, cost)
    if was and not now:
        gained += AFFORDED
    elif now and not was:
        gained -= AFFORDED
    return gained


def _worth(game: Game, colour: Colour, wants: Weights) -> float:
    """Return what a student holds, each resource at what it wants it (greedy's `needs`)."""
    return weighed(game.students[colour].resources, wants)


def _threat(game: Game, rival: Colour, me: Colour) -> float:
    """Return how much a rival's gains matter: more the nearer it is to winning than oneself."""
    lead = points(game, rival) - points(game, me)
    return max(0.3, 1.0 + 0.35 * lead)


def _placement_value(game: Game, criteria: tuple[int, ...]) -> float:
    """Return what these criteria would yield: for each resource, the best single roll's yield,
    weighted by how much builds need it, and some for what others' rolls bring."""
    tiles = criterion_tiles(game.board)
    # Counted in plain loops over whole numbers (the compiled build keeps them native): the
    # sums are exact, so their order does not matter.
    gains = [[0] * 5 for _ in range(HIGHEST_ROLL + 1)]
    spread = 0
    for criterion in criteria:
        for _, resource, value in tiles[criterion]:
            gains[value][resource] += 1
            spread += PIPS[value] * NEED_OF_COSTS[resource]
    best = 0
    roadless = 0
    goal_cost = game.rules.goal_cost
    for unit in range(len(HELD)):
        most = 0
        for gained in gains:
            most = max(most, gained[unit])
        best += NEED_OF_COSTS[unit] * most
        # What every goal costs can only be had from someone who yields it: yield it oneself.
        if goal_cost[unit] and not most:
            roadless += 1
    return best + spread / ROLLS - ROADLESS * roadless
