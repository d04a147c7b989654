"""A seeded soak of the programs as a careless user or an attacker uses them; prints a table.

Run: python benchmarks/soak_hostile.py --seed 23 --seconds 300

Four parts share the time given, each stopping when its share is spent:

- sessions: `watan`, `constructor` and `bazaar` processes fed hostile typed lines (commands,
  numbers out of range, control characters, escape sequences, names of devices, pipes and
  the program's own output for `save`), with and without computers and house rules;
- files: the suite's hostile-file fuzz (`tests.hostile`: mutated journals, saves and boards
  through every command), run in batches;
- kills: games of four computers killed with SIGKILL at a random moment, then resumed
  (`play --resume`) and verified: nothing lost, nothing unreadable;
- targets: saves and pages aimed at a FIFO, a device, a link planted beside the journal and
  the program's own output, each checked to replace nothing it should not.

A case fails on a traceback, an exit status the program does not document, a journal it
wrote that `verify` refuses, or a file outside the game's own that changed.  Same seed,
same cases.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE_SAVE = ROOT / "fixtures" / "spec" / "sample-save.sv"
JOURNAL = ROOT / "journals" / "sevens-and-steals" / "journal.jsonl"
STATUSES = {0, 1, 2, 130, 141}
"""Exit statuses the programs document: done, a failing output or verdict, a refusal,
stopped by Ctrl-C, the reader of the output gone."""

WORDS = [
    "roll", "load", "fair", "next", "status", "board", "help", "residences", "trade",
    "achieve 12", "complete 20", "improve 20", "steal", "yes", "no", "7", "12", "99999999999",
    "-1", "", " ", "save /dev/null", "save /dev/stdout", "save /dev/stderr", "save x.sv",
    "save pipe", "save link.sv", "save journals", "save \x1b]0;T\x07.sv", "\x00", "\xff",
    "é" * 50, "9" * 5000, "trade Red LAB STUDY", "trade-bank COFFEE LAB", "devs", "play knight",
    "up", "down", "left", "right", "buy", "sell spice", "wait", "quit",
]  # fmt: skip
"""What a hostile player types: the games' commands, their slips, and attacks."""


class Part:
    """One part of the soak: its cases, failures, and each case's seconds."""

    def __init__(self, name: str) -> None:
        self.name, self.cases = name, 0
        self.failures: list[str] = []
        self.seconds: list[float] = []

    def row(self) -> str:
        median = statistics.median(self.seconds) if self.seconds else 0.0
        slowest = max(self.seconds, default=0.0)
        return (
            f"{self.name:<10} {self.cases:>7,} {len(self.failures):>9,} "
            f"{median:>9.2f} s {slowest:>9.2f} s"
        )


def program(name: str) -> list[str]:
    """Return the command line that runs the installed program `name` from this checkout."""
    entry = {
        "watan": "from watan.cli.launch import run; run()",
        "constructor": "from watan.cli.launch import constructor; constructor()",
        "bazaar": "from bazaar.cli import program; program()",
    }[name]
    return [sys.executable, "-c", entry]


def environment(folder: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "WATAN_JOURNALS": str(folder / "journals")}


def check(part: Part, label: str, done: subprocess.CompletedProcess[bytes]) -> None:
    """Record a failure for a traceback or an undocumented exit status."""
    err = done.stderr.decode(errors="replace")
    if "Traceback" in err or done.returncode not in STATUSES:
        part.failures.append(f"{label}: status {done.returncode}: {err[-300:]!r}")


def verify_journals(part: Part, label: str, folder: Path, name: str) -> None:
    """Record a failure for any journal in `folder/journals` that `verify` refuses."""
    for journal in sorted((folder / "journals").rglob("*.jsonl")):
        done = subprocess.run(
            [*program(name), "verify", str(journal)],
            capture_output=True, env=environment(folder), timeout=60, check=False,
        )
        torn = b"incomplete" in done.stdout
        if done.returncode != 0 and not torn:
            part.failures.append(f"{label}: {journal.name}: {done.stdout[-200:]!r}")


