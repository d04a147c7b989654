"""What mattered in a game of Bazaar (`bazaar analyze`): each player's chance to win at every
decision, the best move found, and what each move cost, through `replay.analysis`.

A decision is a position where the player to move chose: a direction to move in, or yes
or no to the tile's action (spec "The main loop").  A position is valued by playing the
game on to its end, every player played by Bazaar's own `greedy` player, `samples` times
(`replay.analysis`: seeded playouts, the same generators for every move from one
position); a playout won reads 1 for its winner, and one still going after `cap` moves of
each player reads the same for everyone.  Nothing is valued by a number set by hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

import msgspec

from bazaar.engine.commands import Act, AnyCommand, Decline, Move
from bazaar.engine.decide import Refused, decide
from bazaar.engine.events import (
    ActionDeclined,
    AnyEvent,
    GameStarted,
    PlayerMoved,
    TurnEnded,
)
from bazaar.engine.evolve import apply, start
from bazaar.engine.state import NOBODY, Game, Phase
from bazaar.engine.tiles import Direction
from bazaar.tools.players import greedy_player
from replay import analysis, pages
from replay import analysis_report as words
from replay.analysis import Chances
from replay.folding import fold

CAP = 500
"""Moves of each player a playout plays at most before it counts as nobody's win: more than
three times what a game of greedy players takes (`bazaar simulate`: 150 moves each)."""
SAMPLES = 2
"""Playouts per position and per move, by default (`--playouts`)."""
TURNING_POINTS = 5


class Decision(msgspec.Struct, frozen=True):
    """A player's choice: the position (after `step` events), who chose, and the command."""

    step: int
    player: int
    game: Game
    command: AnyCommand


def decisions(header: GameStarted, events: Sequence[AnyEvent]) -> Iterator[Decision]:
    """Yield the game's decisions in order: a move begins at each `PlayerMoved`, and the
    answer to the tile's action at the event after a move that offered one."""
    game = start(header)
    for step, event in enumerate(events):
        if game.phase is Phase.MOVE and isinstance(event, PlayerMoved):
            yield Decision(step, game.turn, game, Move(direction=event.direction))
        elif game.phase is Phase.ACTION and _answers(game, events, step):
            answer = Decline() if isinstance(event, ActionDeclined) else Act()
            yield Decision(step, game.turn, game, answer)
        game = apply(game, event)


def _answers(game: Game, events: Sequence[AnyEvent], step: int) -> bool:
    """Return whether the event at `step` begins the answer to an action: the one after a
    move, unless it ends the move (a desert, or no food: no action was offered)."""
    return (
        step > 0
        and isinstance(events[step - 1], PlayerMoved)
        and not isinstance(events[step], TurnEnded)
    )


def attempt(game: Game, command: AnyCommand, rng: random.Random) -> Game | None:
    """Return the game after `command` on the real rules, or None if they refuse it."""
    try:
        return fold(apply, game, decide(game, command, rng))
    except Refused:
        return None


def playing_on(cap: int = CAP) -> analysis.PlayOn[Game]:
    """Return how a position is valued: played to its end by greedy players (at most `cap`
    moves of each), the winner's chance 1; shared evenly when nobody won."""

    def play_on(game: Game, rng: random.Random) -> Chances:
        ended = 0
        while game.phase is not Phase.OVER and ended < cap * len(game.merchants):
            events = decide(game, greedy_player(game, rng), rng)
            game = fold(apply, game, events)
            ended += any(isinstance(e, TurnEnded) for e in events)
        count = len(game.merchants)
        if game.winner == NOBODY:
            return (1 / count,) * count
        return tuple(float(n == game.winner) for n in range(count))

    return play_on


def candidates(game: Game, played: AnyCommand) -> list[AnyCommand]:
    """Return the moves worth comparing: the one played first, then every other the rules
    allow (a direction that stays on the board; yes and no to an action)."""
    if game.phase is Phase.ACTION:
        others: list[AnyCommand] = [Act(), Decline()]
    else:
        here = game.mover.square
        others = [
            Move(direction=d) for d in Direction if game.board.neighbour(here, d) is not None
        ]
    return [played, *(c for c in others if c != played)]


class Job(msgspec.Struct, frozen=True):
    """What every decision of one analysis is judged with: the game and the options."""

    header: GameStarted
    events: tuple[AnyEvent, ...]
    seed: int
    samples: int
    cap: int = CAP


class Judged(msgspec.Struct, frozen=True):
    """A decision judged: each player's chances before it, the move played and its value,
    the best move found and its value, and how many moves were compared."""

    chances: Chances
    played: Chances
    best: AnyCommand
    best_chances: Chances
    tried: int


_KNOWN: list[tuple[Job, list[Decision]]] = []
"""The decisions of the last job seen in this process (finding them folds the journal)."""


def decisions_of(job: Job) -> list[Decision]:
    """Return the job's decisions, found once per process for each job."""
    if not (_KNOWN and _KNOWN[0][0] == job):
        _KNOWN[:] = [(job, list(decisions(job.header, job.events)))]
    return _KNOWN[0][1]


def judged(decision: Decision, job: Job) -> Judged:
    """Return the decision judged: its position valued, and every move played and valued."""
    game, step, on = decision.game, decision.step, playing_on(job.cap)
    before = analysis.position(game, on, seed=job.seed, step=step, samples=job.samples)
    tried = analysis.moves_valued(
        game,
        candidates(game, decision.command),
        attempt,
        on,
        seed=job.seed,
        step=step,
        samples=job.samples,
    )
    played = tried[0][1] if tried else before
    best, best_chances = analysis.best(tried, decision.player) or (decision.command, played)
    return Judged(before, played, best, best_chances, len(tried))


