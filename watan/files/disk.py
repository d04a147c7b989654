"""Reading and writing the spec's files at the program's edge.

Every failure becomes one line naming the file and the problem, never a
traceback; writes go to a temporary file that is then renamed over the
target, so a crash mid-save never leaves half a file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat

import msgspec

from watan.editions.model import Edition
from watan.editions.watan import EDITION as WATAN
from watan.engine.layout import Board
from watan.engine.snapshot import SavedGame
from watan.files.savefile import BadFile, Read, read_board, read_save

MOST_BYTES = 1 << 20
"""Far more than any board or save file needs (a few hundred bytes); a larger file, or a
device that never ends (`/dev/zero`), is not read to its end."""


def read_text(path: str, data: bytes | None = None) -> str:
    """Return a file's text, or raise BadFile saying why it cannot be read.

    With `data`, the file is those bytes (standard input's: the first `MOST_BYTES` and one
    more are enough), and `path` names it in errors.
    """
    if data is None:
        data = _read_bytes(path)
    if len(data) > MOST_BYTES:
        raise BadFile(path, "is far too large to be a board or save file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise BadFile(path, "is not a text file") from None


def _read_bytes(path: str) -> bytes:
    try:
        with open(path, "rb") as file:
            return file.read(MOST_BYTES + 1)
    except FileNotFoundError:
        raise BadFile(path, "no such file") from None
    except IsADirectoryError:
        raise BadFile(path, "is a folder, not a file") from None
    except OSError as error:
        raise BadFile(path, f"cannot read it ({error.strerror or error})") from None


STANDARD_INPUT = "standard input"
"""How messages name a file read from standard input (`watan show -`)."""


def mistaken(error: BadFile, text: str, edition: Edition) -> BadFile:
    """Return `error`, or a more helpful one when the file is another kind of file.

    A game's journal given where a board or save file is wanted names `watan
    replay`; a save file of another edition names the `--edition` that reads it.
    """
    from watan.editions import edition as named
    from watan.editions import names
    from watan.files.journal import is_journal_text

    name = error.name
    if is_journal_text(text):
        listed = "-" if name == STANDARD_INPUT else name
        return BadFile(
            name,
            f"is a game's journal, not a board or save file: `watan replay {listed}` lists "
            "its events",
        )
    for other in (named(n) for n in names() if n != edition.name):
        try:
            read_save(text, name, other)
        except BadFile:
            continue
        return BadFile(
            name,
            f"is a {other.title} save file, not a {edition.title} one: "
            f"add --edition {other.name}",
        )
    return error


def load_board(path: str, edition: Edition = WATAN) -> Board:
    """Return the board in a board file (spec §5 `-board`)."""
    return read_board_file(path, edition).value


def read_board_file(path: str, edition: Edition = WATAN) -> Read[Board]:
    """Return the board in a board file (spec §5 `-board`), and notes for standard error."""
    text = read_text(path)
    try:
        return read_board(text, path, edition)
    except BadFile as error:
        raise mistaken(error, text, edition) from None


def load_save(path: str, edition: Edition = WATAN) -> SavedGame:
    """Return the game in a save file of `edition` (spec §5 `-load`)."""
    return read_save_file(path, edition).value


def read_save_file(path: str, edition: Edition = WATAN) -> Read[SavedGame]:
    """Return the game in a save file of `edition` (spec §5 `-load`), and notes."""
    text = read_text(path)
    try:
        return read_save(text, path, edition)
    except BadFile as error:
        raise mistaken(error, text, edition) from None


def write_atomically(path: str, text: str) -> None:
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
    import tempfile  # only saving needs it: keep starting a game quick

    # A short name of its own: the target's name may already be as long as names can be.
    fd, temporary = tempfile.mkstemp(prefix=".watan-", suffix=".tmp", dir=folder)
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
