"""Writing a game's files at its edge: all at once, never into a pipe, never over a journal.

A save (or an exported file) goes to a temporary file beside its target that is then
renamed over it, so a crash mid-save never leaves half a file.  What it must not write
is refused with an OSError before anything is opened: a named pipe (which would block
the game until someone read it), a socket, a folder, a block device, a loop of symbolic
links, and a game's journal (any game's: every command after it would be lost).  A
character device (`/dev/null`, a terminal) is written into, never replaced.

A game imports this module when it first saves, not to start: `tempfile` is not cheap.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile

import msgspec


def write_atomically(path: str, text: str, *, prefix: str = ".save-") -> None:
    """Replace `path` with `text` all at once, or raise OSError leaving it untouched.

    A symbolic link is followed, so the file it names is replaced and the link
    kept; a character device (`/dev/null`, a terminal) is written into, never
    replaced.  Anything else that is not a regular file is refused at once,
    before it is opened (`save_target`): a named pipe would block the game
    until someone read it, a loop of links would be replaced by a file, and a
    game's journal would lose every command after it.
    """
    if "\0" in path:
        # The system cannot name such a file; Python raises ValueError, not OSError, for it.
        raise OSError(errno.EINVAL, "a file name cannot hold a NUL character", path)
    device = save_target(path)
    target = os.path.realpath(path)
    folder = os.path.dirname(target)
    if os.path.exists(target) and not os.access(target, os.W_OK):
        raise PermissionError(13, "Permission denied", path)
    if device:
        _write_into_device(target, text)
        return
    # A short name of its own (`prefix`, the game's): the target's name may already be as
    # long as names can be.
    fd, temporary = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=folder)
    try:
        os.fchmod(fd, _mode_for(target))
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise


_NOT_A_FILE = {
    stat.S_IFIFO: "it is a named pipe, not a file",
    stat.S_IFSOCK: "it is a socket, not a file",
    stat.S_IFBLK: "it is a block device, not a file",
}


def save_target(path: str) -> bool:
    """Return whether `path` is a character device, written into rather than replaced.

    False for a regular file, or one that does not exist yet (a link that
    names none writes the file it names).  Raises OSError, without opening
    anything, for what a save must never write: a folder, a named pipe, a
    socket, a block device, a loop of symbolic links.
    """
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return False
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise OSError(errno.ELOOP, "it is a loop of symbolic links", path) from None
        raise
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "Is a directory", path)
    if stat.S_IFMT(mode) in _NOT_A_FILE:
        raise OSError(errno.EINVAL, _NOT_A_FILE[stat.S_IFMT(mode)], path)
    if stat.S_ISREG(mode) and _is_journal(path):
        raise OSError(errno.EEXIST, "it is a game's journal; choose another name", path)
    return stat.S_ISCHR(mode)


class _Header(msgspec.Struct):
    """What every journal's first line holds, of any game: its format."""

    format: int


def _is_journal(path: str) -> bool:
    """Return whether the file at `path` begins as a journal does: a header with its format.

    A save, a page or a picture never replaces one: it may be a game being
    played in another window, whose next command would go to a lost file.
    """
    try:
        with open(path, "rb") as file:
            first = file.readline(_HEADER_BYTES)
        msgspec.json.decode(first, type=_Header)
    except (OSError, msgspec.DecodeError, RecursionError, UnicodeDecodeError):
        return False
    return True


_HEADER_BYTES = 1 << 16
"""Bytes of a first line read to tell a journal's header: far more than any header holds."""


def _write_into_device(path: str, text: str) -> None:
    """Write `text` into a character device, never waiting to open it.

    Opened without blocking, and checked again once open, in case something
    else now stands at `path`: a named pipe put there since is refused, not
    waited on.
    """
    fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as device:
        if not stat.S_ISCHR(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "it is not a file or a device", path)
        os.set_blocking(fd, True)
        device.write(text)


def _mode_for(target: str) -> int:
    """Return the permissions a replaced file keeps, or a new file's usual ones."""
    try:
        return os.stat(target).st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
