"""A match: one game of a session, made, seated, driven a whole command at a time, recorded.

A game is made here and nowhere else: new from the options (a `-load`ed position, the
`-board`, or a random board), resumed from its journal, or the next one of a session
(play again).  Its journal is created with it (or reopened), every accepted command's
events are appended before anything else happens, and the live game is only ever changed
by folding those same events, so it is the fold of its journal.  A face drives it through
the table's loop (`Match.play`), or one whole command at a time (`Match.submit`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple, TextIO

from msgspec.structs import replace

from replay.edges.folders import Folder
from replay.edges.messages import announce, complain
from replay.folding import fold
from replay.recorder import Recorder, recording, reopen, reporter
from watan.editions import edition
from watan.engine.commands import AnyCommand, TakeSeat
from watan.engine.decide import decide
from watan.engine.events import AnyEvent, DiceRolled, GameResumed, GameStarted, TurnEnded
from watan.engine.evolve import apply, start
from watan.engine.layout import random_board
from watan.engine.rules import shuffled_deck, with_house_rules
from watan.engine.state import COLOURS, HUMAN, Colour, Game, Phase
from watan.files.journal import default_journal_path
from watan.match.options import HERE, Options, Seats, choose_board, fresh_seed, unknown_seat
from watan.players import seat_generator, seated
from watan.players.table import Listener, Table, play

if TYPE_CHECKING:
    from watan.players.plugins import Guarded

WatanRecorder = Recorder[GameStarted, AnyEvent]
"""A Watan game's journal as it is appended to (`replay.recorder`)."""


class Log(NamedTuple):
    """Where a match tells of its journal (made, moved, failing): standard error, say, and the
    program's name, which each line begins with."""

    stderr: TextIO
    program: str = "watan"


class Match:
    """One game in play: its header, the game its events fold to, its journal and its dice.

    `game` changes only as the events it records fold (`heard`); `recorder` is None for a
    game that keeps no journal of its own (a tournament's, whose events its caller keeps).
    """

    __slots__ = ("game", "header", "history", "options", "recorder", "rng", "roll")

    def __init__(
        self,
        options: Options,
        header: GameStarted,
        game: Game,
        rng: random.Random,
        *,
        recorder: WatanRecorder | None = None,
        roll: int | None = None,
        history: tuple[AnyEvent, ...] = (),
    ) -> None:
        self.options, self.header, self.game, self.rng = options, header, game, rng
        self.recorder = recorder
        self.roll = roll
        """What the current student rolled this turn before the game was resumed, if they
        had rolled."""
        self.history = history
        """The events its journal held when it was made (a resumed game's, its resumption
        last): what a network client that folds from the start is sent first."""

    def heard(self, before: Game, events: tuple[AnyEvent, ...], after: Game) -> None:
        """Record one command's events, then take the game they give (the table's listener)."""
        if self.recorder is not None:
            self.recorder.record(events, after)
        self.game = after

    def submit(self, command: AnyCommand) -> tuple[AnyEvent, ...]:
        """Return the events of one whole command, decided (raises `Refused`), recorded and
        folded into the game: what a face that is handed commands (a network seat) calls."""
        events = decide(self.game, command, self.rng)
        self.heard(self.game, events, fold(apply, self.game, events))
        return events

    def seat(self, seats: Seats) -> tuple[AnyEvent, ...]:
        """Hand out the seats, in order, each a command of its own (`TakeSeat`); return their
        events."""
        return tuple(
            event
            for colour, player in seats
            for event in self.submit(TakeSeat(colour=colour, player=player))
        )

    def computer(self, colour: Colour, name: str) -> Guarded:
        """Return a new player of the strategy `name` for seat `colour`, guarded, drawing
        from its own generator (`seat_generator`), so that the same seed replays its moves,
        and thinking as long as the session allows (`--think`)."""
        rng = seat_generator(self.options.seed, self.header.game, colour)
        return seated(name, colour, rng, think=self.options.think)

    def play(
        self,
        table: Table,
        told: Listener | None = None,
        turn_cap: int | None = None,
        *,
        until: Callable[[Game], bool] | None = None,
    ) -> Game:
        """Play the game at `table` (the table's loop, `watan.players.table.play`) until it
        is won, or `turn_cap` turns, or `until` says so; return the game then.

        Each command's events are recorded and folded in before `told` hears them.
        """

        def heard(before: Game, events: tuple[AnyEvent, ...], after: Game) -> None:
            self.heard(before, events, after)
            if told is not None:
                told(before, events, after)

        return play(self.game, table, self.rng, heard, turn_cap, until=until)

    def seats_kept(self) -> Seats:
        """Return the seats the next game hands out: the computers as they sit now (playing
        again keeps the table as it stood when the game ended)."""
        return tuple(
            (colour, name) for colour, name in zip(COLOURS, self.game.seats, strict=True)
            if name != HUMAN
        )

    def close(self) -> None:
        """Close the journal (a new one nothing was appended to is removed)."""
        if self.recorder is not None:
            self.recorder.close()


