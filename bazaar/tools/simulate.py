"""Headless games between computer players: the simulator behind `bazaar simulate`.

A player picks a whole command, `decide` judges it and draws its random outcomes,
`apply` folds the events, exactly as at the terminal.  Each game has its own seed,
drawn from the run's seed, so a run gives the same games however many processes share
it.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter

import msgspec

from bazaar.engine.decide import decide
from bazaar.engine.events import AnyEvent, GameStarted, TurnEnded
from bazaar.engine.evolve import apply, start
from bazaar.engine.state import NOBODY, Game, Phase
from bazaar.engine.tiles import deal
from bazaar.tools.players import PLAYERS
from replay import tournaments
from replay.folding import fold


class GameResult(msgspec.Struct, frozen=True):
    """How one simulated game went."""

    index: int
    seed: int
    winner: int
    """The winning seat (from 0), or NOBODY when the cap stopped the game."""
    moves: int
    """Moves made by all players together."""
    events: int
    kinds: dict[str, int]
    """How many events of each tag."""


class Played(msgspec.Struct, frozen=True):
    """A simulated game with its journal's content."""

    result: GameResult
    header: GameStarted
    events: tuple[AnyEvent, ...]
    game: Game


def seat_names(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """Return the players' names: their seat and kind, `1 greedy`."""
    return tuple(f"{seat} {kind}" for seat, kind in enumerate(kinds, start=1))


def play_game(
    index: int, seed: int, kinds: tuple[str, ...], size: tuple[int, int], turn_cap: int
) -> Played:
    """Play one game to a win, or until every player has made `turn_cap` moves."""
    rng = random.Random(seed)
    header = GameStarted(seed=seed, board=deal(size[0], size[1], rng), names=seat_names(kinds))
    game = start(header)
    players = [PLAYERS[kind] for kind in kinds]
    events: list[AnyEvent] = []
    moves, most = 0, turn_cap * len(kinds)
    while game.phase is not Phase.OVER and moves < most:
        happened = decide(game, players[game.turn](game, rng), rng)
        game = fold(apply, game, happened)
        moves += sum(isinstance(event, TurnEnded) for event in happened)
        events += happened
    tags = Counter(type(event).__struct_config__.tag for event in events)
    result = GameResult(
        index=index,
        seed=seed,
        winner=game.winner,
        moves=moves + (game.phase is Phase.OVER),
        events=len(events),
        kinds={str(tag): count for tag, count in sorted(tags.items())},
    )
    return Played(result=result, header=header, events=tuple(events), game=game)


class Settings(msgspec.Struct, frozen=True):
    """What every game of a run is played with."""

    kinds: tuple[str, ...]
    size: tuple[int, int]
    turn_cap: int


def play_settled(settings: Settings, index: int, seed: int) -> Played:
    """Play game `index` of a run from `seed` with the run's settings (a tournament's game)."""
    return play_game(index, seed, settings.kinds, settings.size, settings.turn_cap)


def simulate(
    seed: int,
    games: int,
    kinds: tuple[str, ...],
    size: tuple[int, int],
    *,
    workers: int = 1,
    turn_cap: int = 2_000,
    journals: str | None = None,
) -> list[GameResult]:
    """Play `games` games from `seed`; return their results in game order (the same
    whatever `workers` is: `replay.tournaments`)."""
    settings = Settings(kinds, size, turn_cap)
    planned = tournaments.batches(
        play_settled, settings, seed, games, workers=workers, journals=journals
    )
    return tournaments.run(planned, workers)


def report(
    results: list[GameResult], kinds: tuple[str, ...], seconds: float, workers: int, turn_cap: int
) -> str:
    """Return what `bazaar simulate` prints: speed, lengths, wins by seat, events by kind."""
    won = [r for r in results if r.winner != NOBODY]
    wins = Counter(r.winner for r in won)
    tags: Counter[str] = Counter()
    for result in results:
        tags.update(result.kinds)
    total = sum(tags.values()) or 1
    events = [r.events for r in results]
    lines = [
        f"games: {len(results)} ({len(won)} won, {len(results) - len(won)} stopped at the cap "
        f"of {turn_cap:,} moves each)",
        f"speed: {len(results) / seconds:,.1f} games/s ({seconds:.2f} s, "
        f"{workers} worker{'s' if workers != 1 else ''})",
        f"events per game: mean {statistics.fmean(events):,.1f}, "
        f"median {statistics.median(events):,.1f}",
        f"moves per game: mean {statistics.fmean(r.moves for r in results):,.1f}",
        "wins by seat: "
        + ", ".join(f"{name} {wins[seat]}" for seat, name in enumerate(seat_names(kinds))),
        "events by kind:",
        *(f"  {tag}: {count:,} ({count / total:.1%})" for tag, count in tags.most_common()),
    ]
    return "".join(f"{line}\n" for line in lines)
