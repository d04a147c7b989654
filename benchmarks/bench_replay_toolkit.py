"""How fast the replay toolkit is on 100,000 events of a toy bank game (`tests.replay.bank`).

Run from the project folder: `python benchmarks/bench_replay_toolkit.py` with the project
installed (`pip install -e .`), or `PYTHONPATH=. python benchmarks/bench_replay_toolkit.py`.
It prints one figure a line: decoding and
folding a whole journal (the target is at least 200,000 events/s), each half alone, and
looking at step 40 lazily.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from benchmarks.timing import median_seconds
from replay import JournalReader, fold, write_journal
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


if __name__ == "__main__":
    main()
