"""The computer strategies: only moves the rules allow, the same every time from one seed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.positions import make_game
from watan.editions import edition
from watan.engine.commands import AnyCommand, ChooseDice, Move, Offer, PlaceGeese, Roll
from watan.engine.decide import Refusal, offer_refusal, refusal
from watan.engine.events import AnyEvent, GameStarted
from watan.engine.evolve import start
from watan.engine.layout import Board, random_board
from watan.engine.resources import Resource
from watan.engine.state import COLOURS, Colour, Game, Phase
from watan.engine.topology import TILE_CRITERIA
from watan.players import STRATEGIES, UnknownStrategy, seat_generator, strategy
from watan.players.computer import Strategy
from watan.players.table import StrategyError, Table, play

BLUE, RED, ORANGE, YELLOW = Colour.BLUE, Colour.RED, Colour.ORANGE, Colour.YELLOW
NAMES = tuple(STRATEGIES)


class Judged:
    """A strategy whose every move is checked against the rules before it is played."""

    def __init__(self, inner: Strategy) -> None:
        self.inner = inner

    def move(self, game: Game) -> Move:
        move = self.inner.move(game)
        if isinstance(move, Offer):
            assert offer_refusal(game, move.partner, move.give, move.take) is None, move
        else:
            assert refusal(game, move) is None, (self.inner.name, move, game.phase)
        return move

    def answer(self, game: Game, offer: Offer) -> bool:
        accepted = self.inner.answer(game, offer)
        assert not accepted or game.students[offer.partner].resources[offer.take] > 0
        return accepted

    def refused(self, game: Game, command: AnyCommand, refusal: Refusal) -> None:
        self.inner.refused(game, command, refusal)


def a_game(
    seed: int, seats: tuple[str, ...], rules: str, turns: int
) -> tuple[Game, list[AnyEvent]]:
    """Play a seeded game of `seats` for at most `turns` turns; return it and its events."""
    rng = random.Random(seed)
    played = edition(rules)
    header = GameStarted(
        edition=played.name, rules=played.rules, seed=seed, board=random_board(rng)
    )
    game = start(header)
    events: list[AnyEvent] = []

    def seat(colour: Colour, name: str) -> Judged:
        return Judged(strategy(seats[colour], seat_generator(seed, 1, colour)))

    def heard(_: Game, happened: tuple[AnyEvent, ...], __: Game) -> None:
        events.extend(happened)

    return play(game, Table(seat), rng, heard, turns), events


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    seats=st.tuples(*(st.sampled_from(NAMES) for _ in COLOURS)),
    rules=st.sampled_from(["watan", "constructor"]),
)
def test_no_strategy_ever_gives_a_command_the_rules_refuse(
    seed: int, seats: tuple[str, ...], rules: str
) -> None:
    game, _ = a_game(seed, seats, rules, turns=120)
    assert game.phase is Phase.OVER or game.phase is not Phase.SETUP


@pytest.mark.parametrize("name", NAMES)
def test_a_strategy_plays_the_same_game_from_the_same_seed(name: str) -> None:
    seats = (name, "greedy", name, "random")
    assert a_game(7, seats, "watan", 60) == a_game(7, seats, "watan", 60)


def test_a_strategy_that_chooses_a_refused_move_is_a_fault_not_a_game(sample_board: Board) -> None:
    player = strategy("greedy", random.Random(0))
    with pytest.raises(StrategyError, match="greedy strategy chose"):
        player.refused(make_game(sample_board), Roll(), Refusal.INVALID_COMMAND)


def test_a_trade_refused_because_its_partner_could_not_pay_is_no_fault(sample_board: Board) -> None:
    player = strategy("expert", random.Random(0))
    trade = Offer(partner=RED, give=Resource.LAB, take=Resource.STUDY).answered(True)
    player.refused(make_game(sample_board), trade, Refusal.NOT_ENOUGH_RESOURCES)


def test_an_unknown_strategy_is_refused_naming_the_strategies() -> None:
    with pytest.raises(UnknownStrategy) as refused:
        strategy("smart", random.Random(0))
    assert str(refused.value) == "there is no strategy 'smart' (strategies: random, greedy, expert)"


@pytest.mark.parametrize("name", NAMES)
def test_no_strategy_accepts_an_offer_it_cannot_pay(sample_board: Board, name: str) -> None:
    game = make_game(sample_board, resources={BLUE: (0, 5, 0, 0, 0)})
    offer = Offer(partner=RED, give=Resource.LAB, take=Resource.STUDY)
    assert [strategy(name, random.Random(s)).answer(game, offer) for s in range(20)] == [False] * 20


@pytest.mark.parametrize("name", ["greedy", "expert"])
def test_greedy_and_expert_load_their_dice(sample_board: Board, name: str) -> None:
    fair = make_game(sample_board, phase=Phase.BEFORE_ROLL, criteria={34: (BLUE, 1)})
    assert strategy(name, random.Random(0)).move(fair) == ChooseDice(loaded=True)


def test_greedy_rolls_the_value_that_yields_what_its_next_build_lacks(sample_board: Board) -> None:
    # Blue's assignment at 34 touches CAFFEINE 6, TUTORIAL 12 and LECTURE 4 (sample board).
    # Holding one LECTURE and three STUDY, a midterm there (two LECTURE, three STUDY: RULINGS
    # 23) lacks one LECTURE, which 4 brings; a goal would still lack a TUTORIAL.
    loaded = make_game(
        sample_board,
        phase=Phase.BEFORE_ROLL,
        loaded=[BLUE],
        criteria={34: (BLUE, 1)},
        resources={BLUE: (0, 0, 1, 3, 0)},
    )
    assert strategy("greedy", random.Random(0)).move(loaded) == Roll(value=4)


def test_random_keeps_fair_dice(sample_board: Board) -> None:
    game = make_game(sample_board, phase=Phase.BEFORE_ROLL, loaded=[BLUE])
    assert strategy("random", random.Random(0)).move(game) == ChooseDice(loaded=False)


@pytest.mark.parametrize("name", ["greedy", "expert"])
def test_the_geese_go_where_they_hurt_only_others_and_rob_the_one_there(
    sample_board: Board, name: str
) -> None:
    # Red has exams at 27 and 40 and holds resources; Blue (who rolled) has an assignment at 0.
    game = make_game(
        sample_board,
        phase=Phase.GEESE,
        criteria={27: (RED, 3), 40: (RED, 3), 0: (BLUE, 1)},
        resources={RED: (2, 2, 2, 2, 2)},
    )
    move = strategy(name, random.Random(0)).move(game)
    assert isinstance(move, PlaceGeese)
    on_tile = {game.criterion_owner[c] for c in TILE_CRITERIA[move.tile]}
    assert (RED in on_tile, BLUE in on_tile, move.victim) == (True, False, RED)
