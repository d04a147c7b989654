"""Sealed checkpoints on a long journal: `export` and `replay --to`, sealed beside unsealed.

Run: python benchmarks/bench_checkpoints.py [--events 1000000] [--journal PATH]
[--steps 8] [--runs 3] [--seed 1] [--baseline PATH/TO/other/python]

It writes one game's journal (`bench_replay.long_journal`, seeded random legal play),
or takes --journal, copies it twice into a fresh folder, and runs `watan verify` on one
copy, which seals it (a sidecar of checkpoints beside it); the other stays unsealed.
Then, each command as a whole process, the two copies in turns (median of --runs):

- `watan export` and `watan replay --to` the last step, in events per second;
- `watan replay --to N` at --steps random steps (and the last), the slowest and the
  median, in seconds: the target is at most 0.5 s at any step;
- `watan verify` itself, the sealing one beside a copy whose sidecar cannot be written
  (a folder stands at its name), to show what sealing costs it;
- the sidecar's size;
- `watan verify` on the sealed copy as a whole process, on two processes (cut at a
  checkpoint) against one, and against --baseline's one process (today's tree, say);
- `verify`'s CPU critical path on two processes against one, on the sealed copy (cut at a
  checkpoint: `bench_replay.py` gives the unsealed figure);
- a live game's recorder appending the journal's first --record events command by
  command, sealing (a checkpoint every `replay.checkpoints.EVERY` events) beside not
  sealing, in process (median of --runs).

Every sealed answer is compared with the unsealed one, byte for byte.
"""

from __future__ import annotations

import argparse
import io
import itertools
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.bench_replay import long_journal, verify_cpu, verify_wall
from replay.checkpoints import read_sidecar, sidecar_path
from replay.recorder import Recorder
from replay.recorder import recording as replay_recording
from watan.definition import CODEC
from watan.engine.events import AnyEvent, GameStarted
from watan.engine.evolve import apply, start
from watan.engine.inverse import commands


def timed(args: list[str], runs: int) -> tuple[float, bytes]:
    """Return the median wall seconds of `watan ARGS` as a whole process, and its output."""
    times, output = [], b""
    for _ in range(runs):
        began = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "watan", *args], capture_output=True, check=False
        )
        times.append(time.perf_counter() - began)
        if done.returncode != 0:
            raise SystemExit(f"watan {' '.join(args)}: {done.stdout!r} {done.stderr!r}")
        output = done.stdout
    return statistics.median(times), output


def side_by_side(
    args: list[str], sealed: Path, unsealed: Path, runs: int
) -> tuple[float, float]:
    """Return the seconds of `watan ARGS` on the sealed copy and on the unsealed one, having
    checked that both answer the same."""
    fast, answer = timed([args[0], str(sealed), *args[1:]], runs)
    slow, expected = timed([args[0], str(unsealed), *args[1:]], runs)
    if answer != expected:
        raise SystemExit(f"watan {' '.join(args)}: the sealed answer differs")
    return fast, slow


def run() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--journal", type=Path, help="measure this journal (it is copied)")
    parser.add_argument("--steps", type=int, default=8, help="random steps to replay to")
    parser.add_argument("--runs", type=int, default=3, help="runs of each whole command")
    parser.add_argument("--seed", type=int, default=1, help="which random steps")
    parser.add_argument("--record", type=int, default=200_000, help="events to record")
    parser.add_argument(
        "--baseline", help="another install's python (today's tree, say): its verify on one "
        "process is timed beside"
    )
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="watan-checkpoints-"))
    try:
        measure(folder, options)
    finally:
        shutil.rmtree(folder)


