"""`greedy`: a computer that takes the best immediate move by the production it brings.

It values a place by the pips of the tiles it touches, weighted by the
resources the student still lacks for the build it is saving for (its
*target*).  It loads its dice and rolls the value that yields it the most of
what it lacks (spec §2.8.1: loaded dice are every student's right), builds
whatever scores best now, offers a surplus for the one resource its target
still lacks, sends the geese where they hurt the others most, robs the
leader, and accepts an offer when what it gets is worth more to it than
what it gives.  With house rules (house-rules.md) it also plays a card when one is worth
the turn's card, trades with the bank when a surplus buys what its target lacks, and buys
a card when the price costs its target nothing (`watan.players.house_rules`).
"""

from __future__ import annotations

import random
from typing import Final

from watan.engine.commands import (
    Achieve,
    AnyCommand,
    BuyCard,
    ChooseDice,
    Complete,
    Improve,
    Move,
    Next,
    Offer,
    PlaceGeese,
    Roll,
)
from watan.engine.decide import harvest, level_cost, victims
from watan.engine.dice import HIGHEST_ROLL, LOWEST_ROLL
from watan.engine.members import ASSIGNMENT, BEFORE_ROLL, GEESE, SETUP
from watan.engine.moves import legal_builds, legal_commands
from watan.engine.resources import HELD, Resources, total
from watan.engine.rules import GEESE_ROLL
from watan.engine.state import COLOURS, Colour, Game
from watan.engine.topology import CRITERION_TILES, TILE_COUNT, TILE_CRITERIA, TileId
from watan.players.computer import Strategy, mypyc_attr
from watan.players.house_rules import bank_trade, card_to_play, card_worth_buying
from watan.players.measures import (
    PIPS,
    Weights,
    criterion_tiles,
    even_spot_values,
    frontier_goals,
    goal_distances,
    improvement_cost,
    lacking,
    leader,
    points,
    reachable_spots,
    roll_gain,
    shortfall,
    spot_value,
    weighed,
)
from watan.players.memo import Memo, position_key

MOST_OFFERS: Final = 3
"""Offers a turn: enough to find a partner, few enough that a turn always ends."""
NEARLY_WON: Final = 8
"""Course criteria at which a student is near enough to winning that nobody helps them."""
FREED_ROLLS: Final = 5
"""How many rolls of its own yield a student counts on getting back by moving the geese off
the one tile that yields a resource nobody has."""
ROAD_WEIGHT: Final = 2.5
"""How much more a first placement wants a tile of what goals cost, not yet yielded."""
SCARCE: Final = 4
"""Fewer of a resource than this in all hands, and nobody yielding it elsewhere: choked."""
CHOKING: Final = 100.0
"""How much worse a geese tile that chokes a resource is than any other."""


LACK_WEIGHT: Final = 0.35
"""What each unit a build still lacks takes off its worth, when choosing what to save for."""
KEPT: Final = 1.0
"""What one more of a resource held exactly as much of as the target costs is worth: giving
one away makes the target short again, so it is needed as much as a missing one is, less the
unit already counted there."""



class Target:
    """The build a student is saving for: its price and what it is worth."""

    def __init__(self, cost: Resources, value: float) -> None:
        self.cost, self.value = cost, value

    def worth(self, held: Resources) -> float:
        """Return what saving for it is worth to a student holding `held`: its value less
        `LACK_WEIGHT` for every unit still missing (`target`'s and `standing`'s measure)."""
        return self.value - LACK_WEIGHT * lacking(held, self.cost)


