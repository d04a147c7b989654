"""Start-up time: what `watan` adds to a bare Python start, up to its first prompt.

Run: python benchmarks/bench_startup.py [--cmd PATH/TO/watan] [--runs 20]

Times, each in a fresh process and a fresh empty folder (median of --runs,
after one untimed run that fills the bytecode cache):

- `python -c pass`, the floor;
- `python -c "import msgspec"`: the game's states and events are msgspec
  values, so this is a floor for any start of the game too;
- `watan --help`, to its end;
- `watan -board FILE` and `constructor -board FILE`, to the moment their
  first prompt (`> `) appears on standard output (the placement question).

Use an install made with `pip install .` (a test install carries packages the
game does not need, such as `typing_extensions`, which msgspec then loads).
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
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""Children may cache their bytecode, as on any user's machine."""


def to_the_end(command: list[str], folder: str) -> float:
    """Return how long `command` runs, in milliseconds."""
    began = time.perf_counter()
    subprocess.run(
        command, cwd=folder, capture_output=True, stdin=subprocess.DEVNULL, env=ENVIRONMENT,
        check=False,
    )
    return (time.perf_counter() - began) * 1000


def to_the_prompt(command: list[str], folder: str) -> float:
    """Return how long `command` takes to print its first prompt, in milliseconds."""
    began = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, env=ENVIRONMENT,
    )
    assert process.stdout is not None and process.stdin is not None
    seen = b""
    while not seen.endswith(b"> "):
        chunk = os.read(process.stdout.fileno(), 4096)
        if not chunk:
            raise SystemExit(f"{command[0]} ended before its first prompt: {seen[-200:]!r}")
        seen += chunk
    taken = (time.perf_counter() - began) * 1000
    process.stdin.close()
    process.wait()
    return taken


def median_ms(time_one: Callable[[list[str], str], float], command: list[str], runs: int) -> float:
    """Return the median of `runs` timings, each in a fresh empty folder, after one untimed."""
    times = []
    for _ in range(runs + 1):
        with tempfile.TemporaryDirectory(prefix="watan-start-") as folder:
            times.append(time_one(command, folder))
    return statistics.median(times[1:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = shutil.which("watan", path=str(Path(sys.executable).parent)) or "watan"
    parser.add_argument("--cmd", default=default, help="the watan program to time")
    parser.add_argument("--runs", type=int, default=20)
    options = parser.parse_args()
    python = str(Path(options.cmd).with_name("python"))
    constructor = str(Path(options.cmd).with_name("constructor"))
    board = str(ROOT / "fixtures" / "spec" / "sample-board.txt")
    runs = options.runs
    bare = median_ms(to_the_end, [python, "-c", "pass"], runs)
    floor = median_ms(to_the_end, [python, "-c", "import msgspec"], runs)
    helped = median_ms(to_the_end, [options.cmd, "--help"], runs)
    played = median_ms(to_the_prompt, [options.cmd, "-board", board], runs)
    built = median_ms(to_the_prompt, [constructor, "-board", board], runs)
    print(f"program: {options.cmd}")
    print(f"python -c pass: {bare:.1f} ms")
    print(f"python -c 'import msgspec': {floor:.1f} ms ({floor - bare:+.1f} ms over python)")
    print(f"watan --help: {helped:.1f} ms ({helped - bare:+.1f} ms over python)")
    for name, taken in (("watan", played), ("constructor", built)):
        print(
            f"{name} -board FILE to its first prompt: {taken:.1f} ms "
            f"({taken - bare:+.1f} ms over python; target +30)"
        )
    print(f"command: python benchmarks/bench_startup.py --cmd {options.cmd} --runs {runs}")


if __name__ == "__main__":
    main()
