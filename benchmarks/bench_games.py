"""What games between computers are like: their length, the 7s, production, trades, endings.

Run: python benchmarks/bench_games.py [--games 200] [--seed 1] [--workers 2]
         [--tables expert,expert,expert,expert ...] [--house-rules] [--edition constructor]
         [--python .venv-compiled/bin/python]

For each table (by default: four random, four greedy, four expert, four master, and two
mixed tables), seeded games are played as `watan simulate` plays them, and printed:

- how the games ended: won, stopped with nobody able to win, stopped at the turn cap, or
  stopped by a strategy's fault (an exception, a refused move, a decision past the time limit);
- the length in turns: median, 99th percentile, longest (issue 27: no game at the cap, the
  99th percentile at most 250 turns; four experts' median at most 90);
- loaded 7s as a share of all rolls (four experts: at most 15%);
- the median, over games, of resources produced per turn (four experts: at least 3.5);
- trade offers made per turn and the share accepted.

Each figure is worked out from the games' events, as a journal records them.  With
`--python`, another install of the game plays them (the compiled build plays the same games,
about twice as fast: README, "The compiled build"); the first line names the build that played.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence

import msgspec

from benchmarks import SOURCE
from benchmarks.seeded import over_seeds
from watan.build import build
from watan.engine.events import (
    DiceRolled,
    ResourcesProduced,
    TradeAccepted,
    TradeDeclined,
    TurnEnded,
)
from watan.engine.state import NOBODY
from watan.tools.simulate import DEFAULT_TURN_CAP, play_game

TABLES = (
    "random,random,random,random",
    "greedy,greedy,greedy,greedy",
    "expert,expert,expert,expert",
    "master,master,master,master",
    "expert,greedy,greedy,greedy",
    "master,expert,expert,expert",
)
GEESE_ROLL = 7
CHILD = """
import sys
sys.path.append(sys.argv[1])
from benchmarks.bench_games import main
main(sys.argv[2:])
"""
"""Runs this benchmark in another install's interpreter, from an empty folder, so that the
game imported is that install's, not the source tree (added at the end of the path, after the
install, for the benchmarks alone)."""


class Run(msgspec.Struct, frozen=True):
    """What every game of a table is played with."""

    players: tuple[str, ...]
    edition: str
    house_rules: tuple[str, ...]
    turn_cap: int


class Figures(msgspec.Struct, frozen=True):
    """One game's figures."""

    won: bool
    dead: bool
    faulted: bool
    turns: int
    rolls: int
    loaded_sevens: int
    produced: int
    offers: int
    accepted: int


def figures(run: Run, index: int, seed: int) -> Figures:
    """Play one game and return its figures."""
    played = play_game(
        index, seed, run.players, run.turn_cap, edition=run.edition, house_rules=run.house_rules
    )
    turns = rolls = sevens = produced = offers = accepted = 0
    for event in played.events:
        if isinstance(event, TurnEnded):
            turns += 1
        elif isinstance(event, DiceRolled):
            rolls += 1
            sevens += event.roll == GEESE_ROLL and event.dice is None
        elif isinstance(event, ResourcesProduced):
            produced += sum(event.gained)
        elif isinstance(event, TradeAccepted):
            offers += 1
            accepted += 1
        elif isinstance(event, TradeDeclined):
            offers += 1
    result = played.result
    return Figures(
        won=result.winner != NOBODY, dead=result.dead, faulted=result.fault is not None,
        turns=turns, rolls=rolls,
        loaded_sevens=sevens, produced=produced, offers=offers, accepted=accepted,
    )


def percentile(values: Sequence[int], share: float) -> int:
    """Return the value at `share` of the sorted values (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered) + 0.5) - 1))]


def table(run: Run, games: int, seed: int, workers: int) -> str:
    """Return one line of figures for `games` games of the run's table."""
    began = time.perf_counter()
    played = over_seeds(figures, run, seed=seed, games=games, workers=workers, chunksize=4)
    players, cap = run.players, run.turn_cap
    turns = [f.turns for f in played]
    rolls = sum(f.rolls for f in played) or 1
    offers = sum(f.offers for f in played)
    won, dead = sum(f.won for f in played), sum(f.dead for f in played)
    faulted = sum(f.faulted for f in played)
    faults = f", {faulted} stopped by a strategy's fault" if faulted else ""
    production = statistics.median(f.produced / max(1, f.turns) for f in played)
    return (
        f"{','.join(players)}: {games} games ({won} won, {dead} nobody able to win, "
        f"{games - won - dead - faulted} at the cap of {cap:,}{faults}); turns median "
        f"{statistics.median(turns):.0f}, 99th percentile {percentile(turns, 0.99)}, longest "
        f"{max(turns)}; loaded 7s {sum(f.loaded_sevens for f in played) / rolls:.1%} of rolls; "
        f"production {production:.2f} a turn (median); offers "
        f"{offers / max(1, sum(turns)):.2f} a turn, "
        f"{sum(f.accepted for f in played) / max(1, offers):.0%} accepted; "
        f"{time.perf_counter() - began:.0f} s"
    )


def main(argv: Sequence[str] | None = None) -> None:
    """Print the figures of each table asked for, played by this install or by `--python`'s."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--turn-cap", type=int, default=DEFAULT_TURN_CAP)
    parser.add_argument("--edition", default="watan")
    parser.add_argument("--house-rules", action="store_true", help="play --house-rules standard")
    parser.add_argument("--tables", nargs="*", default=list(TABLES))
    parser.add_argument("--python", help="another install's python to play the games")
    options = parser.parse_args(argv)
    if options.python:
        sys.exit(played_by(options.python, options))
    house = ("standard",) if options.house_rules else ()
    print(
        f"{options.edition}{', house rules standard' if house else ''}, seed {options.seed}, "
        f"{build()}", flush=True,
    )
    for players in options.tables:
        run = Run(tuple(players.split(",")), options.edition, house, options.turn_cap)
        print(table(run, options.games, options.seed, options.workers), flush=True)


def played_by(python: str, options: argparse.Namespace) -> int:
    """Run the benchmark with `options` in `python`'s install, its figures printed as they
    come; return its exit status (2, with a line on standard error, when `python` cannot run)."""
    forwarded = [
        "--games", str(options.games), "--seed", str(options.seed),
        "--workers", str(options.workers), "--turn-cap", str(options.turn_cap),
        "--edition", options.edition, *(["--house-rules"] if options.house_rules else []),
        "--tables", *options.tables,
    ]
    with tempfile.TemporaryDirectory(prefix="watan-bench-") as folder:
        try:
            child = subprocess.run(
                [python, "-c", CHILD, SOURCE, *forwarded], cwd=folder, check=False
            )
        except OSError as error:
            print(f"bench_games: {python}: {error.strerror}", file=sys.stderr)
            return 2
    return child.returncode


if __name__ == "__main__":
    main()
