"""The terminal dialogue: whole exchanges compared with what the spec and its rulings print.

`converse` feeds lines through `respond` and writes what a terminal would
show: the prompt (with its question), the line typed, then the output.
Most positions start from the spec's sample save, which is exactly the
position of its §3.6 example: Blue 7 course criteria and 5 STUDY, Red 3
and nothing, Orange 3 and 11 CAFFEINE, Yellow 2 and 3 LECTURE, geese on
tile 8, Blue to roll.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from msgspec.structs import replace

from tests.conftest import WATAN, reference
from tests.positions import make_game
from tests.scripted import Typed, typed
from watan.engine.events import GameStarted, ResourcesLost
from watan.engine.evolve import start
from watan.engine.layout import Board
from watan.engine.resources import Resources
from watan.engine.snapshot import SavedGame
from watan.engine.state import Colour, Game, Phase
from watan.terminal.session import Session, prompt, respond, wants_backup
from watan.text.wording import opening

BLUE, RED, ORANGE, YELLOW = Colour.BLUE, Colour.RED, Colour.ORANGE, Colour.YELLOW

INVALID = "Invalid command.\n"
CANNOT_BUILD = "You cannot build here.\n"
NOT_ENOUGH = "You do not have enough resources.\n"
LOADED_ROLL = "Input a roll between 2 and 12:\n"
GEESE = "Choose where to place the GEESE.\n"
VICTIM = "Choose a student to steal from.\n"
PLAY_AGAIN = "Would you like to play again?\n"
HELP = (
    "Valid commands:\n"
    "board\n"
    "status\n"
    "criteria\n"
    "achieve <goal>\n"
    "complete <criterion>\n"
    "improve <criterion>\n"
    "trade <colour> <give> <take>\n"
    "next\n"
    "save <file>\n"
    "help\n"
)


def converse(game: Game, lines: Sequence[str], seed: int = 0) -> tuple[str, Game]:
    """Return the transcript of typing `lines` and the game they leave."""
    done = typed(game, lines, seed, edition=WATAN)
    return done.text, done.game


def transcript(game: Game, lines: Sequence[str], seed: int = 0) -> str:
    return typed(game, lines, seed, edition=WATAN).text


def status(name: str, criteria: int, held: Resources) -> str:
    """Return a status line as RULINGS 4 words it."""
    caffeine, lab, lecture, study, tutorial = held
    return (
        f"{name} has {criteria} course criteria, {caffeine} caffeines, {lab} labs, "
        f"{lecture} lectures, {study} studies, and {tutorial} tutorials.\n"
    )


def figure1_with(labels: dict[int, str]) -> str:
    """Return spec Figure 1 with some criterion numbers replaced by owner labels (`BA`)."""
    board = reference("board-figure1.txt")
    for criterion, label in labels.items():
        number = f"|{criterion:2d}|"
        assert board.count(number) == 1
        board = board.replace(number, f"|{label}|")
    return board


SAMPLE_STATUS = (
    status("Blue", 7, (0, 0, 0, 5, 0))
    + status("Red", 3, (0, 0, 0, 0, 0))
    + status("Orange", 3, (11, 0, 0, 0, 0))
    + status("Yellow", 2, (0, 0, 3, 0, 0))
)


@pytest.fixture
def sample(sample_save: SavedGame) -> Game:
    """The sample save loaded: Blue's turn, before the roll."""
    header = GameStarted(
        edition=WATAN.name,
        rules=WATAN.rules,
        seed=0,
        board=sample_save.board,
        loaded=sample_save.position,
    )
    return start(header)


@pytest.fixture
def rolled(sample: Game) -> Game:
    """The sample position after Blue's roll, which produced nothing (spec §4.3 commands)."""
    return replace(sample, phase=Phase.AFTER_ROLL)


@pytest.fixture
def fresh(sample_board: Board) -> Game:
    return start(GameStarted(edition=WATAN.name, rules=WATAN.rules, seed=0, board=sample_board))


# Setup (spec §4.1, RULINGS 6, 15, 25) ---------------------------------------------------------

SETUP_PLACES = ["0", "2", "5", "6", "11", "24", "29", "36"]


