"""`master`: the expert's play, with its real choices searched on the engine itself.

Most decisions are plain, and the master makes them as the expert does (its rolls, its
trades, its answers, the geese).  Where a choice shapes the whole game, it searches:

- **its first two assignments.**  The expert's best few spots (by what one loaded roll
  yields) are each tried: the rest of the setup placed as the expert would, then the game
  played on for `PLACE_ROUNDS` rounds, every student as `greedy` plays, on the real rules
  (`decide`, then `apply`: production, losses, steals, trades), several times over; the
  spot whose playouts end with the best chance of winning (`value`) is taken;
- **its builds**, when more than one is worth making: each is made, and the rest of the
  turn's builds after it, and the position valued.

The value of a position is each student's chance of winning as a conditional logit of a
few features of its position (`FEATURES`): course criteria, what its criteria yield on the
best roll it can choose and on fair dice, what its target lacks, what it holds, the spots
in its reach and the turns until its own.  The weights were learnt from self-play with the
simulator (`benchmarks/learn_master.py`, shipped in `watan.players.master_weights`).

The search is budgeted in commands played out, not in seconds, so that the same seed
gives the same moves on any machine: `NODES` for a placement by default; `think` seconds
give `NODES_PER_SECOND` commands a second instead (`watan play --think`), a rate measured
on this project's development machine.  Random outcomes inside a playout are drawn from
the master's own generator.
"""

from __future__ import annotations

import math
import random

from watan.engine.commands import AnyCommand, Complete, Next, Offer
from watan.engine.decide import harvest
from watan.engine.dice import HIGHEST_ROLL, LOWEST_ROLL
from watan.engine.moves import legal_builds, legal_commands
from watan.engine.resources import HELD
from watan.engine.state import COLOURS, Colour, Game, Phase
from watan.players.expert import NEED_OF_COSTS, ExpertPlayer, _placement_value
from watan.players.greedy import GreedyPlayer, target
from watan.players.master_weights import WEIGHTS
from watan.players.measures import PIPS, lacking, points, reachable_spots
from watan.players.memo import Memo

PLACEMENTS = 8
"""Spots searched for an initial assignment: the expert's best few at a first glance."""
PLACE_ROUNDS = 4
"""Rounds a placement's playout goes on after the setup."""
NODES = 4000
"""Commands played out to choose an initial assignment, by default: six or seven playouts of
each spot, about half a second on this project's development machine."""
NODES_PER_SECOND = 8000
"""Commands the master plays out a second on this project's development machine (4,000 in
0.44-0.65 s, timed over whole games): how `think` seconds become commands."""
FEATURES = (
    "course criteria", "income on its best roll", "income on fair dice",
    "units its target lacks", "resources held", "spots in reach (at most 2)",
    "turns until its own",
)
"""What the learnt value weighs of each student's position, in `WEIGHTS` order."""
GEESE_ROLL = 7


class MasterPlayer(ExpertPlayer):
    """The expert, searching its first assignments and its builds on the engine."""

    name = "master"

    def __init__(self, rng: random.Random, think: float | None = None) -> None:
        super().__init__(rng)
        self.nodes = NODES if think is None else max(1, round(think * NODES_PER_SECOND))
        """Commands played out to choose an initial assignment."""

    def _placement(self, game: Game) -> Complete:
        """Return, of the expert's best few initial assignments, the one whose position once
        setup ends (everyone else placing as the expert would) gives it the best chance."""
        me = game.turn
        own = game.students[me].criteria
        legal = [c.criterion for c in legal_commands(game) if isinstance(c, Complete)]
        ranked = sorted(legal, key=lambda c: (_placement_value(game, (*own, c)), -c), reverse=True)
        candidates: list[tuple[int, Game]] = []
        for criterion in ranked[:PLACEMENTS]:
            after = self._try(game, Complete(criterion=criterion))
            while after is not None and after.phase is Phase.SETUP:
                after = self._try(after, ExpertPlayer._placement(self, after))
            if after is not None:
                candidates.append((criterion, after))
        # Each candidate is played out as often as the others, until the budget is spent.
        totals = [0.0] * len(candidates)
        spent = 0
        while spent < self.nodes and candidates:
            for n, (_, after) in enumerate(candidates):
                ended, steps = self._playout(after, PLACE_ROUNDS)
                totals[n] += value(ended, me)
                spent += steps
        if not candidates:
            return Complete(criterion=ranked[0])
        best = max(range(len(candidates)), key=lambda n: (totals[n], -n))
        chosen = candidates[best][0]
        return Complete(criterion=chosen)

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

    def _turn_build(self, game: Game) -> AnyCommand | None:
        """Return, of the builds worth making now, the one whose position, once the rest of
        the turn's builds are made too (as greedy's measure makes them), is worth most."""
        wants = self._needs(game, game.turn)
        worth = [(self._worth(game, build, wants), build) for build in legal_builds(game)]
        worth = [(score, build) for score, build in worth if score > 0]
        if len(worth) <= 1:
            return worth[0][1] if worth else None
        me = game.turn
        best: tuple[float, float, int] | None = None
        chosen: AnyCommand | None = None
        for n, (score, build) in enumerate(worth):  # best first; ties to the first listed
            after = self._try(game, build)
            if after is None:
                continue
            rank = (value(self._built(after), me), score, -n)
            if best is None or rank > best:
                best, chosen = rank, build
        return chosen


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
                spread[colour] += PIPS[roll] * worth / 36
        found = answers[key] = tuple(zip(best, spread, strict=True))
    return found


def features(game: Game, colour: Colour) -> tuple[float, ...]:
    """Return what the learnt value weighs of one student's position (`FEATURES`)."""
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
