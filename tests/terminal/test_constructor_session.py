"""Constructor's dialogue: whole exchanges compared with what its spec and rulings print.

Most positions start from the spec's sample position in Constructor's words
(`tests.files.test_constructor_savefile.SAMPLE`), which is exactly the position of
Constructor §3.6's example: Blue 5 HEAT, Red nothing, Orange 11 BRICK,
Yellow 3 GLASS, geese on tile 8, Blue to roll.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from tests.conftest import CONSTRUCTOR, WATAN
from tests.editions.test_editions import BASEMENT, HOUSE, ROAD, TOWER
from tests.files.test_constructor_savefile import SAMPLE
from tests.files.test_constructor_savefile import parse as parse_save
from tests.positions import make_game
from tests.scripted import typed
from tests.text.test_constructor_render import (
    built,
    figure_with,
    sample_board_text,
    status,
)
from watan.engine.layout import Board
from watan.engine.resources import Resources
from watan.engine.state import COLOURS, Colour, Game, Phase, loaded_game, new_game, saved_game
from watan.files.savefile import format_save
from watan.terminal.session import Session, prompt, wants_backup
from watan.text.wording import opening
from watan.tools.compare import told_apart

BLUE, RED, ORANGE, YELLOW = Colour.BLUE, Colour.RED, Colour.ORANGE, Colour.YELLOW


def converse(game: Game, lines: Sequence[str], seed: int = 0) -> tuple[str, Game]:
    """Return the transcript of typing `lines`, in Constructor's words, and the game they
    leave."""
    done = typed(game, lines, seed, edition=CONSTRUCTOR)
    return done.text, done.game


def transcript(game: Game, lines: Sequence[str], seed: int = 0) -> str:
    return typed(game, lines, seed, edition=CONSTRUCTOR).text


INVALID = "Invalid command.\n"
CANNOT_BUILD = "You cannot build here.\n"
NOT_ENOUGH = "You do not have enough resources.\n"
LOADED_ROLL = "Input a roll between 2 and 12:\n"
GEESE = "Choose where to place the GEESE.\n"
VICTIM = "Choose a builder to steal from.\n"
PLAY_AGAIN = "Would you like to play again?\n"
HELP = (  # spec §4.3, word for word
    "Valid commands:\n"
    "board\n"
    "status\n"
    "residences\n"
    "build-road <path#>\n"
    "build-res <housing#>\n"
    "improve <housing#>\n"
    "trade <colour> <give> <take>\n"
    "next\n"
    "save <file>\n"
    "help\n"
)
NOTHING: Resources = (0, 0, 0, 0, 0)


def question(colour: str) -> str:
    """Return the setup question (spec §4.1)."""
    return f"Builder {colour}, where do you want to build a basement?\n"


SETUP = ["8", "16", "24", "31", "40", "44", "47", "27"]
"""Blue 8, Red 16, Orange 24, Yellow 31, Yellow 40, Orange 44, Red 47, Blue 27 (spec §4.1)."""
SETUP_BOARD = figure_with(
    {8: "BB", 16: "RB", 24: "OB", 31: "YB", 40: "YB", 44: "OB", 47: "RB", 27: "BB"}
)


@pytest.fixture
def fresh(sample_board: Board) -> Game:
    return new_game(sample_board, CONSTRUCTOR.rules)


@pytest.fixture
def sample() -> Game:
    """The sample position loaded: Blue's turn, before the roll, dice loaded."""
    saved = parse_save(SAMPLE)
    return loaded_game(saved.board, saved.position, CONSTRUCTOR.rules)


@pytest.fixture
def rolled(sample: Game) -> Game:
    """The sample after Blue rolled 2: Red's house and Yellow's two basements on tile 9."""
    return converse(sample, ["roll", "2"])[1]


def after_roll(
    board: Board,
    *,
    criteria: dict[int, tuple[Colour, int]] | None = None,
    goals: dict[int, Colour] | None = None,
    resources: dict[Colour, Resources] | None = None,
) -> Game:
    """Return a position built by hand, played by Constructor's rules, after Blue's roll."""
    return make_game(
        board, criteria=criteria, goals=goals, resources=resources, rules=CONSTRUCTOR.rules
    )


def short_of(price: Resources, resource: int) -> Resources:
    """Return `price` less one unit of `resource`."""
    a, b, c, d, e = (n - (r == resource) for r, n in enumerate(price))
    return (a, b, c, d, e)


SAMPLE_STATUS_AFTER_2 = (
    status("Blue", 7, (0, 0, 0, 5, 0))
    + status("Red", 3, (2, 0, 0, 0, 0))
    + status("Orange", 3, (11, 0, 0, 0, 0))
    + status("Yellow", 2, (2, 0, 3, 0, 0))
)


