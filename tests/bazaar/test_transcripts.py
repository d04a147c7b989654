"""Whole Bazaar sessions through the real program: arguments, input, exact output and files.

Each folder under fixtures/bazaar/transcripts/ is a case (see its README.md): every
expected line was checked against the spec, the rulings and docs/decisions.md, not
copied from the program unread.
"""

from __future__ import annotations

import difflib
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

CASES = sorted(p.parent for p in (ROOT / "fixtures" / "bazaar" / "transcripts").glob("*/args"))


def run_case(case: Path, work: Path) -> subprocess.CompletedProcess[bytes]:
    """Run `bazaar` as a test harness would: in an empty folder with the case's files."""
    if (case / "files").is_dir():
        shutil.copytree(case / "files", work, dirs_exist_ok=True)
    return subprocess.run(
        [sys.executable, "-m", "bazaar", *shlex.split((case / "args").read_text())],
        input=(case / "in").read_bytes(),
        cwd=work,
        capture_output=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )


def _diff(expected: bytes, actual: bytes, name: str) -> str:
    return "\n".join(
        difflib.unified_diff(
            expected.decode().splitlines(), actual.decode(errors="replace").splitlines(),
            f"expected {name}", f"actual {name}", lineterm="",
        )
    )


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_transcript_prints_and_writes_exactly_what_was_checked(case: Path, tmp_path: Path) -> None:
    result = run_case(case, tmp_path)
    status = int((case / "status").read_text()) if (case / "status").exists() else 0
    assert (result.returncode, b"Traceback" in result.stderr) == (status, False), result.stderr
    expected = (case / "out").read_bytes()
    assert result.stdout == expected, _diff(expected, result.stdout, "stdout")
    if (case / "err").exists():
        wanted = (case / "err").read_bytes()
        assert result.stderr == wanted, _diff(wanted, result.stderr, "stderr")
    for want in sorted((case / "expect").rglob("*")) if (case / "expect").is_dir() else []:
        got = tmp_path / want.relative_to(case / "expect")
        assert got.is_file(), f"{got.name} was not written"
        assert got.read_bytes() == want.read_bytes(), _diff(
            want.read_bytes(), got.read_bytes(), got.name
        )
    for name in (case / "absent").read_text().split() if (case / "absent").exists() else []:
        assert not (tmp_path / name).exists(), f"{name} should not have been written"


def test_there_are_transcripts_to_run() -> None:
    assert len(CASES) >= 8
