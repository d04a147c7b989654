"""A server for tests: `watan serve` started as a real process on a free port, its links read,
and scripts of a seat's lines made by a strategy in the real loop."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from watan.editions import edition
from watan.engine.commands import Move, Offer
from watan.engine.decide import Refusal
from watan.engine.state import HUMAN, Colour, Game
from watan.match.making import Match, again, new
from watan.match.options import asked, seats_asked
from watan.players.plugins import Guarded
from watan.players.table import Player, Table
from watan.serve.join import Joined
from watan.serve.join import play as watched
from watan.serve.tokens import read_link
from watan.terminal.console import Streams
from watan.terminal.hinter import Level
from watan.text.notation import format

WATAN_PROGRAM = [sys.executable, "-m", "watan"]


def environment(journals: Path) -> dict[str, str]:
    """Return the environment a test's program runs in: its journals in `journals`."""
    return {**os.environ, "WATAN_JOURNALS": str(journals), "PYTHONUNBUFFERED": "1"}


class Links(NamedTuple):
    """What `watan serve` printed of its game: its name and journal, each seat's link, and
    the spectators'."""

    game: str
    journal: str
    seats: dict[str, str]
    spectators: str


def read_links(stdout: Iterator[str]) -> Links:
    """Return the links of the first game a server prints."""
    first = next(stdout).split()
    game, journal = first[1], first[3].rstrip(")")
    seats: dict[str, str] = {}
    for line in stdout:
        name, address = line.split()
        if name == "spectators:":
            return Links(game, journal, seats, address)
        seats[name.rstrip(":")] = address
    raise AssertionError("the server printed no spectators' link")


@contextmanager
def server(
    args: Sequence[str], journals: Path, cwd: Path
) -> Iterator[tuple[subprocess.Popen[str], Links]]:
    """Run `watan serve ARGS --port 0` until the block ends; yield it and its game's links.

    What it writes on standard error is kept in `cwd/server.err`."""
    log = open(cwd / "server.err", "w")  # noqa: SIM115 (closed with the server)
    process = subprocess.Popen(
        [*WATAN_PROGRAM, "serve", *args, "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
        cwd=cwd,
        env=environment(journals),
    )
    try:
        assert process.stdout is not None
        yield process, read_links(iter(process.stdout.readline, ""))
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()
        log.close()


class Watching:
    """A spectator at a terminal (`Joined` with no token, printing nowhere), watching on a
    thread of its own until its session ends; `ended` holds its exit status then."""

    def __init__(self, link: str) -> None:
        address, _, _ = read_link(link)
        quiet = Streams(io.BytesIO(), io.StringIO(), io.StringIO(), "watan")
        self.client = Joined("", Level.OFF, quiet)
        self.ended: list[int] = []
        self._thread = threading.Thread(
            target=lambda: self.ended.append(watched(address, self.client)), daemon=True
        )
        self._thread.start()

    def join(self, seconds: float) -> None:
        self._thread.join(seconds)


def watch(link: str) -> Watching:
    """Watch a served game through its spectators' `link`, from a thread."""
    return Watching(link)


def join(
    link: str, lines: Sequence[str], journals: Path, cwd: Path
) -> subprocess.CompletedProcess[str]:
    """Play a seat with `watan play --join LINK`, typing `lines`; return how it went."""
    return play(["--join", link], lines, journals, cwd)


def play(
    options: Sequence[str], lines: Sequence[str], journals: Path, cwd: Path
) -> subprocess.CompletedProcess[str]:
    """Run `watan play OPTIONS`, typing `lines`; return how it went."""
    return subprocess.run(
        [*WATAN_PROGRAM, "play", *options],
        input="".join(f"{line}\n" for line in lines),
        capture_output=True,
        text=True,
        cwd=cwd,
        env=environment(journals),
        timeout=300,
        check=False,
    )


PASSED_OVER = {"load", "next", "trade", "trade-bank", "buy-dev", "play-dev"}
"""First words of the buttons a simple clicking player leaves alone unless nothing else is
offered (`next`): it never loads the dice, trades or plays cards."""


def pick(labels: list[str], answering: bool) -> str:
    """Return the button a simple clicking player (the browser test's, the load benchmark's
    bots) clicks: no to every offer, fair dice, the roll, the first build offered (or
    placement, or geese's tile), else `next`."""
    if answering:
        return "no"
    for wanted in ("fair", "roll"):
        if wanted in labels:
            return wanted
    chosen = [label for label in labels if label.split()[0] not in PASSED_OVER]
    return chosen[0] if chosen else "next"


class _Scripting:
    """A seat played by a strategy, each line it would type kept."""

    def __init__(self, strategy: Guarded, edition_name: str, lines: list[str]) -> None:
        self.strategy, self.edition, self.lines = strategy, edition(edition_name), lines

    def move(self, game: Game) -> Move:
        chosen = self.strategy.move(game)
        self.lines.extend(format(chosen, game, self.edition))
        return chosen

    def answer(self, game: Game, offer: Offer) -> bool:
        accepted = self.strategy.answer(game, offer)
        self.lines.extend(format(offer.answered(accepted), game, self.edition)[-1:])
        return accepted

    def refused(self, game: Game, command: object, refusal: Refusal) -> None:
        self.strategy.refused(game, command, refusal)  # type: ignore[arg-type]


def script(
    seed: int,
    computers: Sequence[str],
    *,
    edition_name: str = "watan",
    house_rules: Sequence[str] = (),
    strategy: str = "greedy",
    others: Mapping[Colour, Callable[[Game], Player]] | None = None,
    games: int = 1,
) -> list[str]:
    """Return the lines a person types for every seat the computers do not play, in
    `games` whole games of a session with this seed: the lines a `strategy` would type,
    `yes` to the spec's play-again question after each game but the last (the next game
    made as `watan play` makes it, `again`), and `no` after the last.  The seats in
    `others` are played by the players they make (given the game as it starts) and type
    nothing here."""
    options = asked(
        seed=seed,
        edition=edition(edition_name),
        house_rules=house_rules,
        seats=seats_asked(computers, ()),
        random_board=True,
    )
    match = new(options)
    lines: list[str] = []
    for number in range(games):
        if number:
            lines.append("yes")
            match = again(match)
        match.seat(match.options.seats)
        over = _scripted(match, lines, strategy, edition_name, others)
        assert over.phase.name == "OVER", "the scripted game did not end"
    return [*lines, "no"]


def _scripted(
    match: Match,
    lines: list[str],
    strategy: str,
    edition_name: str,
    others: Mapping[Colour, Callable[[Game], Player]] | None,
) -> Game:
    """Play `match` to its end (or 3000 turns), each person's seat by `strategy`, its lines
    kept in `lines`; return the game then."""

    def seat(colour: Colour, name: str) -> Player:
        if others is not None and colour in others:
            return others[colour](match.game)
        if name == HUMAN:
            return _Scripting(match.computer(colour, strategy), edition_name, lines)
        return match.computer(colour, name)

    return match.play(Table(seat), turn_cap=3000)
