"""The bookkeeping every reachable game state keeps, checked after each event by `audit`.

These hold whatever the players do: nobody holds a negative amount of
resources or of development cards, each criterion and goal has at most one
owner and the per-place and per-student records agree, levels run 1-3, and
no criterion is completed next to a completed one (spec §2.4.1, §2.6, §3.1,
§3.5.3).  A loaded position is taken as written (spec §5: the file may be
assumed saved from a valid game), so two criteria it holds side by side are
not a problem; one completed next to either later is.
"""

from __future__ import annotations

from watan.engine.state import COLOURS, NOBODY, Colour, Game, Student
from watan.engine.topology import CRITERION_COUNT, CRITERION_NEIGHBOURS, GOAL_COUNT


def broken_invariants(game: Game, previous: Game | None = None) -> list[str]:
    """Return each broken rule of bookkeeping in `game`, as a sentence; empty when sound.

    Given the `previous` state (already found sound), only what changed is
    checked again: the reducer keeps unchanged records as the same objects, so
    most events cost the check of one student's resources.  Criteria side by
    side are a problem when one of them was completed since `previous` (any,
    without it).  Given the game itself as `previous` (a start taken as written),
    only the amounts are checked.
    """
    if previous is None:
        return negative_amounts(game) + _ownership_problems(game, None)
    if previous is game:
        return negative_amounts(game)
    problems = []
    lists_changed = False
    students, before = game.students, previous.students
    if students is not before:
        for colour in COLOURS:
            now, then = students[colour], before[colour]
            if now is then:
                continue
            if min(now.resources) < 0:
                problems.append(_negative(colour, now))
            if now.cards is not then.cards and min(now.cards) < 0:
                problems.append(_negative_cards(colour, now))
            if now.criteria is not then.criteria or now.goals is not then.goals:
                lists_changed = True
    if (
        lists_changed
        or game.criterion_owner is not previous.criterion_owner
        or game.criterion_level is not previous.criterion_level
        or game.goal_owner is not previous.goal_owner
    ):
        problems += _ownership_problems(game, previous)
    return problems


def negative_amounts(game: Game) -> list[str]:
    """Return a sentence for each student holding a negative amount (spec §3.5.3), of
    resources or of development cards (house-rules.md)."""
    return [
        _negative(colour, student)
        for colour, student in zip(COLOURS, game.students, strict=True)
        if min(student.resources) < 0
    ] + [
        _negative_cards(colour, student)
        for colour, student in zip(COLOURS, game.students, strict=True)
        if min(student.cards) < 0
    ]


def _negative(colour: Colour, student: Student) -> str:
    return f"{colour.title} holds a negative amount: {student.resources}"


def _negative_cards(colour: Colour, student: Student) -> str:
    return f"{colour.title} holds a negative number of cards: {student.cards}"


def _ownership_problems(game: Game, previous: Game | None) -> list[str]:
    """Return what is wrong with who owns which criterion and goal (spec §2.4.1, §2.6, §3.1)."""
    problems = []
    owner, goal_owner = [NOBODY] * CRITERION_COUNT, [NOBODY] * GOAL_COUNT
    for colour, student in zip(COLOURS, game.students, strict=True):
        for criterion in student.criteria:
            if owner[criterion] != NOBODY:
                problems.append(f"criterion {criterion} is listed twice")
            owner[criterion] = colour
        for goal in student.goals:
            if goal_owner[goal] != NOBODY:
                problems.append(f"goal {goal} is listed twice")
            goal_owner[goal] = colour
    if tuple(owner) != game.criterion_owner:
        problems.append("owned criteria and students' lists disagree")
    if tuple(goal_owner) != game.goal_owner:
        problems.append("owned goals and students' lists disagree")
    for place, level in enumerate(game.criterion_level):
        if (owner[place] == NOBODY) != (level == 0) or not 0 <= level <= 3:
            problems.append(f"criterion {place} has level {level}")
        elif level and (previous is None or previous.criterion_owner[place] == NOBODY):
            problems += [
                f"criteria {place} and {neighbour} are adjacent"
                for neighbour in CRITERION_NEIGHBOURS[place]
                if owner[neighbour] != NOBODY
            ]
    return problems