def test_a_new_game_opens_with_the_first_placement_question(fresh: Game) -> None:
    assert opening(fresh, WATAN) + prompt(Session(game=fresh, edition=WATAN)) == (
        "Student Blue, where do you want to complete an Assignment?\n> "
    )


def test_setup_asks_in_order_then_shows_the_board_and_blues_turn(fresh: Game) -> None:
    board = figure1_with(
        {0: "BA", 2: "RA", 5: "OA", 6: "YA", 11: "YA", 24: "OA", 29: "RA", 36: "BA"}
    )
    assert transcript(fresh, SETUP_PLACES) == (
        "Student Blue, where do you want to complete an Assignment?\n> 0\n"
        "Student Red, where do you want to complete an Assignment?\n> 2\n"
        "Student Orange, where do you want to complete an Assignment?\n> 5\n"
        "Student Yellow, where do you want to complete an Assignment?\n> 6\n"
        "Student Yellow, where do you want to complete an Assignment?\n> 11\n"
        "Student Orange, where do you want to complete an Assignment?\n> 24\n"
        "Student Red, where do you want to complete an Assignment?\n> 29\n"
        "Student Blue, where do you want to complete an Assignment?\n> 36\n"
        + board
        + "Student Blue's turn.\n"
        + status("Blue", 2, (0, 0, 0, 0, 0))
        + "> "
    )


@pytest.mark.parametrize("line", ["54", "-1", "99", "abc", "7.5", "+3", "3x", "", "3 4", "0"])
def test_an_invalid_placement_cannot_be_built_and_the_question_is_asked_again(
    fresh: Game, line: str
) -> None:
    # Blue takes 1; 0 is then next to it.
    question = "Student Red, where do you want to complete an Assignment?\n"
    assert transcript(fresh, ["1", line, "9"]) == (
        "Student Blue, where do you want to complete an Assignment?\n> 1\n"
        f"{question}> {line}\n{CANNOT_BUILD}"
        f"{question}> 9\n"
        "Student Orange, where do you want to complete an Assignment?\n> "
    )


def test_end_of_input_during_setup_saves_no_backup(fresh: Game) -> None:
    assert not wants_backup(fresh, WATAN)
    assert not wants_backup(converse(fresh, SETUP_PLACES[:7])[1], WATAN)
    assert wants_backup(converse(fresh, SETUP_PLACES)[1], WATAN)


# The start of a turn (spec §4.2, RULINGS 2, 5, 9, 20, 21, 22) -----------------------------------


def test_a_loaded_game_opens_with_the_turn_header_and_a_bare_prompt(sample: Game) -> None:
    assert opening(sample, WATAN) + prompt(Session(game=sample, edition=WATAN)) == (
        "Student Blue's turn.\n" + status("Blue", 7, (0, 0, 0, 5, 0)) + "> "
    )


def test_load_and_fair_print_nothing_and_loaded_dice_ask_for_the_roll(sample: Game) -> None:
    assert transcript(sample, ["load", "fair", "load", "roll"]) == (
        f"> load\n> fair\n> load\n> roll\n{LOADED_ROLL}> "
    )


@pytest.mark.parametrize("line", ["abc", "1", "13", "0", "-7", "7.5", "+3", "", "2 3", "twelve"])
def test_an_invalid_loaded_roll_says_so_and_asks_again(sample: Game, line: str) -> None:
    assert transcript(sample, ["load", "roll", line, " 12 "]) == (
        f"> load\n> roll\n{LOADED_ROLL}> {line}\nInvalid roll.\n{LOADED_ROLL}>  12 \n"
        # Tile 12 is TUTORIAL 12: Yellow's 27 and Orange's 40 are on it.
        "Student Orange gained:\n1 TUTORIAL\n"
        "Student Yellow gained:\n1 TUTORIAL\n"
        "> "
    )


def test_a_fair_roll_says_what_was_rolled_then_the_production(sample: Game) -> None:
    same = random.Random(0)
    assert same.randint(1, 6) + same.randint(1, 6) == 8  # what seed 0 rolls
    # Value 8: tile 8 (STUDY) has the geese; tile 11 (LAB) has Blue's exams 25 and 37
    # and Red's midterm 32.
    assert transcript(sample, ["roll"], seed=0) == (
        "> roll\nYou rolled 8.\nStudent Blue gained:\n6 LAB\nStudent Red gained:\n2 LAB\n> "
    )


