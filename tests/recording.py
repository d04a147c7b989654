"""Recording complete games for `journals/`, and replaying them through the real program.

A recorded game is a folder of sessions in the acceptance-case format
(`session-1/args`, `in`, `out`, `files/`, `expect/`), run one after the other
in the same working folder, plus `journal.jsonl` (the journal they write)
and `final.sv` (what the journal folds to).  `tests/test_recorded_games.py`
replays them all.

The input of a new recording comes from `Greedy`, a plain player typing into
the real loop (`tests.scripted`, the table every game is played on): it builds
what it can afford, trades a surplus for what it lacks, and robs the leader,
in the words of the edition the game plays (`Game.edition`): Students of Watan
or Constructor.
Run `python -m tests.recording` to record every game anew, or
`python -m tests.recording NAME ...` for only the games named; only do that
when a change of behaviour is intended, and read the diff of `journals/`
before committing it.
"""

from __future__ import annotations

import random
import shutil
import sys
from pathlib import Path

import msgspec

from tests.conftest import at_step
from tests.scripted import typed
from tests.transcripts import run_case
from watan.editions import edition as named_edition
from watan.editions.model import Edition
from watan.engine.commands import Achieve, AnyCommand, Complete, Improve
from watan.engine.decide import Refused, decide, level_cost, victims
from watan.engine.events import TurnEnded
from watan.engine.evolve import start
from watan.engine.resources import HELD, Resource, Resources, total
from watan.engine.state import COLOURS, NOBODY, Colour, Game, Phase, course_criteria, saved_game
from watan.engine.topology import (
    CRITERION_COUNT,
    CRITERION_GOALS,
    CRITERION_TILES,
    GOAL_CRITERIA,
    TILE_CRITERIA,
    TileId,
)
from watan.files.savefile import format_save, parse_board, parse_save
from watan.match.making import first_header
from watan.match.options import Options
from watan.terminal.session import Session
from watan.text.notation import AwaitAnswer, AwaitLoadedRoll, AwaitVictim, format

ROOT = Path(__file__).resolve().parent.parent
JOURNALS = ROOT / "journals"


def pips(value: int) -> int:
    """Return how many of the 36 rolls of two dice give `value` (7 gives none here)."""
    return 0 if value == 7 else 6 - abs(7 - value)


