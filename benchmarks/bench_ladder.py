"""The ladder: every strategy against every other, a rating for each, win rates and speed.

Run: python benchmarks/bench_ladder.py [--games 100] [--seed 1] [--workers 2]
         [--strategies random greedy expert master] [--extra package.module:Factory ...]

For every ordered pair of strategies (A, B), `--games` games of A against three B are
played, seats rotated (as `watan simulate` plays them).  Printed:

- a rating for each strategy: a Bradley-Terry model fitted to every game, each game read as
  its winner beating each of the three others (a game nobody won says nothing), on the Elo
  scale (400 points: ten to one) with `greedy` at 1500, and a 95% interval from 200
  bootstrap resamples of the games;
- the pairwise table: A's share of wins against three B (parity 25%);
- each strategy's speed: the median and longest time it took to decide a move or an
  answer, over every decision of a few games of it against three `expert`.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence

from replay.tournaments import game_seeds
from watan.editions import edition
from watan.engine.commands import AnyCommand, Move, Offer
from watan.engine.decide import Refusal
from watan.engine.events import GameStarted
from watan.engine.evolve import start
from watan.engine.layout import random_board
from watan.engine.state import COLOURS, NOBODY, Colour, Game
from watan.players import seat_generator, strategy
from watan.players.table import Player, Table, play
from watan.tools.simulate import GameResult, seating, tournament

ANCHOR = ("greedy", 1500.0)
WATAN = edition("watan")
Win = tuple[str, str]
"""A winner and one of the strategies it beat."""


def wins(result: GameResult) -> list[Win]:
    """Return what one game says: its winner beat each of the three others."""
    if result.winner == NOBODY:
        return []
    won = result.seats[result.winner]
    return [(won, seat) for n, seat in enumerate(result.seats) if n != result.winner]


def bradley_terry(names: Sequence[str], beaten: Sequence[Win], rounds: int = 200) -> list[float]:
    """Return each strategy's strength fitted by the MM algorithm (Hunter 2004), with a
    little prior (one win and one loss against a strength-one opponent) so that a strategy
    that never wins, or never loses, keeps a finite strength."""
    won = Counter(winner for winner, _ in beaten)
    meetings = Counter(frozenset(pair) for pair in beaten if pair[0] != pair[1])
    strength = dict.fromkeys(names, 1.0)
    for _ in range(rounds):
        fresh = {}
        for name in names:
            below = 2 / (strength[name] + 1.0)
            for pair, count in meetings.items():
                if name in pair:
                    (other,) = pair - {name}
                    below += count / (strength[name] + strength[other])
            fresh[name] = (won[name] + 1) / below
        scale = math.exp(statistics.fmean(math.log(v) for v in fresh.values()))
        strength = {name: value / scale for name, value in fresh.items()}
    return [strength[name] for name in names]


def elo(strengths: Sequence[float], names: Sequence[str]) -> list[float]:
    """Return the strengths on the Elo scale, `ANCHOR`'s strategy at its rating."""
    anchor = strengths[names.index(ANCHOR[0])] if ANCHOR[0] in names else 1.0
    return [ANCHOR[1] + 400 * math.log10(s / anchor) for s in strengths]


class Timed:
    """A player whose every decision is timed."""

    def __init__(self, inner: Player, times: list[float]) -> None:
        self.inner, self.times = inner, times

    def move(self, game: Game) -> Move:
        began = time.perf_counter()
        move = self.inner.move(game)
        self.times.append(time.perf_counter() - began)
        return move

    def answer(self, game: Game, offer: Offer) -> bool:
        began = time.perf_counter()
        accepted = self.inner.answer(game, offer)
        self.times.append(time.perf_counter() - began)
        return accepted

    def refused(self, game: Game, command: AnyCommand, refusal: Refusal) -> None:
        self.inner.refused(game, command, refusal)


def decision_times(name: str, games: int, seed: int) -> list[float]:
    """Return how long `name` took over each of its decisions in `games` games against three
    `expert` (its seat rotating), one process."""
    times: list[float] = []
    for index, game_seed in enumerate(game_seeds(seed, games)):
        rng = random.Random(game_seed)
        game = start(GameStarted(edition="watan", rules=WATAN.rules, seed=game_seed,
                                 board=random_board(rng)))
        seats = seating((name, "expert", "expert", "expert"), index)
        players: list[Player] = []
        for colour, seat in zip(COLOURS, seats, strict=True):
            made = strategy(seat, seat_generator(game_seed, 1, colour))
            # The strategy timed sits where the rotation puts the first one named.
            players.append(Timed(made, times) if colour == index % len(COLOURS) else made)
        play(game, Table(_seats(players)), rng, lambda *_: None, 1000)
    return times


def _seats(players: list[Player]) -> Callable[[Colour, str], Player]:
    """Return who plays each seat: these players, whatever the game names."""

    def seat(colour: Colour, _: str) -> Player:
        return players[colour]

    return seat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games of each ordered pair")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--strategies", nargs="*",
                        default=["random", "greedy", "expert", "master"])
    parser.add_argument("--extra", nargs="*", default=[], help="more strategies, by reference")
    parser.add_argument("--timed-games", type=int, default=4)
    options = parser.parse_args()
    names = [*options.strategies, *options.extra]
    results: list[GameResult] = []
    share: dict[tuple[str, str], float] = {}
    began = time.perf_counter()
    for first, second in itertools.permutations(names, 2):
        players = (first, second, second, second)
        played = tournament(options.seed, options.games, players=players,
                          workers=options.workers, edition="watan")
        results += played
        share[first, second] = sum(
            r.winner != NOBODY and r.seats[r.winner] == first for r in played
        ) / len(played)
    ratings = elo(bradley_terry(names, [w for r in results for w in wins(r)]), names)
    resampler = random.Random(options.seed)
    samples: list[list[float]] = []
    for _ in range(200):
        drawn = resampler.choices(results, k=len(results))
        samples.append(elo(bradley_terry(names, [w for r in drawn for w in wins(r)], 60), names))
    print(f"{len(results)} games ({options.games} of each ordered pair), seed {options.seed}, "
          f"{time.perf_counter() - began:.0f} s")
    print("| strategy | rating (95% interval) | median decision | longest |")
    print("|---|---|---|---|")
    for n in sorted(range(len(names)), key=lambda n: -ratings[n]):
        low, high = (sorted(s[n] for s in samples)[k] for k in (5, 194))
        taken = sorted(decision_times(names[n], options.timed_games, options.seed))
        print(f"| `{names[n]}` | {ratings[n]:.0f} ({low:.0f}-{high:.0f}) | "
              f"{statistics.median(taken) * 1000:.2f} ms | {taken[-1] * 1000:.0f} ms |")
    print()
    print("| A against three B: A's share of wins | " + " | ".join(names) + " |")
    print("|---|" + "---|" * len(names))
    for first in names:
        cells = ["—" if first == second else f"{share[first, second]:.0%}" for second in names]
        print(f"| `{first}` | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
