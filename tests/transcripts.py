"""Running a whole session's transcript through a real program and checking everything it did.

A case is a folder in the shared acceptance format: `args`, `in`, `out`, optional
`files/` (put in the working folder first), `expect/` (files it must write, exactly),
`status`, `err` (exact standard error) and `absent` (files it must not leave).  Both
games' transcript tests run their cases with this, each with its own program; every test
that compares a file with its golden copy says where they part with `difference`.
"""

from __future__ import annotations

import difflib
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT


def run_case(program: str, case: Path, work: Path) -> subprocess.CompletedProcess[bytes]:
    """Run `python -m PROGRAM` as a test harness would: in an empty folder with the case's
    files, its arguments and its input.  A recorded game's sessions are cases too."""
    if (case / "files").is_dir():
        shutil.copytree(case / "files", work, dirs_exist_ok=True)
    args = shlex.split((case / "args").read_text()) if (case / "args").exists() else []
    stdin = (case / "in").read_bytes() if (case / "in").exists() else b""
    return subprocess.run(
        [sys.executable, "-m", program, *args],
        input=stdin,
        cwd=work,
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )


def check_case(program: str, case: Path, work: Path) -> None:
    """Run the case and assert everything it names: status, no traceback, standard output
    (and standard error when given) byte for byte, the files written and those not."""
    result = run_case(program, case, work)
    status = int((case / "status").read_text()) if (case / "status").exists() else 0
    assert (result.returncode, b"Traceback" in result.stderr) == (status, False), result.stderr
    expected = (case / "out").read_bytes()
    assert result.stdout == expected, difference(expected, result.stdout, "stdout")
    if (case / "err").exists():
        wanted = (case / "err").read_bytes()
        assert result.stderr == wanted, difference(wanted, result.stderr, "stderr")
    for want in sorted((case / "expect").rglob("*")) if (case / "expect").is_dir() else []:
        got = work / want.relative_to(case / "expect")
        assert got.is_file(), f"{got.name} was not written"
        assert got.read_bytes() == want.read_bytes(), difference(
            want.read_bytes(), got.read_bytes(), got.name
        )
    for name in (case / "absent").read_text().split() if (case / "absent").exists() else []:
        assert not (work / name).exists(), f"{name} should not have been written"


def difference(expected: bytes, actual: bytes, name: str) -> str:
    """Return where `actual` first parts from `expected` (the golden copy of `name`), as a
    unified diff of at most 40 lines: the message of a failed comparison of whole files."""
    lines = difflib.unified_diff(
        expected.decode().splitlines(), actual.decode(errors="replace").splitlines(),
        f"expected {name}", f"actual {name}", lineterm="", n=3,
    )
    return "\n".join(list(lines)[:40])
