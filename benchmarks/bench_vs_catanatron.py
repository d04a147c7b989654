"""Games per CPU-second with four random players: `watan simulate`'s engine against catanatron.

Run: python benchmarks/bench_vs_catanatron.py [--games 60] [--rounds 3]
[--compiled PATH/TO/compiled/python]

Both play whole games with four uniformly random players (ours: `uniform_player.py`, the
`random` strategy as it was before it learnt to end its games; theirs: its RandomPlayer),
on one process, in turns
(ours, theirs, ours, theirs ...), each timed by the CPU it uses, so a noisy
shared machine slows both alike; the ratio is what counts (target: ours at
least 2x theirs).  catanatron is installed only with the `bench` extra
(`pip install -e '.[bench]'`); it is GPL-licensed, so it is only ever run
beside ours and timed, never imported by the game.  Without it, only our
figure is printed.  With `--compiled`, the compiled build (README, "The compiled build")
takes its turn too, in a process of its own (its start-up left out).
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import time
from collections.abc import Callable

from benchmarks.bench_compiled import games_per_cpu_second
from benchmarks.uniform_player import UNIFORM
from replay.tournaments import game_seeds
from watan.tools.simulate import DEFAULT_TURN_CAP, play_game

RANDOM = (UNIFORM,) * 4


def ours(games: int, seed: int) -> float:
    """Return games per CPU-second of `watan simulate`'s games: four random players."""
    seeds = game_seeds(seed, games)
    began = time.process_time()
    for index, game_seed in enumerate(seeds):
        play_game(index, game_seed, RANDOM, edition="watan")
    return games / (time.process_time() - began)


def theirs(games: int, seed: int) -> float:
    """Return games per CPU-second of catanatron's games: four of its random players."""
    from catanatron import Color, Game, RandomPlayer  # noqa: PLC0415 (optional, GPL: only timed)

    colours = (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)
    began = time.process_time()
    for number in range(games):
        Game([RandomPlayer(colour) for colour in colours], seed=seed + number).play()
    return games / (time.process_time() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games a round, each side")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--compiled", help="the compiled install's python, timed beside")
    options = parser.parse_args()
    present = importlib.util.find_spec("catanatron") is not None
    sides: list[tuple[str, Callable[[int, int], float]]] = [("watan", ours)]
    if options.compiled:
        compiled = options.compiled

        def ours_compiled(games: int, seed: int) -> float:
            return games_per_cpu_second(compiled, ",".join(RANDOM), games, seed, DEFAULT_TURN_CAP)

        sides.append(("watan compiled", ours_compiled))
    if present:
        sides.append(("catanatron", theirs))
    rates: dict[str, list[float]] = {name: [] for name, _ in sides}
    for round_number in range(options.rounds):
        for name, side in sides:
            rates[name].append(side(options.games, options.seed + round_number))
    for name, measured in rates.items():
        shown = ", ".join(f"{rate:.1f}" for rate in measured)
        print(f"{name}: {statistics.median(measured):.1f} games per CPU-second (rounds: {shown})")
    if present:
        ratios = [a / b for a, b in zip(rates["watan"], rates["catanatron"], strict=True)]
        shown = ", ".join(f"{ratio:.2f}" for ratio in ratios)
        print(f"ratio watan/catanatron: {statistics.median(ratios):.2f} median (rounds: {shown});"
              " target at least 2")
        if options.compiled:
            ratios = [
                a / b for a, b in zip(rates["watan compiled"], rates["catanatron"], strict=True)
            ]
            shown = ", ".join(f"{ratio:.2f}" for ratio in ratios)
            print(f"ratio watan compiled/catanatron: {statistics.median(ratios):.2f} median "
                  f"(rounds: {shown}); target at least 3")
    else:
        print("catanatron is not installed (pip install -e '.[bench]'): no ratio")
    print(f"command: python benchmarks/bench_vs_catanatron.py --games {options.games} "
          f"--rounds {options.rounds} --seed {options.seed}"
          + (f" --compiled {options.compiled}" if options.compiled else ""))


if __name__ == "__main__":
    main()
