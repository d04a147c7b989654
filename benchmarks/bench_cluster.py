"""What a Dask cluster costs against local processes: `watan simulate --cluster local`.

Run: python benchmarks/bench_cluster.py [--games 200] [--rounds 3]

Plays the same tournament (greedy against three random) with two local
worker processes and with a local Dask cluster of two workers, in turns, and
prints the wall time of each and their ratio (the cluster's start included:
it is part of every run).  The results of both are checked to be the same.
"""

from __future__ import annotations

import argparse
import statistics
import time

from watan.tools.simulate import tournament

PLAYERS = ("greedy", "random", "random", "random")


def timed(games: int, seed: int, cluster: str | None) -> tuple[float, object]:
    began = time.perf_counter()
    results = tournament(seed, games, players=PLAYERS, workers=2, cluster=cluster, edition="watan")
    return time.perf_counter() - began, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    local: list[float] = []
    clustered: list[float] = []
    for number in range(options.rounds):
        seed = options.seed + number
        seconds, plain = timed(options.games, seed, None)
        local.append(seconds)
        seconds, spread = timed(options.games, seed, "local")
        clustered.append(seconds)
        assert spread == plain, "the cluster played other games"
    ratios = [c / p for c, p in zip(clustered, local, strict=True)]
    print(f"--workers 2: {statistics.median(local):.2f} s median for {options.games} games "
          f"({', '.join(f'{s:.2f}' for s in local)})")
    print(f"--cluster local (2 Dask workers): {statistics.median(clustered):.2f} s median "
          f"({', '.join(f'{s:.2f}' for s in clustered)})")
    print(f"ratio cluster/local: {statistics.median(ratios):.2f} median; the same results")
    print(f"command: python benchmarks/bench_cluster.py --games {options.games} "
          f"--rounds {options.rounds} --seed {options.seed}")


if __name__ == "__main__":
    main()