def judge(job: Job, index: int, _: int) -> analysis.Done[Judged]:
    """Return decision `index` of the job judged (a tournament's game)."""
    return analysis.Done(judged(decisions_of(job)[index], job))


class Row(msgspec.Struct, frozen=True):
    """One decision as the report names it: in words, its chances in points of percent."""

    step: int
    player: str
    chances: tuple[float, ...]
    played: str
    best: str
    played_chance: float
    best_chance: float
    cost: float
    mark: analysis.Mark | None
    tried: int


KIND = "bazaar-analysis"
VERSION = 1


class Analysis(msgspec.Struct, frozen=True, kw_only=True):
    """A game of Bazaar analysed: what `bazaar analyze --format json` prints, a versioned
    document (`document` and `version` first, as `watan analyze`'s)."""

    document: str = KIND
    version: int = VERSION
    journal: str
    names: tuple[str, ...]
    seed: int
    playouts: int
    steps: int
    winner: str | None
    end: tuple[float, ...]
    decisions: tuple[Row, ...]
    turning_points: tuple[int, ...]
    """The decisions (by their place in `decisions`) after which one chance moved most."""
    swings: tuple[float, ...]


LIMITS = analysis.Thresholds()


def typed(command: AnyCommand) -> str:
    """Return a command as it is typed at the game's prompt (spec "The main loop")."""
    match command:
        case Move(direction=direction):
            return direction.value
        case Act():
            return "yes"
        case Decline():
            return "no"


def analyse(
    header: GameStarted,
    events: Sequence[AnyEvent],
    journal: str,
    *,
    seed: int = 0,
    samples: int = SAMPLES,
    workers: int = 1,
    progress: Callable[[int, int], object] | None = None,
) -> Analysis:
    """Return the game of the journal named `journal` analysed, the same for any `workers`."""
    job = Job(header, tuple(events), seed, samples)
    every = decisions_of(job)
    total = len(every)
    told = None if progress is None else (lambda done: progress(done, total))
    done = analysis.judge_all(judge, job, list(range(total)), workers, told)
    ending = fold(apply, start(header), events)
    end = analysis.position(ending, playing_on(), seed=seed, step=len(events), samples=samples)
    names = header.names
    rows = tuple(_row(d, j, names) for d, j in zip(every, done, strict=True))
    moved = analysis.swings([j.chances for j in done], end)
    return Analysis(
        journal=journal,
        names=names,
        seed=seed,
        playouts=samples,
        steps=len(events),
        winner=None if ending.winner == NOBODY else names[ending.winner],
        end=_percent(end),
        decisions=rows,
        turning_points=tuple(analysis.turning_points(moved, TURNING_POINTS)),
        swings=tuple(moved),
    )


def _row(decision: Decision, done: Judged, names: tuple[str, ...]) -> Row:
    mover = decision.player
    mine = analysis.point(done.played[mover])
    best = analysis.point(done.best_chances[mover])
    cost = round(max(0.0, best - mine), 1)
    return Row(
        step=decision.step,
        player=names[mover],
        chances=_percent(done.chances),
        played=typed(decision.command),
        best=typed(done.best),
        played_chance=mine,
        best_chance=best,
        cost=cost,
        mark=analysis.mark(cost, done.tried, LIMITS),
        tried=max(1, done.tried),
    )


def _percent(chances: Chances) -> tuple[float, ...]:
    return tuple(analysis.point(chance) for chance in chances)


def report(found: Analysis) -> str:
    """Return the analysis as text: the turning points and each player's marked moves."""
    names, rows = found.names, found.decisions
    lines = words.game_report(
        title=(
            f"Analysis of {found.journal}: {found.steps} events, {len(rows)} decisions "
            f"({words.settings(found.playouts, 'the rest of the game', found.seed)})."
        ),
        outcome=(
            f"{found.winner} won."
            if found.winner
            else f"Chances at the end: {words.chances(list(zip(names, found.end, strict=True)))}."
        ),
        noun="player",
        turning=[
            words.Turning(
                where=f"step {rows[n].step}",
                player=rows[n].player,
                played=rows[n].played,
                swing=found.swings[n],
                after=words.chances(list(zip(names, _after(found, n), strict=True))),
            )
            for n in found.turning_points
        ],
        decided=[words.decided(f"step {row.step}", row.player, row) for row in rows],
        limits=LIMITS,
        see=f"See a position: `bazaar replay {found.journal} --to STEP`.",
    )
    return "".join(f"{line}\n" for line in lines)


def _after(found: Analysis, n: int) -> tuple[float, ...]:
    """Return the chances after decision `n`: before the next one, or at the end."""
    rows = found.decisions
    return rows[n + 1].chances if n + 1 < len(rows) else found.end


COLOURS = ("#1f5fcc", "#d1312c", "#e07b00", "#2a9d3c", "#8e44ad", "#5b5b63")
"""The players' lines on the graph, in seat order (six players at most)."""


def graph(found: Analysis) -> pages.Chances:
    """Return the analysis as the page's win-chance graph (`replay.pages.Chances`)."""
    names = found.names
    rows = found.decisions
    points = [(row.step, dict(zip(names, row.chances, strict=True))) for row in rows]
    points.append((found.steps, dict(zip(names, found.end, strict=True))))
    return pages.Chances(
        names=names,
        colours=COLOURS[: len(names)],
        points=tuple(points),
        marks=tuple(
            pages.Mark(
                step=row.step,
                player=row.player,
                mark=row.mark,
                title=f"Step {row.step}: {row.player}'s {row.played}, a {row.mark}",
            )
            for row in rows
            if row.mark is not None
        ),
    )
