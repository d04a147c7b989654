"""One game served: its match played on a thread of its own, its log, who it waits for.

The game is played by the table's own loop (`Match.play`), exactly as at a terminal: a
computer seat is its strategy, and a person's seat is a `Remote` player, which waits for
the seat's client to send a whole command.  What the loop does goes into the game's log, in
the order a terminal would print it: the lines each seat gave (`Typed`), the rules'
refusals (`Said`), each command's events once recorded (`Appended`).  Every client is sent
the same entries, from wherever it stands.

A command is taken only from the seat the game waits for, made against the number of
events the game holds now (`Command.after`), and read with the same dialogue as a typed
line (`watan.terminal.session.respond`): anything else is refused and changes nothing.
This module knows no network: `watan.serve.app` connects it to one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from watan.engine.commands import AnyCommand, Move, Offer, Trade
from watan.engine.decide import Refusal
from watan.engine.events import AnyEvent
from watan.engine.state import COLOURS, HUMAN, Colour, Game, Phase
from watan.match.making import Match
from watan.pictures.steps import Stepper
from watan.players.table import Player, StrategyError, Table
from watan.serve.choices import choices
from watan.serve.tokens import forget
from watan.serve.turns import Turns
from watan.serve.wire import (
    Again,
    Appended,
    Asked,
    Command,
    Entry,
    Failed,
    Recognised,
    Refused,
    Said,
    ServerMessage,
    Typed,
    encode,
)
from watan.terminal.session import PlayAgain, Quit, Ready, Session, asking, respond
from watan.text import wording
from watan.text.notation import Seating, format

Deliver = Callable[[str], None]
"""Hands one encoded message to a client's connection (from any thread)."""

Follow = Callable[["Served"], "Served"]
"""Makes, serves and starts the session's next game after a served one (play again)."""


class Stopped(Exception):
    """The server is stopping: a seat's wait for its client ends."""


