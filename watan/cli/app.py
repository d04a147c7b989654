"""The `watan` commands, in click: thin wrappers that read options and report errors.

The work is done in the library modules; the game at a terminal is
`watan.terminal.console`, and a plain play command line never comes here at all
(`watan.cli.launch` reads it without importing click).  With no subcommand,
arguments are `play`'s, because that is how the spec's test harnesses
start the program (spec §5).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from watan.cli.options import EXIT_BAD_FILE, PLAY_OPTIONS
from watan.editions import DEFAULT as DEFAULT_EDITION
from watan.text.escape import printable

if TYPE_CHECKING:
    from watan.editions.model import Edition
    from watan.engine.events import AnyEvent
    from watan.engine.state import Game
    from watan.files.savefile import Read

T = TypeVar("T")



class _PlayByDefault(click.Group):
    """A group that treats arguments without a subcommand as `play`'s (spec §5).

    Click's own complaints about a command line (an extra argument, say) repeat what was
    typed: they are shown with control characters escaped, as every message is.
    """

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h", "--version"):
            args = ["play", *args]
        elif not args:
            args = ["play"]
        return super().parse_args(ctx, args)

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        with _typed_words_escaped():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: click.Context) -> Any:
        with _typed_words_escaped():
            return super().invoke(ctx)


@contextlib.contextmanager
def _typed_words_escaped() -> Iterator[None]:
    """Show a complaint of click's passing through with its control characters escaped."""
    try:
        yield
    except click.UsageError as error:
        raise click.UsageError(printable(error.format_message()), error.ctx) from None
    except click.ClickException as error:
        raise click.ClickException(printable(error.format_message())) from None


@click.group(cls=_PlayByDefault, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="watan")
def main() -> None:
    """Students of Watan, and its older edition Constructor, for four players at one terminal.

    With no command, plays a game: `watan -seed 3 -board layout.txt`
    (`constructor ...` or `--edition constructor` for Constructor).
    """


def _play_options(command: Callable[..., None]) -> Callable[..., None]:
    """Give `play` the options the fast path reads (`watan.cli.options`), from the same table."""
    for option in reversed(PLAY_OPTIONS):
        if option.flag:
            command = click.option(*option.flags, option.name, is_flag=True, help=option.help)(
                command
            )
            continue
        command = click.option(
            *option.flags,
            option.name,
            type=int if option.number else str,
            metavar=option.metavar,
            help=option.help,
            multiple=option.repeated,
        )(command)
    return command


def _program_edition() -> str:
    """Return the edition the program plays by default: `watan`, or `constructor` as that."""
    program = click.get_current_context().find_root().obj
    return program if isinstance(program, str) else DEFAULT_EDITION


def _edition_option(command: Callable[..., None]) -> Callable[..., None]:
    """Give a command `--edition`, for the files it reads (a journal says its own).

    The name is checked when the command runs (`_edition`): listing the
    editions for `--help` would load them all.
    """
    return click.option(
        "--edition",
        "edition",
        metavar="NAME",
        default=None,
        help="The edition whose files these are: watan or constructor (default: the program's).",
    )(command)


def _edition(name: str | None) -> Edition:
    """Return the edition called `name` (the program's own when None), or fail in one line."""
    from watan.editions import UnknownEdition, edition

    try:
        return edition(name or _program_edition())
    except UnknownEdition as unknown:
        _fail(str(unknown))


PICTURE = "a picture of the board"
SAVE_FILE = "the spec's save file"