def test_fair_dice_chosen_again_after_load_say_what_was_rolled(sample: Game) -> None:
    assert transcript(sample, ["load", "fair", "roll"], seed=0).startswith(
        "> load\n> fair\n> roll\nYou rolled 8.\n"
    )


def test_a_roll_nobody_gains_from_says_so(sample: Game) -> None:
    # The geese on tile 12 (TUTORIAL 12) stop Yellow's and Orange's production.
    blocked = replace(sample, geese=12)
    assert transcript(blocked, ["load", "roll", "12"]) == (
        f"> load\n> roll\n{LOADED_ROLL}> 12\nNo students gained resources.\n> "
    )


def test_a_fair_roll_with_no_production_says_what_was_rolled_then_nobody_gained(
    sample_board: Board,
) -> None:
    quiet = make_game(sample_board, phase=Phase.BEFORE_ROLL)
    assert transcript(quiet, ["roll"], seed=0) == (
        "> roll\nYou rolled 8.\nNo students gained resources.\n> "
    )


@pytest.mark.parametrize(
    "line",
    [
        "",
        "   ",
        "dance",
        "next",
        "achieve 38",
        "complete 12",
        "improve 30",
        "trade Orange STUDY CAFFEINE",
        "Roll",
        "LOAD",
        "roll 8",
        "load now",
        "fair 2",
        "board please",
        "status x",
        "criteria Blue",
        "help me",
        "save",
        "save a b",
    ],
)
def test_before_the_roll_other_commands_are_invalid(sample: Game, line: str) -> None:
    done = typed(sample, [line], edition=WATAN)
    assert (done.text, done.events, done.game, done.saved) == (
        f"> {line}\n{INVALID}> ",
        [],
        sample,
        [],
    )


def test_before_the_roll_board_status_criteria_help_and_save_work(sample: Game) -> None:
    lines = ["status", "criteria", "help", "save before.sv"]
    assert transcript(sample, lines) == (
        f"> status\n{SAMPLE_STATUS}"
        "> criteria\nBlue has completed:\n37 3\n25 3\n30 1\n"
        f"> help\n{HELP}"
        "> save before.sv\n"
        "> "
    )
    done = typed(sample, ["save before.sv"], edition=WATAN)
    assert (done.saved, done.events, done.game) == (["before.sv"], [], sample)


def test_board_shows_the_board(fresh: Game) -> None:
    placed = converse(fresh, SETUP_PLACES)[1]
    board = figure1_with(
        {0: "BA", 2: "RA", 5: "OA", 6: "YA", 11: "YA", 24: "OA", 29: "RA", 36: "BA"}
    )
    assert transcript(placed, ["board"]) == f"> board\n{board}> "


# After the roll (spec §4.3, RULINGS 10, 22, 25, 27) -------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "",
        "dance",
        "load",
        "fair",
        "roll",
        "achieve",
        "achieve x",
        "complete 1.5",
        "improve abc",
        "complete +3",
        "achieve 38 39",
        "next now",
        "Next",
        "BOARD",
        "trade",
        "trade Red",
        "trade Red STUDY",
        "trade Red STUDY LAB now",
        "save",
    ],
)
def test_after_the_roll_malformed_or_spent_commands_are_invalid(rolled: Game, line: str) -> None:
    done = typed(rolled, [line], edition=WATAN)
    assert (done.text, done.events, done.game, done.saved) == (
        f"> {line}\n{INVALID}> ",
        [],
        rolled,
        [],
    )


def test_roll_after_the_roll_is_invalid_even_with_loaded_dice(rolled: Game) -> None:
    students = list(rolled.students)
    students[BLUE] = replace(students[BLUE], loaded_dice=True)
    loaded = replace(rolled, students=tuple(students))
    assert transcript(loaded, ["roll"]) == f"> roll\n{INVALID}> "


@pytest.mark.parametrize(
    "line",
    [
        "achieve 99",
        "achieve -1",
        "complete -1",
        "complete 54",
        "improve 54",
        "improve 32",
        "complete 99999999999999999999",
    ],
)
def test_building_at_a_number_off_the_board_or_not_ones_own_cannot_be_built(
    rolled: Game, line: str
) -> None:
    assert transcript(rolled, [line]) == f"> {line}\n{CANNOT_BUILD}> "