def session(rng: random.Random, folder: Path, part: Part) -> None:
    """One hostile session of one program."""
    name = rng.choice(["watan", "watan", "constructor", "bazaar"])
    os.mkfifo(folder / "pipe")
    (folder / "elsewhere").mkdir()
    (folder / "link.sv").symlink_to(folder / "elsewhere" / "linked.sv")  # never outside `folder`
    if name == "bazaar":
        args = ["play", "--players", "Ann,Bob,Cy", "--size", rng.choice(["4x4", "6x6"]),
                "--seed", str(rng.randrange(1000))]  # fmt: skip
    else:
        args = ["-seed", str(rng.randrange(1000))]
        if rng.random() < 0.3:
            args += ["--house-rules", "standard"]
        if rng.random() < 0.3:
            args += ["-load", str(SAMPLE_SAVE)]
        if rng.random() < 0.4:
            args += ["--computer", f"{rng.choice(['Red', 'Orange', 'Yellow'])}=greedy"]
    typed = "\n".join(rng.choice(WORDS) for _ in range(rng.randrange(5, 80))) + "\n"
    began = time.perf_counter()
    done = subprocess.run(
        [*program(name), *args], input=typed.encode("utf-8", "surrogateescape"),
        capture_output=True, cwd=folder, env=environment(folder), timeout=60, check=False,
    )  # fmt: skip
    part.seconds.append(time.perf_counter() - began)
    label = f"{name} {' '.join(args)}"
    check(part, label, done)
    verify_journals(part, label, folder, name)
    if not (folder / "link.sv").is_symlink():
        part.failures.append(f"{label}: the link a save named was replaced by a file")


def kill(rng: random.Random, folder: Path, part: Part) -> None:
    """A game of four computers killed at a random moment, then resumed and verified."""
    seats = [f"--computer={c}=greedy" for c in ("Blue", "Red", "Orange", "Yellow")]
    journal = folder / "game.jsonl"
    began = time.perf_counter()
    running = subprocess.Popen(
        [*program("watan"), "-seed", str(rng.randrange(10**6)), "--journal", str(journal),
         *seats],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        cwd=folder, env=environment(folder),
    )  # fmt: skip
    time.sleep(rng.uniform(0.3, 1.5))
    running.send_signal(signal.SIGKILL)
    running.wait()
    if journal.exists():
        resumed = subprocess.run(
            [*program("watan"), "play", "--resume", str(journal)], input=b"",
            capture_output=True, cwd=folder, env=environment(folder), timeout=60, check=False,
        )  # fmt: skip
        check(part, f"resume after a kill ({journal.stat().st_size} bytes)", resumed)
        verified = subprocess.run(
            [*program("watan"), "verify", str(journal)],
            capture_output=True, env=environment(folder), timeout=60, check=False,
        )
        if verified.returncode != 0:
            part.failures.append(f"killed and resumed: {verified.stdout[-200:]!r}")
    part.seconds.append(time.perf_counter() - began)


