"""Hints for a newcomer: what the game says on standard error, beside the spec's lines.

The spec fixes every line on standard output, and a refusal there says
only `You cannot build here.`; a person at a terminal also needs to know
why, what a silent command did, and where a resumed game stands.  Each
function here returns that text (lines ending in a newline, or "" when
there is nothing to add), in the edition's words; `watan.terminal.hinter`
decides when it is said, and says it on standard error only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from replay.edges.stopping import kept_at_end
from watan.editions.model import Edition
from watan.engine.commands import (
    Achieve,
    AnyCommand,
    BuyCard,
    Complete,
    Improve,
    Trade,
    TradeWithBank,
)
from watan.engine.decide import Obstacle, Refusal, level_cost, obstacle, refusal
from watan.engine.dice import HIGHEST_ROLL, LOWEST_ROLL, ROLLS, WAYS, odds
from watan.engine.events import (
    AnyEvent,
    BankTraded,
    CriterionCompleted,
    CriterionImproved,
    DiceChosen,
    GoalAchieved,
    SeatTaken,
    TradeAccepted,
    TradeDeclined,
)
from watan.engine.resources import Resource, Resources, subtract
from watan.engine.rules import BANK_TRADE as RULE_BANK_TRADE
from watan.engine.rules import GEESE_ROLL
from watan.engine.snapshot import NO_GEESE
from watan.engine.state import COLOURS, NOBODY, Colour, Completion, Game, Phase
from watan.engine.topology import (
    CRITERION_COUNT,
    CRITERION_NEIGHBOURS,
    CRITERION_TILES,
    GOAL_COUNT,
    TILE_COUNT,
)
from watan.text import render
from watan.text.integers import integer
from watan.text.notation import (
    BANK_TRADE,
    BUY_CARD,
    PLAY_CARD,
    colour_named,
    format,
    resource_named,
)

if TYPE_CHECKING:
    from watan.text.recap import Happened

CONFIRMED = (
    BankTraded,
    CriterionCompleted,
    CriterionImproved,
    GoalAchieved,
    TradeAccepted,
    TradeDeclined,
    DiceChosen,
    SeatTaken,
)
"""The events of the commands the spec leaves silent (it prints nothing for a build, a trade's
answer, a dice choice or a seat handed over; house-rules.md nothing for a bank trade), which a
hint confirms."""

PLAY_AGAIN = "Answer yes for a new game, or no to stop.\n"
"""What `Would you like to play again?` accepts (spec §4.4), said when it is asked again."""

SHOWN_AT_SETUP = ("board", "status", "help")
"""Words a newcomer types at the setup question, which the spec refuses (`You cannot build
here.`, RULINGS 15): a hint shows what they asked for."""


def _place(edition: Edition, criterion: int) -> str:
    return f"{edition.vocabulary.criterion} {criterion}"


def _level(edition: Edition, level: int) -> str:
    return edition.vocabulary.levels[level - 1]


def setup_guide(game: Game, edition: Edition) -> str:
    """Return how to answer the setup question (spec §4.1), in the edition's words."""
    words = edition.vocabulary
    return (
        f"Answer with the number of a free {words.criterion} (0-{CRITERION_COUNT - 1}) "
        f"for {game.turn.title}'s {_level(edition, Completion.ASSIGNMENT)}: none of the "
        f"{words.criteria} next to it may be taken. `board` shows the board.\n"
    )


def placing(game: Game, edition: Edition, *, with_odds: bool = False) -> str:
    """Return what a person sees before their first setup question: the board (`with_odds`:
    and how often each value comes up), and the guide.

    Without it the eight starting places are chosen blind: the spec shows
    the board only once setup is over (RULINGS 6).
    """
    odds = odds_of_values() if with_odds else ""
    return render.board(game, edition) + odds + setup_guide(game, edition)


