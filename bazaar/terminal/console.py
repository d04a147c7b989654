"""The game at a terminal: read lines, print replies, keep the journal and the save files.

This is the program's edge.  The conversation itself is `session`; here each accepted
command's events are appended to the journal before the next prompt, and the live game
is only ever changed by applying those same events, so it is the fold of its journal;
save files are formatted from it.  End of input saves the game (RULINGS-bazaar 9);
`save FILE` saves it and stops.  Every file problem is one line on standard error
while the game goes on.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Mapping
from typing import BinaryIO, TextIO, TypeVar

import msgspec

from bazaar.engine.commands import AnyCommand
from bazaar.engine.events import AnyEvent, GameResumed, GameStarted
from bazaar.engine.evolve import start
from bazaar.engine.state import Game, Phase, SavedGame, saved_game
from bazaar.engine.tiles import deal
from bazaar.files.disk import SAVING
from bazaar.files.journal import default_journal_path
from bazaar.files.savefile import format_save, parse_save
from bazaar.terminal import session as talk
from bazaar.text import wording
from replay.edges.folders import LOCAL_FOLDER, Folder
from replay.edges.lines import read_line
from replay.edges.messages import announce, at_terminal, complain, printable
from replay.edges.reading import BadFile
from replay.edges.saving import write_save
from replay.edges.stopping import kept_at_end, where_kept
from replay.recorder import Recorder, Reopened, recording, reporter

T = TypeVar("T")

PROGRAM = "bazaar"
"""The name the program's messages begin with."""

BACKUP = "backup.bazaar"
"""Where end of input saves the game (RULINGS-bazaar 9)."""


Computer = Callable[[Game, random.Random], AnyCommand]
"""A computer's seat: the whole command for the player whose turn it is
(`bazaar.tools.players`)."""


class Options(msgspec.Struct, frozen=True, kw_only=True):
    """What `bazaar play` was asked for, its files already read."""

    seed: int
    names: tuple[str, ...] | None = None
    size: tuple[int, int] | None = None
    loaded: SavedGame | None = None
    journal: str | None = None
    journals: Folder = Folder(LOCAL_FOLDER, chosen=True)
    """Where a new game's journal goes unless `journal` names it (`bazaar play` reads it
    from the environment: `bazaar.files.journal.journal_folder`)."""
    computers: Mapping[str, Computer] = msgspec.field(default_factory=dict)
    """The players a computer plays, by name (`--computer NAME=STRATEGY`)."""


class Streams(msgspec.Struct, frozen=True):
    """Where the game reads lines (as bytes: any bytes are a line, at most so long:
    `replay.edges.lines`) and writes."""

    stdin: BinaryIO
    stdout: TextIO
    stderr: TextIO


def fresh_seed() -> int:
    """Return a seed from the operating system, for a game started without -seed."""
    return int.from_bytes(os.urandom(8), "big") >> 1


class _Ended(Exception):
    """Input ended during set-up, before there was a game to save."""


def play(
    options: Options,
    streams: Streams,
    resumed: Reopened[GameStarted, AnyEvent, Game] | None = None,
) -> int:
    """Play one game until it is won, paused or input ends; return the exit status."""
    rng = random.Random(options.seed)
    if resumed is not None:
        recorder: Recorder[GameStarted, AnyEvent] = Recorder(
            resumed.writer,
            reporter(streams.stderr, PROGRAM),
            sealed_from=len(resumed.journal.events),
        )
        game = resumed.state
        if (problem := seats_problem(options, game)) is not None:
            recorder.close()  # before anything is appended: the journal stays as it was
            complain(streams.stderr, problem, PROGRAM)
            return EXIT_BAD_SEATS
        if game.phase is not Phase.OVER:  # a won game is only shown: nothing follows a win
            recorder.record([GameResumed(seed=options.seed)])
        said = f"journal: {recorder.path} (resumed after event {len(resumed.journal.events)})"
        announce(streams.stderr, said, PROGRAM)
        text = talk.reminder(game)
    else:
        try:
            header = _header(options, rng, streams)
        except _Ended:
            ended = "input ended before the game began; there is nothing to save"
            complain(streams.stderr, ended, PROGRAM)
            return 0
        game = start(header)
        if (problem := seats_problem(options, game)) is not None:
            complain(streams.stderr, problem, PROGRAM)
            return EXIT_BAD_SEATS
        recorder = _new_recorder(options, header, streams)
        text = talk.opening(game)
    try:
        return _loop(game, text, recorder, rng, streams, computers=options.computers)
    finally:
        recorder.close()


EXIT_BAD_SEATS = 2
"""A `--computer` seat no player of the game has: a bad option, found once names are known."""


def seats_problem(options: Options, game: Game) -> str | None:
    """Return what is wrong with the computers' seats for this game's players, or None.

    Each must name a player (names are known only once asked, or read from a file); and
    one player at least must be a person, who ends the game with end of input: a game of
    computers alone may never end (a merchant without food can only move), and `bazaar
    simulate` plays those, with a cap on the moves.
    """
    names = [merchant.name for merchant in game.merchants]
    unknown = [name for name in options.computers if name not in names]
    if unknown:
        return f"--computer: no player is named {unknown[0]!r} (the players: {', '.join(names)})"
    if names and all(name in options.computers for name in names):
        return "--computer: every player would be a computer; leave one to a person"
    return None


