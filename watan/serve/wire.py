"""What a served game's clients and its server say to each other: frozen messages, tagged.

A game over the network is its journal on the wire.  A client says who it is (`Hello`: a
seat's token, or none for a spectator, and the number of the last event it holds), then
sends whole commands as the lines a person types (`Command`), tagged with the number of the
last event it has seen, so that the server accepts a command only against the step the game
stands at (optimistic concurrency: a stale or retried command is refused or recognised,
never applied twice).  The server answers with the game's header (`Welcome`), then every
entry of the game's log after the client's last event as it happens: the lines a seat typed
(`Typed`, shown as a computer's are at a terminal), a refusal the rules gave a seat
(`Said`), the events appended (`Appended`), who is asked for what now (`Asked`),
why the game stopped if a computer's strategy failed (`Failed`), and, once it is won and a
seat chose to play again, the session's next game (`Again`).  A
client folds the events with the game's own reducer; nothing else changes its game.
"""

from __future__ import annotations

import msgspec

from watan.engine.events import AnyEvent, GameStarted
from watan.engine.state import Colour
from watan.pictures.steps import Change
from watan.serve.choices import Choice
from watan.text.notation import Seating

LONGEST_MESSAGE = 4096
"""The most bytes a client's message may hold: a whole command is a few short lines."""

LONGEST_COMMAND = 4
"""The most lines a whole command takes (`play-dev knight`, its tile, its victim)."""

LONGEST_LINE = 200
"""The most characters a line of a command may hold (the longest is a trade offer)."""


class Hello(msgspec.Struct, frozen=True, kw_only=True, tag="hello"):
    """A client's first message: its seat's token (empty for a spectator), and the number of
    the last event it holds (0: it holds none, send the game from its start)."""

    token: str = ""
    after: int = 0


class Command(msgspec.Struct, frozen=True, kw_only=True, tag="command"):
    """A whole command, as the lines typed at successive prompts, made when the game held
    `after` events."""

    after: int
    lines: tuple[str, ...]


ClientMessage = Hello | Command


class Welcome(msgspec.Struct, frozen=True, kw_only=True, tag="welcome"):
    """The game a client joined: its name, the seat the client plays (None: a spectator),
    its header, whether the server took it up from a journal already under way, and the
    seat words its dialogue has (`computer`, `human`; None: the spec's commands alone)."""

    game: str
    seat: Colour | None
    header: GameStarted
    resumed: bool
    seating: Seating | None = None


class Typed(msgspec.Struct, frozen=True, kw_only=True, tag="typed"):
    """The lines a seat gave for its move, or for its answer to an offer (`answer`)."""

    seat: Colour
    lines: tuple[str, ...]
    answer: bool = False


class Said(msgspec.Struct, frozen=True, kw_only=True, tag="said"):
    """The line the rules answered a seat's command with, refusing it (a trade its partner
    accepted but its proposer cannot pay)."""

    seat: Colour
    line: str


class Appended(msgspec.Struct, frozen=True, kw_only=True, tag="appended"):
    """Events appended to the journal, the first of them numbered `first` (from 1).

    `silent`: events the game held before it was served, or the seats handed out as it
    began, which a terminal does not narrate.
    """

    first: int
    events: tuple[AnyEvent, ...]
    silent: bool = False
    changes: tuple[Change, ...] = ()
    """What each event changes on the page (`watan.pictures.steps`), for a browser, which
    draws the game and never folds it."""


class Asked(msgspec.Struct, frozen=True, kw_only=True, tag="asked"):
    """The seat the game waits for, at `after` events: for its move, or its answer to the
    offer just typed (`answer`)."""

    after: int
    seat: Colour
    answer: bool = False
    choices: tuple[Choice, ...] = ()
    """Every command the rules allow the seat now, for a page to offer (`serve.choices`)."""


class Failed(msgspec.Struct, frozen=True, kw_only=True, tag="failed"):
    """The game stopped, its journal kept, because a computer's strategy failed: the one
    line a terminal says of it on standard error, naming the strategy and its seat."""

    why: str


class Refused(msgspec.Struct, frozen=True, kw_only=True, tag="refused"):
    """Why the server refused a client's message; the game is unchanged."""

    why: str


class Recognised(msgspec.Struct, frozen=True, kw_only=True, tag="recognised"):
    """A command sent again that the game already took (a retry after a lost answer)."""

    after: int


class Again(msgspec.Struct, frozen=True, kw_only=True, tag="again"):
    """The session's next game, served under the name `game`, begun because a seat answered
    `yes` to the spec's play-again question (spec §4.4): every client follows it there, a
    seat with the token it holds (each seat keeps its token for the session's games).
    `game` None: every person's seat answered `no`, and the session is over."""

    game: str | None


Entry = Typed | Said | Appended | Failed | Again
"""What a game's log holds, in order: every client is sent the same entries."""

ServerMessage = Welcome | Typed | Said | Appended | Asked | Failed | Again | Refused | Recognised

_encoder = msgspec.json.Encoder()
_client: msgspec.json.Decoder[ClientMessage] = msgspec.json.Decoder(ClientMessage)
_server: msgspec.json.Decoder[ServerMessage] = msgspec.json.Decoder(ServerMessage)


class BadMessage(Exception):
    """A client's message that is too long, not JSON, or no message of the protocol."""


def encode(message: ServerMessage | ClientMessage) -> str:
    """Return a message as the text of one WebSocket frame."""
    return _encoder.encode(message).decode()


def client_message(text: str) -> ClientMessage:
    """Return a client's message read from a frame; raises BadMessage for anything else
    (a message too long, lines too many or too long, text that is no message)."""
    if len(text) > LONGEST_MESSAGE:
        raise BadMessage(f"a message holds at most {LONGEST_MESSAGE} characters")
    try:
        message = _client.decode(text)
    except msgspec.DecodeError as error:
        raise BadMessage(str(error)) from None
    if isinstance(message, Command) and (
        len(message.lines) > LONGEST_COMMAND
        or any(len(line) > LONGEST_LINE or "\n" in line for line in message.lines)
    ):
        raise BadMessage(
            f"a command is at most {LONGEST_COMMAND} lines of {LONGEST_LINE} characters"
        )
    return message


def server_message(text: str | bytes) -> ServerMessage:
    """Return a server's message read from a frame (raises msgspec.DecodeError)."""
    return _server.decode(text)
