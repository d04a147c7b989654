"""The `bazaar` commands, in click: thin wrappers that read options and report errors.

The game at a terminal is `bazaar.terminal.console`; the journal tools are the replay
toolkit's, run on `bazaar.definition.BAZAAR`.  A bad option or file is one line on
standard error naming it and the problem, exit status 2, and nothing is changed.
"""

from __future__ import annotations

import io
import os
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn, TypeVar

import click
import msgspec

from bazaar.definition import BAZAAR
from bazaar.engine.state import Game, loaded_game, saved_game
from bazaar.files.disk import MOST_BYTES, SAVING, load_save
from bazaar.files.journal import journal_folder
from bazaar.files.savefile import format_save, parse_save
from bazaar.terminal import console, session
from bazaar.terminal.console import fresh_seed
from bazaar.text import render
from bazaar.text.rulebook import summary
from bazaar.tools import simulate as simulator
from bazaar.tools.players import PLAYERS
from bazaar.tools.standing import standing
from replay import history
from replay.edges.messages import printable, torn
from replay.edges.options import analysis_seed, analysis_workers
from replay.edges.reading import STANDARD_INPUT, STANDARD_STREAM, BadFile, journal_source
from replay.edges.saving import write_atomically
from replay.edges.stopping import failing_output, silence_failed_output, stoppably
from replay.journal import JournalError, first_line, is_journal
from replay.recorder import reopen
from replay.writer import taken

if TYPE_CHECKING:
    from bazaar.tools.compare import Side

T = TypeVar("T")

EXIT_BAD_INPUT = 2

STEPS = (
    "Events are numbered from 1, after the journal's header line; step N is the game "
    "after the first N events, and step 0 is the game as the header starts it."
)


@click.group(invoke_without_command=True, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="watan")
@click.pass_context
def main(context: click.Context) -> None:
    """Bazaar: merchants race across a grid of tiles; the first to hold 5 rubies wins.

    With no command, plays a game, asking for the players' names and the board's size.
    """
    if context.invoked_subcommand is None:
        context.invoke(play)


def program() -> None:
    """Run the `bazaar` program (the installed command, `python -m bazaar`): `main`, then,
    as it ends, an output that failed is silenced (`replay.edges.stopping`), which only an
    entry point may do: tests call `main` in-process, never this."""
    try:
        with failing_output("bazaar"):
            main(prog_name="bazaar")
    finally:
        silence_failed_output()


@main.command()
@click.option("--players", metavar="NAMES", help="The players' names in turn order: Ann,Bob,Cy.")
@click.option("--size", metavar="ROWSxCOLUMNS", help="The board's size, 4x4 to 30x30: 6x6.")
@click.option("-seed", "--seed", type=int, metavar="N", help="Seed the random generator.")
@click.option("-load", "--load", metavar="FILE", help="Continue the game saved in FILE.")
@click.option(
    "--journal",
    metavar="PATH",
    help="Write the journal to PATH (default: a new file in $WATAN_JOURNALS/bazaar, else "
    "in watan/journals/bazaar of the user's data folder).",
)
@click.option("--resume", metavar="JOURNAL", help="Continue the game in JOURNAL where it stands.")
@click.option(
    "--computer",
    "computers",
    multiple=True,
    metavar="NAME=STRATEGY",
    help=f"A computer plays NAME's seat ({' or '.join(PLAYERS)}); again for another.",
)
def play(
    *,
    players: str | None = None,
    size: str | None = None,
    seed: int | None = None,
    load: str | None = None,
    journal: str | None = None,
    resume: str | None = None,
    computers: tuple[str, ...] = (),
) -> None:
    """Play a game at the terminal; names and size are asked for when not given.

    End of input saves the game to backup.bazaar; `save FILE` at a prompt saves it to
    FILE and stops.  Continue either with -load FILE.  A computer's seat types its
    moves after the prompt (--computer NAME=STRATEGY, given again with --resume: seats
    are not kept in the journal); one player at least is a person.
    """
    seats = _seats(computers)
    if load is not None and (players, size) != (None, None):
        _fail("-load continues a saved game with its own players and board; drop --players, --size")
    if resume is not None and (players, size, load, journal) != (None, None, None, None):
        _fail("--resume continues a journal; drop --players, --size, -load and --journal")
    codec = BAZAAR.codec
    if journal is not None and (
        problem := taken(journal, codec.header_type, codec.check_header, "bazaar", codec.upcast)
    ):
        _fail(problem)  # a journal is never replaced, nor a game played without one unawares
    names = None if players is None else _read(session.read_names(players), "--players")
    rows_columns = None if size is None else _read(session.read_size(size), "--size")
    saved = None if load is None else _checked(lambda: load_save(load))
    resumed = None if resume is None else _checked(lambda: reopen(BAZAAR, resume))
    if resumed is not None and resumed.set_aside is not None:
        side = resumed.set_aside
        _warn(f"{resume}: its last line was cut off mid-write; it was set aside in {side}")
    options = console.Options(
        seed=console.fresh_seed() if seed is None else seed,
        names=names,
        size=rows_columns,
        loaded=saved,
        journal=journal,
        journals=journal_folder(os.environ),
        computers={name: PLAYERS[strategy] for name, strategy in seats.items()},
    )
    streams = console.Streams(sys.stdin.buffer, sys.stdout, sys.stderr)
    # The console itself says that it stopped, and where it saved the game.
    sys.exit(
        stoppably(
            lambda: console.play(options, streams, resumed),
            sys.stderr,
            "bazaar",
            stopped=None,
            kept="the game is in its journal",
        )
    )


