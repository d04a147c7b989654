"""Watan's judge of a journal: could these events really have happened?

Each run of events a single command produced (a roll and its production,
the geese and the steal, a build and a win) is turned back into the
command, which `decide` judges again with the random outcomes the journal
recorded.  The events must be exactly the ones the rules give, so an event
out of order, one that breaks a rule, or one altered by hand is caught
where it happens, by the same code that refuses it during play.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import assert_never

from replay.auditing import compare_runs
from replay.edges.reading import BadFile
from replay.protocol import Verdict
from watan.editions import edition, names
from watan.editions.model import Edition
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
from watan.engine.decide import Refusal, Refused, decide_with
from watan.engine.events import (
    AnyEvent,
    BankTraded,
    CardBought,
    CriterionCompleted,
    CriterionImproved,
    DiceChosen,
    DiceRolled,
    GameResumed,
    GameStarted,
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
from watan.engine.evolve import start
from watan.engine.invariants import broken_invariants
from watan.engine.layout import is_board
from watan.engine.resources import HELD, Resource, Resources, total
from watan.engine.rules import rules_problem
from watan.engine.snapshot import SavedGame
from watan.engine.state import COLOURS, Completion, Game
from watan.files.savefile import format_save, parse_save
from watan.text.describe import describe

_REASONS = {
    Refusal.INVALID_COMMAND: "not possible at this point of the game",
    Refusal.CANNOT_BUILD: "that place cannot be built on",
    Refusal.NOT_ENOUGH_RESOURCES: "not enough resources",
    Refusal.INVALID_ROLL: "a loaded roll must be 2-12, by a student whose dice are loaded",
    Refusal.GEESE_TILE: "the geese cannot move to that tile",
    Refusal.VICTIM: "the steal is missing, or robs a student who cannot be robbed there",
    Refusal.ANSWER: "a trade answered with neither yes nor no",
    Refusal.EMPTY_DECK: "the deck of development cards is empty",
    Refusal.NO_CARD: "the student holds no such card",
    Refusal.CARD_PLAYED: "a card was played this turn already",
    Refusal.CARD_BOUGHT: "the card was bought this turn",
}

_FOLLOWERS: dict[type, tuple[type, ...]] = {
    CriterionCompleted: (GameWon,),
    CriterionImproved: (GameWon,),
    DiceRolled: (ResourcesProduced, ResourcesLost),
    GeeseMoved: (ResourceStolen,),
    KnightPlayed: (ResourceStolen,),
    PointPlayed: (GameWon,),
}
"""The events that come after the first event of a command, in the same command."""


class _Impossible(Exception):
    """A recorded random outcome that could not have been drawn, and which event holds it."""

    def __init__(self, problem: str, index: int = 0) -> None:
        super().__init__(problem)
        self.problem, self.index = problem, index


class RecordedChance:
    """The random outcomes one command's events recorded, handed back in order.

    Each is checked to be one the rules could have drawn, so that an outcome altered by
    hand is caught where it is; judging takes a time that does not grow with the amounts.
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
            raise _Impossible("fair dice rolled without their values")
        dice = self._dice.pop(0)
        if not (1 <= dice[0] <= 6 and 1 <= dice[1] <= 6):
            raise _Impossible(f"dice {dice[0]} and {dice[1]} are not both 1-6")
        return dice

    def unit(self, held: Resources) -> Resource:
        self._outcomes()
        if not self._units:
            raise _Impossible("fewer units taken than the rules take", self._last)
        unit, index = self._units.pop(0)
        if unit not in HELD or held[unit] <= 0:
            raise _Impossible(f"one {self._names[unit]} taken from a student who had none", index)
        return unit

    def losses(self, held: Resources, count: int) -> Resources:
        self._outcomes()
        if not self._losses:
            raise _Impossible("fewer losses to the geese than the rules take", self._last)
        lost, index = self._losses.pop(0)
        for resource in HELD:
            if not 0 <= lost[resource] <= held[resource]:
                raise _Impossible(
                    f"{lost[resource]} {self._names[resource]} taken from a student "
                    f"who held {held[resource]}",
                    index,
                )
        if total(lost) != count:
            raise _Impossible(
                f"{total(lost)} units taken where the rules take {count} "
                f"(half of {total(held)}, rounded down)",
                index,
            )
        return lost


