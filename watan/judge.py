"""Watan's judge of a journal, in the edition's words: could these events really have happened?

Each run of events one command produced is turned back into the command and judged again
by `decide`, with the random outcomes the journal recorded (`watan.engine.inverse`): the
events must be exactly the ones the rules give, so an event out of order, one that breaks
a rule, or one altered by hand is caught where it happens, by the same code that refuses
it during play.  Here that verdict is put in words, and a journal's header is checked
before any event: its edition, its rules, its board and the position it loaded.
"""

from __future__ import annotations

from replay.auditing import compare_runs
from replay.protocol import Verdict
from watan.editions import edition, names
from watan.editions.model import Edition
from watan.engine.decide import Refusal, Refused, decide_with
from watan.engine.events import AnyEvent, GameResumed, GameStarted
from watan.engine.evolve import start
from watan.engine.invariants import broken_invariants
from watan.engine.inverse import (
    MOST_EVENTS_PER_COMMAND,
    Impossible,
    RecordedChance,
    command_of,
    decided_again,
)
from watan.engine.layout import is_board
from watan.engine.resources import HELD
from watan.engine.rules import rules_problem
from watan.engine.snapshot import MOST_COUNT, NO_GEESE, Position
from watan.engine.state import COLOURS, Completion, Game
from watan.engine.topology import CRITERION_COUNT, GOAL_COUNT, is_criterion, is_goal, is_tile
from watan.text.describe import describe

_REASONS = {
    Refusal.INVALID_COMMAND: "not possible at this point of the game",
    Refusal.CANNOT_BUILD: "that place cannot be built on",
    Refusal.NOT_ENOUGH_RESOURCES: "not enough resources",
    Refusal.INVALID_ROLL: "a loaded roll must be 2-12, by a student whose dice are loaded",
    Refusal.GEESE_TILE: "the geese cannot move to that tile",
    Refusal.VICTIM: "the steal is missing, or robs a student who cannot be robbed there",
    Refusal.ANSWER: "a trade answered with neither yes nor no",
    Refusal.EMPTY_DECK: "the deck of development cards is empty",
    Refusal.NO_CARD: "the student holds no such card",
    Refusal.CARD_PLAYED: "a card was played this turn already",
    Refusal.CARD_BOUGHT: "the card was bought this turn",
}


def header_problem(header: GameStarted) -> str | None:
    """Return what is wrong with a header's board or loaded position, or None.

    A loaded position must be one a save file can hold (`position_problem`).  It is
    otherwise taken as written, two criteria side by side included (spec §5), and the
    audit judges only what follows it.
    """
    if header.edition not in names():
        return f"plays the {header.edition!r} edition, which this version does not know"
    played = edition(header.edition)
    rules = header.rules
    problem = rules_problem(rules)
    if problem is not None:
        return problem
    students = () if header.loaded is None else header.loaded.students
    held = any(any(s.cards) or s.played_points for s in students)
    if not rules.cards and (header.deck or held):
        return "it holds development cards, which its rules do not play"
    if not is_board(header.board):
        return f"the board needs 19 tiles, each valued 2-12 unless {played.resources[-1]}"
    if header.loaded is not None:
        if len(header.loaded.students) != len(COLOURS):
            count = len(header.loaded.students)
            return f"the loaded position holds {count} {played.vocabulary.player}s, not 4"
        problem = position_problem(header.loaded, played)
        if problem is not None:
            return f"the loaded position: {problem}"
    game = start(header)
    broken = broken_invariants(game, previous=game)  # its amounts; ownership was checked above
    return broken[0] if broken else None


def position_problem(position: Position, played: Edition) -> str | None:
    """Return what a loaded position of four students holds that no save file of `played`
    can (spec §3.7), in its words, or None.

    A place owned twice or off the board, a level other than 1-3, a negative count or one
    past what a file writes, and a turn or a geese tile that is none: a game started from
    such a position could not be shown, saved, or even folded.
    """
    words = played.vocabulary
    if not 0 <= position.turn < len(COLOURS):
        return "the current turn must be one number from 0 to 3"
    criteria: set[int] = set()
    goals: set[int] = set()
    for colour, student in zip(COLOURS, position.students, strict=True):
        counts = [*(student.resources[r] for r in HELD), *student.cards, student.played_points]
        if min(counts) < 0:
            return f"{colour.title} holds a negative count"
        if max(counts) > MOST_COUNT:
            return f"{colour.title} holds a count past {MOST_COUNT:,}, which no save file holds"
        for goal in student.goals:
            if not is_goal(goal):
                return f"{words.goal} {goal} is not on the board (0-{GOAL_COUNT - 1})"
            if goal in goals:
                return f"{words.goal} {goal} is owned twice"
            goals.add(goal)
        for criterion, level in student.criteria:
            if not is_criterion(criterion):
                return (
                    f"{words.criterion} {criterion} is not on the board "
                    f"(0-{CRITERION_COUNT - 1})"
                )
            if level not in tuple(Completion):
                return f"{words.criterion} {criterion} has {words.level} level {level}, not 1-3"
            if criterion in criteria:
                return f"{words.criterion} {criterion} is owned twice"
            criteria.add(criterion)
    if not (position.geese == NO_GEESE or is_tile(position.geese)):
        return f"the geese are on tile {position.geese}, which is none (0-18, or -1: off the board)"
    return None


def judge(game: Game, run: tuple[AnyEvent, ...], played: Edition) -> Verdict | None:
    """Return which event of `run` its command does not give and why, or None, in the
    words of the edition `played`.

    A sound command (the commonest by far) is found so without a word said
    (`decided_again`); only a problem is worked out in words.
    """
    if decided_again(game, run):
        return None
    return _verdict(game, run, played)


def _verdict(game: Game, run: tuple[AnyEvent, ...], played: Edition) -> Verdict | None:
    """Return `judge`'s answer the long way, with every reason worked out in words."""

    def said(event: AnyEvent) -> str:
        return describe(event, played)

    if len(run) > MOST_EVENTS_PER_COMMAND:
        extra = run[MOST_EVENTS_PER_COMMAND]
        return Verdict(
            MOST_EVENTS_PER_COMMAND,
            f"{said(extra)!r} is not part of this command: "
            f"no command records more than {MOST_EVENTS_PER_COMMAND} events",
        )
    command = command_of(run)
    if command is None:
        if isinstance(run[0], GameResumed):
            return None
        return Verdict(0, f"{said(run[0])} does not follow the command it belongs to")
    try:
        expected = decide_with(game, command, RecordedChance(run, played.resources))
    except Refused as refused:
        return Verdict(0, f"{said(run[0])}: {_REASONS[refused.refusal]}")
    except Impossible as impossible:
        return Verdict(impossible.index, f"{said(run[impossible.index])}: {impossible.problem}")
    return compare_runs(expected, run, said)
