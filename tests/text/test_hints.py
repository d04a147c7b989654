"""The hints' words: why a build is refused, what a silent command did, what is affordable.

Most positions are the spec's sample save (Blue to play, holding 5 STUDY; Blue's
criteria 37 and 25 are Exams and 30 an Assignment, its goals 38, 47 and 43; Red has
32 and 44, Orange 16 and 40, Yellow 20 and 27), after the roll.  Neighbours and goal
ends are read off the spec's `topology.json`: criterion 31 touches 25, 30 and 37;
criterion 0 touches 1 and 3 by goals 0 and 1; goal 35 joins 25 and 26.
"""

from __future__ import annotations

import msgspec
import pytest

from tests.conftest import WATAN, reference
from tests.positions import with_student
from tests.test_definition import SAMPLE
from watan.editions.constructor import EDITION as CONSTRUCTOR
from watan.editions.model import Edition
from watan.engine.commands import (
    Achieve,
    AnyCommand,
    BuyCard,
    Complete,
    Improve,
    Trade,
    TradeWithBank,
)
from watan.engine.decide import Refusal, refusal
from watan.engine.events import (
    BankTraded,
    CriterionCompleted,
    DiceChosen,
    DiceRolled,
    GoalAchieved,
    ResourcesProduced,
    TradeAccepted,
    TradeDeclined,
)
from watan.engine.resources import NONE, Resource
from watan.engine.rules import Card, with_house_rules
from watan.engine.state import Colour, Game, Phase, loaded_game, new_game
from watan.engine.topology import CriterionId, GoalId
from watan.files.savefile import parse_save
from watan.text import hints, render

AFTER_ROLL = msgspec.structs.replace(
    loaded_game(SAMPLE.board, SAMPLE.position, WATAN.rules), phase=Phase.AFTER_ROLL
)
"""The sample save, Blue having rolled."""


def refused(game: Game, command: AnyCommand, line: str = "", edition: Edition = WATAN) -> str:
    """Return the hint for a command the rules refuse (and check that they do), in the words
    of `edition`."""
    why = refusal(game, command)
    assert why is not None
    return hints.refused(game, edition, command, why, line)


@pytest.mark.parametrize(
    ("command", "hint"),
    [
        (Complete(criterion=20), "Criterion 20 is taken: it is Yellow's Assignment.\n"),
        (
            Complete(criterion=31),
            "Criterion 25, next to criterion 31, is taken: it is Blue's Exam.\n",
        ),
        (Complete(criterion=0), "None of Blue's goals leads to criterion 0.\n"),
        (Complete(criterion=99), "There is no criterion 99: criteria are 0-53.\n"),
        (Achieve(goal=38), "Goal 38 is taken: Blue achieved it.\n"),
        (Achieve(goal=0), "None of Blue's criteria or goals touches goal 0.\n"),
        (Achieve(goal=72), "There is no goal 72: goals are 0-71.\n"),
        (Improve(criterion=20), "Criterion 20 is not Blue's to improve: it is Yellow's "
                                "Assignment.\n"),
        (Improve(criterion=0), "Criterion 0 is not Blue's to improve: nobody has completed "
                               "it.\n"),
        (Improve(criterion=37), "Criterion 37 is an Exam already, the highest level.\n"),
    ],
)
def test_a_refused_build_says_which_rule_stands_in_the_way(command: AnyCommand, hint: str) -> None:
    assert refusal(AFTER_ROLL, command) is Refusal.CANNOT_BUILD
    assert refused(AFTER_ROLL, command) == hint


@pytest.mark.parametrize(
    ("command", "hint"),
    [
        # RULINGS 23: a goal costs 1 STUDY and 1 TUTORIAL, a Midterm 2 LECTURE and 3 STUDY.
        (Achieve(goal=35), "A goal costs 1 STUDY, 1 TUTORIAL; Blue lacks 1 TUTORIAL.\n"),
        (Improve(criterion=30), "A Midterm costs 2 LECTURE, 3 STUDY; Blue lacks 2 LECTURE.\n"),
        (
            Trade(partner=Colour.RED, give=Resource.LAB, take=Resource.STUDY, accepted=False),
            "Blue holds no LAB to offer.\n",
        ),
        (
            Trade(partner=Colour.RED, give=Resource.STUDY, take=Resource.LAB, accepted=True),
            "Red holds no LAB to give.\n",
        ),
    ],
)
def test_a_build_or_trade_short_of_resources_says_what_is_missing(
    command: AnyCommand, hint: str
) -> None:
    assert refusal(AFTER_ROLL, command) is Refusal.NOT_ENOUGH_RESOURCES
    assert refused(AFTER_ROLL, command) == hint


