"""Learn the powers that temper the master's value for `watan analyze`, by stage and horizon.

Run: python benchmarks/learn_analysis.py [--games 300] [--seed 2] [--workers 2]
         [--players expert,expert,expert,expert] [--horizons 1,8] [--write]

Seeded games are played as `watan simulate` plays them (seed 2 by default: other games than
the calibration benchmark's, seed 1).  At the start of every turn of a game someone won,
the position is played on as the analysis plays it (`estimate.played_on`, one playout of
each horizon), and the master's chances there (`watan.players.master.chances`) are kept
with the power's cell (`tempering.cell`: the turn, the leader's course criteria) and the
winner.  For each horizon and cell, the power whose tempered chances give the winners the
greatest likelihood is found by a search over a grid (1 for a cell with too few positions),
and printed with the mean log-likelihood before and after.  `--write` writes them into
`watan/tools/analysis/temper_weights.py`.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import math
from pathlib import Path

from replay.analysis import seeded
from replay.tournaments import game_seeds
from watan.engine.state import NOBODY, Phase
from watan.players.master import chances
from watan.tools.analysis import estimate, tempering
from watan.tools.analysis.decisions import decisions
from watan.tools.simulate import play_game

Sample = tuple[int, tuple[float, ...], tuple[int, int], int]
"""A horizon, the master's chances after a position is played on so far, its cell, and who
won."""
FOLDER = Path(__file__).resolve().parent.parent / "watan" / "tools" / "analysis"
WEIGHTS_FILE = FOLDER / "temper_weights.py"
GRID = [n / 20 for n in range(1, 61)]
FEWEST = 30
"""Positions a cell needs for its power to be learnt."""


def samples(
    players: tuple[str, ...], horizons: tuple[int, ...], index: int, seed: int
) -> list[Sample]:
    """Play one game; return its turn starts played on and valued, with its winner."""
    played = play_game(index, seed, players, edition="watan")
    if played.game.winner == NOBODY:
        return []
    found, seen = [], 0
    for d in decisions(played.header, played.events):
        if d.turn > seen and d.game.phase is Phase.BEFORE_ROLL:
            seen = d.turn
            for turns in horizons:
                on = estimate.played_on(d.game, seeded(0, d.step, 0), turns)
                if on.phase is not Phase.OVER:
                    cell = tempering.cell(d.turn, on)
                    found.append((turns, chances(on), cell, played.game.winner))
    return found


def likelihood(data: list[Sample], power: float) -> float:
    """Return the mean log-likelihood of the winners under the chances tempered by `power`."""
    return sum(
        math.log(tempering.tempered(raw, power)[winner]) for _, raw, _, winner in data
    ) / len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", default="expert,expert,expert,expert")
    parser.add_argument("--horizons", default="1,8")
    parser.add_argument("--write", action="store_true")
    options = parser.parse_args()
    players = tuple(options.players.split(","))
    horizons = tuple(int(h) for h in options.horizons.split(","))
    seeds = game_seeds(options.seed, options.games)
    data: list[Sample] = []
    with concurrent.futures.ProcessPoolExecutor(options.workers) as pool:
        count = len(seeds)
        for found in pool.map(samples, [players] * count, [horizons] * count, range(count), seeds):
            data.extend(found)
    tables: dict[int, tuple[tuple[float, ...], ...]] = {}
    for turns in horizons:
        rows = []
        for row in range(len(tempering.TURNS) + 1):
            powers = []
            for column in range(len(tempering.LEADS) + 1):
                chosen = [s for s in data if s[0] == turns and s[2] == (row, column)]
                best = 1.0
                if len(chosen) >= FEWEST:
                    best = max(GRID, key=lambda power: likelihood(chosen, power))
                    print(
                        f"horizon {turns}, cell {row},{column}: {len(chosen)} positions, power "
                        f"{best:.2f}, log-likelihood {likelihood(chosen, 1.0):.4f} untempered, "
                        f"{likelihood(chosen, best):.4f} tempered"
                    )
                powers.append(best)
            rows.append(tuple(powers))
        tables[turns] = tuple(rows)
    if options.write:
        shown = "".join(
            f"    {turns}: (\n" + "".join(f"        {row!r},\n" for row in rows) + "    ),\n"
            for turns, rows in sorted(tables.items())
        )
        WEIGHTS_FILE.write_text(
            '"""The powers that temper the master\'s value (`watan.tools.analysis.tempering`), '
            "by horizon.\n\n"
            f"Written by `python benchmarks/learn_analysis.py --games {options.games} --seed "
            f"{options.seed}\n--players {options.players} --horizons {options.horizons} "
            '--write`.\n"""\n\n'
            f"POWERS: dict[int, tuple[tuple[float, ...], ...]] = {{\n{shown}}}\n"
            + '"""For each horizon (turns played on), a row of powers for each band of turns '
            "(1-10,\n11-20, 21-35, 36 on), each for a leader at most 3 course criteria, 4-5, "
            '6-7, 8 or more."""\n'
        )
        print(f"wrote {WEIGHTS_FILE}")


if __name__ == "__main__":
    main()
