"""The game at a terminal: read lines, print replies, keep the journal and the files.

This is the program's edge.  The game is played by the table's loop
(`watan.players.table`), a player in every seat: the person at the keyboard,
or computers whose typing is shown (`watan.terminal.seats`).  Here each
accepted command's events are appended to the journal (and flushed) before
the next prompt, and the live game is only ever changed by applying those
same events, so it is the fold of its journal; `save` and `backup.sv` are
formatted from it.  Every file problem is one line on standard error while
the game goes on (without a journal that cannot be written, in memory
alone).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterator, Sequence
from typing import BinaryIO, TextIO

import msgspec

from replay.folding import fold
from replay.lines import read_line
from replay.messages import announce, complain
from replay.reading import BadFile
from replay.recorder import Recorder, recording, reopen, reporter
from replay.stopping import where_kept
from watan.editions.model import Edition
from watan.engine.commands import TakeSeat
from watan.engine.decide import decide
from watan.engine.events import AnyEvent, DiceRolled, GameResumed, GameStarted, TurnEnded
from watan.engine.evolve import apply, start
from watan.engine.layout import Board, random_board
from watan.engine.reach import missing_for_good
from watan.engine.rules import Rules, shuffled_deck
from watan.engine.snapshot import SavedGame
from watan.engine.state import COLOURS, HUMAN, Colour, Game, saved_game
from watan.files.disk import SAVING, read_board_file, read_save_file
from watan.files.journal import LOCAL_FOLDER, Folder, default_journal_path
from watan.files.savefile import Read, format_save
from watan.players import DEFAULT as DEFAULT_STRATEGY
from watan.players import STRATEGIES, seat_generator, seated
from watan.players.progress import STALLED_ROUNDS, TURN_CAP, Progress
from watan.players.table import Player, StrategyError, Table, play
from watan.terminal import session as talk
from watan.terminal.hinter import Hinter, Level
from watan.terminal.seats import AtTerminal, InputEnded, Lines, Shown
from watan.text import hints, wording
from watan.text.notation import Seating

BACKUP = "backup.sv"
"""Where end of input saves the game (spec §4.5)."""


class Options(msgspec.Struct, frozen=True, kw_only=True):
    """What `watan play` was asked for, its files already read."""

    seed: int
    edition: Edition
    """The edition whose words the games speak and whose files they read and write."""
    rules: Rules
    """The rules new games are played by: the edition's, with the house rules asked for."""
    board: Board | None = None
    loaded: SavedGame | None = None
    journal: str | None = None
    resume: str | None = None
    """A journal to continue instead of starting a game."""
    seats: tuple[tuple[Colour, str], ...] = ()
    """Who plays which seat, as asked (`--computer Red=greedy`, `--human Red`): recorded at
    the start of every game of the session (for a resumed one, after its resumption)."""
    computers: bool = False
    """Whether seats may be handed over during play (`--allow-computers`), even when every
    seat starts with a person."""
    notes: tuple[str, ...] = ()
    """What reading the save file noted, for standard error (`savefile.Read`)."""
    journals: Folder = Folder(LOCAL_FOLDER, chosen=True)
    """Where new games keep their journals (the program reads it from the environment,
    `journal_folder`; this default, `./journals`, is for library callers and tests)."""
    hints: Level = Level.OFF
    """How much the game hints on standard error (`watan.terminal.hinter`)."""
    think: float | None = None
    """Seconds a searching computer may think over a move (`--think`); None: its own."""

    @classmethod
    def from_files(
        cls,
        *,
        seed: int | None,
        edition: Edition,
        rules: Rules,
        load: str | None = None,
        journal: str | None = None,
        resume: str | None = None,
    ) -> Options:
        """Return the options, reading the save file (raises BadFile); `choose_board` the board.

        A save file of a game with house rules loads only into a game that plays them all
        (house-rules.md ruling 9): otherwise it is refused, like any file that cannot be used.
        """
        read = None if load is None else read_save_file(load, edition)
        if read is not None and load is not None:
            missing = [rule for rule in read.value.house_rules if rule not in rules.house_rules]
            if missing:
                raise BadFile(
                    load,
                    f"saved with the house rules {','.join(read.value.house_rules)}, which this "
                    f"game does not play (play it with --house-rules "
                    f"{','.join(read.value.house_rules)})",
                )
        return cls(
            seed=fresh_seed() if seed is None else seed,
            edition=edition,
            rules=rules,
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
    """Return the header of the session's first game (spec §5: -load, -board, or random).

    A loaded game with development cards keeps its file's deck; a file without one (a game
    that had no cards) gets a deck shuffled now (house-rules.md ruling 4).
    """
    loaded = options.loaded
    if loaded is not None:
        deck = loaded.deck if loaded.deck is not None else shuffled_deck(options.rules, rng)
        return GameStarted(
            edition=options.edition.name,
            rules=options.rules,
            seed=options.seed,
            board=loaded.board,
            deck=deck if options.rules.cards else (),
            loaded=loaded.position,
        )
    return next_header(options, rng, 1)


def next_header(options: Options, rng: random.Random, number: int) -> GameStarted:
    """Return the header of a new game: the -board layout, or a fresh random one (RULINGS 17),
    and with development cards a deck shuffled after it (house-rules.md ruling 4)."""
    board = options.board if options.board is not None else random_board(rng)
    return GameStarted(
        edition=options.edition.name,
        rules=options.rules,
        seed=options.seed,
        game=number,
        board=board,
        deck=shuffled_deck(options.rules, rng),
    )


class Streams(msgspec.Struct, frozen=True):
    """Where the game reads lines (as bytes: any bytes are a line) and writes."""

    stdin: BinaryIO
    stdout: TextIO
    stderr: TextIO
    program: str = "watan"
    """The program's name, which its own lines on standard error begin with."""


WatanRecorder = Recorder[GameStarted, AnyEvent]
"""A Watan game's journal as it is appended to (`replay.recorder`)."""


class Resumed(msgspec.Struct, frozen=True):
    """A journal reopened to play on: its header, the game it folds to, its writer."""

    header: GameStarted
    game: Game
    recorder: WatanRecorder
    roll: int | None = None
    """What the current student rolled this turn, if they have rolled."""


def resume(
    path: str,
    seed: int,
    stderr: TextIO,
    program: str,
    playable: Callable[[Game], str | None] | None = None,
) -> Resumed:
    """Reopen a journal to play on from exactly where it stands (`watan play --resume`).

    The journal is locked, then read and checked against the rules before
    anything is changed (`replay.recorder.reopen`, with Watan's definition);
    raises JournalError naming the line of the first problem (the file
    untouched), or JournalLocked when another process is playing or rewinding
    it.  `playable` says why this session cannot play the game on (a seat's
    strategy it lacks), if it cannot: that is a JournalError too, before
    anything is written.  A last line cut off mid-write (the process was
    killed) is moved to a side file with a warning, never silently dropped.
    """
    from watan.definition import WATAN  # only resuming reads a journal: keep starting quick

    reopened = reopen(WATAN, path, playable=playable)
    if reopened.set_aside is not None:
        complain(
            stderr,
            f"{path}: its last line was cut off mid-write; "
            f"the partial line was set aside in {reopened.set_aside}",
            program,
        )
    recorder = WatanRecorder(reopened.writer, reporter(stderr, program))
    recorder.record([GameResumed(seed=seed)])
    events = reopened.journal.events
    announce(stderr, f"journal: {path} (resumed after event {len(events)})", program)
    roll = next((e.roll for e in _this_turn(events) if isinstance(e, DiceRolled)), None)
    return Resumed(
        header=reopened.journal.header, game=reopened.state, recorder=recorder, roll=roll
    )


def _this_turn(events: Sequence[AnyEvent]) -> Iterator[AnyEvent]:
    """Yield the events of the turn under way, the latest first."""
    for event in reversed(events):
        if isinstance(event, TurnEnded):
            return
        yield event


def play_games(options: Options, streams: Streams, resumed: Resumed | None = None) -> int:
    """Play games until the players stop or input ends; return the exit status.

    With `resumed`, the first game is that journal's, continued.
    """
    rng = random.Random(options.seed)
    edition = options.edition
    greeting = ""
    if resumed is not None:
        header, game, recorder = resumed.header, resumed.game, resumed.recorder
        opening = wording.reminder(game, edition)
        greeting = hints.resumed(game, edition, resumed.roll)
    else:
        header = first_header(options, rng)
        game, recorder = start(header), _new_recorder(options, header, streams)
        opening = wording.opening(game, edition)
    seats = options.seats
    while True:
        try:
            again, seated = _play(
                game,
                number=header.game,
                seats=seats,
                opening=opening,
                greeting=greeting,
                recorder=recorder,
                rng=rng,
                options=options,
                streams=streams,
            )
        finally:
            recorder.close()
        if not again:
            return 0
        # Playing again keeps the table as it stood when the game ended.
        seats = tuple((c, name) for c, name in zip(COLOURS, seated, strict=True) if name != HUMAN)
        header = next_header(options, rng, header.game + 1)
        game, recorder = start(header), _new_recorder(options, header, streams)
        opening, greeting = wording.opening(game, edition), ""


def _new_recorder(options: Options, header: GameStarted, streams: Streams) -> WatanRecorder:
    """Create a game's journal: --journal for the first game, else a new file in the journal
    folder (or, when the user's data folder cannot be made, in `./journals`)."""
    stderr, program = streams.stderr, streams.program
    if header.game == 1 and options.journal:
        return recording(options.journal, header, stderr, program)
    folder = options.journals
    journal = default_journal_path(folder.path, header.edition)
    fallback = None if folder.chosen else os.path.join(LOCAL_FOLDER, os.path.basename(journal))
    return recording(journal, header, stderr, program, fallback=fallback)


class _Live:
    """The game as the journal has it, after each command: what a backup saves."""

    def __init__(self, game: Game) -> None:
        self.game = game


def _play(
    game: Game,
    *,
    number: int,
    seats: tuple[tuple[Colour, str], ...],
    opening: str,
    greeting: str,
    recorder: WatanRecorder,
    rng: random.Random,
    options: Options,
    streams: Streams,
) -> tuple[bool, tuple[str, ...]]:
    """Play one game (number `number` of the session); return whether to play again, and
    who played each seat at the end.

    Every seat is played at this terminal: by the person at the keyboard, or
    by a computer whose typing is shown; `seats` are handed out first.  End
    of input saves `backup.sv` (spec §4.5); so do Ctrl-C, a closed terminal,
    any failure to read or print (`watan ... | head`) and a fault in a
    computer player, before they end the program.  Nothing else in the loop
    raises OSError: saves and journal writes report their own failures and
    the game goes on.  The person at the keyboard is hinted as
    `options.hints` says, starting with `greeting`.
    """
    stdout = streams.stdout
    edition = options.edition
    live = _Live(game)
    hinter = Hinter(options.hints, edition, stdout, streams.stderr)

    def heard(before: Game, events: tuple[AnyEvent, ...], after: Game) -> None:
        recorder.record(events)
        live.game = after
        hinter.heard(before, events, after)
        stdout.write(wording.narrate(before, events, after, edition))

    def save(current: Game, path: str) -> None:
        if _save(current, edition, path, streams, recorder):
            hinter.say(hints.saved(path))

    seating = _seating(options, game, seats)
    keyboard = AtTerminal(_reader(streams), stdout.write, save, edition, seating, hinter=hinter)

    def seat(colour: Colour, name: str) -> Player:
        if name == HUMAN:
            return keyboard
        rng = seat_generator(options.seed, number, colour)
        return Shown(seated(name, colour, rng, think=options.think), stdout.write, edition)

    try:
        for colour, name in seats:
            events = decide(live.game, TakeSeat(colour=colour, player=name), rng)
            recorder.record(events)
            live.game = fold(apply, live.game, events)
        hinter.say(greeting)
        stdout.write(opening)
        watching = _Watching(edition)
        over = play(live.game, Table(seat), rng, heard, until=watching.stops)
        if watching.why is not None:  # a game of computers alone that can never end
            complain(
                streams.stderr,
                f"{watching.why}; the game stops here, kept in its journal",
                streams.program,
            )
            _back_up(over, edition, streams, recorder)
            return False, over.seats
        return keyboard.play_again(over), over.seats
    except InputEnded:
        backup = BACKUP if _back_up(live.game, edition, streams, recorder) else None
        journal = recorder.path if recorder.played else None
        hinter.say(hints.kept(live.game, streams.program, journal, backup))
        return False, live.game.seats
    except (KeyboardInterrupt, OSError, StrategyError) as stopped:
        backed = _back_up(live.game, edition, streams, recorder)
        stopped.add_note(where_kept(journal=recorder.played, backup=BACKUP if backed else None))
        raise


class _Watching:
    """Stops a game that computers alone play when it can never end (no input ever would).

    A person at the table can always stop; a table of computers whose game
    nobody can win any more (`watan.engine.reach`), or that has gone on for
    far longer than any game of computers lasts, would go on for ever.
    """

    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        self.progress = Progress()
        self.why: str | None = None

    def stops(self, game: Game) -> bool:
        if any(name == HUMAN for name in game.seats):
            self.progress = Progress()  # a person can always stop; count afresh without one
            return False
        watched = self.progress
        if watched.stuck(game):
            if watched.stalled:
                self.why = (
                    f"nobody can win this game any more: nobody has built for {STALLED_ROUNDS} "
                    "rounds"
                )
            else:
                missing = ", ".join(self.edition.resources[r] for r in missing_for_good(game))
                self.why = f"nobody can win this game any more: nobody has or yields {missing}"
        elif watched.turns >= TURN_CAP:
            self.why = f"{TURN_CAP:,} turns of computers alone and nobody has won"
        return self.why is not None


def _seating(
    options: Options, game: Game, seats: tuple[tuple[Colour, str], ...]
) -> Seating | None:
    """Return the seat words of a game with computer players (none in a game of people alone).

    A game has them when asked (`--allow-computers`), when a computer is given a seat as it
    starts, or when its journal gave one a seat already (a resumed game).
    """
    names = {name for _, name in seats} | set(game.seats)
    if not (options.computers or names - {HUMAN}):
        return None
    return Seating(strategies=tuple(STRATEGIES), default=DEFAULT_STRATEGY)


def _reader(streams: Streams) -> Lines:
    """Return the keyboard's lines (as bytes: any bytes are a line, at most so long), after
    flushing the prompt."""

    def line(_: object) -> str | None:
        streams.stdout.flush()
        raw = read_line(streams.stdin)
        return raw.decode("utf-8", errors="replace") if raw else None

    return line


def _back_up(game: Game, edition: Edition, streams: Streams, recorder: WatanRecorder) -> bool:
    """Save `backup.sv` when the game would lose something without it (RULINGS 16); return
    whether it was saved."""
    return talk.wants_backup(game, edition) and _save(game, edition, BACKUP, streams, recorder)


def _save(
    game: Game, edition: Edition, path: str, streams: Streams, recorder: WatanRecorder
) -> bool:
    """Write the game's save file and return True; a failure is one line on standard error
    (RULINGS 22), and False.

    Never over the game's own journal, which holds every command of it.
    """
    stderr, program = streams.stderr, streams.program
    if recorder.keeps(path):
        message = f"cannot save to {path}: it is this game's journal; choose another name"
        complain(stderr, message, program)
        return False
    from replay.saving import write_atomically  # only saving needs it: keep starting quick

    try:
        write_atomically(path, format_save(saved_game(game), edition), prefix=SAVING)
    except OSError as error:
        complain(stderr, f"cannot save to {path}: {error.strerror or error}", program)
        return False
    return True
