"""What the benchmarks that play seeded games of computers share: a run's options, and the
processes that play its games."""

from __future__ import annotations

import argparse
import concurrent.futures
from collections.abc import Callable
from typing import TypeVar

from replay.tournaments import game_seeds

P = TypeVar("P")
T = TypeVar("T")


def run_options(
    description: str, *, games: int, seed: int, workers: int, players: str | None = None
) -> argparse.ArgumentParser:
    """Return a parser of a run's options with these defaults: `--games`, `--seed`,
    `--workers`, and `--players` (four strategies, comma-separated) unless None; a script
    adds its own."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--workers", type=int, default=workers)
    if players is not None:
        parser.add_argument("--players", default=players)
    return parser


def over_seeds(
    play: Callable[[P, int, int], T], given: P, *, seed: int, games: int, workers: int,
    chunksize: int = 1,
) -> list[T]:
    """Return `play(given, index, its seed)` for each of the run's `games` games, in order,
    played in `workers` processes: each game's seed is drawn from the run's `seed` as
    `watan simulate` draws it, so the list is the same for any number of workers."""
    seeds = game_seeds(seed, games)
    with concurrent.futures.ProcessPoolExecutor(workers) as pool:
        return list(pool.map(play, [given] * games, range(games), seeds, chunksize=chunksize))
