"""A game analysed: every decision judged (here, in processes or on a cluster) and marked.

The marks are by the win chance a move loses against the best move found, in points of
percent (docs/decisions.md says why these): lichess marks a move that loses 10, 20 or 30
points of its own scale, which runs from -100 to 100 for two players, that is 5, 10 and 15
points of a chance to win; the same points mean the same here, in a game of four.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from replay import analysis
from watan.editions import edition as named
from watan.editions.model import Edition
from watan.engine.commands import AnyCommand, Complete, PlaceGeese, PlayKnight, Trade
from watan.engine.events import AnyEvent, GameStarted
from watan.engine.state import COLOURS, NOBODY, Colour, Game, Phase
from watan.text import notation
from watan.tools.analysis import estimate
from watan.tools.analysis.decisions import Decision, decisions, final
from watan.tools.analysis.document import (
    KIND,
    VERSION,
    Analysis,
    Chances,
    DecisionDocument,
    Mark,
    Thresholds,
    TurningPoint,
)
from watan.tools.analysis.judging import Job, Judged, judge
from watan.tools.cluster import play_on_cluster
from watan.tools.document import ColourName

LIMITS = analysis.Thresholds()
"""Points of win chance lost that mark a move an inaccuracy, a mistake or a blunder: 5, 10
and 15 (`replay.analysis.Thresholds` says why)."""
THRESHOLDS = Thresholds(
    inaccuracy=LIMITS.inaccuracy, mistake=LIMITS.mistake, blunder=LIMITS.blunder
)
"""The same, as the analysis's document states them."""
HORIZON = analysis.Horizon(turns=8, samples=2)
"""How far and how often positions and moves are played on by default: two rounds, twice
(the computers load their dice, so two playouts differ only by the geese and the steals)."""
QUICK = analysis.Horizon(turns=1, samples=1)
"""`--quick`'s coarser pass: to the end of the turn, once."""
TURNING_POINTS = 5
"""The decisions after which the chances moved most that the analysis names."""

Progress = Callable[[int, int], object]
"""Told how many decisions are judged, of how many."""


def analyse(
    header: GameStarted,
    events: Sequence[AnyEvent],
    journal: str,
    *,
    seed: int = 0,
    horizon: analysis.Horizon = HORIZON,
    workers: int = 1,
    cluster: str | None = None,
    step: int | None = None,
    player: str | None = None,
    progress: Progress | None = None,
) -> Analysis:
    """Return the game of the journal named `journal` analysed: with `step`, the position
    after that many events alone (and the decision made there, if one was); with `player`,
    that student's decisions alone, by colour name (every one is judged, for the turning
    points).

    The figures depend on the journal, `seed` and `horizon` alone, never on `workers` or
    `cluster` (a Dask scheduler's address, or `local`; `watan.tools.cluster`).
    """
    every = list(decisions(header, events))
    chosen = [n for n, d in enumerate(every) if step is None or d.step == step]
    found = [every[n] for n in chosen]
    job = Job(header, tuple(events), seed, horizon)
    done = _judge_all(job, chosen, workers, cluster, progress)
    if step is not None:
        events = events[:step]
    ending = final(header, events)
    end = estimate.position(
        ending, turn=_turn(every, ending, step), seed=seed, step=len(events), horizon=horizon
    )
    played = named(header.edition)
    rows = [_row(d, j, played) for d, j in zip(found, done, strict=True)]
    points = [] if step is not None else _turning_points(found, done, end, played)
    if player is not None:
        rows = [row for row in rows if row.colour == player]
    return Analysis(
        document=KIND,
        version=VERSION,
        journal=journal,
        edition=played.name,
        house_rules=list(header.rules.house_rules),
        seed=seed,
        playouts=horizon.samples,
        horizon=horizon.turns,
        thresholds=THRESHOLDS,
        steps=len(events),
        winner=None if ending.winner == NOBODY else _name(Colour(ending.winner)),
        end=percent(end),
        decisions=rows,
        turning_points=points,
    )


