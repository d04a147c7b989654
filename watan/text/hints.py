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
from watan.engine.decide import Obstacle, Refusal, level_cost, obstacle
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
from watan.engine.resources import Resources, subtract
from watan.engine.state import NOBODY, Colour, Completion, Game, Phase
from watan.engine.topology import CRITERION_COUNT, CRITERION_NEIGHBOURS, GOAL_COUNT
from watan.text import render
from watan.text.notation import format

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


def placing(game: Game, edition: Edition) -> str:
    """Return what a person sees before their first setup question: the board, and the guide.

    Without it the eight starting places are chosen blind: the spec shows
    the board only once setup is over (RULINGS 6).
    """
    return render.board(game, edition) + setup_guide(game, edition)


def refused(
    game: Game, edition: Edition, command: AnyCommand | None, refusal: Refusal, line: str
) -> str:
    """Return why the rules refused what was typed (`line`, read as `command`), or "".

    `command` is None when the line was no command at all.
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
            return _commands_now(game, edition)
        case Refusal.INVALID_ROLL:
            return "A loaded roll is a whole number from 2 to 12.\n"
        case _:
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
