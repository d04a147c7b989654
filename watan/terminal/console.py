"""The game at a terminal: read lines, print replies, keep the journal and the files.

This is the program's edge.  The conversation itself is `session`; here
each accepted command's events are appended to the journal (and flushed)
before the next prompt, and the live game is only ever changed by applying
those same events, so it is the fold of its journal; `save` and `backup.sv`
are formatted from it.  Every file problem is one line on standard error
while the game goes on (without a journal that cannot be written, in
memory alone).
"""

from __future__ import annotations

import os
import random
from typing import TYPE_CHECKING, BinaryIO, TextIO

import msgspec

from replay.journal import JournalError
from watan.editions.model import Edition
from watan.editions.watan import EDITION as WATAN
from watan.engine.events import GameResumed, GameStarted
from watan.engine.evolve import start
from watan.engine.layout import Board, random_board
from watan.engine.snapshot import SavedGame
from watan.engine.state import Game, saved_game
from watan.files.disk import read_board_file, read_save_file, write_atomically
from watan.files.journal import (
    Recorder,
    WatanJournal,
    announce,
    create_recorder,
    default_journal_path,
    reopen,
)
from watan.files.savefile import BadFile, Read, format_save
from watan.terminal import session as talk
from watan.terminal.lines import read_line
from watan.text.escape import complain

if TYPE_CHECKING:
    from watan.tools.audit import Audit

BACKUP = "backup.sv"
"""Where end of input saves the game (spec §4.5)."""


class Options(msgspec.Struct, frozen=True, kw_only=True):
    """What `watan play` was asked for, its files already read."""

    seed: int
    edition: Edition = WATAN
    board: Board | None = None
    loaded: SavedGame | None = None
    journal: str | None = None
    resume: str | None = None
    """A journal to continue instead of starting a game."""
    notes: tuple[str, ...] = ()
    """What reading the save file noted, for standard error (`savefile.Read`)."""

    @classmethod
    def from_files(
        cls,
        *,
        seed: int | None,
        edition: Edition = WATAN,
        load: str | None = None,
        journal: str | None = None,
        resume: str | None = None,
    ) -> Options:
        """Return the options, reading the save file (raises BadFile); `choose_board` the board."""
        read = None if load is None else read_save_file(load, edition)
        return cls(
            seed=fresh_seed() if seed is None else seed,
            edition=edition,
            loaded=None if read is None else read.value,
            journal=journal,
            resume=resume,
            notes=() if read is None else read.notes,
        )


def fresh_seed() -> int:
    """Return a seed from the operating system, for a run started without -seed (RULINGS 18)."""
    return int.from_bytes(os.urandom(8), "big") >> 1


class BoardChoice(msgspec.Struct, frozen=True):
    """The board new games are played on (None: a random one each), and a note about it."""

    board: Board | None
    note: str | None = None


def choose_board(
    edition: Edition, path: str | None, *, random_board: bool, first: bool
) -> BoardChoice:
    """Return the board for new games: `-board`, else random, else the edition's default file.

    With neither `-board` nor `-random-board`, an edition with a default
    board file plays on it when it exists, and on a random board with a note
    when it does not (RULINGS-constructor 5).  `first` says whether the first
    game is a new one: after `-load` or `--resume` the board is only for
    "play again", so a default file that cannot be read is a note, not an
    error, and a missing one says nothing.  Raises BadFile for a bad `-board`
    file, or a bad default file when `first`.
    """
    if path is not None:
        return _noted(read_board_file(path, edition))
    default = edition.default_board
    if random_board or default is None:
        return BoardChoice(None)
    if not os.path.lexists(default):
        note = f"{default} not found; playing on a random board" if first else None
        return BoardChoice(None, note)
    try:
        return _noted(read_board_file(default, edition))
    except BadFile as error:
        if first:
            raise
        return BoardChoice(None, f"{error}; a new game will be played on a random board")


def _noted(read: Read[Board]) -> BoardChoice:
    return BoardChoice(read.value, "; ".join(read.notes) or None)


def first_header(options: Options, rng: random.Random) -> GameStarted:
    """Return the header of the session's first game (spec §5: -load, -board, or random)."""
    if options.loaded is not None:
        return GameStarted(
            rules=options.edition.name,
            seed=options.seed,
            board=options.loaded.board,
            loaded=options.loaded.position,
        )
    return next_header(options, rng, 1)


def next_header(options: Options, rng: random.Random, number: int) -> GameStarted:
    """Return the header of a new game: the -board layout, or a fresh random one (RULINGS 17)."""
    board = options.board if options.board is not None else random_board(rng)
    return GameStarted(rules=options.edition.name, seed=options.seed, game=number, board=board)


