"""What mattered in a game, for any game: win chances from seeded playouts, the best move
found, marks by the win chance a move lost, and the turning points.

A game's analysis (`watan analyze`, `bazaar analyze`) values a position by playing it on
from it, `samples` times, each playout drawing from a generator seeded by the analysis
seed, the step and the playout's number (`seeded`), so that the same journal, options and
seed give the same figures; every move from one position is played out with the same
generators (common random numbers), so that their differences are not the dice's.  How a
game is played on and how a position is valued are the game's; what is here knows
nothing of either.

Chances are each player's chance to win, in seat order, adding up to 1.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Generic, Literal, TypeVar

import msgspec

from replay import tournaments

G = TypeVar("G")
C = TypeVar("C")
J = TypeVar("J")
R = TypeVar("R")
Chances = tuple[float, ...]
Mark = Literal["inaccuracy", "mistake", "blunder"]


class Horizon(msgspec.Struct, frozen=True):
    """How far and how often a position is played on: `turns` turns more, `samples` times."""

    turns: int
    samples: int


class Thresholds(msgspec.Struct, frozen=True):
    """Points of win chance lost (out of 100) that mark a move an inaccuracy, a mistake or a
    blunder.  Lichess marks a move that loses 10, 20 or 30 points of its scale from -100 to
    100 for two players, that is 5, 10 and 15 points of a chance to win; the same points
    mean the same in a game of any number of players (docs/decisions.md)."""

    inaccuracy: float = 5.0
    mistake: float = 10.0
    blunder: float = 15.0


def seeded(seed: int, step: int, sample: int) -> random.Random:
    """Return the generator of playout `sample` from the position at `step` (a string seeds
    the same generator on every machine and every run, unlike `hash`)."""
    return random.Random(f"{seed}:{step}:{sample}")


def mean(values: Sequence[Chances]) -> Chances:
    """Return the chances averaged over playouts."""
    return tuple(sum(column) / len(values) for column in zip(*values, strict=True))


PlayOn = Callable[[G, random.Random], Chances]
"""How a game values a position: plays it on with the generator and returns the chances."""
Attempt = Callable[[G, C, random.Random], "G | None"]
"""How a game plays one command: the game after it, or None when the rules refuse it."""


def position(game: G, play_on: PlayOn[G], *, seed: int, step: int, samples: int) -> Chances:
    """Return each player's chance to win from `game` (at `step`), over `samples` playouts."""
    return mean([play_on(game, seeded(seed, step, k)) for k in range(samples)])


def moves_valued(
    game: G,
    commands: Sequence[C],
    attempt: Attempt[G, C],
    play_on: PlayOn[G],
    *,
    seed: int,
    step: int,
    samples: int,
) -> list[tuple[C, Chances]]:
    """Return each of `commands` the rules allow from `game` with the chances once it is
    played and the game played on, in their order; each playout shares its generator
    with the same playout of every other move."""
    found = []
    for command in commands:
        values = []
        for k in range(samples):
            rng = seeded(seed, step, k)
            after = attempt(game, command, rng)
            if after is None:
                break
            values.append(play_on(after, rng))
        else:
            found.append((command, mean(values)))
    return found


def best(tried: Sequence[tuple[C, Chances]], mover: int) -> tuple[C, Chances] | None:
    """Return the move of `tried` that leaves `mover` the best chance (the first such, so the
    move played, tried first, wins a tie), or None when none was tried."""
    return max(tried, key=lambda pair: pair[1][mover], default=None)


def point(chance: float) -> float:
    """Return a chance in points of percent, to a tenth."""
    return round(100 * chance, 1)


def mark(cost: float, tried: int, limits: Thresholds) -> Mark | None:
    """Return the mark of a move that lost `cost` points of win chance among `tried` moves
    (a forced move is never marked)."""
    if tried <= 1:
        return None
    if cost >= limits.blunder:
        return "blunder"
    if cost >= limits.mistake:
        return "mistake"
    if cost >= limits.inaccuracy:
        return "inaccuracy"
    return None


def swings(before: Sequence[Chances], end: Chances) -> list[float]:
    """Return, for each decision, how far one player's chance moved from before it to before
    the next (the end after the last), in points of percent."""
    afters = [*before[1:], end]
    return [
        point(max(abs(a - b) for a, b in zip(after, chances, strict=True)))
        for chances, after in zip(before, afters, strict=True)
    ]


def turning_points(moved: Sequence[float], count: int) -> list[int]:
    """Return the indices of the `count` largest swings that moved at all, in the game's
    order (the earlier of equal swings first)."""
    largest = sorted(range(len(moved)), key=lambda n: (moved[n], -n), reverse=True)
    return sorted(n for n in largest[:count] if moved[n] > 0)


class Done(msgspec.Struct, Generic[R], frozen=True):
    """A decision judged, as the tournament machinery hands work back (`replay.tournaments`:
    a result, and no journal to write)."""

    result: R
    header: None = None
    events: tuple[()] = ()


Judge = Callable[[J, int, int], Done[R]]
"""Judges decision `index` of a job (a tournament's `play`; the seed it is handed is not
used: the analysis seed is the job's)."""


def planned(
    judge: Judge[J, R], job: J, chosen: Sequence[int], workers: int
) -> list[tournaments.Batch[J, R]]:
    """Return the decisions numbered in `chosen` as batches for `workers` processes (or a
    cluster), each decision one of the tournament's games."""
    return [
        tournaments.Batch(
            play=judge, settings=job, indices=[chosen[n] for n in batch.indices], seeds=batch.seeds
        )
        for batch in tournaments.batches(judge, job, 0, len(chosen), workers=workers)
    ]


def judge_all(
    judge: Judge[J, R],
    job: J,
    chosen: Sequence[int],
    workers: int = 1,
    progress: Callable[[int], object] | None = None,
) -> list[R]:
    """Return the decisions numbered in `chosen` judged, in that order: here, or by `workers`
    processes a batch at a time; `progress` is told how many are done."""
    if workers <= 1 or len(chosen) <= 1:
        found = []
        for number, index in enumerate(chosen, start=1):
            found.append(judge(job, index, 0).result)
            if progress is not None:
                progress(number)
        return found
    return tournaments.run(planned(judge, job, chosen, workers), workers, progress)
