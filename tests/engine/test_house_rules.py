"""The house rules as `decide` plays them: each rule of `../shared/spec/house-rules.md`.

Positions are on the spec's Figure 1 board (`sample-board.txt`): tile 4 is its NETFLIX
tile and tile 9 (CAFFEINE 2) has criteria 20, 21, 26, 27, 32 and 33.  Every expected event
is worked out by hand from the rulings.
"""

from __future__ import annotations

import random

import pytest
from msgspec.structs import replace

from replay.folding import fold
from tests.conftest import CONSTRUCTOR, WATAN
from tests.positions import make_game
from watan.engine.commands import (
    AnyCommand,
    BuyCard,
    PlayKnight,
    PlayMonopoly,
    PlayPoint,
    Roll,
    Trade,
    TradeWithBank,
)
from watan.engine.decide import Refusal, Refused, decide
from watan.engine.events import (
    AnyEvent,
    BankTraded,
    CardBought,
    DiceRolled,
    GameWon,
    KnightPlayed,
    MonopolyPlayed,
    PointPlayed,
    ResourcesLost,
    ResourceStolen,
)
from watan.engine.evolve import apply
from watan.engine.layout import Board, tile
from watan.engine.moves import legal_commands
from watan.engine.resources import Resource
from watan.engine.rules import (
    BANK_TRADE,
    DEV_CARDS,
    GEESE_START_ON_PARK,
    HOUSE_RULES,
    SEVEN_OVER_7,
    STANDARD,
    Card,
    Rules,
    with_house_rules,
)
from watan.engine.state import Colour, Game, Phase, new_game
from watan.engine.topology import TileId

BLUE, RED, ORANGE, YELLOW = Colour.BLUE, Colour.RED, Colour.ORANGE, Colour.YELLOW
CAFFEINE, LAB, LECTURE, STUDY, TUTORIAL, NETFLIX = tuple(Resource)
KNIGHT, VP, MONOPOLY = Card.KNIGHT, Card.VP, Card.MONOPOLY
STANDARD_RULES = with_house_rules(WATAN.rules, [STANDARD])
CARD_COST = (0, 1, 0, 1, 1)
"""One LAB, one STUDY, one TUTORIAL (house-rules.md), in resource order."""


def only(*names: str) -> Rules:
    return with_house_rules(WATAN.rules, names)


def refused(game: Game, command: AnyCommand) -> Refusal:
    with pytest.raises(Refused) as caught:
        decide(game, command, random.Random(0))
    return caught.value.refusal


def played(game: Game, command: AnyCommand, seed: int = 0) -> tuple[AnyEvent, ...]:
    return decide(game, command, random.Random(seed))


# The names --------------------------------------------------------------------------------


def test_standard_is_all_four_house_rules(sample_board: Board) -> None:
    assert STANDARD_RULES.house_rules == HOUSE_RULES == (
        BANK_TRADE, DEV_CARDS, GEESE_START_ON_PARK, SEVEN_OVER_7
    )
    assert with_house_rules(CONSTRUCTOR.rules, [STANDARD]).dice_start_loaded  # its own dice


# Bank trade (ruling 3) --------------------------------------------------------------------


def test_the_bank_takes_four_of_one_resource_for_one_of_another(sample_board: Board) -> None:
    game = make_game(sample_board, resources={BLUE: (4, 0, 0, 0, 0)}, rules=only(BANK_TRADE))
    assert played(game, TradeWithBank(give=CAFFEINE, take=STUDY)) == (
        BankTraded(colour=BLUE, give=CAFFEINE, take=STUDY, rate=4),
    )
    after = fold(apply, game, played(game, TradeWithBank(give=CAFFEINE, take=STUDY)))
    assert after.students[BLUE].resources == (0, 0, 0, 1, 0)


def test_three_of_a_resource_are_not_enough_for_the_bank(sample_board: Board) -> None:
    game = make_game(sample_board, resources={BLUE: (3, 9, 9, 9, 9)}, rules=only(BANK_TRADE))
    assert refused(game, TradeWithBank(give=CAFFEINE, take=STUDY)) is Refusal.NOT_ENOUGH_RESOURCES


