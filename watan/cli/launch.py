"""The `watan` entry point: starting a game fast, everything else through click.

Test harnesses start the program once per case (`watan -seed 5 -load
game.sv`), so the common way to play must start instantly.  That form is
read here without importing click: a plain run of the play options below.
Anything else (a subcommand, `--help`, a mistake in the options) goes to
the click application in `watan.cli.app`, which reads the same options and
explains any error.
"""

from __future__ import annotations

import os
import sys

from replay.edges.stopping import failing_output, silence_failed_output
from watan.cli.options import PLAY_OPTIONS
from watan.editions import DEFAULT_EDITION

_BY_FLAG = {flag: option for option in PLAY_OPTIONS for flag in option.flags}

def plain_play(args: list[str]) -> dict[str, object] | None:
    """Return the options of a plain play command line as click's `play` gives them, or
    None to let click read it.

    Plain means: optionally `play`, then known options, each followed by a
    value unless it is a flag, a number where one is due.  A repeated option
    keeps its last value, as click does, unless it may be repeated: then every
    value is kept, in order, as a tuple.  A flag given is True; an option not given is
    left out.
    """
    if args[:1] == ["play"]:
        args = args[1:]
    chosen: dict[str, object] = {}
    at = 0
    while at < len(args):
        option = _BY_FLAG.get(args[at])
        if option is None:
            return None
        if option.flag:
            chosen[option.name] = True
            at += 1
            continue
        if at + 1 >= len(args) or (option.number and not _is_number(args[at + 1])):
            return None
        value = args[at + 1]
        if option.repeated:
            earlier = chosen.get(option.name, ())
            chosen[option.name] = (*earlier, value) if isinstance(earlier, tuple) else (value,)
        else:
            chosen[option.name] = int(value) if option.number else value
        at += 2
    return chosen


def _is_number(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return False
    return True


def run(default_edition: str = DEFAULT_EDITION) -> None:
    """Run `watan`: a plain play command line at once, anything else through click.

    A shell asking for completions runs the program with no arguments and
    `_WATAN_COMPLETE` (`_CONSTRUCTOR_COMPLETE`) set: that is click's, never a game.
    This is the program's entry point: as it ends, an output that failed is silenced
    (`replay.edges.stopping.silence_failed_output`), which only an entry point may do.
    """
    try:
        with failing_output(default_edition):
            _run(default_edition)
    finally:
        silence_failed_output()


def _run(default_edition: str) -> None:
    completing = f"_{default_edition.upper()}_COMPLETE" in os.environ
    chosen = None if completing else plain_play(sys.argv[1:])
    if chosen is None:
        from watan.cli.app import main as application

        application(prog_name=default_edition, obj=default_edition)
        return
    from watan.cli.start import play_session  # the game itself: not for `--help` or a tool command

    sys.exit(play_session(chosen, default_edition=default_edition))


def constructor() -> None:
    """Run `constructor`: the program, playing the Constructor edition unless told otherwise."""
    run(default_edition="constructor")
