"""How long `watan analyze` takes on a long game: the default pass, `--quick`, a cluster.

Run: python benchmarks/bench_analyze.py [--turns 150] [--players NAME,NAME,NAME,NAME]
         [--seed 1] [--runs 3] [--cluster]

Plays one seeded game of four computers stopped at `--turns` turns (the first seed from
`--seed` on whose game lasts that long: computers that play well win sooner, so four
uniformly random players by default, `uniform_player.py`, whose games hold more resources and
more moves to try), writes its
journal, and times whole `watan
analyze` commands on it as processes (their start included): the default pass with
`--workers 2`, and `--quick` alone; with `--cluster`, also `--cluster local` with two Dask
workers.  Prints the median of `--runs` runs of each, and checks that every way gives the
same analysis (issue 24: at most 60 s with two workers, at most 10 s quick).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.uniform_player import UNIFORM
from replay.writer import write_journal
from watan.tools.simulate import play_game

PROGRAM = [sys.executable, "-m", "watan"]


def long_game(players: tuple[str, ...], turns: int, seed: int, into: Path) -> tuple[int, int]:
    """Write the first game from `seed` on that lasts `turns` turns; return its seed and
    events."""
    for tried in range(seed, seed + 1000):
        played = play_game(0, tried, players, turns, edition="watan")
        if played.result.turns >= turns:
            write_journal(str(into), played.header, played.events, replace=True)
            return tried, len(played.events)
    raise SystemExit(f"no game of {turns} turns from seed {seed} on")


def timed(args: list[str], runs: int) -> tuple[list[float], list[float], bytes]:
    """Return the wall time and the processor time (the command's and its workers', user and
    system) of each of `runs` runs of the command, and its output: on a shared machine the
    processor time says what the wall time would be on a quiet one."""
    seconds, used, out = [], [], b""
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        began = time.perf_counter()
        out = subprocess.run(args, check=True, capture_output=True).stdout
        seconds.append(time.perf_counter() - began)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return seconds, used, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=150)
    parser.add_argument("--players", default=",".join((UNIFORM,) * 4))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cluster", action="store_true")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        journal = Path(folder) / "long.jsonl"
        seed, events = long_game(
            tuple(options.players.split(",")), options.turns, options.seed, journal
        )
        print(f"a game of {options.turns} turns ({options.players}, seed {seed}): {events} events")
        base = [*PROGRAM, "analyze", str(journal), "--format", "json"]
        ways = {
            "--workers 2": [*base, "--workers", "2"],
            "--quick": [*base, "--quick"],
        }
        if options.cluster:
            ways["--cluster local --workers 2"] = [*base, "--cluster", "local", "--workers", "2"]
        outputs = {}
        for name, args in ways.items():
            seconds, used, outputs[name] = timed(args, options.runs)
            shown = ", ".join(f"{s:.1f}" for s in seconds)
            print(
                f"watan analyze {name}: {statistics.median(seconds):.1f} s median ({shown}); "
                f"processor time {statistics.median(used):.1f} s median"
            )
        one = [*base, "--workers", "1"]
        _, _, alone = timed(one, 1)
        assert alone == outputs["--workers 2"], "--workers 2 gave another analysis"
        if options.cluster:
            assert outputs["--cluster local --workers 2"] == alone, "the cluster differed"
        print(
            "the same analysis with one worker and with two"
            + (" and on the cluster" if options.cluster else "")
        )


if __name__ == "__main__":
    main()
