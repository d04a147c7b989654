"""The rules a game is played by, as one value: prices, the win, the dice, the seven, the geese,
the bank and the cards.

An edition's data module sets its rules (`Edition.rules`); a game started with house rules
(`../shared/spec/house-rules.md`) plays those rules changed as each house rule says.  The
value is recorded whole in the journal's header, so a journal means the same game forever:
a later change to an edition's prices changes new games only.  Nothing here is worded: the
house rules' names are identifiers, as the command line and save files spell them.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable

import msgspec

from watan.engine.resources import Resources
from watan.engine.topology import CRITERION_COUNT

GEESE_ROLL = 7
"""The roll that moves the geese instead of producing (spec §3.6)."""


class Card(enum.Enum):
    """A development card (house-rules.md): its value is its name in commands and files."""

    KNIGHT = "knight"
    """Moves the geese and steals, as a rolled 7 does, without the losses (ruling 5)."""
    VP = "vp"
    """One point for the rest of the game, once played (ruling 4)."""
    MONOPOLY = "monopoly"
    """Takes every unit of one resource from every other player (ruling 5)."""


CARDS: tuple[Card, ...] = tuple(Card)
"""The cards in the order hands are counted, listed and saved."""

Hand = tuple[int, int, int]
"""How many knight, vp and monopoly cards, in that order."""

NO_CARDS: Hand = (0, 0, 0)


def held(hand: Hand, card: Card) -> int:
    """Return how many of `card` a hand holds."""
    return hand[CARDS.index(card)]


def changed(hand: Hand, card: Card, change: int) -> Hand:
    """Return `hand` with `change` more of `card` (fewer, when negative)."""
    counts = list(hand)
    counts[CARDS.index(card)] += change
    return (counts[0], counts[1], counts[2])


BANK_TRADE = "bank-trade"
DEV_CARDS = "dev-cards"
GEESE_START_ON_PARK = "geese-start-on-park"
SEVEN_OVER_7 = "seven-over-7"
STANDARD = "standard"
"""All four house rules (house-rules.md ruling 1)."""

HOUSE_RULES: tuple[str, ...] = (BANK_TRADE, DEV_CARDS, GEESE_START_ON_PARK, SEVEN_OVER_7)
"""Every house rule, in the order they are recorded and written."""

BANK_RATE = 4
"""Units of one resource the bank takes for one of another (house-rules.md ruling 3)."""
CARD_COST: Resources = (0, 1, 0, 1, 1)
"""A development card's price: one LAB, one STUDY, one TUTORIAL (Constructor: ENERGY, HEAT,
WIFI), in resource order (house-rules.md)."""
DECK: Hand = (14, 5, 2)
"""The deck: 14 knights, 5 vp and 2 monopolies (house-rules.md ruling 4)."""


def shuffled_deck(rules: Rules, rng: random.Random) -> tuple[Card, ...]:
    """Return a new game's deck in an order drawn from `rng`, top first (ruling 4); empty
    without development cards, when nothing is drawn."""
    if not rules.cards:
        return ()
    cards = [card for card, count in zip(CARDS, rules.deck, strict=True) for _ in range(count)]
    rng.shuffle(cards)
    return tuple(cards)


SEVEN_OVER_7_LOSSES_FROM = 8
"""With seven-over-7, holding more than 7 resources loses half on a 7 (ruling 6)."""


class Rules(msgspec.Struct, frozen=True, kw_only=True):
    """What the rules of one game decide, every field recorded in its journal's header."""

    goal_cost: Resources
    """The price of a goal (spec §2.6; RULINGS 23)."""
    level_costs: tuple[Resources, Resources, Resources]
    """The price of reaching levels 1, 2 and 3 (the first is free during setup, spec §4.1)."""
    points_to_win: int
    """Points that end the game (spec §4.4)."""
    dice_start_loaded: bool
    """Whether every player's dice are loaded when a game starts or is loaded (RULINGS 24;
    Constructor §2.8)."""
    losses_from: int
    """Holding this many resources or more, a roll of 7 takes half (spec §3.6: 10)."""
    geese_start_on_park: bool
    """Whether a new game's geese start on the first NETFLIX (PARK) tile rather than off the
    board (RULINGS 8; house-rules.md ruling 7)."""
    bank_rate: int | None
    """Units of one resource the bank takes for one of another; None: no bank trades."""
    card_cost: Resources | None
    """The price of a development card; None: no cards."""
    deck: Hand
    """How many of each card a new game's deck holds (shuffled when the game starts)."""
    house_rules: tuple[str, ...]
    """The house rules this game plays, in `HOUSE_RULES` order; empty for the spec's game."""

    @property
    def cards(self) -> bool:
        """Return whether development cards are played."""
        return self.card_cost is not None