def target(rng: random.Random, folder: Path, part: Part) -> None:
    """A save or a page aimed where it must replace nothing."""
    victim = folder / "victim.txt"
    victim.write_text("keep me\n")
    (folder / "game.jsonl").write_bytes(JOURNAL.read_bytes())
    choice = rng.choice(["page-link", "page-file", "backup-link", "backup-file", "fifo", "stdout"])
    began = time.perf_counter()
    if choice.startswith("page"):
        page = folder / "game.html"
        if choice == "page-link":
            page.symlink_to(victim)
        else:
            page.write_text("keep me\n")
        done = subprocess.run(
            [*program("watan"), "view", str(folder / "game.jsonl")],
            capture_output=True, cwd=folder, env=environment(folder), timeout=60, check=False,
        )  # fmt: skip
        kept = victim if choice == "page-link" else page
    elif choice.startswith("backup"):
        backup = folder / "backup.sv"
        if choice == "backup-link":
            backup.symlink_to(victim)
        else:
            backup.write_text("keep me\n")
        done = subprocess.run(
            [*program("watan"), "-load", str(SAMPLE_SAVE)], input=b"",
            capture_output=True, cwd=folder, env=environment(folder), timeout=60, check=False,
        )  # fmt: skip
        kept = victim if choice == "backup-link" else backup
    elif choice == "fifo":
        os.mkfifo(folder / "x.sv")
        done = subprocess.run(
            [*program("watan"), "-load", str(SAMPLE_SAVE)], input=b"save x.sv\n",
            capture_output=True, cwd=folder, env=environment(folder), timeout=60, check=False,
        )  # fmt: skip
        kept = victim
    else:
        with (folder / "log.txt").open("wb") as log:
            done = subprocess.run(
                [*program("watan"), "-load", str(SAMPLE_SAVE)],
                input=b"status\nsave /dev/stdout\nstatus\n", stdout=log, stderr=subprocess.PIPE,
                cwd=folder, env=environment(folder), timeout=60, check=False,
            )  # fmt: skip
        if (folder / "log.txt").read_text().count("tutorials.") != 9:
            part.failures.append("save /dev/stdout lost the session's own output")
        kept = victim
    part.seconds.append(time.perf_counter() - began)
    check(part, choice, done)
    if kept.read_text() != "keep me\n":
        part.failures.append(f"{choice}: replaced a file nobody named")


def files(rng: random.Random, folder: Path, part: Part) -> None:
    """A batch of the suite's hostile-file fuzz, of one kind, from a seed drawn here."""
    kind = rng.choice(["journals", "saves", "boards"])
    count = 50
    began = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "tests.hostile", kind, "--seed", str(rng.randrange(10**6)),
         "--count", str(count)],
        capture_output=True, cwd=ROOT, env=environment(folder), timeout=600, check=False,
    )  # fmt: skip
    part.seconds.append((time.perf_counter() - began) / count)
    part.cases += count - 1  # the loop counts one
    if done.returncode != 0:
        part.failures.append(f"files {kind}: {done.stderr[-300:]!r}")
        return
    report = json.loads(done.stdout)
    part.failures += [
        f"files {failed['kind']} {failed['number']}: {failed['problem']}"
        for failed in report["failures"]
    ]


def soak(seed: int, seconds: float) -> list[Part]:
    """Run every part for its share of `seconds`; return them."""
    rng = random.Random(seed)
    kinds: list[tuple[str, Callable[[random.Random, Path, Part], None]]] = [
        ("sessions", session), ("files", files), ("kills", kill), ("targets", target),
    ]  # fmt: skip
    parts = []
    for name, one in kinds:
        part, ends = Part(name), time.monotonic() + seconds / len(kinds)
        while time.monotonic() < ends:
            with tempfile.TemporaryDirectory(prefix="watan-soak-") as made:
                try:
                    one(rng, Path(made), part)
                except subprocess.TimeoutExpired as slow:
                    part.failures.append(f"{name}: over {slow.timeout} s: {slow.cmd!r}"[:300])
            part.cases += 1
        parts.append(part)
    return parts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--seconds", type=float, default=300.0)
    options = parser.parse_args()
    parts = soak(options.seed, options.seconds)
    print(f"{'part':<10} {'cases':>7} {'failures':>9} {'median':>11} {'slowest':>11}")
    for part in parts:
        print(part.row())
    for part in parts:
        for failure in part.failures[:5]:
            print(f"  {part.name}: {failure}")
    print(f"command: python benchmarks/soak_hostile.py --seed {options.seed} "
          f"--seconds {options.seconds:g}")  # fmt: skip


if __name__ == "__main__":
    main()
