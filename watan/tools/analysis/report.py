"""An analysis as people read it: the turning points and each student's marked moves.

Every position is named by its step, the number `watan replay --to` and `watan view --to`
take, and every move as it is typed at the game's prompts.
"""

from __future__ import annotations

from collections.abc import Iterator

from replay import analysis_report as words
from watan.tools.analysis.document import Analysis, Chances


def report(analysis: Analysis, *, whole: bool = True) -> str:
    """Return the analysis as text: a position's analysis when it is of one step (`whole`
    false), else the game's turning points and marked moves."""
    return "".join(f"{line}\n" for line in (_game(analysis) if whole else _position(analysis)))


def chances(shown: Chances) -> str:
    """Return the four chances in words: `Blue 25.0%, Red 25.0%, ...`."""
    return words.chances(list(shown.items()))


def _settings(analysis: Analysis) -> str:
    turns = f"{analysis.horizon} turn{'s' if analysis.horizon != 1 else ''}"
    return words.settings(analysis.playouts, turns, analysis.seed)


def _game(analysis: Analysis) -> Iterator[str]:
    journal, winner = analysis.journal, analysis.winner
    return words.game_report(
        title=(
            f"Analysis of {journal}: {analysis.steps} events, {len(analysis.decisions)} "
            f"decisions ({_settings(analysis)})."
        ),
        outcome=f"{winner} won." if winner else f"Chances at the end: {chances(analysis.end)}.",
        noun="student",
        turning=[
            words.Turning(
                where=f"step {point.step} (turn {point.turn})",
                player=point.colour,
                played=point.played,
                swing=point.swing,
                after=chances(point.after),
            )
            for point in analysis.turning_points
        ],
        decided=[
            words.decided(f"step {row.step} (turn {row.turn})", row.colour, row)
            for row in analysis.decisions
        ],
        limits=analysis.thresholds,
        see=f"See a position: `watan replay {journal} --to STEP` (or `watan view ... --to STEP`).",
    )


def _position(analysis: Analysis) -> Iterator[str]:
    yield f"Step {analysis.steps} of {analysis.journal} ({_settings(analysis)})."
    yield f"Chances: {chances(analysis.end)}."
    for row in analysis.decisions:
        yield f"{row.colour} to move; {row.tried} moves compared."
        yield f"Played: `{row.played}`, {row.colour}'s chance then {row.played_chance:.1f}%."
        yield f"Best:   `{row.best}`, {row.colour}'s chance then {row.best_chance:.1f}%."
        yield f"Lost: {row.cost:.1f} points" + (f", {row.mark}." if row.mark else ".")
