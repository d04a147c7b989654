"""Computer players: only commands the rules take, and the greedy one plays to win."""

from __future__ import annotations

import random

import pytest

from bazaar.engine.commands import Act, Decline, Move
from bazaar.engine.decide import Refused, decide
from bazaar.engine.evolve import apply
from bazaar.engine.state import Game, Phase
from bazaar.engine.tiles import Direction
from bazaar.tools.players import PLAYERS, greedy_player, random_player
from bazaar.tools.simulate import play_game
from tests.bazaar.games import acting, at, game, merchant


@pytest.mark.parametrize("kind", sorted(PLAYERS))
def test_every_command_a_computer_player_gives_is_one_the_rules_take(kind: str) -> None:
    rng = random.Random(5)
    played = play_game(0, 5, (kind, kind, kind), (5, 5), 1).game  # the first move made
    state: Game = played
    for _ in range(600):
        if state.phase is Phase.OVER:
            break
        try:
            events = decide(state, PLAYERS[kind](state, rng), rng)
        except Refused as refused:  # pragma: no cover - the failure this test reports
            pytest.fail(f"{kind} gave a command the rules refuse: {refused}")
        for event in events:
            state = apply(state, event)


def test_the_random_player_never_walks_off_the_board() -> None:
    corner = game(merchant("Ann", 0), merchant("Bob"))
    moves = {random_player(corner, random.Random(seed)) for seed in range(30)}
    assert moves == {Move(direction=Direction.DOWN), Move(direction=Direction.RIGHT)}


def test_the_random_player_answers_yes_and_no() -> None:
    answers = {random_player(acting("SPI"), random.Random(seed)) for seed in range(30)}
    assert answers == {Act(), Decline()}


def test_the_greedy_player_buys_a_ruby_it_can_afford() -> None:
    assert greedy_player(acting("GEM", gold=12), random.Random(1)) == Act()


def test_the_greedy_player_declines_what_it_cannot_do_or_does_not_need() -> None:
    assert greedy_player(acting("GEM", gold=11), random.Random(1)) == Decline()
    assert greedy_player(acting("RES", food=9), random.Random(1)) == Decline()
    assert greedy_player(acting("SPI", food=1), random.Random(1)) == Decline()


def test_the_greedy_player_heads_for_a_ruby_it_can_afford() -> None:
    beside = game(merchant("Ann", at("CAS"), gold=20), merchant("Bob"))
    assert greedy_player(beside, random.Random(1)) == Move(direction=Direction.RIGHT)


def test_the_greedy_player_goes_to_eat_when_food_runs_low() -> None:
    hungry = game(merchant("Ann", at("CRT"), food=2, gold=20), merchant("Bob", 5))
    assert greedy_player(hungry, random.Random(1)) == Move(direction=Direction.UP)


@pytest.mark.slow  # a tournament
def test_greedy_players_beat_random_ones() -> None:
    wins = {0: 0, 1: 0}
    for seed in range(12):
        winner = play_game(seed, seed, ("greedy", "random"), (6, 6), 1500).result.winner
        if winner in wins:
            wins[winner] += 1
    assert wins[0] > 3 * wins[1]