def test_building_what_one_cannot_pay_for_is_not_enough(rolled: Game) -> None:
    # Blue holds 5 STUDY only: no TUTORIAL for a goal at own criterion 30, no LECTURE to improve.
    assert transcript(rolled, ["achieve 46", "improve 30"]) == (
        f"> achieve 46\n{NOT_ENOUGH}> improve 30\n{NOT_ENOUGH}> "
    )


def test_building_prints_nothing_and_shows_in_status_and_criteria(
    sample_board: Board,
) -> None:
    game = make_game(
        sample_board,
        resources={BLUE: (1, 1, 3, 5, 3)},
        criteria={30: (BLUE, 1)},
    )
    lines = [
        "achieve 43",
        "complete 31",
        "achieve 47",
        "complete 37",
        "improve 37",
        "criteria",
        "status",
    ]
    assert transcript(game, lines) == (
        # 31 is next to Blue's own 30 (spec §3.1).
        f"> achieve 43\n> complete 31\n{CANNOT_BUILD}> achieve 47\n> complete 37\n"
        "> improve 37\n"
        "> criteria\nBlue has completed:\n30 1\n37 2\n"
        "> status\n"
        + status("Blue", 3, (0, 0, 0, 0, 0))
        + status("Red", 0, (0, 0, 0, 0, 0))
        + status("Orange", 0, (0, 0, 0, 0, 0))
        + status("Yellow", 0, (0, 0, 0, 0, 0))
        + "> "
    )


def test_next_prints_the_next_students_turn_and_nothing_else(rolled: Game) -> None:
    assert transcript(rolled, ["next"]) == (
        "> next\nStudent Red's turn.\n" + status("Red", 3, (0, 0, 0, 0, 0)) + "> "
    )


def test_after_yellows_turn_comes_blues(sample: Game) -> None:
    yellow = replace(sample, turn=YELLOW, phase=Phase.AFTER_ROLL)
    assert transcript(yellow, ["next"]) == (
        "> next\nStudent Blue's turn.\n" + status("Blue", 7, (0, 0, 0, 5, 0)) + "> "
    )


def test_save_after_the_roll_prints_nothing_and_asks_for_the_file(rolled: Game) -> None:
    assert typed(rolled, ["save some game.sv"], edition=WATAN) == Typed(
        f"> save some game.sv\n{INVALID}> ", rolled, [], [], "input", INVALID
    )
    assert typed(rolled, ["save game.sv"], edition=WATAN) == Typed(
        "> save game.sv\n> ", rolled, [], ["game.sv"], "input", ""
    )


def test_help_after_the_roll_lists_the_commands(rolled: Game) -> None:
    assert transcript(rolled, ["help"]) == f"> help\n{HELP}> "


# The geese (spec §3.6, RULINGS 13, 14, 29) ------------------------------------------------------


def test_the_spec_geese_example_word_for_word(sample: Game) -> None:
    assert transcript(sample, ["load", "roll", "7", "9", "Yellow", "status"]) == (
        f"> load\n> roll\n{LOADED_ROLL}> 7\n"
        "Student Orange loses 5 resources to the geese. They lose:\n"
        "5 CAFFEINE\n"
        f"{GEESE}> 9\n"
        "Student Blue can choose to steal from Yellow.\n"
        f"{VICTIM}> Yellow\n"
        "Student Blue steals LECTURE from student Yellow.\n"
        "> status\n"
        + status("Blue", 7, (0, 0, 1, 5, 0))
        + status("Red", 3, (0, 0, 0, 0, 0))
        + status("Orange", 3, (6, 0, 0, 0, 0))
        + status("Yellow", 2, (0, 0, 2, 0, 0))
        + "> "
    )


def test_a_fair_seven_says_what_was_rolled_before_the_losses(sample: Game) -> None:
    same = random.Random(1)
    assert same.randint(1, 6) + same.randint(1, 6) == 7  # what seed 1 rolls
    assert transcript(sample, ["roll"], seed=1) == (
        "> roll\nYou rolled 7.\n"
        "Student Orange loses 5 resources to the geese. They lose:\n5 CAFFEINE\n"
        f"{GEESE}> "
    )


