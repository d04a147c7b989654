"""What a student can ask the game to do, as complete, imperative values.

A command carries every answer it needs: a loaded roll carries its value,
moving the geese carries the victim, a trade carries the partner's answer.
The terminal dialogue (`watan.terminal.session`) collects those answers one
prompt at a time; `decide` sees only whole commands, so a computer player or
the simulator issues the same values without a terminal.  A trade is first
an `Offer`: only the partner's player can answer it (spec §3.5.4).
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


class TakeSeat(Command, frozen=True, tag="take_seat"):
    """Hand a student's seat to `player` for the rest of the game.

    `player` is `HUMAN` (a person at the terminal) or a computer strategy's
    name (spec §6, questions 4 and 5: a person can be replaced by a computer).
    It changes who chooses the student's commands, never the rules.
    """

    colour: Colour
    player: str


class TradeWithBank(Command, frozen=True, tag="trade_bank"):
    """Give the bank its rate of `give` for one `take` (house-rules.md ruling 3)."""

    give: Resource
    take: Resource


class BuyCard(Command, frozen=True, tag="buy_card"):
    """Buy the deck's top development card (house-rules.md ruling 4)."""


class PlayKnight(Command, frozen=True, tag="play_knight"):
    """Play a knight: the geese to `tile`, robbing `victim` (None when nobody can be)."""

    tile: int
    victim: Colour | None = None


class PlayMonopoly(Command, frozen=True, tag="play_monopoly"):
    """Play a monopoly on `resource` (house-rules.md ruling 5)."""

    resource: Resource


class PlayPoint(Command, frozen=True, tag="play_vp"):
    """Play a vp card (house-rules.md ruling 4)."""


class Offer(msgspec.Struct, frozen=True, kw_only=True):
    """A trade proposed and not yet answered (spec §3.5.4): the partner answers it."""

    partner: Colour
    give: Resource
    take: Resource

    def answered(self, accepted: bool) -> Trade:
        """Return the whole trade, with the partner's answer."""
        return Trade(partner=self.partner, give=self.give, take=self.take, accepted=accepted)


AnyCommand = (
    Complete
    | Improve
    | Achieve
    | ChooseDice
    | Roll
    | PlaceGeese
    | Trade
    | Next
    | TakeSeat
    | TradeWithBank
    | BuyCard
    | PlayKnight
    | PlayMonopoly
    | PlayPoint
)
Move = AnyCommand | Offer
"""What a player gives when it is asked for its next command: a whole command, or an offer
that the partner's player answers."""