def _format_option(**shapes: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Give a command `--format`: each shape by name with what it shows, the first by default."""
    return click.option(
        "--format",
        "shape",
        type=click.Choice(list(shapes)),
        default=next(iter(shapes)),
        show_default=True,
        help="; ".join(f"{name}: {what}" for name, what in shapes.items()) + ".",
    )


@main.command()
@_play_options
def play(
    *,
    seed: int | None,
    load: str | None,
    board: str | None,
    random_board: bool,
    edition: str | None,
    journal: str | None,
    resume: str | None,
    computer: tuple[str, ...],
    human: tuple[str, ...],
    allow_computers: bool,
) -> None:
    """Play the game at the terminal (spec §5 options in any order).

    Every seat is played at the keyboard unless --computer gives it to a
    computer, whose typing is shown after each prompt.
    """
    from watan.cli.start import play as run

    sys.exit(
        run(
            seed=seed,
            load=load,
            board=board,
            random_board=random_board,
            edition=edition,
            journal=journal,
            resume=resume,
            computer=computer,
            human=human,
            allow_computers=allow_computers,
            default_edition=_program_edition(),
        )
    )


@main.command()
@click.argument("file", metavar="FILE")
@_edition_option
@_format_option(text="as the game prints it", svg=PICTURE)
def show(file: str, edition: str | None, shape: str) -> None:
    """Print the board of a board file, or a save file's board and status lines."""
    from watan.engine.state import loaded_game, new_game
    from watan.files.disk import read_text
    from watan.files.savefile import looks_like_save, read_board, read_save
    from watan.text import render

    played = _edition(edition)

    def shown() -> str:
        text = read_text(file)
        if looks_like_save(text):
            saved = _noting(read_save(text, file, played))
            game = loaded_game(saved.board, saved.position, played)
            if shape == "svg":
                return _picture(game)
            return render.board(game) + render.status(game)
        game = new_game(_noting(read_board(text, file, played)), played)
        return _picture(game) if shape == "svg" else render.board(game)

    click.echo(_checked(shown), nl=False)


STEPS = (
    "Events are numbered from 1, after the journal's header line; step N is the game "
    "after the first N events, and step 0 is the game as the header starts it."
)


@main.command(epilog=STEPS)
@click.argument("journal")
@click.option("--to", "to", type=int, metavar="N", help="Show the game after event N.")
@_format_option(
    text="board, status lines and standing", sv=SAVE_FILE, json="the full state", svg=PICTURE
)
def replay(journal: str, to: int | None, shape: str) -> None:
    """List a journal's events, one numbered line each, or show the game at step N.

    Without --to, text lists the events; sv, json and svg show the game at the end.
    """
    from watan.tools import history

    moment = _checked(lambda: history.load(journal, to))
    if to is None and shape == "text":
        text = "".join(history.listing(moment.header, moment.events))
    else:
        text = _shown(moment.game, shape, journal, to)
    _warn_torn(journal, moment.torn_line)  # once nothing else can fail: a refusal is one line
    click.echo(text, nl=False)


@main.command(epilog=STEPS)
@click.argument("journal")
@click.option("--to", "to", type=int, metavar="N", required=True, help="Keep the first N events.")
@click.option("-o", "--output", "output", metavar="OUT", help="Where to write the shorter journal.")
@click.option("--in-place", is_flag=True, help="Replace JOURNAL itself (atomically).")
def rewind(journal: str, to: int, output: str | None, in_place: bool) -> None:
    """Write a journal holding only the first N events of JOURNAL, to play on with --resume.

    By default the new journal goes beside the original as NAME-to-N.jsonl; the
    original is never changed unless --in-place is given.
    """
    from pathlib import Path

    from watan.tools import history

    if in_place and output is not None:
        _fail("give either -o or --in-place, not both")
    source = Path(journal)
    target = journal if in_place else output or str(
        source.with_name(f"{source.stem}-to-{to}{source.suffix or '.jsonl'}")
    )
    if not in_place and Path(target).exists():
        _fail(f"{target}: already exists; choose another name with -o")
    moment = _checked(lambda: history.rewind(journal, to, target, replace=in_place))
    _warn_torn(journal, moment.torn_line)
    click.echo(
        printable(f"wrote {target} ({to} events); play on with: watan play --resume {target}")
    )


@main.command(epilog=STEPS)
@click.argument("journal")
@click.option("--to", "to", type=int, metavar="N", help="After event N (default: the end).")
@click.option("-o", "--output", "output", metavar="FILE", help="Write here instead of printing.")
@_format_option(sv=SAVE_FILE, svg=PICTURE)
def export(journal: str, to: int | None, output: str | None, shape: str) -> None:
    """Write the spec's save file (.sv), or a picture of the board, for a moment of a journal."""
    from watan.tools import history

    moment = _checked(lambda: history.load(journal, to))
    text = _shown(moment.game, shape, journal, to)
    if output is not None:
        _write(output, text)
    _warn_torn(journal, moment.torn_line)  # once nothing else can fail: a refusal is one line
    if output is None:
        click.echo(text, nl=False)


@main.command()
@click.argument("journal")
@click.option(
    "-o", "--output", "output", metavar="FILE.html",
    help="Where to write the page (default: beside JOURNAL, named like it, ending .html).",
)
@click.option("--open", "open_it", is_flag=True, help="Open the page in the default browser.")
def view(journal: str, output: str | None, open_it: bool) -> None:
    """Write one web page to step through a journal's game: the board at every step.

    The page needs no network and no server: open it from the disk in any
    browser.  Step with the buttons, the slider, the arrow keys, Home and End,
    or click an event in the list.
    """
    from pathlib import Path

    from watan.pictures import viewer
    from watan.tools import history

    moment = _checked(lambda: history.load(journal))
    target = Path(output or Path(journal).with_suffix(".html"))
    if target.exists() and target.resolve() == Path(journal).resolve():
        _fail(f"{target}: that is the journal itself; choose another name with -o")
    _write(str(target), viewer.page(moment.header, moment.events, Path(journal).name))
    _warn_torn(journal, moment.torn_line)  # once nothing else can fail: a refusal is one line
    click.echo(printable(f"wrote {target} ({len(moment.events)} events)"))
    if open_it:
        import webbrowser

        if not webbrowser.open(target.resolve().as_uri()):
            click.echo(printable(f"watan: no browser to open; the page is {target}"), err=True)


@main.command(epilog=STEPS)
@click.argument("first", metavar="A")
@click.argument("second", metavar="B")
@click.option("--to", "to", type=int, metavar="N", help="Compare the journals at step N.")
@_edition_option
def diff(first: str, second: str, to: int | None, edition: str | None) -> None:
    """Compare two games (journals, or a journal and a .sv save file).

    Prints where the journals part ways and each difference between the two
    games as `path: A's value -> B's value`.  Exit status 0 when they are
    the same, 1 when they differ.
    """
    from watan.engine.state import Phase
    from watan.tools import compare

    journals = {path: _journal_side(path, to) for path in (first, second) if _is_journal(path)}
    # A .sv file is read in --edition's words, else in the journal's, else the program's.
    recorded = next((game.edition for game, _ in journals.values()), None)
    chosen = recorded if edition is None and recorded is not None else _edition(edition)
    a, a_events = journals.get(first) or _save_side(first, chosen)
    b, b_events = journals.get(second) or _save_side(second, chosen)
    lines = []
    if a_events is not None and b_events is not None:
        parting = compare.parting(a_events, b_events, a.edition)
        lines += [parting] if parting else []
    else:
        for path, game in ((first, a), (second, b)):
            if game.phase is Phase.SETUP:
                _fail(f"{path}: the game is still in setup, which a save file cannot hold")
        a, b = compare.as_loaded(a), compare.as_loaded(b)
    lines += compare.differences(a, b)
    click.echo("".join(f"{printable(line)}\n" for line in lines), nl=False)
    sys.exit(1 if lines else 0)


def _players(_: click.Context, __: click.Parameter, value: str) -> tuple[str, ...]:
    """Return the four strategies `--players` names, one per seat, or fail as click does."""
    from watan.players import STRATEGIES

    names = tuple(name.strip() for name in value.split(","))
    if len(names) != 4:
        raise click.BadParameter(f"name four strategies, one per seat, not {len(names)}")
    unknown = [name for name in names if name not in STRATEGIES]
    if unknown:
        raise click.BadParameter(
            f"there is no strategy {unknown[0]!r} (strategies: {', '.join(STRATEGIES)})"
        )
    return names


@main.command()
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True,
              help="How many games to play.")
