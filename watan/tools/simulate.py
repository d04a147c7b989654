"""Tournaments between computer strategies, without a terminal: `watan simulate`.

Each game is played by the table's loop (`watan.players.table`), the same
loop as at the terminal, with one strategy per seat.  The seats rotate by
one from game to game, so every strategy sits in every seat equally often
and none keeps the first move's advantage.  Each game has its own seed,
drawn from the run's seed, so a run gives the same results however many
processes share it; a game's journal records its seats (`SeatTaken`), so
it verifies and replays like any other.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Callable, Sequence

import msgspec

from replay import tournaments
from watan.editions import edition as named
from watan.engine.events import AnyEvent, GameStarted, TurnEnded
from watan.engine.reach import nobody_can_win
from watan.engine.state import COLOURS, NOBODY, Colour, Game
from watan.match.making import new
from watan.match.options import asked
from watan.players.progress import TURN_CAP, Progress
from watan.players.table import StrategyError, Table

DEFAULT_TURN_CAP = TURN_CAP
SEATS = len(COLOURS)


def seating(players: Sequence[str], index: int) -> tuple[str, ...]:
    """Return the strategy in each seat, Blue first, for game `index` of a run.

    Game 0 seats `players` in order; each game after moves everyone one seat on.
    """
    return tuple(players[(colour - index) % SEATS] for colour in range(SEATS))


class GameResult(msgspec.Struct, frozen=True):
    """How one simulated game went."""

    index: int
    seed: int
    seats: tuple[str, ...]
    """The strategy in each seat, Blue first."""
    winner: int
    """The winner's colour, or NOBODY when the game was stopped."""
    turns: int
    events: int
    kinds: dict[str, int]
    """How many events of each tag."""
    dead: bool = False
    """Whether it was stopped because nobody could win any more, or nobody built for many
    rounds (`watan.players.progress`)."""

    fault: str | None = None
    """What stopped it, when a strategy's fault did (`StrategyError`): one line naming the
    strategy and the seat."""

    @property
    def winning_strategy(self) -> str | None:
        """Return the strategy that won, or None for an unfinished game."""
        return None if self.winner == NOBODY else self.seats[self.winner]


class Played(msgspec.Struct, frozen=True):
    """A simulated game with its journal's content."""

    result: GameResult
    header: GameStarted
    events: tuple[AnyEvent, ...]
    game: Game


def play_game(
    index: int,
    seed: int,
    players: Sequence[str],
    turn_cap: int = DEFAULT_TURN_CAP,
    *,
    edition: str,
    house_rules: tuple[str, ...] = (),
    think: float | None = None,
) -> Played:
    """Play game `index` of a run of `edition` from setup to a win, or to `turn_cap` turns,
    with the `house_rules` named (none: the edition's own rules).

    The strategies sit as `seating` says; each draws from its own generator,
    seeded from the game's seed and its seat.  `think` is the seconds a searching strategy
    may spend on a move (`--think`; None: its own budget).
    """
    seats = seating(players, index)
    options = asked(
        seed=seed, edition=named(edition), house_rules=house_rules, random_board=True,
        think=think,
    )
    match = new(options)  # keeps no journal: the run writes it, from `Played`
    events = list(match.seat(tuple(zip(COLOURS, seats, strict=True))))

    def heard(_: Game, happened: tuple[AnyEvent, ...], __: Game) -> None:
        events.extend(happened)

    watched = Progress()
    fault = None
    try:
        game = match.play(Table(match.computer), heard, turn_cap, until=watched.stuck)
    except StrategyError as error:  # the game so far is kept, and the run goes on
        fault = str(error)
        game = match.game
    tags = Counter(type(event).__struct_config__.tag for event in events)
    result = GameResult(
        index=index,
        seed=seed,
        seats=seats,
        winner=game.winner,
        dead=game.winner == NOBODY and (watched.stalled or nobody_can_win(game)),
        turns=sum(type(event) is TurnEnded for event in events),
        events=len(events),
        kinds={str(tag): count for tag, count in sorted(tags.items())},
        fault=fault,
    )
    return Played(result=result, header=match.header, events=tuple(events), game=game)


class StrategyRecord(msgspec.Struct, frozen=True):
    """One strategy's record in a run: its wins and what chance alone would give it."""

    strategy: str
    seats: int
    """How many of the four seats it held in every game."""
    wins: int
    games: int

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def parity(self) -> float:
        """The share of games its seats would win if every seat were equally strong."""
        return self.seats / SEATS

    def interval(self) -> tuple[float, float]:
        """Return the 95% Wilson score interval of its share of wins."""
        return wilson(self.wins, self.games)


