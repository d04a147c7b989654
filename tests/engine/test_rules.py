"""The rules as one value: the house rules' names, what each changes, the deck, a sound value."""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest

from tests.conftest import CONSTRUCTOR, WATAN
from watan.engine.rules import (
    NO_CARDS,
    Card,
    UnknownHouseRule,
    changed,
    held,
    parse_house_rules,
    rules_problem,
    shuffled_deck,
    with_house_rules,
)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("standard", ("bank-trade", "dev-cards", "geese-start-on-park", "seven-over-7")),
        ("seven-over-7,bank-trade", ("bank-trade", "seven-over-7")),
        (" dev-cards , dev-cards ", ("dev-cards",)),
        (
            "geese-start-on-park,standard",
            ("bank-trade", "dev-cards", "geese-start-on-park", "seven-over-7"),
        ),
    ],
)
def test_house_rules_are_named_once_each_in_one_order(text: str, names: tuple[str, ...]) -> None:
    assert parse_house_rules(text) == names


@pytest.mark.parametrize("text", ["", "bank", "bank-trade,", "Standard", "dev_cards"])
def test_a_name_that_is_no_house_rule_is_refused_naming_them_all(text: str) -> None:
    with pytest.raises(UnknownHouseRule) as refused:
        parse_house_rules(text)
    assert str(refused.value).endswith(
        "(house rules: bank-trade, dev-cards, geese-start-on-park, seven-over-7, standard)"
    )


def test_each_house_rule_changes_its_own_value_and_no_other() -> None:
    base = WATAN.rules
    assert with_house_rules(base, ["bank-trade"]) == msgspec.structs.replace(
        base, bank_rate=4, house_rules=("bank-trade",)
    )
    assert with_house_rules(base, ["dev-cards"]) == msgspec.structs.replace(
        base, card_cost=(0, 1, 0, 1, 1), deck=(14, 5, 2), house_rules=("dev-cards",)
    )
    assert with_house_rules(base, ["seven-over-7"]) == msgspec.structs.replace(
        base, losses_from=8, house_rules=("seven-over-7",)
    )
    assert with_house_rules(base, ["geese-start-on-park"]) == msgspec.structs.replace(
        base, geese_start_on_park=True, house_rules=("geese-start-on-park",)
    )
    assert with_house_rules(base, []) == base


def test_house_rules_keep_the_editions_own_rules() -> None:
    standard = with_house_rules(CONSTRUCTOR.rules, ["standard"])
    assert (standard.dice_start_loaded, standard.goal_cost) == (True, CONSTRUCTOR.rules.goal_cost)
    assert with_house_rules(standard, ["bank-trade"]) == standard


def test_the_deck_is_the_rules_cards_in_an_order_drawn_from_the_generator() -> None:
    rules = with_house_rules(WATAN.rules, ["dev-cards"])
    deck = shuffled_deck(rules, random.Random(1))
    assert Counter(deck) == {Card.KNIGHT: 14, Card.VP: 5, Card.MONOPOLY: 2}
    assert deck == shuffled_deck(rules, random.Random(1)) != shuffled_deck(rules, random.Random(2))


def test_without_cards_no_deck_is_drawn_and_the_generator_is_untouched() -> None:
    rng = random.Random(5)
    assert shuffled_deck(WATAN.rules, rng) == ()
    assert rng.random() == random.Random(5).random()


def test_hands_count_cards_by_kind() -> None:
    hand = changed(changed(NO_CARDS, Card.VP, 2), Card.MONOPOLY, 1)
    assert hand == (0, 2, 1)
    assert [held(hand, card) for card in Card] == [0, 2, 1]


def test_the_editions_rules_are_sound_and_so_are_their_house_rules() -> None:
    for rules in (WATAN.rules, CONSTRUCTOR.rules):
        assert rules_problem(rules) is None
        assert rules_problem(with_house_rules(rules, ["standard"])) is None
        at_the_bounds = msgspec.structs.replace(
            rules, goal_cost=(99,) * 5, points_to_win=162, losses_from=1000, bank_rate=99
        )
        assert rules_problem(at_the_bounds) is None


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"goal_cost": (0, 0, 0, -1, 1)}, "the rules hold a negative price"),
        (
            {"points_to_win": 0},
            "the rules' points to win and losses to the geese must be at least 1",
        ),
        ({"bank_rate": 0}, "the bank's rate must be from 1 to 99"),
        ({"bank_rate": 100}, "the bank's rate must be from 1 to 99"),
        (
            {"level_costs": ((0,) * 5, (2**63, 0, 0, 0, 0), (0,) * 5)},
            "the rules ask more than 99 of one resource for something",
        ),
        (
            {"goal_cost": (0, 0, 0, 0, 100)},
            "the rules ask more than 99 of one resource for something",
        ),
        (
            {"points_to_win": 10**18},
            "the rules ask 1,000,000,000,000,000,000 points to win; no student can ever hold "
            "more than 162",
        ),
        (
            {"points_to_win": 163},
            "the rules ask 163 points to win; no student can ever hold more than 162",
        ),
        ({"losses_from": 1001}, "the rules' losses to the geese start past 1000 resources"),
        ({"deck": (14, 5, 3)}, "the deck holds more than 21 cards"),
        ({"deck": (1, -1, 0)}, "the deck holds a negative number of cards"),
        (
            {"house_rules": ("dev-cards", "bank-trade")},
            "the house rules must be listed once each, in order",
        ),
        (
            {"house_rules": ("chess",)},
            "there is no house rule 'chess' (house rules: "
            "bank-trade, dev-cards, geese-start-on-park, seven-over-7, standard)",
        ),
    ],
)
def test_rules_no_game_could_be_played_by_are_named(
    change: dict[str, object], problem: str
) -> None:
    assert rules_problem(msgspec.structs.replace(WATAN.rules, **change)) == problem
