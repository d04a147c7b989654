"""The compiled build against the pure one: games per CPU-second, table by table.

Run: python benchmarks/bench_compiled.py --compiled PATH/TO/compiled/python
[--pure PATH/TO/pure/python] [--rounds 3] [--games 200] [--master-games 4] [--no-analysis]

Each build plays the same seeded games in a process of its own, the two taking turns
round by round, each timed by the CPU its games use (start-up left out), so a busy shared
machine weighs on both alike; the ratios are what count.  Tables: four uniformly random
players (the simulator; `uniform_player.py`, `random` as it was before issue 27), four
`greedy`, and `master` against three `expert` (master's search); then `watan analyze`'s
default pass over a recorded journal (`ANALYSED`), each build's analysis checked to be the
same.  The compiled build is made
with `HATCH_BUILD_HOOK_ENABLE_MYPYC=1 pip install .` (README, "The compiled build"); the pure
one is this interpreter unless `--pure` names another.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks import SOURCE
from benchmarks.uniform_player import UNIFORM

CHILD = """
import sys, time
sys.path.append(sys.argv[5])
from replay.tournaments import game_seeds
from watan.build import build
from watan.tools.simulate import play_game
players = tuple(sys.argv[1].split(","))
games, seed, cap = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
began = time.process_time()
for index, game_seed in enumerate(game_seeds(seed, games)):
    play_game(index, game_seed, players, cap, edition="watan")
print(games / (time.process_time() - began), build())
"""
"""Plays a table's games and prints games per CPU-second and the build: run from an empty
folder, so that the build imported is the interpreter's install, not the source tree (the
source tree is added at the end of the path, after the install, for the uniform player)."""

ANALYSED = "journals/started-with-load/journal.jsonl"
"""The journal whose analysis is timed: a short recorded game (181 events)."""
ANALYSE = """
import hashlib, sys, time
from watan.cli.looking import whole_at
from watan.tools.analysis import analysed, document
name, whole, _ = whole_at(sys.argv[1], None, None)
began = time.process_time()
made = analysed.analyse(whole.header, whole.events, name)
took = time.process_time() - began
print(1 / took, hashlib.sha256(document.encode(made).encode()).hexdigest())
"""
"""Analyses a journal as `watan analyze` does by default; prints analyses per CPU-second (its
reading and start-up left out) and a digest of the analysis."""


def games_per_cpu_second(python: str, players: str, games: int, seed: int, cap: int = 300) -> float:
    """Return games per CPU-second of `games` seeded games of `players` played by `python`'s
    install of the game, in a process of its own."""
    with tempfile.TemporaryDirectory(prefix="watan-bench-") as folder:
        done = subprocess.run(
            [python, "-c", CHILD, players, str(games), str(seed), str(cap), SOURCE],
            cwd=folder, capture_output=True, text=True, check=True,
        )
    rate, _, _ = done.stdout.partition(" ")
    return float(rate)


def analyses_per_cpu_second(python: str) -> tuple[float, str]:
    """Return analyses per CPU-second of `ANALYSED` by `python`'s install, and the analysis's
    digest."""
    with tempfile.TemporaryDirectory(prefix="watan-bench-") as folder:
        done = subprocess.run(
            [python, "-c", ANALYSE, str(Path(SOURCE) / ANALYSED)],
            cwd=folder, capture_output=True, text=True, check=True,
        )
    rate, _, digest = done.stdout.strip().partition(" ")
    return float(rate), digest


def build_of(python: str) -> str:
    """Return which build `python`'s install of the game is (`watan.build`)."""
    with tempfile.TemporaryDirectory(prefix="watan-bench-") as folder:
        done = subprocess.run(
            [python, "-c", "from watan.build import build; print(build())"],
            cwd=folder, capture_output=True, text=True, check=True,
        )
    return done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compiled", required=True, help="the compiled install's python")
    parser.add_argument("--pure", default=sys.executable, help="the pure install's python")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=200, help="random and greedy games a round")
    parser.add_argument("--master-games", type=int, default=4, help="master's games a round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-analysis", action="store_true", help="leave out `watan analyze`")
    options = parser.parse_args()
    builds = {"pure": options.pure, "compiled": options.compiled}
    for name, python in builds.items():
        print(f"{name}: {python} ({build_of(python)})")
    tables = (
        (",".join((UNIFORM,) * 4), options.games),
        ("greedy,greedy,greedy,greedy", options.games),
        ("master,expert,expert,expert", options.master_games),
    )
    for players, games in tables:
        rates: dict[str, list[float]] = {name: [] for name in builds}
        for round_number in range(options.rounds):
            for name, python in builds.items():
                seed = options.seed + round_number
                rates[name].append(games_per_cpu_second(python, players, games, seed))
        ratios = [c / p for c, p in zip(rates["compiled"], rates["pure"], strict=True)]
        print(
            f"{players} ({games} games a round): pure {statistics.median(rates['pure']):.2f}, "
            f"compiled {statistics.median(rates['compiled']):.2f} games per CPU-second; "
            f"compiled/pure {statistics.median(ratios):.2f} "
            f"(rounds: {', '.join(f'{r:.2f}' for r in ratios)})"
        )
    if not options.no_analysis:
        analysed: dict[str, list[float]] = {name: [] for name in builds}
        digests = set()
        for _ in range(options.rounds):
            for name, python in builds.items():
                rate, digest = analyses_per_cpu_second(python)
                analysed[name].append(rate)
                digests.add(digest)
        ratios = [c / p for c, p in zip(analysed["compiled"], analysed["pure"], strict=True)]
        same = "the same analysis" if len(digests) == 1 else "DIFFERENT ANALYSES"
        print(
            f"watan analyze {ANALYSED} (default pass): pure "
            f"{statistics.median(analysed['pure']):.3f}, compiled "
            f"{statistics.median(analysed['compiled']):.3f} analyses per CPU-second; "
            f"compiled/pure {statistics.median(ratios):.2f} "
            f"(rounds: {', '.join(f'{r:.2f}' for r in ratios)}); {same}"
        )
    print(
        f"command: python benchmarks/bench_compiled.py --compiled {options.compiled} "
        f"--rounds {options.rounds} --games {options.games} "
        f"--master-games {options.master_games} --seed {options.seed}"
        + (" --no-analysis" if options.no_analysis else "")
    )


if __name__ == "__main__":
    main()
