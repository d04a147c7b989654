"""Which build of the game runs: pure Python, or with its hot modules compiled by mypyc.

The compiled build is opt-in at install (`HATCH_BUILD_HOOK_ENABLE_MYPYC=1 pip install .`,
README "The compiled build"); it compiles the modules listed in `pyproject.toml`, of which
the engine's `decide` is one, and plays the same games.  `watan --version` says which runs,
so that a figure or a bug report names its build.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES
from importlib.util import find_spec

PURE = "pure Python"
COMPILED = "compiled with mypyc"
RULES = "watan.engine.decide"
"""A module every compiled build compiles: where it loads from tells the build."""


def build() -> str:
    """Return which build runs: COMPILED when the engine's rules load from a compiled
    extension module, else PURE.  The module is found, not imported, so that `--help` and
    `--version` load no game."""
    found = find_spec(RULES)
    where = "" if found is None or found.origin is None else found.origin
    return COMPILED if where.endswith(tuple(EXTENSION_SUFFIXES)) else PURE
