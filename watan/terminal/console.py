"""The games at a terminal: read lines, print replies, save files.

This is the program's edge.  Each game is made and driven by the floor below
(`watan.match`: made new, resumed or played again, its journal kept, the
table's loop run), with a player in every seat: the person at the keyboard,
or computers whose typing is shown (`watan.terminal.seats`).  Here the game's
lines are printed, the person is hinted, and `save` and `backup.sv` are
formatted from the game.  Every file problem is one line on standard error
while the game goes on (without a journal that cannot be written, in memory
alone).
"""

from __future__ import annotations

from typing import BinaryIO, TextIO

import msgspec

from replay.edges.lines import read_line
from replay.edges.messages import complain
from replay.edges.stopping import where_kept
from watan.editions.model import Edition
from watan.engine.events import AnyEvent
from watan.engine.reach import missing_for_good
from watan.engine.state import HUMAN, Colour, Game, saved_game
from watan.files.disk import SAVING
from watan.files.savefile import format_save
from watan.match.making import Log, Match, WatanRecorder, again, new
from watan.match.options import Options
from watan.players import DEFAULT_STRATEGY, STRATEGIES
from watan.players.progress import STALLED_ROUNDS, TURN_CAP, Progress
from watan.players.table import Player, StrategyError, Table
from watan.terminal import session as talk
from watan.terminal.elbow import Elbow
from watan.terminal.hinter import Hinter, Level
from watan.terminal.pacing import Pace
from watan.terminal.seats import AtTerminal, InputEnded, Lines, Shown
from watan.text import hints, wording
from watan.text.notation import Seating

BACKUP = "backup.sv"
"""Where end of input saves the game (spec §4.5)."""


class Streams(msgspec.Struct, frozen=True):
    """Where the game reads lines (as bytes: any bytes are a line) and writes."""

    stdin: BinaryIO
    stdout: TextIO
    stderr: TextIO
    program: str = "watan"
    """The program's name, which its own lines on standard error begin with."""

    @property
    def log(self) -> Log:
        """Where the games tell of their journals: standard error, named for the program."""
        return Log(self.stderr, self.program)


def play_games(
    first: Options | Match, streams: Streams, hinting: Level = Level.OFF, pace: float = 0
) -> int:
    """Play games until the players stop or input ends; return the exit status.

    The first game is a new one made from `first`'s options, or `first` itself, a game
    resumed from its journal (`watan.match.making.resume`).  The person at the keyboard is
    hinted as `hinting` says; each computer command waits `pace` seconds, or until a line
    is typed (`watan.terminal.pacing`).
    """
    paced = Pace(pace, streams.stdin)
    if isinstance(first, Match):
        match = first
        opening = wording.reminder(match.game, match.options.edition)
        greeting = hints.resumed(match.game, match.options.edition, match.roll)
    else:
        match = new(first, streams.log)
        opening, greeting = wording.opening(match.game, first.edition), ""
    while True:
        try:
            again_asked = _play(match, opening, greeting, streams, _Faces(hinting, paced))
        finally:
            match.close()
        if not again_asked:
            return 0
        match = again(match, streams.log)
        opening, greeting = wording.opening(match.game, match.options.edition), ""


class _Faces(msgspec.Struct, frozen=True):
    """How the session speaks to the person beyond the spec: its hints and its pace."""

    hinting: Level
    pace: Pace


