"""Start-up time: what `watan` adds to a bare Python start (median of 20 runs each).

Run: python benchmarks/bench_startup.py [--cmd PATH/TO/watan] [--runs 20]

It times `python -c pass`, `watan --help`, and `watan -board FILE` up to its
first prompt (standard input is empty, so the game ends there), each in a
fresh process that may cache its bytecode.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""Children may cache their bytecode, as on any user's machine (this sandbox forbids it)."""


def median_ms(command: list[str], runs: int, folder: str) -> float:
    """Return the median wall time of running `command` in `folder`, in milliseconds.

    One untimed run first fills the bytecode cache.
    """
    times = []
    for _ in range(runs + 1):
        began = time.perf_counter()
        subprocess.run(
            command,
            cwd=folder,
            capture_output=True,
            stdin=subprocess.DEVNULL,
            env=ENVIRONMENT,
            check=False,
        )
        times.append((time.perf_counter() - began) * 1000)
    return statistics.median(times[1:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = shutil.which("watan", path=str(Path(sys.executable).parent)) or "watan"
    parser.add_argument("--cmd", default=default, help="the watan program to time")
    parser.add_argument("--runs", type=int, default=20)
    options = parser.parse_args()
    python = str(Path(options.cmd).with_name("python"))
    board = str(ROOT / "fixtures" / "spec" / "sample-board.txt")
    with tempfile.TemporaryDirectory(prefix="watan-start-") as folder:
        bare = median_ms([python, "-c", "pass"], options.runs, folder)
        helped = median_ms([options.cmd, "--help"], options.runs, folder)
        played = median_ms(
            [options.cmd, "-board", board, "--journal", "game.jsonl"], options.runs, folder
        )
        Path(folder, "game.jsonl").unlink(missing_ok=True)
    print(f"program: {options.cmd}")
    print(f"python -c pass: {bare:.1f} ms")
    print(f"watan --help: {helped:.1f} ms ({helped - bare:+.1f} ms over python; target +60)")
    print(
        f"watan -board FILE to the first prompt: {played:.1f} ms "
        f"({played - bare:+.1f} ms over python; target +60)"
    )
    print(f"command: python benchmarks/bench_startup.py --cmd {options.cmd} --runs {options.runs}")


if __name__ == "__main__":
    main()