# --- dice (spec §2.8, RULINGS-constructor 3 and 11) ----------------------------------------


def test_every_builder_starts_a_new_game_with_loaded_dice(sample_board: Board) -> None:
    game = new_game(sample_board, CONSTRUCTOR.rules)
    assert [s.loaded_dice for s in game.students] == [True] * 4


def test_every_builder_starts_a_loaded_game_with_loaded_dice(sample: Game) -> None:
    assert [s.loaded_dice for s in sample.students] == [True] * 4


def test_watan_students_start_with_fair_dice(sample_board: Board) -> None:
    saved = parse_save(SAMPLE)
    loaded = loaded_game(saved.board, saved.position, WATAN.rules)
    for game in (new_game(sample_board, WATAN.rules), loaded):
        assert [s.loaded_dice for s in game.students] == [False] * 4


def test_roll_asks_for_the_loaded_value_without_choosing_load_first(sample: Game) -> None:
    assert transcript(sample, ["roll"]) == f"> roll\n{LOADED_ROLL}> "


@pytest.mark.parametrize("line", ["1", "13", "seven", "7.5", ""])
def test_an_invalid_loaded_roll_says_so_and_asks_again(sample: Game, line: str) -> None:
    # Spec §2.8.1: "Invalid roll." followed by the previous prompt.
    assert transcript(sample, ["roll", line]) == (
        f"> roll\n{LOADED_ROLL}> {line}\nInvalid roll.\n{LOADED_ROLL}> "
    )


def test_fair_dice_say_what_was_rolled(sample: Game) -> None:
    shown = transcript(sample, ["fair", "roll"], seed=4)
    assert shown.startswith("> fair\n> roll\nYou rolled ")


# --- setup and the start of a turn (spec §4.1, §4.2; RULINGS-constructor 4, 10) ------------


def test_a_new_game_opens_with_blues_basement_question(fresh: Game) -> None:
    assert opening(
        fresh, CONSTRUCTOR
    ) + prompt(Session(game=fresh, edition=CONSTRUCTOR)) == question("Blue") + "> "


def test_after_the_eighth_basement_the_board_is_shown_twice_then_blues_turn(
    fresh: Game,
) -> None:
    order = ["Blue", "Red", "Orange", "Yellow", "Yellow", "Orange", "Red", "Blue"]
    assert transcript(fresh, SETUP) == (
        "".join(f"{question(who)}> {place}\n" for who, place in zip(order, SETUP, strict=True))
        + SETUP_BOARD
        + SETUP_BOARD
        + "Builder Blue's turn.\n"
        + status("Blue", 2, NOTHING)
        + "> "
    )


@pytest.mark.parametrize("line", ["54", "-1", "abc", "7.5", "", "9"])
def test_an_invalid_basement_cannot_be_built_and_the_question_is_asked_again(
    fresh: Game, line: str
) -> None:
    # Blue takes 8; 9 is then next to it.
    assert transcript(fresh, ["8", line, "16"]) == (
        f"{question('Blue')}> 8\n"
        f"{question('Red')}> {line}\n{CANNOT_BUILD}"
        f"{question('Red')}> 16\n"
        f"{question('Orange')}> "
    )


def test_a_loaded_game_opens_with_the_board_then_the_turn_header(sample: Game) -> None:
    assert opening(sample, CONSTRUCTOR) + prompt(Session(game=sample, edition=CONSTRUCTOR)) == (
        sample_board_text() + "Builder Blue's turn.\n" + status("Blue", 7, (0, 0, 0, 5, 0)) + "> "
    )


def test_a_loaded_watan_game_opens_without_the_board() -> None:
    saved = parse_save(SAMPLE)
    game = loaded_game(saved.board, saved.position, WATAN.rules)
    assert opening(game, WATAN).startswith("Student Blue's turn.\n")


def test_every_turn_begins_with_the_board(rolled: Game) -> None:
    assert transcript(rolled, ["next"]) == (
        "> next\n"
        + sample_board_text()
        + "Builder Red's turn.\n"
        + status("Red", 3, (2, 0, 0, 0, 0))
        + "> "
    )


# --- production and the geese (spec §3.5.5, §3.6; RULINGS-constructor 13) ------------------


def test_production_is_listed_builder_by_builder(sample: Game) -> None:
    # Tile 9 (BRICK 2): Red's house at 32 gives 2, Yellow's basements at 20 and 27 one each.
    assert transcript(sample, ["roll", "2"]) == (
        f"> roll\n{LOADED_ROLL}> 2\n"
        "Builder Red gained:\n2 BRICK\n"
        "Builder Yellow gained:\n2 BRICK\n"
        "> "
    )


