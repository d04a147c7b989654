"""`watan simulate`: whole games between computer strategies, without a terminal."""

from __future__ import annotations

import click

from watan.cli.common import (
    FOLDER,
    ProgressBar,
    chosen_edition,
    edition_option,
    fail,
    house_rules_option,
    say,
    strategy_lists,
)
from watan.cli.options import PLAY_OPTIONS

THINK = next(option for option in PLAY_OPTIONS if option.name == "think")
"""`watan play`'s `--think`, which `simulate` takes as it is."""


def _players(_: click.Context, __: click.Parameter, value: str) -> tuple[str, ...]:
    """Return the four strategies `--players` names, one per seat, or fail as click does."""
    from watan.players import UnknownStrategy, known

    names = tuple(name.strip() for name in value.split(","))
    if len(names) != 4:
        raise click.BadParameter(f"name four strategies, one per seat, not {len(names)}")
    unknown = [name for name in names if not known(name)]
    if unknown:
        raise click.BadParameter(str(UnknownStrategy(unknown[0])))
    return names


@click.command()
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True,
              help="How many games to play.")
@click.option("--seed", type=int,
              help="The run's seed: the same seed plays the same games (default: one from the "
              "operating system, said on standard error).")
@click.option(
    "--players",
    "players",
    metavar="S,S,S,S",
    default="random,random,random,random",
    show_default=True,
    callback=_players,
    shell_complete=strategy_lists,
    help="The strategy in each seat, Blue first in the first game: random, greedy, expert or "
    "master, an installed strategy's name, or package.module:Factory. "
    "Seats rotate by one every game, so each strategy plays every seat equally often.",
)
@click.option("--journals", metavar="DIR", type=FOLDER,
              help="Write each game's journal into DIR (made if missing); by default none "
              "is written.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes playing games at once; the results are the same for any number.")
@click.option("--turn-cap", type=click.IntRange(min=1), default=1_000, show_default=True,
              help="Stop a game after this many turns and count it unfinished.")
@click.option(
    "--cluster",
    metavar="ADDRESS",
    help="Play the games on a Dask cluster: its scheduler's address (tcp://host:8786), or "
    "'local' for a cluster of --workers processes on this machine (pip install "
    "'watan[cluster]'). The same seed gives the same games as without it.",
)
@click.option(
    "--think",
    metavar="SECONDS",
    type=click.FloatRange(min=0, max=60),
    help=THINK.help,
)
@house_rules_option()
@edition_option(to_play=True)
def simulate(
    *,
    games: int,
    seed: int | None,
    players: tuple[str, ...],
    journals: str | None,
    workers: int,
    turn_cap: int,
    cluster: str | None,
    house_rules: tuple[str, ...],
    edition: str | None,
    think: float | None,
) -> None:
    """Play whole games between computer strategies, without a terminal, and report on them.

    Prints each strategy's wins with a 95% interval, the games' lengths in
    turns and events, and the speed.  The same --seed gives the same games
    whatever --workers is.  On a terminal, standard error shows a progress
    bar once the run takes more than a second.
    """
    import os
    import time

    from replay.journal import JournalError
    from replay.tournaments import Interrupted
    from watan.tools import simulate as simulator
    from watan.tools.cluster import NoCluster, address_problem

    if cluster is not None and address_problem(cluster) is not None:
        fail(str(address_problem(cluster)))
    played = chosen_edition(edition)
    if seed is None:
        from watan.match.options import fresh_seed

        seed = fresh_seed()
    if journals is not None:
        try:
            os.makedirs(journals, exist_ok=True)
        except OSError as error:
            fail(f"{journals}: cannot make the folder ({error.strerror or error})")
    say(f"simulating {games} games with seed {seed}")
    bar = ProgressBar("simulating", "games")
    began = time.perf_counter()
    interrupted = False
    try:
        results = simulator.tournament(
            seed, games, players=players, workers=workers, turn_cap=turn_cap,
            journals=journals, progress=lambda done: bar.update(done, games),
            edition=played.name, house_rules=house_rules, cluster=cluster, think=think,
        )
    except (JournalError, NoCluster) as error:
        bar.close()
        fail(str(error))
    except Interrupted as stopped:  # Ctrl-C: the games finished so far are reported
        results, interrupted = stopped.results, True  # type: ignore[assignment]
    seconds = time.perf_counter() - began
    bar.close()
    if interrupted:
        say(f"interrupted: the {len(results)} games finished are reported")
    for result in results:
        if result.fault is not None:
            say(f"game {result.index + 1}: {result.fault}; stopped, kept as played")
    summary = simulator.summarise(results, players)
    click.echo(simulator.report(summary, seconds, workers, turn_cap), nl=False)
    if interrupted:
        raise SystemExit(130)
