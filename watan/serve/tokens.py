"""The seats' secrets of a served game, kept beside its journal, and the links that carry them.

Each seat of each game has its own token: 256 random bits (`secrets`), so a token of one
game opens no seat of another.  They are kept in a file beside the journal
(`JOURNAL.seats`, readable by its owner alone), never in the journal, which anyone may be
shown: a server started again on the same folder finds them there, and the links it gave
keep working.  A link carries its token after `#`, the part of an address a browser never
sends to a server, so no request line (and no log of one) ever holds it.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from urllib.parse import quote, urlsplit

import msgspec

from watan.engine.state import COLOURS, Colour

SUFFIX = ".seats"
"""What a journal's path is followed by to name its seats' file."""

TOKEN_BYTES = 32
"""Random bytes in a token: 256 bits, beyond any guessing (at least 128 are asked for)."""

_codec = msgspec.json.Decoder(dict[str, str])


def new_tokens() -> dict[Colour, str]:
    """Return a new token for every seat."""
    return {colour: secrets.token_urlsafe(TOKEN_BYTES) for colour in COLOURS}


def seats_file(journal: str) -> str:
    """Return where the tokens of the game whose journal is `journal` are kept."""
    return journal + SUFFIX


def keep(journal: str, tokens: dict[Colour, str]) -> None:
    """Write the tokens beside the journal, readable by their owner alone, all at once."""
    path = seats_file(journal)
    staged = f"{path}.{secrets.token_hex(4)}.tmp"
    text = msgspec.json.encode({colour.title: token for colour, token in tokens.items()})
    descriptor = os.open(staged, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(staged, path)
    except BaseException:
        if os.path.lexists(staged):
            os.unlink(staged)
        raise


def kept(journal: str) -> dict[Colour, str] | None:
    """Return the tokens kept beside the journal, or None when there are none (or they
    cannot be read: the game is then served with new ones)."""
    try:
        with open(seats_file(journal), "rb") as kept_file:
            named = _codec.decode(kept_file.read())
    except (OSError, msgspec.DecodeError):
        return None
    tokens = {colour: named.get(colour.title, "") for colour in COLOURS}
    if any(len(token) < TOKEN_BYTES for token in tokens.values()):
        return None
    return tokens


def forget(journal: str) -> None:
    """Remove the tokens of a game that has ended (a server started again leaves it be)."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(seats_file(journal))


def game_name(journal: str) -> str:
    """Return the name a game is served under: its journal's file name, without `.jsonl`."""
    base = os.path.basename(journal)
    return base.removesuffix(".jsonl")


def link(origin: str, game: str, token: str | None) -> str:
    """Return the address of a game's page: a seat's, with its token after `#`, or the
    spectators' without one."""
    page = f"{origin}/games/{game}"
    return page if token is None else f"{page}#{token}"


class BadLink(Exception):
    """An address that is no seat's link of a served game."""


def read_link(address: str) -> tuple[str, str, str]:
    """Return the WebSocket address, the game's name and the token a link holds (empty
    for a spectator's link); raises BadLink."""
    parts = urlsplit(address)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise BadLink(f"{address!r} is no link of a served game (http://HOST:PORT/games/NAME)")
    prefix, _, game = parts.path.rpartition("/")
    if prefix != "/games" or not game:
        raise BadLink(f"{address!r} is no link of a served game (http://HOST:PORT/games/NAME)")
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}/games/{game}/socket", game, parts.fragment


def socket_of(address: str, game: str) -> str:
    """Return the WebSocket address of the game `game` on the server whose WebSocket
    `address` is (where a client follows the session's next game)."""
    server, _, _ = address.rpartition("/games/")
    return f"{server}/games/{quote(game, safe='')}/socket"