def odds_of_values() -> str:
    """Return how often each tile value comes up on two fair dice (spec §2.8.2), likeliest
    first: what a tile's value is worth, which the board does not show."""
    values = [v for v in range(LOWEST_ROLL, HIGHEST_ROLL + 1) if v != GEESE_ROLL]
    ways = sorted({WAYS[value] for value in values}, reverse=True)
    alike = [[value for value in values if WAYS[value] == count] for count in ways]
    groups = [f"{' and '.join(str(v) for v in same)} {odds(same[0])}" for same in alike]
    return (
        f"How often a tile's value comes up on two fair dice: {', '.join(groups)} a roll "
        f"({GEESE_ROLL}, {odds(GEESE_ROLL)}, moves the geese).\n"
    )


BEST_PLACES = 3
"""How many setup places a hint suggests."""


def best_placements(game: Game, edition: Edition) -> str:
    """Return the free places that produce most for the student placing now, with why
    (`12 (CAFFEINE 6, LAB 8, STUDY 5: 14/36 a roll)`), or "".

    Most units a fair roll gives on average first (the pips of the board game: `n/36` is
    n/36 of a unit a roll), then most resources the student's places do not give yet (a
    goal needs two that an Assignment does not, RULINGS 23), then most resources.
    """
    who = game.turn
    had = {
        resource for criterion in range(CRITERION_COUNT)
        if game.criterion_owner[criterion] == who
        for resource, _ in _yields(game, criterion)
    }

    def worth(criterion: int) -> tuple[int, int, int, int]:
        yields = _yields(game, criterion)
        kinds = {resource for resource, _ in yields}
        return (-_units(yields), -len(kinds - had), -len(kinds), criterion)

    free = [c for c in range(CRITERION_COUNT) if refusal(game, Complete(criterion=c)) is None]
    best = sorted(free, key=worth)[:BEST_PLACES]
    if not best:
        return ""
    names = edition.resources
    shown = []
    for criterion in best:
        yields = _yields(game, criterion)
        tiles = ", ".join(f"{names[resource]} {value}" for resource, value in yields)
        shown.append(f"{criterion} ({tiles}: {_units(yields)}/{ROLLS} a roll)")
    return (
        f"Best for {who.title} by production, then variety: {'; '.join(shown)}.\n"
    )


def _units(yields: list[tuple[Resource, int]]) -> int:
    """Return how many of the `ROLLS` rolls of fair dice pay an Assignment on these tiles, a
    roll that pays two of them counted twice: `ROLLS` times what it gains in an average
    roll."""
    return sum(WAYS[value] for _, value in yields)


def _yields(game: Game, criterion: int) -> list[tuple[Resource, int]]:
    """Return (resource, value) of each tile around `criterion` that produces (not NETFLIX,
    not under the geese, spec §2.3), in tile order."""
    return [
        (game.board[tile].resource, game.board[tile].value)
        for tile in CRITERION_TILES[criterion]
        if game.board[tile].resource is not Resource.NETFLIX and tile != game.geese
    ]


def refused(
    game: Game,
    edition: Edition,
    command: AnyCommand | None,
    refusal: Refusal,
    line: str,
    *,
    candidates: tuple[Colour, ...] = (),
) -> str:
    """Return why the rules refused what was typed (`line`, read as `command`), or "".

    `command` is None when the line was no command at all; `candidates` are the students
    the steal question (`Refusal.VICTIM`) offered.
    """
    if game.phase is Phase.SETUP:
        word = line.strip()
        if word in SHOWN_AT_SETUP:
            return render.board(game, edition) if word == "board" else setup_guide(game, edition)
        if isinstance(command, Complete) and command.criterion >= 0:
            return _obstacle(game, edition, command)
        return setup_guide(game, edition)
    match refusal:
        case Refusal.CANNOT_BUILD if command is not None:
            return _obstacle(game, edition, command)
        case Refusal.NOT_ENOUGH_RESOURCES if command is not None:
            return _shortfall(game, edition, command)
        case Refusal.INVALID_COMMAND:
            return mistyped(game, edition, line.split()) or _commands_now(game, edition)
        case Refusal.INVALID_ROLL:
            return f"A loaded roll is a whole number from {LOWEST_ROLL} to {HIGHEST_ROLL}.\n"
        case Refusal.GEESE_TILE:
            return _geese_tiles(game, line)
        case Refusal.VICTIM if candidates:
            named = _or([colour.title for colour in candidates])
            return f"{line.strip()!r} is not one to steal from here: answer {named}.\n"
        case Refusal.ANSWER:
            return "Answer yes or no, in small letters.\n"
        case _:
            return ""


