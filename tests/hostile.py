"""A seeded hostile-file fuzz: mutated journals, save files and board files through every command.

Each case takes a real file (a recorded game's journal cut to a random length, a recorded
save file, a board file), mutates it the way damage, hand edits and attacks do (bytes
flipped, cut, repeated or replaced; lines swapped, dropped or repeated thousands of times;
numbers made huge, negative or fractional; JSON nested a thousand deep; text that is not
UTF-8; lines over a mebibyte), and runs one of the commands that read such a file on it,
through click as a user would, in a working folder of its own.  A case fails when:

- the command ends in a traceback (any exception but the exit click turns into a status),
- it exits with a status other than 0 or 2, save the verdicts two commands document:
  `watan verify` exits 1 for a journal with a problem, `watan diff` for games that differ,
- a refusal (status 2) is anything but one line on standard error with nothing on
  standard output,
- the file it was given changed (only `play --resume` may append to a journal it accepts,
  after setting a torn last line aside),
- it runs longer than `SECONDS` or needs more memory than `MEMORY` allows (the whole
  run is held to that address space: a blow-up is a MemoryError, so a failure).

Run it as the suite does, or by hand to look further:
`python -m tests.hostile journals --seed 5 --count 3000` prints one JSON report.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import random
import resource
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import msgspec
from click.testing import CliRunner, Result

from watan.cli.app import main as watan

ROOT = Path(__file__).resolve().parent.parent
JOURNALS = sorted((ROOT / "journals").glob("*/journal.jsonl"))

SECONDS = 5.0
"""The longest one command may take on a file a few kilobytes long; real ones take a few
hundredths of a second."""

MEMORY = 1 << 30
"""The address space the whole run may use (1 GiB): a Python process with the program
loaded uses about a tenth of it; a file that drove it past this has blown up."""

KINDS = ("journals", "saves", "boards")

HOSTILE_BYTES = (
    b"", b"\x00", b"\xff", b"\xc3(", b"\xed\xa0\x80", b"\r\n", b"\n\n", b"\t", b" " * 7,
    b"-1", b"+3", b"7.5", b"1e309", b"NaN", b"999999999", b"1000000000",
    b"99999999999999999999999999999999", b"-99999999999999999999", b"18446744073709551616",
    b"[" * 1000, b"{" * 200, b'{"a":' * 300, b"]" * 50, b'"', b"\\", b'\\u0000', b"null",
    b"true", b"{}", b"[]", b"\x1b]0;TITLE\x07", b"BLUE", b"g", b"c", b"r", b"h", b"T",
    b"x" * 5000, b"9" * 4301, b"-" + b"9" * 4301,
)  # fmt: skip
"""Pieces put into files: control bytes, bad UTF-8, numbers out of every range, JSON nested
deep or left open, markers of the save formats, and one long run."""

HOSTILE_NUMBERS = (
    -1, 0, 1, 2, 7, 12, 18, 19, 53, 54, 71, 72, 255, 10**6, 10**9 - 1, 10**9, 2**31, 2**63,
    2**64, 10**30, -(10**9), int("9" * 4300), -int("9" * 4300), 2**63 - 1,
)  # fmt: skip


LARGEST_CASE = 3 << 20
"""Mutated files are cut to this size (3 MiB): past any limit the program sets on a line or a
save file, and small enough that a few thousand cases stay quick."""


def mutate(data: bytes, rng: random.Random) -> bytes:
    """Return `data` damaged in one to three ways."""
    for _ in range(rng.choice((1, 1, 2, 3))):
        data = rng.choice(MUTATIONS)(data, rng)[:LARGEST_CASE]
    return data


def _splice(data: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + rng.choice(HOSTILE_BYTES) + data[at + rng.choice((0, 0, 1, 3, 20)) :]


def _flip(data: bytes, rng: random.Random) -> bytes:
    if not data:
        return data
    at = rng.randrange(len(data))
    return data[:at] + bytes([rng.randrange(256)]) + data[at + 1 :]


def _cut(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def _drop_range(data: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + data[at + rng.randrange(1, 200) :]


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True) or [b""]


def _swap_lines(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return b"".join(lines)


def _drop_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"".join(lines)


def _repeat_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    at = rng.randrange(len(lines))
    times = min(rng.choice((2, 3, 50, 5000)), LARGEST_CASE // max(len(lines[at]), 1) + 1)
    return b"".join([*lines[:at], *[lines[at]] * times, *lines[at + 1 :]])


def _number(data: bytes, rng: random.Random) -> bytes:
    """Replace one number in the file by a hostile one."""
    spots = [i for i in range(len(data)) if data[i : i + 1].isdigit()]
    if not spots:
        return _splice(data, rng)
    at = rng.choice(spots)
    end = at
    while end < len(data) and data[end : end + 1].isdigit():
        end += 1
    return data[:at] + str(rng.choice(HOSTILE_NUMBERS)).encode() + data[end:]


def _json_value(data: bytes, rng: random.Random) -> bytes:
    """Re-encode one JSON line with a field given a hostile value, or one added."""
    lines = _lines(data)
    at = rng.randrange(len(lines))
    try:
        value = msgspec.json.decode(lines[at])
    except (msgspec.DecodeError, RecursionError, UnicodeDecodeError):
        return _number(data, rng)
    if not isinstance(value, dict) or not value:
        return _number(data, rng)
    key = rng.choice([*value, "extra"])
    value[key] = rng.choice(
        [
            rng.choice(HOSTILE_NUMBERS),
            [rng.choice(HOSTILE_NUMBERS)] * 5,
            "\xff",
            "",
            None,
            [],
            {},
            [[[[[[0]]]]]],
            "x" * 2000,
            rng.choice(["watan", "constructor", "bazaar", "game_started", "turn_ended"]),
        ]
    )
    lines[at] = msgspec.json.encode(value) + (b"\n" if lines[at].endswith(b"\n") else b"")
    return b"".join(lines)


def _long_line(data: bytes, rng: random.Random) -> bytes:
    lines = _lines(data)
    at = rng.randrange(len(lines))
    lines.insert(at, b'{"type":"turn_ended","colour":0,"x":"' + b"a" * (1 << 20) + b'"}\n')
    return b"".join(lines)


MUTATIONS: tuple[Callable[[bytes, random.Random], bytes], ...] = (
    _splice, _splice, _flip, _cut, _drop_range, _swap_lines, _drop_line, _repeat_line,
    _number, _number, _number, _json_value, _json_value, _long_line,
)  # fmt: skip


def _journal_base(rng: random.Random) -> bytes:
    """A recorded journal, cut after a random number of lines (most of them short)."""
    lines = rng.choice(JOURNALS).read_bytes().splitlines(keepends=True)
    return b"".join(lines[: rng.choice((10, 25, 60, 150, 400))])


def _save_bases() -> list[tuple[str, bytes]]:
    """Save files of both editions: the edition, and the file."""
    found = []
    for game in sorted(path.parent for path in JOURNALS):  # Watan's recorded games
        edition = "constructor" if game.name.startswith("constructor-") else "watan"
        for save in [game / "final.sv", *game.glob("session-*/expect/backup.sv")]:
            found.append((edition, save.read_bytes()))
    found.append(("watan", (ROOT / "fixtures" / "spec" / "sample-save.sv").read_bytes()))
    return found


def _board_bases() -> list[bytes]:
    boards = [(ROOT / "fixtures" / "spec" / "sample-board.txt").read_bytes()]
    boards += [p.read_bytes() for p in sorted((ROOT / "journals").glob("*/session-1/files/*.txt"))]
    one_per_line = b"\n".join(boards[0].split()) + b"\n"
    return [*boards, one_per_line]


class Case(msgspec.Struct):
    """One run: the command line, with FILE standing for the mutated file."""

    kind: str
    number: int
    args: list[str]
    data: bytes
    input: bytes = b""
    resumed: bool = False
    """`play --resume`: the only command that may change the file (by appending)."""


def cases(kind: str, seed: int, count: int) -> Iterator[Case]:
    """Yield `count` cases of one kind of file, the same ones for the same seed."""
    rng = random.Random(f"{kind}-{seed}")
    saves, boards = _save_bases(), _board_bases()
    for number in range(count):
        pick = rng.randrange(8)
        if kind == "journals":
            data = mutate(_journal_base(rng), rng)
            step = str(rng.choice((0, 1, 5, 9, 20, 60, 10**6)))
            args = [
                ["verify", "FILE"],
                ["replay", "FILE"],
                ["replay", "FILE", "--to", step],
                ["replay", "FILE", "--format", rng.choice(("sv", "json"))],
                ["export", "FILE"],
                ["diff", "FILE", str(JOURNALS[0])],
                ["rewind", "FILE", "--to", step, "-o", "out.jsonl"],
                ["play", "--resume", "FILE", "-seed", "1"],
            ][pick]
            yield Case(kind, number, args, data, b"", resumed=pick == 7)
        elif kind == "saves":
            edition, base = rng.choice(saves)
            data = mutate(base, rng)
            args = [
                ["show", "--edition", edition, "FILE"],
                ["play", "--edition", edition, "-seed", "1", "-load", "FILE"],
                ["diff", "--edition", edition, "FILE", "FILE"],
            ][pick % 3]
            yield Case(kind, number, args, data, rng.choice((b"", b"status\nroll\n7\n3\n")))
        else:
            data = mutate(rng.choice(boards), rng)
            edition = rng.choice(("watan", "constructor"))
            args = [
                ["show", "--edition", edition, "FILE"],
                ["play", "--edition", edition, "-seed", "1", "-board", "FILE"],
            ][pick % 2]
            yield Case(kind, number, args, data, rng.choice((b"", b"8\n16\n24\n")))


class Failure(msgspec.Struct):
    """What went wrong with one case, and how to run it again."""

    kind: str
    number: int
    args: list[str]
    problem: str
    file_head: str


class Report(msgspec.Struct):
    kind: str
    seed: int
    cases: int
    failures: list[Failure]
    slowest: float
    """Seconds of the slowest case."""
    max_rss_kib: int


class _TooSlow(Exception):
    """A case ran past `SECONDS` many times over: it is stopped so the run can go on."""


def _stop(*_: object) -> None:
    raise _TooSlow


FILE_NAMES = {"journals": "game.jsonl", "saves": "game.sv", "boards": "b.txt"}


def run_case(case: Case, folder: Path) -> tuple[str | None, float]:
    """Run one case in `folder`; return the problem (None when it passed) and its seconds."""
    name = FILE_NAMES[case.kind]
    (folder / name).write_bytes(case.data)
    args = [name if arg == "FILE" else arg for arg in case.args]
    before = hashlib.sha256(case.data).digest()
    previous = signal.signal(signal.SIGALRM, _stop)
    signal.setitimer(signal.ITIMER_REAL, 4 * SECONDS)
    began = time.perf_counter()
    try:
        with _working_in(folder):
            # A game a case plays keeps its journal here, never in the user's journal folder.
            runner = CliRunner(env={"WATAN_JOURNALS": str(folder / "journals")})
            result = runner.invoke(watan, args, input=case.input)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    seconds = time.perf_counter() - began
    return _problem(case, result, folder / name, before, seconds), seconds


@contextlib.contextmanager
def _working_in(folder: Path) -> Iterator[None]:
    previous = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(previous)


def _problem(case: Case, result: Result, path: Path, before: bytes, seconds: float) -> str | None:
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        error = result.exception
        if isinstance(error, _TooSlow):
            return f"ran past {4 * SECONDS:g} s and was stopped"
        return f"traceback: {type(error).__name__}: {str(error)[:200]}"
    status = result.exit_code
    verdicts = {"verify": 1, "diff": 1}
    if status not in (0, 2) and status != verdicts.get(case.args[0]):
        return f"exit status {status}; stderr {result.stderr[-300:]!r}"
    if status == 2 and (result.stdout or result.stderr.count("\n") != 1):
        return (
            f"a refusal not on one line: stdout {result.stdout[:200]!r}, "
            f"stderr {result.stderr[:300]!r}"
        )
    if seconds > SECONDS:
        return f"took {seconds:.1f} s"
    after = path.read_bytes() if path.exists() else b""
    appended = case.resumed and status == 0 and _appended_to(case.data, after, path)
    if hashlib.sha256(after).digest() != before and not appended:
        return "the file given was changed"
    return None


def _appended_to(original: bytes, after: bytes, path: Path) -> bool:
    """Return whether a resumed journal only had lines appended (after a torn tail set aside)."""
    torn = Path(f"{path}.torn")
    kept = original
    if torn.exists():
        tail = torn.read_bytes().removesuffix(b"\n")
        kept = original.removesuffix(tail)
    elif not original.endswith(b"\n"):
        kept = original + b"\n"  # a whole last line given its newline
    return after.startswith(kept) and after.endswith(b"\n")


def fuzz(kind: str, seed: int, count: int) -> Report:
    """Run `count` cases of one kind; return what failed."""
    failures = []
    slowest = 0.0
    with tempfile.TemporaryDirectory(prefix=f"watan-hostile-{kind}-") as scratch:
        for case in cases(kind, seed, count):
            folder = Path(scratch) / str(case.number)
            folder.mkdir()
            problem, seconds = run_case(case, folder)
            slowest = max(slowest, seconds)
            if problem is not None:
                head = case.data[:300].decode("utf-8", "backslashreplace")
                failures.append(Failure(kind, case.number, case.args, problem, head))
            shutil.rmtree(folder, ignore_errors=True)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return Report(kind, seed, count, failures, round(slowest, 3), rss)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.hostile", description=__doc__)
    parser.add_argument("kind", choices=KINDS)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--count", type=int, default=1000)
    options = parser.parse_args(argv)
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    report = fuzz(options.kind, options.seed, options.count)
    sys.stdout.write(json.dumps(msgspec.to_builtins(report)) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
