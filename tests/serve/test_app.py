"""The server's face: who may connect, what a connection may send, and what it is sent
(issue 26, points 4 and 5), each tried from a hostile client."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from replay.edges.folders import Folder
from tests.conftest import WATAN
from watan.editions import edition
from watan.engine.state import Colour
from watan.match.making import Log, new
from watan.match.options import Seats, asked, seats_asked
from watan.serve.app import Limits, application
from watan.serve.choices import choices
from watan.serve.served import Served
from watan.serve.tokens import new_tokens
from watan.serve.wire import (
    LONGEST_MESSAGE,
    Appended,
    Asked,
    Command,
    Failed,
    Hello,
    Recognised,
    Refused,
    ServerMessage,
    Typed,
    Welcome,
    encode,
    server_message,
)

ORIGIN = "http://127.0.0.1:8000"
ONE = "/games/one/socket"
"""The socket of the game named `one` in `games`."""


def a_game(tmp_path: Path, name: str, seed: int = 5, computers: Seats = ()) -> Served:
    """Return a new game of four people (but `computers`), served (its thread waiting for
    Blue's placement)."""
    options = asked(
        seed=seed,
        edition=edition("watan"),
        random_board=True,
        seats=computers,
        journals=Folder(str(tmp_path / "journals"), True),
    )
    with open(tmp_path / f"{name}.err", "w") as stderr:
        match = new(options, Log(stderr))
    return Served(name, match, new_tokens(), resumed=False)


@pytest.fixture
def games(tmp_path: Path) -> Iterator[dict[str, Served]]:
    served = {name: a_game(tmp_path, name, seed) for seed, name in enumerate(("one", "two"))}
    for game in served.values():
        game.start()
    yield served
    for game in served.values():
        game.stop()
        game.join(5)


def client(games: dict[str, Served], limits: Limits | None = None) -> TestClient:
    return TestClient(application(games, frozenset({ORIGIN}), limits))


def received(socket: WebSocketTestSession) -> ServerMessage:
    return server_message(socket.receive_text())


def until_asked(socket: WebSocketTestSession) -> list[ServerMessage]:
    """Return what the server sends up to and with the next `Asked`."""
    messages = [received(socket)]
    while not isinstance(messages[-1], Asked):
        messages.append(received(socket))
    return messages


def seated(
    socket: WebSocketTestSession, game: Served, seat: Colour = Colour.BLUE
) -> list[ServerMessage]:
    """Say hello on `socket` with `seat`'s token of `game`; return what the server sends up
    to and with the first `Asked`."""
    socket.send_text(encode(Hello(token=game.tokens[seat])))
    return until_asked(socket)


def watching(socket: WebSocketTestSession, after: int = 0) -> list[ServerMessage]:
    """Say hello on `socket` as a spectator holding `after` events; return what the server
    sends up to and with the first `Asked`."""
    socket.send_text(encode(Hello(after=after)))
    return until_asked(socket)


def asking(game: Served, seat: Colour, after: int) -> Asked:
    """Return the `Asked` that `game` sends when it holds `after` events and waits for
    `seat`, in the position it is in now."""
    return Asked(after=after, seat=seat, choices=choices(game.match.game, WATAN))


def test_a_seat_is_welcomed_to_its_seat_and_told_it_is_asked(games: dict[str, Served]) -> None:
    one = games["one"]
    with client(games).websocket_connect(ONE) as socket:
        welcome, asked_now = seated(socket, one)
    assert welcome == Welcome(game="one", seat=Colour.BLUE, header=one.match.header, resumed=False)
    assert asked_now == asking(one, Colour.BLUE, 0)


def test_a_command_is_typed_then_its_events_appended_for_every_client(
    games: dict[str, Served],
) -> None:
    one = games["one"]
    with (
        client(games) as web,
        web.websocket_connect(ONE) as blue,
        web.websocket_connect(ONE) as watcher,
    ):
        seated(blue, one)
        watching(watcher)
        blue.send_text(encode(Command(after=0, lines=("3",))))
        seen = until_asked(watcher)
    assert seen[0] == Typed(seat=Colour.BLUE, lines=("3",))
    assert isinstance(seen[1], Appended) and seen[1].first == 1
    assert seen[2] == asking(one, Colour.RED, one.count)


def test_a_stale_command_is_refused_and_a_retried_one_recognised_never_applied_twice(
    games: dict[str, Served],
) -> None:
    one = games["one"]
    with client(games).websocket_connect(ONE) as blue:
        seated(blue, one)
        blue.send_text(encode(Command(after=0, lines=("3",))))
        until_asked(blue)
        held = one.count
        blue.send_text(encode(Command(after=0, lines=("3",))))
        retried = received(blue)
        blue.send_text(encode(Command(after=0, lines=("5",))))
        stale = received(blue)
    assert retried == Recognised(after=0)
    assert stale == Refused(
        why=f"the game has moved on: it holds {held} events, and the command was made at 0"
    )
    assert one.count == held


def test_a_seat_that_is_not_asked_cannot_act(games: dict[str, Served]) -> None:
    one = games["one"]
    with client(games).websocket_connect(ONE) as red:
        seated(red, one, Colour.RED)
        red.send_text(encode(Command(after=0, lines=("3",))))
        answer = received(red)
    assert answer == Refused(why="the game is not waiting for Red")
    assert one.count == 0


def test_a_command_the_rules_refuse_gets_the_spec_answer_and_changes_nothing(
    games: dict[str, Served],
) -> None:
    one = games["one"]
    with client(games).websocket_connect(ONE) as blue:
        seated(blue, one)
        blue.send_text(encode(Command(after=0, lines=("99",))))
        refused, again = received(blue), received(blue)
    assert refused == Refused(why="You cannot build here.")
    assert again == asking(one, Colour.BLUE, 0)
    assert one.count == 0


def test_a_spectator_cannot_act(games: dict[str, Served]) -> None:
    with client(games).websocket_connect(ONE) as watcher:
        watching(watcher)
        watcher.send_text(encode(Command(after=0, lines=("3",))))
        answer = received(watcher)
    assert answer == Refused(why="a spectator cannot act")
    assert games["one"].count == 0


@pytest.mark.parametrize("token", ["", "x" * 43, "wrong"], ids=["none-as-seat", "forged", "short"])
def test_a_token_of_another_game_or_none_opens_no_seat(
    games: dict[str, Served], token: str
) -> None:
    other = games["two"].tokens[Colour.BLUE]
    with client(games).websocket_connect(ONE) as socket:
        socket.send_text(encode(Hello(token=token or other)))
        answer = received(socket)
        with pytest.raises(WebSocketDisconnect):
            socket.receive_text()
    assert answer == Refused(why="that link opens no seat of this game")


def test_a_page_from_another_origin_cannot_connect(games: dict[str, Served]) -> None:
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client(games).websocket_connect(ONE, headers={"origin": "http://evil.example"}),
    ):
        pass
    assert refused.value.code == 1008


