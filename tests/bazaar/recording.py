"""Recording complete Bazaar games for `journals/bazaar/`, and replaying them through the program.

A recorded game is a folder of sessions in the acceptance-case format (`session-1/args`,
`in`, `out`, `files/`, `expect/`), run one after the other in the same working folder,
plus `journal.jsonl` (the journal they write) and `final.bazaar` (the save file the
journal folds to).  `tests/bazaar/test_recorded_games.py` replays them all.

The players' lines come from the computer players (`bazaar.tools.players`) turned into
what a person types, over the pure conversation (`bazaar.terminal.session`); a player who
`fumbles` now and then types a key that is not a move, a move off the board, an answer
that is neither yes nor no, or asks for the board, the status or help.  Run
`python -m tests.bazaar.recording` to record every game anew, or
`python -m tests.bazaar.recording NAME ...` for the games named; only do that when a
change of behaviour is intended, and read the diff of `journals/bazaar/` first.
"""

from __future__ import annotations

import random
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import msgspec

from bazaar.definition import BAZAAR
from bazaar.engine.commands import Act, AnyCommand, Move
from bazaar.engine.events import GameStarted
from bazaar.engine.evolve import start
from bazaar.engine.state import Game, Phase, saved_game
from bazaar.engine.tiles import Direction, deal
from bazaar.files.savefile import format_save, parse_save
from bazaar.terminal.session import respond
from bazaar.tools.players import PLAYERS
from replay.history import load
from tests.transcripts import run_case

ROOT = Path(__file__).resolve().parent.parent.parent
GAMES = ROOT / "journals" / "bazaar"


def words(command: AnyCommand) -> str:
    """Return the line a person types for `command`."""
    match command:
        case Move(direction=direction):
            return direction.value
        case Act():
            return "yes"
        case _:
            return "no"


class Typist:
    """The players at the terminal: each seat's computer player, typing its commands."""

    def __init__(self, kinds: tuple[str, ...], rng: random.Random, fumbles: bool) -> None:
        self.players = [PLAYERS[kind] for kind in kinds]
        self.rng = rng
        self.fumbles = fumbles

    def line(self, game: Game) -> str:
        if self.fumbles and self.rng.random() < 0.05:
            if game.phase is Phase.ACTION:
                return self.rng.choice(("maybe", "Y", "status", "board"))
            off = [d for d in Direction if game.board.neighbour(game.mover.square, d) is None]
            slips = ["north", "UP", "help", "status", "board", "", *(d.value for d in off)]
            return self.rng.choice(slips)
        return words(self.players[game.turn](game, self.rng))


def play_out(
    game: Game, typist: Typist, rng: random.Random, stop: Callable[[Game, int], bool]
) -> tuple[list[str], Game]:
    """Return the lines typed until `stop` (given the game and the lines so far) says so."""
    lines: list[str] = []
    while game.phase is not Phase.OVER and not stop(game, len(lines)):
        line = typist.line(game)
        lines.append(line)
        reply = respond(game, line, rng)
        game = reply.game
        if reply.effect is not None:
            break
    return lines, game


class Plan(msgspec.Struct, frozen=True):
    """How to record one game."""

    name: str
    seed: int
    kinds: tuple[str, ...]
    names: tuple[str, ...] = ()
    size: tuple[int, int] = (6, 6)
    typed_setup: tuple[str, ...] = ()
    """Lines typed at the set-up questions; empty when --players and --size are given."""
    load: str | None = None
    """A save file's text to start from with -load (then names and size are its own)."""
    fumbles: bool = False
    interrupt_after: int | None = None
    """End the first session's input after this many lines of play, then resume."""
    resume_seed: int = 0


def _first_args(plan: Plan) -> list[str]:
    args = ["play", "-seed", str(plan.seed), "--journal", "journal.jsonl"]
    if plan.load is not None:
        return [*args, "-load", "game.bazaar"]
    if plan.typed_setup:
        return args
    rows, columns = plan.size
    return [*args, "--players", ",".join(plan.names), "--size", f"{rows}x{columns}"]


def _first_game(plan: Plan, rng: random.Random) -> Game:
    """Return the game the first session begins, drawing the board as the program does."""
    if plan.load is not None:
        saved = parse_save(plan.load, "game.bazaar")
        names = tuple(m.name for m in saved.position.merchants)
        header = GameStarted(seed=plan.seed, board=saved.board, names=names, loaded=saved.position)
        return start(header)
    board = deal(plan.size[0], plan.size[1], rng)
    return start(GameStarted(seed=plan.seed, board=board, names=plan.names))


