"""What a browser seat is offered: exactly the commands the rules allow, each with the lines
that type it and its place on the board (issue 26, point 3)."""

from __future__ import annotations

import random

from replay.folding import fold
from tests.conftest import WATAN
from watan.engine.commands import Complete, Offer
from watan.engine.decide import decide, refusal
from watan.engine.events import GameStarted
from watan.engine.evolve import apply, start
from watan.engine.layout import random_board
from watan.engine.moves import legal_commands
from watan.engine.resources import Resource
from watan.engine.state import Colour, Game, Phase
from watan.serve.choices import Choice, choices
from watan.serve.served import whole
from watan.terminal.session import Session


def new_game(seed: int = 3) -> Game:
    board = random_board(random.Random(seed))
    return start(GameStarted(edition="watan", rules=WATAN.rules, seed=seed, board=board))


def test_setup_offers_every_criterion_the_rules_allow_with_its_place() -> None:
    game = new_game()
    allowed = [c.criterion for c in legal_commands(game) if isinstance(c, Complete)]
    assert len(allowed) == len(legal_commands(game)) == 54
    assert choices(game, WATAN) == tuple(
        Choice(lines=(str(n),), place="criterion", number=n) for n in allowed
    )


def test_an_offer_is_answered_yes_or_no() -> None:
    offer = Offer(partner=Colour.RED, give=Resource.CAFFEINE, take=Resource.LAB)
    assert choices(new_game(), WATAN, offer) == (Choice(lines=("yes",)), Choice(lines=("no",)))


def test_each_choice_types_a_command_the_rules_allow_and_no_op_dice_are_left_out() -> None:
    game, rng = new_game(), random.Random(1)
    while game.phase is Phase.SETUP:  # every first placement offered, then the first turn
        move = whole(Session(game=game, edition=WATAN), choices(game, WATAN)[0].lines)
        assert not isinstance(move, (str, Offer))
        game = fold(apply, game, decide(game, move, rng))
    offered = choices(game, WATAN)
    assert [choice.lines for choice in offered] == [("load",), ("roll",)]
    for choice in offered:
        move = whole(Session(game=game, edition=WATAN), choice.lines)
        assert not isinstance(move, (str, Offer)) and refusal(game, move) is None
