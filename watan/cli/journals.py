"""The commands that work on journals: `rewind`, `verify`, `diff` and `games`.

`-` reads a journal (or, for `diff`, either side) from standard input.
"""

from __future__ import annotations

import io
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
    chosen_edition,
    chosen_step,
    edition_option,
    fail,
    format_option,
    noting,
    output_option,
    program,
    say,
    step_options,
    warn_torn,
)

if TYPE_CHECKING:
    from replay.journal import Source
    from watan.editions.model import Edition
    from watan.tools.compare import Side


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
    from replay.history import NewJournal, rewind_back, went_back
    from watan.cli.looking import read_journal
    from watan.definition import WATAN

    chosen_step(to, turn)
    if to is None and turn is None:
        raise click.UsageError("give --to N or --turn N")
    if in_place and output is not None:
        fail("give either -o or --in-place, not both")
    if journal == STANDARD_STREAM and output is None:
        fail("the journal comes from standard input: name the new one with -o OUT")
    name, data = journal_source(journal)
    if turn is not None:
        to = len(read_journal(name, data, None, turn).events)
    assert to is not None
    target = NewJournal(journal, output)
    out = journal if in_place else target
    rewound = checked(lambda: rewind_back(WATAN, name, to, out, replace=in_place, data=data))
    written = target.written or journal
    kept = len(rewound.kept.events)
    if rewound.inside is not None:
        say(went_back(to, rewound.inside, kept))
    warn_torn(name, rewound.kept.torn_line)
    click.echo(
        printable(
            f"wrote {written} ({kept} events); play on with: {program()} play --resume {written}"
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
    from replay.history import check
    from replay.parallel import check_on_both
    from watan.definition import WATAN

    name, data = journal_source(journal)
    bar = ProgressBar("checking", "events" if data is not None else BYTES)
    try:  # a file is checked as a stream, in little memory however long it is, on two cores
        moment = (
            check(WATAN, name, data=data, progress=bar.update) if data is not None
            else check_on_both(WATAN, name, progress=bar.update, seal=True)
        )
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
@format_option(
    text="a line per difference, in the game's words",
    json="a document for programs (watan schema diff gives its JSON Schema)",
)
def diff(
    *, first: str, second: str, to: int | None, turn: int | None, edition: str | None, shape: str
) -> None:
    """Compare two games (journals, or a journal and a .sv save file).

    Prints where the journals part (`The games part at step 41: Blue rolled 8
    / Blue rolled 6.`), then one line per difference between the two games
    (`Blue: LAB 2 → 3`, `criterion 20: Blue's Assignment → Blue's
    Midterm`), then how many; that they are the same game; or, for two
    different games (another board or edition), why in one line.  Exit
    status 0 when they are the same, 1 when they differ.  Either A or B may
    be - for standard input.
    """
    from replay.compare import document, report
    from watan.tools.compare import StillInSetup, compare, structural, told_apart

    chosen_step(to, turn)
    if first == second == STANDARD_STREAM:
        fail("only one of A and B can be standard input")
    sources = {path: _source(path) for path in (first, second)}
    journals = {
        path: _journal_side(name, data, to, turn)
        for path, (name, data, journal) in sources.items()
        if journal
    }
    # A .sv file is read in --edition's words, else in the journal's, else the program's;
    # the games are compared in the first journal's words.
    recorded = next(
        (side.journal.header.edition for side in journals.values() if side.journal), None
    )
    chosen = chosen_edition(recorded if edition is None and recorded is not None else edition)
    a, b = (
        journals[path] if path in journals else _save_side(*sources[path][:2], chosen)
        for path in (first, second)
    )
    try:
        found = compare(a, b, chosen)
    except StillInSetup as setup:
        fail(str(setup))
    games = found.games
    if shape == "json":
        import msgspec

        changes = [] if games is None else structural(*games, chosen)
        made = document("watan", (a.name, b.name), found.unrelated, found.parting, changes)
        click.echo(msgspec.json.encode(made).decode())
        sys.exit(0 if made.same else 1)
    lines = [] if games is None else told_apart(*games, chosen)
    same, shown = report((a.name, b.name), found.unrelated, found.parting, lines)
    click.echo("".join(f"{printable(line)}\n" for line in shown), nl=False)
    sys.exit(0 if same else 1)


def _source(path: str) -> tuple[str, Source | None, bool]:
    """Return one side of `diff`: its name, standard input when it is `-` (a journal, read
    line by line; a save file's first bytes), and whether it is a journal (anything but a
    .sv file; on standard input, what begins with `{`)."""
    if path != STANDARD_STREAM:
        return path, None, not path.endswith(".sv")
    from watan.files.disk import MOST_BYTES

    stdin = sys.stdin.buffer
    if not isinstance(stdin, io.BufferedReader):  # a stream tests give: looked at the same way
        stdin = io.BufferedReader(stdin)
    if stdin.peek(1)[:4096].lstrip().startswith(b"{"):
        return STANDARD_INPUT, stdin, True
    return STANDARD_INPUT, stdin.read(MOST_BYTES + 1), False


def _save_side(name: str, data: Source | None, played: Edition) -> Side:
    """Return the game a .sv file of `played` holds (a journal's edition, or --edition)."""
    from watan.files.disk import read_game
    from watan.tools.compare import Side

    raw = data if isinstance(data, bytes) else None  # a save file on `-` is its first bytes
    game, _ = noting(checked(lambda: read_game(name, played, raw, board=False)))
    return Side(name, game)


def _journal_side(name: str, data: Source | None, to: int | None, turn: int | None) -> Side:
    """Return a journal at step `to` (or turn `turn`), checked."""
    from watan.cli.looking import read_journal
    from watan.tools.compare import Side

    moment = read_journal(name, data, to, turn)
    warn_torn(name, moment.torn_line)
    return Side(name, moment.state, moment)


@click.command()
@click.argument("folder", required=False, type=FOLDER)
def games(folder: str | None) -> None:
    """List the games in the journal folder, newest first, and how to play each on.

    The journal folder is $WATAN_JOURNALS when it is set, else watan/journals
    in the user's data folder ($XDG_DATA_HOME, by default ~/.local/share);
    FOLDER lists another.  Sub-folders are looked in too (four deep at most,
    links to folders not followed).  Each game shows when it started, its edition (and
    house rules), who played each seat, its steps, and who won or where it
    stands, with the command that plays it on.
    """
    import os
    import shlex
    import time

    from watan.files.journal import journal_folder
    from watan.tools.games import summaries

    where = folder or journal_folder(os.environ).path
    if folder is not None and not os.path.isdir(folder):
        fail(f"{folder}: {'is not a folder' if os.path.exists(folder) else 'no such folder'}")
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
            f"won by {game.winner.title}"
            if game.winner is not None
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
