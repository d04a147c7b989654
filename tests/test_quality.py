"""The code base type-checks strictly and passes the linter, as part of the test command."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import ROOT


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_mypy_strict_finds_no_errors() -> None:
    result = _run("mypy", "--strict")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_finds_no_problems() -> None:
    result = _run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def _importers(package: str, imported: str) -> list[str]:
    """Return the files of `package` that import `imported`."""
    return [
        str(path.relative_to(ROOT))
        for path in (ROOT / package).rglob("*.py")
        if f"import {imported}" in path.read_text() or f"from {imported}" in path.read_text()
    ]


def test_replay_package_never_imports_watan() -> None:
    assert _importers("replay", "watan") == []


def test_replay_package_never_imports_bazaar() -> None:
    assert _importers("replay", "bazaar") == []


def test_the_two_games_never_import_each_other() -> None:
    assert (_importers("bazaar", "watan"), _importers("watan", "bazaar")) == ([], [])
