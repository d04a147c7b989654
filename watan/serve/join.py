"""A seat of a served game at a terminal (`watan play --join LINK`), or a spectator's view.

The client holds the game as its events fold, exactly as the server's does, and prints
what a terminal playing the same game would: the seat's own dialogue (prompts, answers,
refusals, the board) as a person has it at the keyboard, every other seat's lines as a
computer's typing is shown, each command's events narrated.  Its own whole command is sent
as the lines typed, tagged with the number of events the game held; a connection that is
lost is made again, asking for the events after the last one held, and a command the server
never took is sent again.  Standard output is the spec's; what the connection does is said
on standard error.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from typing import NoReturn

from replay.edges.lines import read_line
from replay.edges.messages import complain
from replay.folding import fold
from watan.editions import edition as named
from watan.editions.model import Edition
from watan.engine.commands import Move, Offer
from watan.engine.evolve import apply, start
from watan.engine.state import Colour, Game, Phase
from watan.serve.tokens import BadLink, read_link, socket_of
from watan.serve.wire import (
    Again,
    Appended,
    Asked,
    Command,
    Failed,
    Hello,
    Recognised,
    Refused,
    Said,
    ServerMessage,
    Typed,
    Welcome,
    encode,
    server_message,
)
from watan.terminal.console import BACKUP, Streams, back_up, save_file
from watan.terminal.hinter import Hinter, Level
from watan.terminal.pacing import Pace
from watan.terminal.seats import InputEnded, Lines, converse
from watan.terminal.session import PlayAgain, Quit, Ready, Session, asking
from watan.text import hints, wording
from watan.text.notation import Seating, format

RECONNECT_SECONDS = 60.0
"""How long a client tries to reach its server again after the connection is lost."""

EXIT_UNREACHABLE = 2


class Finished(Exception):
    """The client is done: the game ended, or the person left."""


class Follow(Exception):
    """The session's next game is served under the name given: the client goes there."""


class Joined:
    """One client's game: what it holds, what it prints, and the command it waits to see."""

    def __init__(
        self,
        token: str,
        hinting: Level,
        streams: Streams,
        lines: Lines | None = None,
        pace: float = 0.0,
    ) -> None:
        self.token, self.hinting, self.streams = token, hinting, streams
        self.pace = Pace(pace, streams.stdin)
        """Waits before another seat's command is shown, as a computer's is (`--pace`)."""
        self.typing = lines
        """Where the seat's lines come from: the keyboard (standard input) unless told."""
        self.stdout, self.stderr, self.program = streams.stdout, streams.stderr, streams.program
        self.count = 0
        self.game: Game | None = None
        self.edition: Edition | None = None
        self.seat: Colour | None = None
        self.seating: Seating | None = None
        self.resumed = False
        self.opened = False
        self.offer: Offer | None = None
        self.sent: Command | None = None
        self.hinter: Hinter | None = None
        self.failed = False
        """The game stopped on a computer's fault: exit status 1, as at a terminal."""
        self.leaving = False
        """The seat answered `no` to playing again: its answer is sent, then it leaves."""

    def hello(self) -> str:
        """Return the first message of a connection: who this is and the events it holds."""
        return encode(Hello(token=self.token, after=self.count))

    def heard(self, message: ServerMessage) -> Command | None:
        """Take one message from the server; return a command to send, if one is due.

        Raises Finished when the session is over, or the game stopped on a computer's
        fault; raises Follow when the session's next game begins (a seat played again).
        """
        match message:
            case Welcome():
                self._welcome(message)
            case Appended():
                return self._appended(message)
            case Typed():
                self._typed(message)
            case Said(line=line):
                self._open()
                self.stdout.write(line)
            case Asked():
                return self._asked(message)
            case Again(game=None):
                raise Finished
            case Again(game=str(name)):
                self._again()
                raise Follow(name)
            case Failed(why=why):
                complain(self.stderr, why, self.program)
                self.failed = True
                raise Finished
            case Refused(why=why):
                complain(self.stderr, f"the server refused: {why}", self.program)
                self.sent = None
            case Recognised():
                pass
        return None

    def _welcome(self, welcome: Welcome) -> None:
        if self.game is not None:
            return  # a connection made again: the game held is the one being played
        self.edition = named(welcome.header.edition)
        self.game = start(welcome.header)
        self.seat, self.seating, self.resumed = welcome.seat, welcome.seating, welcome.resumed
        self.hinter = Hinter(self.hinting, self.edition, self.stdout, self.stderr)

    def _held(self) -> tuple[Game, Edition, Hinter]:
        if self.game is None or self.edition is None or self.hinter is None:
            raise Finished("the server sent the game before welcoming this client")
        return self.game, self.edition, self.hinter

    def _open(self) -> None:
        """Print what a game prints first, once: its opening, or a resumed game's reminder."""
        game, edition, _ = self._held()
        if not self.opened:
            self.opened = True
            opening = wording.reminder if self.resumed else wording.opening
            self.stdout.write(opening(game, edition))

    def _again(self) -> None:
        """Forget the game played: the session's next one is welcomed as a new game."""
        self.count, self.game, self.hinter = 0, None, None
        self.opened, self.offer, self.sent = False, None, None

    def _appended(self, appended: Appended) -> Command | None:
        game, edition, hinter = self._held()
        skip = self.count - (appended.first - 1)
        events = appended.events[skip:] if skip > 0 else appended.events
        if not events:
            return None
        after = fold(apply, game, events)
        self.game, self.count = after, self.count + len(events)
        if self.sent is not None and self.sent.after < self.count:
            self.sent = None  # taken: the game has moved past it
        if appended.silent:
            return None
        self._open()
        hinter.heard(game, events, after)
        self.stdout.write(wording.narrate(game, events, after, edition))
        return self._over(after) if after.phase is Phase.OVER else None

    def _over(self, over: Game) -> Command | None:
        """Ask the seat's person the spec's question after a win, as a terminal does (spec
        §4.4); return the answer to send: `yes` (the session's next game follows, `Again`),
        or `no` (this seat leaves; so does one whose input ended).  A spectator sends
        nothing and waits for the next game, or the session's end."""
        _, edition, _ = self._held()
        if self.seat is None:
            return None
        session = Session(game=over, edition=edition)
        try:
            answer = converse(session, self._lines, self.stdout.write, self._save, shown=False)
        except InputEnded:
            answer = Quit()
        self.leaving = not isinstance(answer, PlayAgain)
        return Command(after=self.count, lines=("no",) if self.leaving else ("yes",))

    def _typed(self, typed: Typed) -> None:
        game, edition, _ = self._held()
        self._open()
        if typed.seat == self.seat:
            return  # this seat's own lines: its dialogue printed them as they were typed
        if self.seat is not None:
            self.pace()
        session = (
            asking(game, edition, self.offer)
            if typed.answer and self.offer is not None
            else Session(game=game, edition=edition)
        )
        lines: Iterator[str] = iter(typed.lines)
        try:
            outcome = converse(
                session, lambda _: next(lines, None), self.stdout.write, _no_save, shown=True
            )
        except InputEnded:
            return  # lines the dialogue did not finish: shown as far as they went
        if isinstance(outcome, Ready) and isinstance(outcome.move, Offer):
            self.offer = outcome.move

    def _asked(self, asked: Asked) -> Command | None:
        game, edition, hinter = self._held()
        self._open()
        if asked.seat != self.seat or asked.after != self.count:
            return None
        if self.sent is not None and self.sent.after == self.count:
            return self.sent  # sent before the connection was lost, never taken: again
        if asked.answer and self.offer is not None:
            session = asking(game, edition, self.offer)
        else:
            hinter.asked(game)
            session = Session(game=game, edition=edition, seating=self.seating)
        try:
            outcome = converse(
                session,
                self._lines,
                self.stdout.write,
                self._save,
                shown=False,
                hint=hinter.say,
            )
        except InputEnded:
            self._ended()
        if not isinstance(outcome, Ready):
            return None
        move: Move = outcome.move
        lines = format(move, game, edition)
        if asked.answer:
            lines = lines[-1:]
        if isinstance(move, Offer):
            self.offer = move
        self.sent = Command(after=self.count, lines=lines)
        return self.sent

    def _ended(self) -> NoReturn:
        """End of input at this seat's question: save `backup.sv` as a terminal does (spec
        §4.5, RULINGS 16, 26, 30) and leave.  The served game waits for the seat, which
        may join again; its journal is the server's."""
        game, edition, hinter = self._held()
        backup = BACKUP if back_up(game, edition, self.streams, None) else None
        hinter.say(hints.kept(game, self.program, None, backup))
        raise Finished

    def _lines(self, session: Session) -> str | None:
        if self.typing is not None:
            return self.typing(session)
        self.stdout.flush()
        if self.pace.ended:
            return None
        raw = read_line(self.streams.stdin)
        return raw.decode("utf-8", errors="replace") if raw else None

    def _save(self, game: Game, path: str) -> None:
        _, edition, hinter = self._held()
        if save_file(game, edition, path, self.streams, None):
            hinter.say(hints.saved(path))


