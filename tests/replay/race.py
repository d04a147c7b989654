"""A toy game for testing the protocol: players race along a track by rolling a die.

A roll is one command of two or three events (the die, the advance, perhaps the win),
its die drawn when the command is decided and recorded, as a real game's chance is.
`replay` knows nothing about any game, so its tests use this one and not Watan or Bazaar.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import assert_never

import msgspec

from replay.auditing import compare_runs
from replay.protocol import Codec, Definition, Judge, Verdict, Words

FORMAT = 1


class Began(msgspec.Struct, frozen=True, tag="began"):
    """The header: who races, and how far."""

    players: tuple[str, ...]
    goal: int
    format: int = FORMAT


class Rolled(msgspec.Struct, frozen=True, tag="rolled"):
    player: int
    die: int


class Advanced(msgspec.Struct, frozen=True, tag="advanced"):
    player: int
    to: int


class Won(msgspec.Struct, frozen=True, tag="won"):
    player: int


Event = Rolled | Advanced | Won


class Race(msgspec.Struct, frozen=True):
    positions: tuple[int, ...]
    goal: int
    turn: int = 0
    winner: int | None = None


def start(header: Began) -> Race:
    return Race(positions=(0,) * len(header.players), goal=header.goal)


def apply(race: Race, event: Event) -> Race:
    match event:
        case Rolled():
            return race
        case Advanced(player, to):
            positions = tuple(to if p == player else at for p, at in enumerate(race.positions))
            turn = (race.turn + 1) % len(race.positions)
            return msgspec.structs.replace(race, positions=positions, turn=turn)
        case Won(player):
            return msgspec.structs.replace(race, winner=player)
        case _:
            assert_never(event)


def decide(race: Race, die: int) -> tuple[Event, ...]:
    """Return the events of the current player's roll of `die` (the rules, as a game has them)."""
    if race.winner is not None:
        return ()
    player = race.turn
    to = race.positions[player] + die
    events: tuple[Event, ...] = (Rolled(player, die), Advanced(player, to))
    return (*events, Won(player)) if to >= race.goal else events


def roll(race: Race, rng: random.Random) -> tuple[Event, ...]:
    return decide(race, rng.randint(1, 6))


def continues(run: Sequence[Event], event: Event) -> bool:
    return isinstance(event, Advanced | Won) and not isinstance(run[-1], Won)


def verdict(race: Race, run: tuple[Event, ...]) -> Verdict | None:
    first = run[0]
    if not isinstance(first, Rolled):
        return Verdict(0, f"{said(first)} does not follow a roll")
    if not 1 <= first.die <= 6:
        return Verdict(0, f"a die shows 1-6, not {first.die}")
    return compare_runs(decide(race, first.die), run, said)


def said(event: Event) -> str:
    match event:
        case Rolled(player, die):
            return f"player {player} rolled {die}"
        case Advanced(player, to):
            return f"player {player} advanced to {to}"
        case Won(player):
            return f"player {player} won"
        case _:
            assert_never(event)


def header_problem(header: Began) -> str | None:
    return None if len(header.players) >= 2 else "a race needs two players"


def broken(race: Race, previous: Race) -> str | None:
    backwards = [p for p, at in enumerate(race.positions) if at < previous.positions[p]]
    return f"player {backwards[0]} went backwards" if backwards else None


def check_format(header: Began) -> str | None:
    return None if header.format == FORMAT else f"unknown journal format {header.format}"


RACE: Definition[Began, Event, Race] = Definition(
    name="race",
    codec=Codec(Began, Event, check_header=check_format),
    start=start,
    apply=apply,
    judge=Judge(
        continues=continues, verdict=verdict, header_problem=header_problem, broken=broken
    ),
    words=Words(
        start=lambda header: f"a race of {len(header.players)} to {header.goal}",
        event=lambda header, event: said(event),
    ),
)

BARE: Definition[Began, Event, Race] = Definition(
    name="race", codec=Codec(Began, Event), start=start, apply=apply
)
"""The same game without a judge or words: the toolkit only folds it."""

HEADER = Began(players=("ada", "bob"), goal=20)


def play(seed: int = 3, header: Began = HEADER) -> list[Event]:
    """Return the events of a whole race, rolled from `seed`."""
    rng = random.Random(seed)
    race, events = start(header), []
    while race.winner is None:
        for event in roll(race, rng):
            race = apply(race, event)
            events.append(event)
    return events


def journal_bytes(events: Sequence[Event], header: Began = HEADER) -> bytes:
    return b"".join(msgspec.json.encode(line) + b"\n" for line in (header, *events))


ROOT = Path(__file__).resolve().parents[2]

_APPENDER = """
import sys
import msgspec
from replay.journal import JournalLocked
from replay.writer import JournalWriter
from tests.replay.race import Event

try:
    with JournalWriter.open_existing(sys.argv[1]) as writer:
        writer.append(msgspec.json.decode(sys.argv[2], type=list[Event]))
except JournalLocked as locked:
    print(locked)
    sys.exit(3)
"""


def append_in_another_process(
    path: Path, events: Sequence[Event]
) -> subprocess.CompletedProcess[str]:
    """Append `events` to the journal at `path` from a second Python process, as a game
    played there meanwhile would; its status is 3, and its output the refusal, when the
    journal is locked."""
    return subprocess.run(
        [sys.executable, "-c", _APPENDER, str(path), msgspec.json.encode(list(events)).decode()],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
        check=False,
    )
