"""How honest `watan analyze`'s chances are: Brier scores over self-play games, by stage.

Run: python benchmarks/bench_calibration.py [--games 500] [--seed 1] [--workers 2]
         [--players expert,expert,expert,expert] [--quick] [--svg reliability.svg]
         [--seconds LIMIT]

Seeded games are played as `watan simulate` plays them; at the start of every turn of each
game that was won, the chances `watan analyze` reports there (`estimate.position`, with
the analysis seed 0 and its default horizon, or `--quick`'s) are scored against the
winner, beside two baselines: each student's share of the points so far, and a uniform
25% (`replay.calibration`).  The scores are printed by stage (the first,
second and last third of each game's turns), and the reliability diagram of the analysis
and of the points baseline is written as SVG.  The analysis must score lower (better)
than both baselines at every stage (issue 24).  With `--seconds`, the games finished in
that time (the first ones, in order) are scored and the count said: the run that fits.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import time

import msgspec

from replay import calibration
from replay.analysis import Horizon
from replay.tournaments import game_seeds
from watan.engine.state import COLOURS, NOBODY, Phase
from watan.players.measures import points
from watan.tools.analysis import analysed, estimate
from watan.tools.analysis.decisions import decisions
from watan.tools.simulate import play_game


class Run(msgspec.Struct, frozen=True):
    players: tuple[str, ...]
    horizon: Horizon
    edition: str


def scored_game(run: Run, index: int, seed: int) -> list[calibration.Scored]:
    """Return the turn starts of one seeded game, scored (none when nobody won)."""
    played = play_game(index, seed, run.players, edition=run.edition)
    if played.game.winner == NOBODY:
        return []
    starts = []
    seen = 0
    for decision in decisions(played.header, played.events):
        if decision.turn > seen and decision.game.phase is Phase.BEFORE_ROLL:
            seen = decision.turn
            starts.append(decision)
    turns = seen
    return [
        calibration.Scored(
            stage=calibration.stage(d.turn, turns),
            analysis=estimate.position(
                d.game, turn=d.turn, seed=0, step=d.step, horizon=run.horizon
            ),
            points=calibration.by_points([points(d.game, c) for c in COLOURS]),
            winner=played.game.winner,
        )
        for d in starts
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", default="expert,expert,expert,expert")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--edition", default="watan")
    parser.add_argument("--svg", default="reliability.svg")
    parser.add_argument("--seconds", type=float, default=None)
    options = parser.parse_args()
    horizon = analysed.QUICK if options.quick else analysed.HORIZON
    run = Run(tuple(options.players.split(",")), horizon, options.edition)
    seeds = game_seeds(options.seed, options.games)
    began = time.perf_counter()
    positions: list[calibration.Scored] = []
    pool = concurrent.futures.ProcessPoolExecutor(options.workers)
    futures = [pool.submit(scored_game, run, n, s) for n, s in enumerate(seeds)]
    won = played = 0
    for future in futures:
        left = None if options.seconds is None else options.seconds - (time.perf_counter() - began)
        try:
            found = future.result(timeout=None if left is None else max(0.0, left))
        except concurrent.futures.TimeoutError:
            break
        played += 1
        won += bool(found)
        positions.extend(found)
    pool.shutdown(wait=False, cancel_futures=True)
    seconds = time.perf_counter() - began
    print(
        f"{played} games of {options.players} ({won} won; {options.games} asked), "
        f"seed {options.seed}, "
        f"{horizon.samples} playouts of {horizon.turns} turns a position: {len(positions)} "
        "turn starts scored "
        f"in {seconds:.0f} s"
    )
    print(f"{'stage':<8} {'positions':>9} {'analysis':>9} {'points':>9} {'uniform':>9}  better")
    for line in calibration.scores(positions):
        print(
            f"{line.stage:<8} {line.positions:>9} {line.analysis:>9.4f} {line.points:>9.4f} "
            f"{line.uniform:>9.4f}  {'yes' if line.beats_both else 'NO'}"
        )
    curves = {
        "analysis": calibration.reliability(calibration.each_chance(positions, "analysis")),
        "points so far": calibration.reliability(calibration.each_chance(positions, "points")),
    }
    with open(options.svg, "w", encoding="utf-8") as out:
        out.write(calibration.diagram(curves))
    print(f"reliability diagram: {options.svg}")
    for name, curve in curves.items():
        shown = ", ".join(f"{x:.0%}->{y:.0%} ({n})" for x, y, n in curve)
        print(f"  {name}: {shown}")


if __name__ == "__main__":
    main()
