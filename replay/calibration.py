"""How honest an analysis's chances are, for any game: Brier scores by stage of the game
against two baselines, and a reliability diagram (`benchmarks/bench_calibration.py` runs it
over Watan's self-play games).

The Brier score of one position is the squared distance between the players' chances and
what happened (1 for the winner, 0 for the others), added over the players: 0 is a sure
and right prediction, 0.75 what a uniform 25% always scores among four, 2 a sure and wrong
one.  The baselines are the uniform chances, and the points so far: each player's share of
the points everyone holds (course criteria in Watan; uniform while nobody has any).  A
position's stage is how far through its game it comes: the first, second or last third of
its turns.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

Chances = Sequence[float]
STAGES = ("early", "middle", "late")
BINS = 10
"""Bins of predicted chance in the reliability diagram: 0-10%, 10-20%, ..."""


class Scored(msgspec.Struct, frozen=True):
    """One position of a finished game: its stage, the chances each way, and the winner."""

    stage: str
    analysis: tuple[float, ...]
    points: tuple[float, ...]
    winner: int


def brier(chances: Chances, winner: int) -> float:
    """Return the Brier score of `chances` when `winner` won."""
    return sum((chance - (colour == winner)) ** 2 for colour, chance in enumerate(chances))


def uniform(count: int = 4) -> tuple[float, ...]:
    """Return the uniform chances: 25% each among four."""
    return (1 / count,) * count


def by_points(points: Sequence[int]) -> tuple[float, ...]:
    """Return each player's share of the points held (uniform while nobody has any)."""
    total = sum(points)
    return uniform(len(points)) if total == 0 else tuple(p / total for p in points)


def stage(turn: int, turns: int) -> str:
    """Return the stage of turn `turn` of a game of `turns` turns (turn 1 the first)."""
    return STAGES[min(len(STAGES) - 1, (turn - 1) * len(STAGES) // max(1, turns))]


class Scores(msgspec.Struct, frozen=True):
    """One stage's mean Brier scores, over its positions."""

    stage: str
    positions: int
    analysis: float
    points: float
    uniform: float

    @property
    def beats_both(self) -> bool:
        return self.analysis < self.points and self.analysis < self.uniform


def scores(positions: Sequence[Scored]) -> list[Scores]:
    """Return the mean Brier scores of each stage (and of all positions, as `all`)."""
    found = []
    for name in (*STAGES, "all"):
        chosen = [p for p in positions if name in (p.stage, "all")]
        if not chosen:
            continue
        count = len(chosen)
        found.append(
            Scores(
                stage=name,
                positions=count,
                analysis=sum(brier(p.analysis, p.winner) for p in chosen) / count,
                points=sum(brier(p.points, p.winner) for p in chosen) / count,
                uniform=sum(brier(uniform(len(p.points)), p.winner) for p in chosen) / count,
            )
        )
    return found


def reliability(predicted: Sequence[tuple[float, bool]]) -> list[tuple[float, float, int]]:
    """Return, for each bin of predicted chance holding any, the mean chance predicted, the
    share that came true, and how many: a calibrated estimate lies on the diagonal."""
    bins: list[list[tuple[float, bool]]] = [[] for _ in range(BINS)]
    for chance, won in predicted:
        bins[min(BINS - 1, int(chance * BINS))].append((chance, won))
    return [
        (sum(c for c, _ in held) / len(held), sum(w for _, w in held) / len(held), len(held))
        for held in bins
        if held
    ]


def each_chance(positions: Sequence[Scored], which: str) -> list[tuple[float, bool]]:
    """Return every player's chance at every position (`analysis` or `points`), and
    whether that player won."""
    return [
        (chance, colour == p.winner)
        for p in positions
        for colour, chance in enumerate(getattr(p, which))
    ]


SIZE, MARGIN = 400, 50


def diagram(curves: dict[str, list[tuple[float, float, int]]]) -> str:
    """Return a reliability diagram as SVG: the chance predicted across, the share that came
    true up, the diagonal of a perfect estimate, one line of points per curve."""
    colours = ("#1f77b4", "#d62728", "#2ca02c")

    def at(x: float, y: float) -> str:
        return f"{MARGIN + x * SIZE:.1f},{MARGIN + (1 - y) * SIZE:.1f}"

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SIZE + 2 * MARGIN}" '
        f'height="{SIZE + 2 * MARGIN}" font-family="sans-serif" font-size="12">',
        f'<rect x="{MARGIN}" y="{MARGIN}" width="{SIZE}" height="{SIZE}" fill="none" '
        'stroke="#888"/>',
        f'<polyline points="{at(0, 0)} {at(1, 1)}" stroke="#aaa" stroke-dasharray="4"/>',
    ]
    for tick in range(0, 11, 2):
        x = MARGIN + tick / 10 * SIZE
        y = MARGIN + (1 - tick / 10) * SIZE
        parts.append(
            f'<text x="{x:.1f}" y="{MARGIN + SIZE + 16}" text-anchor="middle">{tick * 10}%</text>'
        )
        parts.append(
            f'<text x="{MARGIN - 6}" y="{y + 4:.1f}" text-anchor="end">{tick * 10}%</text>'
        )
    parts.append(
        f'<text x="{MARGIN + SIZE / 2}" y="{MARGIN + SIZE + 36}" text-anchor="middle">'
        "chance predicted</text>"
    )
    parts.append(
        f'<text x="14" y="{MARGIN + SIZE / 2}" text-anchor="middle" '
        f'transform="rotate(-90 14 {MARGIN + SIZE / 2})">share that won</text>'
    )
    for n, (name, points) in enumerate(curves.items()):
        colour = colours[n % len(colours)]
        line = " ".join(at(x, y) for x, y, _ in points)
        parts.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>')
        parts.extend(
            f'<circle cx="{at(x, y).split(",")[0]}" cy="{at(x, y).split(",")[1]}" r="3" '
            f'fill="{colour}"/>'
            for x, y, _ in points
        )
        parts.append(
            f'<text x="{MARGIN + 10}" y="{MARGIN + 18 + 16 * n}" fill="{colour}">{name}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
