"""The editions this program plays, one data module each, found by name.

A module here that defines `EDITION` is an edition: adding a third means
adding one module.  Only the edition a game plays is imported.
"""

from __future__ import annotations

import functools
import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # naming the editions (for `--help`) must not load the game
    from watan.editions.model import Edition

DEFAULT_EDITION = "watan"


class UnknownEdition(Exception):
    """An edition name that no module here defines."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        # Worded only when shown: listing the editions asks about every module here.
        return f"there is no edition {self.name!r} (editions: {', '.join(names())})"


@functools.cache
def names() -> tuple[str, ...]:
    """Return every edition's name, in alphabetical order: the modules here that define one."""
    import pkgutil  # only listing the editions needs it: keep starting a game quick

    return tuple(
        sorted(m.name for m in pkgutil.iter_modules(__path__) if _defines_edition(m.name))
    )


def _defines_edition(name: str) -> bool:
    try:
        edition(name)
    except UnknownEdition:
        return False
    return True


@functools.cache
def edition(name: str) -> Edition:
    """Return the edition called `name`, or raise UnknownEdition."""
    if not name.isidentifier() or not name.islower():
        raise UnknownEdition(name)
    try:
        module = importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError:
        raise UnknownEdition(name) from None
    from watan.editions.model import Edition

    found = getattr(module, "EDITION", None)
    if not isinstance(found, Edition) or found.name != name:
        raise UnknownEdition(name)
    return found
