"""Headless games between random players: the simulator behind `watan simulate`.

Games run without a terminal: a player picks a whole command, `decide`
judges it and draws its random outcomes, `apply` folds the events.  Each
game has its own seed, drawn from the run's seed, so a run gives the same
results however many processes share it.

Two random players pick only moves the rules allow (`watan.engine.moves`), roll
fair dice, answer trades at random and place the geese at random:

- `kinds` (the default) picks a kind of move uniformly among the kinds open
  now (achieve, complete, improve, trade, next), then one move of that kind.
- `uniform` picks uniformly among all legal commands.  After the roll nearly
  all of them are trades (some 150 against a single `next`), so its games run
  to tens of thousands of events and some never end; it is there to study
  that, not for speed.
"""

from __future__ import annotations

import concurrent.futures
import os
import random
import statistics
from collections import Counter
from collections.abc import Callable
from typing import Protocol

import msgspec

from replay.writer import write_journal
from watan.engine.commands import AnyCommand, ChooseDice, Next, PlaceGeese, Roll, Trade
from watan.engine.decide import decide, victims
from watan.engine.events import RULES, AnyEvent, GameStarted, TurnEnded
from watan.engine.evolve import apply, start
from watan.engine.layout import random_board
from watan.engine.moves import legal_builds, legal_commands
from watan.engine.resources import HELD
from watan.engine.state import COLOURS, NOBODY, Colour, Game, Phase
from watan.engine.topology import TILE_COUNT, TileId

DEFAULT_TURN_CAP = 10_000


class Player(Protocol):
    """Chooses the current student's next command."""

    def __call__(self, game: Game, rng: random.Random) -> AnyCommand: ...


def kinds_player(game: Game, rng: random.Random) -> AnyCommand:
    """Return a random legal command: a kind of move first, then a move of that kind."""
    match game.phase:
        case Phase.BEFORE_ROLL:
            # Fair dice, whichever dice the edition starts with.
            return ChooseDice(loaded=False) if game.students[game.turn].loaded_dice else Roll()
        case Phase.GEESE:
            tile = rng.choice([t for t in range(TILE_COUNT) if t != game.geese])
            robbed = victims(game, TileId(tile))
            return PlaceGeese(tile=tile, victim=rng.choice(robbed) if robbed else None)
        case Phase.AFTER_ROLL:
            kinds: dict[type, list[AnyCommand]] = {}
            for build in legal_builds(game):
                kinds.setdefault(type(build), []).append(build)
            options: list[list[AnyCommand] | None] = [*kinds.values(), [Next()]]
            if any(game.students[game.turn].resources):
                options.append(None)  # a trade, drawn below without listing them all
            chosen = rng.choice(options)
            return rng.choice(chosen) if chosen is not None else _random_trade(game, rng)
        case _:
            return uniform_player(game, rng)


def _random_trade(game: Game, rng: random.Random) -> Trade:
    """Return a legal trade: any partner, something held for anything, a random answer."""
    held = game.students[game.turn].resources
    partner = rng.choice([c for c in COLOURS if c != game.turn])
    give = rng.choice([r for r in HELD if held[r]])
    take = rng.choice(HELD)
    able = game.students[partner].resources[take] > 0
    return Trade(partner=partner, give=give, take=take, accepted=able and rng.random() < 0.5)


def uniform_player(game: Game, rng: random.Random) -> AnyCommand:
    """Return a command drawn uniformly from the legal ones, keeping fair dice."""
    return rng.choice([c for c in legal_commands(game) if not isinstance(c, ChooseDice)])


PLAYERS: dict[str, Player] = {"kinds": kinds_player, "uniform": uniform_player}


class GameResult(msgspec.Struct, frozen=True):
    """How one simulated game went."""

    index: int
    seed: int
    winner: int
    """The winner's colour, or NOBODY when the turn cap stopped the game."""
    turns: int
    events: int
    kinds: dict[str, int]
    """How many events of each tag."""


class Played(msgspec.Struct, frozen=True):
    """A simulated game with its journal's content."""

    result: GameResult
    header: GameStarted
    events: tuple[AnyEvent, ...]
    game: Game


def game_seeds(seed: int, count: int) -> list[int]:
    """Return each game's own seed, drawn from the run's seed."""
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(count)]


