"""The batch fold equals folding event by event with `evolve.apply`, state for state."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from replay.folding import fold, scan
from watan.definition import WATAN
from watan.engine.batch import fold_all
from watan.engine.events import AnyEvent
from watan.engine.evolve import apply, start
from watan.engine.state import Game
from watan.tools.simulate import play_game

ROOT = Path(__file__).resolve().parents[2]
RECORDED = sorted(
    path
    for path in (*ROOT.glob("journals/*/journal.jsonl"), *ROOT.glob("fixtures/**/*.jsonl"))
    if "bazaar" not in path.parts
)
TABLES = (
    ("random", "random", "random", "random"),
    ("greedy", "random", "expert", "random"),
)


def _agrees_step_by_step(game: Game, events: tuple[AnyEvent, ...], rng: random.Random) -> None:
    """Check the batch fold against `apply` from every step: one event at a time, in runs
    of random length, and the whole run at once."""
    states = [game, *scan(apply, game, events)]
    for step, event in enumerate(events):
        assert fold_all(states[step], (event,)) == states[step + 1]
    step = 0
    while step < len(events):
        end = min(len(events), step + rng.randrange(1, 400))
        assert fold_all(states[step], events[step:end]) == states[end]
        step = end
    assert fold_all(game, events) == states[-1]
    assert fold_all(game, ()) == game


@pytest.mark.slow  # whole seeded games of both editions, folded from every step
@pytest.mark.parametrize("edition", ["watan", "constructor"])
@pytest.mark.parametrize("house_rules", [(), ("standard",)])
@pytest.mark.parametrize("seed", range(6))
def test_folds_seeded_games_as_apply_does(
    edition: str, house_rules: tuple[str, ...], seed: int
) -> None:
    played = play_game(
        seed, seed, TABLES[seed % len(TABLES)], 150, edition=edition, house_rules=house_rules
    )
    _agrees_step_by_step(start(played.header), played.events, random.Random(seed))


@pytest.mark.parametrize("path", RECORDED, ids=lambda path: str(path.relative_to(ROOT)))
def test_folds_recorded_journals_as_apply_does(path: Path) -> None:
    journal = WATAN.reader().read(path)
    _agrees_step_by_step(start(journal.header), journal.events, random.Random(1))


def test_the_definition_folds_with_it() -> None:
    journal = WATAN.reader().read(ROOT / "journals/trade-heavy/journal.jsonl")
    assert WATAN.fold_all is fold_all
    assert WATAN.fold(journal.header, journal.events) == fold(
        apply, start(journal.header), journal.events
    )
