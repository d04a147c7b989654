"""Commands as the lines people type: `parse` and `format`, in the edition's words.

Like a chess notation, a command has a written form.  Most commands are one
line (`complete 20`, `next`); some need the answers to the questions the game
asks next (a loaded roll asks for its value, the geese ask whom to rob, an
offer asks its partner), so a whole command is the tuple of lines typed at
successive prompts: `format(Roll(value=8), game) == ("roll", "8")`.  `parse`
reads such lines back (`parse(format(c, game, e), game, e) == c` for every
command the rules allow), and `read` says what one line means at the
prompt the game shows now: a command, a part of one, a request for the
board or a listing, or the spec's refusal.

What a line means depends on the game (a placement during setup is a bare
number, a roll with loaded dice waits for its value) and on the edition whose
words are typed, so both directions take the game and the edition.  Whether the rules allow a
command is `decide.refusal`'s to say; `read` applies only the checks that
decide which question comes next (an offer is not shown to its partner when
the proposer lacks what they offer; the geese must land on a tile before the
victim is asked, RULINGS 12 and 13).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Literal

import msgspec

from watan.editions.model import CommandWords, Edition
from watan.engine.commands import (
    Achieve,
    AnyCommand,
    BuyCard,
    ChooseDice,
    Complete,
    Improve,
    Move,
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
from watan.engine.decide import (
    Refusal,
    card_refusal,
    geese_may_land,
    offer_refusal,
    victims,
)
from watan.engine.resources import HELD, Resource
from watan.engine.rules import Card
from watan.engine.state import COLOURS, HUMAN, Colour, Game, Phase
from watan.engine.topology import TileId
from watan.text.integers import integer

YES, NO = "yes", "no"
"""The answers to a trade offer, matched exactly (RULINGS 27)."""

LOAD, FAIR, ROLL, NEXT, TRADE, SAVE = "load", "fair", "roll", "next", "trade", "save"
COMPUTER, PERSON = "computer", HUMAN
"""The words that hand a seat over, in a game that allows computer players."""
SUGGEST = "suggest"
"""The word that asks the engine for a move, in a game that allows computer players."""
BANK_TRADE, BUY_CARD, CARDS, PLAY_CARD = "trade-bank", "buy-dev", "devs", "play-dev"
"""The house rules' command words (house-rules.md), in a game with the rule only (ruling 2)."""


class AwaitLoadedRoll(msgspec.Struct, frozen=True):
    """`roll` with loaded dice: waiting for the value (spec §2.8.1)."""


class AwaitVictim(msgspec.Struct, frozen=True):
    """The geese's tile is chosen: waiting for whom to rob (spec §3.6), after a 7 or a knight."""

    tile: TileId
    candidates: tuple[Colour, ...]
    knight: bool = False
    """Whether a knight moves the geese (house-rules.md ruling 5) rather than a 7."""


class AwaitKnightTile(msgspec.Struct, frozen=True):
    """`play-dev knight`: waiting for the geese's tile (house-rules.md ruling 5)."""


class AwaitAnswer(msgspec.Struct, frozen=True):
    """A trade was offered: waiting for the partner's yes or no (spec §3.5.4)."""

    offer: Offer


Pending = AwaitLoadedRoll | AwaitVictim | AwaitAnswer | AwaitKnightTile
"""A command begun on one line and finished by the answer to the next question."""


class Show(msgspec.Struct, frozen=True):
    """A request for something to be printed, which changes nothing (spec §4.3; `devs`)."""

    what: Literal["board", "status", "listing", "help", "cards"]


class SaveTo(msgspec.Struct, frozen=True):
    """`save <file>`: write the game's save file to `path` (spec §4.3)."""

    path: str


class Suggest(msgspec.Struct, frozen=True):
    """`suggest`: tell the student to move the engine's move, which changes nothing."""


class Seating(msgspec.Struct, frozen=True):
    """The seat words a game allows: the strategies a seat can be handed to, and the default.

    A game started without computer players allows none, so that every line
    the spec defines means exactly what the spec says (`computer` is
    `Invalid command.` there).
    """

    strategies: tuple[str, ...]
    default: str


Reading = (
    Move | AwaitLoadedRoll | AwaitVictim | AwaitKnightTile | Show | SaveTo | Suggest | Refusal
)
"""What one line means: a command (or an offer) to carry out, the start of one, a request to
print, save or suggest, or the refusal the game prints."""


