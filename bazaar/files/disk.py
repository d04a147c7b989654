"""Reading save files at the program's edge.

A failure becomes one line naming the file and the problem (`BadFile`), never a
traceback.  Writing them, all at once, never into a pipe and never over a journal, is
`replay.edges.saving`'s.
"""

from __future__ import annotations

from bazaar.engine.state import SavedGame
from bazaar.files.savefile import parse_save
from replay.edges import reading

SAVING = ".bazaar-"
"""How the temporary file a save is written to begins, beside its target, before it is
renamed over it (`replay.edges.saving.write_atomically`)."""

MOST_BYTES = 1 << 20
"""Far more than the largest save file (30x30 tiles, 6 players: about 4 KB); anything
longer, or a device that never ends, is not read to its end."""


def read_text(path: str) -> str:
    """Return a save file's text, or raise BadFile saying why it cannot be read."""
    return reading.read_text(path, MOST_BYTES, "a save file")


def load_save(path: str) -> SavedGame:
    """Return the game in a save file (`bazaar play -load FILE`)."""
    return parse_save(read_text(path), path)