@mypyc_attr(allow_interpreted_subclasses=True)  # the compiled build: see `computer`
class GreedyPlayer(Strategy):
    """The best immediate move, valued by production weighted by what is lacking."""

    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self._offered: set[Offer] = set()

    def move(self, game: Game) -> Move:
        phase = game.phase
        if phase is SETUP:
            return self._placement(game)
        if phase is BEFORE_ROLL:
            self._offered.clear()
            card = self._card(game)
            if card is not None:
                return card
            if not game.students[game.turn].loaded_dice:
                return ChooseDice(loaded=True)
            return Roll(value=self._roll(game))
        if phase is GEESE:
            return geese_move(game)
        return (
            self._card(game)
            or self._turn_build(game)
            or self._offer(game)
            or self._house_trade(game)
            or Next()
        )

    def answer(self, game: Game, offer: Offer) -> bool:
        me = offer.partner
        if not game.students[me].resources[offer.take]:
            return False
        proposer = points(game, game.turn)
        if proposer >= NEARLY_WON and proposer > points(game, me):
            return False  # no help for a rival about to win; between equals, a fair race
        return trade_gain(game, me, gets=offer.give, gives=offer.take) > 0

    def _card(self, game: Game) -> AnyCommand | None:
        """Return the development card worth this turn's card, if any (house-rules.md)."""
        if not game.rules.cards:
            return None
        return card_to_play(game, self._needs(game, game.turn), self._knights_geese)

    def _knights_geese(self, game: Game) -> PlaceGeese:
        """Return where a knight sends the geese and whom it robs: as after a 7."""
        return geese_move(game)

    def _house_trade(self, game: Game) -> AnyCommand | None:
        """Return a trade with the bank for what the target lacks, else a card worth buying,
        in a game with those house rules."""
        cost = self._target(game, game.turn).cost
        traded = bank_trade(game, cost)
        if traded is not None:
            return traded
        return BuyCard() if card_worth_buying(game, cost) else None

    def _target(self, game: Game, colour: Colour) -> Target:
        """Return the build this player saves for: greedy's, the best worth for what it lacks."""
        return target(game, colour)

    def _needs(self, game: Game, colour: Colour) -> Weights:
        """Return how much this player wants one more of each resource, for its target."""
        return needs(game, colour, self._target(game, colour))

    def _placement(self, game: Game) -> Complete:
        """Return the initial assignment on the open spot that yields the most (spec §4.1)."""
        own = game.students[game.turn].criteria
        produced = {r for c in own for r in _resources_at(game, c)}
        # What every goal costs can only be had from someone who yields it: yield it oneself.
        roads = {r for r in HELD if game.rules.goal_cost[r]}
        weights = tuple(
            1.0 if r in produced else ROAD_WEIGHT if r in roads else 1.6 for r in HELD
        )
        legal = [c.criterion for c in legal_commands(game) if isinstance(c, Complete)]
        best = max(legal, key=lambda c: (spot_value(game, c, weights), -c))  # type: ignore[arg-type]
        return Complete(criterion=best)

    def _roll(self, game: Game) -> int:
        """Return the loaded roll that brings the most of what the student lacks."""
        me = game.turn
        wants = self._needs(game, me)
        scored = [
            (roll_gain(harvest(game, value)[me], wants), value)
            for value in range(LOWEST_ROLL, HIGHEST_ROLL + 1)
            if value != GEESE_ROLL
        ]
        best, value = max(scored)
        if steal_value(game, wants) > best:
            return GEESE_ROLL  # the geese bring more: a steal of what is lacking
        return value

    def _turn_build(self, game: Game) -> AnyCommand | None:
        """Return the build made now, in this player's own turn: `_build`'s, unless a
        searching player searches it (lookaheads build by `_build`)."""
        return self._build(game)

    def _build(self, game: Game) -> AnyCommand | None:
        """Return the build that scores best now, if any is worth its price."""
        wants = self._needs(game, game.turn)
        scored = [(self._worth(game, build, wants), build) for build in legal_builds(game)]
        scored = [(score, build) for score, build in scored if score > 0]
        if not scored:
            return None
        top = max(score for score, _ in scored)
        return self.rng.choice([build for score, build in scored if score == top])

    def _worth(self, game: Game, build: AnyCommand, wants: Weights) -> float:
        """Return what a build is worth now: a course criterion and the production it adds."""
        match build:
            case Improve(criterion=criterion) | Complete(criterion=criterion):
                return 1 + 3 * even_spot_values(game)[criterion]
            case Achieve(goal=goal):
                if reachable_spots(game, game.turn):
                    return 0.0  # a spot is in reach already: save for the assignment
                distance = goal_distances(game, game.turn).get(goal)
                if distance is None:
                    return 0.0
                end = frontier_goals(game, game.turn)[goal]
                if distance == 0:
                    return 0.4 + 2 * spot_value(game, end, wants)
                return 0.3 / (1 + distance)
            case _:
                return 0.0

    def _offer(self, game: Game) -> Offer | None:
        """Return an offer of a surplus for the one resource the target lacks, if any."""
        if len(self._offered) >= MOST_OFFERS:
            return None
        me = game.turn
        held = game.students[me].resources
        goal = self._target(game, me)
        missing = shortfall(held, goal.cost)
        if not any(missing):
            return None
        spare = [r for r in HELD if held[r] > goal.cost[r]]
        if not spare:
            return None
        for take in sorted(HELD, key=lambda r: (-missing[r], r)):
            if not missing[take]:
                break
            partners = [c for c in COLOURS if c != me and game.students[c].resources[take]]
            for partner in sorted(partners, key=lambda c: -game.students[c].resources[take]):
                # Give what the partner wants most, of what can be spared: an offer it
                # would take, since it leaves the partner better placed too.
                theirs = needs(game, partner)
                for give in sorted(spare, key=lambda r: (-theirs[r], -held[r])):
                    offer = Offer(partner=partner, give=give, take=take)
                    if offer not in self._offered and trade_gain(
                        game, partner, gets=give, gives=take
                    ) > 0:
                        self._offered.add(offer)
                        return offer
        return None