def test_losses_are_reported_in_student_order_roller_included(sample_board: Board) -> None:
    game = make_game(
        sample_board,
        turn=ORANGE,
        phase=Phase.BEFORE_ROLL,
        loaded=[ORANGE],
        resources={BLUE: (0, 0, 0, 0, 21), RED: (9, 0, 0, 0, 0), ORANGE: (0, 10, 0, 0, 0)},
    )
    assert transcript(game, ["roll", "7"]) == (
        f"> roll\n{LOADED_ROLL}> 7\n"
        "Student Blue loses 10 resources to the geese. They lose:\n10 TUTORIAL\n"
        "Student Orange loses 5 resources to the geese. They lose:\n5 LAB\n"
        f"{GEESE}> "
    )


def test_a_loss_lists_only_the_resources_lost_in_resource_order(sample_board: Board) -> None:
    game = make_game(
        sample_board,
        phase=Phase.BEFORE_ROLL,
        loaded=[BLUE],
        resources={BLUE: (0, 6, 0, 0, 6)},
    )
    done = typed(game, ["roll", "7"], edition=WATAN)
    lost = done.events[1]
    assert isinstance(lost, ResourcesLost)
    _, labs, _, _, tutorials = lost.lost
    assert (labs + tutorials, labs > 0, tutorials > 0) == (6, True, True)  # seed 0 takes both
    assert done.text == (
        f"> roll\n{LOADED_ROLL}> 7\n"
        "Student Blue loses 6 resources to the geese. They lose:\n"
        f"{labs} LAB\n{tutorials} TUTORIAL\n{GEESE}> "
    )


@pytest.mark.parametrize("line", ["abc", "", "19", "-1", "100", "9.0", "8", "9 Yellow"])
def test_an_invalid_geese_tile_asks_again(sample: Game, line: str) -> None:
    # Tile 8 is where the geese already are (sample-save.sv).
    assert transcript(sample, ["load", "roll", "7", line, "9"]).endswith(
        f"{GEESE}> {line}\n{GEESE}> 9\nStudent Blue can choose to steal from Yellow.\n{VICTIM}> "
    )


def test_the_victims_are_listed_in_student_order_separated_by_commas(sample: Game) -> None:
    # Give Red (midterm 32 on tile 9) one LAB so that Red can be robbed too.
    red_holds = replace(sample.students[RED], resources=(0, 1, 0, 0, 0))
    students = (*sample.students[:1], red_holds, *sample.students[2:])
    game = replace(sample, students=students)
    assert transcript(game, ["load", "roll", "7", "9", "rEd", "status"]).endswith(
        f"{GEESE}> 9\n"
        "Student Blue can choose to steal from Red, Yellow.\n"
        f"{VICTIM}> rEd\n"
        "Student Blue steals LAB from student Red.\n"
        "> status\n"
        + status("Blue", 7, (0, 1, 0, 5, 0))
        + status("Red", 3, (0, 0, 0, 0, 0))
        + status("Orange", 3, (6, 0, 0, 0, 0))
        + status("Yellow", 2, (0, 0, 3, 0, 0))
        + "> "
    )


@pytest.mark.parametrize("line", ["Purple", "Red", "Blue", "", "Yellow Red", "yes", "3"])
def test_a_victim_not_listed_asks_again(sample: Game, line: str) -> None:
    assert transcript(sample, ["load", "roll", "7", "9", line, "YELLOW"]).endswith(
        f"{VICTIM}> {line}\n{VICTIM}> YELLOW\nStudent Blue steals LECTURE from student Yellow.\n> "
    )


@pytest.mark.parametrize("tile", ["3", "11"])
def test_a_tile_with_nobody_to_rob_says_so(sample: Game, tile: str) -> None:
    # Tile 3 has no criteria; on tile 11 are only Blue (the roller) and Red (holding nothing).
    assert transcript(sample, ["load", "roll", "7", tile]).endswith(
        f"{GEESE}> {tile}\nStudent Blue has no students to steal from.\n> "
    )