class Greedy:
    """A simple player for every seat, deterministic for a given generator.

    `loaded` players ask for loaded dice before rolling; the colours in `fair`
    ask for fair dice instead (Constructor's dice start loaded).  Whenever the
    dice are loaded, `roll` is followed by a value.  A player who `fumbles`
    now and then types a roll out of range or a command the edition lacks, or
    asks for `help` (the glances before a roll never reach it).
    """

    def __init__(
        self,
        rng: random.Random,
        trades_per_turn: int = 1,
        loaded: bool = False,
        fair: frozenset[Colour] = frozenset(),
        fumbles: bool = False,
    ):
        self.rng = rng
        self.trades_per_turn = trades_per_turn
        self.loaded = loaded
        self.fair = fair
        self.fumbles = fumbles
        self.trades = 0

    def line(self, session: Session) -> str:
        """Return the line this player types at the current prompt."""
        game, pending, edition = session.game, session.pending, session.edition
        match pending:
            case AwaitLoadedRoll():
                if self.fumbles and self.rng.random() < 0.04:
                    return self.rng.choice(("13", "1", "seven", "roll"))
                return str(self.rng.choice((2, 3, 4, 5, 6, 6, 7, 8, 8, 9, 10, 11, 12)))
            case AwaitVictim(candidates=candidates):
                richest = max(candidates, key=lambda c: total(game.students[c].resources))
                return richest.title
            case AwaitAnswer(offer=offer):
                # Mostly yes when able; sometimes no, sometimes a yes that can't be honoured.
                able = game.students[offer.partner].resources[offer.take] > 0
                return "yes" if self.rng.random() < (0.75 if able else 0.3) else "no"
            case None:
                pass
        match game.phase:
            case Phase.SETUP:
                return str(self._best_spot(game))
            case Phase.BEFORE_ROLL:
                glance = self.rng.random()
                if glance < 0.06:
                    listing = edition.words.listing
                    return ("status", "board", listing, "help")[int(glance * 50) % 4]
                self.trades = 0
                loaded = game.students[game.turn].loaded_dice
                if self.loaded and not loaded:
                    return "load"
                if game.turn in self.fair and loaded:
                    return "fair"
                if self.fumbles and self.rng.random() < 0.06:
                    return self.rng.choice(("complete 3", "achieve 3", "criteria", "rol", "help"))
                return "roll"
            case Phase.GEESE:
                return str(self._geese_tile(game))
            case Phase.OVER:
                return "no"
            case Phase.AFTER_ROLL:
                return self._after_roll(game, edition)

    def _production(self, game: Game, criterion: int) -> int:
        return sum(
            pips(game.board[t].value)
            for t in CRITERION_TILES[criterion]
            if game.board[t].resource is not Resource.NETFLIX
        )

    def _best_spot(self, game: Game) -> int:
        legal = [c for c in range(CRITERION_COUNT) if _accepted(game, Complete(criterion=c))]
        return max(legal, key=lambda c: (self._production(game, c), self.rng.random()))

    def _geese_tile(self, game: Game) -> int:
        def harm(tile: TileId) -> tuple[int, float]:
            hit = 0
            for c in TILE_CRITERIA[tile]:
                owner = game.criterion_owner[c]
                if owner not in (NOBODY, game.turn):
                    hit += game.criterion_level[c]
                elif owner == game.turn:
                    hit -= 3
            return hit + len(victims(game, tile)), self.rng.random()

        return max((TileId(t) for t in range(len(game.board)) if t != game.geese), key=harm)

    def _builds(self, game: Game) -> list[AnyCommand]:
        """Return the builds worth trying now, best first."""
        student = game.students[game.turn]
        mine = sorted(student.criteria, key=lambda c: -self._production(game, c))
        spots = {
            c for g in student.goals for c in _ends(g) if game.criterion_owner[c] == NOBODY
        }
        near = {g for c in student.criteria for g in CRITERION_GOALS[c]}
        near |= {h for g in student.goals for c in _ends(g) for h in CRITERION_GOALS[c]}
        free = sorted(
            (g for g in near if game.goal_owner[g] == NOBODY),
            key=lambda g: -max(self._production(game, c) for c in _ends(g)),
        )
        builds: list[AnyCommand] = [Improve(criterion=c) for c in mine]
        builds += [Complete(criterion=c) for c in sorted(spots)]
        if not any(_accepted(game, Complete(criterion=c), check_cost=False) for c in spots):
            builds += [Achieve(goal=g) for g in free]
        return builds

    def _after_roll(self, game: Game, edition: Edition) -> str:
        builds = self._builds(game)
        for build in builds:
            if _accepted(game, build):
                return format(build, game, edition)[0]
        wanted = next((b for b in builds if _accepted(game, b, check_cost=False)), None)
        if wanted is not None and self.trades < self.trades_per_turn:
            trade = self._trade_for(game, edition, _cost(game, wanted))
            if trade is not None:
                self.trades += 1
                return trade
        return "next"

    def _trade_for(self, game: Game, edition: Edition, cost: Resources) -> str | None:
        held = game.students[game.turn].resources
        lacking = [r for r in HELD if held[r] < cost[r]]
        spare = [r for r in HELD if held[r] > cost[r]]
        if not lacking or not spare:
            return None
        give = max(spare, key=lambda r: held[r] - cost[r])
        take = lacking[0]
        partners = [c for c in COLOURS if c != game.turn and game.students[c].resources[take]]
        if not partners:
            return None
        partner = self.rng.choice(partners)
        names = edition.resources
        return f"trade {partner.title} {names[give]} {names[take]}"


def _ends(goal: int) -> tuple[int, ...]:
    return GOAL_CRITERIA[goal]


def _accepted(game: Game, command: AnyCommand, check_cost: bool = True) -> bool:
    """Return whether the rules accept `command` now (ignoring its price when asked)."""
    if not check_cost:
        rich = msgspec.structs.replace(
            game.students[game.turn], resources=(99, 99, 99, 99, 99)
        )
        students = tuple(rich if c == game.turn else s for c, s in enumerate(game.students))
        game = msgspec.structs.replace(game, students=students)
    try:
        decide(game, command, random.Random(0))
    except Refused:
        return False
    return True


def _cost(game: Game, build: AnyCommand) -> Resources:
    match build:
        case Improve(criterion=c):
            return level_cost(game, game.criterion_level[c] + 1)
        case Complete():
            return level_cost(game, 1)
        case _:
            return game.rules.goal_cost


