"""What hostile files cost: `watan verify` time and memory as journals grow, and a 7 on a billion.

Run: python benchmarks/bench_hostile.py

Each figure is one `python -m watan` process, its wall time (median of 3) and its peak
resident memory.  Time and memory must grow in proportion to the journal's size (twice
the lines, about twice the time), never faster, whatever the lines hold.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.bench_replay import long_journal
from benchmarks.timing import median_seconds

ROOT = Path(__file__).resolve().parent.parent
RECORDED = ROOT / "journals" / "sevens-and-steals" / "journal.jsonl"


def peak_kib(*args: str, stdin: bytes = b"") -> int:
    """Return the peak resident memory (KiB) of one `python -m watan ARGS` process."""
    probe = (
        "import resource, subprocess, sys\n"
        "subprocess.run(sys.argv[1:], input=sys.stdin.buffer.read(), capture_output=True)\n"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe, sys.executable, "-m", "watan", *args],
        input=stdin,
        capture_output=True,
        check=True,
    )
    return int(result.stdout)


def seconds(*args: str, stdin: bytes = b"", cwd: Path | None = None) -> float:
    """Return the median wall time of `python -m watan ARGS` (3 runs)."""
    command = [sys.executable, "-m", "watan", *args]
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    if cwd is not None:  # games it plays keep their journals there, not in the user's folder
        env["WATAN_JOURNALS"] = str(cwd / "journals")
    return median_seconds(
        lambda: subprocess.run(
            command, input=stdin, cwd=cwd, env=env, capture_output=True, check=False
        ),
        3,
    )


def productions_after_one_roll(path: Path, count: int) -> None:
    """A recorded game up to its first production, that production repeated `count` times."""
    lines = RECORDED.read_bytes().splitlines(keepends=True)
    first = next(i for i, line in enumerate(lines) if b"resources_produced" in line)
    path.write_bytes(b"".join([*lines[: first + 1], *[lines[first]] * count]))


def billion_lost(path: Path) -> None:
    """A recorded game up to its first loss to the geese, which now says a billion CAFFEINE."""
    lines = RECORDED.read_bytes().splitlines(keepends=True)
    first = next(i for i, line in enumerate(lines) if b"resources_lost" in line)
    start = lines[first].index(b'"lost":')
    lines[first] = lines[first][:start] + b'"lost":[1000000000,0,0,0,0]}\n'
    path.write_bytes(b"".join(lines[: first + 1]))


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="watan-hostile-bench-"))
    print(f"{'journal':<48} {'lines':>9} {'verify':>9} {'peak memory':>12}")

    def row(name: str, path: Path) -> None:
        lines = path.read_bytes().count(b"\n")
        took = seconds("verify", str(path))
        peak = peak_kib("verify", str(path))
        print(f"{name:<48} {lines:>9,} {took * 1000:>7.0f} ms {peak:>8,} KiB")

    for events in (25_000, 50_000, 100_000):
        path = folder / f"played-{events}.jsonl"
        long_journal(path, events)
        row(f"random legal play, {events:,} events", path)
    for count in (20_000, 80_000, 320_000):
        path = folder / f"produced-{count}.jsonl"
        productions_after_one_roll(path, count)
        row(f"{count:,} productions after one roll", path)
    lost = folder / "lost.jsonl"
    billion_lost(lost)
    row(f"a loss of 10^9 CAFFEINE ({lost.stat().st_size:,} bytes)", lost)

    rich = folder / "rich.sv"
    sample = (ROOT / "fixtures" / "spec" / "sample-save.sv").read_text()
    rich.write_text(sample.replace("\n0 0 0 5 0 g", "\n" + "999999999 " * 5 + "g", 1))
    took = seconds("-seed", "1", "-load", str(rich), stdin=b"load\nroll\n7\n", cwd=folder)
    print(
        f"a 7 rolled against 5 x 999,999,999 resources (load, roll, 7, end of input): "
        f"{took * 1000:.0f} ms"
    )
    print("command: python benchmarks/bench_hostile.py")


if __name__ == "__main__":
    main()