def wilson(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """Return the Wilson score interval for `wins` of `games` (95% with the default z).

    It stays inside [0, 1] and behaves at 0 and at every win, where the
    normal approximation does not.
    """
    if games == 0:
        return (0.0, 1.0)
    share = wins / games
    spread = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    centre = share + z * z / (2 * games)
    scale = 1 + z * z / games
    low = 0.0 if wins == 0 else (centre - spread) / scale
    high = 1.0 if wins == games else (centre + spread) / scale
    return (low, high)


class RunSummary(msgspec.Struct, frozen=True):
    """What a run of games came to."""

    games: int
    finished: int
    dead: int
    """Games stopped because nobody could win any more."""
    standings: tuple[StrategyRecord, ...]
    """Each strategy's record, in the order the players were first named."""
    median_turns: float
    mean_turns: float
    median_events: float
    mean_events: float
    winners: dict[str, int]
    """Wins by colour."""
    kinds: dict[str, int]
    faults: int = 0
    """Games stopped by a strategy's fault."""


def summarise(results: Sequence[GameResult], players: Sequence[str]) -> RunSummary:
    """Return the figures `watan simulate` prints for these games of `players`."""
    finished = [r for r in results if r.winner != NOBODY]
    by_strategy = Counter(r.winning_strategy for r in finished)
    by_colour = Counter(Colour(r.winner).title for r in finished)
    seats = Counter(players)
    kinds: Counter[str] = Counter()
    for result in results:
        kinds.update(result.kinds)
    turns = [r.turns for r in results]
    events = [r.events for r in results]
    return RunSummary(
        games=len(results),
        finished=len(finished),
        dead=sum(r.dead for r in results),
        faults=sum(r.fault is not None for r in results),
        standings=tuple(
            StrategyRecord(
                strategy=name, seats=seats[name], wins=by_strategy[name], games=len(results)
            )
            for name in dict.fromkeys(players)
        ),
        median_turns=statistics.median(turns) if turns else 0.0,
        mean_turns=statistics.fmean(turns) if turns else 0.0,
        median_events=statistics.median(events) if events else 0.0,
        mean_events=statistics.fmean(events) if events else 0.0,
        winners={c.title: by_colour[c.title] for c in COLOURS},
        kinds=dict(kinds.most_common()),
    )


class Settings(msgspec.Struct, frozen=True):
    """What every game of a run is played with."""

    players: tuple[str, ...]
    turn_cap: int
    edition: str
    house_rules: tuple[str, ...] = ()
    think: float | None = None
    """Seconds a searching strategy may spend on a move (`--think`); None: its own."""


def play_settled(settings: Settings, index: int, seed: int) -> Played:
    """Play game `index` of a run from `seed` with the run's settings (a tournament's game)."""
    return play_game(
        index,
        seed,
        settings.players,
        settings.turn_cap,
        edition=settings.edition,
        house_rules=settings.house_rules,
        think=settings.think,
    )


def tournament(
    seed: int,
    games: int,
    *,
    players: Sequence[str] = ("random",) * SEATS,
    workers: int = 1,
    turn_cap: int = DEFAULT_TURN_CAP,
    journals: str | None = None,
    progress: Callable[[int], None] | None = None,
    edition: str,
    house_rules: tuple[str, ...] = (),
    cluster: str | None = None,
    think: float | None = None,
) -> list[GameResult]:
    """Play `games` games of `edition` between `players` (one strategy a seat) from `seed`,
    in game order, with the `house_rules` named and searching strategies given `think`
    seconds a move (`play_game`).

    The results do not depend on `workers` or `cluster` (a Dask scheduler's address, or
    `local`: `watan.tools.cluster`): each game has its own seed (`replay.tournaments`).
    `progress` hears how many games are done after each batch.
    """
    settings = Settings(tuple(players), turn_cap, edition, tuple(house_rules), think)
    planned = tournaments.batches(
        play_settled, settings, seed, games, workers=workers, journals=journals
    )
    if cluster is not None:
        from watan.tools.cluster import play_on_cluster

        return play_on_cluster(cluster, planned, workers, progress)
    return tournaments.run(planned, workers, progress)


def report(summary: RunSummary, seconds: float, workers: int, turn_cap: int) -> str:
    """Return what `watan simulate` prints: wins by strategy, lengths, speed, events by kind."""
    capped = summary.games - summary.finished - summary.dead - summary.faults
    total = sum(summary.kinds.values()) or 1
    faults = f", {summary.faults} stopped by a strategy's fault" if summary.faults else ""
    lines = [
        f"games: {summary.games} ({summary.finished} won, {summary.dead} stopped with nobody "
        f"able to win, {capped} stopped at the cap of {turn_cap:,} turns{faults})",
        f"speed: {summary.games / seconds:,.1f} games/s ({seconds:.2f} s, "
        f"{workers} worker{'s' if workers != 1 else ''})",
        "wins by strategy (seats rotate every game; 95% interval):",
        *(_standing(standing) for standing in summary.standings),
        f"turns per game: median {summary.median_turns:,.1f}, mean {summary.mean_turns:,.1f}",
        f"events per game: median {summary.median_events:,.1f}, "
        f"mean {summary.mean_events:,.1f}",
        "wins by colour: " + ", ".join(f"{c} {n}" for c, n in summary.winners.items()),
        "events by kind:",
        *(f"  {tag}: {n:,} ({n / total:.1%})" for tag, n in summary.kinds.items()),
    ]
    return "".join(f"{line}\n" for line in lines)


def _standing(standing: StrategyRecord) -> str:
    low, high = standing.interval()
    seats = f"{standing.seats} seat{'s' if standing.seats != 1 else ''}"
    return (
        f"  {standing.strategy}: {standing.wins} of {standing.games} "
        f"({standing.share:.1%}, {low:.1%}-{high:.1%}; {seats}, parity {standing.parity:.1%})"
    )
