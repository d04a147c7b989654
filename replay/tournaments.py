"""Tournaments: many games, each from its own seed, played in batches on one process or many.

A game supplies `play(settings, index, seed)`, which plays game `index` of a run from its
own `seed` and gives its result, its header and its events (`Played`).  Every game's seed
is drawn from the run's seed, so a run plays exactly the same games however many
processes (or a cluster's workers, handed the same `Batch`es) share it, and the results
come back in game order.  Journals, when a folder is given, are written where the games
are played, one per game, never over a file already there.
"""

from __future__ import annotations

import concurrent.futures
import itertools
import os
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Generic, Protocol, TypeVar

import msgspec

from replay.writer import write_journal

C = TypeVar("C")
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)
F = TypeVar("F")

MOST_GAMES_PER_BATCH = 50
"""The most games one batch holds: enough to make sending one worth it, few enough for
the progress told after each to move."""


class Played(Protocol[R_co]):
    """What playing one game gives: its result, and its journal's header and events."""

    @property
    def result(self) -> R_co: ...

    @property
    def header(self) -> object: ...

    @property
    def events(self) -> Sequence[object]: ...


Play = Callable[[C, int, int], Played[R]]
"""Plays game `index` from `seed` with the run's settings: `play(settings, index, seed)`.
It must be a module's function (a worker process finds it by name)."""


class Batch(msgspec.Struct, Generic[C, R], frozen=True):
    """Games for one worker to play: how, their numbers and seeds, and where journals go."""

    play: Play[C, R]
    settings: C
    indices: list[int]
    seeds: list[int]
    journals: str | None = None


def game_seeds(seed: int, count: int) -> list[int]:
    """Return each game's own seed, drawn from the run's seed."""
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(count)]


def journal_path(folder: str, index: int) -> str:
    """Return where game `index` of a run keeps its journal."""
    return os.path.join(folder, f"game-{index + 1:05d}.jsonl")


class Planned(msgspec.Struct, Generic[C, R], frozen=True, kw_only=True):
    """A run of games cut into batches, in game order, each batch made (and its games'
    seeds drawn) only as it is dealt: a run of a hundred million games starts at once, in
    the memory of the batches in flight.  Iterating again deals the same batches again."""

    play: Play[C, R]
    settings: C
    seed: int
    games: int
    size: int
    journals: str | None = None

    def __len__(self) -> int:
        return (self.games + self.size - 1) // self.size

    def __iter__(self) -> Iterator[Batch[C, R]]:
        rng = random.Random(self.seed)  # the draws `game_seeds` makes, one batch at a time
        for first in range(0, self.games, self.size):
            last = min(first + self.size, self.games)
            yield Batch(
                play=self.play,
                settings=self.settings,
                indices=list(range(first, last)),
                seeds=[rng.getrandbits(63) for _ in range(first, last)],
                journals=self.journals,
            )


def batches(
    play: Play[C, R],
    settings: C,
    seed: int,
    games: int,
    *,
    workers: int = 1,
    journals: str | None = None,
) -> Planned[C, R]:
    """Return the run of `games` games from `seed` cut into batches, in game order: about
    eight a worker, so that the workers finish together, and none of more than
    `MOST_GAMES_PER_BATCH` games; each made as it is dealt (`Planned`)."""
    size = max(1, min(MOST_GAMES_PER_BATCH, games // (workers * 8) or 1))
    return Planned(
        play=play, settings=settings, seed=seed, games=games, size=size, journals=journals
    )


IN_FLIGHT = 4
"""Batches handed to each worker ahead of the one it plays: enough to keep it busy, few
enough that a run of any length holds only these in memory."""


def dealt(
    planned: Iterable[Batch[C, R]],
    submit: Callable[[Batch[C, R]], F],
    wait: Callable[[set[F]], Iterable[F]],
    workers: int,
) -> Iterator[tuple[int, F]]:
    """Yield each batch's number and its finished future, handing the workers at most
    `IN_FLIGHT` batches each at a time: `submit(batch)` gives a future, `wait(futures)`
    some of them once finished."""
    numbered = enumerate(planned)
    pending: dict[F, int] = {}
    for number, batch in itertools.islice(numbered, IN_FLIGHT * workers):
        pending[submit(batch)] = number
    while pending:
        for future in wait(set(pending)):
            yield pending.pop(future), future
            for number, batch in itertools.islice(numbered, 1):
                pending[submit(batch)] = number


class Interrupted(KeyboardInterrupt):
    """A run stopped by an interrupt (Ctrl-C), with the results of the batches that had
    finished, in game order."""

    def __init__(self, results: list[object]) -> None:
        super().__init__()
        self.results = results


def play_batch(batch: Batch[C, R]) -> list[R]:
    """Return the results of a batch's games, in order, writing their journals if asked.

    A journal already there is never replaced (raises JournalError).  An interrupt raises
    `Interrupted` with the results of the games finished before it.
    """
    results: list[R] = []
    try:
        for index, seed in zip(batch.indices, batch.seeds, strict=True):
            played = batch.play(batch.settings, index, seed)
            if batch.journals is not None:
                path = journal_path(batch.journals, index)
                write_journal(path, played.header, played.events, replace=False)
            results.append(played.result)
    except KeyboardInterrupt:
        raise Interrupted(list(results)) from None
    return results


Progress = Callable[[int], object]
"""Told how many games are done, after each batch."""


def run(
    planned: Iterable[Batch[C, R]], workers: int = 1, progress: Progress | None = None
) -> list[R]:
    """Return the results of every batch's games in game order, played here (one worker)
    or by `workers` processes of this machine.

    An interrupt raises `Interrupted` with the results of the batches finished by then; the
    workers' batches not yet begun are cancelled.
    """
    if workers <= 1:
        return collect(((n, play_batch(batch)) for n, batch in enumerate(planned)), progress)
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:

        def finished(futures: set[concurrent.futures.Future[list[R]]]) -> Iterable[
            concurrent.futures.Future[list[R]]
        ]:
            done, _ = concurrent.futures.wait(
                futures, return_when=concurrent.futures.FIRST_COMPLETED
            )
            return done

        numbered = dealt(planned, lambda batch: pool.submit(play_batch, batch), finished, workers)
        try:
            return collect(((n, future.result()) for n, future in numbered), progress)
        except KeyboardInterrupt:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def collect(finished: Iterable[tuple[int, list[R]]], progress: Progress | None = None) -> list[R]:
    """Return the results of batches as they finish, in any order, each with its number
    among the batches, put back in game order; `progress` hears how many games are done
    after each.  An interrupt raises `Interrupted` with the results collected so far."""
    done: dict[int, list[R]] = {}
    games = 0
    try:
        for number, results in finished:
            done[number] = results
            games += len(results)
            if progress is not None:
                progress(games)
    except KeyboardInterrupt as stopped:
        # A batch played here and stopped part-way is the next in game order.
        partial = stopped.results if isinstance(stopped, Interrupted) else []
        kept = [result for number in sorted(done) for result in done[number]]
        raise Interrupted([*kept, *partial]) from None
    return [result for number in sorted(done) for result in done[number]]
