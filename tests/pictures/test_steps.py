"""A journal as step 0 and each event's changes: put back together, they are every step."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from replay import scan
from tests.conftest import WATAN, read_journal
from tests.recording import JOURNALS
from watan.editions import edition
from watan.editions.model import Edition
from watan.engine.events import SeatTaken, TurnEnded
from watan.engine.evolve import apply, start
from watan.engine.state import COLOURS, NOBODY, Colour, Game, Phase
from watan.pictures.steps import Beginning, Change, Holding, Stepper, beginning, changes
from watan.text.render import standing

GAMES = sorted(JOURNALS.glob("*/journal.jsonl"))


class Step(msgspec.Struct):
    """One step put back together, as the page's script does it."""

    criterion_owner: list[int]
    criterion_level: list[int]
    goal_owner: list[int]
    geese: int
    students: list[Holding]
    turn: int
    turn_number: int
    words: str
    winner: int

    @classmethod
    def first(cls, whole: Beginning) -> Step:
        assert whole.standing.turn is not None and whole.standing.turn_number is not None
        assert whole.standing.words is not None and whole.standing.winner is not None
        return cls(
            list(whole.criterion_owner), list(whole.criterion_level), list(whole.goal_owner),
            whole.geese, list(whole.students), whole.standing.turn,
            whole.standing.turn_number, whole.standing.words, whole.standing.winner,
        )

    def then(self, change: Change) -> Step:
        step = msgspec.structs.replace(
            self,
            criterion_owner=list(self.criterion_owner),
            criterion_level=list(self.criterion_level),
            goal_owner=list(self.goal_owner),
            students=list(self.students),
        )
        for criterion, owner, level in change.criteria:
            step.criterion_owner[criterion], step.criterion_level[criterion] = owner, level
        for goal, owner in change.goals:
            step.goal_owner[goal] = owner
        if change.geese is not None:
            step.geese = change.geese
        for held in change.students:
            parts = {k: v for k, v in msgspec.structs.asdict(held).items() if v is not None}
            step.students[held.student] = msgspec.structs.replace(
                step.students[held.student], **parts
            )
        if change.standing is not None:
            said = msgspec.structs.asdict(change.standing)
            step = msgspec.structs.replace(
                step, **{k: v for k, v in said.items() if v is not None}
            )
        return step


def whole(game: Game, turn_number: int, played: Edition) -> Step:
    """Return a step as the game at it has it, counted independently of `steps`."""
    return Step(
        list(game.criterion_owner), list(game.criterion_level), list(game.goal_owner), game.geese,
        [
            Holding(
                student=colour,
                resources=game.students[colour].resources,
                points=sum(game.criterion_level[c] for c in game.students[colour].criteria),
                criteria=tuple(
                    (c, game.criterion_level[c]) for c in game.students[colour].criteria
                ),
                goals=len(game.students[colour].goals),
            )
            for colour in COLOURS
        ],
        game.turn, turn_number, standing(game, played), game.winner,
    )


@pytest.mark.parametrize("journal", GAMES, ids=[g.parent.name for g in GAMES])
def test_step_0_and_the_changes_put_together_give_every_step_of_a_recorded_game(
    journal: Path,
) -> None:
    recorded = read_journal(str(journal))
    first, played = start(recorded.header), edition(recorded.header.edition)
    step = Step.first(beginning(recorded.header, first, played))
    turns = 0 if first.phase is Phase.SETUP else 1
    assert step == whole(first, turns, played)
    found = list(changes(recorded.header, recorded.events, played))
    assert len(found) == len(recorded.events)
    games = scan(apply, first, recorded.events)
    for event, change, game in zip(recorded.events, found, games, strict=True):
        # Turn 1 is the first after setup; each turn that ends begins the next.
        if turns == 0 and game.phase is not Phase.SETUP:
            turns = 1
        elif isinstance(event, TurnEnded):
            turns += 1
        step = step.then(change)
        assert step == whole(game, turns, played)


def test_a_step_keeps_only_what_its_event_changed() -> None:
    recorded = read_journal(str(JOURNALS / "sevens-and-steals" / "journal.jsonl"))
    found = list(changes(recorded.header, recorded.events, edition(recorded.header.edition)))
    # Event 1 is Blue's first initial Assignment; the roll after setup changes only the phase.
    assert found[0].event == "Blue completed an Assignment at 38"
    assert [c[:2] for c in found[0].criteria] == [(38, 0)] and found[0].goals == ()
    roll = next(c for c in found if "rolled" in c.event)
    assert (roll.criteria, roll.goals, roll.geese, roll.students) == ((), (), None, ())
    assert roll.standing is not None and roll.standing.words is not None
    assert roll.standing.turn is None and roll.standing.turn_number is None


def test_a_game_begun_from_a_save_starts_at_turn_1() -> None:
    recorded = read_journal(str(JOURNALS / "started-with-load" / "journal.jsonl"))
    assert recorded.header.loaded is not None
    assert beginning(recorded.header, start(recorded.header), WATAN).standing.turn_number == 1


def test_the_winner_is_named_from_the_step_the_game_is_won_and_by_nobody_before() -> None:
    # journals/win-by-completion: event 919 is `Orange won the game` (watan replay lists it).
    recorded = read_journal(str(JOURNALS / "win-by-completion" / "journal.jsonl"))
    first = start(recorded.header)
    assert beginning(recorded.header, first, WATAN).standing.winner == NOBODY
    won = [
        (step, change.standing.winner)
        for step, change in enumerate(changes(recorded.header, recorded.events, WATAN), start=1)
        if change.standing is not None and change.standing.winner is not None
    ]
    assert won == [(919, Colour.ORANGE)] and len(recorded.events) == 919


@pytest.mark.parametrize("path", GAMES, ids=lambda path: path.parent.name)
def test_a_live_games_steps_one_event_at_a_time_are_the_replays(path: Path) -> None:
    recorded = read_journal(str(path))
    played = edition(recorded.header.edition)
    named = any(isinstance(event, SeatTaken) for event in recorded.events)
    stepper = Stepper(recorded.header, played, named=named)
    one_by_one = [stepper.step(event) for event in recorded.events]
    assert one_by_one == list(changes(recorded.header, recorded.events, played))


def test_a_live_game_names_who_moved_from_its_first_seat_taken() -> None:
    recorded = read_journal(str(JOURNALS / "sevens-and-steals" / "journal.jsonl"))
    header = recorded.header
    stepper = Stepper(header, WATAN)
    seat = SeatTaken(colour=Colour.RED, player="greedy")
    first, second = stepper.step(seat), stepper.step(recorded.events[0])
    named = Stepper(header, WATAN, named=True)
    assert first == named.step(seat)
    assert second == named.step(recorded.events[0])
