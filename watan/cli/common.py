"""What the `watan` commands share: messages, options, files and `-`, progress bars.

Every message a command writes on standard error is one line beginning
with the program's name (`watan:`, `constructor:`), with the names it
repeats shown safely.  A refusal is such a line and exit status 2 (bad
usage or a bad file); `diff` and `verify` keep status 1 for their verdict.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click
from click.shell_completion import CompletionItem

from replay.edges.messages import printable, torn
from replay.edges.reading import STANDARD_STREAM
from watan.cli.options import EXIT_BAD_FILE, PLAY_OPTIONS
from watan.editions import DEFAULT_EDITION

if TYPE_CHECKING:
    from watan.editions.model import Edition
    from watan.files.savefile import Read

T = TypeVar("T")
CommandFunction = Callable[..., None]


PICTURE = "a picture of the board"
SAVE_FILE = "the spec's save file"


def program() -> str:
    """Return the program's name, which is the edition it plays by default: `watan` or
    `constructor`."""
    name = click.get_current_context().find_root().obj
    return name if isinstance(name, str) else DEFAULT_EDITION


def say(message: str) -> None:
    """Print one line on standard error, named for the program (`watan:`, `constructor:`)."""
    click.echo(printable(f"{program()}: {message}"), err=True)


def fail(message: str) -> NoReturn:
    """Print a one-line error on standard error and exit with status 2 (RULINGS 19)."""
    say(message)
    sys.exit(EXIT_BAD_FILE)


def checked(action: Callable[[], T]) -> T:
    """Return what `action` gives, or fail with its one-line error (bad journal or file)."""
    from replay.edges.reading import BadFile
    from replay.journal import JournalError

    try:
        return action()
    except (JournalError, BadFile) as error:
        fail(str(error))


def noting(read: Read[T]) -> T:
    """Return what a file held, saying on standard error what reading it noted."""
    for note in read.notes:
        say(note)
    return read.value


TORN = torn("watan")


def warn_torn(journal: str, line: int | None) -> None:
    """Say on standard error that an incomplete last line was left out."""
    if line is not None:
        say(f"{journal}: line {line}: {TORN}; left out here")


# Files, and `-` for the standard streams -----------------------------------------------------


class FileName(click.types.StringParamType):
    """A file's (or folder's) name, taken as typed: the command reports one it cannot use in
    its own words.  Shells complete it as a file (or folder) name."""

    def __init__(self, kind: str) -> None:
        self.name = kind

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[CompletionItem]:
        return [CompletionItem(incomplete, type=self.name)]


FILE = FileName("file")
FOLDER = FileName("dir")


def play_options(
    only: frozenset[str] | None = None,
) -> Callable[[CommandFunction], CommandFunction]:
    """Give a command the options of `watan play` (`watan.cli.options`, the table the fast
    path reads too), or those of them named in `only`; shells complete the values of those
    that name something (the others are files, numbers or free)."""
    completed = {
        "edition": edition_names,
        "house_rules": house_rule_names,
        "computer": computer_seats,
        "human": colour_names,
    }

    def decorate(command: CommandFunction) -> CommandFunction:
        for option in reversed(PLAY_OPTIONS):
            if only is not None and option.name not in only:
                continue
            if option.flag:
                command = click.option(
                    *option.flags, option.name, is_flag=True, help=option.help
                )(command)
                continue
            kind: Any = int if option.number else FILE if option.file else str
            command = click.option(
                *option.flags,
                option.name,
                type=kind,
                metavar=option.metavar,
                help=option.help,
                multiple=option.repeated,
                shell_complete=completed.get(option.name),
            )(command)
        return command

    return decorate


def read_input(limit: int | None = None) -> bytes:
    """Return what standard input holds (its first `limit` bytes, when given)."""
    stream = sys.stdin.buffer
    return stream.read() if limit is None else stream.read(limit)


def write(path: str, text: str, *, ours: Callable[[bytes], bool] | None = None) -> None:
    """Write `text` into the file at `path` atomically (`-`: standard output), or fail.

    With `ours`, the file is one the user did not name, written only over an earlier one
    of its kind (`replay.edges.saving.write_unnamed`); a refusal says how to write anyway.
    """
    from replay.edges.saving import write_atomically, write_unnamed
    from watan.files.disk import SAVING

    if path == STANDARD_STREAM:
        click.echo(text, nl=False)
        return
    try:
        if ours is None:
            write_atomically(path, text, prefix=SAVING)
        else:
            write_unnamed(path, text, prefix=SAVING, ours=ours)
    except OSError as error:
        also = "; --force writes it anyway, or name another with -o" if ours else ""
        fail(f"{path}: cannot write it ({error.strerror or error}){also}")


# Options ---------------------------------------------------------------------------------------


def edition_option(*, to_play: bool = False) -> Callable[[CommandFunction], CommandFunction]:
    """Give a command `--edition`: of the files it reads (a journal says its own edition; a
    save file does not), or, `to_play`, of the games it plays.

    The name is checked when the command runs (`edition`): listing the
    editions for `--help` would load them all.  Shells complete the names.
    """
    return click.option(
        "--edition",
        "edition",
        metavar="NAME",
        default=None,
        help=(
            "The edition to play: watan or constructor (default: the program's)."
            if to_play
            else "The edition whose files these are: watan or constructor (default: the "
            "program's)."
        ),
        shell_complete=edition_names,
    )


def house_rules_option() -> Callable[[CommandFunction], CommandFunction]:
    """Give a command `--house-rules NAME[,NAME...]` (repeatable; house-rules.md ruling 1):
    the value is the house rules asked for, each once, in order; an unknown name is a usage
    error, as click reports one.  Shells complete the names."""
    return click.option(
        "--house-rules",
        "house_rules",
        metavar="NAME[,NAME...]",
        multiple=True,
        callback=_house_rules,
        help="Play with house rules: bank-trade, dev-cards, seven-over-7, "
        "geese-start-on-park, or standard for all four.",
        shell_complete=house_rule_names,
    )


def _house_rules(_: click.Context, __: click.Parameter, values: tuple[str, ...]) -> tuple[str, ...]:
    from watan.match.options import BadOption, house_rules_asked

    try:
        return house_rules_asked(values)
    except BadOption as unknown:
        raise click.BadParameter(str(unknown)) from None


def house_rule_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Return the house rules that complete the last name of a `--house-rules` list."""
    from watan.match.options import HOUSE_RULE_NAMES

    return [f"{done}{name}" for done, name in _listed(incomplete, HOUSE_RULE_NAMES)]


