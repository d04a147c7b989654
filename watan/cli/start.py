"""Starting games from the command line's options: files read, conflicts refused, signals.

Both readers of the command line come here: the fast path in
`watan.cli.launch` and click's `play` in `watan.cli.app`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from replay.messages import complain
from replay.stopping import stoppably
from watan.cli.options import EXIT_BAD_FILE
from watan.editions import DEFAULT
from watan.engine.state import COLOURS, HUMAN, Colour, Game
from watan.players import DEFAULT as DEFAULT_STRATEGY
from watan.players import UnknownStrategy, known, listing

if TYPE_CHECKING:
    from watan.terminal.hinter import Level

COLOUR_LIST = ", ".join(colour.title for colour in COLOURS)


class BadSeat(Exception):
    """A `--computer` or `--human` value that names no seat or no strategy, or a seat twice."""


def seats_asked(computer: Sequence[str], human: Sequence[str]) -> tuple[tuple[Colour, str], ...]:
    """Return (colour number, player) for each seat the command line hands out, in order.

    `computer` holds `COLOUR[=STRATEGY]` (the default strategy when none is
    named) and `human` holds colours, in any letter case.  Raises BadSeat
    naming the first value that names no colour or strategy, or a colour
    given twice.
    """
    given: dict[Colour, str] = {}
    chosen: list[tuple[Colour, str]] = []
    asked = [(f"--computer {value}", value) for value in computer]
    asked += [(f"--human {value}", f"{value}={HUMAN}") for value in human]
    for option, value in asked:
        name, _, player = value.partition("=")
        colour = next((c for c in COLOURS if c.title.lower() == name.strip().lower()), None)
        if colour is None:
            raise BadSeat(f"{option}: there is no student {name!r} (colours: {COLOUR_LIST})")
        player = player.strip() or DEFAULT_STRATEGY
        if player != HUMAN and not known(player):
            raise BadSeat(f"{option}: {UnknownStrategy(player)}")
        if colour in given:
            raise BadSeat(f"{colour.title} is given twice ({given[colour]} and {option})")
        given[colour] = option
        chosen.append((colour, player))
    return tuple(chosen)


def _unknown_seat(seats: tuple[str, ...], asked: tuple[tuple[Colour, str], ...]) -> str | None:
    """Return why a resumed journal's seats cannot be played here, or None.

    A seat the journal gives to a strategy this version lacks must be handed
    to someone else on the command line.
    """
    changed = dict(asked)
    for colour, player in zip(COLOURS, seats, strict=True):
        if colour not in changed and player != HUMAN and not known(player):
            name = colour.title
            return (
                f"{name} is played by the strategy {player!r}, which this version lacks "
                f"(strategies: {listing()}); give the seat to another with "
                f"--computer {name}=STRATEGY or --human {name}"
            )
    return None


def play(
    *,
    seed: int | None = None,
    load: str | None = None,
    board: str | None = None,
    random_board: bool = False,
    edition: str | None = None,
    journal: str | None = None,
    resume: str | None = None,
    computer: Sequence[str] = (),
    human: Sequence[str] = (),
    allow_computers: bool = False,
    hints: bool = False,
    no_hints: bool = False,
    house_rules: Sequence[str] = (),
    think: str | None = None,
    default_edition: str = DEFAULT,
) -> int:
    """Play from the command line's options; return the exit status.

    A conflict of options or a file that cannot be used is one line on
    standard error and exit status 2 (RULINGS 19); so is a seat given twice or
    a colour or strategy that does not exist.  `edition` is what the player
    asked for; `default_edition` is the program's own (`constructor` plays
    Constructor), and a resumed journal plays the edition it recorded.  The
    program is named for its edition, and its lines on standard error begin
    with that name.  `computer` holds `COLOUR[=STRATEGY]` values, `human`
    colours.  `house_rules` holds the `--house-rules` values, each a
    comma-separated list (house-rules.md ruling 1); a resumed game plays the
    rules its journal recorded, and so do the games after it.  The game hints
    on standard error when standard input is a terminal, or with `hints`;
    never with `no_hints`.  New journals go to the journal folder the
    environment names (`journal_folder`).
    """
    program = default_edition

    def refuse(message: str) -> int:
        return _refuse(message, program)

    try:
        seats = seats_asked(computer, human)
    except BadSeat as bad:
        return refuse(str(bad))
    thought = _seconds(think)
    if think is not None and thought is None:
        return refuse(f"--think: {think!r} is not a number of seconds between 0 and 60")
    if load is not None and board is not None:
        return refuse("-load and -board cannot be used together")
    if board is not None and random_board:
        return refuse("-board and -random-board cannot be used together")
    if resume is not None and (load, board, journal) != (None, None, None):
        return refuse(
            "--resume continues a journal; it cannot be combined with -load, -board or --journal"
        )
    if resume is not None and edition is not None:
        return refuse("--resume plays on in the edition the journal recorded; drop --edition")
    if resume is not None and random_board:
        return refuse("--resume plays on the journal's own board; drop -random-board")
    if hints and no_hints:
        return refuse("--hints and --no-hints cannot be used together")
    if resume is not None and house_rules:
        return refuse("--resume plays on by the rules the journal recorded; drop --house-rules")
    from watan.engine.rules import UnknownHouseRule, parse_house_rules, with_house_rules

    try:
        asked = tuple(rule for value in house_rules for rule in parse_house_rules(value))
    except UnknownHouseRule as unknown:
        return refuse(f"--house-rules: {unknown}")
    if journal is not None:
        from watan.files.journal import taken

        if (problem := taken(journal)) is not None:
            return refuse(problem)
    from msgspec.structs import replace

    from replay.journal import JournalError
    from replay.reading import BadFile
    from watan.editions import UnknownEdition
    from watan.editions import edition as named
    from watan.files.journal import journal_folder
    from watan.players.table import StrategyError
    from watan.terminal.console import Options, Resumed, Streams, choose_board, play_games
    from watan.terminal.console import resume as reopen

    try:
        played = named(edition or default_edition)
        rules = with_house_rules(played.rules, asked)
        options = Options.from_files(
            seed=seed, edition=played, rules=rules, load=load, journal=journal, resume=resume
        )
        resumed: Resumed | None = None
        if resume is not None:

            def playable(game: Game) -> str | None:
                return _unknown_seat(game.seats, seats)

            resumed = reopen(resume, options.seed, sys.stderr, program, playable)
            played = named(resumed.header.edition)
            # The games after it are new ones: today's rules, with the same house rules.
            rules = with_house_rules(played.rules, resumed.header.rules.house_rules)
        fresh = load is None and resume is None
        chosen = choose_board(played, board, random_board=random_board, first=fresh)
        options = replace(
            options,
            edition=played,
            rules=rules,
            board=chosen.board,
            seats=seats,
            computers=allow_computers or bool(computer),
            think=thought,
            journals=journal_folder(os.environ),
            hints=_hinting(hints=hints, no_hints=no_hints),
        )
        for note in (*options.notes, *([chosen.note] if chosen.note is not None else [])):
            complain(sys.stderr, note, program)
    except (BadFile, JournalError, UnknownEdition) as error:
        return refuse(str(error))
    if sys.stdin is None or sys.stdout is None:
        return refuse("standard input and output must be open to play")
    streams = Streams(sys.stdin.buffer, sys.stdout, sys.stderr, program)
    return stoppably(
        lambda: play_games(options, streams, resumed),
        sys.stderr,
        program,
        stopped="stopped",
        kept="the game is in its journal (and backup.sv)",  # the console says better
        faults=(StrategyError,),
    )


def _seconds(text: str | None) -> float | None:
    """Return `--think`'s seconds, or None when there are none or they are no number from 0
    to 60."""
    if text is None:
        return None
    try:
        seconds = float(text)
    except ValueError:
        return None
    return seconds if 0 <= seconds <= 60 else None  # NaN is neither


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