class _NoChance:
    """The chance of a command that draws none: asked anyway, it sends `judge` the long way."""

    def dice(self) -> tuple[int, int]:
        raise _Impossible("no dice are drawn here")

    def unit(self, held: Resources) -> Resource:
        raise _Impossible("no unit is drawn here")

    def losses(self, held: Resources, count: int) -> Resources:
        raise _Impossible("no losses are drawn here")


_NO_CHANCE = _NoChance()

_CHANCY: frozenset[type] = frozenset({Roll, PlaceGeese, PlayKnight})
"""The commands whose events may record random outcomes: fair dice and what a 7 takes,
and a unit stolen (spec §2.8, §3.6)."""

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


def header_problem(header: GameStarted) -> str | None:
    """Return what is wrong with a header's board or loaded position, or None.

    A loaded position must be one a save file can hold (no criterion owned
    twice, levels 1-3, no negative amount).  It is otherwise taken as written,
    two criteria side by side included (spec §5), and the audit judges only
    what follows it.
    """
    if header.edition not in names():
        return f"plays the {header.edition!r} edition, which this version does not know"
    played = edition(header.edition)
    rules = header.rules
    problem = rules_problem(rules)
    if problem is not None:
        return problem
    students = () if header.loaded is None else header.loaded.students
    held = any(any(s.cards) or s.played_points for s in students)
    if not rules.cards and (header.deck or held):
        return "it holds development cards, which its rules do not play"
    if not is_board(header.board):
        return f"the board needs 19 tiles, each valued 2-12 unless {played.resources[-1]}"
    if header.loaded is not None:
        if len(header.loaded.students) != len(COLOURS):
            count = len(header.loaded.students)
            return f"the loaded position holds {count} {played.vocabulary.player}s, not 4"
        levels = [
            (criterion, level)
            for student in header.loaded.students
            for criterion, level in student.criteria
            if level not in tuple(Completion)
        ]
        if levels:  # a save file cannot even write such a level
            criterion, level = levels[0]
            words = played.vocabulary
            return (
                f"the loaded position: {words.criterion} {criterion} has {words.level} "
                f"level {level}, not 1-3"
            )
        saved = SavedGame(
            position=header.loaded,
            board=header.board,
            house_rules=rules.house_rules,
            deck=header.deck if rules.cards else None,
        )
        try:
            parse_save(format_save(saved, played), "the loaded game", played)
        except BadFile as error:
            return f"the loaded position: {error.problem}"
    game = start(header)
    broken = broken_invariants(game, previous=game)  # its amounts; ownership was checked above
    return broken[0] if broken else None


def judge(game: Game, run: tuple[AnyEvent, ...], played: Edition) -> Verdict | None:
    """Return which event of `run` its command does not give and why, or None, in the
    words of the edition `played`.

    It runs once per command of every journal checked, so the commonest path (a sound
    command) is kept short: the random outcomes are gathered only for a command that
    draws some, and the words only for a problem.
    """
    command = command_of(run) if len(run) <= MOST_EVENTS_PER_COMMAND else None
    if command is not None:
        chance = RecordedChance(run, played.resources) if type(command) in _CHANCY else _NO_CHANCE
        try:
            if decide_with(game, command, chance) == run:
                return None
        except (Refused, _Impossible):
            pass
    return _verdict(game, run, played)


def _verdict(game: Game, run: tuple[AnyEvent, ...], played: Edition) -> Verdict | None:
    """Return `judge`'s answer the long way, with every reason worked out in words."""

    def said(event: AnyEvent) -> str:
        return describe(event, played)

    if len(run) > MOST_EVENTS_PER_COMMAND:
        extra = run[MOST_EVENTS_PER_COMMAND]
        return Verdict(
            MOST_EVENTS_PER_COMMAND,
            f"{said(extra)!r} is not part of this command: "
            f"no command records more than {MOST_EVENTS_PER_COMMAND} events",
        )
    command = command_of(run)
    if command is None:
        if isinstance(run[0], GameResumed):
            return None
        return Verdict(0, f"{said(run[0])} does not follow the command it belongs to")
    try:
        expected = decide_with(game, command, RecordedChance(run, played.resources))
    except Refused as refused:
        return Verdict(0, f"{said(run[0])}: {_REASONS[refused.refusal]}")
    except _Impossible as impossible:
        return Verdict(impossible.index, f"{said(run[impossible.index])}: {impossible.problem}")
    return compare_runs(expected, run, said)