def _geese_tiles(game: Game, line: str) -> str:
    """Return where the geese may go (spec §3.6; RULINGS 13)."""
    here = "" if game.geese == NO_GEESE else f", other than tile {game.geese} where they are"
    return (
        f"{line.strip()!r} is not a tile for the geese: a tile number from 0 to "
        f"{TILE_COUNT - 1}{here}.\n"
    )


def mistyped(game: Game, edition: Edition, words: list[str]) -> str:
    """Return what is wrong with a trade, bank trade or build typed as `words` and what is
    accepted (RULINGS 10, 12; house-rules.md ruling 3), or "" for any other line."""
    names = edition.resources[:-1]  # the last produces nothing: never traded
    resources = f"the resources are {', '.join(names)}"
    match words:
        case ["trade", colour, *wares]:
            partner = colour_named(colour)
            others = [c.title for c in COLOURS if c != game.turn]
            if partner is None or partner == game.turn:
                player = edition.vocabulary.player
                return f"{colour!r} is not a {player} to trade with: {_or(others)}.\n"
            return _wares(wares, names, resources, f"trade {partner.title} <give> <take>")
        case [verb, *wares] if verb == BANK_TRADE:
            if game.rules.bank_rate is None:
                return (
                    f"{BANK_TRADE} is the house rule {RULE_BANK_TRADE}, which this game does not "
                    f"play (--house-rules {RULE_BANK_TRADE} when a game starts).\n"
                )
            return _wares(wares, names, resources, f"{BANK_TRADE} <give> <take>")
        case [verb, *number] if verb in _places(edition) and (
            len(number) != 1 or integer(number[0]) is None
        ):
            noun, count = _places(edition)[verb]
            return f"Type {verb} <{noun}>: the number of a {noun}, 0-{count - 1}.\n"
    return ""


def _places(edition: Edition) -> dict[str, tuple[str, int]]:
    """Return each building word with the place it takes and how many there are (spec §4.3)."""
    words, nouns = edition.words, edition.vocabulary
    return {
        words.goal: (nouns.goal, GOAL_COUNT),
        words.criterion: (nouns.criterion, CRITERION_COUNT),
        words.improve: (nouns.criterion, CRITERION_COUNT),
    }


def _wares(wares: list[str], names: Sequence[str], resources: str, form: str) -> str:
    """Return which of `wares` (give, take) names no resource, or how many are due."""
    if len(wares) != 2:
        return f"Type {form}: one resource to give, one to take; {resources}.\n"
    unknown = [ware for ware in wares if resource_named(ware, names) is None]
    if unknown:
        return f"{unknown[0]!r} is no resource: {resources}.\n"
    return ""


def _commands_now(game: Game, edition: Edition) -> str:
    if game.phase is Phase.BEFORE_ROLL:
        if game.rules.cards:  # house-rules.md ruling 4: a card may be played before the roll
            return (
                f"Before the roll: load, fair, roll or play-dev; board, status, "
                f"{edition.words.listing}, devs and help work at any time.\n"
            )
        return (
            f"Before the roll: load, fair or roll; board, status, {edition.words.listing} "
            "and help work at any time.\n"
        )
    return "Type help for the list of commands.\n"


SUGGEST = (
    "suggest: the engine's move for the student to move, and each student's chance to win "
    "(on standard error).\n"
)
"""What `help` adds where the engine suggests moves (a game with computers, issue 24)."""


def shown(game: Game, edition: Edition, what: str) -> str:
    """Return what to add to `help` or `devs` (a Show's `what`), or "".

    `help` lists every command (spec §4.3), most of which wait for the roll: before it,
    what can be done now.  `devs` with no card prints a heading alone: what buys one.
    """
    match what:
        case "help" if game.phase is Phase.BEFORE_ROLL:
            return _before_roll(game, edition)
        case "cards" if not any(game.students[game.turn].cards) and game.rules.card_cost:
            words = edition.vocabulary
            price = _amounts(game.rules.card_cost, edition)
            return (
                f"{game.turn.title} holds no {words.cards}: {BUY_CARD}, after the roll, buys "
                f"one for {price}.\n"
            )
    return ""


