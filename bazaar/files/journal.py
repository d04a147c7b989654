"""Bazaar's journals: their codec, what their header must say, and where new ones go.

The file format itself (JSON Lines, a header, one event a line, torn last lines, locks)
is `replay`'s.
"""

from __future__ import annotations

import os
import time

from bazaar.engine.events import FORMAT_VERSION, AnyEvent, GameStarted
from replay.protocol import Codec

JOURNAL_FOLDER = "journals"


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


def default_journal_path(now: float | None = None) -> str:
    """Return a new journal's default path: ./journals/, named for when the game began."""
    moment = time.time() if now is None else now
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(moment))
    micro = int(moment * 1_000_000) % 1_000_000
    return os.path.join(JOURNAL_FOLDER, f"bazaar-{stamp}-{micro:06d}.jsonl")
