"""Starting games from the command line's options: conflicts refused, errors said, signals.

Both readers of the command line come here: the fast path in
`watan.cli.launch` and click's `play` in `watan.cli.app`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING

import msgspec

from replay.edges.messages import complain
from replay.edges.stopping import stoppably
from watan.cli.options import EXIT_BAD_FILE
from watan.editions import DEFAULT_EDITION

if TYPE_CHECKING:
    from watan.match.making import Match
    from watan.match.options import Options
    from watan.terminal.hinter import Level


class Asked(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The options of `watan play` that say which game is played (`watan.cli.options`), as
    given: `Asked()` is a game nobody asked anything of.  `watan serve --new` takes them too."""

    seed: int | None = None
    load: str | None = None
    board: str | None = None
    random_board: bool = False
    edition: str | None = None
    journal: str | None = None
    resume: str | None = None
    computer: tuple[str, ...] = ()
    """`COLOUR[=STRATEGY]` values."""
    human: tuple[str, ...] = ()
    """Colours."""
    allow_computers: bool = False
    house_rules: tuple[str, ...] = ()
    """The `--house-rules` values, each a comma-separated list (house-rules.md ruling 1)."""
    think: str | None = None


class Seat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """The options of `watan play` that say how the person at this terminal plays, whatever
    the game: hints, the computers' pace, or a served game's seat to join."""

    hints: bool = False
    no_hints: bool = False
    join: str | None = None
    pace: str | None = None


def asked_of(chosen: Mapping[str, object]) -> Asked:
    """Return the game asked for by the options `chosen` (named as `watan.cli.options` names
    them, valued as click gives them), the options of the person's seat left out."""
    return msgspec.convert(
        {name: value for name, value in chosen.items() if name not in Seat.__struct_fields__},
        Asked,
    )


def play_session(chosen: Mapping[str, object], *, default_edition: str = DEFAULT_EDITION) -> int:
    """Play from the command line's options `chosen` (named as `watan.cli.options` names
    them, valued as click gives them); return the exit status.

    The game is made as `first_game` says; with `join`, a seat of a served game is played
    instead (`watan.serve.join`), and no other option but the hints' and the pace may be
    given.  The game hints on standard error when standard input is a terminal, or with
    `hints`; never with `no_hints`.  Each computer command (another seat's, when joined)
    waits `pace` seconds (by default a moment when standard output is a terminal, none
    otherwise), or until the person presses Enter.
    """
    program = default_edition
    asked = asked_of(chosen)
    seat = msgspec.convert(
        {name: value for name, value in chosen.items() if name in Seat.__struct_fields__}, Seat
    )
    if seat.hints and seat.no_hints:
        return _refuse("--hints and --no-hints cannot be used together", program)
    paced = _seconds(seat.pace)
    if seat.pace is not None and paced is None:
        return _refuse(
            f"--pace: {seat.pace!r} is not a number of seconds between 0 and 60", program
        )
    hinting = _hinting(hints=seat.hints, no_hints=seat.no_hints)
    seconds = _default_pace() if paced is None else paced
    if seat.join is not None:
        if asked != Asked():
            return _refuse(
                "--join plays a seat of a served game: its server chose the game; "
                "give only --join LINK (and --hints, --no-hints or --pace)",
                program,
            )
        from watan.serve.join import join_game

        return join_game(seat.join, hinting, seconds, program)
    first = first_game(asked, default_edition=default_edition)
    if isinstance(first, str):
        return _refuse(first, program)
    if sys.stdin is None or sys.stdout is None:
        return _refuse("standard input and output must be open to play", program)
    from watan.players.table import StrategyError
    from watan.terminal.console import Streams, play_games

    streams = Streams(sys.stdin.buffer, sys.stdout, sys.stderr, program)
    return stoppably(
        lambda: play_games(first, streams, hinting, seconds),
        sys.stderr,
        program,
        stopped="stopped",
        kept="the game is in its journal (and backup.sv)",  # the console says better
        faults=(StrategyError,),
    )