def _before_roll(game: Game, edition: Edition) -> str:
    """Return what the current student can type before the roll (spec §4.2; RULINGS 9)."""
    dice = "loaded" if game.students[game.turn].loaded_dice else "fair"
    card = f", {PLAY_CARD} <card>" if game.rules.cards else ""
    shows = f"board, status, {edition.words.listing}{', devs' if game.rules.cards else ''}"
    return (
        f"Now, before the roll: roll ({game.turn.title}'s dice are {dice}), load to choose "
        f"each roll ({LOWEST_ROLL}-{HIGHEST_ROLL}), fair for two dice{card}; {shows}, "
        "save <file> and help at any time. Building, trading and next come after the roll.\n"
    )


def _amounts(amount: Resources, edition: Edition) -> str:
    from watan.text.describe import amounts  # only a person's hints need it: not to play

    return amounts(amount, edition)


def _obstacle(game: Game, edition: Edition, command: AnyCommand) -> str:
    """Return which rule keeps `command` from building where it asks (spec §3.1-§3.3)."""
    words = edition.vocabulary
    who = game.turn.title
    match command:
        case Achieve(goal=goal):
            place = f"{words.goal} {goal}"
            match obstacle(game, command):
                case Obstacle.NO_SUCH_PLACE:
                    return f"There is no {place}: {words.goals} are 0-{GOAL_COUNT - 1}.\n"
                case Obstacle.TAKEN:
                    holder = Colour(game.goal_owner[goal]).title
                    return f"{place.capitalize()} is taken: {holder} {words.claimed_goal} it.\n"
                case Obstacle.NOT_CONNECTED:
                    return (
                        f"None of {who}'s {words.criteria} or {words.goals} touches {place}.\n"
                    )
        case Complete(criterion=criterion) | Improve(criterion=criterion):
            place = _place(edition, criterion)
            match obstacle(game, command):
                case Obstacle.NO_SUCH_PLACE:
                    return f"There is no {place}: {words.criteria} are 0-{CRITERION_COUNT - 1}.\n"
                case Obstacle.TAKEN:
                    return f"{place.capitalize()} is taken: {_owned(game, edition, criterion)}.\n"
                case Obstacle.NEIGHBOUR_COMPLETED:
                    near = min(
                        n for n in CRITERION_NEIGHBOURS[criterion]
                        if game.criterion_owner[n] != NOBODY
                    )
                    return (
                        f"{_place(edition, near).capitalize()}, next to {place}, is taken: "
                        f"{_owned(game, edition, near)}.\n"
                    )
                case Obstacle.NOT_CONNECTED:
                    return f"None of {who}'s {words.goals} leads to {place}.\n"
                case Obstacle.NOT_OWN:
                    free = game.criterion_owner[criterion] == NOBODY
                    whose = f"nobody has {words.claimed_criterion} it" if free else _owned(
                        game, edition, criterion
                    )
                    return f"{place.capitalize()} is not {who}'s to improve: {whose}.\n"
                case Obstacle.HIGHEST_LEVEL:
                    top = _level(edition, Completion.EXAM)
                    return f"{place.capitalize()} is {_a(top)} already, the highest level.\n"
        case _:
            pass
    return ""


def _a(noun: str) -> str:
    return f"{'an' if noun[0] in 'AEIOU' else 'a'} {noun}"


def _owned(game: Game, edition: Edition, criterion: int) -> str:
    owner = Colour(game.criterion_owner[criterion]).title
    return f"it is {owner}'s {_level(edition, game.criterion_level[criterion])}"