def edition_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Return the editions whose names begin with `incomplete`."""
    from watan.editions import names

    return [name for name in names() if name.startswith(incomplete)]


def colour_names(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Return the colours (`--human COLOUR`) whose names begin with `incomplete`, in any case."""
    from watan.match.options import COLOUR_NAMES

    return [name for name in COLOUR_NAMES if name.lower().startswith(incomplete.lower())]


def computer_seats(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Return the `COLOUR=STRATEGY` values (`--computer`) that begin with `incomplete`: every
    colour with every strategy, built in or installed."""
    wanted = incomplete.lower()
    return [
        seat
        for colour in colour_names(ctx, param, incomplete.partition("=")[0])
        for name in _strategy_names()
        if (seat := f"{colour}={name}").lower().startswith(wanted)
    ]


def strategy_lists(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[str]:
    """Return the strategies that complete the last name of a `--players S,S,S,S` list."""
    if incomplete.count(",") > 3:
        return []
    return [f"{done}{name}" for done, name in _listed(incomplete, _strategy_names())]


def _strategy_names() -> tuple[str, ...]:
    """Return every strategy's name: the built-in ones, weakest first, then installed ones."""
    from watan.players import STRATEGIES
    from watan.players.plugins import installed

    return (*STRATEGIES, *installed())


def _listed(incomplete: str, names: tuple[str, ...]) -> list[tuple[str, str]]:
    """Return (the names typed before the last comma, with it; a name) for each name that
    completes the last one of a comma-separated list."""
    done, comma, last = incomplete.rpartition(",")
    return [(done + comma, name) for name in names if name.startswith(last)]


def chosen_edition(name: str | None) -> Edition:
    """Return the edition called `name` (the program's own when None), or fail in one line."""
    from watan.editions import UnknownEdition
    from watan.editions import edition as named

    try:
        return named(program() if name is None else name)
    except UnknownEdition as unknown:
        fail(str(unknown))


def format_option(**shapes: str) -> Callable[[CommandFunction], CommandFunction]:
    """Give a command `--format`: each shape by name with what it shows, the first by default."""
    return click.option(
        "--format",
        "shape",
        type=click.Choice(list(shapes)),
        default=next(iter(shapes)),
        show_default=True,
        help="; ".join(f"{name}: {what}" for name, what in shapes.items()) + ".",
    )


STEPS = (
    "Events are numbered from 1, after the journal's header line; step N is the game "
    "after the first N events, and step 0 is the game as the header starts it.  Turn 1 is "
    "the first turn after setup (or the first of a game begun from a save file); --turn N "
    "is the step at which turn N begins."
)


def step_options(to: str) -> Callable[[CommandFunction], CommandFunction]:
    """Give a command `--to N` (what `to` says it does) and `--turn N`, its step counted in
    turns (`chosen_step` checks that they are not both given)."""

    def decorate(command: CommandFunction) -> CommandFunction:
        command = click.option(
            "--turn",
            "turn",
            type=int,
            metavar="N",
            help="The same at the step where turn N begins (turn 1: the first after setup).",
        )(command)
        return click.option("--to", "to", type=int, metavar="N", help=to)(command)

    return decorate


def output_option(metavar: str, help: str) -> Callable[[CommandFunction], CommandFunction]:
    """Give a command `-o`/`--output`: the file it writes (completed as a file name)."""
    return click.option("-o", "--output", "output", metavar=metavar, type=FILE, help=help)


def chosen_step(to: int | None, turn: int | None, *, required: bool = False) -> None:
    """Refuse `--to` with `--turn`, or neither when one is required, as click refuses usage."""
    if to is not None and turn is not None:
        raise click.UsageError("give --to or --turn, not both")
    if required and to is None and turn is None:
        raise click.UsageError("give --to N or --turn N")


# Progress --------------------------------------------------------------------------------------


def on_terminal() -> bool:
    """Return whether standard error is a terminal, where a progress bar can be drawn."""
    try:
        return sys.stderr.isatty()
    except (OSError, ValueError):
        return False


DELAY = 1.0
"""Seconds a piece of work runs before its progress bar is drawn: a quick one never flickers."""


BYTES = "bytes"
"""The unit of a bar that counts the bytes of a file read so far."""


class ProgressBar:
    """A progress bar on standard error, drawn only on a terminal and only once a piece of
    work has taken `DELAY` seconds."""

    WIDTH = 30

    def __init__(
        self,
        doing: str,
        unit: str,
        *,
        shown: bool | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.doing, self.unit, self.clock, self.delay = doing, unit, clock, DELAY
        self.on = on_terminal() if shown is None else shown
        self.began, self.drawn, self.filled = clock(), False, -1

    def update(self, done: int, total: int) -> None:
        """Draw the bar at `done` of `total`, when it is due."""
        if not self.on or total <= 0:
            return
        if not self.drawn and self.clock() - self.began < self.delay:
            return
        filled = self.WIDTH * min(done, total) // total
        if filled == self.filled and done < total:
            return
        self.filled, self.drawn = filled, True
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        click.echo(f"\r{self.doing} [{bar}] {self._amounts(done, total)}", err=True, nl=False)

    def _amounts(self, done: int, total: int) -> str:
        """Return `done/total unit`; bytes are counted in kB or MB, as the total is large."""
        if self.unit != BYTES:
            return f"{done}/{total} {self.unit}"
        scale, unit = (1e6, "MB") if total >= 1e6 else (1e3, "kB")
        return f"{done / scale:.1f}/{total / scale:.1f} {unit}"

    def close(self) -> None:
        """End the bar's line, if one was drawn."""
        if self.drawn:
            click.echo("", err=True)