def test_after_the_geese_the_turn_goes_on(sample: Game) -> None:
    assert transcript(sample, ["load", "roll", "7", "3", "next"]).endswith(
        "> next\nStudent Red's turn.\n" + status("Red", 3, (0, 0, 0, 0, 0)) + "> "
    )


# Trades (spec §3.5.4, RULINGS 12, 26, 27) ------------------------------------------------------


def test_an_accepted_trade_shows_the_offer_and_swaps_silently(rolled: Game) -> None:
    assert transcript(rolled, ["trade Orange STUDY CAFFEINE", "yes", "status"]) == (
        "> trade Orange STUDY CAFFEINE\n"
        "Blue offers Orange one STUDY for one CAFFEINE.\n"
        "Does Orange accept this offer?\n"
        "> yes\n"
        "> status\n"
        + status("Blue", 7, (1, 0, 0, 4, 0))
        + status("Red", 3, (0, 0, 0, 0, 0))
        + status("Orange", 3, (10, 0, 0, 1, 0))
        + status("Yellow", 2, (0, 0, 3, 0, 0))
        + "> "
    )


def test_a_declined_trade_changes_nothing(rolled: Game) -> None:
    text, after = converse(rolled, ["trade Yellow STUDY LECTURE", "no"])
    assert text == (
        "> trade Yellow STUDY LECTURE\n"
        "Blue offers Yellow one STUDY for one LECTURE.\n"
        "Does Yellow accept this offer?\n"
        "> no\n"
        "> "
    )
    assert after == rolled


@pytest.mark.parametrize("answer", ["maybe", "Yes", "YES", "y", "No", "", "yes please"])
def test_an_answer_other_than_yes_or_no_asks_again(rolled: Game, answer: str) -> None:
    assert transcript(rolled, ["trade Orange STUDY CAFFEINE", answer, "yes"]) == (
        "> trade Orange STUDY CAFFEINE\n"
        "Blue offers Orange one STUDY for one CAFFEINE.\n"
        f"Does Orange accept this offer?\n> {answer}\n"
        "Does Orange accept this offer?\n> yes\n"
        "> "
    )


def test_a_yes_from_a_partner_who_lacks_the_resource_ends_the_trade(rolled: Game) -> None:
    text, after = converse(rolled, ["trade Red STUDY LAB", "yes"])
    assert text == (
        "> trade Red STUDY LAB\n"
        "Blue offers Red one STUDY for one LAB.\n"
        "Does Red accept this offer?\n"
        f"> yes\n{NOT_ENOUGH}"
        "> "
    )
    assert after == rolled


def test_offering_what_one_lacks_is_refused_before_asking(rolled: Game) -> None:
    assert transcript(rolled, ["trade Red LAB STUDY"]) == (f"> trade Red LAB STUDY\n{NOT_ENOUGH}> ")


@pytest.mark.parametrize(
    "line",
    [
        "trade Purple STUDY LAB",
        "trade Blue STUDY CAFFEINE",
        "trade blue study caffeine",
        "trade Orange STUDY COFFEE",
        "trade Orange COFFEE STUDY",
        "trade Orange NETFLIX STUDY",
        "trade Orange STUDY netflix",
        "TRADE Orange STUDY CAFFEINE",
        "trade Orange 3 0",
        # Letters that only Unicode case mapping turns into STUDY or CAFFEINE.
        "trade Orange \u017ftudy CAFFEINE",
        "trade Orange STUDY ca\ufb00eine",
    ],
)
def test_trading_with_oneself_or_in_unknown_resources_is_invalid(rolled: Game, line: str) -> None:
    assert transcript(rolled, [line]) == f"> {line}\n{INVALID}> "


def test_names_in_any_case_are_accepted_and_printed_canonically(rolled: Game) -> None:
    lines = ["trade orange study caffeine", "no", "trade YELLOW Study Lecture"]
    assert transcript(rolled, lines) == (
        "> trade orange study caffeine\n"
        "Blue offers Orange one STUDY for one CAFFEINE.\n"
        "Does Orange accept this offer?\n"
        "> no\n"
        "> trade YELLOW Study Lecture\n"
        "Blue offers Yellow one STUDY for one LECTURE.\n"
        "Does Yellow accept this offer?\n"
        "> "
    )


