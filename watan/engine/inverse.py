"""`decide` read backwards: the command a run of recorded events came from, and its chance.

A journal records events, not commands.  Each run of events one command produced (a roll
and its production, the geese and the steal, a build and a win) is turned back into that
command (`command_of`), with the random outcomes the events recorded handed back in order
(`RecordedChance`), so that `decide_with` can judge the command again: the events must be
exactly the ones the rules give.  Auditing a journal (`watan.judge`) is this, in words.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import assert_never

from watan.engine.commands import (
    Achieve,
    AnyCommand,
    BuyCard,
    ChooseDice,
    Complete,
    Improve,
    Next,
    PlaceGeese,
    PlayKnight,
    PlayMonopoly,
    PlayPoint,
    Roll,
    TakeSeat,
    Trade,
    TradeWithBank,
)
from watan.engine.decide import Chance, Refused, decide_with
from watan.engine.events import (
    AnyEvent,
    BankTraded,
    CardBought,
    CriterionCompleted,
    CriterionImproved,
    DiceChosen,
    DiceRolled,
    GameResumed,
    GameWon,
    GeeseMoved,
    GoalAchieved,
    KnightPlayed,
    MonopolyPlayed,
    PointPlayed,
    ResourcesLost,
    ResourcesProduced,
    ResourceStolen,
    SeatTaken,
    TradeAccepted,
    TradeDeclined,
    TurnEnded,
)
from watan.engine.resources import HELD, Resource, Resources, total
from watan.engine.state import COLOURS, Game

_FOLLOWERS: dict[type, tuple[type, ...]] = {
    CriterionCompleted: (GameWon,),
    CriterionImproved: (GameWon,),
    DiceRolled: (ResourcesProduced, ResourcesLost),
    GeeseMoved: (ResourceStolen,),
    KnightPlayed: (ResourceStolen,),
    PointPlayed: (GameWon,),
}
"""The events that come after the first event of a command, in the same command."""

MOST_EVENTS_PER_COMMAND = 1 + len(COLOURS)
"""No command records more events: a roll, then what each of the four students gains or
loses.  A longer run is refused at its first extra event, so neither grouping events into
commands nor judging one ever looks at more than this many together."""


def commands(events: Iterable[AnyEvent]) -> Iterator[tuple[AnyEvent, ...]]:
    """Yield the events in runs, one run per command (a resumption is a run of its own).

    A run is cut after one event more than any command records, so that the audit can
    refuse it there (`MOST_EVENTS_PER_COMMAND`).
    """
    run: list[AnyEvent] = []
    followers: tuple[type, ...] = ()
    for event in events:
        if run and len(run) <= MOST_EVENTS_PER_COMMAND and isinstance(event, followers):
            run.append(event)
            continue
        if run:
            yield tuple(run)
        run = [event]
        followers = _FOLLOWERS.get(type(event), ())
    if run:
        yield tuple(run)


_NEXT = Next()
_FAIR_ROLL = Roll()
"""Commands as the commonest runs give them, made once (commands are immutable)."""


def command_of(events: tuple[AnyEvent, ...]) -> AnyCommand | None:
    """Return the command whose events these are (the first one says which), or None."""
    first = events[0]
    match first:  # the commonest commands first; plain class patterns are the quickest
        case DiceRolled():
            return _FAIR_ROLL if first.dice is not None else Roll(value=first.roll)
        case TurnEnded():
            return _NEXT
        case TradeDeclined():
            return Trade(partner=first.partner, give=first.give, take=first.take, accepted=False)
        case TradeAccepted():
            return Trade(partner=first.partner, give=first.give, take=first.take, accepted=True)
        case GeeseMoved():
            stolen = [e for e in events if isinstance(e, ResourceStolen)]
            return PlaceGeese(tile=first.tile, victim=stolen[0].victim if stolen else None)
        case CriterionCompleted(criterion=criterion):
            return Complete(criterion=criterion)
        case CriterionImproved(criterion=criterion):
            return Improve(criterion=criterion)
        case GoalAchieved(goal=goal):
            return Achieve(goal=goal)
        case DiceChosen(loaded=loaded):
            return ChooseDice(loaded=loaded)
        case SeatTaken(colour=colour, player=player):
            return TakeSeat(colour=colour, player=player)
        case BankTraded(give=give, take=take):
            return TradeWithBank(give=give, take=take)
        case CardBought():
            return BuyCard()
        case KnightPlayed(tile=tile):
            stolen = [e for e in events if isinstance(e, ResourceStolen)]
            return PlayKnight(tile=tile, victim=stolen[0].victim if stolen else None)
        case MonopolyPlayed(resource=resource):
            return PlayMonopoly(resource=resource)
        case PointPlayed():
            return PlayPoint()
        case ResourcesProduced() | ResourcesLost() | ResourceStolen() | GameWon() | GameResumed():
            return None
        case _:
            assert_never(first)


class Impossible(Exception):
    """A recorded random outcome that could not have been drawn, and which event holds it."""

    def __init__(self, problem: str, index: int = 0) -> None:
        super().__init__(problem)
        self.problem, self.index = problem, index


class RecordedChance:
    """The random outcomes one command's events recorded, handed back in order.

    Each is checked to be one the rules could have drawn, so that an outcome altered by
    hand is caught where it is (`Impossible`, in the resources' `names`); judging takes a
    time that does not grow with the amounts.
    """

    __slots__ = ("_dice", "_events", "_given_names", "_last", "_losses", "_read", "_units")

    def __init__(self, events: Iterable[AnyEvent], names: Sequence[str] | None = None) -> None:
        self._events = events
        self._given_names = names
        self._read = False

    def _outcomes(self) -> None:
        """Gather the outcomes the events recorded, when the first is asked for: most
        commands (a build, a trade, the end of a turn) ask for none."""
        if self._read:
            return
        self._read = True
        self._dice: list[tuple[int, int]] = []
        self._losses: list[tuple[Resources, int]] = []
        self._units: list[tuple[Resource, int]] = []
        """Each loss and each unit stolen, with the index of the event in the command."""
        self._last = 0
        for index, event in enumerate(self._events):  # for every roll: plain tests are quickest
            if isinstance(event, DiceRolled):
                if event.dice is not None:
                    self._dice.append(event.dice)
            elif isinstance(event, ResourcesLost):
                self._losses.append((event.lost, index))
                self._last = index
            elif isinstance(event, ResourceStolen):
                self._units.append((event.resource, index))
                self._last = index

    @property
    def _names(self) -> Sequence[str]:
        given = self._given_names
        return [r.name for r in Resource] if given is None else given

    def dice(self) -> tuple[int, int]:
        self._outcomes()
        if not self._dice:
            raise Impossible("fair dice rolled without their values")
        dice = self._dice.pop(0)
        if not (1 <= dice[0] <= 6 and 1 <= dice[1] <= 6):
            raise Impossible(f"dice {dice[0]} and {dice[1]} are not both 1-6")
        return dice

    def unit(self, held: Resources) -> Resource:
        self._outcomes()
        if not self._units:
            raise Impossible("fewer units taken than the rules take", self._last)
        unit, index = self._units.pop(0)
        if unit not in HELD or held[unit] <= 0:
            raise Impossible(f"one {self._names[unit]} taken from a student who had none", index)
        return unit

    def losses(self, held: Resources, count: int) -> Resources:
        self._outcomes()
        if not self._losses:
            raise Impossible("fewer losses to the geese than the rules take", self._last)
        lost, index = self._losses.pop(0)
        for resource in HELD:
            if not 0 <= lost[resource] <= held[resource]:
                raise Impossible(
                    f"{lost[resource]} {self._names[resource]} taken from a student "
                    f"who held {held[resource]}",
                    index,
                )
        if total(lost) != count:
            raise Impossible(
                f"{total(lost)} units taken where the rules take {count} "
                f"(half of {total(held)}, rounded down)",
                index,
            )
        return lost


class _NoChance:
    """The chance of a command that draws none: asked anyway, it is Impossible."""

    def dice(self) -> tuple[int, int]:
        raise Impossible("no dice are drawn here")

    def unit(self, held: Resources) -> Resource:
        raise Impossible("no unit is drawn here")

    def losses(self, held: Resources, count: int) -> Resources:
        raise Impossible("no losses are drawn here")


_NO_CHANCE = _NoChance()

_CHANCY: frozenset[type] = frozenset({Roll, PlaceGeese, PlayKnight})
"""The commands whose events may record random outcomes: fair dice and what a 7 takes,
and a unit stolen (spec §2.8, §3.6)."""


def decided_again(game: Game, run: tuple[AnyEvent, ...]) -> bool:
    """Return whether the rules, asked again for the command `run` records with the outcomes
    it recorded, give exactly `run`: whether these events could have happened.

    It runs once per command of every journal checked, so it is kept short: the random
    outcomes are gathered only for a command that draws some, and nothing is worded (a
    run it refuses is explained by the judge, the long way).
    """
    command = command_of(run) if len(run) <= MOST_EVENTS_PER_COMMAND else None
    if command is None:
        return False
    chance: Chance = RecordedChance(run) if type(command) in _CHANCY else _NO_CHANCE
    try:
        return decide_with(game, command, chance) == run
    except (Refused, Impossible):
        return False
