"""How fast Bazaar plays and replays, through the replay toolkit's generic parts.

Run from the project folder: `python benchmarks/bench_bazaar.py` with the project installed
(`pip install -e .`).  It prints one figure a line: the simulator's games a second (greedy
players), `decide` + `apply` commands a second, and on a journal of about 100,000 events
(two random players, who rarely win, capped): decoding and folding it, checking it
against the rules (`bazaar verify`'s audit), and looking at step 40.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from bazaar.definition import BAZAAR
from bazaar.tools.simulate import play_game, simulate
from benchmarks.timing import median_seconds
from replay import audit, fold, load, write_journal

ROUNDS = 3
GAMES = 40


def main() -> None:
    kinds = ("greedy", "greedy", "random")
    began = time.perf_counter()
    results = simulate(1, GAMES, kinds, (6, 6), turn_cap=2_000)
    seconds = time.perf_counter() - began
    events = statistics.median(r.events for r in results)
    moves = sum(r.moves for r in results)
    print(f"simulate, 1 worker, 6x6, {','.join(kinds)}: {GAMES / seconds:,.1f} games/s "
          f"(median {events:,.0f} events a game)")
    print(f"decide + apply, the simulator's players: {moves / seconds:,.0f} moves/s")

    long = play_game(0, 3, ("random", "random"), (6, 6), 25_000)
    count = len(long.events)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.jsonl"
        write_journal(path, long.header, long.events)
        reader = BAZAAR.reader()
        both = median_seconds(
            lambda: fold(BAZAAR.apply, BAZAAR.start(long.header), reader.read(path).events),
            ROUNDS,
        )
        checked = median_seconds(lambda: load(BAZAAR, path), ROUNDS)
        early = median_seconds(lambda: load(BAZAAR, path, 40), ROUNDS)
    print(f"journal of {count:,} events: decode and fold {count / both:,.0f} events/s")
    print(f"  decode, audit against the rules and fold (load): {count / checked:,.0f} events/s")
    print(f"  load to step 40: {early * 1e3:.2f} ms")
    assert audit(BAZAAR, long.header, long.events).problem is None


if __name__ == "__main__":
    main()
