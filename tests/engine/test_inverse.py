"""`decide` read backwards: runs of events, the command each run records, the chance it drew,
and whether the rules give the run again.

The journals are the sample turns of `test_definition` (its docstring works them out by hand).
"""

from __future__ import annotations

import pytest

from replay.auditing import Problem
from tests.test_definition import (
    BLUE,
    CAFFEINE,
    HEADER,
    LAB,
    ORANGE,
    RED,
    SAMPLE_EVENTS,
    STUDY,
    WIN_EVENTS,
    YELLOW,
    problem_of,
)
from watan.definition import WATAN
from watan.engine.commands import (
    Achieve,
    AnyCommand,
    ChooseDice,
    Complete,
    Improve,
    Next,
    PlaceGeese,
    Roll,
    Trade,
)
from watan.engine.decide import decide_with
from watan.engine.events import (
    AnyEvent,
    CriterionCompleted,
    DiceChosen,
    DiceRolled,
    GameResumed,
    GameWon,
    GeeseMoved,
    GoalAchieved,
    ResourcesLost,
    ResourcesProduced,
    ResourceStolen,
    TradeDeclined,
    TurnEnded,
)
from watan.engine.evolve import apply, start
from watan.engine.inverse import (
    MOST_EVENTS_PER_COMMAND,
    Impossible,
    RecordedChance,
    command_of,
    commands,
    decided_again,
)
from watan.engine.resources import NONE, Resource, Resources
from watan.engine.topology import CriterionId, GoalId, TileId

# Commands: runs of events ----------------------------------------------------------------------


def test_events_are_grouped_one_run_per_command() -> None:
    e = SAMPLE_EVENTS
    assert list(commands(e)) == [
        (e[0],),  # load
        (e[1], e[2]),  # roll 7 and the loss
        (e[3], e[4]),  # the geese and the steal
        (e[5],),  # trade
        (e[6],),  # next
        (e[7],),  # load
        (e[8], e[9]),  # roll 10 and the production
        (e[10],),  # next
    ]


def test_a_build_and_the_win_it_brings_are_one_run() -> None:
    w = WIN_EVENTS
    assert list(commands(w)) == [(w[0],), (w[1],), (w[2], w[3])]


def test_a_resumption_is_a_run_of_its_own_even_after_a_roll() -> None:
    resumed = GameResumed(seed=5)
    rolled = DiceRolled(colour=RED, roll=10)
    produced = ResourcesProduced(colour=ORANGE, gained=(0, 0, 0, 2, 0))
    assert list(commands([rolled, resumed, produced])) == [(rolled,), (resumed,), (produced,)]
    assert list(commands([rolled, produced, resumed])) == [(rolled, produced), (resumed,)]


def test_no_events_make_no_runs() -> None:
    assert list(commands([])) == []


def test_a_run_is_cut_one_event_past_what_any_command_records() -> None:
    rolled = DiceRolled(colour=RED, roll=10)
    produced = ResourcesProduced(colour=ORANGE, gained=(0, 0, 0, 2, 0))
    runs = list(commands([rolled, *[produced] * 10]))
    assert MOST_EVENTS_PER_COMMAND == 5  # a roll, and what each of the four students gains
    assert runs == [(rolled, *[produced] * 5), (produced,), *[(produced,)] * 4]


def test_thousands_of_productions_after_one_roll_are_refused_at_the_first_extra_one() -> None:
    extra = SAMPLE_EVENTS[9]  # Orange gained 2 STUDY, after Red's roll of 10 (event 9)
    events = (*SAMPLE_EVENTS[:10], *[extra] * 5_000)
    assert problem_of(HEADER, events) == Problem(
        9 + MOST_EVENTS_PER_COMMAND,
        "'Orange gained 2 STUDY' is not part of this command: "
        "no command records more than 5 events",
    )
    judge = WATAN.for_header(HEADER).judge
    assert judge is not None
    assert judge.joins(events, extra) is False  # the roll is further back than any command reaches
    assert judge.joins(events[:10], extra) is True  # a gain just after the roll is part of it


COMMANDS: list[tuple[tuple[AnyEvent, ...], AnyCommand | None]] = [
    (
        (CriterionCompleted(colour=BLUE, criterion=CriterionId(8), cost=NONE),),
        Complete(criterion=8),
    ),
    ((WIN_EVENTS[2], WIN_EVENTS[3]), Improve(criterion=30)),
    ((GoalAchieved(colour=RED, goal=GoalId(5), cost=(0, 0, 0, 1, 1)),), Achieve(goal=5)),
    ((DiceChosen(colour=BLUE, loaded=True),), ChooseDice(loaded=True)),
    ((DiceChosen(colour=BLUE, loaded=False),), ChooseDice(loaded=False)),
    ((SAMPLE_EVENTS[1], SAMPLE_EVENTS[2]), Roll(value=7)),
    ((DiceRolled(colour=RED, roll=10, dice=(4, 6)),), Roll(value=None)),
    ((SAMPLE_EVENTS[3], SAMPLE_EVENTS[4]), PlaceGeese(tile=9, victim=YELLOW)),
    ((GeeseMoved(colour=BLUE, tile=TileId(4)),), PlaceGeese(tile=4, victim=None)),
    ((SAMPLE_EVENTS[5],), Trade(partner=ORANGE, give=STUDY, take=CAFFEINE, accepted=True)),
    (
        (TradeDeclined(proposer=BLUE, partner=RED, give=LAB, take=STUDY),),
        Trade(partner=RED, give=LAB, take=STUDY, accepted=False),
    ),
    ((TurnEnded(colour=BLUE),), Next()),
    ((SAMPLE_EVENTS[9],), None),
    ((SAMPLE_EVENTS[2],), None),
    ((SAMPLE_EVENTS[4],), None),
    ((GameWon(colour=BLUE),), None),
    ((GameResumed(seed=1),), None),
]