def _seats(given: tuple[str, ...]) -> dict[str, str]:
    """Return each `--computer NAME=STRATEGY` as NAME's strategy, or fail saying what is
    wrong (no `=`, a strategy there is not, a name given twice)."""
    seats: dict[str, str] = {}
    for value in given:
        name, equals, strategy = value.rpartition("=")
        name, strategy = name.strip(), strategy.strip().lower()
        if not equals or not name:
            _fail(f"--computer: {value!r} is not NAME=STRATEGY (such as Ann=greedy)")
        if strategy not in PLAYERS:
            _fail(f"--computer: {strategy!r} is no strategy; there are {', '.join(PLAYERS)}")
        if name in seats:
            _fail(f"--computer: {name!r} is given twice")
        seats[name] = strategy
    return seats


def _read(value: T | str, option: str) -> T:
    """Return a parsed option, or fail saying what is wrong with it."""
    if isinstance(value, str):
        _fail(f"{option}: {value}")
    return value


@main.command(epilog=STEPS)
@click.argument("journal")
@click.option("--to", "to", type=int, metavar="N", help="Show the game after event N.")
@click.option(
    "--format",
    "shape",
    type=click.Choice(["text", "save", "json"]),
    default="text",
    show_default=True,
    help="How to show the game: board and status lines, the save file, or the full state.",
)
def replay(journal: str, to: int | None, shape: str) -> None:
    """List a journal's events, one numbered line each, or show the game at step N.

    Without --to, text lists the events, and save or json shows the game at the end.
    JOURNAL may be - for standard input.
    """
    name, data = journal_source(journal)
    if to is None and shape == "text":
        moment = _checked(lambda: history.load(BAZAAR, name, data=data))
        _warn_torn(name, moment.torn_line)
        click.echo("".join(history.listing(BAZAAR, moment.header, moment.events)), nl=False)
        return
    checked = _checked(lambda: history.check(BAZAAR, name, to, data=data, sealed=True))
    _warn_torn(name, checked.torn_line)
    click.echo(_shown(checked.state, shape), nl=False)