def test_a_tower_gives_three_and_the_geese_block_their_tile(sample: Game) -> None:
    # 8: tile 11 (ENERGY) has Blue's towers 25 and 37 and Red's house 32; tile 8 (HEAT)
    # has Blue's 25 and 30 but the geese.
    assert typed(sample, ["roll", "8"], edition=CONSTRUCTOR).last == (
        "Builder Blue gained:\n6 ENERGY\nBuilder Red gained:\n2 ENERGY\n"
    )


def test_wifi_is_named_wifi_in_production(sample: Game) -> None:
    # 12: tile 12 (WIFI) has Yellow's 27 and Orange's 40.
    assert typed(sample, ["roll", "12"], edition=CONSTRUCTOR).last == (
        "Builder Orange gained:\n1 WIFI\nBuilder Yellow gained:\n1 WIFI\n"
    )


def test_a_roll_nobody_gains_from_says_no_builders(sample_board: Board) -> None:
    # Blue's basement at 0 is on tile 0 (BRICK 3); 2 is tile 9's value.
    game = built(sample_board, {BLUE: ((0, 1),)})
    assert typed(game, ["roll", "2"], edition=CONSTRUCTOR).last == "No builders gained resources.\n"


def test_the_spec_geese_example_word_for_word(sample: Game) -> None:
    # Spec §3.6, its losses one resource per line (RULINGS-constructor 13).
    assert transcript(sample, ["roll", "7", "9", "Yellow", "status"]) == (
        f"> roll\n{LOADED_ROLL}> 7\n"
        "Builder Orange loses 5 resources to the geese. They lose:\n5 BRICK\n"
        f"{GEESE}> 9\n"
        "Builder Blue can choose to steal from Yellow.\n"
        f"{VICTIM}> Yellow\n"
        "Builder Blue steals GLASS from builder Yellow.\n"
        "> status\n"
        # "Now Blue has 1 GLASS, 5 HEAT, Red has no resources, Orange has 6 BRICK,
        # and YELLOW has 2 GLASS."
        + status("Blue", 7, (0, 0, 1, 5, 0))
        + status("Red", 3, NOTHING)
        + status("Orange", 3, (6, 0, 0, 0, 0))
        + status("Yellow", 2, (0, 0, 2, 0, 0))
        + "> "
    )


def test_geese_on_a_tile_with_nobody_to_rob_say_so(sample: Game) -> None:
    assert typed(sample, ["roll", "7", "0"], edition=CONSTRUCTOR).last == (
        "Builder Blue has no builders to steal from.\n"
    )


def test_a_victim_not_listed_asks_again(sample: Game) -> None:
    assert transcript(sample, ["roll", "7", "9", "Red"]).endswith(
        f"{VICTIM}> Red\n{VICTIM}> "
    )


# --- the turn's commands (spec §4.3) ---------------------------------------------------------


def test_help_is_the_specs_before_and_after_the_roll(sample: Game, rolled: Game) -> None:
    assert typed(sample, ["help"], edition=CONSTRUCTOR).last == HELP
    assert typed(rolled, ["help"], edition=CONSTRUCTOR).last == HELP


def test_before_the_roll_residences_works_and_building_is_invalid(sample: Game) -> None:
    # RULINGS 9 with the edition's words: `residences` for `criteria`.
    assert typed(
        sample, ["residences"], edition=CONSTRUCTOR
    ).last == "Blue has built:\n37 T\n25 T\n30 B\n"
    assert typed(sample, ["build-road 46"], edition=CONSTRUCTOR).last == INVALID
    assert typed(sample, ["next"], edition=CONSTRUCTOR).last == INVALID


def test_board_status_and_residences(rolled: Game) -> None:
    assert transcript(rolled, ["board", "status", "residences"]) == (
        "> board\n"
        + sample_board_text()
        + "> status\n"
        + SAMPLE_STATUS_AFTER_2
        + "> residences\nBlue has built:\n37 T\n25 T\n30 B\n> "
    )


@pytest.mark.parametrize(
    "line", ["criteria", "achieve 46", "complete 36", "build-road", "build-res x", "residences 1"]
)
def test_watan_command_words_are_invalid_in_constructor(rolled: Game, line: str) -> None:
    assert typed(rolled, [line], edition=CONSTRUCTOR).last == INVALID


