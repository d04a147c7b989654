"""`master`: the expert's play, with its real choices searched on the engine itself.

Every student loads its dice (spec §2.8.1), so a number pays whoever has criteria on it each
time someone chooses it: about half of what computers gain comes on the others' rolls, and
what tells winners from losers among experts is that half.  So the master weighs a place by
what it yields on the rolls the students will choose (`chosen_rolls`, `round_income`), not
on fair dice: where it places its first assignments and what it builds.  It scores its rolls
as the expert does, but a unit its roll gives a rival counts as much against the roll as a
unit it gains itself (`ROLL_RIVALRY`): it rolls the numbers that are its own.  Against a
rival of its own kind (a seat the game says its strategy plays too) it rolls as the expert
does (`KIN_ROLL_RIVALRY`): masters who each roll only their own numbers starve one another,
and a table of them would grind on (docs/decisions.md, "The default strategy").  With no
rival of its own kind it rolls a 7 whenever the 7 scores best, where the expert rolls one
only when it pays the roller more than any other roll would (`_sevens_filtered`).  Its
trades, its answers and the geese are the expert's.  Where a choice shapes the whole game,
it searches:

- **its first two assignments.**  The best few spots (by what one loaded roll yields, and
  what the spot yields on the numbers the others roll) are each tried: the rest of the
  setup placed as greedy places at a greedy seat and as the expert would at any other,
  then the game played on for `PLACE_ROUNDS` rounds, every student as `greedy` plays, on
  the real rules (`decide`, then `apply`: production, losses, steals, trades), several
  times over; the spot whose playouts end with the best chance of winning (`value`) is
  taken;
- **its builds**, when more than one is worth making: each is made, and the rest of the
  turn's builds after it, and the position valued: at once beside a fellow master, and with
  none at the table after the game is played on as for its roll (below);
- **its roll**, with no fellow master at the table: the expert's best few rolls at a first
  glance are each made, its builds after it, and the game played on `ROLL_ROUNDS` rounds
  as greedy plays, a few times over; the roll whose playouts the value likes best is made.

The value of a position is each student's chance of winning as a conditional logit of a
few features of its position (`FEATURES`): course criteria, what its criteria yield on the
best roll it can choose and on fair dice, what its target lacks, what it holds, the spots
in its reach, the turns until its own and the goals it has achieved.  The weights were
learnt from the master's own games against three experts with the simulator
(`benchmarks/learn_master.py`, shipped in `watan.players.master_weights`).

The search is budgeted in commands played out, not in seconds, so that the same seed
gives the same moves on any machine: `NODES` for a placement by default; `think` seconds
give `NODES_PER_SECOND` commands a second instead (`watan play --think`), a rate measured
on this project's development machine.  Random outcomes inside a playout are drawn from
the master's own generator.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from watan.engine.commands import AnyCommand, Complete, Improve, Next, Offer
from watan.engine.decide import harvest
from watan.engine.dice import HIGHEST_ROLL, LOWEST_ROLL, ROLLS
from watan.engine.moves import legal_builds, legal_commands
from watan.engine.resources import HELD
from watan.engine.state import COLOURS, HUMAN, Colour, Game, Phase
from watan.players.computer import mypyc_attr
from watan.players.expert import NEED_OF_COSTS, ExpertPlayer, _placement_value
from watan.players.expert import ROLL_RIVALRY as EXPERT_ROLL_RIVALRY
from watan.players.greedy import GreedyPlayer, target
from watan.players.master_weights import WEIGHTS
from watan.players.measures import (
    PIPS,
    Weights,
    criterion_tiles,
    lacking,
    points,
    reachable_spots,
)
from watan.players.memo import Memo

PLACEMENTS = 8
"""Spots searched for an initial assignment: the expert's best few at a first glance."""
PLACE_ROUNDS = 8
"""Rounds a placement's playout goes on after the setup: eight, not four, because the value
tells the students apart better the further a game has come (`benchmarks/learn_master.py`
prints it by stage), and four rounds past the setup it tells little more than chance."""
NODES = 8000
"""Commands played out to choose an initial assignment, by default: six or seven playouts of
each spot, about two thirds of a second of processor time on this project's development
machine (`NODES_PER_SECOND`)."""
NODES_PER_SECOND = 12000
"""Commands the master plays out in a second of processor time on this project's
development machine, in playouts of `PLACE_ROUNDS` rounds (a median of about 12,300 over 12
placements of 8,000, timed in whole games against three experts): how `think` seconds
become commands."""
ROLL_CHOICES = 3
"""Rolls a master with no fellow master at its table searches: the expert's best few at a
first glance (its `_scored_rolls`)."""
ROLL_PLAYOUTS = 4
"""Playouts of each roll searched, by default, and of each build searched with it;
`think` seconds raise them as they raise `NODES`."""
ROLL_ROUNDS = 2
"""Rounds a roll's playout goes on, and a build's: the expert plays out one and adds its
standing to what the roll brings at once; two, valued by the learnt value alone, chose
better rolls against three `greedy` (docs/decisions.md, "The master's roll searched, round
eleven")."""
FEATURES = (
    "course criteria", "income on its best roll", "income on fair dice",
    "units its target lacks", "resources held", "spots in reach (at most 2)",
    "turns until its own", "goals achieved",
)
"""What the learnt value weighs of each student's position, in `WEIGHTS` order."""
GEESE_ROLL = 7
ROLL_RIVALRY = 1.0
"""How much a unit a rival gains from the master's roll counts against a unit it gains: as
much, since what a rival gains on the master's number it gains every time the master rolls
it (the expert counts a tenth)."""
KIN_ROLL_RIVALRY = EXPERT_ROLL_RIVALRY
"""How much a unit a rival of the master's own kind gains from its roll counts: as the expert
counts it.  Each master who denies the others its numbers is denied theirs, and a table of
masters then produces little and rolls 7s (the figures are in docs/decisions.md, "The
default strategy")."""
ROUND_TO_SPOT = 1 / 17
"""What turns a change in `round_income` into greedy's measure of a spot (what it yields on
one roll of fair dice, every resource alike): a round is four rolls, and `NEED_OF_COSTS`
weighs a resource about four."""
PRODUCING_ROLLS = tuple(roll for roll in range(LOWEST_ROLL, HIGHEST_ROLL + 1) if roll != GEESE_ROLL)
"""The rolls that produce."""