def test_the_servers_own_page_may_connect(games: dict[str, Served]) -> None:
    with client(games).websocket_connect(ONE, headers={"origin": ORIGIN}) as s:
        s.send_text(encode(Hello()))
        assert isinstance(received(s), Welcome)


def test_a_game_that_is_not_served_is_closed(games: dict[str, Served]) -> None:
    with (
        pytest.raises(WebSocketDisconnect) as gone,
        client(games).websocket_connect("/games/none/socket"),
    ):
        pass
    assert gone.value.code == 4404


@pytest.mark.parametrize(
    ("sent", "why"),
    [
        ("{" * 10, "bad message: "),
        ("x" * (LONGEST_MESSAGE + 1), f"bad message: a message holds at most {LONGEST_MESSAGE}"),
        (encode(Command(after=0, lines=("3",) * 9)), "bad message: a command is at most 4"),
        ('{"type":"command","after":0,"lines":["3\\n4"]}', "bad message: a command is at most"),
    ],
    ids=["not-json", "too-long", "too-many-lines", "two-lines-in-one"],
)
def test_a_bad_message_is_refused_and_the_game_goes_on(
    games: dict[str, Served], sent: str, why: str
) -> None:
    one = games["one"]
    with client(games).websocket_connect(ONE) as blue:
        seated(blue, one)
        blue.send_text(sent)
        answer = received(blue)
        blue.send_text(encode(Command(after=0, lines=("3",))))
        taken = until_asked(blue)
    assert isinstance(answer, Refused) and answer.why.startswith(why)
    assert taken[0] == Typed(seat=Colour.BLUE, lines=("3",))


