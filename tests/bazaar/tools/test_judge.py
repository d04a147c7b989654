"""The judge: every command's events checked against the rules, with the draws they recorded."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from bazaar.definition import BAZAAR
from bazaar.engine.commands import Act, Decline, Move
from bazaar.engine.events import (
    ActionDeclined,
    ActionRefused,
    AnyEvent,
    BlackMarketDealt,
    CasinoPlayed,
    GameResumed,
    GameStarted,
    GameWon,
    GoodsBought,
    OthersPaid,
    PlayerMoved,
    RubyBought,
    Shortfall,
    TurnEnded,
)
from bazaar.engine.state import Good, Phase, Position
from bazaar.engine.tiles import Direction, Square
from bazaar.tools.judge import RecordedChance, command_of, continues, header_problem, verdict
from bazaar.tools.simulate import play_game
from replay.auditing import Problem, audit, commands
from replay.protocol import Verdict
from tests.bazaar.games import BOARD, acting, at, game, merchant

S, F, J = Good.SPICE, Good.FABRIC, Good.JEWELS
PLAYED = play_game(0, 17, ("greedy", "greedy", "random"), (6, 6), 400)


def test_a_played_game_passes_and_folds_to_the_live_game() -> None:
    checked = audit(BAZAAR, PLAYED.header, PLAYED.events)
    assert (checked.problem, checked.state) == (None, PLAYED.game)


def test_commands_are_a_move_or_an_answer_each_with_its_end() -> None:
    events: list[AnyEvent] = [
        PlayerMoved(player=0, direction=Direction.UP, square=Square(1)),
        OthersPaid(player=0, payees=(1,)),
        GoodsBought(player=0, good=S, amount=3, price=2),
        TurnEnded(player=0),
        GameResumed(seed=3),
        PlayerMoved(player=1, direction=Direction.DOWN, square=Square(13)),
        TurnEnded(player=1),
        PlayerMoved(player=0, direction=Direction.UP, square=Square(11)),
        ActionDeclined(player=0),
        TurnEnded(player=0),
    ]
    runs = list(commands(events, continues))
    assert [len(run) for run in runs] == [1, 3, 1, 2, 1, 2]
    assert [command_of(run) for run in runs] == [
        Move(direction=Direction.UP),
        Act(),
        None,
        Move(direction=Direction.DOWN),
        Move(direction=Direction.UP),
        Decline(),
    ]


def test_recorded_draws_are_handed_back_and_impossible_ones_named() -> None:
    run = (CasinoPlayed(player=0, price=1, won=3), TurnEnded(player=0))
    assert RecordedChance(run).casino() == 3
    at_casino = acting("CAS")
    bad = (CasinoPlayed(player=0, price=1, won=4), TurnEnded(player=0))
    assert verdict(at_casino, bad) == Verdict(
        0, "Ann bet 1 gold at the casino and won 4: the casino pays 0, 2, 3 or 10 gold, not 4"
    )
    at_market = acting("BLK")
    six = (S,) * 6
    dealt = BlackMarketDealt(player=0, price=1, drawn=six, received=(6, 0, 0))
    greedy = (dealt, TurnEnded(player=0))
    assert verdict(at_market, greedy) == Verdict(
        0,
        "Ann paid 1 gold at the black market: drew 6 spice, kept 6 spice: "
        "the black market draws at most 5 goods",
    )


def test_received_goods_must_be_the_first_that_fit() -> None:
    nearly_full = acting("BLK", goods=(3, 3, 2))
    dealt = BlackMarketDealt(player=0, price=1, drawn=(S, F), received=(0, 1, 0))
    wrong = (dealt, TurnEnded(player=0))
    found = verdict(nearly_full, wrong)
    assert found is not None and found.index == 0
    assert found.problem.startswith("the rules give 'Ann paid 1 gold at the black market: drew")


@pytest.mark.parametrize(
    ("state", "run", "expected"),
    [
        (
            game(merchant("Ann", 0), merchant("Bob")),
            (PlayerMoved(player=0, direction=Direction.UP, square=Square(0)), TurnEnded(player=0)),
            Verdict(
                0,
                "Ann moved up to row 1, column 1 (Restaurant): that move leaves the board",
            ),
        ),
        (
            game(merchant("Ann", 0), merchant("Bob")),
            (PlayerMoved(player=0, direction=Direction.RIGHT, square=Square(2)),),
            Verdict(
                0,
                "the rules give 'Ann moved right to row 1, column 2 (Spice merchant)' here, "
                "not 'Ann moved right to row 1, column 3 (Fabric manufacturer)'",
            ),
        ),
        (
            acting("GEM", gold=11),
            (RubyBought(player=0, price=12), TurnEnded(player=0)),
            Verdict(
                0,
                "the rules give 'Ann could not act (gold)' here, "
                "not 'Ann bought a ruby for 12 gold'",
            ),
        ),
        (
            acting("GEM", gold=20, rubies=4, gems=4),
            (RubyBought(player=0, price=16), TurnEnded(player=0)),
            Verdict(1, "the rules give 'Ann won' here, not \"Ann's move ended\""),
        ),
        (
            acting("SPI", merchant("Bob", at("SPI"))),
            (GoodsBought(player=0, good=S, amount=3, price=2), TurnEnded(player=0)),
            Verdict(
                0,
                "the rules give 'Ann paid 1 gold to Bob' here, not 'Ann bought 3 spice for 2 gold'",
            ),
        ),
        (
            game(merchant("Ann"), merchant("Bob")),
            (ActionDeclined(player=0), TurnEnded(player=0)),
            Verdict(0, "Ann declined the action: not possible at this point of the game"),
        ),
        (
            game(merchant("Ann"), merchant("Bob")),
            (TurnEnded(player=0),),
            Verdict(0, "Ann's move ended does not follow the command it belongs to"),
        ),
        (
            acting("SPI", goods=(3, 3, 3)),
            (ActionRefused(player=0, shortfall=Shortfall.GOLD), TurnEnded(player=0)),
            Verdict(
                0, "the rules give 'Ann could not act (room)' here, not 'Ann could not act (gold)'"
            ),
        ),
    ],
)
def test_a_run_the_rules_do_not_give_is_caught_at_its_first_wrong_event(
    state: object, run: tuple[AnyEvent, ...], expected: Verdict
) -> None:
    assert verdict(state, run) == expected  # type: ignore[arg-type]


def test_a_resumption_is_a_command_of_its_own_that_changes_nothing() -> None:
    assert verdict(game(merchant("Ann"), merchant("Bob")), (GameResumed(seed=1),)) is None


def test_a_damaged_journal_is_caught_where_the_damage_is() -> None:
    events = list(PLAYED.events)
    index = next(i for i, e in enumerate(events) if isinstance(e, GoodsBought))
    bought = events[index]
    assert isinstance(bought, GoodsBought)
    events[index] = replace(bought, amount=bought.amount + 1)
    checked = audit(BAZAAR, PLAYED.header, events)
    assert checked.problem is not None and checked.problem.event == index + 1


def test_a_header_with_a_board_the_factory_never_deals_is_refused() -> None:
    header = GameStarted(seed=1, board=replace(BOARD, rows=3), names=("Ann", "Bob"))
    assert audit(BAZAAR, header, ()).problem == Problem(
        0, "a board is 4x4 to 30x30, not 3x4"
    )


@pytest.mark.parametrize(
    ("header", "problem"),
    [
        (GameStarted(seed=1, board=BOARD, names=("Ann",)), "2 to 6 players play, not 1"),
        (
            GameStarted(
                seed=1,
                board=BOARD,
                names=("Ann", "Bob"),
                loaded=Position(
                    turn=0, phase=Phase.MOVE, merchants=(merchant("Ann"), merchant("Cy"))
                ),
            ),
            "the loaded players are not the header's names",
        ),
        (
            GameStarted(
                seed=1,
                board=BOARD,
                names=("Ann", "Bob"),
                loaded=Position(
                    turn=0,
                    phase=Phase.MOVE,
                    merchants=(merchant("Ann", gold=-1), merchant("Bob")),
                ),
            ),
            "the loaded position: Ann holds a negative amount of gold",
        ),
    ],
)
def test_a_header_no_game_begins_with_is_named(header: GameStarted, problem: str) -> None:
    assert header_problem(header) == problem


def test_a_win_is_the_end_of_the_last_command() -> None:
    run = (RubyBought(player=0, price=16), GameWon(player=0))
    assert not continues(run, TurnEnded(player=0))
