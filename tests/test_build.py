"""Which build runs: the default install is pure Python, and `watan --version` says so."""

from __future__ import annotations

from importlib.machinery import ModuleSpec
from importlib.metadata import version

import pytest
from click.testing import CliRunner

from watan.build import COMPILED, PURE, build
from watan.cli.app import main
from watan.engine import decide


def test_the_default_install_is_pure_python() -> None:
    assert build() == PURE
    assert decide.__file__ is not None and decide.__file__.endswith(".py")


def test_rules_loaded_from_an_extension_module_are_the_compiled_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    compiled = "/site/watan/engine/decide.cpython-311-x86_64-linux-gnu.so"
    monkeypatch.setattr(decide, "__spec__", ModuleSpec(decide.__name__, None, origin=compiled))
    assert build() == COMPILED


def test_version_names_the_build() -> None:
    result = CliRunner().invoke(main, ["--version"], prog_name="watan")
    assert (result.exit_code, result.output) == (
        0,
        f"watan, version {version('watan')} (pure Python)\n",
    )
