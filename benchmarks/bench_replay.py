"""Replay speed on a long journal: decode and fold, and `watan replay --to`.

Run: python benchmarks/bench_replay.py [--events 100000] [--keep PATH | --journal PATH]
[--fold-only] [--baseline PATH/TO/other/python] [--runs 3]

It builds one game's journal of at least --events events from seeded
random legal play (fair dice, trades, geese; builds stop short of a win so
the game goes on), then prints each figure with what produced it:

- `watan verify`, `export` and `replay --to` the end as whole processes, beside
  --baseline's (today's tree, say), and `watan verify` on one process against two;
- verify's CPU critical path on two processes against one;
- the batch fold against `apply`, alone;
- decoding and batch folding as a share of msgspec's own decode of the same lines (the
  ceiling), each install measured in a process of its own beside its own msgspec decode.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from benchmarks.timing import median_seconds
from replay import fold, write_journal
from replay.checkpoints import sidecar_path
from replay.history import check
from replay.parallel import check_on_both
from watan.definition import CODEC
from watan.definition import WATAN as WATAN_JOURNALS
from watan.editions import edition
from watan.engine.batch import fold_all
from watan.engine.commands import Achieve, AnyCommand, Complete, Next, PlaceGeese, Roll, Trade
from watan.engine.decide import Refused, decide, victims
from watan.engine.events import AnyEvent, GameStarted
from watan.engine.evolve import apply, start
from watan.engine.layout import random_board
from watan.engine.resources import HELD
from watan.engine.state import COLOURS, Game, Phase, course_criteria
from watan.engine.topology import CRITERION_COUNT, GOAL_COUNT, TILE_COUNT, TileId

WATAN = edition("watan")

SETUP_SPOTS = (8, 16, 24, 31, 40, 44, 47, 27)


def random_command(game: Game, rng: random.Random) -> AnyCommand:
    """Return a random command for the current phase; builds stop before anyone can win."""
    match game.phase:
        case Phase.SETUP:
            return Complete(criterion=SETUP_SPOTS[game.setup_step])
        case Phase.BEFORE_ROLL:
            return Roll()
        case Phase.GEESE:
            tile = TileId(rng.choice([t for t in range(TILE_COUNT) if t != game.geese]))
            robbed = victims(game, tile)
            return PlaceGeese(tile=tile, victim=rng.choice(robbed) if robbed else None)
        case _:
            pick = rng.random()
            if pick < 0.35:
                return Next()
            if pick < 0.65:
                return Trade(
                    partner=rng.choice([c for c in COLOURS if c != game.turn]),
                    give=rng.choice(HELD),
                    take=rng.choice(HELD),
                    accepted=rng.random() < 0.5,
                )
            if course_criteria(game, game.turn) >= 8:
                return Next()
            if pick < 0.9:
                return Achieve(goal=rng.randrange(GOAL_COUNT))
            return Complete(criterion=rng.randrange(CRITERION_COUNT))


def long_journal(path: Path, count: int, seed: int = 2026) -> int:
    """Write one game's journal of at least `count` events; return how many it holds."""
    rng = random.Random(seed)
    header = GameStarted(edition=WATAN.name, rules=WATAN.rules, seed=seed, board=random_board(rng))
    game = start(header)
    events: list[AnyEvent] = []
    while len(events) < count:
        try:
            happened = decide(game, random_command(game, rng), rng)
        except Refused:
            continue
        for event in happened:
            game = apply(game, event)
        events += happened
    write_journal(path, header, events)
    return len(events)


def watan(*args: str) -> Callable[[], object]:
    command = [sys.executable, "-m", "watan", *args]
    return lambda: subprocess.run(command, capture_output=True, check=True)


PEAK_PROBE = """
import atexit, resource, sys
def peak():
    own = resource.getrusage(resource.RUSAGE_SELF)
    forked = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open('/proc/self/status') as status:
        for line in status:
            if line.startswith('VmHWM:'):
                sys.stderr.write('\\npeak-kB ' + line.split()[1] + ' %f %f\\n' % (
                    own.ru_utime + own.ru_stime, forked.ru_utime + forked.ru_stime))
atexit.register(peak)
sys.argv = ['watan', *sys.argv[1:]]
from watan.cli.launch import run
run()
"""
"""Runs `watan` and, as it exits, reports the most memory the process itself ever held
(VmHWM: the kernel's high-water mark of its own address space, not its parent's), and
the CPU seconds it used from its start, and those its forked processes used."""


class Timed(NamedTuple):
    """A whole process timed: the median wall seconds, the largest peak memory (MB), and
    the median CPU seconds of the process and of the processes it forked."""

    seconds: float
    peak: float
    cpu: float
    forked: float


ONE_PROCESS = PEAK_PROBE.replace(
    "from watan.cli.launch import run",
    "import replay.history, replay.parallel\n"
    "replay.parallel.check_on_both = lambda definition, path, **given: "
    "replay.history.check(definition, path, **given)\n"
    "from watan.cli.launch import run",
)
"""`PEAK_PROBE` with `watan verify` made to check on one process (`history.check`), as it
did before it used two: the wall clock's baseline for two processes."""