@main.command(epilog=STEPS)
@click.argument("journal")
@click.option("--to", "to", type=int, metavar="N", required=True, help="Keep the first N events.")
@click.option("-o", "--output", "output", metavar="OUT", help="Where to write the shorter journal.")
@click.option("--in-place", is_flag=True, help="Replace JOURNAL itself (atomically).")
def rewind(journal: str, to: int, output: str | None, in_place: bool) -> None:
    """Write a journal holding only the first N events of JOURNAL, to play on with --resume.

    By default the new journal goes beside the original as NAME-to-N.jsonl; the original
    is never changed unless --in-place is given.  A step inside a command (between a move
    and what its tile did, say) goes back to where the command began.  JOURNAL may be -
    for standard input, with -o.
    """
    if in_place and output is not None:
        _fail("give either -o or --in-place, not both")
    if journal == STANDARD_STREAM and (output is None or in_place):
        _fail("the journal comes from standard input: name the new one with -o OUT")
    name, data = journal_source(journal)
    target = history.NewJournal(journal, output)
    out = journal if in_place else target
    rewound = _checked(
        lambda: history.rewind_back(BAZAAR, name, to, out, replace=in_place, data=data)
    )
    where = target.written or journal
    kept = len(rewound.kept.events)
    if rewound.inside is not None:
        _warn(history.went_back(to, rewound.inside, kept))
    _warn_torn(name, rewound.kept.torn_line)
    click.echo(
        printable(f"wrote {where} ({kept} events); play on with: bazaar play --resume {where}")
    )


@main.command(epilog=STEPS)
@click.argument("journal")
@click.option("--to", "to", type=int, metavar="N", help="After event N (default: the end).")
@click.option("-o", "--output", "output", metavar="FILE", help="Write here instead of printing.")
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
def export(journal: str, to: int | None, output: str | None, force: bool) -> None:
    """Write the save file for a moment of a journal, to continue with -load.

    An existing FILE is kept unless --force is given.  JOURNAL may be - for standard input.
    """
    if output == STANDARD_STREAM:
        output = None  # `-o -`: standard output, as every tool takes `-`
    if output is not None and os.path.lexists(output) and not force:
        _fail(f"{output}: already exists; give --force to replace it")
    name, data = journal_source(journal)
    checked = _checked(lambda: history.check(BAZAAR, name, to, data=data, sealed=True))
    _warn_torn(name, checked.torn_line)
    text = _shown(checked.state, "save")
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        write_atomically(output, text, prefix=SAVING)
    except OSError as error:
        _fail(f"{output}: cannot write it ({error.strerror or error})")


@main.command(epilog=STEPS)
@click.argument("first", metavar="A")
@click.argument("second", metavar="B")
@click.option("--to", "to", type=int, metavar="N", help="Compare the journals at step N.")
@click.option(
    "--format",
    "shape",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: a line per difference, in the game's words; json: a document for programs.",
)
def diff(first: str, second: str, to: int | None, shape: str) -> None:
    """Compare two games (journals, or a journal and a save file).

    Prints where the journals part (`The games part at step 12: Ann moved up ... /
    Ann moved down ...`), then one line per difference between the two games (`Ann:
    gold 5 → 7`) and how many; that they are the same game; or, for two different
    games (another board or other merchants), why in one line.  Exit status 0 when
    they are the same, 1 when they differ.  Either A or B may be - for standard input.
    """
    # DeepDiff (through the toolkit's comparison) loads only for a diff.
    from bazaar.tools.compare import compare
    from replay.compare import document, report

    if first == second == STANDARD_STREAM:
        _fail("only one of A and B can be standard input")
    a, b = (_side(path, to) for path in (first, second))
    found = compare(a, b)
    if shape == "json":
        names = (a.name, b.name)
        made = document("bazaar", names, found.unrelated, found.parting, list(found.changes))
        click.echo(msgspec.json.encode(made).decode())
        sys.exit(0 if made.same else 1)
    same, shown = report((a.name, b.name), found.unrelated, found.parting, found.lines)
    click.echo("".join(f"{printable(line)}\n" for line in shown), nl=False)
    sys.exit(0 if same else 1)