class UnknownHouseRule(Exception):
    """A house rule's name that is not one (`HOUSE_RULES`, or `standard`)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        known = ", ".join((*HOUSE_RULES, STANDARD))
        return f"there is no house rule {self.name!r} (house rules: {known})"


def house_rule_names(names: Iterable[str]) -> tuple[str, ...]:
    """Return the house rules `names` asks for, each once, in `HOUSE_RULES` order.

    `standard` stands for all four (ruling 1).  Raises UnknownHouseRule for any other name.
    """
    asked: set[str] = set()
    for name in names:
        if name == STANDARD:
            asked.update(HOUSE_RULES)
        elif name in HOUSE_RULES:
            asked.add(name)
        else:
            raise UnknownHouseRule(name)
    return tuple(rule for rule in HOUSE_RULES if rule in asked)


def parse_house_rules(text: str) -> tuple[str, ...]:
    """Return the house rules of a comma-separated list (`bank-trade,dev-cards`, `standard`).

    Spaces around the names are ignored; raises UnknownHouseRule for a name that is none
    (an empty one included).
    """
    return house_rule_names(name.strip() for name in text.split(","))


def with_house_rules(rules: Rules, names: Iterable[str]) -> Rules:
    """Return `rules` as the house rules `names` change them (house-rules.md rulings 3-7).

    Raises UnknownHouseRule.  The rules already on stay on.
    """
    chosen = house_rule_names((*rules.house_rules, *names))
    return msgspec.structs.replace(
        rules,
        losses_from=SEVEN_OVER_7_LOSSES_FROM if SEVEN_OVER_7 in chosen else rules.losses_from,
        geese_start_on_park=rules.geese_start_on_park or GEESE_START_ON_PARK in chosen,
        bank_rate=BANK_RATE if BANK_TRADE in chosen else rules.bank_rate,
        card_cost=CARD_COST if DEV_CARDS in chosen else rules.card_cost,
        deck=DECK if DEV_CARDS in chosen else rules.deck,
        house_rules=chosen,
    )


MOST_PRICE = 99
"""The most of one resource a price (or the bank's rate) may ask: the spec's prices ask 3
at most.  A rule asking more is a damaged or hostile header, whose game would churn turn
after turn without anyone able to build (issue 23), refused before a turn is played."""

MOST_LOSSES_FROM = 1000
"""The most resources a hand may hold before a 7 takes half, in any rules: far above the
spec's 10 (and 8 with seven-over-7)."""


def most_points(rules: Rules) -> int:
    """Return the most points any student could ever hold under `rules`: every criterion
    at its top level (3 points each, spec §2.4) and every vp card of the deck."""
    return 3 * CRITERION_COUNT + max(rules.deck[1], 0)


def deck_problem(deck: Iterable[Card], most: Hand) -> str | None:
    """Return why `deck` holds more cards than a deck of `most` ever does (house-rules.md
    ruling 4: 14 knights, 5 vp, 2 monopolies), or None: a save file or a header holding a
    longer deck is damaged or hostile, and its journal's header would outgrow a line."""
    counted = [0, 0, 0]
    for card in deck:
        counted[CARDS.index(card)] += 1
    for card, count, limit in zip(CARDS, counted, most, strict=True):
        if count > limit:
            return f"the deck holds {count:,} {card.value} cards; the rules' deck has {limit}"
    return None


def rules_problem(rules: Rules) -> str | None:
    """Return what no game could be played by in `rules` (a damaged header), or None.

    Every number is held within what a game can reach (`MOST_PRICE`, `most_points`), so
    that a game whose header asks for a Midterm costing 2**63 is refused at once rather
    than played for thousands of turns in which nobody can build."""
    prices = [rules.goal_cost, *rules.level_costs]
    if rules.card_cost is not None:
        prices.append(rules.card_cost)
    if any(min(price) < 0 for price in prices):
        return "the rules hold a negative price"
    if any(max(price) > MOST_PRICE for price in prices):
        return f"the rules ask more than {MOST_PRICE} of one resource for something"
    if rules.points_to_win < 1 or rules.losses_from < 1:
        return "the rules' points to win and losses to the geese must be at least 1"
    if rules.points_to_win > most_points(rules):
        return (
            f"the rules ask {rules.points_to_win:,} points to win; no student can ever hold "
            f"more than {most_points(rules)}"
        )
    if rules.losses_from > MOST_LOSSES_FROM:
        return f"the rules' losses to the geese start past {MOST_LOSSES_FROM} resources"
    if rules.bank_rate is not None and not 1 <= rules.bank_rate <= MOST_PRICE:
        return f"the bank's rate must be from 1 to {MOST_PRICE}"
    if min(rules.deck) < 0:
        return "the deck holds a negative number of cards"
    if sum(rules.deck) > sum(DECK):
        return f"the deck holds more than {sum(DECK)} cards"
    try:
        named = house_rule_names(rules.house_rules)
    except UnknownHouseRule as unknown:
        return str(unknown)
    if named != rules.house_rules:
        return "the house rules must be listed once each, in order"
    return None
