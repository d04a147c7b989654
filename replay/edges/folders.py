"""Where a game program keeps what it makes for its user: its journal folder.

A folder the user names in an environment variable, else one under the XDG data folder
(`$XDG_DATA_HOME`, an absolute path, else `~/.local/share`), where programs keep what
they make for their user, so that a game's journal is found again from any folder and
never lands in the folder one stands in.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import NamedTuple

LOCAL_FOLDER = "journals"
"""The folder, in the working folder, a game falls back to when the user's journal folder
cannot be made (a home folder that cannot be written)."""


class Folder(NamedTuple):
    """Where new games keep their journals, and whether the user chose it."""

    path: str
    chosen: bool
    """Named by the environment variable; otherwise it is the XDG data folder's, which a
    game falls back from to `LOCAL_FOLDER` when it cannot be made."""

    def within(self, name: str) -> Folder:
        """Return the sub-folder `name` of this folder, chosen as this one was."""
        return Folder(os.path.join(self.path, name), self.chosen)

    def fallback(self, journal: str) -> str | None:
        """Return where a journal the folder cannot hold goes instead: `LOCAL_FOLDER` for
        the XDG folder the user did not choose, None (nowhere) for a folder they named."""
        return None if self.chosen else os.path.join(LOCAL_FOLDER, os.path.basename(journal))


def journal_folder(environ: Mapping[str, str], variable: str, *under: str) -> Folder:
    """Return the folder new games keep their journals in, read from the environment.

    `variable` when it is set and not empty; else the folders `under` in the XDG data
    folder.
    """
    chosen = environ.get(variable, "")
    if chosen:
        return Folder(chosen, True)
    data = environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(data):
        home = environ.get("HOME") or os.path.expanduser("~")
        data = os.path.join(home, ".local", "share")
    return Folder(os.path.join(data, *under), False)