@click.option("--seed", type=int, help="The run's seed (default: from the operating system).")
@click.option(
    "--players",
    "players",
    metavar="S,S,S,S",
    default="random,random,random,random",
    show_default=True,
    callback=_players,
    help="The strategy in each seat, Blue first in the first game: random, greedy or expert. "
    "Seats rotate by one every game, so each strategy plays every seat equally often.",
)
@click.option("--journals", metavar="DIR", help="Write each game's journal into DIR.")
@click.option("--workers", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes playing games at once; the results are the same for any number.")
@click.option("--turn-cap", type=click.IntRange(min=1), default=10_000, show_default=True,
              help="Stop a game after this many turns and count it unfinished.")
@click.option(
    "--cluster",
    metavar="ADDRESS",
    help="Play the games on a Dask cluster: its scheduler's address (tcp://host:8786), or "
    "'local' for a cluster of --workers processes on this machine (pip install "
    "'watan[cluster]'). The same seed gives the same games as without it.",
)
@_edition_option
def simulate(
    *,
    games: int,
    seed: int | None,
    players: tuple[str, ...],
    journals: str | None,
    workers: int,
    turn_cap: int,
    cluster: str | None,
    edition: str | None,
) -> None:
    """Play whole games between computer strategies, without a terminal, and report on them.

    Prints each strategy's wins with a 95% interval, the games' lengths in
    turns and events, and the speed.  The same --seed gives the same games
    whatever --workers is.
    """
    import os
    import time

    from replay.journal import JournalError
    from watan.tools import simulate as simulator
    from watan.tools.cluster import NoCluster

    played = _edition(edition)
    if seed is None:
        from watan.terminal.console import fresh_seed

        seed = fresh_seed()
    if journals is not None:
        try:
            os.makedirs(journals, exist_ok=True)
        except OSError as error:
            _fail(f"{journals}: cannot make the folder ({error.strerror or error})")
    click.echo(f"watan: simulating {games} games with seed {seed}", err=True)
    bar = _ProgressBar(games)
    began = time.perf_counter()
    try:
        results = simulator.simulate(
            seed, games, players=players, workers=workers, turn_cap=turn_cap,
            journals=journals, progress=bar.update, edition=played.name, cluster=cluster,
        )
    except (JournalError, NoCluster) as error:
        bar.close()
        _fail(str(error))
    seconds = time.perf_counter() - began
    bar.close()
    summary = simulator.summarise(results, players)
    click.echo(simulator.report(summary, seconds, workers, turn_cap), nl=False)


class _ProgressBar:
    """A progress bar on standard error, once a run has taken more than a second."""

    def __init__(self, total: int) -> None:
        import time

        self.total, self.began, self.shown = total, time.perf_counter(), False
        self.clock = time.perf_counter

    def update(self, done: int) -> None:
        if self.clock() - self.began < 1 and not self.shown:
            return
        filled = 30 * done // self.total
        bar = "#" * filled + "-" * (30 - filled)
        click.echo(f"\rsimulating [{bar}] {done}/{self.total} games", err=True, nl=False)
        self.shown = True

    def close(self) -> None:
        if self.shown:
            click.echo("", err=True)


def _is_journal(path: str) -> bool:
    """Return whether `diff` reads `path` as a journal rather than a .sv save file."""
    return not path.endswith(".sv")


def _save_side(path: str, played: Edition) -> tuple[Game, None]:
    """Return the game a .sv file of `played` holds (a journal's edition, or --edition)."""
    from watan.engine.state import loaded_game
    from watan.files.disk import read_save_file

    saved = _noting(_checked(lambda: read_save_file(path, played)))
    return loaded_game(saved.board, saved.position, played), None


def _journal_side(path: str, to: int | None) -> tuple[Game, tuple[AnyEvent, ...]]:
    """Return the game a journal holds at step `to`, and its events."""
    from watan.tools import history

    moment = _checked(lambda: history.load(path, to))
    _warn_torn(path, moment.torn_line)
    return moment.game, moment.events


@main.command()
@click.argument("journal")
def verify(journal: str) -> None:
    """Check a journal: every line, its header, and every event against the rules.

    Prints `ok` and the number of events, or the first problem with its line
    number; exit status 0 or 1.
    """
    from replay import JournalError
    from watan.tools import history

    try:
        moment = history.load(journal)
    except JournalError as error:
        click.echo(printable(str(error)))
        sys.exit(1)
    if moment.torn_line is not None:
        click.echo(printable(f"{journal}: line {moment.torn_line}: {TORN}"))
        sys.exit(1)
    click.echo(f"ok: {len(moment.events)} events")


TORN = (
    "the last line is incomplete (cut off mid-write); "
    "`watan play --resume` sets it aside and plays on"
)


def _warn_torn(journal: str, line: int | None) -> None:
    """Say on standard error that an incomplete last line was left out."""
    if line is not None:
        click.echo(printable(f"watan: {journal}: line {line}: {TORN}; left out here"), err=True)


def _noting(read: Read[T]) -> T:
    """Return what a file held, saying on standard error what reading it noted."""
    for note in read.notes:
        click.echo(printable(f"watan: {note}"), err=True)
    return read.value


def _checked(action: Callable[[], T]) -> T:
    """Return what `action` gives, or fail with its one-line error (bad journal or file)."""
    from replay.journal import JournalError
    from watan.files.savefile import BadFile

    try:
        return action()
    except (JournalError, BadFile) as error:
        _fail(str(error))


def _write(path: str, text: str) -> None:
    """Write `text` into the file at `path` atomically, or fail in one line."""
    from watan.files.disk import write_atomically

    try:
        write_atomically(path, text)
    except OSError as error:
        _fail(f"{path}: cannot write it ({error.strerror or error})")


def _picture(game: Game) -> str:
    """Return the board of `game` as an SVG document."""
    from watan.pictures import svg

    return svg.picture(game)


def _shown(game: Game, shape: str, journal: str, to: int | None) -> str:
    """Return the game as text, a save file, JSON or a picture of the board."""
    from watan.tools import history

    if shape == "svg":
        return _picture(game)
    if shape == "json":
        return history.as_json(game)
    if shape == "sv":
        try:
            return history.as_save(game)
        except history.SetupHasNoSave:
            at = "its end" if to is None else f"step {to}"
            _fail(f"{journal}: at {at} the game is still in setup, which a save file cannot hold")
    return history.as_text(game)


def _fail(message: str) -> NoReturn:
    """Print a one-line error on standard error and exit with status 2 (RULINGS 19)."""
    click.echo(printable(f"watan: {message}"), err=True)
    sys.exit(EXIT_BAD_FILE)
