"""Tournaments of the toy race: seeded games in batches, the same on one process or two."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest

from replay.history import load
from replay.journal import JournalError
from replay.tournaments import (
    IN_FLIGHT,
    MOST_GAMES_PER_BATCH,
    Interrupted,
    batches,
    collect,
    dealt,
    game_seeds,
    journal_path,
    play_batch,
    run,
)
from tests.replay.race import RACE, Began, Event, Race, play


class Result(msgspec.Struct, frozen=True):
    index: int
    seed: int
    winner: int | None
    events: int


class Raced(msgspec.Struct, frozen=True):
    result: Result
    header: Began
    events: tuple[Event, ...]


def race(goal: int, index: int, seed: int) -> Raced:
    """Play game `index` of a run: a race to `goal` rolled from `seed` (a module's function,
    as a worker process needs)."""
    header = Began(players=("ada", "bob", "cy"), goal=goal)
    events = tuple(play(seed, header))
    final: Race = RACE.fold(header, events)
    return Raced(Result(index, seed, final.winner, len(events)), header, events)


def expected(seed: int, games: int, goal: int = 30) -> list[Result]:
    """The results worked out game by game, from each game's own seed."""
    return [race(goal, index, s).result for index, s in enumerate(game_seeds(seed, games))]


def test_each_game_has_its_own_seed_and_a_longer_run_begins_with_a_shorter_ones() -> None:
    seeds = game_seeds(7, 10)
    assert (len(set(seeds)), game_seeds(7, 4)) == (10, seeds[:4])
    assert all(0 <= seed < 2**63 for seed in seeds)


def test_batches_hold_every_game_once_in_order_about_eight_a_worker() -> None:
    planned = batches(race, 30, 7, 100, workers=2)
    assert [index for batch in planned for index in batch.indices] == list(range(100))
    assert [seed for batch in planned for seed in batch.seeds] == game_seeds(7, 100)
    assert [len(batch.indices) for batch in planned] == [6] * 16 + [4]
    huge = batches(race, 30, 7, 10_000, workers=1)
    assert max(len(batch.indices) for batch in huge) == MOST_GAMES_PER_BATCH


def test_a_run_of_a_hundred_million_games_deals_its_first_batch_at_once() -> None:
    planned = batches(race, 30, 7, 100_000_000, workers=2)
    first = next(iter(planned))
    assert (len(planned), first.indices, first.seeds) == (
        2_000_000, list(range(50)), game_seeds(7, 50)
    )


def test_workers_are_dealt_a_few_batches_ahead_never_the_whole_run() -> None:
    numbers = itertools.count()
    in_flight: set[int] = set()
    most = 0

    def submit(batch: object) -> int:
        nonlocal most
        future = next(numbers)
        in_flight.add(future)
        most = max(most, len(in_flight))
        return future

    def wait(futures: set[int]) -> list[int]:
        in_flight.discard(min(futures))
        return [min(futures)]

    planned = batches(race, 30, 7, 100_000_000, workers=2)
    finished = [number for number, _ in itertools.islice(dealt(planned, submit, wait, 2), 1000)]
    assert (finished, most) == (list(range(1000)), IN_FLIGHT * 2)


def test_one_worker_or_two_play_the_same_games_in_game_order() -> None:
    heard: list[int] = []
    alone = run(batches(race, 30, 7, 20), 1, heard.append)
    assert (alone, heard) == (expected(7, 20), list(range(2, 21, 2)))  # batches of 2
    shared = run(batches(race, 30, 7, 20, workers=2), 2)
    assert shared == alone


def test_results_of_batches_finished_out_of_order_come_back_in_game_order() -> None:
    heard: list[int] = []
    finished = [(2, ["e"]), (0, ["a", "b"]), (1, ["c", "d"])]
    assert (collect(finished, heard.append), heard) == (["a", "b", "c", "d", "e"], [1, 3, 5])


def test_an_interrupt_keeps_the_results_of_the_batches_finished_before_it() -> None:
    def finished() -> Iterator[tuple[int, list[str]]]:
        yield (1, ["c", "d"])
        yield (0, ["a", "b"])
        raise KeyboardInterrupt

    with pytest.raises(Interrupted) as stopped:
        collect(finished())
    assert stopped.value.results == ["a", "b", "c", "d"]


def test_a_batch_writes_each_games_journal_and_never_replaces_one(tmp_path: Path) -> None:
    first, *rest = batches(race, 30, 7, 3, journals=str(tmp_path))
    results = [result for batch in (first, *rest) for result in play_batch(batch)]
    assert results == expected(7, 3)
    for result in results:
        raced = race(30, result.index, result.seed)
        assert load(RACE, journal_path(str(tmp_path), result.index)).events == raced.events
    assert Path(journal_path(str(tmp_path), 2)).name == "game-00003.jsonl"
    with pytest.raises(JournalError, match="already exists"):
        play_batch(first)