def _header(options: Options, rng: random.Random, streams: Streams) -> GameStarted:
    """Return the new game's header: the loaded game, or names and size and a fresh board."""
    if options.loaded is not None:
        loaded = options.loaded
        names = tuple(m.name for m in loaded.position.merchants)
        return GameStarted(
            seed=options.seed, board=loaded.board, names=names, loaded=loaded.position
        )
    names = options.names or _ask(talk.NAMES_QUESTION, talk.read_names, streams)
    rows, columns = options.size or _ask(talk.SIZE_QUESTION, talk.read_size, streams)
    return GameStarted(seed=options.seed, board=deal(rows, columns, rng), names=names)


def _ask(question: str, read: Callable[[str], T | str], streams: Streams) -> T:
    """Ask `question` until `read` takes the answer; a problem is said and it is asked again."""
    while True:
        streams.stdout.write(question)
        streams.stdout.flush()
        raw = read_line(streams.stdin)
        if not raw:
            streams.stdout.write("\n")
            raise _Ended
        answer = read(raw.decode("utf-8", errors="replace"))
        if not isinstance(answer, str):
            return answer
        streams.stdout.write(f"{printable(answer[0].upper() + answer[1:])}.\n")


def _new_recorder(
    options: Options, header: GameStarted, streams: Streams
) -> Recorder[GameStarted, AnyEvent]:
    """Create the game's journal (--journal, or a new file in the journal folder, or, when
    the user's data folder cannot be made, in `./journals`) and say where."""
    if options.journal:
        return recording(options.journal, header, streams.stderr, PROGRAM, sealed=True)
    folder = options.journals
    journal = default_journal_path(folder.path)
    fallback = folder.fallback(journal)
    return recording(journal, header, streams.stderr, PROGRAM, fallback=fallback, sealed=True)


def _loop(
    game: Game,
    text: str,
    recorder: Recorder[GameStarted, AnyEvent],
    rng: random.Random,
    streams: Streams,
    *,
    computers: Mapping[str, Computer],
) -> int:
    """Play from `game` on; return the exit status (0: won, paused or input ended).

    A computer's seat types its command after the prompt, shown on standard output as a
    person's typing would be in a transcript; nothing is read for it.
    """
    stdin, stdout, stderr = streams.stdin, streams.stdout, streams.stderr
    try:
        stdout.write(text)
        while game.phase is not Phase.OVER:
            stdout.write(talk.prompt(game))
            computer = computers.get(game.mover.name)
            if computer is not None:
                line = talk.typed(computer(game, rng))
                stdout.write(f"{line}\n")
                raw = line.encode()
            else:
                stdout.flush()
                raw = read_line(stdin)
            if not raw:
                stdout.write("\n")
                backup = BACKUP if _save(game, BACKUP, stderr, recorder, unnamed=True) else None
                if at_terminal(stderr):  # where the journal is, is said to a person only
                    stderr.write(_kept(recorder, backup))
                elif backup is not None:
                    complain(stderr, f"input ended; the game is saved in {BACKUP}", PROGRAM)
                return 0
            reply = talk.respond(game, raw.decode("utf-8", errors="replace"), rng)
            recorder.record(reply.events, reply.game)
            game = reply.game
            stdout.write(reply.output)
            if reply.effect is not None and _save(game, reply.effect.path, stderr, recorder):
                stdout.write(wording.saved(printable(reply.effect.path)))
                return 0
        stdout.flush()
        return 0
    except (KeyboardInterrupt, OSError) as stopped:
        backed = _save(game, BACKUP, stderr, recorder, unnamed=True)
        if backed:
            complain(stderr, f"stopped; the game is saved in {BACKUP}", PROGRAM)
        stopped.add_note(where_kept(journal=recorder.played, backup=BACKUP if backed else None))
        raise


def _kept(recorder: Recorder[GameStarted, AnyEvent], backup: str | None) -> str:
    """Return what end of input kept, as Watan says it at a terminal
    (`replay.edges.stopping.kept_at_end`): the journal, if anything was recorded, and the
    backup, if written."""
    journal = recorder.path if recorder.played else None
    shown = None if journal is None else printable(journal)
    named = None if backup is None else printable(backup)
    load = f"{PROGRAM} play -load"
    return kept_at_end(PROGRAM, over=False, journal=shown, backup=named, load=load)


def _save(
    game: Game,
    path: str,
    stderr: TextIO,
    recorder: Recorder[GameStarted, AnyEvent],
    *,
    unnamed: bool = False,
) -> bool:
    """Write the game's save file; a failure is one line on standard error.

    Never over the game's own journal (by any name or link), which holds every command of
    it; nor into what is not a file (a named pipe would block the game): `replay.edges.saving`.
    A save nobody named (`backup.bazaar`) replaces only an earlier save file, never through
    a link out of its folder.
    """
    return write_save(
        path, format_save(saved_game(game)), journal=recorder.keeps(path), unnamed=unnamed,
        ours=_is_save_file, prefix=SAVING, stderr=stderr, program=PROGRAM,
    )  # fmt: skip


def _is_save_file(beginning: bytes) -> bool:
    """Return whether a file that begins with `beginning` is a Bazaar save file: the only
    file `backup.bazaar` may replace."""
    try:
        parse_save(beginning.decode("utf-8"), "")
    except (BadFile, UnicodeDecodeError):
        return False
    return True