def test_the_reasons_are_in_the_editions_words() -> None:
    game = msgspec.structs.replace(
        loaded_game(SAMPLE.board, SAMPLE.position, CONSTRUCTOR.rules), phase=Phase.AFTER_ROLL
    )
    assert refused(game, Complete(criterion=20), edition=CONSTRUCTOR) == (
        "Address 20 is taken: it is Yellow's Basement.\n"
    )
    assert refused(game, Achieve(goal=38), edition=CONSTRUCTOR) == (
        "Path 38 is taken: Blue built a road on it.\n"
    )
    assert refused(game, Improve(criterion=37), edition=CONSTRUCTOR) == (
        "Address 37 is a Tower already, the highest level.\n"
    )


def test_an_unknown_command_says_what_works_before_the_roll_and_after() -> None:
    before = msgspec.structs.replace(AFTER_ROLL, phase=Phase.BEFORE_ROLL)
    assert hints.refused(before, WATAN, None, Refusal.INVALID_COMMAND, "dance") == (
        "Before the roll: load, fair or roll; board, status, criteria and help work at any "
        "time.\n"
    )
    assert hints.refused(AFTER_ROLL, WATAN, None, Refusal.INVALID_COMMAND, "dance") == (
        "Type help for the list of commands.\n"
    )
    assert hints.refused(before, WATAN, None, Refusal.INVALID_ROLL, "13") == (
        "A loaded roll is a whole number from 2 to 12.\n"
    )
    assert hints.refused(AFTER_ROLL, WATAN, None, Refusal.VICTIM, "Purple") == ""


# Setup ------------------------------------------------------------------------------------------

NEW = new_game(SAMPLE.board, WATAN.rules)
GUIDE = (
    "Answer with the number of a free criterion (0-53) for Blue's Assignment: none of the "
    "criteria next to it may be taken. `board` shows the board.\n"
)


def test_before_the_first_placement_the_board_and_how_to_answer_are_shown() -> None:
    assert hints.placing(NEW, WATAN) == reference("board-figure1.txt") + GUIDE


@pytest.mark.parametrize(
    ("line", "hint"),
    [
        ("board", reference("board-figure1.txt")),
        (" help ", GUIDE),
        ("status", GUIDE),
        ("dance", GUIDE),
        ("-4", GUIDE),
        ("60", "There is no criterion 60: criteria are 0-53.\n"),
    ],
)
def test_words_at_the_setup_question_are_answered_by_a_hint(line: str, hint: str) -> None:
    typed = Complete(criterion=-1 if not line.strip().lstrip("-").isdigit() else int(line))
    assert refused(NEW, typed, line) == hint


def test_a_placement_next_to_one_says_which() -> None:
    placed = msgspec.structs.replace(
        NEW,
        criterion_owner=(0, *NEW.criterion_owner[1:]),
        criterion_level=(1, *NEW.criterion_level[1:]),
        setup_step=1,
        turn=Colour.RED,
    )
    assert refused(placed, Complete(criterion=1)) == (
        "Criterion 0, next to criterion 1, is taken: it is Blue's Assignment.\n"
    )
    assert refused(placed, Complete(criterion=0)) == (
        "Criterion 0 is taken: it is Blue's Assignment.\n"
    )


# What a command did -----------------------------------------------------------------------------


