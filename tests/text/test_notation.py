"""Commands as typed lines: `parse` reads what `format` writes, in each edition's words."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from replay.folding import fold
from tests.conftest import CONSTRUCTOR, WATAN
from tests.positions import make_game, with_student
from watan.editions import edition
from watan.editions.model import Edition
from watan.engine.commands import (
    Achieve,
    BuyCard,
    ChooseDice,
    Complete,
    Improve,
    Next,
    Offer,
    PlaceGeese,
    PlayKnight,
    PlayMonopoly,
    PlayPoint,
    Roll,
    TakeSeat,
    Trade,
    TradeWithBank,
)
from watan.engine.decide import Refusal, decide
from watan.engine.events import GameStarted
from watan.engine.evolve import apply, start
from watan.engine.layout import Board, random_board
from watan.engine.moves import legal_commands, legal_house_moves
from watan.engine.resources import Resource
from watan.engine.rules import Card, shuffled_deck, with_house_rules
from watan.engine.snapshot import SavedGame
from watan.engine.state import HUMAN, Colour, Game, Phase, loaded_game
from watan.text.notation import Seating, Suggest, format, parse, read

BLUE, RED, ORANGE, YELLOW = Colour.BLUE, Colour.RED, Colour.ORANGE, Colour.YELLOW
EDITIONS = st.sampled_from(["watan", "constructor"])
SEATING = Seating(strategies=("random", "greedy", "expert"), default="expert")


def states(seed: int, played: Edition, count: int, house: bool = False) -> list[Game]:
    """Return `count` states met in a seeded game of random legal moves, loaded dice included;
    with all four house rules when `house`."""
    rng = random.Random(seed)
    rules = with_house_rules(played.rules, ["standard"] if house else [])
    board = random_board(rng)
    header = GameStarted(
        edition=played.name, rules=rules, seed=seed, board=board, deck=shuffled_deck(rules, rng)
    )
    game = start(header)
    seen = [game]
    while len(seen) < count and game.phase is not Phase.OVER:
        game = fold(apply, game, decide(game, rng.choice(legal_commands(game)), rng))
        seen.append(game)
    return seen


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), rules=EDITIONS, house=st.booleans())
def test_every_legal_command_reads_back_as_itself(seed: int, rules: str, house: bool) -> None:
    played = edition(rules)
    for game in states(seed, played, 300, house)[::3]:
        for command in legal_commands(game):
            assert parse(
                format(command, game, played), game, played
            ) == command, (command, game.phase)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32), rules=EDITIONS)
def test_every_offer_reads_back_as_the_trade_its_answer_makes(seed: int, rules: str) -> None:
    played = edition(rules)
    for game in states(seed, played, 300)[::5]:
        for command in legal_commands(game):
            if isinstance(command, Trade):
                offer = Offer(partner=command.partner, give=command.give, take=command.take)
                assert format(offer, game, played) == format(command, game, played)[:1]
                assert parse(
                    [*format(offer, game, played), "no"], game, played
                ) == offer.answered(False)


@pytest.mark.parametrize("rules", ["watan", "constructor"])
@pytest.mark.parametrize("phase", [Phase.BEFORE_ROLL, Phase.AFTER_ROLL])
def test_every_house_rule_command_reads_back_as_itself(
    sample_board: Board, rules: str, phase: Phase
) -> None:
    played = edition(rules)
    game = make_game(
        sample_board,
        phase=phase,
        resources={BLUE: (4, 4, 4, 4, 4), RED: (1, 0, 0, 0, 0)},
        criteria={20: (RED, 1), 33: (BLUE, 1)},
        rules=with_house_rules(played.rules, ["standard"]),
    )
    game = replace(game, deck=(Card.VP,), students=(
        replace(game.students[0], cards=(1, 1, 1)), *game.students[1:]
    ))
    house = legal_house_moves(game)
    assert {type(c) for c in house} == (
        {PlayKnight, PlayMonopoly, PlayPoint}
        | ({TradeWithBank, BuyCard} if phase is Phase.AFTER_ROLL else set())
    )
    for command in house:
        assert parse(format(command, game, played), game, played) == command


def test_house_rule_commands_are_written_in_the_documents_words(sample_board: Board) -> None:
    game = make_game(sample_board, rules=with_house_rules(WATAN.rules, ["standard"]))
    assert [format(command, game, WATAN) for command in (
        TradeWithBank(give=Resource.LAB, take=Resource.STUDY), BuyCard(), PlayPoint(),
        PlayMonopoly(resource=Resource.TUTORIAL), PlayKnight(tile=3),
        PlayKnight(tile=9, victim=RED),
    )] == [
        ("trade-bank LAB STUDY",), ("buy-dev",), ("play-dev vp",),
        ("play-dev monopoly TUTORIAL",), ("play-dev knight", "3"), ("play-dev knight", "9", "Red"),
    ]
    assert format(TradeWithBank(give=Resource.LAB, take=Resource.STUDY), game, CONSTRUCTOR) == (
        "trade-bank ENERGY HEAT",
    )


@pytest.mark.parametrize(
    "line", ["trade-bank lab study", "buy-dev", "devs", "play-dev vp", "play-dev knight",
             "play-dev monopoly lab"],
)
def test_house_rule_words_are_no_command_in_a_game_without_the_rule(
    sample_board: Board, line: str
) -> None:
    game = make_game(sample_board, resources={BLUE: (4, 4, 4, 4, 4)})
    assert parse(line, game, WATAN) == Refusal.INVALID_COMMAND


@pytest.mark.parametrize(
    "line",
    ["play-dev", "play-dev dragon", "play-dev monopoly", "play-dev monopoly netflix",
     "play-dev knight 3", "play-dev vp now", "play-dev Knight", "trade-bank lab",
     "trade-bank lab dragon", "buy-dev now", "devs now"],
)
def test_house_rule_commands_misspelt_are_invalid(sample_board: Board, line: str) -> None:
    game = make_game(sample_board, rules=with_house_rules(WATAN.rules, ["standard"]))
    game = with_student(game, BLUE, cards=(1, 1, 1))
    assert parse(line, game, WATAN) == Refusal.INVALID_COMMAND


@pytest.fixture
def rolled(sample_board: Board) -> Game:
    return make_game(sample_board, resources={BLUE: (1, 1, 1, 1, 1), RED: (1, 0, 0, 0, 0)})


def test_watan_commands_are_written_in_the_specs_words(rolled: Game) -> None:
    assert [format(command, rolled, WATAN) for command in (
        Complete(criterion=20), Improve(criterion=20), Achieve(goal=5), Next(),
        Trade(partner=RED, give=Resource.LAB, take=Resource.CAFFEINE, accepted=True),
        Offer(partner=RED, give=Resource.LAB, take=Resource.CAFFEINE),
    )] == [
        ("complete 20",), ("improve 20",), ("achieve 5",), ("next",),
        ("trade Red LAB CAFFEINE", "yes"), ("trade Red LAB CAFFEINE",),
    ]


def test_constructor_commands_are_written_in_its_words(rolled: Game) -> None:
    game = rolled
    assert [format(command, game, CONSTRUCTOR) for command in (
        Complete(criterion=20), Improve(criterion=20), Achieve(goal=5),
        Trade(partner=RED, give=Resource.LAB, take=Resource.CAFFEINE, accepted=False),
    )] == [
        ("build-res 20",), ("improve 20",), ("build-road 5",), ("trade Red ENERGY BRICK", "no"),
    ]


def test_a_setup_placement_is_the_bare_number_the_question_asks_for(sample_board: Board) -> None:
    game = start(GameStarted(edition=WATAN.name, rules=WATAN.rules, seed=0, board=sample_board))
    assert format(Complete(criterion=20), game, WATAN) == ("20",)
    assert parse("20", game, WATAN) == Complete(criterion=20)


def test_loaded_dice_take_the_roll_at_the_next_question(sample_board: Board) -> None:
    game = make_game(sample_board, phase=Phase.BEFORE_ROLL, loaded=[BLUE])
    assert format(Roll(value=8), game, WATAN) == ("roll", "8")
    assert parse(["roll", "8"], game, WATAN) == Roll(value=8)
    assert format(ChooseDice(loaded=False), game, WATAN) == ("fair",)


def test_the_geese_take_their_tile_then_the_victim(sample_save: SavedGame) -> None:
    # The sample save: only Yellow (holding 3 LECTURE) can be robbed on tile 9; nobody on 3.
    game = replace(
        loaded_game(sample_save.board, sample_save.position, WATAN.rules), phase=Phase.GEESE
    )
    assert format(PlaceGeese(tile=9, victim=YELLOW), game, WATAN) == ("9", "Yellow")
    assert parse(["9", "yellow"], game, WATAN) == PlaceGeese(tile=9, victim=YELLOW)
    assert parse(["3"], game, WATAN) == PlaceGeese(tile=3)


@pytest.mark.parametrize(
    ("lines", "refusal"),
    [
        (["dance"], Refusal.INVALID_COMMAND),
        (["complete x"], Refusal.INVALID_COMMAND),
        (["trade Blue LAB CAFFEINE"], Refusal.INVALID_COMMAND),
        (["trade Red NETFLIX LAB"], Refusal.INVALID_COMMAND),
        (["trade Red LECTURE LAB"], Refusal.NOT_ENOUGH_RESOURCES),
        (["trade Red LAB CAFFEINE", "maybe"], Refusal.ANSWER),
        (["computer greedy"], Refusal.INVALID_COMMAND),
    ],
)
def test_what_the_game_refuses_to_read_is_the_specs_refusal(
    sample_board: Board, lines: list[str], refusal: Refusal
) -> None:
    game = make_game(sample_board, resources={BLUE: (0, 1, 0, 0, 0)})
    assert parse(lines, game, WATAN) == refusal


def test_lines_that_stop_short_of_a_command_or_ask_for_none_are_an_error(rolled: Game) -> None:
    with pytest.raises(ValueError, match="do not finish"):
        parse(["trade Red LAB CAFFEINE"], rolled, WATAN)
    with pytest.raises(ValueError, match="asks for no command"):
        parse(["status"], rolled, WATAN)
    with pytest.raises(ValueError, match="whole after line 1"):
        parse(["next", "next"], rolled, WATAN)


def test_seat_words_exist_only_where_the_game_allows_computers(rolled: Game) -> None:
    assert parse("computer greedy", rolled, WATAN) == Refusal.INVALID_COMMAND
    assert parse(
        "computer greedy", rolled, WATAN, SEATING
    ) == TakeSeat(colour=BLUE, player="greedy")
    assert parse("computer", rolled, WATAN, SEATING) == TakeSeat(colour=BLUE, player="expert")
    assert parse("computer smart", rolled, WATAN, SEATING) == Refusal.INVALID_COMMAND
    assert parse("human red", rolled, WATAN, SEATING) == TakeSeat(colour=RED, player=HUMAN)
    assert format(TakeSeat(colour=BLUE, player="greedy"), rolled, WATAN) == ("computer greedy",)
    assert format(TakeSeat(colour=RED, player=HUMAN), rolled, WATAN) == ("human Red",)
    with pytest.raises(ValueError, match="Red's seat"):
        format(TakeSeat(colour=RED, player="greedy"), rolled, WATAN)


def test_suggest_is_a_word_only_where_the_game_suggests_and_is_no_command(
    rolled: Game, sample_board: Board
) -> None:
    assert read("suggest", rolled, WATAN, None, SEATING) == Refusal.INVALID_COMMAND
    assert read("suggest", rolled, WATAN, None, SEATING, suggests=True) == Suggest()
    assert read(" suggest ", rolled, WATAN, None, SEATING, suggests=True) == Suggest()
    assert read("suggest now", rolled, WATAN, None, SEATING, suggests=True) == (
        Refusal.INVALID_COMMAND
    )
    setup = make_game(sample_board, phase=Phase.SETUP, setup_step=0)
    assert read("suggest", setup, WATAN, None, SEATING, suggests=True) == Suggest()
    geese = make_game(sample_board, phase=Phase.GEESE)
    assert read("suggest", geese, WATAN, None, SEATING, suggests=True) == Suggest()
    assert parse("suggest", rolled, WATAN, SEATING) == Refusal.INVALID_COMMAND  # no command