def read(
    line: str,
    game: Game,
    edition: Edition,
    pending: Pending | None = None,
    seating: Seating | None = None,
    *,
    suggests: bool = False,
) -> Reading:
    """Return what `line`, in the edition's words, means at the prompt the game shows now
    (spec §4, RULINGS 9-15, 25-27).

    `pending` is a command begun on an earlier line; `seating` says whether the
    seat words (`computer`, `human`) exist in this game, and `suggests` whether `suggest`
    does, which is understood at any question but those a begun command asks.
    """
    match pending:
        case AwaitLoadedRoll():
            value = integer(line)
            return Refusal.INVALID_ROLL if value is None else Roll(value=value)
        case AwaitVictim(tile=tile, candidates=candidates, knight=knight):
            victim = colour_named(line)
            if victim is None or victim not in candidates:
                return Refusal.VICTIM
            if knight:
                return PlayKnight(tile=tile, victim=victim)
            return PlaceGeese(tile=tile, victim=victim)
        case AwaitKnightTile():
            return _geese_tile(line, game, knight=True)
        case AwaitAnswer(offer=offer):
            answer = line.strip()
            if answer not in (YES, NO):
                return Refusal.ANSWER
            return offer.answered(answer == YES)
        case None:
            if suggests and line.split() == [SUGGEST]:
                return Suggest()
    match game.phase:
        case Phase.SETUP:
            seat = _seat_words(line.split(), game, seating)
            if seat is not None:
                return seat
            value = integer(line)
            return Complete(criterion=-1 if value is None else value)
        case Phase.GEESE:
            return _geese_tile(line, game)
        case Phase.BEFORE_ROLL | Phase.AFTER_ROLL:
            return _command(line.split(), game, edition, seating)
        case Phase.OVER:
            return Refusal.INVALID_COMMAND


def parse(
    lines: str | Sequence[str], game: Game, edition: Edition, seating: Seating | None = None
) -> AnyCommand | Refusal:
    """Return the whole command typed as `lines` (one line, or one per prompt), or the refusal.

    Raises ValueError when the lines stop before the command is whole, go on
    after it, or ask for something to be shown rather than done.
    """
    typed = [lines] if isinstance(lines, str) else list(lines)
    pending: Pending | None = None
    for number, line in enumerate(typed, start=1):
        reading = read(line, game, edition, pending, seating)
        match reading:
            case Refusal():
                return reading
            case AwaitLoadedRoll() | AwaitVictim() | AwaitKnightTile():
                pending = reading
            case Offer():
                pending = AwaitAnswer(offer=reading)
            case Show() | SaveTo() | Suggest():
                raise ValueError(f"line {number} ({line!r}) asks for no command")
            case _:
                if number != len(typed):
                    raise ValueError(f"the command is whole after line {number} of {len(typed)}")
                return reading
    raise ValueError(f"the lines {typed!r} do not finish a command")


def format(move: Move, game: Game, edition: Edition) -> tuple[str, ...]:
    """Return the lines a person types, one per prompt, to give `move` in `game`.

    The lines are the edition's words; a trade includes its partner's answer.
    Raises ValueError for a seat change the terminal has no words for (handing
    another student's seat to a computer).
    """
    words = edition.words
    match move:
        case Complete(criterion=criterion):
            if game.phase is Phase.SETUP:
                return (str(criterion),)  # the setup question takes a bare number (spec §4.1)
            return (f"{words.criterion} {criterion}",)
        case Improve(criterion=criterion):
            return (f"{words.improve} {criterion}",)
        case Achieve(goal=goal):
            return (f"{words.goal} {goal}",)
        case ChooseDice(loaded=loaded):
            return (LOAD if loaded else FAIR,)
        case Roll(value=value):
            return (ROLL,) if value is None else (ROLL, str(value))
        case PlaceGeese(tile=tile, victim=victim):
            return (str(tile),) if victim is None else (str(tile), victim.title)
        case Offer():
            return (_offer_line(move, edition),)
        case Trade(accepted=accepted):
            offer = Offer(partner=move.partner, give=move.give, take=move.take)
            return (_offer_line(offer, edition), YES if accepted else NO)
        case Next():
            return (NEXT,)
        case TakeSeat(colour=colour, player=player):
            if player == HUMAN:
                return (f"{PERSON} {colour.title}",)
            if colour != game.turn:
                raise ValueError(f"no words hand {colour.title}'s seat to a computer")
            return (f"{COMPUTER} {player}",)
        case TradeWithBank(give=give, take=take):
            names = edition.resources
            return (f"{BANK_TRADE} {names[give]} {names[take]}",)
        case BuyCard():
            return (BUY_CARD,)
        case PlayKnight(tile=tile, victim=victim):
            knight = f"{PLAY_CARD} {Card.KNIGHT.value}"
            return (knight, str(tile)) if victim is None else (knight, str(tile), victim.title)
        case PlayMonopoly(resource=resource):
            return (f"{PLAY_CARD} {Card.MONOPOLY.value} {edition.resources[resource]}",)
        case PlayPoint():
            return (f"{PLAY_CARD} {Card.VP.value}",)


def colour_named(text: str) -> Colour | None:
    """Return the colour named by `text` in any letter case (RULINGS 12)."""
    name = text.strip().lower()
    return next((c for c in COLOURS if c.title.lower() == name), None)


def resource_named(text: str, names: Sequence[str]) -> Resource | None:
    """Return the held resource the edition calls `text`, in any letter case (RULINGS 12, 27).

    Only ASCII letters count: `str.upper` alone maps the long s and the ff ligature to
    ASCII, so words that are not resource names would be read as one.
    """
    name = text.upper() if text.isascii() else ""
    return next((r for r in HELD if names[r] == name), None)


def _offer_line(offer: Offer, edition: Edition) -> str:
    names = edition.resources
    return f"{TRADE} {offer.partner.title} {names[offer.give]} {names[offer.take]}"