@mypyc_attr(allow_interpreted_subclasses=True)  # the compiled build: see `computer`
class MasterPlayer(ExpertPlayer):
    """The expert, searching its first assignments and its builds on the engine."""

    name = "master"
    roll_rivalry = ROLL_RIVALRY

    def __init__(self, rng: random.Random, think: float | None = None) -> None:
        super().__init__(rng)
        self.nodes = NODES if think is None else max(1, round(think * NODES_PER_SECOND))
        """Commands played out to choose an initial assignment."""
        self.roll_playouts = max(1, round(ROLL_PLAYOUTS * self.nodes / NODES))
        """Playouts of each roll searched (`_roll`)."""

    def _roll_rivalry(self, game: Game, rival: Colour) -> float:
        """Return how much a unit `rival` gains from this player's roll counts against its own:
        `KIN_ROLL_RIVALRY` when the game says the rival's seat is played by the same computer
        strategy as the roller's (`Game.seats`, public to every seat), else `ROLL_RIVALRY`."""
        return KIN_ROLL_RIVALRY if _kin(game, rival) else self.roll_rivalry

    def _alone_of_its_kind(self, game: Game) -> bool:
        """Return whether no rival's seat is played by the master's own strategy (`_kin`)."""
        return not any(_kin(game, rival) for rival in COLOURS if rival != game.turn)

    def _roll(self, game: Game) -> int:
        """Return the loaded roll to make: with a fellow master at the table, the expert's;
        alone of its kind, of the expert's best `ROLL_CHOICES` rolls at a first glance, the
        one whose position, its builds made and `ROLL_ROUNDS` rounds played out as greedy
        plays (`_playout`, `roll_playouts` times), the value likes best in sum (ties to the
        expert's order).

        A loaded roll is the one decision a student makes every turn (spec §2.8.1), and what
        it brings shows a round or two on: the rival it feeds builds, the geese it sends stay.
        With it a lone master won 82.8% of 400 games against three `greedy` (74.8% rolling
        as the expert does) and 67.5% against three experts (64.2%; docs/decisions.md, "The
        master's roll searched, round eleven").  Among masters the expert's roll stays, as
        the 7 test does (`_sevens_filtered`): a table of them was not measured with it."""
        if not self._alone_of_its_kind(game):
            return super()._roll(game)
        me = game.turn
        scored = self._scored_rolls(game)[:ROLL_CHOICES]
        if len(scored) == 1:
            return -scored[0][1]
        totals = [self._searched(self._built(after), me) for _, _, after in scored]
        best = max(range(len(scored)), key=lambda n: (totals[n], -n))
        return -scored[best][1]

    def _sevens_filtered(self, game: Game) -> bool:
        """Return whether the expert's test for a 7 (it must pay the roller more than the best
        other roll) holds: only when a rival's seat is played by the master's own strategy.
        Alone of its kind the master scores the 7 as any other roll, what its rivals lose to
        the geese counted as it counts what they gain; the experts and greedy players it then
        hits do not answer with 7s of their own, so no 7-war starts, and the master wins more
        (docs/decisions.md, "master's 7, round nine").  Masters who each roll that 7 starve
        one another (four of them: 29% of rolls were loaded 7s), so among its kin the test stays."""
        return not self._alone_of_its_kind(game)

    def _placement(self, game: Game) -> Complete:
        """Return, of the expert's best few initial assignments, the one whose position once
        setup ends (everyone else placing as `_setup_placement` expects) gives it the best
        chance."""
        me = game.turn
        own = game.students[me].criteria
        legal = [c.criterion for c in legal_commands(game) if isinstance(c, Complete)]

        def worth(criterion: int) -> float:
            rivals = round_income(game, me, spot_yields(game, criterion)) - round_income(
                game, me, spot_yields(game, criterion), own_roll=False
            )
            return _placement_value(game, (*own, criterion)) + rivals

        ranked = sorted(legal, key=lambda c: (worth(c), -c), reverse=True)
        candidates: list[tuple[int, Game]] = []
        for criterion in ranked[:PLACEMENTS]:
            after = self._try(game, Complete(criterion=criterion))
            while after is not None and after.phase is Phase.SETUP:
                after = self._try(after, self._setup_placement(after))
            if after is not None:
                candidates.append((criterion, after))
        # Each candidate is played out as often as the others, until the budget is spent.
        totals = [0.0] * len(candidates)
        spent = 0
        while spent < self.nodes and candidates:
            for n, (_, after) in enumerate(candidates):
                sample, steps = self._played_out(after, PLACE_ROUNDS, me)
                totals[n] += sample
                spent += steps
        if not candidates:
            return Complete(criterion=ranked[0])
        best = max(range(len(candidates)), key=lambda n: (totals[n], -n))
        chosen = candidates[best][0]
        return Complete(criterion=chosen)

    def _setup_placement(self, game: Game) -> Complete:
        """Return the initial assignment the placement search expects of the student whose
        turn it is: greedy's own at a seat the game says greedy plays (`Game.seats`), else
        the expert's (the master's own next assignment among them).

        Greedy's placement reads only the board and the criteria placed, and draws nothing at
        random, so a greedy rival's is known exactly, as an expert rival's is; the expert's
        was the search's guess at every seat before, and greedy takes other spots (it weighs
        fair pips, the expert the best values): modelled as placed, a lone master won 372 of
        400 paired games against three `greedy` where it had won 353 (docs/decisions.md, "The
        master's setup by seat, round thirteen")."""
        if game.seats[game.turn] == GreedyPlayer.name:
            return GreedyPlayer._placement(self, game)
        return ExpertPlayer._placement(self, game)

    def _value(self, game: Game, me: Colour) -> float:
        """Return `me`'s chance of winning from `game` as this player's search sees it: the
        learnt value (`value`).  A method, so that a strategy built on the master may search
        with a value of its own."""
        return value(game, me)

    def _searched(self, start: Game, me: Colour) -> float:
        """Return what `me`'s value makes of `start` played on `ROLL_ROUNDS` rounds as greedy
        plays, summed over `roll_playouts` playouts: how the roll and build searches weigh a
        position once their candidate is made."""
        samples = (self._played_out(start, ROLL_ROUNDS, me) for _ in range(self.roll_playouts))
        return sum((sample for sample, _ in samples), 0.0)

    def _played_out(self, start: Game, rounds: int, me: Colour) -> tuple[float, int]:
        """Return what `me`'s value (`_value`) makes of `start` played on `rounds` rounds as
        greedy plays (`_playout`), and the commands played: one sample of where a choice
        leads, which the placement search sums for each spot, and `_searched` for each roll
        or build."""
        ended, steps = self._playout(start, rounds)
        return self._value(ended, me), steps

    def _playout(self, game: Game, rounds: int) -> tuple[Game, int]:
        """Return the game after `rounds` rounds more (or its end), every student played as
        greedy plays, on the real rules, and the commands played."""
        model = [GreedyPlayer(random.Random(self.rng.random())) for _ in COLOURS]
        turns = steps = 0
        while game.phase is not Phase.OVER and turns < rounds * len(COLOURS):
            steps += 1
            player = model[game.turn]
            move = player.move(game)
            if isinstance(move, Offer):
                move = move.answered(model[move.partner].answer(game, move))
            after = self._try(game, move) or self._try(game, Next())
            if after is None:
                break
            turns += after.turn != game.turn
            game = after
        return game, steps

    def _worth(self, game: Game, build: AnyCommand, wants: Weights) -> float:
        """Return what a build is worth now: greedy's measure, but a new or improved criterion
        by what it adds to the student's `round_income`, not by fair dice."""
        match build:
            case Improve(criterion=criterion) | Complete(criterion=criterion):
                me = game.turn
                more = spot_yields(game, criterion)
                added = round_income(game, me, more) - round_income(game, me)
                return 1 + 3 * ROUND_TO_SPOT * added
            case _:
                return super()._worth(game, build, wants)

    def _turn_build(self, game: Game) -> AnyCommand | None:
        """Return, of the builds worth making now, the one whose position, once the rest of
        the turn's builds are made too (as greedy's measure makes them), is worth most: with
        no fellow master at the table, played on as its roll is (`_searched`), the value's sum
        over the playouts; beside one, the value at once (ties to greedy's measure, then to
        the first listed).

        Which build comes first decides what the rest of the turn can build and what the
        next rolls pay for (spec §3.1-§3.3), and that shows a round or two on: so searched,
        a lone master won 86.2% of 400 games against three `greedy` (82.8% valuing the
        position at once) and as many as before against three experts (docs/decisions.md,
        "The master's builds searched, round twelve").  Among masters the builds are valued
        at once and the roll is the expert's: a table of masters searching was not measured."""
        wants = self._needs(game, game.turn)
        worth = [(self._worth(game, build, wants), build) for build in legal_builds(game)]
        worth = [(score, build) for score, build in worth if score > 0]
        if len(worth) <= 1:
            return worth[0][1] if worth else None
        me = game.turn
        searched = self._alone_of_its_kind(game)
        ranked: list[tuple[tuple[float, float, int], AnyCommand]] = []
        for n, (score, build) in enumerate(worth):  # best first; ties to the first listed
            after = self._try(game, build)
            if after is None:
                continue
            start = self._built(after)
            seen = self._searched(start, me) if searched else self._value(start, me)
            ranked.append(((seen, score, -n), build))
        return max(ranked, key=lambda ranked_build: ranked_build[0])[1] if ranked else None


