"""The computer strategies' strength and speed, against the targets of the issue that made them.

Run: python benchmarks/bench_players.py [--games 400] [--seed 1] [--workers 2]

- expert against three greedy, seats rotated: expert's share of wins (target at least 40%);
- greedy against three random: greedy's share (target at least 80%);
- four greedy: the median game length in turns (target at most 150);
- the time each strategy takes to decide a move (`move` or `answer`), median over every
  decision of some expert-versus-greedy games (targets: expert 50 ms, greedy 2 ms).

Shares come with their 95% Wilson interval; this machine is shared, so the times are medians.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from replay.tournaments import game_seeds
from watan.editions import edition
from watan.engine.commands import AnyCommand, Move, Offer
from watan.engine.decide import Refusal
from watan.engine.events import GameStarted
from watan.engine.evolve import start
from watan.engine.layout import random_board
from watan.engine.state import Colour, Game
from watan.players import seat_generator, strategy
from watan.players.table import Player, Table, play
from watan.tools.simulate import seating, simulate, summarise

WATAN = edition("watan")

TURN_CAP = 1000


class Timed:
    """A strategy whose every decision is timed."""

    def __init__(self, inner: Player, name: str, times: dict[str, list[float]]) -> None:
        self.inner, self.times = inner, times.setdefault(name, [])

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


def share(players: tuple[str, ...], games: int, seed: int, workers: int) -> str:
    """Return the first strategy's share of wins over `games` games, with its interval."""
    began = time.perf_counter()
    results = simulate(
        seed, games, players=players, workers=workers, turn_cap=TURN_CAP, edition=WATAN.name
    )
    summary = summarise(results, players)
    first = summary.standings[0]
    low, high = first.interval()
    return (
        f"{first.strategy} wins {first.wins} of {first.games} ({first.share:.1%}, 95% interval "
        f"{low:.1%}-{high:.1%}); median {summary.median_turns:.0f} turns; "
        f"{summary.games - summary.finished} stopped at {TURN_CAP} turns; "
        f"{time.perf_counter() - began:.0f} s"
    )


def decision_times(games: int, seed: int) -> dict[str, list[float]]:
    """Return every decision's time, by strategy, in `games` expert-versus-greedy games."""
    times: dict[str, list[float]] = {}
    for index, game_seed in enumerate(game_seeds(seed, games)):
        rng = random.Random(game_seed)
        board = random_board(rng)
        game = start(
            GameStarted(edition=WATAN.name, rules=WATAN.rules, seed=game_seed, board=board)
        )
        seats = seating(("expert", "greedy", "greedy", "greedy"), index)
        players = {
            colour: Timed(strategy(name, seat_generator(game_seed, 1, colour)), name, times)
            for colour, name in zip(Colour, seats, strict=True)
        }
        play(game, _table(players), rng, lambda *_: None, TURN_CAP)
    return times


def _table(players: dict[Colour, Timed]) -> Table:
    """Return a table seating these players, whoever the game says plays each seat."""
    return Table(lambda colour, _: players[colour])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    options = parser.parse_args()
    games, seed, workers = options.games, options.seed, options.workers
    for players, goal in (
        (("expert", "greedy", "greedy", "greedy"), "expert's share at least 40%"),
        (("greedy", "random", "random", "random"), "greedy's share at least 80%"),
        (("greedy",) * 4, "a median of at most 150 turns"),
    ):
        print(f"{' vs '.join(players)}: {share(players, games, seed, workers)}; target {goal}")
    times = decision_times(max(10, games // 20), seed)
    for name, target in (("expert", 50.0), ("greedy", 2.0)):
        taken = sorted(times[name])
        median = statistics.median(taken) * 1000
        tenth = taken[int(len(taken) * 0.9)] * 1000
        print(
            f"{name} decides in {median:.2f} ms median, {tenth:.2f} ms at the 90th percentile, "
            f"{taken[-1] * 1000:.1f} ms at most ({len(taken)} decisions); "
            f"target {target:g} ms median"
        )
    print(f"command: python benchmarks/bench_players.py --games {games} --seed {seed} "
          f"--workers {workers}")


if __name__ == "__main__":
    main()