@pytest.mark.parametrize("line", ["residences", "build-road 46", "build-res 36"])
def test_constructor_command_words_are_invalid_in_watan(rolled: Game, line: str) -> None:
    assert typed(rolled, [line], edition=WATAN).last == INVALID


def test_build_road_build_res_and_improve_charge_the_specs_prices(sample_board: Board) -> None:
    # Blue owns a basement at 30 and the road on 43 (30-31), and exactly the price of a
    # road, a basement, a house and a tower.
    total = tuple(sum(cost) for cost in zip(ROAD, BASEMENT, HOUSE, TOWER, strict=True))
    assert total == (4, 3, 5, 6, 3)
    session = after_roll(
        sample_board, criteria={30: (BLUE, 1)}, goals={43: BLUE}, resources={BLUE: total}
    )
    lines = ["build-road 47", "build-res 37", "improve 30", "improve 30", "status", "residences"]
    assert transcript(session, lines) == (
        "> build-road 47\n> build-res 37\n> improve 30\n> improve 30\n"
        "> status\n"
        + status("Blue", 4, NOTHING)
        + status("Red", 0, NOTHING)
        + status("Orange", 0, NOTHING)
        + status("Yellow", 0, NOTHING)
        + "> residences\nBlue has built:\n30 T\n37 B\n> "
    )


PRICED = [
    (line, price, roads, short)
    for line, price, roads in [
        ("build-road 47", ROAD, {}),
        ("build-res 37", BASEMENT, {47: BLUE}),
        ("improve 30", HOUSE, {}),
    ]
    for short in range(5)
    if price[short]
]


@pytest.mark.parametrize(("line", "price", "roads", "short"), PRICED)
def test_one_unit_short_of_the_price_is_not_enough(
    sample_board: Board, line: str, price: Resources, roads: dict[int, Colour], short: int
) -> None:
    held = short_of(price, short)
    session = after_roll(
        sample_board,
        criteria={30: (BLUE, 1)},
        goals={43: BLUE, **roads},
        resources={BLUE: held},
    )
    assert typed(session, [line], edition=CONSTRUCTOR).last == NOT_ENOUGH


@pytest.mark.parametrize("short", [r for r in range(5) if TOWER[r]])
def test_one_unit_short_of_a_tower_is_not_enough(sample_board: Board, short: int) -> None:
    held = short_of(TOWER, short)
    session = after_roll(
        sample_board, criteria={30: (BLUE, 2)}, resources={BLUE: held}
    )
    assert typed(session, ["improve 30"], edition=CONSTRUCTOR).last == NOT_ENOUGH


@pytest.mark.parametrize(
    "line",
    [
        "build-road 52",  # 37-38: no road or residence of Blue's there (spec §3.3)
        "build-road 46",  # 30-36, next to Blue's basement, but Yellow's (spec §2.6)
        "build-road 72",
        "build-res 31",  # next to Blue's basement at 30 (spec §3.1)
        "build-res 37",  # no road of Blue's reaches it
        "build-res 20",  # Yellow's
        "improve 32",  # Red's
        "improve 0",  # nobody's
    ],
)
def test_building_where_the_rules_forbid_cannot_be_built(sample_board: Board, line: str) -> None:
    session = after_roll(
        sample_board,
        criteria={30: (BLUE, 1), 20: (YELLOW, 1), 32: (RED, 2)},
        goals={43: BLUE, 46: YELLOW},
        resources={BLUE: (9, 9, 9, 9, 9)},
    )
    assert typed(session, [line], edition=CONSTRUCTOR).last == CANNOT_BUILD


def test_a_tower_cannot_be_improved(sample_board: Board) -> None:
    session = after_roll(sample_board, criteria={30: (BLUE, 3)}, resources={BLUE: (9, 9, 9, 9, 9)})
    assert typed(session, ["improve 30"], edition=CONSTRUCTOR).last == CANNOT_BUILD


# --- trades (spec §3.5.4) ----------------------------------------------------------------------


def test_a_trade_names_the_editions_resources(rolled: Game) -> None:
    assert transcript(rolled, ["trade red heat wifi", "no"]) == (
        "> trade red heat wifi\n"
        "Blue offers Red one HEAT for one WIFI.\n"
        "Does Red accept this offer?\n> no\n> "
    )


def test_an_accepted_trade_swaps_one_for_one(rolled: Game) -> None:
    # Blue 5 HEAT, Yellow 2 BRICK and 3 GLASS after the roll.
    after = converse(rolled, ["trade Yellow HEAT glass", "yes"])[1]
    assert typed(after, ["status"], edition=CONSTRUCTOR).last == (
        status("Blue", 7, (0, 0, 1, 4, 0))
        + status("Red", 3, (2, 0, 0, 0, 0))
        + status("Orange", 3, (11, 0, 0, 0, 0))
        + status("Yellow", 2, (2, 0, 2, 1, 0))
    )


