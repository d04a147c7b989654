"""The table: a player in every seat, and the one loop that plays a game.

Every way of playing goes through `play`: the game at the terminal (people
and shown computers), `watan simulate` (computers alone) and the tests'
recordings (scripted people).  The loop asks the player in the current seat
for its next whole command; an offer goes to the partner's player for its
answer; `decide` judges the command and draws its random outcomes; the
events are folded into the game and handed to the listener (which keeps the
journal and says what the spec prints).  So every kind of player follows
the same legal sequence of actions (spec §6, question 4), and who sits in a
seat can change mid-game by a command like any other (`TakeSeat`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from replay.folding import fold
from watan.engine.commands import AnyCommand, Move, Offer
from watan.engine.decide import RandomChance, Refusal, Refused, decide_with
from watan.engine.events import AnyEvent, TurnEnded
from watan.engine.evolve import apply
from watan.engine.members import OVER
from watan.engine.state import Colour, Game


class Player(Protocol):
    """Whoever plays a seat: a person at the terminal, a computer strategy, a test's script."""

    def move(self, game: Game) -> Move:
        """Return the student's next whole command, or an offer for the partner to answer.

        Called only when it is this seat's turn to act: setup, the turn, the geese.
        """
        ...

    def answer(self, game: Game, offer: Offer) -> bool:
        """Return whether this seat accepts `offer`, made to it by the current student."""
        ...

    def refused(self, game: Game, command: AnyCommand, refusal: Refusal) -> None:
        """Hear that the rules refused this seat's `command` (a trade its partner cannot pay)."""
        ...


Listener = Callable[[Game, tuple[AnyEvent, ...], Game], None]
"""Hears each command's events with the game before and after them."""


class Table:
    """Who sits where: each seat's player, made when first needed for the name the game gives.

    The game says who plays each seat (`Game.seats`: `human` or a strategy's
    name), so a seat handed over by a `TakeSeat` command is played by its new
    player from the next question on.
    """

    def __init__(self, seat: Callable[[Colour, str], Player]) -> None:
        self._seat = seat
        self._players: dict[tuple[Colour, str], Player] = {}
        self._seated: list[tuple[str, Player] | None] = [None] * len(Colour)

    def player(self, game: Game, colour: Colour) -> Player:
        """Return the player who answers for `colour` now."""
        name = game.seats[colour]
        seated = self._seated[colour]
        if seated is not None and seated[0] == name:
            return seated[1]
        key = (colour, name)
        found = self._players.get(key)
        if found is None:
            found = self._players[key] = self._seat(*key)
        self._seated[colour] = (name, found)
        return found


def play(
    game: Game,
    table: Table,
    rng: random.Random,
    listener: Listener,
    turn_cap: int | None = None,
    *,
    until: Callable[[Game], bool] | None = None,
) -> Game:
    """Play `game` until someone wins (or `turn_cap` turns end, or `until` says so at the end
    of a turn); return the game then.

    Random outcomes are drawn from `rng`.  Whatever a player raises (end of
    input, an interrupt) ends the loop with every command before it already
    heard by the listener.
    """
    turns = 0
    seated = table.player
    chance = RandomChance(rng)
    while game.phase is not OVER:
        player = seated(game, game.turn)
        move = player.move(game)
        if isinstance(move, Offer):
            move = move.answered(seated(game, move.partner).answer(game, move))
        try:
            events = decide_with(game, move, chance)
        except Refused as refused:
            player.refused(game, move, refused.refusal)
            continue
        after = fold(apply, game, events)
        listener(game, events, after)
        game = after
        if events and type(events[0]) is TurnEnded:  # `next`: a turn ended
            turns += 1
            if (turn_cap is not None and turns >= turn_cap) or (until is not None and until(game)):
                break
    return game


class StrategyError(Exception):
    """A computer player gave a command the rules refuse: a fault in the strategy."""
