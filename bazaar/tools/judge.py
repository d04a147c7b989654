"""Checking a Bazaar journal against the rules: could these events really have happened?

Each run of events one command produced (a move and perhaps its turn's end; an action
with its payment and its end) is turned back into the command, which `decide` judges
again with the random outcomes the run recorded.  The events must be exactly the ones
the rules give, so an event out of order, one that breaks a rule, or one altered by hand
is caught where it happens, by the same code that refuses it during play.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import assert_never

from bazaar.engine.commands import Act, AnyCommand, Decline, Move
from bazaar.engine.decide import (
    BLACK_MARKET_MOST,
    CASINO_WINNINGS,
    Refusal,
    Refused,
    decide_with,
)
from bazaar.engine.events import (
    ActionDeclined,
    ActionRefused,
    AnyEvent,
    BlackMarketDealt,
    CartEnlarged,
    CasinoPlayed,
    FoodReplenished,
    GameResumed,
    GameStarted,
    GameWon,
    GoodsBought,
    GoodsSold,
    OthersPaid,
    PlayerMoved,
    RubyBought,
    RubyExchanged,
    TurnEnded,
)
from bazaar.engine.evolve import start
from bazaar.engine.invariants import broken
from bazaar.engine.players import names_problem
from bazaar.engine.state import Game, Good, Position
from bazaar.engine.tiles import board_problem
from bazaar.files.savefile import position_problem
from bazaar.text.describe import describe_event
from replay.auditing import compare_runs
from replay.protocol import Verdict

_REASONS = {
    Refusal.NOT_NOW: "not possible at this point of the game",
    Refusal.OFF_THE_BOARD: "that move leaves the board",
}


class _Impossible(Exception):
    """A recorded random outcome no draw gives, and which event of the run holds it."""

    def __init__(self, problem: str, index: int) -> None:
        super().__init__(problem)
        self.problem, self.index = problem, index


class RecordedChance:
    """The random outcomes one command's events recorded, handed back when the rules ask."""

    def __init__(self, events: Iterable[AnyEvent]) -> None:
        self._draws: list[tuple[int, BlackMarketDealt | CasinoPlayed]] = [
            (index, event)
            for index, event in enumerate(events)
            if isinstance(event, BlackMarketDealt | CasinoPlayed)
        ]

    def black_market(self) -> tuple[Good, ...]:
        index, event = self._next()
        if not isinstance(event, BlackMarketDealt):
            raise _Impossible("the black market's draw is missing", index)
        if len(event.drawn) > BLACK_MARKET_MOST:
            raise _Impossible(f"the black market draws at most {BLACK_MARKET_MOST} goods", index)
        return event.drawn

    def casino(self) -> int:
        index, event = self._next()
        if not isinstance(event, CasinoPlayed):
            raise _Impossible("the casino's draw is missing", index)
        if event.won not in CASINO_WINNINGS:
            raise _Impossible(f"the casino pays 0, 2, 3 or 10 gold, not {event.won}", index)
        return event.won

    def _next(self) -> tuple[int, BlackMarketDealt | CasinoPlayed]:
        if not self._draws:
            raise _Impossible("an action of chance without its draw", 0)
        return self._draws.pop(0)


def command_of(run: tuple[AnyEvent, ...]) -> AnyCommand | None:
    """Return the command whose events these are (the first one says which), or None."""
    first = run[0]
    match first:
        case PlayerMoved(direction=direction):
            return Move(direction=direction)
        case ActionDeclined():
            return Decline()
        case (
            OthersPaid()
            | ActionRefused()
            | FoodReplenished()
            | GoodsBought()
            | CartEnlarged()
            | GoodsSold()
            | BlackMarketDealt()
            | CasinoPlayed()
            | RubyBought()
            | RubyExchanged()
        ):
            return Act()
        case TurnEnded() | GameWon() | GameResumed():
            return None
        case _:
            assert_never(first)


_ENDS = (TurnEnded, GameWon)
_ACTIONS = (
    FoodReplenished,
    GoodsBought,
    CartEnlarged,
    GoodsSold,
    BlackMarketDealt,
    CasinoPlayed,
    RubyBought,
    RubyExchanged,
)


def continues(run: Sequence[AnyEvent], event: AnyEvent) -> bool:
    """Return whether `event` belongs to the same command as the events of `run`.

    A move's or an answer's run closes with the end of the move; an action follows the
    payment to the others it was paid for.
    """
    last = run[-1]
    if isinstance(last, (*_ENDS, GameResumed)):
        return False
    if isinstance(event, _ENDS):
        return True
    return isinstance(last, OthersPaid) and isinstance(event, _ACTIONS)


def verdict(game: Game, run: tuple[AnyEvent, ...]) -> Verdict | None:
    """Return None when the rules give exactly `run` in `game`; else which event and why."""

    def said(event: AnyEvent) -> str:
        return describe_event(tuple(m.name for m in game.merchants), game.board, event)

    command = command_of(run)
    if command is None:
        if isinstance(run[0], GameResumed):
            return None
        return Verdict(0, f"{said(run[0])} does not follow the command it belongs to")
    try:
        expected = decide_with(game, command, RecordedChance(run))
    except Refused as refused:
        return Verdict(0, f"{said(run[0])}: {_REASONS[refused.refusal]}")
    except _Impossible as impossible:
        return Verdict(impossible.index, f"{said(run[impossible.index])}: {impossible.problem}")
    return compare_runs(expected, run, said)


def header_problem(header: GameStarted) -> str | None:
    """Return what is wrong with a header's board, players or loaded position, or None."""
    problem = board_problem(header.board)
    if problem is not None:
        return problem
    if header.loaded is None:
        return names_problem(header.names)
    loaded: Position = header.loaded
    if tuple(m.name for m in loaded.merchants) != header.names:
        return "the loaded players are not the header's names"
    problem = position_problem(header.board, loaded)
    if problem is not None:
        return f"the loaded position: {problem}"
    return broken(start(header))