def play_out(
    game: Game,
    edition: Edition,
    player: Greedy,
    rng: random.Random,
    *,
    most: int | None = None,
    answer: bool,
) -> tuple[list[str], Game]:
    """Return the lines the player types into the real loop, and the game they leave.

    Typing stops after `most` lines (end of input), or once the game is won:
    with the answer to `play again` when `answer`, else before it.
    """
    lines: list[str] = []

    def line(session: Session) -> str | None:
        won = session.game.phase is Phase.OVER and session.pending is None
        if (most is not None and len(lines) >= most) or (won and not answer):
            return None
        lines.append(player.line(session))
        return lines[-1]

    return lines, typed(game, line, edition=edition, rng=rng).game


def finished(session: Session) -> bool:
    return session.game.phase is Phase.OVER and session.pending is None


class Plan(msgspec.Struct, frozen=True):
    """How to record one game."""

    name: str
    seed: int
    args: list[str]
    """The first session's command line (`--edition` included), without `--journal`."""
    files: dict[str, str] = {}
    trades_per_turn: int = 1
    loaded: bool = False
    fair: frozenset[Colour] = frozenset()
    """The colours who ask for fair dice (Constructor's start loaded)."""
    fumbles: bool = False
    interrupt_after: int | None = None
    """Stop the first session after this many lines (end of input), then resume."""
    resume_seed: int = 0
    answer_at_end: bool = True
    """Answer `no` to playing again; otherwise input ends at that question."""

    @property
    def edition(self) -> str:
        """The edition the plan's command line plays."""
        args = self.args
        return args[args.index("--edition") + 1] if "--edition" in args else "watan"


def record(plan: Plan) -> None:
    """Record one game into journals/<name>/ by playing it through the real program."""
    target = JOURNALS / plan.name
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    options = _options(plan)
    rng = random.Random(plan.seed)
    game = start(first_header(options, rng))
    player = Greedy(
        random.Random(plan.seed + 1), plan.trades_per_turn, plan.loaded, plan.fair, plan.fumbles
    )
    sessions: list[tuple[list[str], list[str]]] = []
    first = [*plan.args, "--journal", "journal.jsonl"]
    if plan.interrupt_after is None:
        lines, game = play_out(
            game, named_edition(plan.edition), player, rng, answer=plan.answer_at_end
        )
        sessions.append((first, lines))
    else:
        lines, game = play_out(
            game, named_edition(plan.edition), player, rng, most=plan.interrupt_after, answer=True
        )
        sessions.append((first, lines))
        # A half-typed command is lost with the input; the journal holds the rest.
        rng = random.Random(plan.resume_seed)
        rest, game = play_out(
            game, named_edition(plan.edition), player, rng, answer=plan.answer_at_end
        )
        resume_args = ["play", "--resume", "journal.jsonl", "-seed", str(plan.resume_seed)]
        sessions.append((resume_args, rest))
    work = target / ".work"
    work.mkdir()
    for name, text in plan.files.items():
        (work / name).write_text(text)
    for number, (args, lines) in enumerate(sessions, start=1):
        folder = target / f"session-{number}"
        folder.mkdir()
        (folder / "args").write_text(" ".join(args) + "\n")
        (folder / "in").write_text("".join(f"{line}\n" for line in lines))
        if number == 1 and plan.files:
            (folder / "files").mkdir()
            for name, text in plan.files.items():
                (folder / "files" / name).write_text(text)
        result = run_case("watan", folder, work)
        assert result.returncode == 0, result.stderr.decode()
        (folder / "out").write_bytes(result.stdout)
        if (work / "backup.sv").exists():
            (folder / "expect").mkdir()
            shutil.move(work / "backup.sv", folder / "expect" / "backup.sv")
    shutil.move(work / "journal.jsonl", target / "journal.jsonl")
    shutil.rmtree(work)
    moment = at_step(target / "journal.jsonl")
    final = moment.state
    assert final == game, "the program's game parted from the recorded players' game"
    (target / "final.sv").write_text(format_save(saved_game(final), named_edition(plan.edition)))
    winner = Colour(final.winner).title if final.winner != NOBODY else "nobody"
    turns = sum(isinstance(event, TurnEnded) for event in moment.events)
    print(
        f"{plan.name}: {len(sessions)} session(s), {len(moment.events)} events, "
        f"{turns} turns ended; {winner} won with {course_criteria(final, final.turn)} points"
    )


