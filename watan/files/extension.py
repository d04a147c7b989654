"""The save file's extension for games with house rules: parse and format, as a pair.

The spec's save file (§3.7) cannot hold what house rules add (house-rules.md ruling 9):
which rules are played, each player's development cards and played points, the deck, and
whether the player to move has played a card this turn.  A game with house rules writes
these as lines after the geese line; a game without them never writes any, so its files
are the spec's byte for byte:

```
house-rules bank-trade,dev-cards,geese-start-on-park,seven-over-7
cards <knight> <vp> <monopoly> vp-played <points>     one line per player, Blue first
deck <card> <card> ...                                the cards left, top first
card-played <0|1>                                     by the player to move, this turn
```

The `cards`, `deck` and `card-played` lines are there exactly when `dev-cards` is.  The
words are the same in both editions: they are the source document's command words.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from watan.engine.rules import (
    CARDS,
    DEV_CARDS,
    Card,
    Hand,
    UnknownHouseRule,
    deck_problem,
    parse_house_rules,
)
from watan.engine.rules import DECK as RULES_DECK
from watan.engine.snapshot import MOST_COUNT, SavedStudent
from watan.text.integers import integer

HOUSE_RULES, CARDS_MARK, VP_PLAYED, DECK, CARD_PLAYED = (
    "house-rules", "cards", "vp-played", "deck", "card-played",
)  # fmt: skip
_MOST_DIGITS = len(str(MOST_COUNT))
"""As in the rest of the save file: no count needs more digits."""


class Extension(msgspec.Struct, frozen=True, kw_only=True):
    """What the extension's lines hold."""

    house_rules: tuple[str, ...]
    hands: tuple[tuple[Hand, int], ...] | None = None
    """Each player's cards and played points, Blue first; None without development cards."""
    deck: tuple[Card, ...] | None = None
    card_played: bool = False


class BadExtension(Exception):
    """A line of the extension that cannot be read: its number in the file and why."""

    def __init__(self, line: int, problem: str) -> None:
        super().__init__(problem)
        self.line, self.problem = line, problem


def starts_extension(text: str) -> bool:
    """Return whether a save file's line after the geese line begins the extension."""
    return text.split()[:1] == [HOUSE_RULES]


def read_extension(lines: Sequence[tuple[int, str]], players: Sequence[str]) -> Extension:
    """Return what the extension lines (numbered as in the file) hold; raise BadExtension.

    `players` names the players, Blue first, for the messages.
    """
    number, text = lines[0]
    words = text.split()
    if len(words) != 2 or words[0] != HOUSE_RULES:
        raise BadExtension(number, f"expected `{HOUSE_RULES} NAME[,NAME...]`")
    try:
        rules = parse_house_rules(words[1])
    except UnknownHouseRule as unknown:
        raise BadExtension(number, str(unknown)) from None
    if DEV_CARDS not in rules:
        if len(lines) > 1:
            raise BadExtension(lines[1][0], "unexpected text after the house rules")
        return Extension(house_rules=rules)
    expected = 1 + len(players) + 2
    if len(lines) != expected:
        line = lines[expected][0] if len(lines) > expected else lines[-1][0]
        raise BadExtension(
            line,
            f"with {DEV_CARDS}, {expected - 1} lines follow the house rules (each player's "
            f"cards, the deck, whether a card was played), found {len(lines) - 1}",
        )
    hands = tuple(
        _hand(numbered, player)
        for numbered, player in zip(lines[1 : 1 + len(players)], players, strict=True)
    )
    deck = _deck(lines[-2])
    return Extension(house_rules=rules, hands=hands, deck=deck, card_played=_played(lines[-1]))


def _number(line: int, field: str, what: str) -> int:
    value = integer(field)
    if value is None or value < 0 or len(field.strip().lstrip("0")) > _MOST_DIGITS:
        raise BadExtension(line, f"{what}: {field[:20]!r} is not a count (0 to {MOST_COUNT})")
    return value


def _hand(numbered: tuple[int, str], player: str) -> tuple[Hand, int]:
    line, text = numbered
    words = text.split()
    if len(words) != 6 or words[0] != CARDS_MARK or words[4] != VP_PLAYED:
        raise BadExtension(
            line, f"{player}'s cards: expected `{CARDS_MARK} <knight> <vp> <monopoly> "
            f"{VP_PLAYED} <points>`",
        )
    counts = [
        _number(line, field, f"{player}'s {card.value} cards")
        for field, card in zip(words[1:4], CARDS, strict=True)
    ]
    return (counts[0], counts[1], counts[2]), _number(line, words[5], f"{player}'s vp played")


def _deck(numbered: tuple[int, str]) -> tuple[Card, ...]:
    line, text = numbered
    words = text.split()
    if words[:1] != [DECK]:
        raise BadExtension(line, f"expected `{DECK}` and the cards left, top first")
    names = {card.value: card for card in CARDS}
    unknown = [word for word in words[1:] if word not in names]
    if unknown:
        raise BadExtension(line, f"{unknown[0][:20]!r} is not a card ({', '.join(names)})")
    deck = tuple(names[word] for word in words[1:])
    too_many = deck_problem(deck, RULES_DECK)
    if too_many is not None:
        raise BadExtension(line, too_many)
    return deck


def _played(numbered: tuple[int, str]) -> bool:
    line, text = numbered
    words = text.split()
    if len(words) != 2 or words[0] != CARD_PLAYED or words[1] not in ("0", "1"):
        raise BadExtension(line, f"expected `{CARD_PLAYED} 0` or `{CARD_PLAYED} 1`")
    return words[1] == "1"


def format_extension(
    house_rules: tuple[str, ...],
    students: Sequence[SavedStudent],
    deck: tuple[Card, ...] | None,
    card_played: bool,
) -> str:
    """Return the extension's lines for a game with `house_rules`; nothing without any."""
    if not house_rules:
        return ""
    lines = [f"{HOUSE_RULES} {','.join(house_rules)}"]
    if DEV_CARDS in house_rules:
        lines += [
            f"{CARDS_MARK} {' '.join(map(str, s.cards))} {VP_PLAYED} {s.played_points}"
            for s in students
        ]
        lines.append(" ".join([DECK, *(card.value for card in deck or ())]))
        lines.append(f"{CARD_PLAYED} {int(card_played)}")
    return "".join(f"{line}\n" for line in lines)