def test_commands_the_spec_leaves_silent_are_confirmed() -> None:
    events = (
        CriterionCompleted(colour=Colour.BLUE, criterion=CriterionId(20), cost=NONE),
        GoalAchieved(colour=Colour.BLUE, goal=GoalId(22), cost=NONE),
        TradeAccepted(
            proposer=Colour.BLUE, partner=Colour.ORANGE, give=Resource.STUDY,
            take=Resource.CAFFEINE,
        ),
        TradeDeclined(
            proposer=Colour.BLUE, partner=Colour.RED, give=Resource.STUDY, take=Resource.LAB
        ),
        DiceChosen(colour=Colour.BLUE, loaded=True),
        DiceRolled(colour=Colour.BLUE, roll=8),  # the spec's own lines say these two
        ResourcesProduced(colour=Colour.BLUE, gained=(0, 1, 0, 0, 0)),
    )
    assert hints.done(AFTER_ROLL, events, AFTER_ROLL, WATAN) == (
        "Blue completed an Assignment at 20.\n"
        "Blue achieved goal 22.\n"
        "Blue traded one STUDY to Orange for one CAFFEINE.\n"
        "Red declined Blue's offer of one STUDY for one LAB.\n"
        "Blue chose loaded dice.\n"
    )


def test_a_person_typed_their_own_commands_and_their_answers_to_computers() -> None:
    seated = msgspec.structs.replace(AFTER_ROLL, seats=("expert", "human", "expert", "expert"))
    trade = TradeAccepted(
        proposer=Colour.BLUE, partner=Colour.RED, give=Resource.STUDY, take=Resource.LAB
    )
    with_orange = TradeDeclined(
        proposer=Colour.BLUE, partner=Colour.ORANGE, give=Resource.STUDY, take=Resource.LAB
    )
    assert hints.typed_by_person(AFTER_ROLL, (trade,), "human")
    assert hints.typed_by_person(seated, (trade,), "human")
    assert not hints.typed_by_person(seated, (with_orange,), "human")
    assert not hints.typed_by_person(seated, (GoalAchieved(colour=Colour.BLUE, goal=GoalId(35),
                                                           cost=NONE),), "human")


# What the student can afford --------------------------------------------------------------------

ONE_ASSIGNMENT = parse_save(
    "0\n0 0 0 1 1 g c 0 1\n0 0 0 0 0 g c\n0 0 0 0 0 g c\n0 0 0 0 0 g c\n"
    + reference("sample-board.txt"),
    "one.sv",
    WATAN,
)
"""Blue with an Assignment at criterion 0 and exactly a goal's price (1 STUDY, 1 TUTORIAL)."""


def test_the_affordable_builds_are_listed_by_command_with_their_places() -> None:
    game = msgspec.structs.replace(
        loaded_game(ONE_ASSIGNMENT.board, ONE_ASSIGNMENT.position, WATAN.rules),
        phase=Phase.AFTER_ROLL,
    )
    # Criterion 0 ends goals 0 and 1 (topology.json); nothing else is affordable.
    assert hints.affordable_builds(game, WATAN) == "Blue can afford: achieve 0 or 1.\n"


def test_with_every_price_in_hand_each_kind_of_build_is_listed() -> None:
    rich = msgspec.structs.replace(
        AFTER_ROLL,
        students=(
            msgspec.structs.replace(AFTER_ROLL.students[0], resources=(9, 9, 9, 9, 9)),
            *AFTER_ROLL.students[1:],
        ),
    )
    said = hints.affordable_builds(rich, WATAN)
    # Blue's goals end at 25, 31, 30 and 37: 31 is next to Blue's own criteria, so no
    # Assignment can be completed; 30 (an Assignment) is the one criterion to improve.
    assert said.startswith("Blue can afford: achieve ")
    assert "complete" not in said
    assert said.endswith("; improve 30.\n")


def test_nothing_affordable_is_said_plainly() -> None:
    assert hints.affordable_builds(AFTER_ROLL, WATAN) == "Blue can afford no build yet.\n"


# Where a game stands, and what is kept ----------------------------------------------------------


@pytest.mark.parametrize(
    ("phase", "roll", "said"),
    [
        (Phase.AFTER_ROLL, 8, "Blue has rolled 8; commands after the roll (help lists them).\n"),
        (Phase.BEFORE_ROLL, None, "Blue's turn, before the roll (fair dice).\n"),
        (Phase.GEESE, 7, "Blue's turn: a 7 was rolled and the geese wait to be placed.\n"),
        (Phase.OVER, None, "Blue has won; the game is over.\n"),
    ],
)
def test_a_resumed_game_says_where_it_stands(phase: Phase, roll: int | None, said: str) -> None:
    assert hints.resumed(msgspec.structs.replace(AFTER_ROLL, phase=phase), WATAN, roll) == said


