"""Which build runs: the default install is pure Python, and `watan --version` says so."""

from __future__ import annotations

import importlib
import tomllib
from importlib.machinery import ModuleSpec
from importlib.metadata import version

import msgspec
import pytest
from click.testing import CliRunner

from tests.conftest import ROOT
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


def compiled_modules() -> list[str]:
    """Return the modules the compiled build compiles, as `pyproject.toml` lists them."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    listed = project["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]["include"]
    return [path.strip("/").removesuffix(".py").replace("/", ".") for path in listed]


def test_the_compiled_build_compiles_no_module_that_defines_a_struct() -> None:
    # mypyc drops a Struct's tag, frozen and gc, and the tags are the journal's format.
    defining = {
        name: [
            thing.__name__ for thing in vars(importlib.import_module(name)).values()
            if isinstance(thing, type) and issubclass(thing, msgspec.Struct)
            and thing.__module__ == name
        ]
        for name in compiled_modules()
    }
    assert {name: found for name, found in defining.items() if found} == {}
    assert "watan.engine.decide" in defining  # the module `build` tells the build by