_ROLL_YIELDS: Memo[tuple[tuple[float, ...], ...]] = Memo()


def _kin(game: Game, rival: Colour) -> bool:
    """Return whether the game says `rival`'s seat is played by the same computer strategy as
    the seat whose turn it is (`Game.seats`, public to every seat)."""
    mine = game.seats[game.turn]
    return mine != HUMAN and game.seats[rival] == mine


def roll_yields(game: Game) -> tuple[tuple[float, ...], ...]:
    """Return, for each student and each value of the dice (indexed by value), what its
    criteria yield on that roll, each resource weighed by how much builds need it
    (`NEED_OF_COSTS`); nothing on a 7 (the geese move instead, spec §3.6)."""
    answers = _ROLL_YIELDS.answers(game)
    key = (game.criterion_owner, game.criterion_level, game.geese)
    found = answers.get(key)
    if found is None:
        table = [[0.0] * (HIGHEST_ROLL + 1) for _ in COLOURS]
        for roll in PRODUCING_ROLLS:
            for colour, gained in enumerate(harvest(game, roll)):
                table[colour][roll] = float(sum(gained[r] * NEED_OF_COSTS[r] for r in HELD))
        found = answers[key] = tuple(tuple(row) for row in table)
    return found


def chosen_rolls(game: Game) -> tuple[int | None, ...]:
    """Return the roll each student is expected to choose with loaded dice: the one whose
    yield (`roll_yields`) is most, the nearer 7 on a tie; None for one that yields nothing."""
    return tuple(_chosen_roll(row) if any(row) else None for row in roll_yields(game))