def _play(match: Match, opening: str, greeting: str, streams: Streams, faces: _Faces) -> bool:
    """Play one game of the session; return whether to play again.

    Every seat is played at this terminal: by the person at the keyboard, or
    by a computer whose typing is shown; the session's seats are handed out
    first.  End of input saves `backup.sv` (spec §4.5); so do Ctrl-C, a closed
    terminal, any failure to read or print (`watan ... | head`) and a fault in
    a computer player, before they end the program.  Nothing else in the loop
    raises OSError: saves and journal writes report their own failures and
    the game goes on.  The person at the keyboard is hinted as `faces` says,
    starting with `greeting`, and computers wait for them at its pace.
    """
    stdout = streams.stdout
    edition = match.options.edition
    recorder = match.recorder
    hinter = Hinter(faces.hinting, edition, stdout, streams.stderr)
    seat_words = seating(match.options, match.game)
    elbow = None
    if seat_words is not None:  # the engine suggests only where computers may play
        elbow = Elbow(match.header, match.history, edition, stdout, streams.stderr)

    def told(before: Game, events: tuple[AnyEvent, ...], after: Game) -> None:
        hinter.heard(before, events, after)
        if elbow is not None:
            elbow.heard(before, events, after)
        stdout.write(wording.narrate(before, events, after, edition))

    def save(current: Game, path: str) -> None:
        if save_file(current, edition, path, streams, recorder):
            hinter.say(hints.saved(path))

    keyboard = AtTerminal(
        _reader(streams, faces.pace),
        stdout.write,
        save,
        edition,
        seat_words,
        hinter=hinter,
        suggest=None if elbow is None else elbow.suggest,
    )

    def seat(colour: Colour, name: str) -> Player:
        if name == HUMAN:
            return keyboard
        return Shown(match.computer(colour, name), stdout.write, edition, faces.pace)

    try:
        unseated = match.game
        seated = match.seat(match.options.seats)
        if elbow is not None:
            elbow.heard(unseated, seated, match.game)
        hinter.say(greeting)
        stdout.write(opening)
        watching = _Watching(edition)
        over = match.play(Table(seat), told, until=watching.stops)
        if watching.why is not None:  # a game of computers alone that can never end
            complain(
                streams.stderr,
                f"{watching.why}; the game stops here, kept in its journal",
                streams.program,
            )
            back_up(over, edition, streams, recorder)
            return False
        if elbow is not None and recorder is not None and recorder.played:
            elbow.ended(streams.program, recorder.path)
        return keyboard.play_again(over)
    except InputEnded:
        live = match.game
        backup = BACKUP if back_up(live, edition, streams, recorder) else None
        journal = recorder.path if recorder is not None and recorder.played else None
        hinter.say(hints.kept(live, streams.program, journal, backup))
        return False
    except (KeyboardInterrupt, OSError, StrategyError) as stopped:
        backed = back_up(match.game, edition, streams, recorder)
        played = recorder is not None and recorder.played
        stopped.add_note(where_kept(journal=played, backup=BACKUP if backed else None))
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


def seating(options: Options, game: Game) -> Seating | None:
    """Return the seat words of a game with computer players (none in a game of people alone).

    A game has them when asked (`--allow-computers`), when a computer is given a seat as it
    starts, or when its journal gave one a seat already (a resumed game).
    """
    names = {name for _, name in options.seats} | set(game.seats)
    if not (options.computers or names - {HUMAN}):
        return None
    return Seating(strategies=tuple(STRATEGIES), default=DEFAULT_STRATEGY)


def _reader(streams: Streams, pace: Pace) -> Lines:
    """Return the keyboard's lines (as bytes: any bytes are a line, at most so long), after
    flushing the prompt; none once input ended, even during a computer's pause."""

    def line(_: object) -> str | None:
        streams.stdout.flush()
        if pace.ended:
            return None
        raw = read_line(streams.stdin)
        return raw.decode("utf-8", errors="replace") if raw else None

    return line


def back_up(
    game: Game, edition: Edition, streams: Streams, recorder: WatanRecorder | None
) -> bool:
    """Save `backup.sv` when the game would lose something without it (RULINGS 16); return
    whether it was saved."""
    return talk.wants_backup(game, edition) and save_file(
        game, edition, BACKUP, streams, recorder, unnamed=True
    )


def save_file(
    game: Game,
    edition: Edition,
    path: str,
    streams: Streams,
    recorder: WatanRecorder | None,
    *,
    unnamed: bool = False,
) -> bool:
    """Write the game's save file and return True; a failure is one line on standard error
    (RULINGS 22), and False.

    Never over the game's own journal, which holds every command of it.  A save nobody
    named (`backup.sv`) replaces only an earlier save file, never through a link out of
    its folder (`replay.edges.saving.write_unnamed`).
    """
    from replay.edges.saving import write_save  # keep starting quick
    from watan.files.disk import is_save_file

    return write_save(
        path, format_save(saved_game(game), edition),
        journal=recorder is not None and recorder.keeps(path), unnamed=unnamed,
        ours=is_save_file, prefix=SAVING, stderr=streams.stderr, program=streams.program,
    )  # fmt: skip
