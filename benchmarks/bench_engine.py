"""Engine and simulator speed: decide + apply per second, whole random games per second.

Run: python benchmarks/bench_engine.py [--games 40] [--seed 1]

The engine figure replays, in a tight loop without any journal, the commands a uniformly
random player (`uniform_player.py`: `random` as it was before issue 27, so figures compare
with earlier rounds') chose in --games games (each with the state it was chosen in):
`decide` then `apply` for each of its events.  The simulator figure plays --games complete
games of four such players with one process and no journals, as `watan simulate --games N
--seed S` does with them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from benchmarks.uniform_player import UNIFORM, UniformPlayer
from replay.tournaments import game_seeds
from watan.editions import edition
from watan.engine.commands import AnyCommand, Offer
from watan.engine.decide import decide
from watan.engine.events import GameStarted
from watan.engine.evolve import apply, start
from watan.engine.layout import random_board
from watan.engine.state import Game, Phase
from watan.tools.simulate import tournament

WATAN = edition("watan")


def recorded_commands(seeds: list[int]) -> list[tuple[Game, AnyCommand]]:
    """Return each command the random strategy chose in these games, with its state."""
    chosen: list[tuple[Game, AnyCommand]] = []
    for seed in seeds:
        rng = random.Random(seed)
        player = UniformPlayer(random.Random(seed + 1))
        board = random_board(rng)
        state = start(GameStarted(edition=WATAN.name, rules=WATAN.rules, seed=seed, board=board))
        while state.phase is not Phase.OVER and len(chosen) < 200_000:
            move = player.move(state)
            command = move.answered(player.answer(state, move)) if isinstance(move, Offer) else move
            chosen.append((state, command))
            for event in decide(state, command, rng):
                state = apply(state, event)
    return chosen


def engine_rate(commands: list[tuple[Game, AnyCommand]]) -> float:
    """Return decide+apply commands per second over the recorded commands (best of 3)."""
    rng = random.Random(0)
    rates = []
    for _ in range(3):
        began = time.perf_counter()
        for before, command in commands:
            after = before
            for event in decide(before, command, rng):
                after = apply(after, event)
        rates.append(len(commands) / (time.perf_counter() - began))
    return max(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    seeds = game_seeds(options.seed, options.games)

    commands = recorded_commands(seeds[: max(1, options.games // 4)])
    mix = Counter(type(command).__name__ for _, command in commands)
    share = ", ".join(f"{name} {count / len(commands):.0%}" for name, count in mix.most_common())
    print(f"engine: {engine_rate(commands):,.0f} commands/s decide+apply "
          f"over {len(commands):,} recorded commands ({share}); target 100,000")

    began = time.perf_counter()
    results = tournament(options.seed, options.games, players=(UNIFORM,) * 4, edition=WATAN.name)
    elapsed = time.perf_counter() - began
    events = [r.events for r in results]
    print(
        f"simulator: {len(results) / elapsed:.1f} games/s with 1 worker, no journals "
        f"({len(results)} games, median {statistics.median(events):,.0f} events); target 20"
    )
    print(f"command: python benchmarks/bench_engine.py --games {options.games} --seed "
          f"{options.seed}")


if __name__ == "__main__":
    main()
