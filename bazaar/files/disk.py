"""Reading and writing save files at the program's edge.

A failure becomes one line naming the file and the problem (`BadFile`, or the OSError
of a write), never a traceback.  A save replaces its file in one rename, so a crash
mid-save leaves the old file whole and no half-written one.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile

from bazaar.engine.state import SavedGame
from bazaar.files.savefile import BadFile, parse_save

MOST_BYTES = 1 << 20
"""Far more than the largest save file (30x30 tiles, 6 players: about 4 KB); anything
longer, or a device that never ends, is not read to its end."""


def read_text(path: str) -> str:
    """Return a file's text, or raise BadFile saying why it cannot be read."""
    try:
        with open(path, "rb") as file:
            data = file.read(MOST_BYTES + 1)
    except FileNotFoundError:
        raise BadFile(path, "no such file") from None
    except IsADirectoryError:
        raise BadFile(path, "is a folder, not a file") from None
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) else None
        raise BadFile(path, f"cannot read it ({reason or error})") from None
    if len(data) > MOST_BYTES:
        raise BadFile(path, "is far too large to be a save file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadFile(path, "is not a text file") from None


def load_save(path: str) -> SavedGame:
    """Return the game in a save file (`bazaar play -load FILE`)."""
    return parse_save(read_text(path), path)


def write_atomically(path: str, text: str) -> None:
    """Make `path` hold `text`, all of it or none of it; raise OSError when it cannot.

    The file a symbolic link names is the one replaced (the link stays); what is not a
    regular file (a device such as /dev/null, a pipe) is written into, never replaced.
    """
    if "\0" in path:
        raise OSError(22, "a file name cannot hold a NUL character", path)
    target = os.path.realpath(path)
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        with open(target, "w", encoding="utf-8") as special:
            special.write(text)
        return
    if mode is not None and not os.access(target, os.W_OK):
        raise PermissionError(13, "Permission denied", path)
    fd, temporary = tempfile.mkstemp(prefix=".bazaar-", suffix=".tmp", dir=os.path.dirname(target))
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, 0o644 if mode is None else stat.S_IMODE(mode))
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