@pytest.mark.parametrize(
    ("give", "take"), [(CAFFEINE, CAFFEINE), (NETFLIX, LAB), (LAB, NETFLIX)]
)
def test_the_bank_gives_a_different_held_resource(
    sample_board: Board, give: Resource, take: Resource
) -> None:
    game = make_game(sample_board, resources={BLUE: (9, 9, 9, 9, 9)}, rules=only(BANK_TRADE))
    assert refused(game, TradeWithBank(give=give, take=take)) is Refusal.INVALID_COMMAND


def test_the_bank_trades_only_after_the_roll_and_only_with_the_rule(sample_board: Board) -> None:
    rich = {BLUE: (9, 9, 9, 9, 9)}
    before = make_game(
        sample_board, resources=rich, phase=Phase.BEFORE_ROLL, rules=only(BANK_TRADE)
    )
    plain = make_game(sample_board, resources=rich)
    trade = TradeWithBank(give=CAFFEINE, take=STUDY)
    assert (refused(before, trade), refused(plain, trade)) == (Refusal.INVALID_COMMAND,) * 2


# Development cards (rulings 4 and 5) ------------------------------------------------------


def test_a_card_is_the_decks_top_one_paid_for_after_the_roll(sample_board: Board) -> None:
    game = replace(
        make_game(sample_board, resources={BLUE: CARD_COST}, rules=only(DEV_CARDS)),
        deck=(MONOPOLY, KNIGHT),
    )
    assert played(game, BuyCard()) == (CardBought(colour=BLUE, card=MONOPOLY, cost=CARD_COST),)
    before = replace(game, phase=Phase.BEFORE_ROLL)
    assert refused(before, BuyCard()) is Refusal.INVALID_COMMAND


def test_a_card_costs_a_lab_a_study_and_a_tutorial(sample_board: Board) -> None:
    short = {BLUE: (9, 0, 9, 9, 9)}
    game = replace(make_game(sample_board, resources=short, rules=only(DEV_CARDS)), deck=(VP,))
    assert refused(game, BuyCard()) is Refusal.NOT_ENOUGH_RESOURCES


def test_an_empty_deck_sells_no_card_whatever_one_holds(sample_board: Board) -> None:
    game = make_game(sample_board, resources={BLUE: (0, 0, 0, 0, 0)}, rules=only(DEV_CARDS))
    assert refused(replace(game, deck=()), BuyCard()) is Refusal.EMPTY_DECK


def test_without_the_rule_there_are_no_cards_to_buy_or_play(sample_board: Board) -> None:
    game = make_game(sample_board, resources={BLUE: CARD_COST})
    game = replace(game, deck=(KNIGHT,))
    assert [refused(game, c) for c in (BuyCard(), PlayPoint(), PlayMonopoly(resource=LAB))] == [
        Refusal.INVALID_COMMAND
    ] * 3


def holding(board: Board, cards: tuple[int, int, int], **position: object) -> Game:
    """Blue after the roll with `cards`, everyone holding a little, with development cards."""
    game = make_game(
        board,
        resources={BLUE: (1, 0, 0, 0, 0), RED: (0, 2, 1, 0, 0), ORANGE: (0, 3, 0, 0, 0),
                   YELLOW: (0, 0, 0, 0, 4)},
        criteria={20: (RED, 1), 27: (YELLOW, 1), 33: (BLUE, 1)},
        rules=only(DEV_CARDS),
        **position,  # type: ignore[arg-type]
    )
    return replace(game, students=tuple(
        replace(s, cards=cards) if c == BLUE else s for c, s in enumerate(game.students)
    ))


def test_a_card_cannot_be_played_the_turn_it_was_bought(sample_board: Board) -> None:
    game = replace(holding(sample_board, (1, 0, 1)), bought=(1, 0, 1))
    assert refused(game, PlayKnight(tile=3)) is Refusal.CARD_BOUGHT
    assert refused(game, PlayMonopoly(resource=LAB)) is Refusal.CARD_BOUGHT
    older = replace(holding(sample_board, (2, 0, 0)), bought=(1, 0, 0))  # one bought before
    assert played(older, PlayKnight(tile=3)) == (KnightPlayed(colour=BLUE, tile=TileId(3)),)