def test_a_resumed_setup_says_who_places_next() -> None:
    game = msgspec.structs.replace(NEW, setup_step=3, turn=Colour.YELLOW)
    assert hints.resumed(game, WATAN, None) == (
        "Setup: Yellow places an initial assignment (3 of 8 placed).\n"
    )


def test_end_of_input_says_what_was_kept_and_how_to_go_on() -> None:
    assert hints.kept(AFTER_ROLL, "watan", "j/game.jsonl", "backup.sv") == (
        "End of input: the game is kept in j/game.jsonl and backup.sv; play on with "
        "`watan play --resume j/game.jsonl`.\n"
    )
    assert hints.kept(NEW, "constructor", "my game.jsonl", None) == (
        "End of input: the game is kept in my game.jsonl; play on with "
        "`constructor play --resume 'my game.jsonl'`.\n"
    )
    assert hints.kept(AFTER_ROLL, "watan", None, "backup.sv") == (
        "End of input: the game is saved in backup.sv; play on with `watan -load backup.sv`.\n"
    )
    assert hints.kept(NEW, "watan", None, None) == (
        "End of input: nothing was played, so nothing is kept.\n"
    )
    over = msgspec.structs.replace(AFTER_ROLL, phase=Phase.OVER)
    assert hints.kept(over, "watan", "g.jsonl", None) == (
        "End of input: the finished game is kept in g.jsonl; `watan replay g.jsonl` lists it.\n"
    )


def test_a_save_is_confirmed() -> None:
    assert hints.saved("game.sv") == "Saved the game to game.sv.\n"


def test_the_board_hint_is_the_spec_board() -> None:
    assert hints.refused(NEW, WATAN, Complete(criterion=-1), Refusal.CANNOT_BUILD, "board") == (
        render.board(NEW, WATAN)
    )


# House rules (house-rules.md) -------------------------------------------------------------------

HOUSE = msgspec.structs.replace(
    AFTER_ROLL, rules=with_house_rules(WATAN.rules, ["standard"]), deck=(Card.VP,)
)
"""The sample position after the roll, with all four house rules: Blue holds 5 STUDY."""


def test_a_bank_trade_short_of_the_rate_says_what_the_bank_takes() -> None:
    assert refused(HOUSE, TradeWithBank(give=Resource.LAB, take=Resource.STUDY)) == (
        "The bank takes 4 LAB for one of another resource; Blue holds 0.\n"
    )


def test_a_card_short_of_its_price_says_what_it_costs_in_the_editions_words() -> None:
    # House-rules.md: a card costs one LAB, one STUDY and one TUTORIAL (Constructor: ENERGY,
    # HEAT, WIFI); Blue holds 5 STUDY.
    assert refused(HOUSE, BuyCard()) == (
        "A development card costs 1 LAB, 1 STUDY, 1 TUTORIAL; Blue lacks 1 LAB, 1 TUTORIAL.\n"
    )
    assert refused(HOUSE, BuyCard(), edition=CONSTRUCTOR) == (
        "A dev card costs 1 ENERGY, 1 HEAT, 1 WIFI; Blue lacks 1 ENERGY, 1 WIFI.\n"
    )


def test_before_the_roll_with_cards_play_dev_and_devs_are_named_too() -> None:
    before = msgspec.structs.replace(HOUSE, phase=Phase.BEFORE_ROLL)
    assert hints.refused(before, WATAN, None, Refusal.INVALID_COMMAND, "dance") == (
        "Before the roll: load, fair, roll or play-dev; board, status, criteria, devs and "
        "help work at any time.\n"
    )


def test_a_bank_trade_which_prints_nothing_is_confirmed() -> None:
    traded = BankTraded(colour=Colour.BLUE, give=Resource.STUDY, take=Resource.LAB, rate=4)
    assert hints.done(HOUSE, (traded,), HOUSE, WATAN) == (
        "Blue traded 4 STUDY to the bank for one LAB.\n"
    )


