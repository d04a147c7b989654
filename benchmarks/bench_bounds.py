"""What a hostile input costs a journal reader: time and peak memory of each refusal.

Run: python benchmarks/bench_bounds.py

Each row is one installed-program process (`python -m watan`, `python -m bazaar`) run under
`/usr/bin/time -v`: its wall time and its peak resident memory, given a device that never
ends, a 700 MB file without a newline (sparse: its bytes are zeros, none on the disk), a
named pipe nobody writes to, and a folder of games holding both.  Every one must be refused
in under a second and 50 MB (issue 23, point 3).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECONDS, MEGABYTES = 1.0, 50


def measured(args: list[str], stdin: str | None, cwd: Path) -> tuple[float, float, int, str]:
    """Return the wall seconds, peak megabytes, exit status and last line of standard error
    of `python ARGS` (standard input from the file `stdin`, when given)."""
    command = ["/usr/bin/time", "-v", sys.executable, *args]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "WATAN_JOURNALS": str(cwd / "journals")}
    with open(stdin or os.devnull, "rb") as given:
        done = subprocess.run(
            command, stdin=given, capture_output=True, cwd=cwd, env=env, timeout=120, check=False
        )
    err = done.stderr.decode(errors="replace")
    clock = re.search(r"Elapsed \(wall clock\) time .*?: (?:(\d+):)?(\d+):([\d.]+)", err)
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", err)
    assert clock is not None and peak is not None, err
    hours, minutes, secs = clock.groups()
    wall = int(hours or 0) * 3600 + int(minutes) * 60 + float(secs)
    said = [line for line in err.splitlines() if line.startswith(("watan:", "bazaar:"))]
    out = done.stdout.decode(errors="replace").strip().splitlines()
    status = re.search(r"Exit status: (\d+)", err)
    shown = " | ".join(said) if said else " | ".join(line for line in out if "  " in line)
    return wall, int(peak.group(1)) / 1024, int(status.group(1)) if status else 0, shown or out[-1]


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="watan-bounds-") as made:
        table(Path(made))
    print("command: python benchmarks/bench_bounds.py")


def table(folder: Path) -> None:
    """Print one row per hostile input, its files made in `folder`."""
    huge = folder / "huge.jsonl"
    with huge.open("wb") as file:
        file.truncate(700 * 10**6)
    pipe = folder / "pipe.jsonl"
    os.mkfifo(pipe)
    games = folder / "games"
    games.mkdir()
    os.mkfifo(games / "pipe.jsonl")
    (games / "random.jsonl").symlink_to("/dev/urandom")
    (games / "zero.jsonl").symlink_to("/dev/zero")
    watan, bazaar = ["-m", "watan"], ["-m", "bazaar"]
    cases = [
        ("watan replay /dev/zero", [*watan, "replay", "/dev/zero"], None),
        ("watan replay /dev/urandom", [*watan, "replay", "/dev/urandom"], None),
        ("watan verify - < /dev/zero", [*watan, "verify", "-"], "/dev/zero"),
        ("watan verify - < /dev/urandom", [*watan, "verify", "-"], "/dev/urandom"),
        ("watan replay - < /dev/zero", [*watan, "replay", "-"], "/dev/zero"),
        ("watan view 700 MB, no newline", [*watan, "view", str(huge), "-o", "-"], None),
        ("watan verify 700 MB, no newline", [*watan, "verify", str(huge)], None),
        ("watan replay - < 700 MB, no newline", [*watan, "replay", "-"], str(huge)),
        ("watan play --resume 700 MB", [*watan, "play", "--resume", str(huge)], None),
        ("watan replay FIFO (no writer)", [*watan, "replay", str(pipe)], None),
        ("watan play --resume FIFO", [*watan, "play", "--resume", str(pipe)], None),
        ("watan games (FIFO, /dev/urandom, /dev/zero)", [*watan, "games", str(games)], None),
        ("bazaar replay /dev/zero", [*bazaar, "replay", "/dev/zero"], None),
        ("bazaar replay - < /dev/urandom", [*bazaar, "replay", "-"], "/dev/urandom"),
        ("bazaar replay 700 MB, no newline", [*bazaar, "replay", str(huge)], None),
        ("bazaar play --resume FIFO", [*bazaar, "play", "--resume", str(pipe)], None),
    ]
    print(f"{'input':<46} {'status':>6} {'wall':>8} {'peak':>8}  within  said")
    for name, args, stdin in cases:
        wall, peak, status, said = measured(args, stdin, folder)
        within = "yes" if wall < SECONDS and peak < MEGABYTES else "NO"
        print(f"{name:<46} {status:>6} {wall:>6.2f} s {peak:>5.1f} MB  {within:<6}  {said[:90]}")


if __name__ == "__main__":
    main()