def test_a_vp_may_be_played_at_once(sample_board: Board) -> None:
    game = replace(holding(sample_board, (0, 1, 0)), bought=(0, 1, 0))
    assert played(game, PlayPoint()) == (PointPlayed(colour=BLUE),)


def test_one_card_a_turn(sample_board: Board) -> None:
    game = replace(holding(sample_board, (1, 1, 1)), card_played=True)
    for card in (PlayKnight(tile=3), PlayMonopoly(resource=LAB), PlayPoint()):
        assert refused(game, card) is Refusal.CARD_PLAYED


def test_a_card_not_held_cannot_be_played(sample_board: Board) -> None:
    game = holding(sample_board, (0, 1, 0))
    assert refused(game, PlayKnight(tile=3)) is Refusal.NO_CARD
    assert refused(game, PlayMonopoly(resource=LAB)) is Refusal.NO_CARD


@pytest.mark.parametrize("phase", [Phase.BEFORE_ROLL, Phase.AFTER_ROLL])
def test_cards_are_played_before_or_after_the_roll_but_not_while_the_geese_wait(
    sample_board: Board, phase: Phase
) -> None:
    assert played(holding(sample_board, (0, 1, 0), phase=phase), PlayPoint())
    waiting = holding(sample_board, (0, 1, 0), phase=Phase.GEESE)
    assert refused(waiting, PlayPoint()) is Refusal.INVALID_COMMAND


def test_a_monopoly_takes_every_unit_of_one_resource_from_every_other_player(
    sample_board: Board,
) -> None:
    game = holding(sample_board, (0, 0, 1))
    assert played(game, PlayMonopoly(resource=LAB)) == (
        MonopolyPlayed(colour=BLUE, resource=LAB, taken=(0, 2, 3, 0)),
    )
    after = fold(apply, game, played(game, PlayMonopoly(resource=LAB)))
    assert [s.resources for s in after.students] == [
        (1, 5, 0, 0, 0), (0, 0, 1, 0, 0), (0, 0, 0, 0, 0), (0, 0, 0, 0, 4)
    ]
    assert refused(game, PlayMonopoly(resource=NETFLIX)) is Refusal.INVALID_COMMAND


def test_a_knight_moves_the_geese_and_steals_with_no_losses(sample_board: Board) -> None:
    # Yellow holds only TUTORIAL, so the unit stolen on tile 9 is one; Orange holds 3 and
    # Yellow 4, but a knight takes nothing from anyone holding many (ruling 5).
    rich = holding(sample_board, (1, 0, 0), phase=Phase.BEFORE_ROLL)
    rich = replace(rich, students=tuple(
        replace(s, resources=(5, 5, 0, 0, 0)) if c == ORANGE else s
        for c, s in enumerate(rich.students)
    ))
    knight = PlayKnight(tile=9, victim=YELLOW)
    assert played(rich, knight) == (
        KnightPlayed(colour=BLUE, tile=TileId(9)),
        ResourceStolen(thief=BLUE, victim=YELLOW, resource=TUTORIAL),
    )
    after = fold(apply, rich, played(rich, knight))
    assert (after.geese, after.phase, after.card_played) == (9, Phase.BEFORE_ROLL, True)
    assert after.students[ORANGE].resources == (5, 5, 0, 0, 0)


def test_a_knight_robs_as_a_seven_does(sample_board: Board) -> None:
    game = holding(sample_board, (1, 0, 0))
    assert refused(game, PlayKnight(tile=9)) is Refusal.VICTIM  # Red and Yellow are there
    assert refused(game, PlayKnight(tile=9, victim=ORANGE)) is Refusal.VICTIM
    assert refused(replace(game, geese=9), PlayKnight(tile=9)) is Refusal.GEESE_TILE
    assert played(game, PlayKnight(tile=3)) == (KnightPlayed(colour=BLUE, tile=TileId(3)),)