def _shortfall(game: Game, edition: Edition, command: AnyCommand) -> str:
    """Return what a build costs and what the student lacks, or who lacks what a trade needs."""
    held = game.students[game.turn].resources
    match command:
        case Achieve():
            what, cost = _a(edition.vocabulary.goal), game.rules.goal_cost
        case Complete():
            what, cost = _a(_level(edition, Completion.ASSIGNMENT)), level_cost(game, 1)
        case Improve(criterion=criterion):
            level = game.criterion_level[criterion] + 1
            what, cost = _a(_level(edition, level)), level_cost(game, level)
        case Trade(partner=partner, give=give, take=take):
            names = edition.resources
            if not held[give]:
                return f"{game.turn.title} holds no {names[give]} to offer.\n"
            return f"{partner.title} holds no {names[take]} to give.\n"
        case TradeWithBank(give=give) if game.rules.bank_rate is not None:
            name, rate = edition.resources[give], game.rules.bank_rate
            return (
                f"The bank takes {rate} {name} for one of another resource; "
                f"{game.turn.title} holds {held[give]}.\n"
            )
        case BuyCard() if game.rules.card_cost is not None:
            card = edition.vocabulary.cards.removesuffix("s")
            what, cost = _a(card), game.rules.card_cost
        case _:
            return ""
    short = subtract(cost, held)
    from watan.text.describe import amounts  # only a person's hints need it: not to play

    lacking: Resources = (
        max(0, short[0]), max(0, short[1]), max(0, short[2]), max(0, short[3]), max(0, short[4])
    )
    return (
        f"{what[0].upper()}{what[1:]} costs {amounts(cost, edition)}; "
        f"{game.turn.title} lacks {amounts(lacking, edition)}.\n"
    )


def done(before: Game, events: Sequence[AnyEvent], after: Game, edition: Edition) -> str:
    """Return a line for each event of a command the spec leaves silent (`Blue achieved
    goal 22.`): a build, a trade's answer, a dice choice, a seat handed over."""
    from watan.text.describe import describe  # only a person's hints need it: not to play

    return "".join(
        f"{describe(event, edition)}.\n" for event in events if isinstance(event, CONFIRMED)
    )


def since(person: Colour, happened: Sequence[Happened], edition: Edition) -> str:
    """Return what happened since `person`'s last turn (`watan.text.recap`), or ""."""
    from watan.text.recap import recap  # only a person's hints need it: not to play

    return recap(person, happened, edition)


def typed_by_person(before: Game, events: Sequence[AnyEvent], person: str) -> bool:
    """Return whether `events` answer what a person typed: their own command, or their answer
    to a computer's offer (`person` is how the game names a seat played at the keyboard)."""
    if before.seats[before.turn] == person:
        return True
    return any(
        isinstance(e, TradeAccepted | TradeDeclined) and before.seats[e.partner] == person
        for e in events
    )


def affordable_builds(game: Game, edition: Edition) -> str:
    """Return the builds the current student can pay for now, and where (`--hints`)."""
    from watan.engine.moves import legal_builds  # only --hints needs it: not to play

    builds = legal_builds(game)
    who = game.turn.title
    if not builds:
        return f"{who} can afford no build yet.\n"
    places: dict[str, list[str]] = {}
    for build in builds:
        verb, place = format(build, game, edition)[0].split()
        places.setdefault(verb, []).append(place)
    kinds = [f"{verb} {_or(where)}" for verb, where in places.items()]
    return f"{who} can afford: {'; '.join(kinds)}.\n"


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def resumed(game: Game, edition: Edition, roll: int | None) -> str:
    """Return where a resumed game stands: after the roll, this turn's roll and what follows."""
    if game.phase is Phase.AFTER_ROLL and roll is not None:
        return f"{game.turn.title} has rolled {roll}; commands after the roll (help lists them).\n"
    return render.standing(game, edition)


def saved(path: str) -> str:
    """Return the confirmation of `save` (the spec prints nothing, RULINGS 22)."""
    return f"Saved the game to {path}.\n"


def kept(
    game: Game, program: str, journal: str | None, backup: str | None
) -> str:
    """Return what end of input kept, and how to go on from it (`replay.edges.stopping`'s
    sentence, which Bazaar says too).

    `journal` is the game's journal if it holds anything, `backup` the save
    file written if any.
    """
    over = game.phase is Phase.OVER
    return kept_at_end(program, over=over, journal=journal, backup=backup, load=f"{program} -load")