def _side(argument: str, to: int | None) -> Side:
    """Return one side of `diff`: a journal at step `to` (its end when None), checked, or the
    game in a save file (a file whose first line is no journal's header)."""
    from bazaar.tools.compare import Side

    name, data = journal_source(argument)
    if data is None:
        beginning = first_line(name)
        journal = beginning is None or is_journal(beginning)
    else:  # standard input is looked at, not read: a journal (`{` first) is read line by line
        if not isinstance(data, io.BufferedReader):
            data = io.BufferedReader(data)  # type: ignore[type-var]  # a stream tests give
        journal = data.peek(1)[:4096].lstrip().startswith(b"{")
    if not journal:
        text = None if data is None else data.read(MOST_BYTES + 1).decode("utf-8", "replace")
        saved = _checked(lambda: parse_save(text, STANDARD_INPUT) if text is not None
                         else load_save(name))
        return Side(name, loaded_game(saved))
    moment = _checked(lambda: history.load(BAZAAR, name, to, data=data))
    _warn_torn(name, moment.torn_line)
    return Side(name, moment.state, moment)


@main.command(epilog=STEPS)
@click.argument("journal")
@click.option("--to", "to", type=int, metavar="N", help="Open the page at step N (default: 0).")
@click.option(
    "-o", "--output", "output", metavar="FILE.html",
    help="Where to write the page (default: beside the journal, as NAME.html; - prints it).",
)  # fmt: skip
@click.option(
    "--analyze", "analyzed", is_flag=True,
    help="Analyse the game first (as `bazaar analyze` does) and draw each player's chance "
    "to win under the controls; a click on it shows that step.",
)  # fmt: skip
@click.option(
    "--playouts", type=click.IntRange(min=1), default=2, show_default=True, metavar="N",
    help="With --analyze: games played out from each position and after each move.",
)  # fmt: skip
def view(
    journal: str, to: int | None, output: str | None, analyzed: bool, playouts: int
) -> None:
    """Write one web page to step through a journal's game: the board and every player's
    status at every step, with buttons, a slider and the arrow keys.

    The page is one file that fetches nothing, so it opens offline.  JOURNAL may be -
    for standard input (the page then goes to standard output unless -o names a file).
    """
    from replay.pages import page, steps

    name, data = journal_source(journal)
    whole = _checked(lambda: history.load(BAZAAR, name, data=data, sealed=True))
    _warn_torn(name, whole.torn_line)
    events = whole.events
    if to is not None and not 0 <= to <= len(events):
        _fail(f"--to {to}: the journal has steps 0 to {len(events)}")
    about = f"{name}: {len(whole.header.names)} players, seed {whole.header.seed}; "
    about += f"{len(events)} event{'s' if len(events) != 1 else ''}"
    shown = steps(BAZAAR, whole.header, events, lambda game: _shown(game, "text"))
    chances = None
    if analyzed:
        from bazaar.tools.analysis import analyse, graph

        chances = graph(analyse(whole.header, events, name, samples=playouts))
    made = page("bazaar", "Bazaar: a replay", about, shown, to or 0, chances=chances)
    target = output if output is not None else (
        "-" if data is not None else os.path.splitext(name)[0] + ".html"
    )
    if target == STANDARD_STREAM:
        click.echo(made, nl=False)
        return
    if os.path.abspath(target) == os.path.abspath(name):
        _fail(f"{target}: that is the journal itself; choose another name with -o")
    try:
        write_atomically(target, made, prefix=".bazaar-view-")
    except OSError as error:
        _fail(f"{target}: cannot write it ({error.strerror or error})")
    click.echo(printable(f"wrote {target} ({len(events)} events)"))


@main.command(epilog=STEPS)
@click.argument("journal")
@analysis_seed()
@click.option(
    "--playouts",
    type=click.IntRange(min=1),
    default=2,
    show_default=True,
    metavar="N",
    help="Games played to their end from each position and after each move.",
)
@analysis_workers()
@click.option(
    "--format",
    "shape",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="The turning points and marked moves, or the whole analysis as one line of JSON.",
)
def analyze(journal: str, seed: int, playouts: int, workers: int, shape: str) -> None:
    """Estimate each player's chance to win at every decision of a game, and mark the moves
    that lost most against the best move found.

    The chances come from the game played on to its end by greedy players, from each
    position and after each move the rules allow; the same journal, options and seed give
    the same analysis whatever --workers is.  Step numbers are those `bazaar replay --to`
    takes.  JOURNAL may be - for standard input.
    """
    from bazaar.tools.analysis import analyse, report

    name, data = journal_source(journal)
    whole = _checked(lambda: history.load(BAZAAR, name, data=data))
    _warn_torn(name, whole.torn_line)
    found = analyse(whole.header, whole.events, name, seed=seed, samples=playouts, workers=workers)
    shown = msgspec.json.encode(found).decode() + "\n" if shape == "json" else report(found)
    click.echo(shown, nl=False)