def _geese_tile(line: str, game: Game, *, knight: bool = False) -> Reading:
    """Read the geese's tile, after a 7 or for a knight; with somebody to rob there, the
    victim is asked next (spec §3.6; house-rules.md ruling 5)."""
    value = integer(line)
    if value is None or not geese_may_land(game, value):
        return Refusal.GEESE_TILE  # the question again (RULINGS 13)
    tile = TileId(value)
    candidates = victims(game, tile)
    if not candidates:
        return PlayKnight(tile=tile) if knight else PlaceGeese(tile=tile)
    return AwaitVictim(tile=tile, candidates=candidates, knight=knight)


def _command(
    words: list[str], game: Game, edition: Edition, seating: Seating | None
) -> Reading:
    """Read a turn command (spec §4.2, §4.3; RULINGS 9, 27), in the edition's words."""
    edition_words = edition.words
    match words:
        case [single] if single in _SHOWN:
            return Show(_SHOWN[single])
        case [verb] if verb == edition_words.listing:
            return Show("listing")
        case ["save", path]:
            return SaveTo(path)
        case ["load"]:
            return ChooseDice(loaded=True)
        case ["fair"]:
            return ChooseDice(loaded=False)
        case ["roll"]:
            if game.phase is Phase.BEFORE_ROLL and game.students[game.turn].loaded_dice:
                return AwaitLoadedRoll()
            return Roll()
        case ["next"]:
            return Next()
        case [verb, number] if verb in _builds(edition_words):
            value = integer(number)
            if value is None:
                return Refusal.INVALID_COMMAND
            return _builds(edition_words)[verb](value)
        case ["trade", colour, give, take]:
            return _offer(game, edition, colour, give, take)
        case [verb, *_] if verb in _HOUSE_WORDS:
            return _house_words(words, game, edition)
    return _seat_words(words, game, seating) or Refusal.INVALID_COMMAND


_HOUSE_WORDS = frozenset((BANK_TRADE, BUY_CARD, CARDS, PLAY_CARD))


def _house_words(words: list[str], game: Game, edition: Edition) -> Reading:
    """Read a house rule's command, which only a game with that rule knows (house-rules.md
    ruling 2): elsewhere it is `Invalid command.` as the spec says.

    `play-dev knight` asks for the geese's tile only once the knight may be played.
    """
    names, rules = edition.resources, game.rules
    match words:
        case [verb, give, take] if verb == BANK_TRADE and rules.bank_rate is not None:
            giving, taking = resource_named(give, names), resource_named(take, names)
            if giving is None or taking is None:
                return Refusal.INVALID_COMMAND
            return TradeWithBank(give=giving, take=taking)
        case [verb] if verb == BUY_CARD and rules.cards:
            return BuyCard()
        case [verb] if verb == CARDS and rules.cards:
            return Show("cards")
        case [verb, card] if verb == PLAY_CARD and rules.cards and card == Card.KNIGHT.value:
            return card_refusal(game, Card.KNIGHT) or AwaitKnightTile()
        case [verb, card] if verb == PLAY_CARD and rules.cards and card == Card.VP.value:
            return PlayPoint()
        case [verb, card, name] if (
            verb == PLAY_CARD and rules.cards and card == Card.MONOPOLY.value
        ):
            resource = resource_named(name, names)
            return Refusal.INVALID_COMMAND if resource is None else PlayMonopoly(resource=resource)
    return Refusal.INVALID_COMMAND


_SHOWN: dict[str, Literal["board", "status", "help"]] = {
    "board": "board",
    "status": "status",
    "help": "help",
}


def _offer(game: Game, edition: Edition, colour: str, give: str, take: str) -> Reading:
    """Read a trade offer; one that may not be made is refused before it is shown (RULINGS 12)."""
    names = edition.resources
    partner = colour_named(colour)
    giving, taking = resource_named(give, names), resource_named(take, names)
    if partner is None or giving is None or taking is None:
        return Refusal.INVALID_COMMAND
    refused = offer_refusal(game, partner, giving, taking)
    return refused or Offer(partner=partner, give=giving, take=taking)


def _seat_words(words: list[str], game: Game, seating: Seating | None) -> TakeSeat | None:
    """Read `computer [<strategy>]` or `human <colour>`, in a game that allows them."""
    if seating is None:
        return None
    match words:
        case ["computer"]:
            return TakeSeat(colour=game.turn, player=seating.default)
        case ["computer", strategy] if strategy in seating.strategies:
            return TakeSeat(colour=game.turn, player=strategy)
        case ["human", name] if (colour := colour_named(name)) is not None:
            return TakeSeat(colour=colour, player=HUMAN)
    return None


@functools.cache
def _builds(words: CommandWords) -> dict[str, Callable[[int], AnyCommand]]:
    """Return the edition's building words and the command each gives (spec §4.3)."""
    return {
        words.goal: lambda goal: Achieve(goal=goal),
        words.criterion: lambda criterion: Complete(criterion=criterion),
        words.improve: lambda criterion: Improve(criterion=criterion),
    }
