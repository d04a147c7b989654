"""`watan serve`: games made or taken up, their links printed, the server run until stopped.

A server serves the games of one journal folder, the folder `watan play` keeps its games
in: the game asked for (`--new`, or `--resume JOURNAL`), and every game the folder holds
that a server was serving when it stopped (its journal has a seats' file beside it,
`watan.serve.tokens`), however it stopped.  So a server killed mid-game and started again
on the same folder takes every game up from its journal, and the links it gave still work.
"""

from __future__ import annotations

import glob
import os
import socket
from collections.abc import Iterable, Sequence
from typing import TextIO

from replay.edges.folders import Folder
from replay.edges.messages import complain
from replay.journal import JournalError
from watan.engine.state import COLOURS, HUMAN, Colour
from watan.match.making import Log, Match, again, new, resume
from watan.match.options import Options
from watan.serve.app import Limits, application
from watan.serve.mail import Postman
from watan.serve.served import Served
from watan.serve.tokens import SUFFIX, game_name, keep, kept, link, new_tokens
from watan.serve.turns import Turns
from watan.serve.wire import LONGEST_MESSAGE

BACKLOG = 2048
"""Connections the system holds for the server before it accepts them (uvicorn's own)."""

PING_SECONDS = 20.0
"""How often the server pings a connection, and how long it waits for the answer before it
closes one whose other end has gone (a half-open connection)."""


def served(
    match: Match,
    *,
    resumed: bool,
    turns: Turns | None = None,
    tokens: dict[Colour, str] | None = None,
) -> Served:
    """Return `match` ready to be served under its journal's name, with its seats' tokens
    (`tokens`, the session's, for a game played again; else those kept beside its journal,
    or new ones), kept there now, taking `turns` with the server's other games."""
    journal = match.recorder.path if match.recorder is not None else None
    if journal is None:
        raise JournalError("(none)", None, "a served game must keep a journal")
    tokens = tokens or kept(journal) or new_tokens()
    keep(journal, tokens)
    return Served(game_name(journal), match, tokens, resumed=resumed, journal=journal, turns=turns)


def taken_up(
    folder: Folder, log: Log, skip: Iterable[str] = (), turns: Turns | None = None
) -> list[Served]:
    """Return every game of the folder a server was serving (its journal has its seats'
    file beside it), resumed; one that cannot be is said on `log` and left."""
    games = []
    skipped = {os.path.realpath(path) for path in skip}
    for seats in sorted(glob.glob(os.path.join(glob.escape(folder.path), "*" + SUFFIX))):
        journal = seats.removesuffix(SUFFIX)
        if os.path.realpath(journal) in skipped or not os.path.exists(journal):
            continue
        try:
            match = resume(journal, log, journals=folder)
        except JournalError as error:
            complain(log.stderr, f"{error}; not served", log.program)
            continue
        games.append(served(match, resumed=True, turns=turns))
    return games


def serve(
    firsts: Sequence[Options | Match],
    folder: Folder,
    *,
    host: str,
    port: int,
    stdout: TextIO,
    log: Log,
    limits: Limits | None = None,
) -> int:
    """Serve the games `firsts` ask for (new from their options, or resumed) and the
    folder's games a server was serving, until stopped (Ctrl-C, SIGTERM); return the exit
    status.

    Each game's links are printed on `stdout` as it is served: one per person's seat, and
    the spectators'.
    """
    import uvicorn

    postman = Postman()
    turns = Turns(postman.settle)
    games = [
        served(new(first, log), resumed=False, turns=turns)
        if isinstance(first, Options)
        else served(first, resumed=True, turns=turns)
        for first in firsts
    ]
    skip = [game.journal for game in games]
    games += taken_up(folder, log, skip, turns)
    listening = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listening.bind((host, port))
        listening.listen(BACKLOG)  # before the links are printed: a client may connect at once
    except OSError as error:
        for game in games:
            game.match.close()
        complain(log.stderr, f"cannot listen on {host}:{port}: {error.strerror}", log.program)
        return 2
    bound = listening.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    origin = f"http://{shown}:{bound}"
    by_name = {game.name: game for game in games}

    def follow(previous: Served) -> Served:
        """Serve the session's next game (`watan.match.making.again`), its seats keeping
        the session's tokens, and print its links."""
        following = served(
            again(previous.match, log), resumed=False, turns=turns, tokens=previous.tokens
        )
        following.follow = follow
        by_name[following.name] = following
        following.start()
        stdout.write(_links(following, origin))
        stdout.flush()
        return following

    for game in games:
        game.follow = follow
        game.start()
        stdout.write(_links(game, origin))
    if not games:
        complain(
            log.stderr, f"no game to serve in {folder.path}; start one with --new", log.program
        )
    stdout.flush()
    config = uvicorn.Config(
        application(by_name, frozenset({origin}), limits, postman),
        log_level="warning",
        access_log=False,  # a request line names a game; no token, but nothing need be kept
        lifespan="off",
        ws="websockets-sansio",
        ws_max_size=LONGEST_MESSAGE * 4,
        # No compression: a connection's compressor is its own, so every message would be
        # compressed once per client (most of the server's work with many spectators), and
        # each compressor keeps tens of KiB.  The messages are small JSON.
        ws_per_message_deflate=False,
        ws_ping_interval=PING_SECONDS,
        ws_ping_timeout=PING_SECONDS,
    )
    try:
        uvicorn.Server(config).run(sockets=[listening])
    except KeyboardInterrupt:  # uvicorn stops on Ctrl-C, then raises it again: stopped as asked
        pass
    finally:
        every = list(by_name.values())
        for game in every:
            game.stop()
        for game in every:
            game.join(5.0)
    return 0


def _links(game: Served, origin: str) -> str:
    """Return what is printed of a served game: its name and journal, then a link for each
    person's seat, and the spectators'."""
    seats = game.match.game.seats
    lines = [f"game {game.name} (journal {game.journal})"]
    for colour in COLOURS:
        if seats[colour] == HUMAN:
            seat = link(origin, game.name, game.tokens[colour])
            lines.append(f"  {colour.title + ':':<11} {seat}")
    lines.append(f"  {'spectators:':<11} {link(origin, game.name, None)}")
    return "\n".join(lines) + "\n"
