"""Tournaments of the toy race: seeded games in batches, the same on one process or two."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest

from replay.history import load
from replay.journal import JournalError
from replay.tournaments import (
    MOST_GAMES_PER_BATCH,
    Interrupted,
    batches,
    collect,
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
