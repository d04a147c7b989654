"""Events in words: one whole sentence for each kind of event, and the header's start line.

Every expected sentence is written by hand: what a player reading `watan replay`
should see for that event.
"""

from __future__ import annotations

from typing import get_args

import pytest
from msgspec.structs import replace

from tests.conftest import WATAN, reference
from tests.engine.test_state import BLUE_AT_10, saved
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
from watan.engine.resources import NONE, Resource
from watan.engine.rules import Card, with_house_rules
from watan.engine.state import Colour
from watan.engine.topology import CriterionId, GoalId, TileId
from watan.files.savefile import parse_board, parse_save
from watan.text.describe import amounts, describe, describe_start

BLUE, RED, ORANGE, YELLOW = Colour.BLUE, Colour.RED, Colour.ORANGE, Colour.YELLOW

SENTENCES: list[tuple[AnyEvent, str]] = [
    (
        CriterionCompleted(colour=BLUE, criterion=CriterionId(20), cost=(1, 1, 1, 0, 1)),
        "Blue completed an Assignment at 20",
    ),
    (
        CriterionCompleted(colour=YELLOW, criterion=CriterionId(0), cost=NONE),
        "Yellow completed an Assignment at 0",
    ),
    (
        CriterionImproved(colour=RED, criterion=CriterionId(32), level=2, cost=(0, 0, 2, 3, 0)),
        "Red improved 32 to a Midterm",
    ),
    (
        CriterionImproved(colour=BLUE, criterion=CriterionId(30), level=3, cost=(3, 2, 2, 2, 1)),
        "Blue improved 30 to an Exam",
    ),
    (GoalAchieved(colour=ORANGE, goal=GoalId(71), cost=(0, 0, 0, 1, 1)), "Orange achieved goal 71"),
    (DiceChosen(colour=BLUE, loaded=True), "Blue chose loaded dice"),
    (DiceChosen(colour=RED, loaded=False), "Red chose fair dice"),
    (DiceRolled(colour=BLUE, roll=8), "Blue rolled 8 (loaded)"),
    (DiceRolled(colour=RED, roll=10, dice=(4, 6)), "Red rolled 10 (4 + 6)"),
    (ResourcesProduced(colour=RED, gained=(0, 2, 0, 0, 0)), "Red gained 2 LAB"),
    (
        ResourcesProduced(colour=BLUE, gained=(1, 0, 3, 0, 2)),
        "Blue gained 1 CAFFEINE, 3 LECTURE, 2 TUTORIAL",
    ),
    (ResourcesLost(colour=ORANGE, lost=(5, 0, 0, 0, 0)), "Orange lost 5 CAFFEINE to the geese"),
    (
        ResourcesLost(colour=YELLOW, lost=(0, 2, 0, 1, 3)),
        "Yellow lost 2 LAB, 1 STUDY, 3 TUTORIAL to the geese",
    ),
    (GeeseMoved(colour=BLUE, tile=TileId(9)), "Blue moved the geese to tile 9"),
    (
        ResourceStolen(thief=BLUE, victim=YELLOW, resource=Resource.LECTURE),
        "Blue stole one LECTURE from Yellow",
    ),
    (
        TradeAccepted(proposer=BLUE, partner=ORANGE, give=Resource.STUDY, take=Resource.CAFFEINE),
        "Blue traded one STUDY to Orange for one CAFFEINE",
    ),
    (
        TradeDeclined(proposer=RED, partner=YELLOW, give=Resource.LAB, take=Resource.TUTORIAL),
        "Yellow declined Red's offer of one LAB for one TUTORIAL",
    ),
    (TurnEnded(colour=YELLOW), "Yellow ended their turn"),
    (GameWon(colour=BLUE), "Blue won the game"),
    (GameResumed(seed=77), "Play resumed in a new session with seed 77"),
    (SeatTaken(colour=RED, player="expert"), "Red is played by the expert strategy from here on"),
    (SeatTaken(colour=RED, player="human"), "Red is played by a person from here on"),
    # The house rules' events (house-rules.md), in the same voice.
    (
        BankTraded(colour=BLUE, give=Resource.LAB, take=Resource.STUDY, rate=4),
        "Blue traded 4 LAB to the bank for one STUDY",
    ),
    (CardBought(colour=RED, card=Card.KNIGHT, cost=(0, 1, 0, 1, 1)), "Red bought a knight card"),
    (KnightPlayed(colour=RED, tile=TileId(4)), "Red played a knight and moved the geese to tile 4"),
    (
        MonopolyPlayed(colour=ORANGE, resource=Resource.CAFFEINE, taken=(2, 0, 0, 5)),
        "Orange played a monopoly on CAFFEINE and took 7 (2 from Blue, 5 from Yellow)",
    ),
    (
        MonopolyPlayed(colour=ORANGE, resource=Resource.LAB, taken=(0, 0, 0, 0)),
        "Orange played a monopoly on LAB and took 0",
    ),
    (PointPlayed(colour=YELLOW), "Yellow played a vp card"),
]


