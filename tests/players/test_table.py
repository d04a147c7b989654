"""The one loop: each seat's player is asked in turn, offers go to partners, the rules judge."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from replay.folding import fold
from tests.positions import make_game
from watan.engine.commands import AnyCommand, Move, Next, Offer, TakeSeat
from watan.engine.decide import Refusal
from watan.engine.events import AnyEvent, SeatTaken, TradeAccepted, TurnEnded
from watan.engine.evolve import apply
from watan.engine.layout import Board
from watan.engine.resources import Resource
from watan.engine.state import HUMAN, Colour, Game, Phase
from watan.players.table import Table, play

BLUE, RED = Colour.BLUE, Colour.RED


class Scripted:
    """A player that gives the moves it is handed and remembers what it was told."""

    def __init__(self, moves: list[Move], answers: list[bool] | None = None) -> None:
        self.moves: Iterator[Move] = iter(moves)
        self.answers = iter(answers or [])
        self.asked: list[Offer] = []
        self.refusals: list[tuple[AnyCommand, Refusal]] = []

    def move(self, game: Game) -> Move:
        return next(self.moves)

    def answer(self, game: Game, offer: Offer) -> bool:
        self.asked.append(offer)
        return next(self.answers)

    def refused(self, game: Game, command: AnyCommand, refusal: Refusal) -> None:
        self.refusals.append((command, refusal))


Heard = list[tuple[Game, tuple[AnyEvent, ...], Game]]


def played(
    game: Game, seats: dict[tuple[Colour, str], Scripted], turn_cap: int | None = None
) -> tuple[Heard, Game]:
    """Return what the listener heard, and the game when the loop stopped."""
    heard: Heard = []

    def seat(colour: Colour, name: str) -> Scripted:
        return seats[(colour, name)]

    def listen(before: Game, events: tuple[AnyEvent, ...], after: Game) -> None:
        heard.append((before, events, after))

    try:
        last = play(game, Table(seat), random.Random(0), listen, turn_cap)
    except StopIteration:
        last = heard[-1][2] if heard else game
    return heard, last


@pytest.fixture
def rolled(sample_board: Board) -> Game:
    return make_game(sample_board, resources={BLUE: (0, 1, 0, 0, 0), RED: (1, 0, 0, 0, 0)})


def test_an_offer_is_answered_by_the_partners_player_and_becomes_that_trade(rolled: Game) -> None:
    offer = Offer(partner=RED, give=Resource.LAB, take=Resource.CAFFEINE)
    blue, red = Scripted([offer]), Scripted([], answers=[True])
    heard, _ = played(rolled, {(BLUE, HUMAN): blue, (RED, HUMAN): red})
    assert red.asked == [offer]
    assert heard[0][1] == (
        TradeAccepted(proposer=BLUE, partner=RED, give=Resource.LAB, take=Resource.CAFFEINE),
    )


def test_a_refused_command_is_told_to_its_player_and_the_same_seat_is_asked_again(
    rolled: Game,
) -> None:
    offer = Offer(partner=RED, give=Resource.LAB, take=Resource.STUDY)  # Red holds no STUDY
    blue, red = Scripted([offer, Next()]), Scripted([], answers=[True])
    heard, _ = played(rolled, {(BLUE, HUMAN): blue, (RED, HUMAN): red})
    trade = offer.answered(True)
    assert blue.refusals == [(trade, Refusal.NOT_ENOUGH_RESOURCES)]
    assert [events for _, events, _ in heard] == [(TurnEnded(colour=BLUE),)]


def test_the_listener_hears_every_command_with_the_game_before_and_after_it(rolled: Game) -> None:
    blue, red = Scripted([Next()]), Scripted([])
    heard, _ = played(rolled, {(BLUE, HUMAN): blue, (RED, HUMAN): red})
    (before, events, after), = heard
    assert (before, after) == (rolled, fold(apply, rolled, events))
    assert after.turn is RED and after.phase is Phase.BEFORE_ROLL


def test_a_seat_handed_over_is_played_by_its_new_player_from_the_next_question(
    rolled: Game,
) -> None:
    person = Scripted([TakeSeat(colour=BLUE, player="greedy")])
    computer = Scripted([Next()])
    red = Scripted([])
    heard, last = played(
        rolled, {(BLUE, HUMAN): person, (BLUE, "greedy"): computer, (RED, HUMAN): red}
    )
    assert [events for _, events, _ in heard] == [
        (SeatTaken(colour=BLUE, player="greedy"),),
        (TurnEnded(colour=BLUE),),
    ]
    assert last.seats[BLUE] == "greedy"


def test_the_loop_stops_at_the_turn_cap(rolled: Game) -> None:
    seats = {(colour, HUMAN): Scripted([Next()] * 3) for colour in Colour}
    heard, last = played(rolled, seats, turn_cap=1)
    assert (len(heard), last.turn, last.phase) == (1, RED, Phase.BEFORE_ROLL)


def test_a_trade_the_rules_accept_leaves_both_players_even(rolled: Game) -> None:
    offer = Offer(partner=RED, give=Resource.LAB, take=Resource.CAFFEINE)
    heard, _ = played(
        rolled, {(BLUE, HUMAN): Scripted([offer]), (RED, HUMAN): Scripted([], answers=[True])}
    )
    after = heard[0][2]
    assert (after.students[BLUE].resources, after.students[RED].resources) == (
        (1, 0, 0, 0, 0),
        (0, 1, 0, 0, 0),
    )
