"""How long `suggest` takes to answer at a terminal: every decision of a recorded game.

Run: python benchmarks/bench_suggest.py [--journal journals/trade-heavy/journal.jsonl]
         [--every 1]

At each decision of the journal's game (every `--every`-th), the engine's move is found as
`suggest` finds it (`watan.tools.analysis.suggesting`, the analysis's default horizon) and
timed.  Prints the median, the 95th percentile and the slowest, by phase: `suggest` should
answer within about a second (issue 24), and setup, with the most places to try, is the
slowest.
"""

from __future__ import annotations

import argparse
import statistics
import time

from replay import history
from watan.definition import WATAN
from watan.tools.analysis.decisions import decisions
from watan.tools.analysis.suggesting import suggestion


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--journal", default="journals/trade-heavy/journal.jsonl")
    parser.add_argument("--every", type=int, default=1)
    options = parser.parse_args()
    whole = history.load(WATAN, options.journal)
    by_phase: dict[str, list[float]] = {}
    for decision in list(decisions(whole.header, whole.events))[:: options.every]:
        began = time.perf_counter()
        suggestion(decision.game, turn=decision.turn, step=decision.step)
        by_phase.setdefault(decision.game.phase.name.lower(), []).append(
            time.perf_counter() - began
        )
    every = sorted(t for times in by_phase.values() for t in times)
    print(f"{options.journal}: {len(every)} positions suggested for")
    for phase, times in [("all", every), *sorted(by_phase.items())]:
        ordered = sorted(times)
        slow = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        median = statistics.median(ordered)
        print(
            f"  {phase:<12} {len(ordered):>4} positions: median {median:.3f} s, "
            f"95% {slow:.3f} s, slowest {ordered[-1]:.3f} s"
        )


if __name__ == "__main__":
    main()