@pytest.mark.parametrize(("event", "sentence"), SENTENCES)
def test_each_event_is_one_sentence_a_player_reads(event: AnyEvent, sentence: str) -> None:
    assert describe(event, WATAN) == sentence


def test_every_kind_of_event_has_a_sentence_here() -> None:
    assert set(get_args(AnyEvent)) == {type(event) for event, _ in SENTENCES}


def test_a_sentence_is_one_line_without_a_full_stop() -> None:
    for event, _ in SENTENCES:
        text = describe(event, WATAN)
        assert "\n" not in text and not text.endswith(".")


def test_an_improvement_to_a_level_no_rule_gives_is_still_described() -> None:
    # A damaged journal can hold any level; describing it must not fail (verify quotes it).
    damaged = CriterionImproved(colour=BLUE, criterion=CriterionId(30), level=7, cost=NONE)
    assert describe(damaged, WATAN) == "Blue improved 30 to completion level 7"


def test_amounts_list_the_nonzero_counts_in_resource_order() -> None:
    assert amounts((0, 2, 0, 1, 0), WATAN) == "2 LAB, 1 STUDY"
    assert amounts((1, 1, 1, 1, 1), WATAN) == "1 CAFFEINE, 1 LAB, 1 LECTURE, 1 STUDY, 1 TUTORIAL"


def test_a_new_game_starts_with_its_number_and_seed_and_setup() -> None:
    board = parse_board(reference("sample-board.txt"), "sample-board.txt", WATAN)
    header = GameStarted(edition=WATAN.name, rules=WATAN.rules, seed=42, game=2, board=board)
    assert describe_start(header) == "Game 2 started with seed 42; setup begins"


def test_a_game_with_house_rules_says_which_they_are() -> None:
    board = parse_board(reference("sample-board.txt"), "sample-board.txt", WATAN)
    rules = with_house_rules(WATAN.rules, ["bank-trade", "seven-over-7"])
    header = GameStarted(edition=WATAN.name, rules=rules, seed=5, board=board)
    assert describe_start(header) == (
        "Game 1 started with seed 5 with the house rules bank-trade, seven-over-7; setup begins"
    )


def test_a_loaded_game_already_won_starts_with_its_winner() -> None:
    won = saved(1, BLUE_AT_10, "", "", "")
    header = GameStarted(
        edition=WATAN.name, rules=WATAN.rules, seed=3, board=won.board, loaded=won.position
    )
    assert describe_start(header) == (
        "Game 1 started with seed 3 from a saved game already won by Blue"
    )


def test_a_loaded_game_starts_from_a_save_with_the_student_who_rolls_next() -> None:
    saved = parse_save(reference("sample-save.sv"), "sample-save.sv", WATAN)
    header = GameStarted(
        edition=WATAN.name, rules=WATAN.rules, seed=3, board=saved.board, loaded=saved.position
    )
    assert describe_start(header) == (
        "Game 1 started with seed 3 from a saved game; Blue rolls next"
    )
    red_next = replace(header, loaded=replace(saved.position, turn=1))
    assert describe_start(red_next) == (
        "Game 1 started with seed 3 from a saved game; Red rolls next"
    )


@pytest.mark.parametrize(
    ("event", "sentence"),
    [
        (
            CriterionCompleted(colour=RED, criterion=CriterionId(20), cost=(1, 1, 1, 0, 1)),
            "Red (expert) completed an Assignment at 20",
        ),
        (ResourcesProduced(colour=RED, gained=(0, 2, 0, 0, 0)), "Red gained 2 LAB"),
        (
            TradeDeclined(proposer=BLUE, partner=RED, give=Resource.LAB, take=Resource.TUTORIAL),
            "Red (expert) declined Blue's offer of one LAB for one TUTORIAL",
        ),
        (
            ResourceStolen(thief=BLUE, victim=RED, resource=Resource.LECTURE),
            "Blue (human) stole one LECTURE from Red",
        ),
    ],
)
def test_in_a_game_with_computers_the_one_who_acts_is_named_with_its_player(
    event: AnyEvent, sentence: str
) -> None:
    # What happens to a student (production, a loss, a steal) is not a move of theirs.
    assert describe(event, WATAN, seats=("human", "expert", "greedy", "random")) == sentence
