"""`watan serve` as a real process: its links, its secrets kept out of its logs, and nothing
lost when it is killed, with terminals and a browser's page watching (issue 26, points 1, 5
and 6)."""

from __future__ import annotations

import io
import random
import subprocess
import threading
import time
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import urlopen

import pytest
from selenium import webdriver
from websockets.sync.client import connect

from tests.conftest import at_step
from tests.pictures.browser import chromium
from tests.recording import Greedy
from tests.serve.serving import WATAN_PROGRAM, environment, join, read_links, script, server
from watan.engine.state import Colour, Phase
from watan.serve.join import Joined, play
from watan.serve.tokens import read_link
from watan.serve.wire import (
    Again,
    Asked,
    Command,
    Hello,
    Refused,
    ServerMessage,
    Welcome,
    encode,
    server_message,
)
from watan.terminal.console import Streams
from watan.terminal.hinter import Level
from watan.terminal.session import Session

pytestmark = pytest.mark.slow  # servers and clients in subprocesses

COMPUTERS = ["--computer", "Red=greedy", "--computer", "Orange=greedy"]


def test_a_new_game_prints_a_link_for_each_persons_seat_and_the_spectators(
    tmp_path: Path,
) -> None:
    with server(["--new", "-seed", "3", *COMPUTERS], tmp_path / "j", tmp_path) as (_, links):
        origin = links.spectators.removesuffix(f"/games/{links.game}")
        tokens = [link.partition("#")[2] for link in links.seats.values()]
    assert list(links.seats) == ["Blue", "Yellow"]
    assert links.seats["Blue"].startswith(f"{origin}/games/{links.game}#")
    assert len(set(tokens)) == 2 and all(len(token) >= 43 for token in tokens)
    assert links.journal == str(tmp_path / "j" / f"{links.game}.jsonl")


def test_no_token_is_ever_written_to_the_servers_log_or_the_journal(tmp_path: Path) -> None:
    lines = script(4, ["Red=greedy", "Orange=greedy", "Yellow=greedy"])
    options = ["--new", "-seed", "4", "-random-board"]
    options += ["--computer", "Red=greedy", "--computer", "Orange=greedy"]
    options += ["--computer", "Yellow=greedy"]
    with server(options, tmp_path / "j", tmp_path) as (_, links):
        token = links.seats["Blue"].partition("#")[2]
        forged = links.seats["Blue"].replace(token, token[::-1])
        refused = join(forged, [], tmp_path / "j", tmp_path)
        joined = join(links.seats["Blue"], lines, tmp_path / "j", tmp_path)
        journal = Path(links.journal).read_text()
    logged = (tmp_path / "server.err").read_text()
    assert refused.returncode == 2
    assert joined.returncode == 0
    for text in (logged, journal, refused.stderr, joined.stderr, joined.stdout):
        assert token not in text and token[::-1] not in text


def _events(journal: Path) -> list[bytes]:
    return journal.read_bytes().splitlines()[1:]


