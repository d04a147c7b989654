"""One decision judged: the chances before it, the move played and the best move found.

This is the unit of work `watan analyze` hands to its processes (or a cluster): a decision
of a journal, by its number, judged by `estimate`.  It is a function of the journal, the
decision's number, the seed and the playouts alone, so the figures are the same however
the decisions are shared out.
"""

from __future__ import annotations

import msgspec

from replay import analysis
from watan.engine.commands import AnyCommand
from watan.engine.events import AnyEvent, GameStarted
from watan.tools.analysis import estimate
from watan.tools.analysis.decisions import Decision, decisions


class Job(msgspec.Struct, frozen=True):
    """What every decision of one analysis is judged with: the game and the estimate's
    options."""

    header: GameStarted
    events: tuple[AnyEvent, ...]
    seed: int
    horizon: analysis.Horizon


class Judged(msgspec.Struct, frozen=True):
    """A decision judged: each student's chance before it, the move played and its value,
    and the best move found and its value (the mover's chances once each is played)."""

    step: int
    chances: analysis.Chances
    played: AnyCommand
    played_chances: analysis.Chances
    best: AnyCommand
    best_chances: analysis.Chances
    tried: int
    """How many moves were compared (1: the move was forced)."""


_KNOWN: list[tuple[Job, list[Decision]]] = []
"""The decisions of the last job seen in this process: a process judges many decisions of
one game, and finding them is a fold of the whole journal."""


def decisions_of(job: Job) -> list[Decision]:
    """Return the job's decisions, found once per process for each job."""
    if _KNOWN and (_KNOWN[0][0] is job or _KNOWN[0][0] == job):
        return _KNOWN[0][1]
    found = list(decisions(job.header, job.events))
    _KNOWN[:] = [(job, found)]
    return found


def judged(decision: Decision, seed: int, horizon: analysis.Horizon) -> Judged:
    """Return the decision judged: its position valued, and every move worth comparing
    (`estimate.candidates`) played and valued; the best is the one that leaves the mover the
    best chance (the first such in the rules' order, the move played first of all)."""
    game, step, mover, turn = decision.game, decision.step, decision.colour, decision.turn
    before = estimate.position(game, turn=turn, seed=seed, step=step, horizon=horizon)
    tried = estimate.moves_valued(
        game,
        estimate.candidates(game, decision.command),
        turn=turn,
        seed=seed,
        step=step,
        horizon=horizon,
    )
    played = tried[0][1] if tried else before
    best, best_chances = analysis.best(tried, mover) or (None, played)
    return Judged(
        step=step,
        chances=before,
        played=decision.command,
        played_chances=played,
        best=decision.command if best is None else best,
        best_chances=best_chances,
        tried=len(tried),
    )


def judge(job: Job, index: int, _: int) -> analysis.Done[Judged]:
    """Return decision `index` of the job judged (`replay.analysis.Judge`)."""
    return analysis.Done(judged(decisions_of(job)[index], job.seed, job.horizon))
