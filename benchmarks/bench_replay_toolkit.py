"""How fast the replay toolkit is on 100,000 events of a toy bank game (`tests.replay.bank`).

Run from the project folder: `python benchmarks/bench_replay_toolkit.py` with the project
installed (`pip install -e .`), or `PYTHONPATH=. python benchmarks/bench_replay_toolkit.py`.
It prints one figure a line: decoding and
folding a whole journal (the target is at least 200,000 events/s), each half alone,
looking at step 40 lazily, and seeking a timeline back by 1,000 events.
"""

from __future__ import annotations

import functools
import random
import statistics
import tempfile
from pathlib import Path

from benchmarks.timing import median_seconds
from replay import JournalReader, Timeline, fold, write_journal
from tests.replay.bank import HEADER, Event, Opened, apply, opening, sample_events

COUNT = 100_000
ROUNDS = 5


def main() -> None:
    header = HEADER
    start = opening(header)
    events = sample_events(COUNT, seed=2024)
    reader = JournalReader[Opened, Event](Opened, Event)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bank.jsonl"
        write_journal(path, header, events)
        both = median_seconds(lambda: fold(apply, start, reader.read(path).events), ROUNDS)
        decode = median_seconds(lambda: reader.read(path), ROUNDS)
        lazy = median_seconds(
            lambda: list(zip(range(40), reader.iter_events(path)[1], strict=False)), ROUNDS
        )
    only_fold = median_seconds(lambda: fold(apply, start, events), ROUNDS)
    print(f"decode and fold (JournalReader.read + fold): {COUNT / both:,.0f} events/s")
    print(f"decode only (JournalReader.read): {COUNT / decode:,.0f} events/s")
    print(f"fold only: {COUNT / only_fold:,.0f} events/s")
    print(f"lazy look at step 40 (iter_events): {lazy * 1e3:.3f} ms")

    timeline = Timeline(apply, start, events)
    timeline.state_at(COUNT)
    rng = random.Random(7)
    seeks = []
    for _ in range(25):
        step = rng.randrange(1_000, COUNT + 1)
        timeline.state_at(step)
        seeks.append(median_seconds(functools.partial(timeline.state_at, step - 1_000), 1))
    seek = statistics.median(seeks)
    print(f"timeline seek back by 1,000 events: {seek * 1e3:.3f} ms (median of {len(seeks)})")


if __name__ == "__main__":
    main()
