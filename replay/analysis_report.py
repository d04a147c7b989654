"""An analysis as people read it, for any game: the turning points and each player's marked
moves, each named where `replay --to` finds it.

The game says what its positions and moves are called (`Turning`, `Decided`: the words
are already the game's); this lays them out the same way for every game.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Protocol

import msgspec

from replay.analysis import Mark

MARKS: tuple[Mark, ...] = ("blunder", "mistake", "inaccuracy")


class Limits(Protocol):
    """The points of win chance lost that mark a move (`replay.analysis.Thresholds`)."""

    @property
    def inaccuracy(self) -> float: ...
    @property
    def mistake(self) -> float: ...
    @property
    def blunder(self) -> float: ...


class Turning(msgspec.Struct, frozen=True):
    """A turning point: where, who played what, how far one chance moved, the chances then."""

    where: str
    player: str
    played: str
    swing: float
    after: str


class Decided(msgspec.Struct, frozen=True):
    """One decision: where, who, the move played and the best found with the mover's chance
    after each, the points lost and the mark."""

    where: str
    player: str
    played: str
    played_chance: float
    best: str
    best_chance: float
    cost: float
    mark: Mark | None


class Row(Protocol):
    """A game's analysed decision, as far as the report reads it."""

    @property
    def played(self) -> str: ...
    @property
    def played_chance(self) -> float: ...
    @property
    def best(self) -> str: ...
    @property
    def best_chance(self) -> float: ...
    @property
    def cost(self) -> float: ...
    @property
    def mark(self) -> Mark | None: ...


def decided(where: str, player: str, row: Row) -> Decided:
    """Return the report's line of a decision: where and who in the game's words, the rest
    as the analysis found it."""
    return Decided(
        where=where,
        player=player,
        played=row.played,
        played_chance=row.played_chance,
        best=row.best,
        best_chance=row.best_chance,
        cost=row.cost,
        mark=row.mark,
    )


def chances(named: Sequence[tuple[str, float]]) -> str:
    """Return chances in words: `Blue 25.0%, Red 25.0%, ...`."""
    return ", ".join(f"{name} {chance:.1f}%" for name, chance in named)


def settings(playouts: int, horizon: str, seed: int) -> str:
    """Return how the chances were found: `2 playouts of 8 turns a move, seed 0`."""
    plural = "s" if playouts != 1 else ""
    return f"{playouts} playout{plural} of {horizon} a move, seed {seed}"


def game_report(
    *,
    title: str,
    outcome: str,
    noun: str,
    turning: Sequence[Turning],
    decided: Sequence[Decided],
    limits: Limits,
    see: str,
) -> Iterator[str]:
    """Yield a whole game's report, line by line: `title`, `outcome`, the turning points
    (where one `noun`'s chance moved most), each player's marked moves, and `see`, how to
    look at a position."""
    yield title
    yield outcome
    if turning:
        yield ""
        yield f"Turning points (where one {noun}'s chance moved most):"
    for point in turning:
        yield (
            f"  {point.where}: {point.player} played `{point.played}`, "
            f"{point.swing:.1f} points: {point.after}"
        )
    yield ""
    yield (
        f"Marked moves (points of win chance lost against the best move found: "
        f"{limits.inaccuracy:g} an inaccuracy, {limits.mistake:g} a mistake, "
        f"{limits.blunder:g} a blunder):"
    )
    for player in dict.fromkeys(row.player for row in decided):
        rows = [row for row in decided if row.player == player]
        marked = [row for row in rows if row.mark is not None]
        counts = [
            f"{n} {_plural(mark) if n != 1 else mark}"
            for mark in MARKS
            if (n := sum(row.mark == mark for row in marked))
        ]
        lost = sum(row.cost for row in rows) / len(rows)
        yield (
            f"  {player}: {', '.join(counts) or 'no marked move'} in {_count(len(rows))} "
            f"(on average {lost:.1f} points lost a decision)"
        )
        yield from (f"    {_move(row)}" for row in marked)
    yield ""
    yield see


def _count(decisions: int) -> str:
    return f"{decisions} decision{'s' if decisions != 1 else ''}"


def _plural(mark: str) -> str:
    return "inaccuracies" if mark == "inaccuracy" else f"{mark}s"


def _move(row: Decided) -> str:
    return (
        f"{row.where}: `{row.played}` ({row.played_chance:.1f}%), "
        f"best `{row.best}` ({row.best_chance:.1f}%): {row.cost:.1f} points, {row.mark}"
    )