@pytest.mark.parametrize(
    "line",
    [
        "trade red park heat",
        "trade red heat PARK",
        "trade red caffeine heat",
        "trade red heat tutorial",
        "trade red study lab",
        "trade red netflix heat",
        "trade red wi-fi heat",
    ],
)
def test_park_and_watans_resources_cannot_be_traded(rolled: Game, line: str) -> None:
    assert typed(rolled, [line], edition=CONSTRUCTOR).last == INVALID


def test_constructors_resources_cannot_be_traded_in_watan(rolled: Game) -> None:
    assert typed(rolled, ["trade red heat brick"], edition=WATAN).last == INVALID


# --- winning and end of input (spec §4.4, §4.5; RULINGS-constructor 6, 12) ------------------


def nearly_won(board: Board) -> Game:
    """Blue at 9 building points (towers at 30 and 37, a house at 12, a basement at 0)."""
    return after_roll(
        board,
        criteria={30: (BLUE, 3), 37: (BLUE, 3), 12: (BLUE, 2), 0: (BLUE, 1)},
        resources={BLUE: TOWER},
    )


def test_ten_building_points_win(sample_board: Board) -> None:
    assert transcript(nearly_won(sample_board), ["improve 12"]) == (
        f"> improve 12\nBuilder Blue has won!\n{PLAY_AGAIN}> "
    )


def test_yes_plays_again_and_no_quits(sample_board: Board) -> None:
    won = converse(nearly_won(sample_board), ["improve 12"])[1]
    assert typed(won, ["yes"], edition=CONSTRUCTOR).ending == "play again"
    assert typed(won, ["no"], edition=CONSTRUCTOR).ending == "quit"


def test_end_of_input_wants_a_backup_at_any_point(fresh: Game, sample_board: Board) -> None:
    assert wants_backup(fresh, CONSTRUCTOR)
    for placed in range(1, 9):
        assert wants_backup(converse(fresh, SETUP[:placed])[1], CONSTRUCTOR)
    assert wants_backup(converse(nearly_won(sample_board), ["improve 12"])[1], CONSTRUCTOR)


def test_end_of_input_in_watan_wants_no_backup_in_setup_or_once_won(
    sample_board: Board,
) -> None:
    fresh = new_game(sample_board, WATAN.rules)
    assert not wants_backup(fresh, WATAN)
    assert not wants_backup(converse(fresh, SETUP[:3])[1], WATAN)
    won = converse(nearly_won(sample_board), ["improve 12"])[1]
    assert not wants_backup(won, WATAN)


def test_a_save_during_setup_names_blue_and_the_basements_so_far(fresh: Game) -> None:
    # RULINGS-constructor 12: curTurn 0, the basements placed so far, geese -1.
    game: Game = converse(fresh, SETUP[:3])[1]
    assert game.turn == YELLOW
    board = format_save(saved_game(game), CONSTRUCTOR).splitlines()[5]
    assert format_save(saved_game(game), CONSTRUCTOR) == (
        "0\n"
        "0 0 0 0 0 r h 8 B\n"
        "0 0 0 0 0 r h 16 B\n"
        "0 0 0 0 0 r h 24 B\n"
        "0 0 0 0 0 r h\n"
        f"{board}\n"
        "-1\n"
    )
    assert board + "\n" == SAMPLE.splitlines(keepends=True)[5]
    assert saved_game(game).position.turn == 0


def test_a_save_after_setup_names_blue(fresh: Game) -> None:
    game = converse(fresh, SETUP)[1]
    assert (game.phase, saved_game(game).position.turn) == (Phase.BEFORE_ROLL, 0)


def test_every_colour_title_is_the_specs() -> None:
    assert [c.title for c in COLOURS] == ["Blue", "Red", "Orange", "Yellow"]


# --- `watan diff` speaks the edition's words ---------------------------------------------------


def test_differences_between_constructor_games_use_its_names(sample_board: Board) -> None:
    before = make_game(sample_board, criteria={12: (BLUE, 1)}, goals={20: BLUE})
    after = make_game(
        sample_board, criteria={12: (BLUE, 2)}, goals={20: BLUE, 21: BLUE},
        resources={BLUE: (1, 0, 0, 0, 0)},
    )
    assert told_apart(before, after, CONSTRUCTOR) == [
        "Blue: BRICK 0 → 1",
        "address 12: Blue's Basement → Blue's House",
        "path 21: none → Blue",
    ]