def test_a_connection_that_says_nothing_first_is_closed(games: dict[str, Served]) -> None:
    limits = Limits(hello_seconds=0.2)
    with client(games, limits).websocket_connect(ONE) as socket:
        answer = received(socket)
        with pytest.raises(WebSocketDisconnect):
            socket.receive_text()
    assert answer == Refused(why="say who you are first (hello)")


def test_a_bytes_frame_first_is_closed(games: dict[str, Served]) -> None:
    with client(games).websocket_connect(ONE) as socket:
        socket.send_bytes(b"\x00\x01")
        answer = received(socket)
    assert answer == Refused(why="say who you are first (hello)")


def test_an_idle_connection_is_closed(games: dict[str, Served]) -> None:
    limits = Limits(idle_seconds=0.3)
    with client(games, limits).websocket_connect(ONE) as socket:
        watching(socket)
        with pytest.raises(WebSocketDisconnect):
            socket.receive_text()


def test_messages_faster_than_the_rate_are_read_no_faster(games: dict[str, Served]) -> None:
    limits = Limits(rate=20.0, burst=5)
    with client(games, limits).websocket_connect(ONE) as watcher:
        watching(watcher)
        began = time.monotonic()
        for _ in range(25):
            watcher.send_text(encode(Command(after=0, lines=("3",))))
        for _ in range(25):
            assert received(watcher) == Refused(why="a spectator cannot act")
        took = time.monotonic() - began
    assert took >= (25 - 5 - 1) / 20.0  # the hello took one of the burst


def test_a_client_that_comes_back_is_sent_the_events_after_its_last(
    games: dict[str, Served],
) -> None:
    one = games["one"]
    web = client(games)
    with web.websocket_connect(ONE) as blue:
        seated(blue, one)
        blue.send_text(encode(Command(after=0, lines=("3",))))
        first = until_asked(blue)
    held = one.count
    with web.websocket_connect(ONE) as watcher:
        again = watching(watcher, after=held)
    with web.websocket_connect(ONE) as watcher:
        everything = watching(watcher, after=0)
    assert again[1:] == [asking(one, Colour.RED, held)]
    assert everything[1:] == first


def test_a_computers_fault_stops_the_game_and_every_client_is_told_which_and_where(
    tmp_path: Path,
) -> None:
    raising = seats_asked(["Red=tests.players.test_plugins:raising"], ())
    game = a_game(tmp_path, "faulty", seed=0, computers=raising)
    game.start()
    failed = Failed(
        why="the tests.players.test_plugins:raising strategy playing Red failed while choosing "
        "a move: ValueError('no idea'); the game stops here, kept in its journal"
    )
    with (
        client({"faulty": game}) as web,
        web.websocket_connect("/games/faulty/socket") as blue,
        web.websocket_connect("/games/faulty/socket") as watcher,
    ):
        asked_now = seated(blue, game)[-1]
        watching(watcher)
        assert isinstance(asked_now, Asked)
        blue.send_text(encode(Command(after=asked_now.after, lines=("3",))))
        game.join(5)  # the game's thread stopped at Red's fault
        # What a client joining now is sent ends with it (read without waiting on a socket).
        late = game.subscribe(0, lambda _: None)
        assert late is not None and server_message(late[-1]) == failed
        seen = [received(watcher) for _ in range(3)]
    assert [type(message) for message in seen] == [Typed, Appended, Failed]
    assert seen[-1] == failed
