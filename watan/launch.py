"""The `watan` entry point: starting a game fast, everything else through click.

Test harnesses start the program once per case (`watan -seed 5 -load
game.sv`), so the common way to play must start instantly.  That form is
read here without importing click: a plain run of the play options below.
Anything else (a subcommand, `--help`, a mistake in the options) goes to
the click application in `watan.cli`, which reads the same options and
explains any error.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from typing import NamedTuple, TextIO

from watan.editions import DEFAULT


class PlayOption(NamedTuple):
    """One option of `watan play`, described once for both readers of the command line."""

    name: str
    flags: tuple[str, ...]
    metavar: str
    help: str
    number: bool = False
    flag: bool = False
    """Takes no value: present or not."""


PLAY_OPTIONS = (
    PlayOption("seed", ("-seed", "--seed"), "N", "Seed the random generator.", number=True),
    PlayOption("load", ("-load", "--load"), "FILE", "Continue the game saved in FILE."),
    PlayOption("board", ("-board", "--board"), "FILE", "Play on the board in FILE."),
    PlayOption(
        "random_board",
        ("-random-board", "--random-board"),
        "",
        "Play on a random board, even where the edition has a default board file.",
        flag=True,
    ),
    PlayOption(
        "edition",
        ("--edition",),
        "NAME",
        "Play this edition of the game, watan or constructor (default: the program's own).",
    ),
    PlayOption(
        "journal",
        ("--journal",),
        "PATH",
        "Write the game's journal to PATH (default: a new file under ./journals/).",
    ),
    PlayOption(
        "resume", ("--resume",), "JOURNAL", "Continue the game in JOURNAL from where it stands."
    ),
)
"""The spec's options (§5: any order, single dash; Constructor's -random-board), the edition,
and the journal's."""

_BY_FLAG = {flag: option for option in PLAY_OPTIONS for flag in option.flags}

EXIT_BAD_FILE = 2
EXIT_STOPPED = 128
"""Plus the signal's number, as a shell reports a program a signal stopped: 130 for Ctrl-C,
129 for a closed terminal, 143 for `kill`, 141 when the output's reader went away."""


def plain_play(args: list[str]) -> dict[str, str] | None:
    """Return the options of a plain play command line, or None to let click read it.

    Plain means: optionally `play`, then known options, each followed by a
    value unless it is a flag, a number where one is due.  A repeated option
    keeps its last value, as click does; a flag's value is the empty string.
    """
    if args[:1] == ["play"]:
        args = args[1:]
    chosen: dict[str, str] = {}
    at = 0
    while at < len(args):
        option = _BY_FLAG.get(args[at])
        if option is None:
            return None
        if option.flag:
            chosen[option.name] = ""
            at += 1
            continue
        if at + 1 >= len(args) or (option.number and not _is_number(args[at + 1])):
            return None
        chosen[option.name] = args[at + 1]
        at += 2
    return chosen


def _is_number(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return False
    return True


def play(
    *,
    seed: int | None = None,
    load: str | None = None,
    board: str | None = None,
    random_board: bool = False,
    edition: str | None = None,
    journal: str | None = None,
    resume: str | None = None,
    default_edition: str = DEFAULT,
) -> int:
    """Play from the command line's options; return the exit status.

    A conflict of options or a file that cannot be used is one line on
    standard error and exit status 2 (RULINGS 19).  `edition` is what the
    player asked for; `default_edition` is the program's own (`constructor`
    plays Constructor), and a resumed journal plays the edition it recorded.
    """
    if load is not None and board is not None:
        return _refuse("-load and -board cannot be used together")
    if board is not None and random_board:
        return _refuse("-board and -random-board cannot be used together")
    if resume is not None and (load, board, journal) != (None, None, None):
        return _refuse(
            "--resume continues a journal; it cannot be combined with -load, -board or --journal"
        )
    if resume is not None and edition is not None:
        return _refuse("--resume plays on in the edition the journal recorded; drop --edition")
    if resume is not None and random_board:
        return _refuse("--resume plays on the journal's own board; drop -random-board")
    from msgspec.structs import replace

    from replay.journal import JournalError
    from watan.editions import UnknownEdition
    from watan.editions import edition as named
    from watan.savefile import BadFile
    from watan.terminal import Options, Resumed, Streams, choose_board, play_games
    from watan.terminal import resume as reopen

    try:
        played = named(edition or default_edition)
        options = Options.from_files(
            seed=seed, edition=played, load=load, journal=journal, resume=resume
        )
        resumed: Resumed | None = None
        if resume is not None:
            resumed = reopen(resume, options.seed, sys.stderr)
            played = named(resumed.header.rules)
        fresh = load is None and resume is None
        chosen = choose_board(played, board, random_board=random_board, first=fresh)
        options = replace(options, edition=played, board=chosen.board)
        if chosen.note is not None:
            from watan.escape import complain

            complain(sys.stderr, chosen.note)
    except (BadFile, JournalError, UnknownEdition) as error:
        return _refuse(str(error))
    if sys.stdin is None or sys.stdout is None:
        return _refuse("standard input and output must be open to play")
    previous = {sig: signal.signal(sig, _stop) for sig in (signal.SIGHUP, signal.SIGTERM)}
    try:
        return play_games(options, Streams(sys.stdin.buffer, sys.stdout, sys.stderr), resumed)
    except KeyboardInterrupt as stopped:
        _quietly(sys.stderr, "\nwatan: stopped; the game is in its journal (and backup.sv)\n")
        return EXIT_STOPPED + (stopped.signal if isinstance(stopped, Stopped) else signal.SIGINT)
    except OSError as error:
        # Whoever read the output has gone, or the terminal failed: say so once, quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        if isinstance(error, BrokenPipeError):
            return EXIT_STOPPED + signal.SIGPIPE
        _quietly(sys.stderr, f"watan: the terminal failed ({error.strerror or error}); "
                 "the game is in its journal (and backup.sv)\n")
        return 1
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


class Stopped(KeyboardInterrupt):
    """A signal asked the program to stop (the terminal closed, or `kill`)."""

    def __init__(self, signal_number: int) -> None:
        super().__init__(signal_number)
        self.signal = signal_number


def _stop(signal_number: int, _frame: object) -> None:
    """Stop the game as Ctrl-C does, so that it is saved first."""
    raise Stopped(signal_number)


def _quietly(stream: TextIO, text: str) -> None:
    """Write a last word where it may no longer be possible (a closed terminal)."""
    with contextlib.suppress(OSError, ValueError):
        stream.write(text)
        stream.flush()


def _refuse(message: str) -> int:
    from watan.escape import complain

    complain(sys.stderr, message)
    return EXIT_BAD_FILE


def main(default_edition: str = DEFAULT) -> None:
    """Run `watan`: a plain play command line at once, anything else through click."""
    chosen = plain_play(sys.argv[1:])
    if chosen is None:
        from watan.cli import main as application

        application(prog_name=default_edition, obj=default_edition)
        return
    seed = chosen.get("seed")
    sys.exit(
        play(
            seed=None if seed is None else int(seed),
            load=chosen.get("load"),
            board=chosen.get("board"),
            random_board="random_board" in chosen,
            edition=chosen.get("edition"),
            journal=chosen.get("journal"),
            resume=chosen.get("resume"),
            default_edition=default_edition,
        )
    )


def constructor() -> None:
    """Run `constructor`: the program, playing the Constructor edition unless told otherwise."""
    main(default_edition="constructor")
