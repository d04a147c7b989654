"""What a student can ask the game to do, as complete, imperative values.

A command carries every answer it needs: a loaded roll carries its value,
moving the geese carries the victim, a trade carries the partner's answer.
The terminal dialogue (`session`) collects those answers one prompt at a
time; `decide` sees only whole commands, so a computer player or the
simulator can issue the same values without a terminal.
"""

from __future__ import annotations

import msgspec

from watan.engine.resources import Resource
from watan.engine.state import Colour


class Command(msgspec.Struct, frozen=True, kw_only=True, tag_field="command"):
    """Base of every command."""


class Complete(Command, frozen=True, tag="complete"):
    """Complete an Assignment at a criterion (setup placement too, spec §4.1)."""

    criterion: int


class Improve(Command, frozen=True, tag="improve"):
    """Improve one's criterion to the next completion (spec §3.2)."""

    criterion: int


class Achieve(Command, frozen=True, tag="achieve"):
    """Achieve a goal (spec §3.3)."""

    goal: int


class ChooseDice(Command, frozen=True, tag="choose_dice"):
    """`load` or `fair` (spec §4.2)."""

    loaded: bool


class Roll(Command, frozen=True, tag="roll"):
    """Roll the dice: with loaded dice, the value chosen; with fair dice, None (spec §2.8)."""

    value: int | None = None


class PlaceGeese(Command, frozen=True, tag="place_geese"):
    """Move the geese after a 7 and steal from `victim` (None when nobody can be robbed)."""

    tile: int
    victim: Colour | None = None


class Trade(Command, frozen=True, tag="trade"):
    """Offer `partner` one `give` for one `take`; `accepted` is the partner's answer."""

    partner: Colour
    give: Resource
    take: Resource
    accepted: bool


class Next(Command, frozen=True, tag="next"):
    """Pass control to the next student (spec §4.3)."""


AnyCommand = Complete | Improve | Achieve | ChooseDice | Roll | PlaceGeese | Trade | Next