class Served:
    """A game in play on the server: its match, its log, and the seat it waits for.

    Everything it holds is guarded by one lock; the game's own thread plays the match, and
    the server's threads deliver commands and subscribe clients.
    """

    def __init__(
        self,
        name: str,
        match: Match,
        tokens: dict[Colour, str],
        *,
        resumed: bool,
        journal: str = "",
        turns: Turns | None = None,
    ) -> None:
        self.name, self.match, self.tokens, self.resumed = name, match, tokens, resumed
        self.journal = journal
        """Where the game's journal is (its seats' tokens are kept beside it)."""
        self.edition = match.options.edition
        self.seating = _seating(match)
        self._lock = threading.Condition()
        self._log: list[str] = []
        self._marks: dict[int, int] = {0: 0}
        """The number of events the game held -> the log's length then."""
        self.count = 0
        self._asked: Asked | None = None
        self._session: Session | None = None
        self._taken: Move | None = None
        self._last: tuple[Colour, Command] | None = None
        self._clients: list[Deliver] = []
        self._stopping = False
        self._thread: threading.Thread | None = None
        self.failure: BaseException | None = None
        self.turns = turns or Turns()
        """Taken by the game's thread while it runs (`watan.serve.turns`)."""
        self._holding = False
        self.follow: Follow | None = None
        """Serves the session's next game when a seat answers `yes` once this one is won."""
        self._wanted = False
        self._declined: set[Colour] = set()
        """The seats that answered `no` to the play-again question."""
        self._events: list[AnyEvent] = []
        self._stepper = Stepper(match.header, self.edition)
        if match.history:
            self._append(match.history, silent=True)

    # The game's own thread.

    def start(self) -> None:
        """Hand out the session's seats, then play the game on a thread of its own."""
        match = self.match
        seated = match.seat(match.options.seats)
        if seated:
            self._append(seated, silent=True)
        self._thread = threading.Thread(target=self._play, name=f"game {self.name}", daemon=True)
        self._thread.start()

    def _play(self) -> None:
        match = self.match
        self.turns.take(person=False)
        self._holding = True
        try:
            match.play(Table(self._player), self._heard)
        except Stopped:
            pass
        except BaseException as failure:  # a fault in a strategy: the game stops, kept
            self.failure = failure
            self._add(Failed(why=stopped_by(failure)))
        finally:
            if self._holding:
                self.turns.give()
            match.close()
            kept = match.recorder is not None and match.recorder.played
            if self.journal and (self.over or not kept):
                # Nothing is left to serve of it for a server started again: the game ended,
                # or nobody played and its journal went with it (seats without a journal
                # would be a stray secret beside nothing).
                forget(self.journal)
        if self.over and self.failure is None and self.follow and HUMAN in match.game.seats:
            self._again()

    def _again(self) -> None:
        """Wait for a seat's `yes` to the play-again question (spec §4.4), then serve the
        session's next game and send every client there.  The first seat to answer `yes`
        starts it; a seat that answers `no` leaves alone (its client ends), as at a
        terminal, and the others may still play again; when every person's seat said
        `no`, every client is told the session is over."""
        with self._lock:
            while not (self._wanted or self._stopping or self._everyone_declined()):
                self._lock.wait()
            if self._stopping or self.follow is None:
                return
        if not self._wanted:
            self._add(Again(game=None))
            return
        try:
            successor = self.follow(self)
        except Exception as failure:  # its journal cannot be made: said, this game kept
            self._add(Failed(why=f"the next game cannot be served: {failure}"))
            return
        self._add(Again(game=successor.name))

    def _player(self, colour: Colour, name: str) -> Player:
        if name == HUMAN:
            return Remote(self, colour)
        return Computer(self, colour, self.match.computer(colour, name))

    def _heard(self, before: Game, events: tuple[AnyEvent, ...], after: Game) -> None:
        self._append(events)

    def _append(self, events: tuple[AnyEvent, ...], *, silent: bool = False) -> None:
        """Log a command's events (recorded already), with what each changes on the page."""
        changes = tuple(self._stepper.step(event) for event in events)
        appended = Appended(first=self.count + 1, events=events, silent=silent, changes=changes)
        with self._lock:
            self._events.extend(events)
            self._add(appended)

    def held(self) -> tuple[AnyEvent, ...]:
        """Return the events the game holds now (a page is drawn from them)."""
        with self._lock:
            return tuple(self._events)

    def _add(self, entry: Entry) -> None:
        """Append an entry to the log and send it to every client."""
        text = encode(entry)
        with self._lock:
            self._log.append(text)
            if isinstance(entry, Appended):
                self.count += len(entry.events)
                self._marks[self.count] = len(self._log)
            for deliver in self._clients:
                deliver(text)

    def typed(self, seat: Colour, lines: tuple[str, ...], *, answer: bool = False) -> None:
        """Log the lines a seat gave."""
        self._add(Typed(seat=seat, lines=lines, answer=answer))

    def said(self, seat: Colour, refusal: Refusal) -> None:
        """Log the rules' refusal of a seat's command."""
        self._add(Said(seat=seat, line=wording.refusal_line(self.edition.text, refusal)))

    def wait(self, seat: Colour, game: Game, offer: Offer | None) -> Move:
        """Return the whole command `seat`'s client sends now: its move, or its answer to
        `offer` (a Trade).  Raises Stopped when the server stops first."""
        session = (
            Session(game=game, edition=self.edition, seating=self.seating)
            if offer is None
            else asking(game, self.edition, offer)
        )
        offered = choices(game, self.edition, offer)
        with self._lock:
            self._asked = Asked(
                after=self.count, seat=seat, answer=offer is not None, choices=offered
            )
            self._session = session
            text = encode(self._asked)
            for deliver in self._clients:
                deliver(text)
            self._holding = False
            self.turns.give()
            while self._taken is None and not self._stopping:
                self._lock.wait()
            if self._taken is None:
                raise Stopped
            move, self._taken = self._taken, None
        self.turns.take(person=True)
        self._holding = True
        return move

    # The server's threads.

    def command(self, seat: Colour, command: Command) -> ServerMessage | None:
        """Take `seat`'s whole command if the game waits for it at `command.after`; return
        what its client is told besides the log (a refusal, a retry recognised), or None."""
        with self._lock:
            if self._last == (seat, command):
                return Recognised(after=command.after)
            if self.over and self._asked is None:
                return self._answered(seat, command)
            if command.after != self.count:
                return Refused(
                    why=f"the game has moved on: it holds {self.count} events, and the "
                    f"command was made at {command.after}"
                )
            asked, session = self._asked, self._session
            if asked is None or session is None or asked.seat != seat:
                return Refused(why=f"the game is not waiting for {seat.title}")
            move = whole(session, command.lines)
            if isinstance(move, str):
                return Refused(why=move)
            self._asked = self._session = None
            self._taken, self._last = move, (seat, command)
            self._lock.notify_all()
        self.typed(seat, command.lines, answer=asked.answer)
        return None

    def _answered(self, seat: Colour, command: Command) -> ServerMessage | None:
        """Take a seat's answer to the play-again question (the lock held): `yes` starts
        the session's next game unless a seat's did already; nothing else is sent."""
        session = Session(game=self.match.game, edition=self.edition)
        answer = respond(session, command.lines[0]) if len(command.lines) == 1 else None
        if answer is None or not isinstance(answer.outcome, PlayAgain | Quit):
            return Refused(why="the game is over: the answer is yes or no, to play again")
        if self.follow is None or HUMAN not in self.match.game.seats:
            return Refused(why="this server serves no next game of this session")
        if isinstance(answer.outcome, PlayAgain):
            self._wanted = True
        else:
            self._declined.add(seat)
        self._lock.notify_all()
        return None

    def _everyone_declined(self) -> bool:
        seats = self.match.game.seats
        people = {colour for colour, name in zip(COLOURS, seats, strict=True) if name == HUMAN}
        return people <= self._declined

    def subscribe(self, after: int, deliver: Deliver) -> list[str] | None:
        """Register a client holding `after` events; return what it must be sent first (the
        log after its last event, and who the game waits for), or None when the game never
        held that many events."""
        history = self.match.history
        with self._lock:
            start = self._marks.get(after)
            if start is None and 0 < after < len(history):
                # Within the events the game held when it was taken up (a client of the
                # server that ran before): the rest of them, then the log after them.
                stepper = Stepper(self.match.header, self.edition)
                for event in history[:after]:
                    stepper.step(event)
                rest = Appended(
                    first=after + 1,
                    events=history[after:],
                    silent=True,
                    changes=tuple(stepper.step(event) for event in history[after:]),
                )
                backlog = [encode(rest), *self._log[1:]]
            elif start is None:
                return None
            else:
                backlog = self._log[start:]
            self._clients.append(deliver)
            if self._asked is not None:
                backlog.append(encode(self._asked))
            return backlog

    def asked_now(self) -> str | None:
        """Return who the game waits for, encoded, or None."""
        with self._lock:
            return None if self._asked is None else encode(self._asked)

    def unsubscribe(self, deliver: Deliver) -> None:
        with self._lock:
            if deliver in self._clients:
                self._clients.remove(deliver)

    def stop(self) -> None:
        """End the wait of any seat, so that the game's thread ends."""
        with self._lock:
            self._stopping = True
            self._lock.notify_all()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the game's thread to end."""
        if self._thread is not None:
            self._thread.join(timeout)

    @property
    def over(self) -> bool:
        return self.match.game.phase is Phase.OVER

    def seat_of(self, token: str) -> Colour | None:
        """Return the seat `token` plays in this game, or None (compared in constant time,
        every seat's token each time: how long it takes tells nothing)."""
        from hmac import compare_digest

        found = None
        given = token.encode()
        for colour, secret in self.tokens.items():
            if compare_digest(given, secret.encode()):
                found = colour
        return found


