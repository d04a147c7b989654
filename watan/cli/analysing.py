"""`watan analyze`: each student's chance to win at every decision of a journal's game, and
what each move cost against the best move the engine finds."""

from __future__ import annotations

import click

from replay.edges.options import analysis_seed, analysis_workers
from watan.cli.common import (
    FILE,
    STEPS,
    ProgressBar,
    fail,
    format_option,
    step_options,
    warn_torn,
)


def _colour(_: click.Context, __: click.Parameter, value: str | None) -> str | None:
    """Return the colour `--player` names (`Red`), in any letter case, or fail as click does."""
    from watan.text.notation import colour_named

    if value is None:
        return None
    colour = colour_named(value)
    if colour is None:
        raise click.BadParameter(f"{value!r} is no colour: Blue, Red, Orange or Yellow")
    return colour.title


@click.command(epilog=STEPS)
@click.argument("journal", type=FILE)
@step_options("Analyse the position after event N alone, and the decision made there.")
@click.option(
    "--player",
    metavar="COLOUR",
    callback=_colour,
    help="Report this student's decisions alone (Blue, Red, Orange or Yellow).",
)
@format_option(
    text="turning points and marked moves",
    json="the analysis as a document for programs (watan schema analysis gives its JSON Schema)",
)
@analysis_seed()
@click.option(
    "--playouts",
    type=click.IntRange(min=1),
    metavar="N",
    help="Playouts per position and per move (default 2; 1 with --quick).",
)
@click.option(
    "--horizon",
    type=click.IntRange(min=1),
    metavar="TURNS",
    help="Turns each playout plays on before the position is valued (default 8; 1 with --quick).",
)
@click.option(
    "--quick", is_flag=True, help="A coarser pass: one playout a move, to the end of the turn."
)
@analysis_workers()
@click.option(
    "--cluster",
    metavar="ADDRESS",
    help="Judge the decisions on the Dask cluster at ADDRESS (tcp://host:8786), or "
    "'local' for one of --workers processes here (pip install 'watan[cluster]').",
)
def analyze(
    *,
    journal: str,
    to: int | None,
    turn: int | None,
    player: str | None,
    shape: str,
    seed: int,
    playouts: int | None,
    horizon: int | None,
    quick: bool,
    workers: int,
    cluster: str | None,
) -> None:
    """Estimate each student's chance to win at every decision of a game, and mark the moves
    that lost most against the best move found.

    The chances come from the engine playing on: from each position, and after each move
    the rules allow, the game is played on for a few turns by the greedy strategy, and the
    position there valued by the master strategy's learnt value.  Step
    numbers are those `watan replay --to` and `watan view --to` take.  JOURNAL may be -
    for standard input.
    """
    from replay.analysis import Horizon
    from watan.cli.looking import whole_at
    from watan.tools.analysis import analysed, document, report
    from watan.tools.cluster import NoCluster

    name, whole, step = whole_at(journal, to, turn)
    chosen = analysed.QUICK if quick else analysed.HORIZON
    chosen = Horizon(turns=horizon or chosen.turns, samples=playouts or chosen.samples)
    bar = ProgressBar("analysing", "decisions")
    try:
        analysis = analysed.analyse(
            whole.header,
            whole.events,
            name,
            seed=seed,
            horizon=chosen,
            workers=workers,
            cluster=cluster,
            step=step,
            player=player,
            progress=bar.update,
        )
    except NoCluster as error:
        bar.close()
        fail(str(error))
    bar.close()
    warn_torn(name, whole.torn_line)
    if shape == "json":
        click.echo(document.encode(analysis), nl=False)
    else:
        click.echo(report.report(analysis, whole=step is None), nl=False)
