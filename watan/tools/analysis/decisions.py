"""The decisions of a game: each position where a student chose a command, and the command.

A journal records events, not commands; each run of events one command produced is turned
back into its command (`watan.engine.inverse`).  A seat handed to a computer or a person
(`TakeSeat`) and a resumption choose nothing in the game, so they are no decisions.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import msgspec

from replay.folding import fold
from watan.engine.commands import AnyCommand, TakeSeat
from watan.engine.events import AnyEvent, GameStarted
from watan.engine.evolve import apply, start
from watan.engine.inverse import command_of, commands
from watan.engine.state import Colour, Game
from watan.engine.turns import first_turn, turn_number


class Decision(msgspec.Struct, frozen=True):
    """A student's choice: the position (after `step` events, in turn `turn`), who chose,
    the command, and the step once its events are folded in."""

    step: int
    turn: int
    colour: Colour
    game: Game
    command: AnyCommand
    after: int


def decisions(header: GameStarted, events: Sequence[AnyEvent]) -> Iterator[Decision]:
    """Yield the game's decisions in order."""
    game = start(header)
    number = first_turn(game)
    step = 0
    for run in commands(events):
        command = command_of(run)
        if command is not None and not isinstance(command, TakeSeat):
            yield Decision(step, number, game.turn, game, command, step + len(run))
        for event in run:
            after = apply(game, event)
            number = turn_number(number, game, event, after)
            game = after
        step += len(run)


def final(header: GameStarted, events: Sequence[AnyEvent]) -> Game:
    """Return the game after every event."""
    return fold(apply, start(header), events)