# What was wrong with a line re-asked or refused, and what is accepted ---------------------------

BEFORE_ROLL = msgspec.structs.replace(AFTER_ROLL, phase=Phase.BEFORE_ROLL)


def mistyped(game: Game, line: str, refused: Refusal = Refusal.INVALID_COMMAND) -> str:
    return hints.refused(game, WATAN, None, refused, line)


def test_help_before_the_roll_says_what_can_be_done_now() -> None:
    assert hints.shown(BEFORE_ROLL, WATAN, "help") == (
        "Now, before the roll: roll (Blue's dice are fair), load to choose each roll (2-12), "
        "fair for two dice; board, status, criteria, save <file> and help at any time. "
        "Building, trading and next come after the roll.\n"
    )
    assert hints.shown(AFTER_ROLL, WATAN, "help") == ""


def test_help_before_the_roll_with_cards_names_play_dev_and_devs() -> None:
    before = msgspec.structs.replace(HOUSE, phase=Phase.BEFORE_ROLL)
    assert hints.shown(before, CONSTRUCTOR, "help") == (
        "Now, before the roll: roll (Blue's dice are fair), load to choose each roll (2-12), "
        "fair for two dice, play-dev <card>; board, status, residences, devs, save <file> and "
        "help at any time. Building, trading and next come after the roll.\n"
    )


def test_a_trade_with_no_such_student_names_those_one_may_trade_with() -> None:
    assert mistyped(AFTER_ROLL, "trade Purple LAB STUDY") == (
        "'Purple' is not a student to trade with: Red, Orange or Yellow.\n"
    )
    assert mistyped(AFTER_ROLL, "trade blue LAB STUDY") == (  # RULINGS 12: not with oneself
        "'blue' is not a student to trade with: Red, Orange or Yellow.\n"
    )


def test_a_trade_of_no_such_resource_lists_the_resources() -> None:
    assert mistyped(AFTER_ROLL, "trade Red COFFEE LAB") == (
        "'COFFEE' is no resource: the resources are CAFFEINE, LAB, LECTURE, STUDY, TUTORIAL.\n"
    )
    assert mistyped(AFTER_ROLL, "trade red study netflix") == (  # NETFLIX is never held
        "'netflix' is no resource: the resources are CAFFEINE, LAB, LECTURE, STUDY, TUTORIAL.\n"
    )
    assert mistyped(AFTER_ROLL, "trade Red STUDY") == (
        "Type trade Red <give> <take>: one resource to give, one to take; the resources are "
        "CAFFEINE, LAB, LECTURE, STUDY, TUTORIAL.\n"
    )


def test_a_bank_trade_typo_says_what_is_wrong_or_that_the_rule_is_off() -> None:
    assert mistyped(HOUSE, "trade-bank COFFEE LAB") == (
        "'COFFEE' is no resource: the resources are CAFFEINE, LAB, LECTURE, STUDY, TUTORIAL.\n"
    )
    assert mistyped(AFTER_ROLL, "trade-bank STUDY LAB") == (
        "trade-bank is the house rule bank-trade, which this game does not play "
        "(--house-rules bank-trade when a game starts).\n"
    )


def test_a_build_without_a_number_says_what_it_takes() -> None:
    assert mistyped(AFTER_ROLL, "achieve x") == "Type achieve <goal>: the number of a goal, 0-71.\n"
    assert mistyped(AFTER_ROLL, "improve") == (
        "Type improve <criterion>: the number of a criterion, 0-53.\n"
    )
    # Typed right but before the roll (RULINGS 9): what the phase takes, as any word gets.
    assert mistyped(BEFORE_ROLL, "complete 20") == mistyped(BEFORE_ROLL, "dance") == (
        "Before the roll: load, fair or roll; board, status, criteria and help work at any "
        "time.\n"
    )


def test_a_wrong_geese_tile_says_which_tiles_are_allowed() -> None:
    geese = msgspec.structs.replace(AFTER_ROLL, phase=Phase.GEESE)  # the sample's geese: tile 8
    assert mistyped(geese, "8", Refusal.GEESE_TILE) == (
        "'8' is not a tile for the geese: a tile number from 0 to 18, other than tile 8 where "
        "they are.\n"
    )
    off = msgspec.structs.replace(geese, geese=-1)
    assert mistyped(off, "x", Refusal.GEESE_TILE) == (
        "'x' is not a tile for the geese: a tile number from 0 to 18.\n"
    )


