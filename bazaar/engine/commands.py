"""What the player whose turn it is can ask the game to do, as whole, imperative values.

A move is one command; the answer to the tile's action is another, because the player
sees the tile (and who else stands on it) before answering (spec "The main loop").
"""

from __future__ import annotations

import msgspec

from bazaar.engine.tiles import Direction


class Command(msgspec.Struct, frozen=True, kw_only=True, tag_field="command"):
    """Base of every command."""


class Move(Command, frozen=True, tag="move"):
    """Move one square up, down, left or right."""

    direction: Direction


class Act(Command, frozen=True, tag="act"):
    """Answer yes: carry out the tile's action, paying the others on the square first."""


class Decline(Command, frozen=True, tag="decline"):
    """Answer no: leave the tile's action."""


AnyCommand = Move | Act | Decline
