"""Everything that can happen in a game, as frozen values with permanent tags.

Each event records a fact in the past tense, with every random outcome
already decided (the dice, the units lost to the geese, the unit stolen), so
folding a journal never needs a random generator.  The tags are stored in
journals: never rename one.  Students are stored by their spec number
(0 Blue ... 3 Yellow), resources by their file code (0 CAFFEINE ... 4
TUTORIAL) and amounts as five counts in that order.
"""

from __future__ import annotations

from typing import final

import msgspec

from watan.engine.layout import Board
from watan.engine.resources import Resource, Resources
from watan.engine.rules import Card, Rules
from watan.engine.snapshot import Position
from watan.engine.state import Colour
from watan.engine.topology import CriterionId, GoalId, TileId

FORMAT_VERSION = 2
"""The journal format written today; readers refuse newer versions.  Format 1 named the
edition in `rules`; format 2 names it in `edition` and records the rules whole."""


class GameStarted(msgspec.Struct, frozen=True, kw_only=True, tag="game_started"):
    """The journal's first line: what a fold needs to begin."""

    format: int = FORMAT_VERSION
    edition: str
    """The edition whose words the game speaks, by its name in `watan.editions` (`watan`,
    `constructor`): for the tools that print or save it, never for the fold."""
    rules: Rules
    """The rules the game is played by, whole: what the fold and the audit go by."""
    seed: int
    """The seed the session's random generator started from (RULINGS 18)."""
    game: int = 1
    """Which game of the session this is; `play again` starts game 2 (RULINGS 17)."""
    board: Board
    deck: tuple[Card, ...] = ()
    """The development cards at the start, top first: shuffled when the game started, or as
    a save file held them (house-rules.md rulings 4, 8); empty without them."""
    loaded: Position | None = None
    """The position read with `-load`; None for a new game that begins with setup."""


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field="type", gc=False):
    """Base of every game event (not itself stored).

    `gc=False`: an event holds numbers, strings and tuples of them, never a cycle, so the
    garbage collector need not track it; a journal of a million events decodes three times
    faster untracked.

    Every event is `final`: a tag names one class, never a family.  The type checker then
    knows that an event whose exact type is not one class is one of the others, which the
    batch fold's test by exact type relies on (`watan.engine.batch`).
    """


@final
class CriterionCompleted(Event, frozen=True, tag="criterion_completed"):
    """A student completed an Assignment at a criterion (spec §2.4.1, §4.1)."""

    colour: Colour
    criterion: CriterionId
    cost: Resources
    """What was paid: nothing during setup."""


@final
class CriterionImproved(Event, frozen=True, tag="criterion_improved"):
    """A student improved their criterion to a Midterm or an Exam (spec §3.2)."""

    colour: Colour
    criterion: CriterionId
    level: int
    cost: Resources


@final
class GoalAchieved(Event, frozen=True, tag="goal_achieved"):
    """A student achieved a goal (spec §2.6)."""

    colour: Colour
    goal: GoalId
    cost: Resources


@final
class DiceChosen(Event, frozen=True, tag="dice_chosen"):
    """A student switched to loaded or fair dice (spec §4.2)."""

    colour: Colour
    loaded: bool


@final
class DiceRolled(Event, frozen=True, tag="dice_rolled"):
    """The current student rolled (spec §2.8)."""

    colour: Colour
    roll: int
    dice: tuple[int, int] | None = None
    """The two fair dice; None when the roll was loaded."""


@final
class ResourcesProduced(Event, frozen=True, tag="resources_produced"):
    """A student gained resources from a roll (spec §3.5.2)."""

    colour: Colour
    gained: Resources


@final
class ResourcesLost(Event, frozen=True, tag="resources_lost"):
    """A student holding 10 or more lost half to the geese (spec §3.6)."""

    colour: Colour
    lost: Resources


@final
class GeeseMoved(Event, frozen=True, tag="geese_moved"):
    """The current student placed the geese on a tile (spec §3.6)."""

    colour: Colour
    tile: TileId


@final
class ResourceStolen(Event, frozen=True, tag="resource_stolen"):
    """The current student stole one unit from a student on the geese's tile (spec §3.6)."""

    thief: Colour
    victim: Colour
    resource: Resource


@final
class TradeAccepted(Event, frozen=True, tag="trade_accepted"):
    """Two students swapped one unit each (spec §3.5.4)."""

    proposer: Colour
    partner: Colour
    give: Resource
    take: Resource


@final
class TradeDeclined(Event, frozen=True, tag="trade_declined"):
    """A student said no to a trade; nothing changed hands (spec §3.5.4)."""

    proposer: Colour
    partner: Colour
    give: Resource
    take: Resource


@final
class TurnEnded(Event, frozen=True, tag="turn_ended"):
    """The current student passed control to the next (spec §3.4)."""

    colour: Colour


@final
class GameWon(Event, frozen=True, tag="game_won"):
    """A student reached 10 course criteria (spec §4.4)."""

    colour: Colour


@final
class GameResumed(Event, frozen=True, tag="game_resumed"):
    """Play went on from this journal in a new session (`watan play --resume`).

    It changes nothing in the game; it records the new session's seed, so
    the resumed session can be reproduced like the first (RULINGS 18).
    """

    seed: int


@final
class SeatTaken(Event, frozen=True, tag="seat_taken"):
    """A student's seat passed to `player`: `human`, or a computer strategy by name.

    A journal without these events was played by people alone; a game with
    computers records its seats at the start and every change after.
    """

    colour: Colour
    player: str


@final
class BankTraded(Event, frozen=True, tag="bank_traded"):
    """The current student gave the bank `rate` of one resource for one of another
    (house-rules.md ruling 3)."""

    colour: Colour
    give: Resource
    take: Resource
    rate: int


@final
class CardBought(Event, frozen=True, tag="card_bought"):
    """The current student paid for the deck's top card (house-rules.md ruling 4)."""

    colour: Colour
    card: Card
    cost: Resources


@final
class KnightPlayed(Event, frozen=True, tag="knight_played"):
    """The current student played a knight and moved the geese to a tile; a steal may
    follow, as after a 7, with no losses (house-rules.md ruling 5)."""

    colour: Colour
    tile: TileId


@final
class MonopolyPlayed(Event, frozen=True, tag="monopoly_played"):
    """The current student played a monopoly on a resource and took every unit of it the
    others held: `taken` by colour, the player's own 0 (house-rules.md ruling 5)."""

    colour: Colour
    resource: Resource
    taken: tuple[int, int, int, int]


@final
class PointPlayed(Event, frozen=True, tag="vp_played"):
    """The current student played a vp card: one point for the rest of the game
    (house-rules.md ruling 4)."""

    colour: Colour


AnyEvent = (
    CriterionCompleted
    | CriterionImproved
    | GoalAchieved
    | DiceChosen
    | DiceRolled
    | ResourcesProduced
    | ResourcesLost
    | GeeseMoved
    | ResourceStolen
    | TradeAccepted
    | TradeDeclined
    | TurnEnded
    | GameWon
    | GameResumed
    | SeatTaken
    | BankTraded
    | CardBought
    | KnightPlayed
    | MonopolyPlayed
    | PointPlayed
)
"""The union stored in journals, one line per event."""