def play_game(
    index: int, seed: int, player: Player, turn_cap: int, edition: str = RULES
) -> Played:
    """Play one game of `edition` from setup to a win, or to `turn_cap` turns."""
    rng = random.Random(seed)
    header = GameStarted(rules=edition, seed=seed, board=random_board(rng))
    game = start(header)
    events: list[AnyEvent] = []
    turns = 0
    while game.phase is not Phase.OVER and turns < turn_cap:
        happened = decide(game, player(game, rng), rng)
        for event in happened:
            game = apply(game, event)
            turns += isinstance(event, TurnEnded)
        events += happened
    tags = Counter(type(event).__struct_config__.tag for event in events)
    result = GameResult(
        index=index,
        seed=seed,
        winner=game.winner,
        turns=turns,
        events=len(events),
        kinds={str(tag): count for tag, count in sorted(tags.items())},
    )
    return Played(result=result, header=header, events=tuple(events), game=game)


class Summary(msgspec.Struct, frozen=True):
    """What a run of games came to."""

    games: int
    finished: int
    mean_events: float
    median_events: float
    mean_turns: float
    winners: dict[str, int]
    kinds: dict[str, int]


def summarise(results: list[GameResult]) -> Summary:
    """Return the figures `watan simulate` prints for these games."""
    finished = [r for r in results if r.winner != NOBODY]
    winners = Counter(Colour(r.winner).title for r in finished)
    kinds: Counter[str] = Counter()
    for result in results:
        kinds.update(result.kinds)
    events = [r.events for r in results]
    return Summary(
        games=len(results),
        finished=len(finished),
        mean_events=statistics.fmean(events) if events else 0.0,
        median_events=statistics.median(events) if events else 0.0,
        mean_turns=statistics.fmean(r.turns for r in results) if results else 0.0,
        winners={c.title: winners[c.title] for c in COLOURS},
        kinds=dict(kinds.most_common()),
    )


class Batch(msgspec.Struct, frozen=True):
    """Games for one worker to play: their numbers and seeds, and where journals go."""

    indices: list[int]
    seeds: list[int]
    player: str
    turn_cap: int
    journals: str | None = None
    edition: str = RULES


def play_batch(batch: Batch) -> list[GameResult]:
    """Play a batch of games (in a worker process), writing their journals if asked.

    A journal already there is never replaced (raises JournalError).
    """
    results = []
    for index, seed in zip(batch.indices, batch.seeds, strict=True):
        played = play_game(index, seed, PLAYERS[batch.player], batch.turn_cap, batch.edition)
        if batch.journals is not None:
            path = journal_path(batch.journals, index)
            write_journal(path, played.header, played.events, replace=False)
        results.append(played.result)
    return results


def journal_path(folder: str, index: int) -> str:
    """Return where game `index` of a run keeps its journal."""
    return os.path.join(folder, f"game-{index + 1:05d}.jsonl")


def simulate(
    seed: int,
    games: int,
    *,
    workers: int = 1,
    player: str = "kinds",
    turn_cap: int = DEFAULT_TURN_CAP,
    journals: str | None = None,
    progress: Callable[[int], None] | None = None,
    edition: str = RULES,
) -> list[GameResult]:
    """Play `games` games from `seed`; return their results in game order.

    The results do not depend on `workers`: each game has its own seed.
    `progress` hears how many games are done after each batch.
    """
    seeds = game_seeds(seed, games)
    size = max(1, min(50, games // (workers * 8) or 1))
    batches = [
        Batch(
            indices=list(range(start, min(start + size, games))),
            seeds=seeds[start : start + size],
            player=player,
            turn_cap=turn_cap,
            journals=journals,
            edition=edition,
        )
        for start in range(0, games, size)
    ]
    results: list[GameResult] = []
    if workers <= 1:
        for batch in batches:
            results += play_batch(batch)
            if progress is not None:
                progress(len(results))
    else:
        with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
            for done in concurrent.futures.as_completed(
                [pool.submit(play_batch, batch) for batch in batches]
            ):
                results += done.result()
                if progress is not None:
                    progress(len(results))
    return sorted(results, key=lambda result: result.index)


def report(summary: Summary, seconds: float, workers: int, turn_cap: int) -> str:
    """Return what `watan simulate` prints: speed, lengths, winners and events by kind."""
    stopped = summary.games - summary.finished
    total = sum(summary.kinds.values()) or 1
    lines = [
        f"games: {summary.games} ({summary.finished} won, {stopped} stopped at the cap "
        f"of {turn_cap:,} turns)",
        f"speed: {summary.games / seconds:,.1f} games/s ({seconds:.2f} s, "
        f"{workers} worker{'s' if workers != 1 else ''})",
        f"events per game: mean {summary.mean_events:,.1f}, median {summary.median_events:,.1f}",
        f"turns per game: mean {summary.mean_turns:,.1f}",
        "winners: " + ", ".join(f"{c} {n}" for c, n in summary.winners.items()),
        "events by kind:",
        *(f"  {tag}: {n:,} ({n / total:.1%})" for tag, n in summary.kinds.items()),
    ]
    return "".join(f"{line}\n" for line in lines)
