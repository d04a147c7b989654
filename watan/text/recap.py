"""What happened since a person's last turn, in a few lines (a hint when their turn starts).

Computers' turns scroll by quickly: the recap says, one line a turn, what each player did
(the roll, the builds, the geese, a steal, a trade), then what the person gained and lost
in all, in the words the journal's listings use (`watan.text.describe`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from watan.editions.model import Edition
from watan.engine.events import (
    AnyEvent,
    ResourcesLost,
    ResourcesProduced,
    TurnEnded,
)
from watan.engine.resources import NONE, add
from watan.engine.state import Colour
from watan.text.describe import amounts, describe

Happened = tuple[Colour, AnyEvent]
"""An event, and whose turn it happened in."""

UNSAID = (ResourcesProduced, ResourcesLost, TurnEnded)
"""Events a turn's line leaves out: production and losses are summed for the person, and
every turn ends."""


def recap(person: Colour, happened: Sequence[Happened], edition: Edition) -> str:
    """Return what happened in others' turns since `person`'s last one, or "" when nothing
    did: a line for each turn, then what `person` gained and lost in all."""
    lines = []
    for colour, run in groupby(happened, key=lambda pair: pair[0]):
        said = [describe(event, edition) for _, event in run if not isinstance(event, UNSAID)]
        if said:
            lines.append(f"  {colour.title}'s turn: {'; '.join(said)}.\n")
    gained, lost = NONE, NONE
    for _, event in happened:
        match event:
            case ResourcesProduced(colour=colour, gained=amount) if colour == person:
                gained = add(gained, amount)
            case ResourcesLost(colour=colour, lost=amount) if colour == person:
                lost = add(lost, amount)
            case _:
                pass
    if not lines:
        return ""
    balance = [f"gained {amounts(gained, edition)}"] if any(gained) else []
    balance += [f"lost {amounts(lost, edition)} to the geese"] if any(lost) else []
    if balance:
        lines.append(f"  In all, {person.title} {' and '.join(balance)}.\n")
    return f"Since {person.title}'s last turn:\n" + "".join(lines)
