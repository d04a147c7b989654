"""An analysis as people read it: the turning points and each student's marked moves.

Every position is named by its step, the number `watan replay --to` and `watan view --to`
take, and every move as it is typed at the game's prompts.
"""

from __future__ import annotations

from collections.abc import Iterator

from watan.tools.analysis.document import Analysis, Chances, DecisionDocument

_MARKS = ("blunder", "mistake", "inaccuracy")


def report(analysis: Analysis, *, whole: bool = True) -> str:
    """Return the analysis as text: a position's analysis when it is of one step (`whole`
    false), else the game's turning points and marked moves."""
    return "".join(f"{line}\n" for line in (_game(analysis) if whole else _position(analysis)))


def chances(shown: Chances) -> str:
    """Return the four chances in words: `Blue 25.0%, Red 25.0%, ...`."""
    return ", ".join(f"{colour} {chance:.1f}%" for colour, chance in shown.items())


def _settings(analysis: Analysis) -> str:
    plural = "s" if analysis.playouts != 1 else ""
    turns = f"{analysis.horizon} turn{'s' if analysis.horizon != 1 else ''}"
    return f"{analysis.playouts} playout{plural} of {turns} a move, seed {analysis.seed}"


def _game(analysis: Analysis) -> Iterator[str]:
    journal, limits = analysis.journal, analysis.thresholds
    yield (
        f"Analysis of {journal}: {analysis.steps} events, {len(analysis.decisions)} decisions "
        f"({_settings(analysis)})."
    )
    winner = analysis.winner
    yield f"{winner} won." if winner else f"Chances at the end: {chances(analysis.end)}."
    if analysis.turning_points:
        yield ""
        yield "Turning points (where one student's chance moved most):"
    for point in analysis.turning_points:
        yield (
            f"  step {point.step} (turn {point.turn}): {point.colour} played "
            f"`{point.played}`, {point.swing:.1f} points: {chances(point.after)}"
        )
    yield ""
    yield (
        f"Marked moves (points of win chance lost against the best move found: "
        f"{limits.inaccuracy:g} an inaccuracy, {limits.mistake:g} a mistake, "
        f"{limits.blunder:g} a blunder):"
    )
    for colour in dict.fromkeys(row.colour for row in analysis.decisions):
        rows = [row for row in analysis.decisions if row.colour == colour]
        marked = [row for row in rows if row.mark is not None]
        counts = [
            f"{n} {_plural(mark) if n != 1 else mark}"
            for mark in _MARKS
            if (n := sum(row.mark == mark for row in marked))
        ]
        lost = sum(row.cost for row in rows) / len(rows)
        yield (
            f"  {colour}: {', '.join(counts) or 'no marked move'} in {_count(len(rows))} "
            f"(on average {lost:.1f} points lost a decision)"
        )
        yield from (f"    {_move(row)}" for row in marked)
    yield ""
    yield f"See a position: `watan replay {journal} --to STEP` (or `watan view ... --to STEP`)."


def _count(decisions: int) -> str:
    return f"{decisions} decision{'s' if decisions != 1 else ''}"


def _plural(mark: str) -> str:
    return "inaccuracies" if mark == "inaccuracy" else f"{mark}s"


def _move(row: DecisionDocument) -> str:
    return (
        f"step {row.step} (turn {row.turn}): `{row.played}` ({row.played_chance:.1f}%), "
        f"best `{row.best}` ({row.best_chance:.1f}%): {row.cost:.1f} points, {row.mark}"
    )


def _position(analysis: Analysis) -> Iterator[str]:
    yield f"Step {analysis.steps} of {analysis.journal} ({_settings(analysis)})."
    yield f"Chances: {chances(analysis.end)}."
    for row in analysis.decisions:
        yield f"{row.colour} to move; {row.tried} moves compared."
        yield f"Played: `{row.played}`, {row.colour}'s chance then {row.played_chance:.1f}%."
        yield f"Best:   `{row.best}`, {row.colour}'s chance then {row.best_chance:.1f}%."
        yield f"Lost: {row.cost:.1f} points" + (f", {row.mark}." if row.mark else ".")
