"""The server's face: an ASGI application (Starlette) that connects clients to served games.

Each game has a page (`/games/NAME`) and a WebSocket (`/games/NAME/socket`).  A connection
is checked before anything of the game reaches it: a browser's must come from the server's
own origin (a page elsewhere cannot drive a seat); its first message must be a `Hello`
within a few seconds, with a seat's token of this game or none (a spectator); every
message is bounded in size and in rate, and one that is not the protocol's is refused
without touching the game.  A connection that says nothing for a long while is closed,
and one whose other end has gone is found by the server's pings and closed too.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping, MutableMapping
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketState

from watan.engine.state import Colour
from watan.serve.mail import Postman
from watan.serve.served import Served
from watan.serve.wire import (
    BadMessage,
    Command,
    Hello,
    Refused,
    ServerMessage,
    Welcome,
    client_message,
    encode,
)

POLICY = 1008
"""The WebSocket close code for a connection that broke the server's rules (RFC 6455)."""

GONE = 4404
"""The close code for a game this server does not serve."""


class Limits:
    """How long and how much a connection may take (the defaults suit people and pages)."""

    def __init__(
        self,
        *,
        hello_seconds: float = 5.0,
        idle_seconds: float = 1800.0,
        rate: float = 10.0,
        burst: int = 30,
        backlog: int = 100_000,
    ) -> None:
        self.hello_seconds = hello_seconds
        """A connection that has not said who it is by then is closed."""
        self.idle_seconds = idle_seconds
        """A connection that sends nothing for so long is closed (a client reconnects)."""
        self.rate, self.burst = rate, burst
        """Messages a connection may send each second, and at once: a faster one is read
        no faster (what it sends waits in its own connection, then in its own machine)."""
        self.backlog = backlog
        """Messages waiting for a connection that does not read them before it is closed."""


class Bucket:
    """A token bucket: `rate` messages a second, `burst` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> float:
        """Take one message; return how many seconds to wait before reading it (0: at once)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate) - 1
        self.at = now
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate


def application(
    games: Mapping[str, Served],
    origins: frozenset[str],
    limits: Limits | None = None,
    postman: Postman | None = None,
) -> Starlette:
    """Return the server's ASGI application for `games`, accepting browsers from `origins`
    (the server's own addresses, `http://HOST:PORT`), their games' messages carried to
    the connections by `postman` (the one their computers settle with)."""
    limited = limits or Limits()
    carrier = postman or Postman()

    async def page(request: Request) -> Response:
        from watan.pictures.viewer import live_page

        served = games.get(request.path_params["name"])
        if served is None:
            return PlainTextResponse("No such game.\n", status_code=404)
        text = live_page(served.match.header, served.held(), served.name)
        return HTMLResponse(text, headers={"Referrer-Policy": "no-referrer"})

    async def socket(websocket: WebSocket) -> None:
        served = games.get(websocket.path_params["name"])
        origin = websocket.headers.get("origin")
        if origin is not None and origin not in origins:
            await websocket.close(code=POLICY)  # before accepting: the handshake is refused
            return
        if served is None:
            await websocket.close(code=GONE)
            return
        await websocket.accept()
        carrier.serve(asyncio.get_running_loop())
        await _connected(websocket, served, limited, carrier)

    return Starlette(
        routes=[
            Route("/games/{name}", page),
            WebSocketRoute("/games/{name}/socket", socket),
        ]
    )


async def _receive(websocket: WebSocket, seconds: float) -> str | None:
    """Return the next text frame, or None when the client left, sent bytes, or said
    nothing for `seconds`."""
    try:
        message: MutableMapping[str, Any] = await asyncio.wait_for(websocket.receive(), seconds)
    except TimeoutError:
        return None
    if message["type"] != "websocket.receive":
        return None
    text = message.get("text")
    return text if isinstance(text, str) else None


async def _refuse(websocket: WebSocket, why: str) -> None:
    """Tell the client why and close the connection."""
    if websocket.client_state is WebSocketState.CONNECTED:
        await websocket.send_text(encode(Refused(why=why)))
        await websocket.close(code=POLICY)


async def _connected(
    websocket: WebSocket, served: Served, limits: Limits, postman: Postman
) -> None:
    """Serve one client from its `Hello` until it leaves or breaks the rules."""
    first = await _receive(websocket, limits.hello_seconds)
    if first is None:
        await _refuse(websocket, "say who you are first (hello)")
        return
    try:
        hello = client_message(first)
    except BadMessage as bad:
        await _refuse(websocket, f"bad message: {bad}")
        return
    if not isinstance(hello, Hello):
        await _refuse(websocket, "say who you are first (hello)")
        return
    seat: Colour | None = None
    if hello.token:
        seat = served.seat_of(hello.token)
        if seat is None:
            await _refuse(websocket, "that link opens no seat of this game")
            return
    outbox: asyncio.Queue[str] = asyncio.Queue()

    def deliver(text: str) -> None:
        postman.post(outbox.put_nowait, text)

    header, resumed = served.match.header, served.resumed
    welcome = Welcome(
        game=served.name, seat=seat, header=header, resumed=resumed, seating=served.seating
    )
    backlog = served.subscribe(hello.after, deliver)
    if backlog is None:
        await _refuse(websocket, f"this game never held {hello.after} events")
        return
    sending = asyncio.create_task(_send(websocket, outbox, [encode(welcome), *backlog], limits))
    try:
        await _listen(websocket, served, seat, outbox, limits)
    finally:
        served.unsubscribe(deliver)
        sending.cancel()
        if websocket.client_state is WebSocketState.CONNECTED:
            await websocket.close()


async def _send(
    websocket: WebSocket, outbox: asyncio.Queue[str], first: list[str], limits: Limits
) -> None:
    """Send the client its first messages, then whatever comes, in order."""
    try:
        for text in first:
            await websocket.send_text(text)
        while True:
            if outbox.qsize() > limits.backlog:
                await websocket.close(code=POLICY)
                return
            await websocket.send_text(await outbox.get())
    except (OSError, RuntimeError):  # the connection went while sending
        return


async def _listen(
    websocket: WebSocket,
    served: Served,
    seat: Colour | None,
    outbox: asyncio.Queue[str],
    limits: Limits,
) -> None:
    """Read the client's commands until it leaves; refuse what is not allowed."""
    bucket = Bucket(limits.rate, limits.burst)

    def tell(message: ServerMessage) -> None:
        outbox.put_nowait(encode(message))

    while True:
        text = await _receive(websocket, limits.idle_seconds)
        if text is None:
            return
        wait = bucket.take()
        if wait:  # faster than the rate: read nothing more until the rate allows it
            await asyncio.sleep(wait)
        try:
            message = client_message(text)
        except BadMessage as bad:
            tell(Refused(why=f"bad message: {bad}"))
            continue
        if not isinstance(message, Command):
            tell(Refused(why="you said who you are already"))
            continue
        if seat is None:
            tell(Refused(why="a spectator cannot act"))
            continue
        answer = served.command(seat, message)
        if answer is not None:
            tell(answer)
            if isinstance(answer, Refused) and (asked := served.asked_now()) is not None:
                outbox.put_nowait(asked)