def _judge_all(
    job: Job,
    chosen: list[int],
    workers: int,
    cluster: str | None,
    progress: Progress | None,
) -> list[Judged]:
    """Return the job's decisions numbered in `chosen` judged, in that order: here, by
    `workers` processes or on a cluster, a batch of decisions at a time
    (`replay.tournaments`, each decision one of its games)."""
    total = len(chosen)
    told: Callable[[int], None] | None = None
    if progress is not None:
        tell = progress

        def told(done: int) -> None:
            tell(done, total)

    if cluster is not None and total > 1:
        batches = analysis.planned(judge, job, chosen, workers)
        return play_on_cluster(cluster, batches, workers, told)
    return analysis.judge_all(judge, job, chosen, workers, told)


def _turn(every: list[Decision], game: Game, step: int | None) -> int:
    """Return the turn of the position after `step` events (the end when None): the last
    decision's there or before, a turn more if it ended its turn."""
    before = [d for d in every if step is None or d.step <= step]
    if not before:
        return 0
    last = before[-1]
    if step is not None and last.step == step:
        return last.turn
    return last.turn + (game.turn != last.colour and game.phase is not Phase.SETUP)


def mark(cost: float, tried: int) -> Mark | None:
    """Return the mark of a move that lost `cost` points of win chance among `tried` moves
    (a forced move is never marked)."""
    return analysis.mark(cost, tried, LIMITS)


def _row(decision: Decision, done: Judged, played: Edition) -> DecisionDocument:
    mover = decision.colour
    mine = analysis.point(done.played_chances[mover])
    best = analysis.point(done.best_chances[mover])
    cost = round(max(0.0, best - mine), 1)
    return DecisionDocument(
        step=decision.step,
        turn=decision.turn,
        colour=_name(mover),
        chances=percent(done.chances),
        played=words(done.played, decision.game, played),
        best=words(done.best, decision.game, played),
        played_chance=mine,
        best_chance=best,
        cost=cost,
        mark=mark(cost, done.tried),
        tried=max(1, done.tried),
    )


def _turning_points(
    found: list[Decision], done: list[Judged], end: analysis.Chances, played: Edition
) -> list[TurningPoint]:
    """Return the `TURNING_POINTS` decisions after which one student's chance moved most,
    in the game's order (the earlier of equal swings first)."""
    afters = [j.chances for j in done[1:]] + [end]
    moved = analysis.swings([j.chances for j in done], end)
    return [
        TurningPoint(
            step=found[n].step,
            turn=found[n].turn,
            colour=_name(found[n].colour),
            played=words(found[n].command, found[n].game, played),
            swing=moved[n],
            before=percent(done[n].chances),
            after=percent(afters[n]),
        )
        for n in analysis.turning_points(moved, TURNING_POINTS)
    ]


def words(command: AnyCommand, game: Game, played: Edition) -> str:
    """Return a move as it is typed at the game's prompts, its answers in words."""
    match command:
        case Complete(criterion=criterion) if game.phase is Phase.SETUP:
            return f"{played.words.criterion} {criterion}"
        case Trade(accepted=accepted):
            answer = "accepted" if accepted else "declined"
            return f"{notation.format(command, game, played)[0]} ({answer})"
        case PlaceGeese(tile=tile, victim=victim) | PlayKnight(tile=tile, victim=victim):
            knight = "knight: " if isinstance(command, PlayKnight) else ""
            robbed = "" if victim is None else f", stealing from {victim.title}"
            return f"{knight}geese to {tile}{robbed}"
    return " ".join(notation.format(command, game, played))


def percent(chances: analysis.Chances) -> Chances:
    """Return the chances by colour name, in points of percent to a tenth."""
    return {_name(c): analysis.point(chance) for c, chance in zip(COLOURS, chances, strict=True)}


def _name(colour: Colour) -> ColourName:
    names: tuple[ColourName, ...] = ("Blue", "Red", "Orange", "Yellow")
    return names[colour]
