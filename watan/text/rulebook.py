"""The rules on one screen (`watan rules`): what a newcomer needs before the first game.

Every number comes from the `Rules` the engine plays by (prices, the points that win, how
the dice start, the losses to the geese, the bank and the cards) and every word from the
edition, so a house rule or the other edition shows its own.  The order of the spec:
how to win (§4.4), setup (§4.1), the dice (§2.8), production (§3.5.5), the geese (§3.6),
building (§2.4.1, §2.6, §3.1-§3.3), trading (§3.5.4), then the house rules that are on.
"""

from __future__ import annotations

from replay.edges.paragraphs import wrapped
from watan.editions.model import Edition
from watan.engine.dice import HIGHEST_ROLL, LOWEST_ROLL, odds
from watan.engine.rules import (
    CARDS,
    GEESE_ROLL,
    Rules,
    held,
)
from watan.engine.state import COLOURS, SETUP_ORDER
from watan.text.describe import amounts


def summary(edition: Edition, rules: Rules, program: str) -> str:
    """Return the rules of `edition` as `rules` set them, on one screen (about 30 lines no
    wider than `replay.edges.paragraphs.WIDTH`); `program` is the name the player types
    (`watan`)."""
    words, command = edition.vocabulary, edition.words
    levels = words.levels
    netflix = edition.resources[-1]
    order = ", ".join(colour.title for colour in SETUP_ORDER)
    first = COLOURS[0].title
    paragraphs = [
        f"{edition.title}: the rules in short (what you type is in `quotes`)",
        "",
        f"To win: be the first {words.player} with {rules.points_to_win} {words.points}. "
        f"Each {levels[0]}, {levels[1]} and {levels[2]} counts one"
        f"{_card_points(rules, words.card)}.",
        f"Setup: {len(SETUP_ORDER) // len(COLOURS)} free {levels[0]}s each, in the order "
        f"{order}; then {first} starts. No two {words.criteria} may be next to each other.",
        f"Dice: every {words.player} starts with "
        f"{'loaded' if rules.dice_start_loaded else 'fair'} dice. `load` lets you choose "
        f"your roll ({LOWEST_ROLL}-{HIGHEST_ROLL}) each turn; `fair` rolls two dice "
        f"({GEESE_ROLL} is likeliest at {odds(GEESE_ROLL)}, {LOWEST_ROLL} and {HIGHEST_ROLL} "
        f"rarest at {odds(LOWEST_ROLL)}). Anyone may load, so fair dice are a handicap. "
        "The choice stays until you change it.",
        f"Production: every tile with the rolled value gives each {words.criterion} on its "
        f"corners one of its resource per level ({levels[0]} 1, {levels[1]} 2, "
        f"{levels[2]} 3). {netflix} gives nothing.",
        f"The geese: a {GEESE_ROLL} produces nothing. Whoever holds {rules.losses_from} "
        "resources or more loses half, at random; the roller moves the geese to another "
        "tile (it produces nothing while they stay) and steals one resource at random from "
        f"a {words.player} on it. The geese start {_geese_start(rules, netflix)}.",
        "Building, after the roll:",
        f"  `{command.goal} <{words.goal}>`: "
        f"{amounts(rules.goal_cost, edition)}; next to your own {words.criterion} or "
        f"{words.goal}.",
        f"  `{command.criterion} <{words.criterion}>`: {_a(levels[0])}, "
        f"{amounts(rules.level_costs[0], edition)}; at the end of your own {words.goal}, "
        f"with no {words.criterion} next to it.",
        f"  `{command.improve} <{words.criterion}>`: to {_a(levels[1])}, "
        f"{amounts(rules.level_costs[1], edition)}; to {_a(levels[2])}, "
        f"{amounts(rules.level_costs[2], edition)}.",
        "Trading: `trade <colour> <give> <take>`, one for one, after the roll; the other "
        f"{words.player} answers yes or no.",
        *_house_lines(edition, rules, program),
        "A turn: `load` or `fair`, then `roll`; then build and trade; then `next`. `help` "
        f"lists the commands; `board`, `status` and `{command.listing}` show the game.",
    ]
    return wrapped(paragraphs)


def _a(noun: str) -> str:
    return f"{'an' if noun[0] in 'AEIOU' else 'a'} {noun}"


def _card_points(rules: Rules, card: str) -> str:
    """Return what a vp card adds to the points (house-rules.md ruling 4), when cards are on."""
    return f", and so does each vp {card} played" if rules.cards else ""


def _geese_start(rules: Rules, netflix: str) -> str:
    """Return where the geese start (RULINGS 8; house-rules.md ruling 7)."""
    return f"on the first {netflix} tile" if rules.geese_start_on_park else "off the board"


def _house_lines(edition: Edition, rules: Rules, program: str) -> list[str]:
    """Return the house rules that are on, with the commands they add (the seven and the
    geese's start are said with the geese), or how to see them."""
    if not rules.house_rules:
        return [
            f"House rules: none (`{program} rules --house-rules standard` shows all four)."
        ]
    words = edition.vocabulary
    lines = [f"House rules: {', '.join(rules.house_rules)}."]
    if rules.bank_rate is not None:
        lines.append(
            f"  `trade-bank <give> <take>`: {rules.bank_rate} of one resource for 1 of "
            "another, after the roll."
        )
    if rules.card_cost is not None:
        deck = ", ".join(f"{held(rules.deck, card)} {card.value}" for card in CARDS)
        lines += [
            f"  `buy-dev`: {_a(words.card)}, {amounts(rules.card_cost, edition)}, after the "
            f"roll (the deck: {deck}).",
            "  `play-dev <card>` on a later turn, one a turn: `knight` moves the geese and "
            "steals; `monopoly <resource>` takes all of it from the others; `vp` is a point. "
            "`devs` lists yours.",
        ]
    return lines