def record(plan: Plan) -> None:
    """Record one game into journals/bazaar/<name>/ by playing it through the real program."""
    target = GAMES / plan.name
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    rng = random.Random(plan.seed)
    game = _first_game(plan, rng)
    typist = Typist(plan.kinds, random.Random(plan.seed + 1), plan.fumbles)
    sessions: list[tuple[list[str], list[str]]] = []
    cut = plan.interrupt_after
    lines, game = play_out(game, typist, rng, lambda _, n: cut is not None and n >= cut)
    sessions.append((_first_args(plan), [*plan.typed_setup, *lines]))
    if cut is not None:
        rng = random.Random(plan.resume_seed)
        rest, game = play_out(game, typist, rng, lambda _, n: False)
        resume = ["play", "--resume", "journal.jsonl", "-seed", str(plan.resume_seed)]
        sessions.append((resume, rest))
    work = target / ".work"
    work.mkdir()
    for number, (args, typed) in enumerate(sessions, start=1):
        folder = target / f"session-{number}"
        folder.mkdir()
        (folder / "args").write_text(" ".join(args) + "\n")
        (folder / "in").write_text("".join(f"{line}\n" for line in typed))
        if number == 1 and plan.load is not None:
            (folder / "files").mkdir()
            (folder / "files" / "game.bazaar").write_text(plan.load)
        result = run_case("bazaar", folder, work)
        assert result.returncode == 0, result.stderr.decode()
        (folder / "out").write_bytes(result.stdout)
        if (work / "backup.bazaar").exists():
            (folder / "expect").mkdir()
            shutil.move(work / "backup.bazaar", folder / "expect" / "backup.bazaar")
    shutil.move(work / "journal.jsonl", target / "journal.jsonl")
    shutil.rmtree(work)
    moment = load(BAZAAR, target / "journal.jsonl")
    assert moment.state == game, "the program's game parted from the recorded players' game"
    (target / "final.bazaar").write_text(format_save(saved_game(moment.state)))
    winner = moment.state.merchants[moment.state.winner].name
    print(f"{plan.name}: {len(sessions)} session(s), {len(moment.events)} events; {winner} won")


LOADED = (
    "bazaar save 1\n"
    "size 5 5\n"
    "JWL SPM GEM DES FAB\n"
    "CRT RES DES SPI JWM\n"
    "BLK DES PAL DES CAS\n"
    "DES SML DES FBM DES\n"
    "DES DES DES DES DES\n"
    "turn 2 move\n"
    "player row 2 column 2 gold 10 rubies 2 spice 2 fabric 2 jewels 2 food 6 cart 9 gems 2 "
    "name Ann\n"
    "player row 2 column 1 gold 8 rubies 4 spice 5 fabric 5 jewels 4 food 5 cart 21 gems 1 "
    "name Bob\n"
)
"""A game near its end: Bob, to move, is a jewel short of the palace's price, beside a
jeweler; Ann's cart is full, beside a cart manufacturer."""

PLANS: tuple[Plan, ...] = (
    Plan(
        name="three-greedy-players-to-a-win",
        seed=3,
        kinds=("greedy", "greedy", "greedy"),
        names=("Ann", "Bob", "Cy"),
    ),
    Plan(
        name="set-up-at-the-terminal-with-slips",
        seed=11,
        kinds=("greedy", "random", "greedy", "random"),
        typed_setup=("Ann", "Ann,Bob,ann", "Ann, Bob, Cy, Di", "3x40", "five by five", "5 x 7"),
        names=("Ann", "Bob", "Cy", "Di"),
        size=(5, 7),
        fumbles=True,
    ),
    Plan(
        name="interrupted-and-resumed",
        seed=30,
        kinds=("greedy", "greedy"),
        names=("Ann", "Bob"),
        size=(4, 6),
        interrupt_after=120,
        resume_seed=31,
    ),
    Plan(
        name="six-players",
        seed=46,
        kinds=("greedy",) * 6,
        names=("Ann", "Bob", "Cy", "Di", "Ed", "Flo"),
        size=(7, 8),
    ),
    Plan(
        name="started-with-load",
        seed=5,
        kinds=("greedy", "greedy"),
        load=LOADED,
        fumbles=True,
    ),
)
"""The recorded games in journals/bazaar/, one per kind the regression suite must cover."""


def main(names: list[str]) -> None:
    """Record the games named (every game when none is)."""
    by_name = {plan.name: plan for plan in PLANS}
    unknown = [name for name in names if name not in by_name]
    if unknown:
        sys.exit(f"no such recorded game: {', '.join(unknown)} (games: {', '.join(by_name)})")
    for name in names or list(by_name):
        record(by_name[name])


if __name__ == "__main__":
    main(sys.argv[1:])