def test_a_resource_may_be_offered_for_the_same_resource(sample_board: Board) -> None:
    game = make_game(sample_board, resources={BLUE: (0, 1, 0, 0, 0), RED: (0, 1, 0, 0, 0)})
    done = typed(game, ["trade Red LAB LAB", "yes"], edition=WATAN)
    assert (done.text, done.game) == (
        "> trade Red LAB LAB\nBlue offers Red one LAB for one LAB.\n"
        "Does Red accept this offer?\n> yes\n> ",
        game,
    )


# Winning (spec §4.4, RULINGS 7, 17) -----------------------------------------------------------


def _nearly_won(board: Board) -> Game:
    """Blue with 9 course criteria after the roll, able to pay for an exam or an assignment."""
    return make_game(
        board,
        resources={BLUE: (4, 3, 3, 2, 2)},
        criteria={25: (BLUE, 3), 37: (BLUE, 3), 12: (BLUE, 2), 30: (BLUE, 1)},
        goals={43: BLUE, 61: BLUE},
    )


@pytest.mark.parametrize("line", ["improve 12", "complete 45"])
def test_reaching_ten_course_criteria_announces_the_winner_and_asks_to_play_again(
    sample_board: Board, line: str
) -> None:
    assert transcript(_nearly_won(sample_board), [line]) == (
        f"> {line}\nStudent Blue has won!\n{PLAY_AGAIN}> "
    )


@pytest.mark.parametrize("answer", ["maybe", "", "Yes", "NO", "y", "status", "yes no"])
def test_an_answer_to_play_again_other_than_yes_or_no_asks_again(
    sample_board: Board, answer: str
) -> None:
    won = converse(_nearly_won(sample_board), ["improve 12"])[1]
    assert transcript(won, [answer]) == f"{PLAY_AGAIN}> {answer}\n{PLAY_AGAIN}> "
    assert typed(won, [answer], edition=WATAN).ending == "input"
    said = respond(Session(game=won, edition=WATAN), answer)
    assert (said.output, said.outcome, said.hint) == (
        "", None, "Answer yes for a new game, or no to stop.\n"
    )


def test_yes_plays_again_and_no_quits(sample_board: Board) -> None:
    won = converse(_nearly_won(sample_board), ["improve 12"])[1]
    assert typed(
        won, ["yes"], edition=WATAN
    ) == Typed(f"{PLAY_AGAIN}> yes\n", won, [], [], "play again", "")
    assert typed(
        won, ["no"], edition=WATAN
    ) == Typed(f"{PLAY_AGAIN}> no\n", won, [], [], "quit", "")


def test_end_of_input_after_a_win_saves_no_backup(sample_board: Board) -> None:
    won = converse(_nearly_won(sample_board), ["improve 12"])[1]
    assert not wants_backup(won, WATAN)


# End of input mid-turn (RULINGS 16, 26, 30) ---------------------------------------------------


def test_end_of_input_saves_a_backup_before_and_after_the_roll(sample: Game) -> None:
    assert wants_backup(sample, WATAN)
    assert wants_backup(converse(sample, ["load", "roll"])[1], WATAN)
    assert wants_backup(converse(sample, ["load", "roll", "2"])[1], WATAN)
    assert wants_backup(
        converse(sample, ["load", "roll", "2", "trade Orange STUDY CAFFEINE"])[1], WATAN
    )


def test_end_of_input_at_the_geese_questions_keeps_the_roll_and_the_geese_where_they_were(
    sample: Game,
) -> None:
    expected_game = _orange_lost_five(sample)
    at_tile = converse(sample, ["load", "roll", "7"])[1]
    at_victim = converse(sample, ["load", "roll", "7", "9"])[1]
    assert (wants_backup(at_tile, WATAN), at_tile) == (True, expected_game)
    assert (wants_backup(at_victim, WATAN), at_victim) == (True, expected_game)


def _orange_lost_five(game: Game) -> Game:
    """The sample after Blue loaded the dice and rolled 7: Orange down to 6 CAFFEINE."""
    students = list(game.students)
    students[BLUE] = replace(students[BLUE], loaded_dice=True)
    students[ORANGE] = replace(students[ORANGE], resources=(6, 0, 0, 0, 0))
    return replace(game, students=tuple(students), phase=Phase.GEESE)