def _chosen_roll(row: tuple[float, ...]) -> int:
    """Return the roll that yields most in `row` (what each roll yields), the nearer 7 on a
    tie.  Its own function: compiled, a key over the generator's variable is not bound."""
    return max(PRODUCING_ROLLS, key=lambda roll: (row[roll], -abs(roll - GEESE_ROLL)))


NO_YIELD = (0.0,) * (HIGHEST_ROLL + 1)


def spot_yields(game: Game, criterion: int) -> tuple[float, ...]:
    """Return what one more level at `criterion` yields on each value of the dice, weighed as
    `roll_yields` weighs it; the geese's tile yields nothing (spec §2.3)."""
    added = [0.0] * (HIGHEST_ROLL + 1)
    for tile, resource, roll in criterion_tiles(game.board)[criterion]:
        if tile != game.geese and roll != GEESE_ROLL:
            added[roll] += NEED_OF_COSTS[resource]
    return tuple(added)


def round_income(
    game: Game, colour: Colour, added: Sequence[float] = NO_YIELD, *, own_roll: bool = True
) -> float:
    """Return what `colour`'s criteria (with `added` yields, `spot_yields`) bring in a round
    in which every other student rolls its `chosen_rolls` and it rolls its own best: what
    loaded dice make a place worth.  Without `own_roll`, only the others' rolls."""
    mine = [have + more for have, more in zip(roll_yields(game)[colour], added, strict=True)]
    rolls = chosen_rolls(game)
    others = (roll for c, roll in enumerate(rolls) if c != colour and roll is not None)
    income = sum((mine[roll] for roll in others), 0.0)
    return income + (max(mine[roll] for roll in PRODUCING_ROLLS) if own_roll else 0.0)


