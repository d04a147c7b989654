"""Properties of whole games: many seeded sessions of random valid and invalid input.

After every line the invariants of the rules hold, and folding the events
recorded so far from the game's header gives exactly the live game.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import WATAN
from tests.scripted import typed
from watan.engine.events import (
    AnyEvent,
    GameStarted,
    ResourceStolen,
    TradeAccepted,
    TradeDeclined,
)
from watan.engine.evolve import apply, start
from watan.engine.invariants import broken_invariants
from watan.engine.layout import random_board
from watan.engine.resources import total
from watan.engine.state import Game, Phase
from watan.engine.topology import (
    CRITERION_GOALS,
    GOAL_CRITERIA,
    GOAL_NEIGHBOURS,
)
from watan.terminal.session import Session
from watan.text.notation import AwaitAnswer, AwaitLoadedRoll, AwaitVictim

_COLOUR_WORDS = ("Blue", "red", "ORANGE", "Yellow", "Purple")
_RESOURCE_WORDS = ("CAFFEINE", "lab", "Lecture", "STUDY", "tutorial", "NETFLIX", "COFFEE")
_QUERIES = ("board", "status", "criteria", "help")


def random_line(session: Session, rng: random.Random) -> str:
    """Return a plausible line for the current question, often valid, sometimes not."""
    game, pending = session.game, session.pending
    if rng.random() < 0.05:
        return rng.choice(("", "  ", "dance", "7.5", "-1", "99999999999999999999", "\t next"))
    match pending:
        case AwaitLoadedRoll():
            return str(rng.randint(1, 13))
        case AwaitVictim():
            return rng.choice(_COLOUR_WORDS)
        case AwaitAnswer():
            return rng.choice(("yes", "yes", "no", "maybe"))
        case None:
            pass
    if game.phase is Phase.SETUP:
        return str(rng.randint(-1, 55))
    if game.phase is Phase.GEESE:
        return str(rng.randint(-1, 19))
    if game.phase is Phase.OVER:
        return "no"
    verb = rng.choice(
        ("load", "fair", "roll", "roll", "roll", "next", "next", "achieve", "achieve",
         "complete", "improve", "trade", "query")
    )
    if verb in ("achieve", "complete", "improve"):
        return f"{verb} {_place(game, verb, rng)}"
    if verb == "trade":
        return (
            f"trade {rng.choice(_COLOUR_WORDS)} {rng.choice(_RESOURCE_WORDS)} "
            f"{rng.choice(_RESOURCE_WORDS)}"
        )
    if verb == "query":
        return rng.choice(_QUERIES)
    return verb


def _place(game: Game, verb: str, rng: random.Random) -> int:
    """Return a place to build on: usually one next to what the student has, else anything."""
    student = game.students[game.turn]
    candidates: list[int]
    if verb == "improve":
        candidates = list(student.criteria)
    elif verb == "achieve":
        candidates = [g for c in student.criteria for g in CRITERION_GOALS[c]]
        candidates += [h for g in student.goals for h in GOAL_NEIGHBOURS[g]]
    else:
        candidates = [c for g in student.goals for c in GOAL_CRITERIA[g]]
    if candidates and rng.random() < 0.8:
        return rng.choice(candidates)
    return rng.randint(-1, 75)


def _holdings(game: Game) -> int:
    return sum(total(s.resources) for s in game.students)


@pytest.mark.slow  # forty whole random sessions
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_sessions_keep_every_invariant_and_fold_to_the_live_game(seed: int) -> None:
    rng = random.Random(seed)
    header = GameStarted(edition=WATAN.name, rules=WATAN.rules, seed=seed, board=random_board(rng))

    def checked(before: Game, events: tuple[AnyEvent, ...], after: Game) -> None:
        for event in events:
            if isinstance(event, TradeAccepted | TradeDeclined | ResourceStolen):
                assert _holdings(apply(before, event)) == _holdings(before), event
            before = apply(before, event)
        assert before == after
        assert broken_invariants(after) == []

    done = typed(start(header), _lines(rng, 4000), rng=rng, heard=checked, edition=WATAN)
    folded = start(header)
    for event in done.events:
        folded = apply(folded, event)
    assert folded == done.game


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_folding_any_prefix_then_the_rest_equals_folding_everything(seed: int) -> None:
    rng = random.Random(seed)
    header = GameStarted(edition=WATAN.name, rules=WATAN.rules, seed=seed, board=random_board(rng))
    done = typed(start(header), _lines(rng, 600), rng=rng, edition=WATAN)
    journal = done.events
    cut = rng.randint(0, len(journal))
    middle = start(header)
    for event in journal[:cut]:
        middle = apply(middle, event)
    for event in journal[cut:]:
        middle = apply(middle, event)
    assert middle == done.game


def _lines(rng: random.Random, count: int) -> Callable[[Session], str | None]:
    """Return a typist of `count` random lines, each fitting the question asked (or not)."""
    left = [count]

    def line(session: Session) -> str | None:
        left[0] -= 1
        return random_line(session, rng) if left[0] >= 0 else None

    return line
