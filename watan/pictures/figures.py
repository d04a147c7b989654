"""A game in figures, for the viewer's panel after the game (issue 24): the rolls by value,
each student's resources by where they came from and where they went, and the builds over
time.

Everything is read off the journal's events, which record every roll (fair dice with their
two faces, loaded ones without, spec §2.8), every unit produced, lost to the geese, stolen,
traded and spent, and every build, each in the turn the game numbers it in
(`watan.engine.turns`).  What a fair roll should give is counted from the faces
(`watan.engine.dice`), never typed in; a loaded roll is chosen, so it has no expectation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import msgspec

from watan.engine.dice import HIGHEST_ROLL, LOWEST_ROLL, ROLLS, WAYS
from watan.engine.events import (
    AnyEvent,
    BankTraded,
    CardBought,
    CriterionCompleted,
    CriterionImproved,
    DiceRolled,
    GameStarted,
    GoalAchieved,
    MonopolyPlayed,
    ResourcesLost,
    ResourcesProduced,
    ResourceStolen,
    TradeAccepted,
)
from watan.engine.resources import NONE, Resources, add, single
from watan.engine.state import COLOURS, Colour
from watan.engine.turns import turns

VALUES = tuple(range(LOWEST_ROLL, HIGHEST_ROLL + 1))
"""The values two dice can show, loaded or fair: 2 to 12 (spec §2.8.1)."""

BuildKind = Literal["completion", "improvement", "goal", "card"]


class Rolls(msgspec.Struct, frozen=True, rename="camel"):
    """How often each value in `VALUES` was rolled, fair and loaded apart, and how often the
    fair rolls should have shown it: their number times the value's share of the 36 pairs,
    to a tenth (as the page shows it: it has one rounding, Python's)."""

    fair: tuple[int, ...]
    loaded: tuple[int, ...]
    expected: tuple[float, ...]


class Flows(msgspec.Struct, frozen=True, rename="camel"):
    """One student's resources by where they came from and where they went, unit by unit
    (in the order CAFFEINE, LAB, LECTURE, STUDY, TUTORIAL, `watan.engine.resources`)."""

    gained: Resources = NONE
    """Produced by rolls (spec §3.5.2)."""
    lost_to_geese: Resources = NONE
    """Half of a hand of 10 or more, lost on a 7 (spec §3.6)."""
    stole: Resources = NONE
    """Taken from others: by the geese after a 7 or a knight, or by a monopoly."""
    stolen: Resources = NONE
    """Taken by others, the same ways."""
    traded_away: Resources = NONE
    """Given in trades: to students (spec §3.5.4), and to the bank (house-rules.md)."""
    traded_for: Resources = NONE
    """Received in those trades."""
    spent: Resources = NONE
    """Paid for builds (and cards, house-rules.md)."""


class Build(msgspec.Struct, frozen=True, array_like=True):
    """A build: the step after it, the turn it was made in (0: setup), who made it, and what."""

    step: int
    turn: int
    student: int
    kind: BuildKind


class Figures(msgspec.Struct, frozen=True, rename="camel"):
    """The game in figures: its rolls, each student's resources, and its builds in order."""

    rolls: Rolls
    students: tuple[Flows, ...]
    builds: tuple[Build, ...]
    turns: int
    """The last turn's number (0: the game never left setup)."""


def figures(header: GameStarted, events: Sequence[AnyEvent]) -> Figures:
    """Return the figures of the game `events` record, from its start."""
    fair = dict.fromkeys(VALUES, 0)
    loaded = dict.fromkeys(VALUES, 0)
    flows = {colour: Flows() for colour in COLOURS}
    builds: list[Build] = []
    last = 0
    numbered = zip(events, turns(header, events), strict=True)
    for step, (event, (turn, _)) in enumerate(numbered, start=1):
        last = turn
        match event:
            case DiceRolled(roll=roll, dice=dice):
                (loaded if dice is None else fair)[roll] += 1
            case ResourcesProduced(colour=colour, gained=gained):
                _count(flows, colour, gained=gained)
            case ResourcesLost(colour=colour, lost=lost):
                _count(flows, colour, lost_to_geese=lost)
            case ResourceStolen(thief=thief, victim=victim, resource=resource):
                _count(flows, thief, stole=single(resource))
                _count(flows, victim, stolen=single(resource))
            case MonopolyPlayed(colour=colour, resource=resource, taken=taken):
                for victim, count in zip(COLOURS, taken, strict=True):
                    _count(flows, colour, stole=single(resource, count))
                    _count(flows, victim, stolen=single(resource, count))
            case TradeAccepted(proposer=proposer, partner=partner, give=give, take=take):
                _count(flows, proposer, traded_away=single(give), traded_for=single(take))
                _count(flows, partner, traded_away=single(take), traded_for=single(give))
            case BankTraded(colour=colour, give=give, take=take, rate=rate):
                _count(flows, colour, traded_away=single(give, rate), traded_for=single(take))
            case CriterionCompleted() | CriterionImproved() | GoalAchieved() | CardBought():
                _count(flows, event.colour, spent=event.cost)
                builds.append(Build(step, turn, event.colour, _KINDS[type(event)]))
    total = sum(fair.values())
    return Figures(
        rolls=Rolls(
            fair=tuple(fair.values()),
            loaded=tuple(loaded.values()),
            expected=tuple(round(total * WAYS[value] / ROLLS, 1) for value in VALUES),
        ),
        students=tuple(flows.values()),
        builds=tuple(builds),
        turns=last,
    )


_KINDS: dict[type, BuildKind] = {
    CriterionCompleted: "completion",
    CriterionImproved: "improvement",
    GoalAchieved: "goal",
    CardBought: "card",
}


def _count(flows: dict[Colour, Flows], colour: Colour, **amounts: Resources) -> None:
    """Add `amounts` (by field) to one student's flows."""
    held = flows[colour]
    flows[colour] = msgspec.structs.replace(
        held, **{name: add(getattr(held, name), amount) for name, amount in amounts.items()}
    )
