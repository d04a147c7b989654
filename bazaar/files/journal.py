"""Bazaar's journals: their codec, what their header must say, and where new ones go.

New games keep their journals where Watan's are kept, in a `bazaar` sub-folder: one data
folder for the project's games, found again from any folder (`replay.edges.folders`).

The file format itself (JSON Lines, a header, one event a line, torn last lines, locks)
is `replay`'s.
"""

from __future__ import annotations

import os
import time
from collections.abc import Mapping

from bazaar.engine.events import FORMAT_VERSION, AnyEvent, GameStarted
from replay.edges.folders import Folder
from replay.edges.folders import journal_folder as folder_named
from replay.protocol import Codec

JOURNALS_VARIABLE = "WATAN_JOURNALS"
"""The environment variable that names the project's journal folder, when set."""


def check_format(header: GameStarted) -> str | None:
    """Return what is wrong with a header's format version, or None."""
    if header.format > FORMAT_VERSION:
        return (
            f"written by a newer bazaar (journal format {header.format}; "
            f"this version reads format {FORMAT_VERSION})"
        )
    if header.format != FORMAT_VERSION:
        return f"unknown journal format {header.format}"
    return None


CODEC: Codec[GameStarted, AnyEvent] = Codec(GameStarted, AnyEvent, check_header=check_format)


def journal_folder(environ: Mapping[str, str]) -> Folder:
    """Return the folder new games keep their journals in: `bazaar` in `WATAN_JOURNALS` when
    it is set, else in `watan/journals` of the XDG data folder, as Watan's games do."""
    return folder_named(environ, JOURNALS_VARIABLE, "watan", "journals").within("bazaar")


def default_journal_path(folder: str, now: float | None = None) -> str:
    """Return a new journal's path in `folder`, named for when the game began."""
    moment = time.time() if now is None else now
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(moment))
    micro = int(moment * 1_000_000) % 1_000_000
    return os.path.join(folder, f"bazaar-{stamp}-{micro:06d}.jsonl")
