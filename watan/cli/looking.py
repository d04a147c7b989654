"""The commands that show a game: `show`, `replay`, `export`, `view`, `schema`, and `rules`,
how it is played.

`-` reads the file from standard input (`watan replay - < game.jsonl`), and
`export -o -` writes to standard output.  Checking a long journal draws a
progress bar on a terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from replay.edges.messages import printable
from replay.edges.reading import STANDARD_INPUT, STANDARD_STREAM, journal_source
from watan.cli.common import (
    BYTES,
    FILE,
    PICTURE,
    SAVE_FILE,
    STEPS,
    ProgressBar,
    checked,
    chosen_edition,
    chosen_step,
    edition_option,
    fail,
    format_option,
    house_rules_option,
    noting,
    output_option,
    program,
    read_input,
    say,
    step_options,
    warn_torn,
    write,
)

if TYPE_CHECKING:
    from replay.journal import Source
    from watan.definition import WatanChecked, WatanMoment


@click.command()
@click.argument("file", metavar="FILE", type=FILE)
@edition_option()
@format_option(text="as the game prints it", svg=PICTURE)
def show(file: str, edition: str | None, shape: str) -> None:
    """Print the board of a board file, or a save file's board and status lines.

    FILE may be - for standard input.
    """
    from watan.files.disk import MOST_BYTES, read_game
    from watan.pictures import svg
    from watan.text import render

    played = chosen_edition(edition)
    name, data = file, None
    if file == STANDARD_STREAM:
        name, data = STANDARD_INPUT, read_input(MOST_BYTES + 1)
    game, saved = noting(checked(lambda: read_game(name, played, data)))
    if shape == "svg":
        click.echo(svg.picture(game, played), nl=False)
        return
    status = render.status(game, played) if saved else ""
    click.echo(render.board(game, played) + status, nl=False)


def journal_at(journal: str, to: int | None, turn: int | None) -> tuple[str, WatanMoment]:
    """Return a journal argument's name and the journal at the step asked for (`--to`, or
    where `--turn` begins), checked.

    `-` is standard input; checking a long journal draws a progress bar on a terminal.
    """
    chosen_step(to, turn)
    name, data = journal_source(journal)
    return name, read_journal(name, data, to, turn)


def whole_at(journal: str, to: int | None, turn: int | None) -> tuple[str, WatanMoment, int | None]:
    """Return a journal argument's name, the journal read whole and checked, and the step
    `--to` or `--turn` names in it (None for neither), or fail naming a step past its end."""
    from watan.definition import at_turn

    chosen_step(to, turn)
    name, whole = journal_at(journal, None, None)
    step = to
    if turn is not None:
        step = len(checked(lambda: at_turn(whole, turn, name)).events)
    if step is not None and not 0 <= step <= len(whole.events):
        fail(f"{name}: there is no step {step}: the last event is {len(whole.events)}")
    return name, whole, step


def read_journal(name: str, data: Source | None, to: int | None, turn: int | None) -> WatanMoment:
    """Return the journal `name` (or `data`, standard input) at step `to`, or where turn
    `turn` begins (the whole journal checked), or fail in one line."""
    from replay import history
    from watan.definition import WATAN, at_turn

    bar = ProgressBar("checking", "events")
    try:
        if turn is None:
            return checked(
                lambda: history.load(WATAN, name, to, data=data, progress=bar.update, sealed=True)
            )
        whole = checked(
            lambda: history.load(WATAN, name, data=data, progress=bar.update, sealed=True)
        )
    finally:
        bar.close()
    return checked(lambda: at_turn(whole, turn, name))


def checked_at(
    journal: str, to: int | None, turn: int | None
) -> tuple[str, WatanMoment | WatanChecked]:
    """Return what `journal_at` does, without the events: a journal file is checked as a
    stream, in little memory however long it is (`replay.history.check`).

    A turn asked for needs every event, and standard input is read whole: both are loaded.
    """
    from replay import history
    from watan.definition import WATAN

    chosen_step(to, turn)
    name, data = journal_source(journal)
    if turn is not None or data is not None:
        return name, read_journal(name, data, to, turn)
    bar = ProgressBar("checking", BYTES)
    try:
        return name, checked(
            lambda: history.check(WATAN, name, to, progress=bar.update, sealed=True)
        )
    finally:
        bar.close()


@click.command(epilog=STEPS)
@click.argument("journal", type=FILE)
@step_options("Show the game after event N.")
@format_option(
    text="board, status lines and standing",
    sv=SAVE_FILE,
    json="the game as a document for programs (watan schema gives its JSON Schema)",
    svg=PICTURE,
)
def replay(journal: str, to: int | None, turn: int | None, shape: str) -> None:
    """List a journal's events under their turns, or show the game at step N.

    Without --to or --turn, text lists the events; sv, json and svg show
    the game at the end.  JOURNAL may be - for standard input.
    """
    from replay.history import listing
    from watan.definition import WATAN

    moment: WatanMoment | WatanChecked
    if to is None and turn is None and shape == "text":
        name, whole = journal_at(journal, to, turn)
        text, moment = "".join(listing(WATAN, whole.header, whole.events)), whole
    else:  # the events are needed for json's turn count; otherwise the game alone
        if shape == "json":
            name, moment = journal_at(journal, to, turn)
        else:
            name, moment = checked_at(journal, to, turn)
        text = shown(moment, shape, name, to, turn)
    warn_torn(name, moment.torn_line)  # once nothing else can fail: a refusal is one line
    click.echo(text, nl=False)


@click.command(epilog=STEPS)
@click.argument("journal", type=FILE)
@step_options("After event N (default: the end).")
@output_option("FILE", "Write here instead of printing (- prints).")
@click.option("--force", is_flag=True, help="Replace FILE if it exists.")
@format_option(sv=SAVE_FILE, svg=PICTURE)
def export(
    *, journal: str, to: int | None, turn: int | None, output: str | None, force: bool, shape: str
) -> None:
    """Write the spec's save file (.sv), or a picture of the board, for a moment of a journal.

    JOURNAL may be - for standard input.  An existing FILE is kept unless
    --force is given.
    """
    import os

    chosen_step(to, turn)
    if output not in (None, STANDARD_STREAM) and os.path.lexists(output) and not force:
        fail(f"{output}: already exists; give --force to replace it")
    name, moment = checked_at(journal, to, turn)
    text = shown(moment, shape, name, to, turn)
    if output is not None and output != STANDARD_STREAM:
        write(output, text)
    warn_torn(name, moment.torn_line)  # once nothing else can fail: a refusal is one line
    if output is None or output == STANDARD_STREAM:
        click.echo(text, nl=False)


@click.command(epilog=STEPS)
@click.argument("journal", type=FILE)
@step_options("Open the page at step N (default: 0, as the game began).")
@output_option(
    "FILE.html",
    "Where to write the page (default: beside JOURNAL, named like it, ending .html; "
    "standard output when JOURNAL is -; - for standard output).",
)
@click.option("--open", "open_it", is_flag=True, help="Open the page in the default browser.")
@click.option(
    "--force",
    is_flag=True,
    help="Write the default page even over a file that is not an earlier page, or through "
    "a link out of the journal's folder.",
)
@click.option(
    "--analysis",
    metavar="FILE",
    type=FILE,
    help="Draw the win chances of an analysis of this game (watan analyze --format json "
    "> FILE) under the board, its marked moves in the event list.",
)
@click.option(
    "--analyze", is_flag=True, help="Analyse the game first (as watan analyze does) and draw it."
)
def view(
    *,
    journal: str,
    to: int | None,
    turn: int | None,
    output: str | None,
    open_it: bool,
    force: bool,
    analysis: str | None,
    analyze: bool,
) -> None:
    """Write one web page to step through a journal's game: the board at every step.

    The page needs no network and no server: open it from the disk in any
    browser.  Step with the buttons, the slider, the arrow keys, Home and End,
    or click an event in the list.  JOURNAL may be - for standard input.
    """
    from pathlib import Path

    from watan.pictures import viewer

    chosen_step(to, turn)
    if journal == STANDARD_STREAM and output is None:
        output = STANDARD_STREAM
    if output == STANDARD_STREAM and open_it:
        fail("--open needs a page on the disk; name it with -o FILE.html")
    name, whole, opening = whole_at(journal, to, turn)
    drawn = _analysis_for(name, whole, analysis, analyze)
    page = viewer.page(whole.header, whole.events, Path(name).name, opening or 0, drawn)
    if output == STANDARD_STREAM:
        warn_torn(name, whole.torn_line)
        click.echo(page, nl=False)
        return
    target = Path(output or Path(journal).with_suffix(".html"))
    if target.exists() and target.resolve() == Path(journal).resolve():
        fail(f"{target}: that is the journal itself; choose another name with -o")
    if output is None:  # a page nobody named: never through a planted link, nor over a file
        write(str(target), page, ours=None if force else viewer.is_page)
    else:
        write(str(target), page)
    warn_torn(name, whole.torn_line)  # once nothing else can fail: a refusal is one line
    click.echo(printable(f"wrote {target} ({len(whole.events)} events)"))
    if open_it:
        import webbrowser

        address = target.resolve().as_uri() + (f"#step={opening}" if opening else "")
        if not webbrowser.open(address):
            say(f"no browser to open; the page is {target}")


def _analysis_for(name: str, whole: WatanMoment, analysis: str | None, analyze: bool) -> str | None:
    """Return the analysis to draw on the page as JSON: read from `analysis` (checked against
    its schema's types and the journal's length), made now with `analyze`, or none."""
    if analysis is not None and analyze:
        raise click.UsageError("give --analysis FILE or --analyze, not both")
    import msgspec

    from watan.tools.analysis import analysed, document

    if analyze:
        bar = ProgressBar("analysing", "decisions")
        try:
            made = analysed.analyse(whole.header, whole.events, name, progress=bar.update)
        finally:
            bar.close()
        return document.encode(made)
    if analysis is None:
        return None
    try:
        with open(analysis, "rb") as source:
            data = source.read()
        read = msgspec.json.decode(data, type=document.Analysis)
    except OSError as error:
        fail(f"{analysis}: cannot read it ({error.strerror or error})")
    except msgspec.DecodeError as error:
        fail(f"{analysis}: not an analysis (watan analyze --format json): {error}")
    if read.steps > len(whole.events):
        fail(f"{analysis}: an analysis of {read.steps} steps; {name} has {len(whole.events)}")
    return data.decode()


@click.command()
@house_rules_option()
@edition_option(to_play=True)
def rules(house_rules: tuple[str, ...], edition: str | None) -> None:
    """Print the rules on one screen: how to win, setup, the dice, production, the geese,
    building with its prices, trading, and the house rules asked for.

    The numbers are the ones the game plays by, for the edition and house rules given.
    """
    from watan.match.options import rules_of
    from watan.text.rulebook import summary

    played = chosen_edition(edition)
    click.echo(summary(played, rules_of(played, house_rules), program()), nl=False)


@click.command()
@click.argument(
    "of",
    metavar="[replay|diff|analysis]",
    type=click.Choice(["replay", "diff", "analysis"]),
    default="replay",
)
def schema(of: str) -> None:
    """Print the JSON Schema of `replay --format json`'s document (or, with `diff`, of
    `diff --format json`'s; with `analysis`, of `analyze --format json`'s), generated from
    its types."""
    import msgspec

    if of == "diff":
        from replay.compare import document_schema

        made = document_schema("watan")
    elif of == "analysis":
        from watan.tools.analysis import document as analysis

        made = analysis.json_schema()
    else:
        from watan.tools import document

        made = document.json_schema()
    click.echo(msgspec.json.format(msgspec.json.encode(made), indent=2).decode())


def shown(
    moment: WatanMoment | WatanChecked,
    shape: str,
    journal: str,
    to: int | None,
    turn: int | None,
) -> str:
    """Return the game as text, a save file, a document for programs (from a Moment, which
    has the events) or a picture."""
    from replay.history import Moment
    from watan.files.savefile import SetupHasNoSave, save_text
    from watan.pictures import svg
    from watan.text import render
    from watan.tools import document

    game, played = moment.state, chosen_edition(moment.header.edition)
    if shape == "svg":
        return svg.picture(game, played)
    if shape == "json" and isinstance(moment, Moment):
        return document.encode(document.document(moment.header, moment.events, game))
    if shape == "sv":
        try:
            return save_text(game, played)
        except SetupHasNoSave:
            at = f"turn {turn}" if turn is not None else "its end" if to is None else f"step {to}"
            fail(f"{journal}: at {at} the game is still in setup, which a save file cannot hold")
    return render.game_text(game, played)