SHARE_PROBE = """
import json, statistics, sys, time
import msgspec
from watan.definition import CODEC
from watan.engine.batch import fold_all
from watan.engine.events import AnyEvent
from watan.engine.evolve import start
path, runs = sys.argv[1], int(sys.argv[2])
data = open(path, 'rb').read()
body = memoryview(data)[data.index(b'\\n') + 1:]
decoder = msgspec.json.Decoder(AnyEvent)
def read_and_fold():
    read = CODEC.reader().read(path)
    return fold_all(start(read.header), read.events)
def streamed():
    header, stream = CODEC.reader().iter_events(path)
    with stream:
        return fold_all(start(header), stream)
ways = {'msgspec': lambda: decoder.decode_lines(body), 'read': lambda: CODEC.reader().read(path),
        'read and fold': read_and_fold, 'streamed': streamed}
times = {name: [] for name in ways}
for _ in range(runs):
    for name, way in ways.items():
        began = time.process_time()
        way()
        times[name].append(time.process_time() - began)
print(json.dumps({name: statistics.median(seconds) for name, seconds in times.items()}))
"""
"""Run by an install's python on a journal: the median CPU seconds of msgspec's own
`decode_lines` of its events, of the journal reader, of reading and batch folding, and of
folding the reader's stream as it decodes, in turns in one process (so each share of
msgspec's decode is taken under the same load).  Every tree since the batch fold has
what it imports."""


def shares(path: Path, pythons: list[str], runs: int) -> dict[str, dict[str, float]]:
    """Return, for each install (its python), what `SHARE_PROBE` measures on `path`, the
    installs in turns, one probe of `runs` rounds each, twice."""
    found: dict[str, list[dict[str, float]]] = {python: [] for python in pythons}
    for _ in range(2):
        for python in pythons:
            done = subprocess.run(
                [python, "-c", SHARE_PROBE, str(path), str(runs)],
                capture_output=True, check=True, cwd=tempfile.gettempdir(),
            )
            found[python].append(json.loads(done.stdout))
    return {
        python: {name: min(each[name] for each in rounds) for name in rounds[0]}
        for python, rounds in found.items()
    }


def side_by_side(
    args: tuple[str, ...], pythons: list[str], runs: int = 3, probe: str = PEAK_PROBE
) -> dict[str, Timed]:
    """Return, for each install (its python), `watan ARGS` (run through `probe`) timed;
    the installs take turns, run by run."""
    times: dict[str, list[float]] = {python: [] for python in pythons}
    peaks: dict[str, list[float]] = {python: [] for python in pythons}
    cpus: dict[str, list[tuple[float, float]]] = {python: [] for python in pythons}
    with tempfile.TemporaryDirectory(prefix="watan-bench-") as folder:
        for _ in range(runs):
            for python in pythons:
                began = time.perf_counter()
                done = subprocess.run(
                    [python, "-c", probe, *args],
                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False, cwd=folder,
                )
                times[python].append(time.perf_counter() - began)
                if done.returncode != 0:
                    raise SystemExit(f"watan {' '.join(args)} failed with status {done.returncode}")
                kb, own, forked = done.stderr.split()[-3:]
                peaks[python].append(int(kb) / 1024)
                cpus[python].append((float(own), float(forked)))
    return {
        python: Timed(
            statistics.median(times[python]),
            max(peaks[python]),
            statistics.median(own for own, _ in cpus[python]),
            statistics.median(forked for _, forked in cpus[python]),
        )
        for python in pythons
    }


def verify_wall(path: Path, pythons: list[str], runs: int) -> str:
    """Return how long `watan verify` takes on `path` as a whole process, on the wall clock:
    this install's on two processes against its own on one (`ONE_PROCESS`), and against
    the other installs' on one, each ratio said."""
    one_process = side_by_side(("verify", str(path)), pythons, runs, ONE_PROCESS)
    two = side_by_side(("verify", str(path)), [sys.executable], runs)[sys.executable]
    alone = one_process[sys.executable]
    said = (
        f"whole process, wall: on two processes {two.seconds:.2f} s, on one "
        f"{alone.seconds:.2f} s: {alone.seconds / two.seconds:.2f}x"
    )
    for python in pythons[1:]:
        before = one_process[python].seconds
        said += f"; the baseline on one {before:.2f} s: {before / two.seconds:.2f}x"
    # What free cores would give: the CPU of the longer of the two processes, start-up
    # and exit included, against one process's.
    longer = max(two.cpu, two.forked)
    said += (
        f"; CPU from start to exit: on two, {two.cpu:.2f} s and the forked "
        f"{two.forked:.2f} s, on one {alone.cpu:.2f} s: {alone.cpu / longer:.2f}x"
    )
    for python in pythons[1:]:
        before = one_process[python].cpu
        said += f"; the baseline on one {before:.2f} s: {before / longer:.2f}x"
    return said + " (target: 1.8x today's one process)"