def _winner_shown(page: webdriver.Chrome, seconds: float) -> str:
    """Return what the page's winner line says once it says something, or "" after
    `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        said = str(page.execute_script("return document.getElementById('winner').textContent"))
        if said:
            return said
        time.sleep(0.2)
    return ""


def test_a_server_killed_mid_game_and_started_again_loses_nothing_and_its_clients_go_on(
    tmp_path: Path,
) -> None:
    with ExitStack() as stack:
        _killed_and_started_again(tmp_path, stack)


def _killed_and_started_again(tmp_path: Path, stack: ExitStack) -> None:
    """A terminal seat, a terminal spectator and a spectator's page in Chromium watch a game
    whose server is killed (SIGKILL) mid-game and started again on the same folder."""
    journals = tmp_path / "j"
    options = ["--new", "-seed", "5", "-random-board", *COMPUTERS, "--computer", "Yellow=greedy"]
    logs = [tmp_path / "first.err", tmp_path / "second.err"]
    first = subprocess.Popen(
        [*WATAN_PROGRAM, "serve", *options, "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=stack.enter_context(logs[0].open("w")),
        text=True,
        cwd=tmp_path,
        env=environment(journals),
    )
    assert first.stdout is not None
    links = read_links(iter(first.stdout.readline, ""))
    port = urlsplit(links.spectators).port
    address, _, token = read_link(links.seats["Blue"])
    quiet = Streams(io.BytesIO(), io.StringIO(), io.StringIO(), "watan")
    player, waiting, killed = Greedy(random.Random(2)), threading.Event(), threading.Event()

    def line(session: Session) -> str | None:
        """Blue's line, held at its first prompt after 150 events until the server is
        killed: so the game (326 events, greedy and quick) waits on Blue when it dies."""
        if blue.count >= 150 and not killed.is_set():
            waiting.set()
            killed.wait(240)
        return player.line(session)

    blue = Joined(token, Level.OFF, quiet, lines=line)
    ended: list[int] = []
    playing = threading.Thread(target=lambda: ended.append(play(address, blue)), daemon=True)
    playing.start()
    watcher = subprocess.Popen(
        [*WATAN_PROGRAM, "play", "--join", links.spectators],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        cwd=tmp_path,
        env=environment(journals),
    )
    second = None
    page = stack.enter_context(chromium(1000, 800))
    page.get(links.spectators)  # a browser's page watches too, and must reconnect by itself
    try:
        assert waiting.wait(60), f"the game did not get going: {ended}, {quiet.stderr}"
        first.kill()  # SIGKILL: no chance to tidy anything
        first.wait()
        first.stdout.close()
        held = blue.count
        killed.set()  # Blue answers now, to a server that is gone
        at_kill = _events(Path(links.journal))
        second = subprocess.Popen(
            [*WATAN_PROGRAM, "serve", "--port", str(port)],
            stdout=subprocess.DEVNULL,
            stderr=stack.enter_context(logs[1].open("w")),
            cwd=tmp_path,
            env=environment(journals),
        )
        playing.join(240)
        stdout, _ = watcher.communicate(timeout=240)
        shown = _winner_shown(page, seconds=30)
    finally:
        for process in (watcher, first, second):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait()
    final = _events(Path(links.journal))
    verified = subprocess.run(
        [*WATAN_PROGRAM, "verify", links.journal],
        capture_output=True,
        text=True,
        check=False,
        env=environment(journals),
    )
    said = {log.name: log.read_text() for log in logs}  # the servers' standard error
    assert 150 <= held <= len(at_kill)  # everything a client heard of was in the journal
    assert final[: len(at_kill)] == at_kill
    assert final[len(at_kill) :], f"the second server took nothing up: {said}"
    assert b'"type":"game_resumed"' in final[len(at_kill)]
    assert ended == [0] and watcher.returncode == 0, (ended, watcher.returncode, said)
    assert verified.returncode == 0, verified.stderr
    assert blue.game is not None and blue.game.phase is Phase.OVER
    # The page was opened before the kill and the game was won after it: only a page that
    # reconnected to the second server and asked for what it missed can name the winner.
    assert shown.startswith(f"{Colour(blue.game.winner).title} won with ")
    assert blue.game == at_step(links.journal).state
    assert stdout.endswith(f"Student {Colour(blue.game.winner).title} has won!\n")


def _said(address: str, hello: Hello, *then: Command) -> list[ServerMessage]:
    """Return what a server says to a client that says `hello`, until it is asked, told of
    the next game, or refused; then to each of `then`, one answer each."""
    heard: list[ServerMessage] = []
    with connect(address, open_timeout=5) as socket:
        socket.send(encode(hello))
        while not heard or not isinstance(heard[-1], Asked | Again | Refused):
            heard.append(server_message(socket.recv(10)))
        for command in then:
            socket.send(encode(command))
            heard.append(server_message(socket.recv(10)))
    return heard


def test_a_game_nobody_played_leaves_neither_journal_nor_seats_when_its_server_stops(
    tmp_path: Path,
) -> None:
    journals = tmp_path / "j"
    with server(["--new", "-seed", "7"], journals, tmp_path) as (_, links):
        with urlopen(links.spectators, timeout=10) as page:  # the server is serving now
            served = page.status
        journal = Path(links.journal)
        seats = journal.with_name(journal.name + ".seats")
        while_served = (journal.exists(), seats.exists())
    assert served == 200
    assert while_served == (True, True)
    assert (journal.exists(), seats.exists()) == (False, False)


def test_played_again_a_seat_keeps_its_token_and_no_other_games_token_acts_in_the_next(
    tmp_path: Path,
) -> None:
    journals = tmp_path / "j"
    computers = ["Red=greedy", "Orange=greedy", "Yellow=greedy"]
    options = ["-seed", "11", "-random-board"]
    options += [option for computer in computers for option in ("--computer", computer)]
    first_game = len(script(11, computers)) - 1
    lines = script(11, computers, games=2)[: first_game + 1 + 12]  # yes, then part of game 2
    # A computer's seat is an event: a game played, so kept and served again by the next
    # server in the folder, however quickly this one is stopped (a game nobody played is not).
    with server(["--new", "-seed", "7", "--computer", "Yellow=greedy"], journals, tmp_path) as (
        _,
        other,
    ):
        pass
    with server(["--new", *options], journals, tmp_path) as (process, links):
        assert process.stdout is not None
        printed = iter(process.stdout.readline, "")
        assert read_links(printed).game == other.game
        joined = join(links.seats["Blue"], lines, journals, tmp_path)
        following = read_links(printed)
        blue = links.seats["Blue"].partition("#")[2]
        others = other.seats["Blue"].partition("#")[2]
        old, _, _ = read_link(links.seats["Blue"])
        new, _, _ = read_link(following.seats["Blue"])
        forged = _said(new, Hello(token=others))
        kept = _said(new, Hello(token=blue))
        stale = _said(old, Hello(token=blue), Command(after=0, lines=("3",)))
        held = Path(following.journal).read_bytes()
        watched = _said(old, Hello())
    assert joined.returncode == 0
    assert following.journal != links.journal
    assert following.seats == {"Blue": following.spectators + f"#{blue}"}
    assert forged == [Refused(why="that link opens no seat of this game")]
    assert isinstance(kept[0], Welcome) and kept[0].seat is Colour.BLUE
    assert kept[0].game == following.game
    assert stale[-2:] == [
        Again(game=following.game),
        Refused(why="the game is over: the answer is yes or no, to play again"),
    ]
    assert Path(following.journal).read_bytes() == held
    assert watched[-1] == Again(game=following.game)
