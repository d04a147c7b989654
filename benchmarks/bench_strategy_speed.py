"""Games per CPU-second of greedy and expert tables, against another checkout of the program.

Run: python benchmarks/bench_strategy_speed.py --baseline OTHER/.venv/bin/watan
         [--rounds 3] [--greedy-games 100] [--expert-games 8]

Each table (four `greedy`; two `expert` and two `greedy`; four `expert`, capped at 300
turns) is played by `watan simulate` with the same seed by this checkout's program and by
the baseline's (another checkout with its own environment, say of `main`), in turns, each
run a whole process timed by the CPU it used (user and system, from the operating system's
accounting of the finished child).  A run's start-up is measured apart (`watan --help`) and
taken off, so the figure is the games' own.  The ratio of games per CPU-second is taken
round by round and its median printed.  Each run writes its journals, and the script checks
that both programs wrote the same bytes: the same seed must play the same games.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

TABLES: tuple[tuple[str, str, str], ...] = (
    ("four greedy", "greedy,greedy,greedy,greedy", "greedy"),
    ("two expert, two greedy", "expert,expert,greedy,greedy", "expert"),
    ("four expert", "expert,expert,expert,expert", "expert"),
)
TURN_CAP = 300
SEED = 1


def cpu_of(command: list[str]) -> float:
    """Return the CPU seconds (user and system) `command` used, run to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def start_up(program: str) -> float:
    """Return the median CPU seconds of `program --help`: what every run pays before a game."""
    return statistics.median(cpu_of([program, "--help"]) for _ in range(5))


def run(program: str, players: str, games: int, into: Path) -> float:
    """Return the CPU seconds `program` takes to play `games` games of `players` into `into`."""
    shutil.rmtree(into, ignore_errors=True)
    return cpu_of([
        program, "simulate", "--players", players, "--games", str(games), "--seed", str(SEED),
        "--turn-cap", str(TURN_CAP), "--journals", str(into),
    ])


def same_journals(ours: Path, theirs: Path) -> bool:
    """Return whether two runs wrote the same journals, byte for byte."""
    names = sorted(os.listdir(ours))
    return names == sorted(os.listdir(theirs)) and all(
        (ours / name).read_bytes() == (theirs / name).read_bytes() for name in names
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", required=True, help="the other checkout's `watan`")
    parser.add_argument("--program", default=str(Path(sys.executable).parent / "watan"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--greedy-games", type=int, default=100)
    parser.add_argument("--expert-games", type=int, default=8)
    options = parser.parse_args()
    sides = {"this": options.program, "baseline": options.baseline}
    fixed = {name: start_up(program) for name, program in sides.items()}
    print(f"start-up (watan --help, CPU): this {fixed['this'] * 1000:.0f} ms, "
          f"baseline {fixed['baseline'] * 1000:.0f} ms")
    with tempfile.TemporaryDirectory() as folder:
        for label, players, kind in TABLES:
            games = options.greedy_games if kind == "greedy" else options.expert_games
            rates: dict[str, list[float]] = {name: [] for name in sides}
            ratios: list[float] = []
            same = True
            for _ in range(options.rounds):
                for name, program in sides.items():
                    seconds = run(program, players, games, Path(folder, name))
                    rates[name].append(games / max(seconds - fixed[name], 1e-9))
                ratios.append(rates["this"][-1] / rates["baseline"][-1])
                same = same and same_journals(Path(folder, "this"), Path(folder, "baseline"))
            print(
                f"{label}, {games} games x {options.rounds} rounds: this "
                f"{statistics.median(rates['this']):.2f} games/CPU-s, baseline "
                f"{statistics.median(rates['baseline']):.2f}; ratio median "
                f"{statistics.median(ratios):.2f} (rounds "
                f"{', '.join(f'{r:.2f}' for r in ratios)}); "
                f"same journals: {'yes' if same else 'NO'}"
            )


if __name__ == "__main__":
    main()
