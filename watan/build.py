"""Which build of the game runs: pure Python, or with its hot modules compiled by mypyc.

The compiled build is opt-in at install (`HATCH_BUILD_HOOK_ENABLE_MYPYC=1 pip install .`,
README "The compiled build"); it compiles the modules listed in `pyproject.toml`, of which
the engine's `decide` is one, and plays the same games.  `watan --version` says which runs,
so that a figure or a bug report names its build.
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES

from watan.engine import decide

PURE = "pure Python"
COMPILED = "compiled with mypyc"


def build() -> str:
    """Return which build runs: COMPILED when the engine's rules were loaded from a compiled
    extension module, else PURE."""
    where = decide.__file__ or ""
    return COMPILED if where.endswith(tuple(EXTENSION_SUFFIXES)) else PURE
