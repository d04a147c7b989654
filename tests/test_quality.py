"""The code base type-checks strictly and passes the linter, as part of the test command."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow  # runs mypy and ruff over the whole tree


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


def _imported(package: str) -> dict[str, set[str]]:
    """Return, for each file of `package`, every module it imports (type-checking imports and
    imports inside functions included), read from its syntax tree."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        modules: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                modules.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                modules.add(node.module)
        found[str(path.relative_to(ROOT))] = modules
    return found


def test_the_cli_never_imports_the_engine() -> None:
    """The command line reads options and reports; the games are made on the floor below
    (`watan.match`), which every face shares."""
    assert {
        path: sorted(m for m in modules if m == "watan.engine" or m.startswith("watan.engine."))
        for path, modules in _imported("watan/cli").items()
        if any(m == "watan.engine" or m.startswith("watan.engine.") for m in modules)
    } == {}


def test_the_engine_imports_only_itself() -> None:
    """The rules stand on nothing of ours: no file format, no words, no toolkit."""
    ours = ("watan", "replay", "bazaar", "click", "tests")
    assert {
        path: sorted(m for m in modules if m.split(".")[0] in ours and not _engine(m))
        for path, modules in _imported("watan/engine").items()
        if any(m.split(".")[0] in ours and not _engine(m) for m in modules)
    } == {}


def _engine(module: str) -> bool:
    return module == "watan.engine" or module.startswith("watan.engine.")
