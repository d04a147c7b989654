"""Bazaar's rules on one screen: every number printed is the one the engine plays by.

Each tile's price and pay is read back from the text and compared with the engine's
constant it must come from (spec "Squares", RULINGS-bazaar 7).
"""

from __future__ import annotations

import re

from bazaar.engine import decide as rules
from bazaar.engine.state import FEE, FULL_FOOD, RUBIES_TO_WIN, START_CART, START_GOLD
from bazaar.text.rulebook import summary
from replay.edges.paragraphs import WIDTH


def said() -> str:
    """Return the summary as one line: a paragraph wrapped over lines reads as it was."""
    return " ".join(line.strip() for line in summary().splitlines())


def number_after(marker: str) -> int:
    found = re.search(re.escape(marker) + r"(\d+)", said())
    assert found is not None, f"no number after {marker!r}"
    return int(found[1])


def test_every_price_and_pay_printed_is_the_engines() -> None:
    assert {
        "win": number_after("be the first to hold "),
        "gold": number_after("Start: "),
        "food": number_after("Restaurant: food back up to "),
        "cart": number_after("a cart for "),
        "fee": number_after("others stand costs "),
        "merchant": number_after("For "),
        "merchant amount": number_after("Spice merchant "),
        "cart price": number_after("Cart manufacturer: "),
        "cart added": number_after("a cart that holds "),
        "small market": number_after("1 jewel for "),
        "market amount": number_after("Fabric market: sell "),
        "market pays": number_after("of that good for "),
        "black market": number_after("Black market: "),
        "black market most": number_after("gold for 0 to "),
        "casino": number_after("Casino: bet "),
        "gem": number_after("a ruby for "),
        "palace": number_after("Palace: a ruby for "),
    } == {
        "win": RUBIES_TO_WIN,
        "gold": START_GOLD,
        "food": FULL_FOOD,
        "cart": START_CART,
        "fee": FEE,
        "merchant": rules.MERCHANT_PRICE,
        "merchant amount": rules.MERCHANT_AMOUNT,
        "cart price": rules.CART_PRICE,
        "cart added": rules.CART_ADDED,
        "small market": rules.SMALL_MARKET_PAYS,
        "market amount": rules.MARKET_AMOUNT,
        "market pays": rules.MARKET_PAYS,
        "black market": rules.BLACK_MARKET_PRICE,
        "black market most": rules.BLACK_MARKET_MOST,
        "casino": rules.CASINO_PRICE,
        "gem": rules.GEM_PRICE,
        "palace": rules.PALACE_TAKES[0],
    }


def test_the_casino_odds_add_up_to_one() -> None:
    odds = re.findall(r"(\d+) in 10", said())
    assert [int(tenths) for tenths in odds] == [tenths for tenths, _ in rules.CASINO_ODDS]
    assert sum(int(tenths) for tenths in odds) == 10


def test_the_summary_fits_one_screen() -> None:
    lines = summary().splitlines()
    assert len(lines) <= 24
    assert max(len(line) for line in lines) <= WIDTH
