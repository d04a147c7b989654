"""The rules on one screen: every number printed is the one the game plays by.

The prices are read back from the printed text and compared with the `Rules` value they
must come from; rules with made-up prices show that nothing is copied from an edition.
"""

from __future__ import annotations

import re

import msgspec
import pytest

from replay.edges.paragraphs import WIDTH
from tests.conftest import CONSTRUCTOR, WATAN
from watan.editions.model import Edition
from watan.engine.resources import Resources
from watan.engine.rules import HOUSE_RULES, Rules, with_house_rules
from watan.text.rulebook import summary

ODD_PRICES = msgspec.structs.replace(
    WATAN.rules,
    goal_cost=(2, 0, 1, 0, 0),
    level_costs=((0, 3, 0, 0, 1), (4, 0, 0, 0, 0), (1, 1, 1, 1, 1)),
    points_to_win=13,
    losses_from=9,
    dice_start_loaded=True,
)


def _joined(text: str) -> str:
    """Return the summary as one line: a paragraph wrapped over lines reads as it was."""
    return " ".join(line.strip() for line in text.splitlines())


def price_after(text: str, marker: str, edition: Edition) -> Resources:
    """Return the amount printed right after `marker` (`2 LAB, 1 STUDY`) as counts in
    resource order."""
    names = "|".join(edition.resources)
    found = re.search(
        re.escape(marker) + rf"((?:\d+ (?:{names})(?:, )?)+)", _joined(text)
    )
    assert found is not None, f"no price after {marker!r}"
    counts = [0] * 5
    for count, name in re.findall(rf"(\d+) ({names})", found[1]):
        counts[edition.resources.index(name)] += int(count)
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


def prices(edition: Edition, rules: Rules) -> dict[str, Resources]:
    """Return every price the summary of `rules` prints, read back from the text."""
    text = summary(edition, rules, "watan")
    words, levels = edition.words, edition.vocabulary.levels
    read = {
        "goal": price_after(text, f"`{words.goal} <{edition.vocabulary.goal}>`: ", edition),
        "level 1": price_after(text, f"{levels[0]}, ", edition),
        "level 2": price_after(text, f"to a {levels[1]}, ", edition),
        "level 3": price_after(text, f"to an {levels[2]}, ", edition)
        if levels[2][0] in "AEIOU"
        else price_after(text, f"to a {levels[2]}, ", edition),
    }
    if rules.cards:
        read["card"] = price_after(text, f"{edition.vocabulary.card}, ", edition)
    return read


def prices_of(rules: Rules) -> dict[str, Resources]:
    """Return what each thing costs by `rules`."""
    expected = {
        "goal": rules.goal_cost,
        "level 1": rules.level_costs[0],
        "level 2": rules.level_costs[1],
        "level 3": rules.level_costs[2],
    }
    if rules.card_cost is not None:
        expected["card"] = rules.card_cost
    return expected


@pytest.mark.parametrize("edition", [WATAN, CONSTRUCTOR], ids=["watan", "constructor"])
@pytest.mark.parametrize("house", [(), ("dev-cards",), HOUSE_RULES], ids=["none", "cards", "all"])
def test_every_price_printed_is_the_rules_price(edition: Edition, house: tuple[str, ...]) -> None:
    rules = with_house_rules(edition.rules, house)
    assert prices(edition, rules) == prices_of(rules)


def test_prices_the_editions_never_had_are_printed_as_the_rules_say() -> None:
    rules = with_house_rules(ODD_PRICES, ["dev-cards"])
    assert prices(WATAN, rules) == prices_of(rules)
    text = _joined(summary(WATAN, rules, "watan"))
    assert "the first student with 13 course criteria" in text
    assert "Whoever holds 9 resources or more loses half" in text
    assert "every student starts with loaded dice" in text


def test_the_spec_game_says_its_win_dice_geese_and_no_house_rules() -> None:
    text = _joined(summary(WATAN, WATAN.rules, "watan"))
    assert "the first student with 10 course criteria" in text  # spec §4.4
    assert "every student starts with fair dice" in text  # RULINGS 24
    assert "Whoever holds 10 resources or more loses half" in text  # spec §3.6
    assert "The geese start off the board." in text  # RULINGS 8
    assert "House rules: none (`watan rules --house-rules standard` shows all four)." in text
    assert "`trade-bank" not in text and "`buy-dev`" not in text


def test_constructor_speaks_its_own_words_and_starts_loaded() -> None:
    text = _joined(summary(CONSTRUCTOR, CONSTRUCTOR.rules, "constructor"))
    assert "the first builder with 10 building points" in text
    assert "every builder starts with loaded dice" in text  # RULINGS-constructor 3
    assert "`build-road <path>`: 1 HEAT, 1 WIFI" in text
    assert "PARK gives nothing" in text


def test_house_rules_show_the_bank_the_cards_the_seven_and_the_geese() -> None:
    rules = with_house_rules(WATAN.rules, ["standard"])
    text = _joined(summary(WATAN, rules, "watan"))
    assert "House rules: bank-trade, dev-cards, geese-start-on-park, seven-over-7." in text
    assert "`trade-bank <give> <take>`: 4 of one resource for 1 of another" in text
    assert "(the deck: 14 knight, 5 vp, 2 monopoly)" in text  # house-rules.md ruling 4
    assert "Whoever holds 8 resources or more loses half" in text  # ruling 6
    assert "The geese start on the first NETFLIX tile." in text  # ruling 7


@pytest.mark.parametrize("edition", [WATAN, CONSTRUCTOR], ids=["watan", "constructor"])
def test_the_summary_fits_one_screen(edition: Edition) -> None:
    lines = summary(edition, with_house_rules(edition.rules, ["standard"]), "watan").splitlines()
    assert max(len(line) for line in lines) <= WIDTH
    assert len(lines) <= 32
