"""Checking a journal against the rules: could these events really have happened?

The toolkit's audit (`replay.auditing`) walks a journal's commands with Watan's judge
(`watan.tools.judge`, through `watan.definition`) and stops at the first problem; this
gives its answer as a game, with the bare board when the header itself is wrong.
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from replay import auditing
from replay.auditing import Problem, Progress
from watan.definition import definition
from watan.editions import DEFAULT, edition
from watan.engine.events import AnyEvent, GameStarted
from watan.engine.rules import rules_problem
from watan.engine.state import Game, new_game


class Audit(msgspec.Struct, frozen=True):
    """How many events are sound and the game they give, and the first problem if any.

    With a problem, the sound events are those before the command it is in:
    a journal rewound to that step can be played on.
    """

    game: Game
    events: int
    problem: Problem | None = None


def audit(
    header: GameStarted,
    events: Iterable[AnyEvent],
    keep: int | None = None,
    progress: Progress | None = None,
    *,
    through: bool = False,
) -> Audit:
    """Return the game after the first `keep` events (all when None), checking them all.

    Every command's events are judged against the rules, and the game's
    invariants are checked after each command (and, when one is broken, after
    each of its events, to name the first that breaks it); the audit stops at
    the first problem (`replay.auditing.audit`, with Watan's judge).  With `through`,
    it stops at the end of the command step `keep` falls in.  `progress` hears how far
    it has come every few thousand events and at the end.  `events` may be a stream:
    they are looked at once, in order, and not kept.
    """
    checked = auditing.audit(
        definition(header.edition), header, events, keep, through=through, progress=progress
    )
    if checked.state is None:
        # A header that is wrong may not even start a game: show the bare board, played by
        # the rules it names (or by the default edition's, when they are damaged too).
        rules = header.rules
        if rules_problem(rules) is not None:
            rules = edition(DEFAULT).rules
        return Audit(game=new_game(header.board, rules), events=0, problem=checked.problem)
    return Audit(game=checked.state, events=checked.events, problem=checked.problem)
