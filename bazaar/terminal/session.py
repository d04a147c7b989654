"""The conversation at the terminal, as a pure state machine.

`prompt` says what to print before reading a line; `respond` turns the line into output,
the events the game records, and anything the console must do (save and pause).  The
set-up questions (names and size) come first, through `read_names` and `read_size`.
Nothing here reads, prints or touches a file: `bazaar.terminal.console` does.
"""

from __future__ import annotations

import random
import re

import msgspec

from bazaar.engine.commands import Act, AnyCommand, Decline, Move
from bazaar.engine.decide import Refusal, Refused, can_act, decide
from bazaar.engine.events import (
    ActionRefused,
    AnyEvent,
    GameWon,
    OthersPaid,
    PlayerMoved,
    TurnEnded,
)
from bazaar.engine.evolve import apply
from bazaar.engine.players import names_problem, parse_names
from bazaar.engine.state import Game, Phase
from bazaar.engine.tiles import LARGEST, SMALLEST, Direction
from bazaar.text import render, wording

YES, NO = "yes", "no"

NAMES_QUESTION = "Players' names, 2 to 6, separated by commas: "
SIZE_QUESTION = f"Board size, rows x columns ({SMALLEST}x{SMALLEST} to {LARGEST}x{LARGEST}): "

_SIZE = re.compile(r"\s*(\d{1,9})\s*(?:[xX]|\s)\s*(\d{1,9})\s*")


def read_names(line: str) -> tuple[str, ...] | str:
    """Return the players' names in a comma-separated list, or what is wrong with them."""
    names = parse_names(line.strip())
    problem = names_problem(names)
    return names if problem is None else problem


def read_size(line: str) -> tuple[int, int] | str:
    """Return (rows, columns) from `6x8`, `6 x 8` or `6 8`, or what is wrong with it."""
    match = _SIZE.fullmatch(line)
    if match is None:
        return "a size is two numbers, rows x columns, such as 6x6"
    rows, columns = int(match[1]), int(match[2])
    if not (SMALLEST <= rows <= LARGEST and SMALLEST <= columns <= LARGEST):
        return f"a board is {SMALLEST}x{SMALLEST} to {LARGEST}x{LARGEST}, not {rows}x{columns}"
    return rows, columns


class SaveTo(msgspec.Struct, frozen=True):
    """Write the game's save file to `path` and stop: the game is paused."""

    path: str


class Reply(msgspec.Struct, frozen=True):
    """What one line of input did: the text to print, the events to record, the game after."""

    output: str
    events: tuple[AnyEvent, ...]
    game: Game
    effect: SaveTo | None = None


def opening(game: Game) -> str:
    """Return what a game prints when it begins: the players and the legend, then the move."""
    return wording.opening(game) + reminder(game)


def reminder(game: Game) -> str:
    """Return where a game stands when it (re)starts: the move under way, or its end."""
    match game.phase:
        case Phase.MOVE:
            return wording.turn_header(game)
        case Phase.ACTION:
            return wording.turn_header(game) + wording.offer(game)
        case Phase.OVER:
            return render.board(game) + wording.over(game)


def prompt(game: Game) -> str:
    """Return the question printed before reading a line."""
    if game.phase is Phase.ACTION:
        return wording.action_question(game)
    return wording.move_question(game)


def respond(game: Game, line: str, rng: random.Random) -> Reply:
    """Return what `line` does at this point of the game."""
    words = line.split()
    command = words[0].lower() if words else ""
    if command == "board" and len(words) == 1:
        return _say(game, render.board(game))
    if command == "status" and len(words) == 1:
        return _say(game, render.statuses(game))
    if command == "help" and len(words) == 1:
        return _say(game, wording.HELP + render.legend())
    if command == "save":
        if len(words) == 1:
            return _say(game, wording.SAVE_WHERE)
        return Reply(output="", events=(), game=game, effect=SaveTo(line.strip()[4:].strip()))
    if game.phase is Phase.ACTION:
        if command == YES and len(words) == 1:
            return _carry_out(game, Act(), rng)
        if command == NO and len(words) == 1:
            return _carry_out(game, Decline(), rng)
        return _say(game, wording.YES_OR_NO)
    directions = {d.value: d for d in Direction}
    if len(words) != 1 or command not in directions:
        return _say(game, wording.INCORRECT_KEY)
    return _carry_out(game, Move(direction=directions[command]), rng)


def typed(command: AnyCommand) -> str:
    """Return the line a person types for `command` (what a computer's seat types, shown
    after the prompt as if typed)."""
    match command:
        case Move(direction=direction):
            return direction.value
        case Act():
            return YES
        case Decline():
            return NO


def _say(game: Game, output: str) -> Reply:
    return Reply(output=output, events=(), game=game)


def _carry_out(game: Game, command: AnyCommand, rng: random.Random) -> Reply:
    """Decide `command`; on success apply its events and narrate them."""
    try:
        events = decide(game, command, rng)
    except Refused as refused:
        if refused.refusal is Refusal.OFF_THE_BOARD and isinstance(command, Move):
            return _say(game, wording.off_the_board(game, command.direction))
        return _say(game, wording.INCORRECT_KEY)
    output: list[str] = []
    for event in events:
        after = apply(game, event)
        output.append(_narrate(game, event, after))
        game = after
    return Reply(output="".join(output), events=events, game=game)


def _narrate(before: Game, event: AnyEvent, after: Game) -> str:
    """Return what one event of a command prints, knowing the game on either side of it."""
    match event:
        case PlayerMoved(direction=direction):
            said = wording.moved(after, direction)
            offered = can_act(after.mover, after.tile)
            return said + (wording.offer(after) if offered else wording.no_action(after))
        case OthersPaid(payees=payees):
            return wording.paid(before, payees)
        case ActionRefused(shortfall=shortfall):
            return wording.refused(before, shortfall)
        case TurnEnded(player=player):
            return render.status(after.board, after.merchants[player]) + wording.turn_header(after)
        case GameWon(player=player):
            return render.status(after.board, after.merchants[player]) + wording.won(after)
        case _:
            return wording.carried_out(before, event)