_INCOMES: Memo[tuple[tuple[float, float], ...]] = Memo()


def incomes(game: Game) -> tuple[tuple[float, float], ...]:
    """Return, for each student, what its criteria yield, each resource weighed by how much
    builds need it: on the best roll it can choose (its own turn, loaded dice), and on
    average over the rolls of two fair dice (roughly, the others' turns)."""
    answers = _INCOMES.answers(game)
    key = (game.criterion_owner, game.criterion_level, game.geese)
    found = answers.get(key)
    if found is None:
        best = [0.0] * len(COLOURS)
        spread = [0.0] * len(COLOURS)
        for roll in range(LOWEST_ROLL, HIGHEST_ROLL + 1):
            if roll == GEESE_ROLL:
                continue
            for colour, gained in enumerate(harvest(game, roll)):
                worth = sum(gained[r] * NEED_OF_COSTS[r] for r in HELD) / 4
                best[colour] = max(best[colour], worth)
                spread[colour] += PIPS[roll] * worth / ROLLS
        found = answers[key] = tuple(zip(best, spread, strict=True))
    return found


def features(game: Game, colour: Colour) -> tuple[float, ...]:
    """Return what the learnt value weighs of one student's position (`FEATURES`).

    Goals achieved are counted apart from the spots in reach (which stop at two): each goal
    is a STUDY and a TUTORIAL already spent on a way toward criteria further on, one no
    rival can take any more (spec §2.6), and the income features see nothing of it until a
    criterion stands at its end."""
    student = game.students[colour]
    best, spread = incomes(game)[colour]
    held = student.resources
    return (
        float(points(game, colour)),
        best,
        spread,
        float(lacking(held, target(game, colour).cost)),
        float(sum(held)),
        float(min(2, len(reachable_spots(game, colour)))),
        float((colour - game.turn) % len(COLOURS)),
        float(len(student.goals)),
    )


def chances(game: Game) -> tuple[float, ...]:
    """Return each student's chance of winning from `game`, as the learnt value sees it:
    a share of the strengths `exp(WEIGHTS . features)` (a conditional logit)."""
    if game.phase is Phase.OVER:
        return tuple(1.0 if c == game.winner else 0.0 for c in COLOURS)
    scores = [
        sum((w * f for w, f in zip(WEIGHTS, features(game, c), strict=True)), 0.0)
        for c in COLOURS
    ]
    top = max(scores)
    strengths = [math.exp(score - top) for score in scores]
    total = sum(strengths, 0.0)
    return tuple(strength / total for strength in strengths)


def value(game: Game, me: Colour) -> float:
    """Return `me`'s chance of winning from `game` (`chances`)."""
    return chances(game)[me]
