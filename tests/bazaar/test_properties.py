"""Properties over many seeded Bazaar games and random input.

- goods are never negative and a cart never holds more than it can (RULINGS-bazaar 5);
- gold is conserved by payments: 1 gold from the payer to each other player, and an
  action changes the players' gold only by its own price and takings;
- the folded journal is the live game, whatever is typed, and any step of it folds to
  the state the audit keeps there.
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bazaar.definition import BAZAAR
from bazaar.engine.decide import decide
from bazaar.engine.events import (
    AnyEvent,
    BlackMarketDealt,
    CartEnlarged,
    CasinoPlayed,
    GameStarted,
    GoodsBought,
    GoodsSold,
    OthersPaid,
    RubyBought,
)
from bazaar.engine.evolve import apply, start
from bazaar.engine.state import FEE, Game, Phase, saved_game
from bazaar.engine.tiles import deal
from bazaar.files.savefile import format_save
from bazaar.terminal import session
from bazaar.terminal.console import BACKUP, Options, Streams, play
from bazaar.tools.players import PLAYERS
from replay.auditing import audit
from replay.history import load

kinds = st.lists(st.sampled_from(sorted(PLAYERS)), min_size=2, max_size=6).map(tuple)
sizes = st.tuples(st.integers(4, 9), st.integers(4, 9))


def _played(
    seed: int, seats: tuple[str, ...], size: tuple[int, int], commands: int
) -> Iterator[tuple[Game, tuple[AnyEvent, ...], Game]]:
    """Yield (game before, events, game after) for each command of a seeded game."""
    rng = random.Random(seed)
    names = tuple(f"P{i}" for i in range(len(seats)))
    header = GameStarted(seed=seed, board=deal(size[0], size[1], rng), names=names)
    game = start(header)
    for _ in range(commands):
        if game.phase is Phase.OVER:
            return
        events = decide(game, PLAYERS[seats[game.turn]](game, rng), rng)
        after = game
        for event in events:
            after = apply(after, event)
        yield game, events, after
        game = after


def _gold(game: Game) -> int:
    return sum(m.gold for m in game.merchants)


def _takings(event: AnyEvent) -> int:
    """Return what an event adds to the players' gold all together (negative: paid out)."""
    match event:
        case GoodsBought(price=price) | CartEnlarged(price=price) | RubyBought(price=price):
            return -price
        case BlackMarketDealt(price=price):
            return -price
        case CasinoPlayed(price=price, won=won):
            return won - price
        case GoodsSold(earned=earned):
            return earned
        case _:
            return 0


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), kinds, sizes)
def test_goods_are_never_negative_nor_more_than_the_cart_holds(
    seed: int, seats: tuple[str, ...], size: tuple[int, int]
) -> None:
    for _, _, after in _played(seed, seats, size, 400):
        for merchant in after.merchants:
            assert min(*merchant.goods, merchant.rubies, merchant.gold, merchant.food) >= 0
            assert merchant.load <= merchant.cart


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), kinds, sizes)
def test_gold_is_conserved_by_payments_and_changed_only_by_prices_and_takings(
    seed: int, seats: tuple[str, ...], size: tuple[int, int]
) -> None:
    for before, events, after in _played(seed, seats, size, 400):
        assert _gold(after) - _gold(before) == sum(_takings(e) for e in events)
        changes = [a.gold - b.gold for a, b in zip(after.merchants, before.merchants, strict=True)]
        payees = next((e.payees for e in events if isinstance(e, OthersPaid)), ())
        mover = before.turn
        assert changes[mover] == sum(_takings(e) for e in events) - FEE * len(payees)
        assert [c for p, c in enumerate(changes) if p != mover] == [
            FEE if p in payees else 0 for p in range(len(changes)) if p != mover
        ]


lines = st.lists(
    st.sampled_from(
        [
            *("up", "down", "left", "right", "yes", "no", "UP", " yes ", "north", ""),
            *("maybe", "status", "board", "help", "save", "\x00\x1b", "left right"),
        ]
    ),
    max_size=120,
)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), lines)
def test_whatever_is_typed_the_events_fold_to_the_live_game(seed: int, typed: list[str]) -> None:
    rng = random.Random(seed)
    header = GameStarted(seed=seed, board=deal(5, 5, rng), names=("Ann", "Bob", "Cy"))
    game = start(header)
    recorded: list[AnyEvent] = []
    for line in typed:
        if game.phase is Phase.OVER:
            break
        reply = session.respond(game, line, rng)
        recorded += reply.events
        game = reply.game
    assert BAZAAR.fold(header, recorded) == game
    checked = audit(BAZAAR, header, recorded)
    assert (checked.problem, checked.state) == (None, game)


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**32), typed=lines)
def test_the_journal_the_program_writes_folds_to_the_game_it_saves(
    seed: int, typed: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    work = tmp_path / str(seed)
    work.mkdir(exist_ok=True)
    monkeypatch.chdir(work)
    for stale in (work / "j.jsonl", work / BACKUP):
        stale.unlink(missing_ok=True)
    options = Options(seed=seed, names=("Ann", "Bob"), size=(4, 6), journal="j.jsonl")
    stdin = io.BytesIO("".join(f"{line}\n" for line in typed if line != "save").encode())
    play(options, Streams(stdin, io.StringIO(), io.StringIO()))
    if (work / "j.jsonl").exists():
        folded = load(BAZAAR, work / "j.jsonl").state
    else:  # nothing was played, and a new journal of no event is removed: the game as dealt
        dealt = deal(4, 6, random.Random(seed))
        folded = start(GameStarted(seed=seed, board=dealt, names=("Ann", "Bob")))
    if folded.phase is not Phase.OVER:
        assert (work / BACKUP).read_text() == format_save(saved_game(folded))


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32), st.data())
def test_any_step_folded_equals_the_audit_kept_there(
    seed: int, data: st.DataObject
) -> None:
    events = [e for _, run, _ in _played(seed, ("greedy", "random"), (6, 6), 300) for e in run]
    header = GameStarted(seed=seed, board=deal(6, 6, random.Random(seed)), names=("P0", "P1"))
    for step in data.draw(st.lists(st.integers(0, len(events)), min_size=1, max_size=8)):
        assert BAZAAR.fold(header, events[:step]) == audit(BAZAAR, header, events, keep=step).state
