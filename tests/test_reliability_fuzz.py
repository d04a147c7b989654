"""The hostile-file fuzz in the suite: thousands of mutated journals, save and board files.

`tests/hostile.py` says what a case is and when it fails (a traceback, an exit status
other than 0 or 2 or a command's documented verdict, a refusal on more than one line, the
file changed in place, a run over its time or memory bound).  The three kinds run at
once, each in a process of its own held to `hostile.MEMORY`; the seed is fixed, so a
failure here fails every time until it is fixed (`WATAN_HOSTILE_SEED` explores others).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import msgspec
import pytest

from replay import history
from tests import hostile
from tests.conftest import ROOT

pytestmark = pytest.mark.slow  # mutated files through every command, each a subprocess

COUNT = 2000
"""Cases of each kind, a few thousand in all: some 30 s of one core, shared by two."""

SEED = int(os.environ.get("WATAN_HOSTILE_SEED", "17"))


@pytest.fixture(scope="module")
def reports() -> dict[str, hostile.Report]:
    """Run the three kinds of file at once, each in its own process; return their reports."""
    command = [sys.executable, "-m", "tests.hostile", "--seed", str(SEED), "--count", str(COUNT)]
    running = {
        kind: subprocess.Popen(
            [*command, kind],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        for kind in hostile.KINDS
    }
    reports = {}
    for kind, process in running.items():
        out, err = process.communicate(timeout=900)
        assert process.returncode == 0, err.decode(errors="replace")[-2000:]
        reports[kind] = msgspec.json.decode(out, type=hostile.Report)
    return reports


@pytest.mark.parametrize("kind", hostile.KINDS)
def test_no_mutated_file_breaks_any_command(kind: str, reports: dict[str, hostile.Report]) -> None:
    report = reports[kind]
    shown = "\n".join(
        f"case {f.number}: watan {' '.join(f.args)}: {f.problem}\n  file begins {f.file_head!r}"
        for f in report.failures[:10]
    )
    assert (report.cases, len(report.failures)) == (COUNT, 0), (
        f"{len(report.failures)} of {report.cases} cases failed (seed {SEED}; run again with "
        f"`python -m tests.hostile {kind} --seed {SEED} --count {COUNT}`):\n{shown}"
    )
    assert report.max_rss_kib * 1024 < hostile.MEMORY


# The fuzz itself must catch what it is for ----------------------------------------------------

SOUND = (ROOT / "fixtures" / "journals" / "format-1.jsonl").read_bytes()


def verify_case() -> hostile.Case:
    return hostile.Case("journals", 0, ["verify", "FILE"], SOUND)


def test_the_fuzz_passes_a_sound_journal(tmp_path: Path) -> None:
    assert hostile.run_case(verify_case(), tmp_path)[0] is None


def test_the_fuzz_reports_a_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: Any, **__: Any) -> None:
        raise KeyError("a bug")

    monkeypatch.setattr("replay.history.check", broken)  # verify checks as a stream
    assert hostile.run_case(verify_case(), tmp_path)[0] == "traceback: KeyError: 'a bug'"


def test_the_fuzz_reports_a_file_changed_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    load = history.load

    def changing(game: Any, path: str, to: int | None = None, **options: Any) -> Any:
        Path(path).write_bytes(SOUND[:-1])
        return load(game, path, to, **options)

    monkeypatch.setattr(history, "load", changing)
    case = hostile.Case("journals", 0, ["replay", "FILE"], SOUND)
    assert hostile.run_case(case, tmp_path)[0] == "the file given was changed"


def test_the_fuzz_reports_another_exit_status_and_a_refusal_on_two_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing(*_: Any, **__: Any) -> None:
        sys.stderr.write("watan: one\nwatan: two\n")
        sys.exit(2)

    monkeypatch.setattr("replay.history.load", failing)
    case = hostile.Case("journals", 0, ["replay", "FILE"], SOUND)
    assert hostile.run_case(case, tmp_path)[0] == (
        "a refusal not on one line: stdout '', stderr 'watan: one\\nwatan: two\\n'"
    )
    monkeypatch.setattr("replay.history.load", lambda *_, **__: sys.exit(3))
    assert hostile.run_case(case, tmp_path)[0] == "exit status 3; stderr ''"


@pytest.mark.parametrize(
    ("sleep", "problem"), [(0.1, "took 0."), (1.0, "ran past 0.2 s and was stopped")]
)
def test_the_fuzz_reports_a_run_over_its_time_and_stops_one_far_over(
    sleep: float, problem: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    check = history.check

    def slow(game: Any, path: str, to: int | None = None, **options: Any) -> Any:
        time.sleep(sleep)
        return check(game, path, to, **options)

    monkeypatch.setattr(history, "check", slow)  # verify checks as a stream
    monkeypatch.setattr(hostile, "SECONDS", 0.05)
    found = hostile.run_case(verify_case(), tmp_path)[0]
    assert found is not None and found.startswith(problem), found


def test_the_same_seed_makes_the_same_cases() -> None:
    for kind in hostile.KINDS:
        assert list(hostile.cases(kind, 5, 30)) == list(hostile.cases(kind, 5, 30))
        assert list(hostile.cases(kind, 5, 30)) != list(hostile.cases(kind, 6, 30))