def target(game: Game, colour: Colour, *, closing: bool = False) -> Target:
    """Return the build the student is saving for: the best worth for what is still missing.

    When `closing` (one course criterion from winning, any will do), the one
    that is nearest to affordable.
    """
    here = _TARGETS.of_game(game)
    slot = 2 * colour + (1 if closing else 0)
    found = here.get(slot)
    if found is None:
        # Chosen again for each position: a few options weighed in a loop cost less than
        # hashing a key that holds the position (the options are remembered by it).
        held = game.students[colour].resources
        found = here[slot] = _chosen(game, _options(game, colour), held, closing)
    return found


def _chosen(game: Game, options: tuple[Target, ...], held: Resources, closing: bool) -> Target:
    """Return `target`'s choice among `options` for a student holding `held`: the first of
    the best (plain loops, not `max` over a key: the compiled build keeps them native)."""
    if not options:
        return Target(level_cost(game, ASSIGNMENT), 0.0)
    best = options[0]
    if closing:
        # The nearest to affordable, then the cheapest, then the worthiest.
        nearest = (lacking(held, best.cost), total(best.cost), -best.value)
        for option in options[1:]:
            rank = (lacking(held, option.cost), total(option.cost), -option.value)
            if rank < nearest:
                best, nearest = option, rank
        return best
    top = best.worth(held)
    for option in options[1:]:
        worth = option.worth(held)
        if worth > top:
            best, top = option, worth
    return best


_TARGETS: Memo[Target] = Memo()


_OPTIONS: Memo[tuple[Target, ...]] = Memo()


def _options(game: Game, colour: Colour) -> tuple[Target, ...]:
    """Return the builds the student could save for, each with what it is worth: the next
    level of each criterion, an assignment on each spot in reach, else a goal toward one.

    Worked out once for each position of the student's network (`watan.players.memo`).
    """
    return _OPTIONS.about(game, colour, position_key, _worked_options)


def _worked_options(game: Game, colour: Colour) -> tuple[Target, ...]:
    """Return `_options`, worked out."""
    options: list[Target] = []
    spot = even_spot_values(game)
    for criterion in game.students[colour].criteria:
        cost = improvement_cost(game, criterion)
        if cost is not None:
            options.append(Target(cost, 1 + 3 * spot[criterion]))
    assignment = level_cost(game, ASSIGNMENT)
    spots = reachable_spots(game, colour)
    options += [Target(assignment, 1 + 3 * spot[c]) for c in spots]
    if not spots:
        goal_cost = game.rules.goal_cost
        ends = frontier_goals(game, colour)
        options += [
            Target(goal_cost, 0.6 / (1 + distance) + 2 * spot[ends[goal]])
            for goal, distance in goal_distances(game, colour).items()
        ]
    return tuple(options)


def needs(game: Game, colour: Colour, saving: Target | None = None) -> Weights:
    """Return how much the student wants one more of each resource.

    What its target (`saving`, else greedy's) lacks counts most; beyond that,
    a resource is worth less the more of it the student already holds.
    """
    held = game.students[colour].resources
    cost = (saving or target(game, colour)).cost
    return (
        _wanted(held[0], cost[0]),
        _wanted(held[1], cost[1]),
        _wanted(held[2], cost[2]),
        _wanted(held[3], cost[3]),
        _wanted(held[4], cost[4]),
    )


def _wanted(held: int, cost: int) -> float:
    """Return how much one more of a resource is wanted, holding `held` of it for a target
    that costs `cost` of it (`needs`)."""
    if held < cost:
        return 1.0 + cost - held
    if held == cost and cost:
        return KEPT
    return 0.3 / (1 + (held - cost) / 3)


def standing(game: Game, colour: Colour, held: Resources) -> float:
    """Return how well `held` serves the student: the best of the builds it could save for,
    each worth what it brings less `LACK_WEIGHT` for every unit still missing (`target`'s
    measure)."""
    options = _options(game, colour)
    if not options:
        return 0.0
    best = options[0].worth(held)
    for option in options[1:]:
        best = max(best, option.worth(held))
    return best


