"""Reading the spec's files at the program's edge.

Every failure becomes one line naming the file and the problem, never a
traceback.  Writing them, all at once and never over a journal, is
`replay.edges.saving`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, TypeVar

from replay.edges import reading
from replay.edges.reading import STANDARD_INPUT, BadFile
from replay.journal import is_journal, seems
from watan.editions.model import Edition
from watan.engine.layout import Board
from watan.engine.snapshot import SavedGame
from watan.engine.state import Game, new_game, restored
from watan.files.savefile import Read, looks_like_save, read_board, read_save

SAVING = ".watan-"
"""How the temporary file a save is written to begins, beside its target, before it is
renamed over it (`replay.edges.saving.write_atomically`)."""

MOST_BYTES = 1 << 20
"""Far more than any board or save file needs (a few hundred bytes); a larger file, or a
device that never ends (`/dev/zero`), is not read to its end."""


def read_text(path: str, data: bytes | None = None) -> str:
    """Return a board or save file's text, or raise BadFile saying why it cannot be read.

    With `data`, the file is those bytes (standard input's: the first `MOST_BYTES` and one
    more are enough), and `path` names it in errors.
    """
    return reading.read_text(path, MOST_BYTES, "a board or save file", data)




def mistaken(error: BadFile, text: str, edition: Edition) -> BadFile:
    """Return `error`, or a more helpful one when the file is another kind of file.

    A game's journal given where a board or save file is wanted names `play --resume`
    and `replay`; a save file of another edition names the `--edition` that reads it; a
    web page or a binary file is named as such (`replay.journal.seems`).
    """
    from watan.editions import edition as named
    from watan.editions import names

    name = error.name
    listed = "-" if name == STANDARD_INPUT else name
    if is_journal(text):
        return BadFile(
            name,
            f"is a game's journal, not a board or save file: `{edition.name} play --resume "
            f"{listed}` plays on from it, `{edition.name} replay {listed}` lists its events",
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
    said = seems(text.encode("utf-8", "surrogateescape")[:4096])
    if "web page" in said or "binary" in said:
        return BadFile(name, said.replace("a journal", "a board or save file"))
    return error


def is_save_file(beginning: bytes) -> bool:
    """Return whether a file that begins with `beginning` is a save file of any edition:
    the only file the game's `backup.sv`, which nobody named, may replace."""
    try:
        text = beginning.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return looks_like_save(text) and any(_reads(read_save, text, n) for n in _editions())


def _editions() -> list[str]:
    """Return the editions' names, the newer edition first."""
    from watan.editions import DEFAULT_EDITION, names

    return sorted(names(), key=lambda n: n != DEFAULT_EDITION)


def _reads(read: Callable[[str, str, Edition], object], text: str, name: str) -> bool:
    """Return whether `read` makes something of `text` in the edition called `name`."""
    from watan.editions import edition

    try:
        read(text, "", edition(name))
    except BadFile:
        return False
    return True


def kind_of_file(name: str, beginning: bytes) -> str | None:
    """Return what a file whose first line is no journal's header is, when it is one of the
    game's own files (a save file or a board file of any edition), and the command that
    takes it; None otherwise.  A journal tool given one says so (`Codec.identify`)."""
    try:
        text = beginning.decode("utf-8")
    except UnicodeDecodeError:
        return None
    listed = "-" if name == STANDARD_INPUT else name
    for program in _editions():
        if looks_like_save(text) and _reads(read_save, text, program):
            return (
                f"is a save file, not a journal: `{program} play -load {listed}` plays "
                f"on from it, `{program} show {listed}` shows it"
            )
        if not looks_like_save(text) and _reads(read_board, text, program):
            return (
                f"is a board file, not a journal: `{program} play -board {listed}` plays a new "
                f"game on it, `{program} show {listed}` shows it"
            )
    return None


def load_board(path: str, edition: Edition) -> Board:
    """Return the board in a board file (spec §5 `-board`)."""
    return read_board_file(path, edition).value


def read_board_file(path: str, edition: Edition, *, unasked: bool = False) -> Read[Board]:
    """Return the board in a board file (spec §5 `-board`), and notes for standard error.

    `unasked`: the program looks for this file without being told (Constructor's
    `layout.txt`), so it is read only when it is a regular file (`read_unasked`)."""
    data = reading.read_unasked(path, MOST_BYTES) if unasked else None
    return _read_file(path, edition, read_board, data)


def load_save(path: str, edition: Edition) -> SavedGame:
    """Return the game in a save file of `edition` (spec §5 `-load`)."""
    return read_save_file(path, edition).value


def read_save_file(path: str, edition: Edition) -> Read[SavedGame]:
    """Return the game in a save file of `edition` (spec §5 `-load`), and notes."""
    return _read_file(path, edition, read_save)


T = TypeVar("T")


class FileGame(NamedTuple):
    """The game a board or save file holds, and which of the two it was."""

    game: Game
    saved: bool
    """A save file's game (its status lines mean something), not a board file's new game."""


def read_game(
    path: str, edition: Edition, data: bytes | None = None, *, board: bool = True
) -> Read[FileGame]:
    """Return the game in a save file of `edition`, or (unless not `board`) the new game on
    a board file's board, told apart by their layout (`looks_like_save`), with notes.

    With `data`, the file is those bytes (standard input's) and `path` names it.  Raises
    BadFile naming the file, a file of another kind included (`mistaken`).
    """

    def read(text: str, name: str, edition: Edition) -> Read[FileGame]:
        if not board or looks_like_save(text):
            saved = read_save(text, name, edition)
            return Read(FileGame(restored(saved.value, edition.rules), True), saved.notes)
        laid = read_board(text, name, edition)
        return Read(FileGame(new_game(laid.value, edition.rules), False), laid.notes)

    return _read_file(path, edition, read, data)


def _read_file(
    path: str,
    edition: Edition,
    read: Callable[[str, str, Edition], Read[T]],
    data: bytes | None = None,
) -> Read[T]:
    """Return what `read` makes of the file's text (with `data`, of those bytes); a file of
    another kind (a journal, a save of another edition) is named as such (`mistaken`)."""
    text = read_text(path, None if data is None else data[: MOST_BYTES + 1])
    try:
        return read(text, path, edition)
    except BadFile as error:
        raise mistaken(error, text, edition) from None
