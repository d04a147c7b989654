"""Start-up time: what `watan` adds to a bare Python start, up to its first prompt.

Run: python benchmarks/bench_startup.py [--cmd PATH/TO/watan] [--vs PATH/TO/other/watan]
[--runs 20]

Times, each in a fresh process and a fresh empty folder (median of --runs, or the
fastest with --fastest, after one untimed run that fills the bytecode cache):

- `python -c pass`, the floor;
- `python -c "import msgspec"`: the game's states and events are msgspec
  values, so this is a floor for any start of the game too;
- `watan --help`, to its end;
- `watan -board FILE` and `constructor -board FILE`, to the moment their
  first prompt (`> `) appears on standard output (the placement question).

With `--vs`, another install (today's tree, say) is timed too, each run of one beside a
run of the other, and the ratios printed.

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = shutil.which("watan", path=str(Path(sys.executable).parent)) or "watan"
    parser.add_argument("--cmd", default=default, help="the watan program to time")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--vs", help="another watan program, timed beside the first")
    parser.add_argument(
        "--fastest", action="store_true", help="the fastest run of each, not the median"
    )
    options = parser.parse_args()
    programs = [options.cmd, *([options.vs] if options.vs else [])]
    board = str(ROOT / "fixtures" / "spec" / "sample-board.txt")
    runs = options.runs
    # The fastest run is what the program costs when nothing else wants the cores; the
    # median is what a busy machine gives.
    pick: Callable[[list[float]], float] = min if options.fastest else statistics.median
    figures = _figures_side_by_side(programs, board, runs, pick)
    for program, (bare, floor, helped, played, built) in figures.items():
        print(f"program: {program}")
        print(f"  python -c pass: {bare:.1f} ms")
        print(f"  python -c 'import msgspec': {floor:.1f} ms ({floor - bare:+.1f} ms over python)")
        print(f"  watan --help: {helped:.1f} ms ({helped - floor:+.1f} ms over import msgspec)")
        for name, taken in (("watan", played), ("constructor", built)):
            print(
                f"  {name} -board FILE to its first prompt: {taken:.1f} ms "
                f"({taken - floor:+.1f} ms over import msgspec; target +20)"
            )
    if options.vs:
        mine, theirs = figures[options.cmd], figures[options.vs]
        for label, index in (("watan", 3), ("constructor", 4)):
            print(
                f"{label} -board FILE, time over import msgspec: "
                f"{mine[index] - mine[1]:+.1f} ms against {theirs[index] - theirs[1]:+.1f} ms"
            )
    vs = (f" --vs {options.vs}" if options.vs else "") + (" --fastest" if options.fastest else "")
    print(f"command: python benchmarks/bench_startup.py --cmd {options.cmd}{vs} --runs {runs}")


def _figures_side_by_side(
    programs: list[str], board: str, runs: int, pick: Callable[[list[float]], float]
) -> dict[str, tuple[float, ...]]:
    """Return, for each install, the medians of: python alone, importing msgspec, `--help`,
    and `watan` and `constructor` to their first prompts; the installs take turns, run by
    run, so that a busy machine weighs on each alike (one untimed round first)."""
    commands = {
        program: (
            (to_the_end, [str(Path(program).with_name("python")), "-c", "pass"]),
            (to_the_end, [str(Path(program).with_name("python")), "-c", "import msgspec"]),
            (to_the_end, [program, "--help"]),
            (to_the_prompt, [program, "-board", board]),
            (to_the_prompt, [str(Path(program).with_name("constructor")), "-board", board]),
        )
        for program in programs
    }
    times: dict[str, list[list[float]]] = {p: [[] for _ in commands[p]] for p in programs}
    for _ in range(runs + 1):
        for program in programs:
            for taken, (time_one, command) in zip(times[program], commands[program], strict=True):
                with tempfile.TemporaryDirectory(prefix="watan-start-") as folder:
                    taken.append(time_one(command, folder))
    return {
        program: tuple(pick(each[1:]) for each in times[program]) for program in programs
    }


if __name__ == "__main__":
    main()
