"""The save file's extension for house-rule games (house-rules.md ruling 9): parse/format.

Every expected file is written out by hand from the extension's documented form
(`watan.files.extension`): the spec's seven lines, then the house rules, each player's
cards, the deck and whether the player to move has played a card.
"""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from replay.edges.reading import BadFile
from tests.conftest import CONSTRUCTOR, WATAN, reference
from watan.engine.rules import Card, with_house_rules
from watan.engine.snapshot import SavedGame
from watan.engine.state import restored, saved_game
from watan.files.savefile import format_save, parse_board, parse_save

SAMPLE = reference("sample-save.sv")
SPEC_PART = (
    "0\n"
    "0 0 0 5 0 g 38 47 43 c 37 3 25 3 30 1\n"
    "0 0 0 0 0 g 56 48 64 c 32 2 44 1\n"
    "11 0 0 0 0 g 24 50 33 41 c 16 2 40 1\n"
    "0 0 3 0 0 g 27 32 c 20 1 27 1\n"
    "0 3 1 10 3 5 1 4 5 7 3 10 2 11 0 3 3 8 0 2 0 6 1 8 4 12 1 5 4 11 2 4 4 6 2 9 2 9\n"
    "8\n"
)
"""The spec's sample save as the program writes it (no space at the end of Orange's line)."""

WITH_CARDS = SPEC_PART + (
    "house-rules bank-trade,dev-cards,geese-start-on-park,seven-over-7\n"
    "cards 2 0 1 vp-played 1\n"
    "cards 0 0 0 vp-played 0\n"
    "cards 0 1 0 vp-played 0\n"
    "cards 1 0 0 vp-played 2\n"
    "deck knight vp monopoly knight\n"
    "card-played 1\n"
)


def with_cards() -> SavedGame:
    sample = parse_save(SAMPLE, "sample.sv", WATAN)
    hands = [((2, 0, 1), 1), ((0, 0, 0), 0), ((0, 1, 0), 0), ((1, 0, 0), 2)]
    students = tuple(
        replace(s, cards=cards, played_points=points)
        for s, (cards, points) in zip(sample.position.students, hands, strict=True)
    )
    return replace(
        sample,
        position=replace(sample.position, students=students, card_played=True),
        house_rules=("bank-trade", "dev-cards", "geese-start-on-park", "seven-over-7"),
        deck=(Card.KNIGHT, Card.VP, Card.MONOPOLY, Card.KNIGHT),
    )


def test_a_plain_game_writes_the_specs_save_file_and_nothing_more() -> None:
    sample = parse_save(SAMPLE, "sample.sv", WATAN)
    assert (sample.house_rules, sample.deck) == ((), None)
    assert format_save(sample, WATAN) == SPEC_PART
    game = restored(sample, WATAN.rules)
    assert format_save(saved_game(game), WATAN) == SPEC_PART


def test_a_game_with_cards_writes_them_after_the_geese_line() -> None:
    assert format_save(with_cards(), WATAN) == WITH_CARDS


def test_the_extension_reads_back_as_written() -> None:
    assert parse_save(WITH_CARDS, "cards.sv", WATAN) == with_cards()


def test_a_game_without_cards_writes_only_its_house_rules() -> None:
    saved = replace(parse_save(SAMPLE, "s.sv", WATAN), house_rules=("bank-trade", "seven-over-7"))
    text = format_save(saved, WATAN)
    assert text == SPEC_PART + "house-rules bank-trade,seven-over-7\n"
    assert parse_save(text, "s.sv", WATAN) == saved


def test_a_constructor_save_has_the_same_extension() -> None:
    text = format_save(with_cards(), CONSTRUCTOR)
    assert text.split("\n")[7:] == WITH_CARDS.split("\n")[7:]
    assert parse_save(text, "c.sv", CONSTRUCTOR) == with_cards()


def test_a_saved_game_with_cards_is_restored_whole() -> None:
    rules = with_house_rules(WATAN.rules, ["standard"])
    game = restored(with_cards(), WATAN.rules)
    assert game.rules == rules
    assert [s.cards for s in game.students] == [(2, 0, 1), (0, 0, 0), (0, 1, 0), (1, 0, 0)]
    assert [s.played_points for s in game.students] == [1, 0, 0, 2]
    assert (game.deck, game.card_played) == (with_cards().deck, True)
    assert saved_game(game) == with_cards()


def test_played_points_count_toward_a_saved_win() -> None:
    # Blue's criteria make 7 (3 + 3 + 1); three vp played make 10: the game is won.
    text = WITH_CARDS.replace("cards 2 0 1 vp-played 1", "cards 2 0 1 vp-played 3")
    game = restored(parse_save(text, "won.sv", WATAN), WATAN.rules)
    assert game.winner == 0


def bad(text: str) -> str:
    with pytest.raises(BadFile) as refused:
        parse_save(text, "x.sv", WATAN)
    return str(refused.value)


@pytest.mark.parametrize(
    ("lines", "problem"),
    [
        (
            "house-rules chess\n",
            "x.sv: line 8: there is no house rule 'chess' (house rules: bank-trade, dev-cards, "
            "geese-start-on-park, seven-over-7, standard)",
        ),
        ("house-rules\n", "x.sv: line 8: expected `house-rules NAME[,NAME...]`"),
        ("house-rules bank-trade\ncards 0 0 0 vp-played 0\n",
         "x.sv: line 9: unexpected text after the house rules"),
        (
            "house-rules dev-cards\ncards 0 0 0 vp-played 0\n",
            "x.sv: line 9: with dev-cards, 6 lines follow the house rules (each player's "
            "cards, the deck, whether a card was played), found 1",
        ),
        (
            "house-rules dev-cards\n" + "cards 0 0 0 vp-played 0\n" * 3
            + "cards 0 0 -1 vp-played 0\ndeck\ncard-played 0\n",
            "x.sv: line 12: Yellow's monopoly cards: '-1' is not a count (0 to 999999999)",
        ),
        (
            "house-rules dev-cards\n" + "cards 0 0 0 points 0\n" + "cards 0 0 0 vp-played 0\n" * 3
            + "deck\ncard-played 0\n",
            "x.sv: line 9: Blue's cards: expected `cards <knight> <vp> <monopoly> vp-played "
            "<points>`",
        ),
        (
            "house-rules dev-cards\n" + "cards 0 0 0 vp-played 0\n" * 4
            + "deck knight dragon\ncard-played 0\n",
            "x.sv: line 13: 'dragon' is not a card (knight, vp, monopoly)",
        ),
        (
            "house-rules dev-cards\n" + "cards 0 0 0 vp-played 0\n" * 4 + "deck\ncard-played 2\n",
            "x.sv: line 14: expected `card-played 0` or `card-played 1`",
        ),
        ("bank-trade\n", "x.sv: line 8: unexpected text after the geese line"),
    ],
)
def test_an_extension_that_cannot_be_read_is_one_line_naming_its_line(
    lines: str, problem: str
) -> None:
    assert bad(SPEC_PART + lines) == problem


def test_a_save_with_an_extension_given_as_a_board_plays_its_board() -> None:
    assert parse_board(WITH_CARDS, "b.sv", WATAN) == parse_save(SAMPLE, "s.sv", WATAN).board