def unsealable_copy(path: Path, folder: Path) -> Path:
    """Return a copy of the journal at `path` in `folder` that never gets a sidecar of
    checkpoints (a folder stands at its name), so that every figure here is a journal
    read and judged from its start (`bench_checkpoints.py` measures sealed ones)."""
    copy = folder / "unsealed.jsonl"
    shutil.copyfile(path, copy)
    os.mkdir(sidecar_path(str(copy)))
    return copy


def verify_cpu(path: Path) -> tuple[float, float, float]:
    """Return the CPU seconds `watan verify`'s check takes on one process, and on two: this
    process's and the forked one's (`replay.parallel`), each the median of three."""
    ones, these, forks = [], [], []
    for _ in range(3):
        began = time.process_time()
        check(WATAN_JOURNALS, path)
        ones.append(time.process_time() - began)
        began, children = time.process_time(), _children_cpu()
        check_on_both(WATAN_JOURNALS, path)
        these.append(time.process_time() - began)
        forks.append(_children_cpu() - children)
    return statistics.median(ones), statistics.median(these), statistics.median(forks)


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def run() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--keep", type=Path, help="keep the long journal at this path")
    parser.add_argument(
        "--journal", type=Path, help="measure this journal instead of writing a new one"
    )
    parser.add_argument(
        "--fold-only", action="store_true", help="measure decoding and folding alone"
    )
    parser.add_argument(
        "--baseline", help="another install's python (today's tree, say), timed beside"
    )
    parser.add_argument("--runs", type=int, default=3, help="runs of each whole command")
    options = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="watan-bench-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    if options.journal is not None:
        path = options.journal
        count = sum(1 for _ in CODEC.reader().iter_events(path)[1])
    else:
        path = options.keep or folder / "long.jsonl"
        count = long_journal(path, options.events)
    print(f"journal: {count:,} events, {path.stat().st_size / 1e6:.1f} MB ({path})")
    path = unsealable_copy(path, folder)

    pythons = [sys.executable, *([options.baseline] if options.baseline else [])]
    for args in () if options.fold_only else (
        ("verify", str(path)),
        ("export", str(path)),
        ("replay", str(path), "--to", str(count)),
    ):
        measured = side_by_side(args, pythons, options.runs)
        seconds, peak = measured[sys.executable][:2]
        line = (
            f"watan {' '.join(args[:1] + args[2:])}: {count / seconds:,.0f} events/s "
            f"({seconds:.2f} s as a whole process), peak {peak:.0f} MB"
        )
        if options.baseline:
            before = measured[options.baseline].seconds
            line += f"; baseline {count / before:,.0f} events/s, {before / seconds:.2f}x"
        print(line)

    if not options.fold_only:
        print(f"watan verify, {verify_wall(path, pythons, options.runs)}")
        one, this, forked = verify_cpu(path)
        print(
            f"verify's CPU, the critical path: one process {one:.2f} s; on two, this process "
            f"{this:.2f} s and the forked one {forked:.2f} s: {one / max(this, forked):.2f}x "
            "(what two free cores give; a busy machine shares its cores out by session)"
        )

    journal = CODEC.reader().read(path)
    initial = start(journal.header)

    def one_by_one(game: Game, events: tuple[AnyEvent, ...]) -> Game:
        return fold(apply, game, events)

    only_fold = median_seconds(lambda: one_by_one(initial, journal.events), 3)
    only_batch = median_seconds(lambda: fold_all(initial, journal.events), 5)
    print(
        f"fold alone: batch (fold_all) {count / only_batch:,.0f}/s, "
        f"event by event (apply) {count / only_fold:,.0f}/s, {only_fold / only_batch:.2f}x"
    )
    # Each install measures msgspec's decode beside its own reader and fold, in one process.
    for python, taken in shares(path, pythons, 5).items():
        ceiling = taken["msgspec"]
        print(
            f"{'this tree' if python == sys.executable else 'baseline'}: msgspec's own "
            f"decode_lines {count / ceiling:,.0f} events/s (the ceiling); the reader "
            f"{ceiling / taken['read']:.0%} of it; read and batch fold "
            f"{ceiling / taken['read and fold']:.0%}; the reader's stream batch folded "
            f"as it decodes {ceiling / taken['streamed']:.0%} (target: 45%)"
        )
    if options.fold_only:
        return

    help_time = median_seconds(watan("--help"), 11)
    early = median_seconds(watan("replay", str(path), "--to", "40"), 11)
    print(f"watan --help: {help_time * 1000:.0f} ms")
    print(
        f"watan replay LONG --to 40: {early * 1000:.0f} ms "
        f"({(early - help_time) * 1000:+.0f} ms over --help)"
    )
    given = f"--journal {options.journal}" if options.journal else f"--events {options.events}"
    if options.baseline:
        given += f" --baseline {options.baseline} --runs {options.runs}"
    print(f"command: python benchmarks/bench_replay.py {given}")


if __name__ == "__main__":
    run()
