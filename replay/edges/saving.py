"""Writing a game's files at its edge: all at once, never into a pipe, never over a journal.

Every file the toolkit or a game writes whole (a save, an exported file, a rewritten
journal) goes through one writer, `write_whole`: to a temporary file beside its target,
synced, renamed over it, and the folder synced, so that a crash never leaves half a file
nor loses the rename.  What a save must not write is refused with an OSError before
anything is opened (`write_atomically`): a named pipe (which would block the game until
someone read it), a socket, a folder, a block device, a loop of symbolic links, and a
game's journal (any game's: every command after it would be lost).  A character device
(`/dev/null`, a terminal), and the file the program's own standard output or error goes
to (`save /dev/stdout > log.txt`), are written into, never replaced.

`tempfile` is not cheap: it is imported when a file is first written, not when a game
starts.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Callable
from typing import TextIO

from replay.edges.messages import complain
from replay.journal import first_line, is_journal


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
    if os.path.exists(target) and not os.access(target, os.W_OK):
        raise PermissionError(13, "Permission denied", path)
    if device:
        _write_into_device(target, text)
        return
    own = own_stream(target)
    if own is not None:
        _write_into_stream(own, text)
        return
    write_whole(target, text.encode("utf-8"), prefix=prefix)


def own_stream(path: str) -> int | None:
    """Return 1 or 2 when the file at `path` is the one this program's standard output or
    error writes into (`/dev/stdout` resolved, or the file's own name), else None.

    Replacing that file would throw away everything the program has written and will write
    (it would go on writing into the replaced, unlinked file): such a save is written into
    the stream instead, as into a terminal.
    """
    try:
        found = os.stat(path)
    except OSError:
        return None
    for fd in (1, 2):
        try:
            stream = os.fstat(fd)
        except OSError:
            continue
        if (stream.st_dev, stream.st_ino) == (found.st_dev, found.st_ino):
            return fd
    return None


def _write_into_stream(fd: int, text: str) -> None:
    """Write `text` into the program's own standard output or error, after what the program
    has already written there (its buffer flushed first)."""
    import sys  # noqa: PLC0415 (only this rare save needs the streams)

    stream = sys.stdout if fd == 1 else sys.stderr
    if stream is not None:
        stream.flush()
    data = memoryview(text.encode("utf-8"))
    while data:
        data = data[os.write(fd, data) :]


UNNAMED_GLIMPSE = 1 << 16
"""The bytes of a file in the way of an unnamed output read to tell what it is."""


def write_unnamed(
    path: str,
    text: str,
    *,
    prefix: str,
    ours: Callable[[bytes], bool],
    force: bool = False,
) -> None:
    """Write a file the user did not name (a page beside its journal, a backup save), or
    raise OSError leaving what is there as it was.

    Unless `force`, a symbolic link to anywhere outside the file's folder is not followed
    (a link planted beside a journal would have the page rewrite any file it names), and a
    file already there is replaced only when `ours` says its first bytes are an earlier
    output of the same kind (an earlier page, an earlier save file): a user's own
    `notes.html` beside `notes.jsonl` is kept.  Then it is written as `write_atomically`
    writes any file.
    """
    if not force:
        _refuse_unless_ours(path, ours)
    write_atomically(path, text, prefix=prefix)


def write_save(
    path: str,
    text: str,
    *,
    journal: bool,
    unnamed: bool,
    ours: Callable[[bytes], bool],
    prefix: str,
    stderr: TextIO,
    program: str,
) -> bool:
    """Write a game's save file, `text`, to `path` and return True; or say why not in one
    line on `stderr` and return False: a player's `save` and a backup, in every game.

    Never over the game's own journal (`journal`: its recorder keeps `path`, by any name or
    link), which holds every command of it; never into what is not a file
    (`write_atomically`).  A save nobody named (`unnamed`: a backup) replaces only an
    earlier save file (`ours`), never through a link out of its folder (`write_unnamed`).
    """
    if journal:
        message = f"cannot save to {path}: it is this game's journal; choose another name"
        complain(stderr, message, program)
        return False
    try:
        if unnamed:
            write_unnamed(path, text, prefix=prefix, ours=ours)
        else:
            write_atomically(path, text, prefix=prefix)
    except OSError as error:
        complain(stderr, f"cannot save to {path}: {error.strerror or error}", program)
        return False
    return True


def _refuse_unless_ours(path: str, ours: Callable[[bytes], bool]) -> None:
    try:
        found = os.lstat(path)
    except (FileNotFoundError, ValueError):
        return
    if stat.S_ISLNK(found.st_mode):
        folder = os.path.realpath(os.path.dirname(os.path.abspath(path)))
        if os.path.dirname(os.path.realpath(path)) != folder:
            raise OSError(errno.EEXIST, "it is a link out of its folder; not followed", path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return  # a link that names nothing (yet) in the same folder
    with os.fdopen(fd, "rb") as file:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return  # a device, a pipe: `write_atomically` writes into it or refuses it
        beginning = file.read(UNNAMED_GLIMPSE)
    if not ours(beginning):
        raise OSError(errno.EEXIST, "a file of another kind is there; it was kept", path)


def write_whole(
    path: str,
    data: bytes | bytearray,
    *,
    prefix: str,
    exclusive: bool = False,
    synced: bool = True,
) -> None:
    """Put `data` at `path` all at once, or raise OSError leaving `path` as it was.

    The bytes go to a temporary file in the same folder (named `prefix`, random letters,
    `.tmp`: a short name of its own, since the target's may already be as long as names
    can be), synced, then renamed over `path`, and the folder is synced so that the
    rename survives a crash too.  With `exclusive`, the temporary file is linked to `path`
    instead, which fails (FileExistsError) if anything is there, even a file made a moment
    before.  A replaced file keeps its permissions; a new one gets a new file's usual
    ones.  No temporary file is left behind, whatever happens.  `path` is used as given:
    a caller that means to replace the file a symbolic link names resolves it first.
    Without `synced`, nothing is synced (two syncs cost 12-30 ms here): for a file whose
    loss or damage in a crash costs nothing but time, as a sidecar of checkpoints.
    """
    import tempfile  # noqa: PLC0415 (not cheap: only a game that writes a file pays for it)

    folder = os.path.dirname(os.path.abspath(path))
    fd, temporary = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=folder)
    try:
        os.fchmod(fd, _mode_for(path))
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            if synced:
                os.fsync(file.fileno())
        if exclusive:
            os.link(temporary, path)
            os.unlink(temporary)
        else:
            os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
    if synced:
        _sync_folder(folder)


def _sync_folder(folder: str) -> None:
    """Sync a folder so that a rename in it survives a crash (best effort where unsupported)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


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
    socket, a block device, a loop of symbolic links, a game's journal.
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
    # A save, a page or a picture never replaces a journal: it may be a game being played in
    # another window, whose next command would go to a lost file.
    if stat.S_ISREG(mode) and is_journal(first_line(path) or b""):
        raise OSError(errno.EEXIST, "it is a game's journal; choose another name", path)
    return stat.S_ISCHR(mode)


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