def stopped_by(failure: BaseException) -> str:
    """Return the line every client is told when the game's thread stopped on `failure`:
    a strategy's fault says which strategy, playing which seat, did what (as a terminal
    says it on standard error, `watan.players.plugins.Guarded`); anything else is the
    server's own."""
    said = str(failure) if isinstance(failure, StrategyError) else f"the server failed: {failure!r}"
    return f"{said}; the game stops here, kept in its journal"


def whole(session: Session, lines: Sequence[str]) -> Move | str:
    """Return the command `lines` type at the dialogue `session` (each line read as if typed
    at the terminal, `watan.terminal.session.respond`), or what refuses it.

    A line the dialogue refuses is refused with the spec's answer; lines that print or
    save (`board`, `save`) or that do not make one whole command are refused too.
    """
    if not lines:
        return "a command has at least one line"
    for number, line in enumerate(lines, 1):
        reply = respond(session, line)
        outcome = reply.outcome
        if isinstance(outcome, Ready):
            if number != len(lines):
                return f"the command is whole after line {number} of {len(lines)}"
            return outcome.move
        if outcome is not None or reply.session == session:
            return reply.output.strip() or f"line {number} is no part of a command"
        session = reply.session
    return f"the lines do not finish a command: {lines[-1]!r} asks for more"


class Remote:
    """A person's seat, played by its client over the network (`Served.wait`)."""

    def __init__(self, served: Served, colour: Colour) -> None:
        self.served, self.colour = served, colour

    def move(self, game: Game) -> Move:
        return self.served.wait(self.colour, game, None)

    def answer(self, game: Game, offer: Offer) -> bool:
        trade = self.served.wait(self.colour, game, offer)
        return isinstance(trade, Trade) and trade.accepted

    def refused(self, game: Game, command: AnyCommand, refusal: Refusal) -> None:
        self.served.said(self.colour, refusal)


class Computer:
    """A computer's seat on the server: its strategy's lines are logged as it gives them,
    so every client shows them as a terminal shows a computer's typing."""

    def __init__(self, served: Served, colour: Colour, strategy: Player) -> None:
        self.served, self.colour, self.strategy = served, colour, strategy

    def move(self, game: Game) -> Move:
        self.served.turns.give_way()
        chosen = self.strategy.move(game)
        self.served.typed(self.colour, format(chosen, game, self.served.edition))
        return chosen

    def answer(self, game: Game, offer: Offer) -> bool:
        self.served.turns.give_way()
        accepted = self.strategy.answer(game, offer)
        lines = format(offer.answered(accepted), game, self.served.edition)[-1:]
        self.served.typed(self.colour, lines, answer=True)
        return accepted

    def refused(self, game: Game, command: AnyCommand, refusal: Refusal) -> None:
        self.served.said(self.colour, refusal)
        self.strategy.refused(game, command, refusal)


def _seating(match: Match) -> Seating | None:
    """Return the seat words the game's dialogue has (as at a terminal, `console._seating`)."""
    from watan.terminal.console import seating

    return seating(match.options, match.game)