def new(options: Options, log: Log | None = None) -> Match:
    """Return the first game of a session (spec §5: `-load`, `-board`, or random), its
    journal created (`--journal`, or a new file in the journal folder), told of on `log`.

    Without `log` the game keeps no journal.  Its seats are not handed out yet (`seat`).
    """
    rng = random.Random(options.seed)
    header = first_header(options, rng)
    return Match(options, header, start(header), rng, recorder=_recorder(options, header, log))


def again(match: Match, log: Log | None = None) -> Match:
    """Return the next game of `match`'s session: a new header (the same dice), a new journal,
    and the seats as the table stood when `match` ended (`seats_kept`)."""
    options = replace(match.options, seats=match.seats_kept())
    header = next_header(options, match.rng, match.header.game + 1)
    return Match(
        options, header, start(header), match.rng, recorder=_recorder(options, header, log)
    )


def first_header(options: Options, rng: random.Random) -> GameStarted:
    """Return the header of a session's first game (spec §5: -load, -board, or random).

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


def _recorder(options: Options, header: GameStarted, log: Log | None) -> WatanRecorder | None:
    """Create a game's journal: --journal for the first game, else a new file in the journal
    folder (or, when the user's data folder cannot be made, in `./journals`)."""
    if log is None:
        return None
    stderr, program = log
    if header.game == 1 and options.journal:
        return recording(options.journal, header, stderr, program, sealed=True)
    folder = options.journals
    journal = default_journal_path(folder.path, header.edition)
    return recording(
        journal, header, stderr, program, fallback=folder.fallback(journal), sealed=True
    )


def resume(
    path: str,
    log: Log,
    *,
    seed: int | None = None,
    seats: Seats = (),
    computers: bool = False,
    journals: Folder = HERE,
    think: float | None = None,
) -> Match:
    """Reopen a journal to play on from exactly where it stands (`watan play --resume`).

    The journal is locked, then read and checked against the rules before
    anything is changed (`replay.recorder.reopen`, with Watan's definition);
    raises JournalError naming the line of the first problem (the file
    untouched), or JournalLocked when another process is playing or rewinding
    it.  A seat the journal gives to a strategy this version lacks, and that
    `seats` does not hand to another, is a JournalError too, before anything
    is written.  A last line cut off mid-write (the process was killed) is
    moved to a side file with a warning on `log`, never silently dropped.  The resumption
    is recorded (`GameResumed`, the seed its dice follow) unless the game is over.
    The session's games after it are new ones: the edition's rules of today,
    with the journal's house rules, on the edition's default board if it has one.
    """
    from watan.definition import WATAN  # only resuming reads a journal: keep starting quick

    def playable(game: Game) -> str | None:
        return unknown_seat(game.seats, seats)

    stderr, program = log
    reopened = reopen(WATAN, path, playable=playable)
    if reopened.set_aside is not None:
        complain(
            stderr,
            f"{path}: its last line was cut off mid-write; "
            f"the partial line was set aside in {reopened.set_aside}",
            program,
        )
    header = reopened.journal.header
    played = edition(header.edition)
    board = choose_board(played, None, random_board=False, first=False)
    options = Options(
        seed=fresh_seed() if seed is None else seed,
        edition=played,
        rules=with_house_rules(played.rules, header.rules.house_rules),
        board=board.value,
        seats=seats,
        computers=computers,
        notes=board.notes,
        journals=journals,
        think=think,
    )
    recorder = WatanRecorder(
        reopened.writer, reporter(stderr, program), sealed_from=len(reopened.journal.events)
    )
    resumed: tuple[AnyEvent, ...] = ()
    if reopened.state.phase is not Phase.OVER:
        # A finished game takes no more commands (play again starts a new journal): resuming
        # one to look at it leaves its journal as it was.
        resumed = (GameResumed(seed=options.seed),)
        recorder.record(resumed)
    events = reopened.journal.events
    announce(stderr, f"journal: {path} (resumed after event {len(events)})", program)
    roll = next((e.roll for e in _this_turn(events) if isinstance(e, DiceRolled)), None)
    rng = random.Random(options.seed)
    return Match(
        options, header, reopened.state, rng, recorder=recorder, roll=roll,
        history=(*events, *resumed),
    )


def _this_turn(events: Sequence[AnyEvent]) -> Iterator[AnyEvent]:
    """Yield the events of the turn under way, the latest first."""
    for event in reversed(events):
        if isinstance(event, TurnEnded):
            return
        yield event