class Streams(msgspec.Struct, frozen=True):
    """Where the game reads lines (as bytes: any bytes are a line) and writes."""

    stdin: BinaryIO
    stdout: TextIO
    stderr: TextIO


class Resumed(msgspec.Struct, frozen=True):
    """A journal reopened to play on: its header, the game it folds to, its writer."""

    header: GameStarted
    game: Game
    recorder: Recorder


def resume(path: str, seed: int, stderr: TextIO) -> Resumed:
    """Reopen a journal to play on from exactly where it stands (`watan play --resume`).

    The journal is locked, then read and checked against the rules before
    anything is changed; raises JournalError naming the line of the first
    problem (the file untouched), or JournalLocked when another process is
    playing or rewinding it.
    """
    journal, checked, writer = reopen(path, stderr, lambda read: _checked(path, read))
    recorder = Recorder(writer, stderr)
    recorder.record([GameResumed(seed=seed)])
    announce(stderr, f"journal: {path} (resumed after event {checked.events})")
    return Resumed(header=journal.header, game=checked.game, recorder=recorder)


def _checked(path: str, journal: WatanJournal) -> Audit:
    """Return the audit of a journal's events, or raise its first problem."""
    from watan.tools.audit import audit  # only resuming needs it: keep starting a game quick

    checked = audit(journal.header, journal.events)
    problem = checked.problem
    if problem is not None:
        if problem.event == 0:
            raise JournalError(path, problem.line, problem.problem)
        raise JournalError(
            path,
            problem.line,
            f"{problem.problem} (to play on from before that command: "
            f"watan rewind {path} --to {checked.events})",
        )
    return checked


def play_games(options: Options, streams: Streams, resumed: Resumed | None = None) -> int:
    """Play games until the players stop or input ends; return the exit status.

    With `resumed`, the first game is that journal's, continued.
    """
    rng = random.Random(options.seed)
    if resumed is not None:
        header, game, recorder = resumed.header, resumed.game, resumed.recorder
        opening = talk.reminder(game)
    else:
        header = first_header(options, rng)
        game, recorder = start(header), _new_recorder(options, header, streams)
        opening = talk.opening(game)
    while True:
        try:
            again = _play(talk.Session(game=game), opening, recorder, rng, streams)
        finally:
            recorder.close()
        if not again:
            return 0
        header = next_header(options, rng, header.game + 1)
        game, recorder = start(header), _new_recorder(options, header, streams)
        opening = talk.opening(game)


def _new_recorder(options: Options, header: GameStarted, streams: Streams) -> Recorder:
    """Create a game's journal: --journal for the first game, else a new default file."""
    path = options.journal if header.game == 1 and options.journal else None
    journal = path or default_journal_path(edition=header.rules)
    return create_recorder(journal, header, streams.stderr)


def _play(
    current: talk.Session, opening: str, recorder: Recorder, rng: random.Random, streams: Streams
) -> bool:
    """Play one game; return whether the players asked to play again.

    End of input saves `backup.sv` (spec §4.5); so do Ctrl-C, a closed
    terminal and any failure to read or print (`watan ... | head`), before
    they end the program.  Nothing else in the loop raises OSError: saves and
    journal writes report their own failures and the game goes on.
    """
    stdin, stdout, stderr = streams.stdin, streams.stdout, streams.stderr
    try:
        stdout.write(opening)
        while True:
            stdout.write(talk.prompt(current))
            stdout.flush()
            raw = read_line(stdin)
            if not raw:
                _back_up(current, stderr, recorder)
                return False
            reply = talk.respond(current, raw.decode("utf-8", errors="replace"), rng)
            recorder.record(reply.events)
            current = reply.session
            stdout.write(reply.output)
            match reply.effect:
                case talk.SaveTo(path=path):
                    _save(current.game, path, stderr, recorder)
                case talk.PlayAgain():
                    return True
                case talk.Quit():
                    return False
                case None:
                    pass
    except (KeyboardInterrupt, OSError):
        _back_up(current, stderr, recorder)
        raise


def _back_up(current: talk.Session, stderr: TextIO, recorder: Recorder) -> None:
    """Save `backup.sv` when the game would lose something without it (RULINGS 16)."""
    if talk.wants_backup(current):
        _save(current.game, BACKUP, stderr, recorder)


def _save(game: Game, path: str, stderr: TextIO, recorder: Recorder) -> None:
    """Write the game's save file; a failure is one line on standard error (RULINGS 22).

    Never over the game's own journal, which holds every command of it.
    """
    if recorder.keeps(path):
        complain(stderr, f"cannot save to {path}: it is this game's journal; choose another name")
        return
    try:
        write_atomically(path, format_save(saved_game(game), game.edition))
    except OSError as error:
        complain(stderr, f"cannot save to {path}: {error.strerror or error}")
