"""Win chances from the engine playing on: a position, and each move from it.

A position is valued by playing the game on, on the real rules (`decide`, then `apply`),
every student played by `greedy`, for `horizon` turns more (setup's placements first, if
it is not over), and then asking `master`'s learnt value of a position what each student's
chance is there, tempered for the stage of the game (`tempering`); a game won on the way
reads 1 for its winner.  Each of `samples` playouts draws its dice and its choices from a
generator seeded by the analysis seed, the step and the playout's number, so the same
journal, options and seed give the same figures; every move from one position is played
out with the same generators (common random numbers), so that their differences are not
the dice's.

Valuing a move is valuing the position it leaves, played on the same way: every move is
then compared where its consequences have played out, and ending the turn is not taken for
a loss against a move that merely postpones it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from replay import analysis
from replay.analysis import Chances, Horizon
from watan.engine.commands import AnyCommand, ChooseDice, Next, Offer, Trade
from watan.engine.members import OVER, SETUP
from watan.engine.moves import legal_commands, tried
from watan.engine.state import COLOURS, Game
from watan.players.greedy import GreedyPlayer
from watan.tools.analysis.tempering import valued

STEPS_A_TURN: Final = 200
"""Commands a playout plays at most for each turn of its horizon: far more than a turn takes
(greedy offers a few trades and builds what it can), so that no playout runs on for ever."""
_NEXT = Next()
_ANSWERER = GreedyPlayer(random.Random(0))
"""How a partner answers an offer among the moves tried: as greedy does (it draws nothing)."""



def try_command(game: Game, command: AnyCommand, rng: random.Random) -> Game | None:
    """Return the game after `command` on the real rules, or None if they refuse it
    (`moves.tried`, as `replay.analysis` asks it of a game)."""
    return tried(game, command, rng)


def played_on(game: Game, rng: random.Random, turns: int = 1) -> Game:
    """Return the game once every student, played by greedy, has played `turns` turns more
    (the setup's placements first, which count for none), or to its end."""
    model = [GreedyPlayer(random.Random(rng.random())) for _ in COLOURS]
    ended = 0
    for _ in range(STEPS_A_TURN * (turns + 1)):
        if game.phase is OVER or ended >= turns:
            break
        move = model[game.turn].move(game)
        if isinstance(move, Offer):
            move = move.answered(model[move.partner].answer(game, move))
        after = try_command(game, move, rng) or try_command(game, _NEXT, rng)
        if after is None:
            break
        ended += after.turn != game.turn and game.phase is not SETUP
        game = after
    return game


def playing_on(turn: int, horizon: Horizon) -> analysis.PlayOn[Game]:
    """Return how a position of turn `turn` is valued: played on `horizon.turns` turns by
    greedy, then valued by master's learnt value, tempered (`tempering.valued`)."""

    def play_on(game: Game, rng: random.Random) -> Chances:
        return valued(played_on(game, rng, horizon.turns), horizon.turns, turn)

    return play_on


def position(game: Game, *, turn: int, seed: int, step: int, horizon: Horizon) -> Chances:
    """Return each student's chance to win from `game` (at `step`, in turn `turn`)."""
    if game.phase is OVER:
        return valued(game, horizon.turns, turn)
    return analysis.position(
        game, playing_on(turn, horizon), seed=seed, step=step, samples=horizon.samples
    )


def move_value(
    game: Game, command: AnyCommand, *, turn: int, seed: int, step: int, horizon: Horizon
) -> Chances | None:
    """Return each student's chance to win once `command` is played from `game` (at `step`,
    in turn `turn`) and the game played on; None if the rules refuse it."""
    found = moves_valued(game, [command], turn=turn, seed=seed, step=step, horizon=horizon)
    return found[0][1] if found else None


def candidates(game: Game, played: AnyCommand | None = None) -> list[AnyCommand]:
    """Return the moves worth comparing at `game`: every command the rules allow, an offer
    answered as its partner would answer it (greedy's answer: an offer no partner takes
    changes nothing, nor does choosing the dice already chosen), and the move played, if
    one was, first."""
    found: list[AnyCommand] = [] if played is None else [played]
    held = game.students[game.turn].loaded_dice
    for command in legal_commands(game):
        if isinstance(command, ChooseDice) and command.loaded == held:
            continue
        if isinstance(command, Trade):
            offer = Offer(partner=command.partner, give=command.give, take=command.take)
            if not command.accepted or not _ANSWERER.answer(game, offer):
                continue
        if command != played:
            found.append(command)
    return found


def moves_valued(
    game: Game, commands: Sequence[AnyCommand], *, turn: int, seed: int, step: int, horizon: Horizon
) -> list[tuple[AnyCommand, Chances]]:
    """Return each of `commands` the rules allow from `game` with the chances once it is
    played and the game played on (`replay.analysis.moves_valued`), in their order."""
    return analysis.moves_valued(
        game,
        commands,
        try_command,
        playing_on(turn, horizon),
        seed=seed,
        step=step,
        samples=horizon.samples,
    )