def _options(plan: Plan) -> Options:
    """Return the options the plan's command line gives, its files read from their text."""
    args = plan.args
    edition = named_edition(plan.edition)

    def named(flag: str) -> str | None:
        return plan.files[args[args.index(flag) + 1]] if flag in args else None

    board, saved = named("-board"), named("-load")
    chosen = {"-board", "-load", "-random-board"} & set(args)
    if not chosen and edition.default_board is not None:  # RULINGS-constructor 5
        board = plan.files.get(edition.default_board)
    return Options(
        seed=plan.seed,
        edition=edition,
        rules=edition.rules,
        board=None if board is None else parse_board(board, "board", edition),
        loaded=None if saved is None else parse_save(saved, "save", edition),
    )


SAMPLE_BOARD = (ROOT / "fixtures" / "spec" / "sample-board.txt").read_text()
SAMPLE_SAVE = (ROOT / "fixtures" / "spec" / "sample-save.sv").read_text()

CONSTRUCTOR_BOARD = (
    "0 3 1 10 3 5 1 4 5 7 3 10 2 11 1 3 3 8 0 2 0 6 1 8 4 12 1 5 4 11 3 4 4 6 3 9 3 9\n"
)
"""The board of the Constructor spec's Figure 3 (its §3.8)."""

CONSTRUCTOR_SAVE = (
    "0\n"
    "0 0 0 5 0 r 38 47 43 h 37 T 25 T 30 B\n"
    "0 0 0 0 0 r 56 48 64 h 32 H 44 B\n"
    "11 0 0 0 0 r 24 50 33 41 h 16 H 40 B\n"
    "0 0 3 0 0 r 27 32 h 20 B 27 B\n"
    f"{CONSTRUCTOR_BOARD}"
    "8\n"
)
"""The spec's sample save (fixtures/spec/sample-save.sv) in Constructor's format (spec §3.7),
on the Constructor spec's board."""

ALL = frozenset(COLOURS)

PLANS: tuple[Plan, ...] = (
    Plan(name="win-by-completion", seed=0, args=["-seed", "0"]),
    Plan(name="win-by-improvement", seed=4, args=["-seed", "4"]),
    Plan(name="sevens-and-steals", seed=12, args=["-seed", "12"], loaded=True),
    Plan(name="trade-heavy", seed=21, args=["-seed", "21"], trades_per_turn=4),
    Plan(
        name="started-with-load",
        seed=5,
        args=["-seed", "5", "-load", "sample.sv"],
        files={"sample.sv": SAMPLE_SAVE},
    ),
    Plan(
        name="started-with-board",
        seed=8,
        args=["-board", "layout.txt", "-seed", "8"],
        files={"layout.txt": SAMPLE_BOARD},
    ),
    Plan(
        name="interrupted-and-resumed",
        seed=30,
        args=["-seed", "30"],
        interrupt_after=250,
        resume_seed=31,
    ),
    Plan(
        name="constructor-from-layout",
        seed=67,
        args=["--edition", "constructor", "-seed", "67"],
        files={"layout.txt": CONSTRUCTOR_BOARD},
        fumbles=True,
    ),
    Plan(
        name="constructor-fair-dice-and-resume",
        seed=41,
        args=["--edition", "constructor", "-random-board", "-seed", "41"],
        files={"layout.txt": CONSTRUCTOR_BOARD},
        fair=ALL,
        trades_per_turn=2,
        interrupt_after=300,
        resume_seed=42,
    ),
    Plan(
        name="constructor-started-with-load",
        seed=46,
        args=["--edition", "constructor", "-seed", "46", "-load", "game.sv"],
        files={"game.sv": CONSTRUCTOR_SAVE},
        fair=frozenset({Colour.RED, Colour.YELLOW}),
        answer_at_end=False,
    ),
)
"""The recorded games in journals/, one per kind the regression suite must cover."""


def main(names: list[str]) -> None:
    """Record the games named (every game when none is), each into journals/<name>/."""
    by_name = {plan.name: plan for plan in PLANS}
    unknown = [name for name in names if name not in by_name]
    if unknown:
        sys.exit(f"no such recorded game: {', '.join(unknown)} (games: {', '.join(by_name)})")
    for name in names or list(by_name):
        record(by_name[name])


if __name__ == "__main__":
    main(sys.argv[1:])
