"""What a seat may do now, as a page offers it: every whole command the rules allow, each
with the lines that type it and the place on the board it concerns.

A browser seat is never asked to type: it is offered exactly the commands `decide` would
carry out (`watan.engine.moves.legal_commands`), so it can only build where the rules
allow, and picking one sends the very lines a person would type for it, read by the
server like any other seat's.  Trades are offered as offers (the partner answers).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from watan.editions.model import Edition
from watan.engine.commands import (
    Achieve,
    AnyCommand,
    ChooseDice,
    Complete,
    Improve,
    Move,
    Offer,
    PlaceGeese,
    PlayKnight,
    Trade,
)
from watan.engine.moves import legal_commands
from watan.engine.state import Game
from watan.text.notation import NO, YES, format

Place = Literal["criterion", "goal", "tile", ""]


class Choice(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One command a seat may give now: the lines that type it, and the place it concerns
    (a criterion to complete or improve, a goal to achieve, the geese's tile)."""

    lines: tuple[str, ...]
    place: Place = ""
    number: int = -1
    offer: bool = False
    """A trade offer (its partner answers it), which a page puts in a form of its own."""


def choices(game: Game, edition: Edition, offer: Offer | None = None) -> tuple[Choice, ...]:
    """Return what the seat asked may do now: answer `offer` yes or no, or give one of the
    commands the rules allow (no-op dice choices left out), each once, in the rules' order."""
    if offer is not None:
        return tuple(Choice(lines=(YES if accepted else NO,)) for accepted in (True, False))
    found: dict[tuple[str, ...], Choice] = {}
    for command in legal_commands(game):
        if _no_op(game, command):
            continue
        move: Move = command
        if isinstance(command, Trade):
            move = Offer(partner=command.partner, give=command.give, take=command.take)
        lines = format(move, game, edition)
        place, number = _place(command)
        found.setdefault(
            lines, Choice(lines=lines, place=place, number=number, offer=isinstance(move, Offer))
        )
    return tuple(found.values())


def _no_op(game: Game, command: AnyCommand) -> bool:
    """Return whether the command changes nothing (choosing the dice already chosen)."""
    return isinstance(command, ChooseDice) and (
        command.loaded == game.students[game.turn].loaded_dice
    )


def _place(command: AnyCommand) -> tuple[Place, int]:
    match command:
        case Complete(criterion=criterion) | Improve(criterion=criterion):
            return "criterion", criterion
        case Achieve(goal=goal):
            return "goal", goal
        case PlaceGeese(tile=tile) | PlayKnight(tile=tile):
            return "tile", tile
        case _:
            return "", -1