def trade_gain(game: Game, colour: Colour, *, gets: int, gives: int) -> float:
    """Return how much better placed the student is after a trade of one `gives` for one
    `gets` than before it (`standing`): positive only when the trade helps its builds."""
    held = list(game.students[colour].resources)
    before = standing(game, colour, game.students[colour].resources)
    held[gets] += 1
    held[gives] -= 1
    return standing(game, colour, (held[0], held[1], held[2], held[3], held[4])) - before


def steal_value(game: Game, wants: Weights) -> float:
    """Return what a roll of 7 is worth to the roller: the best steal and its own tile freed
    from the geese, less what it loses.

    A student holding 10 or more (the rules' `losses_from`) loses half (spec §3.6), in
    proportion to what it holds.
    The geese stop the roller's own yield on their tile until someone moves them, so moving
    them away is worth a few rolls of that yield.
    """
    me = game.turn
    best = 0.0
    geese = game.geese
    for victim, student in enumerate(game.students):
        held = student.resources
        # Robbable: another student holding something, with a criterion on a tile the
        # geese could be moved to (`victims` of some tile but theirs).
        if victim == me or not any(held) or not any(
            tile != geese for c in student.criteria for tile in CRITERION_TILES[c]
        ):
            continue
        best = max(best, weighed(held, wants) / total(held))
    mine = game.students[me].resources
    count = total(mine)
    loss = 0.0
    if count >= game.rules.losses_from:
        loss = (count // 2) * weighed(mine, wants) / count
    return best + freed_value(game, wants) - loss


def freed_value(game: Game, wants: Weights) -> float:
    """Return what moving the geese off their tile is worth to the student whose turn it is:
    a few rolls of its own yield there, when the geese choke a resource (`chokes`)."""
    if not _choked(game):
        return 0.0
    me = game.turn
    blocked = game.board[game.geese].resource
    levels = sum(
        game.criterion_level[c] for c in TILE_CRITERIA[game.geese] if game.criterion_owner[c] == me
    )
    return FREED_ROLLS * levels * wants[blocked]


def _choked(game: Game) -> bool:
    """Return whether the geese choke a resource: see `chokes`."""
    return 0 <= game.geese < TILE_COUNT and chokes(game, game.geese)


def chokes(game: Game, tile: int) -> bool:
    """Return whether geese on `tile` would hold back a resource nobody else yields and hardly
    anyone holds.

    Then nobody can build what needs it until the geese move again: the game stalls.
    """
    board = game.board
    blocked = board[tile].resource
    if blocked not in HELD:
        return False
    held = 0
    for student in game.students:
        held += student.resources[blocked]
    if held >= SCARCE:
        return False
    owner = game.criterion_owner
    for number, other in enumerate(board):
        if other.resource is blocked and number != tile:
            for criterion in TILE_CRITERIA[number]:
                if owner[criterion] >= 0:
                    return False  # someone else yields it
    return True


def geese_move(game: Game) -> PlaceGeese:
    """Return the geese on the tile that costs the others most, robbing the leader there."""
    tile = -1
    best: tuple[float, int] | None = None
    for other in range(TILE_COUNT):  # the most harmful, the lowest numbered on a tie
        if other != game.geese:
            rank = (_harm(game, other), -other)
            if best is None or rank > best:
                tile, best = other, rank
    robbed = victims(game, TileId(tile))
    return PlaceGeese(tile=tile, victim=leader(game, robbed) if robbed else None)


def _harm(game: Game, tile: int) -> float:
    """Return how much geese on `tile` cost the others (`geese_move`): what their criteria
    there yield, more for a student nearer the win, less what the student whose turn it is
    loses, and much less for a tile that chokes a resource."""
    me = game.turn
    value = game.board[tile].value
    owners, levels = game.criterion_owner, game.criterion_level
    hurt = 0.0
    for criterion in TILE_CRITERIA[tile]:
        owner = owners[criterion]
        if owner < 0:
            continue
        level = levels[criterion] * PIPS[value]
        hurt += -2 * level if owner == me else level * (1 + points(game, COLOURS[owner]) / 5)
    choking = CHOKING if chokes(game, tile) else 0.0
    return hurt + (1 if victims(game, TileId(tile)) else 0) - choking


def _resources_at(game: Game, criterion: int) -> set[int]:
    return {resource for _, resource, _ in criterion_tiles(game.board)[criterion]}