def first_game(
    asked: Asked, *, default_edition: str = DEFAULT_EDITION
) -> Options | Match | str:
    """Return the options of a session's first game, or the game resumed from its journal,
    or why the options are refused (what `watan play` and `watan serve` share).

    A conflict of options or a file that cannot be used is refused (RULINGS 19); so is a
    seat given twice or a colour or strategy that does not exist.  `asked.edition` is what
    the player asked for; `default_edition` is the program's own (`constructor` plays
    Constructor), and a resumed journal plays the edition it recorded.  The program is
    named for its edition, and its lines on standard error (what reading the files noted)
    begin with that name.  A resumed game plays the rules its journal recorded, and so do
    the games after it.  New journals go to the journal folder the environment names
    (`journal_folder`).
    """
    program = default_edition
    from watan.match.options import BadOption, house_rules_asked, seats_asked

    try:
        seats = seats_asked(asked.computer, asked.human)
    except BadOption as bad:
        return str(bad)
    thought = _seconds(asked.think)
    if asked.think is not None and thought is None:
        return f"--think: {asked.think!r} is not a number of seconds between 0 and 60"
    if asked.load is not None and asked.board is not None:
        return "-load and -board cannot be used together"
    if asked.board is not None and asked.random_board:
        return "-board and -random-board cannot be used together"
    if asked.resume is not None and (asked.load, asked.board, asked.journal) != (None, None, None):
        return "--resume continues a journal; it cannot be combined with -load, -board or --journal"
    if asked.resume is not None and asked.edition is not None:
        return "--resume plays on in the edition the journal recorded; drop --edition"
    if asked.resume is not None and asked.random_board:
        return "--resume plays on the journal's own board; drop -random-board"
    if asked.resume is not None and asked.house_rules:
        return "--resume plays on by the rules the journal recorded; drop --house-rules"
    try:
        rules = house_rules_asked(asked.house_rules)
    except BadOption as unknown:
        return f"--house-rules: {unknown}"
    if asked.journal == "":
        return "--journal: give the journal's file name"
    if asked.journal is not None:
        from watan.files.journal import taken

        if (problem := taken(asked.journal)) is not None:
            return problem
    from replay.edges.reading import BadFile
    from replay.journal import JournalError
    from watan.editions import UnknownEdition
    from watan.editions import edition as named
    from watan.files.journal import journal_folder
    from watan.match import making
    from watan.match.making import Log
    from watan.match.options import asked as options_asked

    computers = asked.allow_computers or bool(asked.computer)
    journals = journal_folder(os.environ)
    first: Options | Match
    try:
        if asked.resume is not None:
            first = making.resume(
                asked.resume,
                Log(sys.stderr, program),
                seed=asked.seed,
                seats=seats,
                computers=computers,
                journals=journals,
                think=thought,
            )
            notes = first.options.notes
        else:
            first = options_asked(
                seed=asked.seed,
                edition=named(default_edition if asked.edition is None else asked.edition),
                house_rules=rules,
                load=asked.load,
                board=asked.board,
                random_board=asked.random_board,
                journal=asked.journal,
                seats=seats,
                computers=computers,
                journals=journals,
                think=thought,
            )
            notes = first.notes
        for note in notes:
            complain(sys.stderr, note, program)
    except (BadFile, JournalError, UnknownEdition) as error:
        return str(error)
    return first


def _seconds(text: str | None) -> float | None:
    """Return the seconds of `--think` or `--pace`, or None when there are none or they are
    no number from 0 to 60."""
    if text is None:
        return None
    try:
        seconds = float(text)
    except ValueError:
        return None
    return seconds if 0 <= seconds <= 60 else None  # NaN is neither


def _default_pace() -> float:
    """Return how long a computer command waits without `--pace`: a moment when standard
    output is a terminal (a person watches), none when it is piped."""
    from watan.terminal.pacing import DEFAULT_PACE

    try:
        watched = sys.stdout is not None and sys.stdout.isatty()
    except (OSError, ValueError):
        watched = False
    return DEFAULT_PACE if watched else 0.0


def _hinting(*, hints: bool, no_hints: bool) -> Level:
    """Return how much the game hints: all with --hints, none with --no-hints, and otherwise
    all but the affordable builds when standard input is a terminal (a person types)."""
    from watan.terminal.hinter import Level

    if hints:
        return Level.ALL
    if no_hints:
        return Level.OFF
    try:
        typing = sys.stdin is not None and sys.stdin.isatty()
    except (OSError, ValueError):
        typing = False
    return Level.AT_TERMINAL if typing else Level.OFF


def _refuse(message: str, program: str) -> int:
    complain(sys.stderr, message, program)
    return EXIT_BAD_FILE