def test_a_vp_played_counts_toward_the_win(sample_board: Board) -> None:
    # Blue: two exams and a midterm and an assignment make 9; a vp played makes 10.
    game = make_game(
        sample_board,
        criteria={0: (BLUE, 3), 10: (BLUE, 3), 30: (BLUE, 2), 45: (BLUE, 1)},
        rules=only(DEV_CARDS),
    )
    game = replace(game, students=tuple(
        replace(s, cards=(0, 1, 0)) if c == BLUE else s for c, s in enumerate(game.students)
    ))
    assert played(game, PlayPoint()) == (PointPlayed(colour=BLUE), GameWon(colour=BLUE))
    after = fold(apply, game, played(game, PlayPoint()))
    assert (after.phase, after.winner, after.students[BLUE].played_points) == (
        Phase.OVER, BLUE, 1
    )


def test_the_legal_moves_hold_every_card_and_bank_trade_the_rules_allow(
    sample_board: Board,
) -> None:
    game = replace(holding(sample_board, (0, 1, 1)), rules=STANDARD_RULES, deck=(KNIGHT,))
    game = replace(game, students=tuple(
        replace(s, resources=(4, 1, 0, 1, 1)) if c == BLUE else s
        for c, s in enumerate(game.students)
    ))
    legal = legal_commands(game)
    house = [c for c in legal if not isinstance(c, Trade)]
    assert [TradeWithBank(give=CAFFEINE, take=t) for t in (LAB, LECTURE, STUDY, TUTORIAL)] == [
        c for c in house if isinstance(c, TradeWithBank)
    ]
    assert BuyCard() in legal and PlayPoint() in legal
    assert [c for c in legal if isinstance(c, PlayMonopoly)] == [
        PlayMonopoly(resource=r) for r in (CAFFEINE, LAB, LECTURE, STUDY, TUTORIAL)
    ]
    assert not any(isinstance(c, PlayKnight) for c in legal)  # Blue holds no knight


# The standard seven (ruling 6) ------------------------------------------------------------


@pytest.mark.parametrize(("held", "lost"), [(7, None), (8, 4), (9, 4), (10, 5)])
def test_with_seven_over_7_holding_more_than_seven_loses_half(
    sample_board: Board, held: int, lost: int | None
) -> None:
    game = make_game(
        sample_board, phase=Phase.BEFORE_ROLL, loaded=[BLUE],
        resources={RED: (held, 0, 0, 0, 0)}, rules=only(SEVEN_OVER_7),
    )
    losses = [e for e in played(game, Roll(value=7)) if isinstance(e, ResourcesLost)]
    expected = [] if lost is None else [ResourcesLost(colour=RED, lost=(lost, 0, 0, 0, 0))]
    assert losses == expected


def test_without_seven_over_7_eight_or_nine_lose_nothing(sample_board: Board) -> None:
    game = make_game(
        sample_board, phase=Phase.BEFORE_ROLL, loaded=[BLUE], resources={RED: (9, 0, 0, 0, 0)}
    )
    assert played(game, Roll(value=7)) == (DiceRolled(colour=BLUE, roll=7),)


# The geese's first tile (ruling 7) --------------------------------------------------------


def test_with_geese_start_on_park_the_geese_start_on_the_first_park_tile(
    sample_board: Board,
) -> None:
    assert new_game(sample_board, only(GEESE_START_ON_PARK)).geese == 4  # Figure 1's NETFLIX
    assert new_game(sample_board, WATAN.rules).geese == -1  # RULINGS 8
    two_parks = (*sample_board[:2], tile(NETFLIX, 7), *sample_board[3:4], *sample_board[4:])
    assert new_game(two_parks, only(GEESE_START_ON_PARK)).geese == 2


def test_a_board_without_a_park_starts_the_geese_off_it(sample_board: Board) -> None:
    no_park = tuple(tile(CAFFEINE, 6) if t.resource is NETFLIX else t for t in sample_board)
    assert new_game(no_park, only(GEESE_START_ON_PARK)).geese == -1