def test_a_wrong_victim_names_those_one_may_steal_from() -> None:
    said = hints.refused(
        AFTER_ROLL, WATAN, None, Refusal.VICTIM, "Purple",
        candidates=(Colour.ORANGE, Colour.YELLOW),
    )
    assert said == "'Purple' is not one to steal from here: answer Orange or Yellow.\n"


def test_a_trade_answer_other_than_yes_or_no_says_what_is_accepted() -> None:
    assert mistyped(AFTER_ROLL, "Yes", Refusal.ANSWER) == "Answer yes or no, in small letters.\n"


def test_devs_with_no_card_says_what_buys_one() -> None:
    # The sample's students hold no card.
    empty = msgspec.structs.replace(
        AFTER_ROLL, rules=with_house_rules(WATAN.rules, ["dev-cards"])
    )
    assert hints.shown(empty, WATAN, "cards") == (
        "Blue holds no development cards: buy-dev, after the roll, buys one for 1 LAB, 1 STUDY, "
        "1 TUTORIAL.\n"
    )
    assert hints.shown(with_student(HOUSE, Colour.BLUE, cards=(1, 0, 0)), WATAN, "cards") == ""


# Setup that teaches: odds and the best places ---------------------------------------------------


def test_the_odds_of_each_tile_value_are_said_likeliest_first() -> None:
    # Two fair dice: 36 pairs; 6 and 8 come up 5 ways each, 2 and 12 one way (spec §2.8.2).
    assert hints.odds_of_values() == (
        "How often a tile's value comes up on two fair dice: 6 and 8 5/36, 5 and 9 4/36, "
        "4 and 10 3/36, 3 and 11 2/36, 2 and 12 1/36 a roll (7, 6/36, moves the geese).\n"
    )


def test_the_board_before_the_first_placement_can_carry_the_odds() -> None:
    assert hints.placing(NEW, WATAN, with_odds=True) == (
        reference("board-figure1.txt") + hints.odds_of_values() + GUIDE
    )


def test_the_best_places_are_the_most_productive_then_the_most_varied() -> None:
    # Figure 1 (topology.json): criterion 31 touches tiles 8 (STUDY 8), 11 (LAB 8) and
    # 13 (LAB 5): 5 + 5 + 4 = 14 of 36; 37 touches 11, 13 and 16 (TUTORIAL 6): 14 too.  25
    # (LECTURE 11, STUDY 8, LAB 8) and 38 (LAB 8, TUTORIAL 11, TUTORIAL 6) both make 12; 25
    # gives three resources to 38's two.
    assert hints.best_placements(NEW, WATAN) == (
        "Best for Blue by production, then variety: 31 (STUDY 8, LAB 8, LAB 5: 14/36 a roll); "
        "37 (LAB 8, LAB 5, TUTORIAL 6: 14/36 a roll); 25 (LECTURE 11, STUDY 8, LAB 8: 12/36 a "
        "roll).\n"
    )


def test_the_best_places_leave_out_those_next_to_a_taken_one() -> None:
    # Blue took 31, whose neighbours are 25, 30 and 37: Red's best is 38, then 44 (tiles 14,
    # 16, 17: TUTORIAL 11, TUTORIAL 6, LECTURE 9: 2 + 5 + 4).
    after = msgspec.structs.replace(
        NEW,
        criterion_owner=tuple(Colour.BLUE if c == 31 else -1 for c in range(54)),
        criterion_level=tuple(1 if c == 31 else 0 for c in range(54)),
        turn=Colour.RED,
        setup_step=1,
    )
    assert hints.best_placements(after, WATAN).startswith(
        "Best for Red by production, then variety: 38 (LAB 8, TUTORIAL 11, TUTORIAL 6: 12/36 "
        "a roll); 44 (TUTORIAL 11, TUTORIAL 6, LECTURE 9: 11/36 a roll); "
    )