@pytest.mark.parametrize(("run", "command"), COMMANDS)
def test_the_first_event_of_a_run_says_which_command_made_it(
    run: tuple[AnyEvent, ...], command: AnyCommand | None
) -> None:
    assert command_of(run) == command


# Recorded chance -------------------------------------------------------------------------------


def test_recorded_chance_hands_back_the_dice_in_order() -> None:
    chance = RecordedChance(
        [DiceRolled(colour=RED, roll=10, dice=(4, 6)), DiceRolled(colour=RED, roll=3, dice=(1, 2))]
    )
    assert [chance.dice(), chance.dice()] == [(4, 6), (1, 2)]


def test_recorded_chance_hands_back_each_loss_then_the_unit_stolen() -> None:
    chance = RecordedChance(
        [
            ResourcesLost(colour=ORANGE, lost=(2, 0, 0, 1, 0)),
            ResourcesLost(colour=YELLOW, lost=(0, 1, 0, 0, 0)),
            ResourceStolen(thief=BLUE, victim=RED, resource=Resource.TUTORIAL),
        ]
    )
    held = (5, 5, 5, 5, 5)
    assert [chance.losses(held, 3), chance.losses(held, 1), chance.unit(held)] == [
        (2, 0, 0, 1, 0),
        (0, 1, 0, 0, 0),
        Resource.TUTORIAL,
    ]


def test_recorded_chance_refuses_what_could_not_have_been_drawn() -> None:
    lost = RecordedChance([ResourcesLost(colour=RED, lost=(0, 1, 0, 0, 0))])
    with pytest.raises(Impossible, match=r"^fair dice rolled without their values$"):
        RecordedChance([DiceRolled(colour=BLUE, roll=8)]).dice()
    with pytest.raises(Impossible, match=r"^fewer units taken than the rules take$"):
        RecordedChance([]).unit((1, 0, 0, 0, 0))
    with pytest.raises(Impossible, match=r"^one LAB taken from a student who had none$"):
        RecordedChance([ResourceStolen(thief=BLUE, victim=RED, resource=LAB)]).unit((3, 0, 0, 0, 0))
    with pytest.raises(Impossible, match=r"^fewer losses to the geese than the rules take$"):
        RecordedChance([]).losses((10, 0, 0, 0, 0), 5)
    with pytest.raises(Impossible, match=r"^1 LAB taken from a student who held 0$"):
        lost.losses((3, 0, 0, 0, 0), 1)


@pytest.mark.parametrize(
    ("lost", "problem"),
    [
        ((1_000_000_000, 0, 0, 0, 0), "1000000000 CAFFEINE taken from a student who held 6"),
        ((-1, 6, 0, 0, 0), "-1 CAFFEINE taken from a student who held 6"),
        ((3, 3, 0, 0, 0), "6 units taken where the rules take 5 (half of 10, rounded down)"),
    ],
)
def test_a_recorded_loss_the_rules_could_not_draw_is_refused_at_once(
    lost: Resources, problem: str
) -> None:
    chance = RecordedChance([ResourcesLost(colour=RED, lost=lost)])
    with pytest.raises(Impossible) as caught:
        chance.losses((6, 4, 0, 0, 0), 5)
    assert (caught.value.problem, caught.value.index) == (problem, 0)


def test_deciding_each_recorded_command_again_gives_its_events() -> None:
    game = start(HEADER)
    for run in commands(SAMPLE_EVENTS):
        command = command_of(run)
        assert command is not None
        assert decide_with(game, command, RecordedChance(run)) == run
        for event in run:
            game = apply(game, event)



def test_each_sound_run_is_decided_again_and_each_altered_one_is_not() -> None:
    game = start(HEADER)
    verdicts = []
    for run in commands(SAMPLE_EVENTS):
        altered = (*run[:-1], TurnEnded(colour=YELLOW))  # its last event, another's
        verdicts.append((decided_again(game, run), decided_again(game, altered)))
        for event in run:
            game = apply(game, event)
    assert verdicts == [(True, False)] * len(list(commands(SAMPLE_EVENTS)))


def test_a_resumption_is_no_command_to_decide_again() -> None:
    assert decided_again(start(HEADER), (GameResumed(seed=1),)) is False
