"""The bookkeeping every reachable game state keeps, checked after each event by `verify`.

These hold whatever the players do: nobody holds a negative amount, each
criterion and goal has at most one owner and the per-place and per-student
records agree, levels run 1-3, and no two completed criteria are adjacent
(spec §2.4.1, §2.6, §3.1, §3.5.3).
"""

from __future__ import annotations

from watan.state import COLOURS, NOBODY, Game
from watan.topology import CRITERION_COUNT, CRITERION_NEIGHBOURS


def broken_invariants(game: Game) -> list[str]:
    """Return each broken rule of bookkeeping in `game`, as a sentence; empty when sound."""
    problems = []
    for colour, student in zip(COLOURS, game.students, strict=True):
        if min(student.resources) < 0:
            problems.append(f"{colour.title} holds a negative amount: {student.resources}")
        if len(set(student.criteria)) != len(student.criteria):
            problems.append(f"{colour.title} lists a criterion twice")
        for criterion in student.criteria:
            if game.criterion_owner[criterion] != colour:
                problems.append(f"criterion {criterion} listed by {colour.title}, owned elsewhere")
        for goal in student.goals:
            if game.goal_owner[goal] != colour:
                problems.append(f"goal {goal} listed by {colour.title}, owned elsewhere")
    listed: list[int] = sorted(c for s in game.students for c in s.criteria)
    owned = [c for c in range(CRITERION_COUNT) if game.criterion_owner[c] != NOBODY]
    if listed != owned:
        problems.append("owned criteria and students' lists disagree")
    if sorted(g for s in game.students for g in s.goals) != sorted(
        g for g, owner in enumerate(game.goal_owner) if owner != NOBODY
    ):
        problems.append("owned goals and students' lists disagree")
    for place in owned:
        if not 1 <= game.criterion_level[place] <= 3:
            problems.append(f"criterion {place} has level {game.criterion_level[place]}")
        for neighbour in CRITERION_NEIGHBOURS[place]:
            if game.criterion_owner[neighbour] != NOBODY:
                problems.append(f"criteria {place} and {neighbour} are adjacent")
    return problems
