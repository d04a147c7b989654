"""The commands that work on journals: `rewind`, `verify`, `diff` and `games`.

`-` reads a journal (or, for `diff`, either side) from standard input.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from replay.edges.messages import printable
from replay.edges.reading import STANDARD_INPUT, STANDARD_STREAM, journal_source
from watan.cli.common import (
    BYTES,
    FILE,
    FOLDER,
    STEPS,
    TORN,
    ProgressBar,
    checked,
    chosen_step,
    edition_option,
    fail,
    noting,
    output_option,
    program,
    read_input,
    say,
    step_options,
    warn_torn,
)
from watan.cli.common import edition as edition_named

if TYPE_CHECKING:
    from watan.editions.model import Edition
    from watan.engine.events import AnyEvent
    from watan.engine.state import Game
    from watan.tools.history import Moment


@click.command(epilog=STEPS)
@click.argument("journal", type=FILE)
@step_options("Keep the first N events.")
@output_option("OUT", "Where to write the shorter journal.")
@click.option("--in-place", is_flag=True, help="Replace JOURNAL itself (atomically).")
def rewind(
    journal: str, to: int | None, turn: int | None, output: str | None, in_place: bool
) -> None:
    """Write a journal holding only the first N events of JOURNAL, to play on with --resume.

    By default the new journal goes beside the original as NAME-to-N.jsonl; the
    original is never changed unless --in-place is given.  A step inside a
    command (between a roll and what it produced, say) goes back to where the
    command began.  JOURNAL may be - for standard input, with -o.
    """
    from replay.history import NewJournal, went_back
    from watan.tools import history

    chosen_step(to, turn)
    if to is None and turn is None:
        raise click.UsageError("give --to N or --turn N")
    if in_place and output is not None:
        fail("give either -o or --in-place, not both")
    if journal == STANDARD_STREAM and output is None:
        fail("the journal comes from standard input: name the new one with -o OUT")
    name, data = journal_source(journal)
    if turn is not None:
        to = len(checked(lambda: history.load(name, turn=turn, data=data)).events)
    assert to is not None
    target = NewJournal(journal, output)
    out = journal if in_place else target
    rewound = checked(lambda: history.rewind(name, to, out, replace=in_place, data=data))
    written = target.written or journal
    kept = len(rewound.kept.events)
    if rewound.inside is not None:
        say(went_back(to, rewound.inside, kept))
    warn_torn(name, rewound.kept.torn_line)
    click.echo(
        printable(
            f"wrote {written} ({kept} events); "
            f"play on with: {program()} play --resume {written}"
        )
    )


@click.command()
@click.argument("journal", type=FILE)
def verify(journal: str) -> None:
    """Check a journal: every line, its header, and every event against the rules.

    Prints `ok` and the number of events, or the first problem with its line
    number; exit status 0 or 1.  JOURNAL may be - for standard input.
    """
    from replay import JournalError
    from watan.tools import history

    name, data = journal_source(journal)
    bar = ProgressBar("checking", "events" if data is not None else BYTES)
    try:  # a file is checked as a stream, in little memory however long it is
        moment = history.check(name, data=data, progress=bar.update)
    except JournalError as error:
        bar.close()
        click.echo(printable(str(error)))
        sys.exit(1)
    bar.close()
    if moment.torn_line is not None:
        click.echo(printable(f"{name}: line {moment.torn_line}: {TORN}"))
        sys.exit(1)
    click.echo(f"ok: {moment.events} events")


@click.command(epilog=STEPS)
@click.argument("first", metavar="A", type=FILE)
@click.argument("second", metavar="B", type=FILE)
@step_options("Compare the journals at step N.")
@edition_option()
def diff(first: str, second: str, to: int | None, turn: int | None, edition: str | None) -> None:
    """Compare two games (journals, or a journal and a .sv save file).

    Prints where the journals part ways and each difference between the two
    games as `path: A's value -> B's value`; two different games (another
    board or edition) in one line.  Exit status 0 when they are the same, 1
    when they differ.  Either A or B may be - for standard input.
    """
    from msgspec.structs import replace

    from replay.compare import parting
    from watan.definition import WATAN
    from watan.engine.state import Phase
    from watan.tools import compare

    chosen_step(to, turn)
    if first == second == STANDARD_STREAM:
        fail("only one of A and B can be standard input")
    sides = {path: _side(path) for path in (first, second)}
    journals = {
        path: _journal_side(name, data, to, turn)
        for path, (name, data, journal) in sides.items()
        if journal
    }
    # A .sv file is read in --edition's words, else in the journal's, else the program's;
    # the games are compared in the first journal's words.
    recorded = next((moment.header.edition for moment in journals.values()), None)
    chosen = edition_named(recorded if edition is None and recorded is not None else edition)

    def game_of(path: str) -> tuple[Game, tuple[AnyEvent, ...] | None]:
        if path in journals:
            return journals[path].game, journals[path].events
        return _save_side(sides[path][0], sides[path][1], chosen), None

    (a, a_events), (b, b_events) = game_of(first), game_of(second)
    names = (sides[first][0], sides[second][0])
    starts = None
    if len(journals) == 2:
        starts = (journals[first].header, journals[second].header)
    editions = tuple(
        journals[path].header.edition if path in journals else chosen.name
        for path in (first, second)
    )
    unlike = compare.unrelated(a, b, (editions[0], editions[1]), starts)
    if unlike is not None:
        click.echo(printable(f"{names[0]} and {names[1]} are different games: {unlike}."))
        sys.exit(1)
    lines = []
    if a_events is not None and b_events is not None:
        # Described in the chosen edition's words, as the states' differences are.
        header = replace(journals[first].header, edition=chosen.name)
        parted = parting(WATAN, header, a_events, b_events)
        lines += [parted] if parted else []
    else:
        for name, game in zip(names, (a, b), strict=True):
            if game.phase is Phase.SETUP:
                fail(f"{name}: the game is still in setup, which a save file cannot hold")
        a, b = compare.as_loaded(a), compare.as_loaded(b)
    lines += compare.differences(a, b, chosen)
    click.echo("".join(f"{printable(line)}\n" for line in lines), nl=False)
    sys.exit(1 if lines else 0)


def _side(path: str) -> tuple[str, bytes | None, bool]:
    """Return one side of `diff`: its name, its bytes when it is standard input, and whether
    it is a journal (anything but a .sv file; on standard input, what begins with `{`)."""
    if path != STANDARD_STREAM:
        return path, None, not path.endswith(".sv")
    data = read_input()
    return STANDARD_INPUT, data, data.lstrip().startswith(b"{")


def _save_side(name: str, data: bytes | None, played: Edition) -> Game:
    """Return the game a .sv file of `played` holds (a journal's edition, or --edition)."""
    from replay.edges.reading import BadFile
    from watan.engine.state import restored
    from watan.files.disk import MOST_BYTES, mistaken, read_save_file, read_text
    from watan.files.savefile import read_save

    def read() -> Game:
        if data is None:
            saved = noting(read_save_file(name, played))
        else:
            text = read_text(name, data[: MOST_BYTES + 1])
            try:
                saved = noting(read_save(text, name, played))
            except BadFile as error:
                raise mistaken(error, text, played) from None
        return restored(saved, played.rules)

    return checked(read)


def _journal_side(name: str, data: bytes | None, to: int | None, turn: int | None) -> Moment:
    """Return a journal at step `to` (or turn `turn`), checked."""
    from watan.tools import history

    moment = checked(lambda: history.load(name, to, turn=turn, data=data))
    warn_torn(name, moment.torn_line)
    return moment


@click.command()
@click.argument("folder", required=False, type=FOLDER)
def games(folder: str | None) -> None:
    """List the games in the journal folder, newest first, and how to play each on.

    The journal folder is $WATAN_JOURNALS when it is set, else watan/journals
    in the user's data folder ($XDG_DATA_HOME, by default ~/.local/share);
    FOLDER lists another.  Each game shows when it started, its edition (and
    house rules), who played each seat, its steps, and who won or where it
    stands, with the command that plays it on.
    """
    import os
    import shlex
    import time

    from watan.files.journal import journal_folder
    from watan.tools.games import summaries

    where = folder or journal_folder(os.environ).path
    found = summaries(where)
    if not found:
        click.echo(printable(f"No games in {where} yet."))
        return
    for game in found:
        started = time.strftime("%Y-%m-%d %H:%M", time.localtime(game.started))
        path = shlex.quote(game.path)
        if game.problem is not None:
            click.echo(printable(f"{started}  {game.path}: cannot be read: {game.problem}"))
            continue
        rules = f" with {', '.join(game.house_rules)}" if game.house_rules else ""
        stands = (
            f"won by {game.winner.title}" if game.winner is not None
            else f"in progress: {game.standing}"
        )
        click.echo(
            printable(
                f"{started}  {game.edition}{rules}  {', '.join(game.players)}  "
                f"{game.events} events  {stands}"
            )
        )
        command = "replay" if game.winner is not None else "play --resume"
        click.echo(printable(f"    {program()} {command} {path}"))