def _no_save(game: Game, path: str) -> None:
    """Another seat's lines never save (the server sends none that do)."""


def join_game(link: str, hinting: Level, pace: float, program: str) -> int:
    """Play the seat `link` opens (or watch, with a spectator's link) until the game ends or
    input ends, each other seat's command shown after `pace` seconds (or Enter); return the
    exit status.  A link that is none, or a server that cannot be reached, is one line on
    standard error and exit status 2."""
    try:
        address, _, token = read_link(link)
    except BadLink as bad:
        complain(sys.stderr, str(bad), program)
        return EXIT_UNREACHABLE
    streams = Streams(sys.stdin.buffer, sys.stdout, sys.stderr, program)
    client = Joined(token, hinting, streams, pace=pace)
    return play(address, client)


def play(address: str, client: Joined) -> int:
    """Connect to `address` and play until the client is finished, connecting again when
    the connection is lost; return the exit status."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
    from websockets.sync.client import connect

    lost_since: float | None = None
    while True:
        try:
            with connect(address, open_timeout=5, max_size=None) as socket:
                if lost_since is not None:
                    complain(client.stderr, "connected again", client.program)
                lost_since = None
                socket.send(client.hello())
                for text in socket:
                    command = client.heard(server_message(text))
                    if command is not None:
                        socket.send(encode(command))
                    if client.leaving:
                        return 0
                if client.game is None:  # refused before being welcomed
                    return EXIT_UNREACHABLE
        except Finished:
            return 1 if client.failed else 0
        except Follow as following:
            address = socket_of(address, str(following))
            continue
        except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI) as error:
            if client.game is None and lost_since is None:
                complain(client.stderr, f"cannot reach {address}: {error}", client.program)
                return EXIT_UNREACHABLE
            now = time.monotonic()
            if lost_since is None:
                lost_since = now
                complain(client.stderr, "the connection was lost; connecting again", client.program)
            elif now - lost_since > RECONNECT_SECONDS:
                complain(client.stderr, f"cannot reach {address} again", client.program)
                return EXIT_UNREACHABLE
            time.sleep(0.5)
