"""A person at the terminal, scripted: lines typed into the real loop, and what they did.

Tests type lines the way a person would, through the same table and
dialogue as the program (`watan.players.table.play`, `watan.terminal.seats`),
and look at the transcript a terminal would show, the events the journal
would get and the game it would hold.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import NamedTuple

from watan.editions.model import Edition
from watan.engine.events import AnyEvent
from watan.engine.state import Game
from watan.players.table import Listener, Table, play
from watan.terminal.seats import AtTerminal, InputEnded
from watan.terminal.session import Session
from watan.text.notation import Seating
from watan.text.wording import narrate

Script = Sequence[str] | Callable[[Session], str | None]
"""The lines to type, or what to type at each question (None to end the input)."""


class Typed(NamedTuple):
    """What typing some lines at the terminal did."""

    text: str
    """The transcript: each prompt with its question, the line typed, then the output; it ends
    with the prompt that waits for the next line."""
    game: Game
    """The game as the journal holds it afterwards."""
    events: list[AnyEvent]
    saved: list[str]
    """The files `save` was asked to write."""
    ending: str
    """Why typing stopped: `input` (the lines ran out), `play again` or `quit`."""
    last: str
    """What the last line printed, up to the next question (all of it, if typing ended with
    the lines)."""


def typed(
    game: Game,
    lines: Script,
    seed: int = 0,
    seating: Seating | None = None,
    *,
    edition: Edition,
    rng: random.Random | None = None,
    heard: Listener | None = None,
) -> Typed:
    """Return what a person typing `lines`, in the words of `edition`, into the real loop sees
    and does.

    Every seat is the same person; the game's random outcomes come from
    `rng`, or a generator seeded with `seed`.  `heard` also hears each
    command's events.
    """
    out: list[str] = []
    events: list[AnyEvent] = []
    saved: list[str] = []
    source = lines if callable(lines) else _reading(lines)
    last = [0]

    def next_line(session: Session) -> str | None:
        line = source(session)
        if line is None:
            return None
        out.append(f"{line}\n")
        last[0] = len(out)
        return f"{line}\n"

    person = AtTerminal(next_line, out.append, lambda _, path: saved.append(path), edition, seating)
    live = [game]

    def listener(before: Game, happened: tuple[AnyEvent, ...], after: Game) -> None:
        events.extend(happened)
        out.append(narrate(before, happened, after, edition))
        live[0] = after
        if heard is not None:
            heard(before, happened, after)

    try:
        over = play(game, Table(lambda _, __: person), rng or random.Random(seed), listener)
        ending = "play again" if person.play_again(over) else "quit"
    except InputEnded:
        ending = "input"
    after = out[last[0] : -1 if ending == "input" else None]
    return Typed("".join(out), live[0], events, saved, ending, "".join(after))




def _reading(lines: Sequence[str]) -> Callable[[Session], str | None]:
    typing = iter(lines)
    return lambda _: next(typing, None)