def measure(folder: Path, options: argparse.Namespace) -> None:
    source = options.journal or folder / "made.jsonl"
    if options.journal is None:
        long_journal(source, options.events)
    sealed, unsealed, unsealable = (folder / f"{kind}.jsonl" for kind in ("sealed", "un", "no"))
    for copy in (sealed, unsealed, unsealable):
        shutil.copyfile(source, copy)
    count = source.read_bytes().count(b"\n") - 1
    os.mkdir(sidecar_path(str(unsealable)))
    print(f"journal: {count:,} events, {source.stat().st_size / 1e6:.1f} MB")

    sealing, not_sealing = side_by_side(["verify"], sealed, unsealable, 1)
    sidecar = read_sidecar(str(sealed))
    assert sidecar is not None, "verify wrote no sidecar"
    size = os.path.getsize(sidecar_path(str(sealed)))
    print(
        f"watan verify: {sealing:.2f} s sealing, {not_sealing:.2f} s with no sidecar written "
        f"({sealing / not_sealing:.2f}x); sidecar {len(sidecar.checkpoints)} checkpoints, "
        f"{size / 1e3:.0f} KB"
    )
    for args in (["export"], ["replay", "--to", str(count)]):
        fast, slow = side_by_side(args, sealed, unsealed, options.runs)
        print(
            f"watan {' '.join(args)}: sealed {count / fast:,.0f} events/s ({fast:.2f} s), "
            f"unsealed {count / slow:,.0f} events/s ({slow:.2f} s), {slow / fast:.1f}x "
            "(target: 400,000 events/s sealed)"
        )
    rng = random.Random(options.seed)
    steps = sorted({*(rng.randrange(1, count) for _ in range(options.steps)), count})
    seconds = [timed(["replay", str(sealed), "--to", str(step)], options.runs)[0]
               for step in steps]
    middle = steps[len(steps) // 2]
    fast, slow = side_by_side(["replay", "--to", str(middle)], sealed, unsealed, 1)
    print(
        f"watan replay --to N at {len(steps)} steps: slowest {max(seconds):.2f} s, "
        f"median {statistics.median(seconds):.2f} s (target: at most 0.5 s); "
        f"at {middle:,} sealed {fast:.2f} s, unsealed {slow:.2f} s"
    )
    pythons = [sys.executable, *([options.baseline] if options.baseline else [])]
    print(f"watan verify on the sealed journal, {verify_wall(sealed, pythons, options.runs)}")
    one, this, forked = verify_cpu(sealed)
    print(
        f"verify's CPU on the sealed journal, the critical path: one process {one:.2f} s; "
        f"on two, cut at a checkpoint, this process {this:.2f} s and the forked one "
        f"{forked:.2f} s: {one / max(this, forked):.2f}x"
    )
    sealing, plain = recording(source, folder, options.record, options.runs)
    print(
        f"recording {options.record:,} events a command at a time: sealing {sealing:.2f} s, "
        f"not sealing {plain:.2f} s ({sealing / plain:.3f}x)"
    )
    given = f"--journal {options.journal}" if options.journal else f"--events {options.events}"
    if options.baseline:
        given += f" --baseline {options.baseline}"
    print(
        f"command: python benchmarks/bench_checkpoints.py {given} --steps {options.steps} "
        f"--runs {options.runs} --seed {options.seed} --record {options.record}"
    )


def recording(source: Path, folder: Path, count: int, runs: int) -> tuple[float, float]:
    """Return the median seconds a recorder takes to append the first `count` events of
    `source`, one command's at a time with the state after it, sealing and not."""
    reader = CODEC.reader()
    header, stream = reader.iter_events(source)
    with stream:
        events = list(itertools.islice(stream, count))
    runs_of = list(commands(events))
    states, state = [], start(header)
    for run in runs_of:
        for event in run:
            state = apply(state, event)
        states.append(state)
    times: dict[bool, list[float]] = {True: [], False: []}
    for number in range(runs):
        for sealed in (True, False):
            path = folder / f"live-{number}-{sealed}.jsonl"
            began = time.perf_counter()
            recorder: Recorder[GameStarted, AnyEvent] = replay_recording(
                path, header, io.StringIO(), "watan", sealed=sealed
            )
            for run, after in zip(runs_of, states, strict=True):
                recorder.record(run, after)
            recorder.close()
            times[sealed].append(time.perf_counter() - began)
    return statistics.median(times[True]), statistics.median(times[False])


if __name__ == "__main__":
    run()
