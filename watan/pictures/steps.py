"""A journal as the first step of its game and what each event changed after it.

The replay page shows every step of a game; keeping every step whole would
repeat 54 criteria, 72 goals and four students' holdings some 2,000 times,
so a step keeps only what its event changed, and the page rebuilds the rest.
The changes are read off the game states the reducer gives, never worked
out from the events a second time.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import msgspec

from watan.editions.model import Edition
from watan.engine.events import AnyEvent, GameStarted, SeatTaken, TurnEnded
from watan.engine.evolve import apply, start
from watan.engine.resources import Resources
from watan.engine.state import COLOURS, Colour, Game, Phase, course_criteria
from watan.text.describe import describe, describe_start
from watan.text.render import standing


class Holding(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, rename="camel"):
    """What one student holds at a step; a change names only the parts that changed."""

    student: int
    resources: Resources | None = None
    points: int | None = None
    """Course criteria: the sum of the student's completion levels (RULINGS 4)."""
    criteria: tuple[tuple[int, int], ...] | None = None
    """Each completed criterion and its level, in the order first completed."""
    goals: int | None = None
    """How many goals the student has achieved."""
    cards: int | None = None
    """How many development cards the student holds, in a game with them (house-rules.md)."""


class Standing(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, rename="camel"):
    """Whose turn it is and how far the game has come; a change names only what changed."""

    turn: int | None = None
    """The student whose turn it is (or who places next, during setup)."""
    turn_number: int | None = None
    """0 during setup, then 1 for the first turn, counting every turn that ended."""
    words: str | None = None
    """The turn and phase in words (`Red's turn, after the roll.`)."""
    winner: int | None = None
    """The student who has won, once the game is over (spec §4.4); NOBODY before."""


class Change(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True, rename="camel"):
    """One step: its event in words and what the event changed."""

    event: str
    criteria: tuple[tuple[int, int, int], ...] = ()
    """(criterion, owner, level) for each criterion whose owner or level changed."""
    goals: tuple[tuple[int, int], ...] = ()
    """(goal, owner) for each goal whose owner changed."""
    geese: int | None = None
    """The geese's new tile, when they moved."""
    students: tuple[Holding, ...] = ()
    standing: Standing | None = None


class Beginning(msgspec.Struct, frozen=True, kw_only=True, rename="camel"):
    """Step 0 whole: everything a picture and the students' panel show."""

    event: str
    criterion_owner: tuple[int, ...]
    criterion_level: tuple[int, ...]
    goal_owner: tuple[int, ...]
    geese: int
    students: tuple[Holding, ...]
    standing: Standing


def holding(game: Game, colour: Colour) -> Holding:
    """Return everything the panel shows of one student."""
    student = game.students[colour]
    return Holding(
        student=colour,
        resources=student.resources,
        points=course_criteria(game, colour),
        criteria=tuple((c, game.criterion_level[c]) for c in student.criteria),
        goals=len(student.goals),
        cards=sum(student.cards) if game.rules.cards else None,
    )


def beginning(header: GameStarted, game: Game, edition: Edition) -> Beginning:
    """Return step 0: the game as the journal's header starts it, in the edition's words."""
    return Beginning(
        event=describe_start(header),
        criterion_owner=game.criterion_owner,
        criterion_level=game.criterion_level,
        goal_owner=game.goal_owner,
        geese=game.geese,
        students=tuple(holding(game, colour) for colour in COLOURS),
        standing=Standing(turn=game.turn, turn_number=0 if game.phase is Phase.SETUP else 1,
                          words=standing(game, edition), winner=game.winner),
    )


def changes(
    header: GameStarted, events: Sequence[AnyEvent], edition: Edition
) -> Iterator[Change]:
    """Yield what each event changed, in order, in the edition's words: one change per step
    after step 0.

    As `watan replay` lists them, a game with computer players names who played each move,
    as the seats stood then; a game of people alone does not.
    """
    stepper = Stepper(header, edition, named=any(isinstance(e, SeatTaken) for e in events))
    for event in events:
        yield stepper.step(event)


class Stepper:
    """What each event of a game changes, one event at a time (a live game's page).

    `named`: whether each move names who played it (a game with computer players); a game
    told its events as they come names them from its first seat taken on.
    """

    def __init__(self, header: GameStarted, edition: Edition, *, named: bool = False) -> None:
        self.edition, self.named = edition, named
        self.before = start(header)
        self.turn_number = 0 if self.before.phase is Phase.SETUP else 1

    def step(self, event: AnyEvent) -> Change:
        """Return what `event` changes, and move on past it."""
        before, turn_number = self.before, self.turn_number
        self.named = self.named or isinstance(event, SeatTaken)
        after = apply(before, event)
        new_number = turn_number + 1 if isinstance(event, TurnEnded) else turn_number
        if before.phase is Phase.SETUP and after.phase is not Phase.SETUP:
            new_number = 1
        change = Change(
            event=describe(event, self.edition, before.seats if self.named else None),
            criteria=tuple(
                (c, after.criterion_owner[c], after.criterion_level[c])
                for c in sorted(
                    _changed(before.criterion_owner, after.criterion_owner)
                    | _changed(before.criterion_level, after.criterion_level)
                )
            ),
            goals=tuple(
                (g, after.goal_owner[g])
                for g in sorted(_changed(before.goal_owner, after.goal_owner))
            ),
            geese=after.geese if after.geese != before.geese else None,
            students=_holding_changes(before, after),
            standing=_standing_change(before, after, turn_number, new_number, self.edition),
        )
        self.before, self.turn_number = after, new_number
        return change


def _changed(before: tuple[int, ...], after: tuple[int, ...]) -> set[int]:
    if before is after:
        return set()
    return {i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b}


def _holding_changes(before: Game, after: Game) -> tuple[Holding, ...]:
    """Return what changed of each student's holding between two states, for those it did."""
    found = []
    levels_changed = before.criterion_level is not after.criterion_level
    for colour in COLOURS:
        if before.students[colour] is after.students[colour] and not levels_changed:
            continue
        old, new = holding(before, colour), holding(after, colour)
        if old != new:
            found.append(
                Holding(
                    student=colour,
                    resources=new.resources if new.resources != old.resources else None,
                    points=new.points if new.points != old.points else None,
                    criteria=new.criteria if new.criteria != old.criteria else None,
                    goals=new.goals if new.goals != old.goals else None,
                    cards=new.cards if new.cards != old.cards else None,
                )
            )
    return tuple(found)


def _standing_change(
    before: Game, after: Game, old_number: int, new_number: int, edition: Edition
) -> Standing | None:
    """Return what changed of whose turn it is, the turn's number, the phase and the winner, if
    anything."""
    words_before, words_after = standing(before, edition), standing(after, edition)
    if (before.turn, old_number, words_before, before.winner) == (
        after.turn, new_number, words_after, after.winner
    ):
        return None
    return Standing(
        turn=after.turn if after.turn != before.turn else None,
        turn_number=new_number if new_number != old_number else None,
        words=words_after if words_after != words_before else None,
        winner=after.winner if after.winner != before.winner else None,
    )