@main.command()
def rules() -> None:
    """Print the rules on one screen: the win, the start, a move, and every tile's price."""
    click.echo(summary(), nl=False)


@main.command()
@click.argument("journal")
def verify(journal: str) -> None:
    """Check a journal: every line, its header, and every event against the rules.

    Prints `ok` and the number of events, or the first problem with its line number;
    exit status 0 or 1.  JOURNAL may be - for standard input.  A file is checked as a
    stream, in little memory however long it is.
    """
    name, data = journal_source(journal)
    try:
        checked = history.verify(BAZAAR, name, data=data, seal=True)
    except JournalError as error:
        click.echo(printable(str(error)))
        sys.exit(1)
    click.echo(f"ok: {checked.events} events")


@main.command()
@click.option(
    "--players",
    default="greedy,greedy,random",
    show_default=True,
    metavar="KINDS",
    help="One computer player per seat, in turn order: random or greedy.",
)
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True)
@click.option("--size", default="6x6", show_default=True, metavar="ROWSxCOLUMNS")
@click.option("--seed", type=int, help="The run's seed (default: from the operating system).")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True)
@click.option(
    "--turn-cap",
    type=click.IntRange(min=1),
    default=2_000,
    show_default=True,
    help="Stop a game after this many moves of each player and count it unfinished.",
)
@click.option("--journals", metavar="DIR", help="Write each game's journal into DIR.")
def simulate(
    *,
    players: str,
    games: int,
    size: str,
    seed: int | None,
    workers: int,
    turn_cap: int,
    journals: str | None,
) -> None:
    """Play whole games between computer players, without a terminal, and report on them.

    The same --seed gives the same games whatever --workers is.
    """
    kinds = tuple(kind.strip() for kind in players.split(","))
    unknown = [kind for kind in kinds if kind not in PLAYERS]
    if unknown or not 2 <= len(kinds) <= 6:
        _fail(f"--players: 2 to 6 of {', '.join(PLAYERS)}, separated by commas")
    rows, columns = _read(session.read_size(size), "--size")
    run_seed = fresh_seed() if seed is None else seed
    if journals is not None:
        try:
            os.makedirs(journals, exist_ok=True)
        except OSError as error:
            _fail(f"{journals}: cannot make the folder ({error.strerror or error})")
    click.echo(f"bazaar: simulating {games} games with seed {run_seed}", err=True)
    began = time.perf_counter()
    try:
        results = simulator.simulate(
            run_seed, games, kinds, (rows, columns),
            workers=workers, turn_cap=turn_cap, journals=journals,
        )
    except JournalError as error:
        _fail(str(error))
    seconds = time.perf_counter() - began
    click.echo(simulator.report(results, kinds, seconds, workers, turn_cap), nl=False)


def _shown(game: Game, shape: str) -> str:
    """Return the game as text, a save file or JSON."""
    if shape == "json":
        return msgspec.json.format(msgspec.json.encode(game), indent=2).decode() + "\n"
    if shape == "save":
        return format_save(saved_game(game))
    return render.board(game) + render.statuses(game) + standing(game)


TORN = torn("bazaar")


def _warn_torn(journal: str, line: int | None) -> None:
    if line is not None:
        _warn(f"{journal}: line {line}: {TORN}; left out here")


def _checked(action: Callable[[], T]) -> T:
    """Return what `action` gives, or fail with its one-line error (a bad journal or file)."""
    try:
        return action()
    except (JournalError, BadFile) as error:
        _fail(str(error))


def _warn(message: str) -> None:
    click.echo(printable(f"bazaar: {message}"), err=True)


def _fail(message: str) -> NoReturn:
    """Print a one-line error on standard error and exit with status 2."""
    _warn(message)
    sys.exit(EXIT_BAD_INPUT)
