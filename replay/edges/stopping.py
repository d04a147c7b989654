"""Ending a game's program when it is asked to stop, without a traceback and with its status.

Ctrl-C, `kill` and a closed terminal stop a game as Ctrl-C does (the game saves itself on
the way out, as each game's console does); a reader of the output that goes away, or a
terminal that fails, ends it too.  The exit status is the one a shell reports for a
program a signal stopped: 128 plus the signal's number.

An output that failed must say nothing more as the program exits, or the interpreter's own
last flush complains on standard error (`Exception ignored ... BrokenPipeError`).  Silencing
it changes the whole process (its file descriptor 1), so only a program's entry point does
it, as the program ends (`silence_failed_output`); `stoppably`, which tests call in-process,
never does.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable, Iterator
from shlex import quote
from typing import NoReturn, TextIO

from replay.edges.messages import printable

EXIT_STOPPED = 128
"""Plus the signal's number, as a shell reports a program a signal stopped: 130 for Ctrl-C,
129 for a closed terminal, 143 for `kill`, 141 when the output's reader went away."""

STOPPING = (signal.SIGHUP, signal.SIGTERM)
"""The signals that stop a game as Ctrl-C does: the terminal closed, and `kill`."""


class Stopped(KeyboardInterrupt):
    """A signal asked the program to stop (the terminal closed, or `kill`)."""

    def __init__(self, signal_number: int) -> None:
        super().__init__(signal_number)
        self.signal = signal_number


def stoppably(
    play: Callable[[], int],
    stderr: TextIO,
    program: str,
    *,
    stopped: str | None,
    kept: str,
    faults: tuple[type[Exception], ...] = (),
) -> int:
    """Return the exit status of `play()`, run so that being stopped ends it cleanly.

    Stopped by a signal, the program says `stopped` and where the game is kept (unless
    `stopped` is None: the game said so itself) and exits 128 plus the signal's number;
    when whoever read its output has gone it exits as a shell reports SIGPIPE, silently;
    when the terminal fails otherwise it says so in one line ending with where the game
    is `kept`, and exits 1.  It writes nothing to standard output; the program's entry
    point silences an output that failed (`silence_failed_output`).  One of the game's
    own `faults` (a computer player that broke, say) is one line too, ending the same way,
    and exit status 1.
    A game that knows better where it is kept says so in a note on the exception as it
    goes by (`add_note`, PEP 678): its last note is said instead of `kept`.
    """
    previous = {number: signal.signal(number, _stop) for number in STOPPING}
    try:
        return play()
    except faults as fault:
        _quietly(stderr, printable(f"{program}: {fault}; {_kept(fault, kept)}") + "\n")
        return 1
    except KeyboardInterrupt as interrupt:
        if stopped is not None:
            said = f"{program}: {stopped}; {_kept(interrupt, kept)}"
            _quietly(stderr, "\n" + printable(said) + "\n")
        return EXIT_STOPPED + (
            interrupt.signal if isinstance(interrupt, Stopped) else signal.SIGINT
        )
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            return EXIT_STOPPED + signal.SIGPIPE
        reason = error.strerror or error
        failed = f"{program}: the terminal failed ({reason}); {_kept(error, kept)}"
        _quietly(stderr, printable(failed) + "\n")
        return 1
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


@contextlib.contextmanager
def failing_output(program: str) -> Iterator[None]:
    """Run a program's commands so that an output that cannot be written (a full disk, an
    I/O error: `> /dev/full`) ends it with one line on standard error and status 1, as the
    game's own turn loop does (`stoppably`), never with a traceback.

    What is still buffered is flushed as the command ends, so a failure there is said too;
    a command that already ended with a failing status (the game, having said why) is
    left to its own words.  A reader that went away ends it silently, as SIGPIPE would.
    Only a program's entry point uses it, around everything it runs.
    """
    try:
        yield
    except SystemExit as leaving:
        if leaving.code in (0, None):
            _flush_or_fail(program)
        raise
    except BrokenPipeError:
        raise SystemExit(EXIT_STOPPED + signal.SIGPIPE) from None
    except OSError as error:
        _failed(program, error)
    else:
        _flush_or_fail(program)


def _flush_or_fail(program: str) -> None:
    """Flush standard output, or end the program as `failing_output` says."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except BrokenPipeError:
        raise SystemExit(EXIT_STOPPED + signal.SIGPIPE) from None
    except OSError as error:
        _failed(program, error)
    except ValueError:  # closed: nothing is left to flush
        return


def _failed(program: str, error: OSError) -> NoReturn:
    reason = error.strerror or error
    _quietly(sys.stderr, printable(f"{program}: cannot write the output ({reason})") + "\n")
    raise SystemExit(1) from None


def silence_failed_output() -> None:
    """Point standard output at the null device when what it holds can no longer be written
    (its reader went away, the terminal or the disk failed); leave a working one as it is,
    flushed.

    So that the interpreter's own last flush, as the program exits, says nothing on standard
    error and the exit status stays the program's.  It changes the whole process (the file
    descriptor under standard output, 1 in a program): only a program's entry point calls
    it, as the program ends (`watan.cli.launch.main`, `bazaar.cli.program`), never a
    function that tests call in-process.
    """
    stream = sys.stdout
    if stream is None:
        return
    try:
        stream.flush()
    except ValueError:  # closed: the interpreter has nothing left to flush
        return
    except OSError:
        with contextlib.suppress(OSError, ValueError):
            null = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(null, stream.fileno())
            finally:
                os.close(null)


def where_kept(*, journal: bool, backup: str | None) -> str:
    """Return where a game stopped before its end is kept, for a note on the exception:
    its journal (when anything was played: one that holds nothing is removed), the
    `backup` save file written, both, or nowhere."""
    if journal:
        return f"the game is in its journal{f' (and {backup})' if backup else ''}"
    if backup:
        return f"the game is in {backup}"
    return "nothing of the game was played"


def kept_at_end(
    program: str, *, over: bool, journal: str | None, backup: str | None, load: str
) -> str:
    """Return the sentence that says what end of input kept of a game, and how to go on.

    `journal` is the game's journal if it holds anything, `backup` the save file written
    if any, and `load` the command that continues a save file (`watan -load`): the journal
    comes first, as it holds every command and plays on exactly (`PROGRAM play --resume`);
    a finished game is only listed (`PROGRAM replay`).
    """
    if over:
        if journal is None:
            return "End of input: the game is over.\n"
        return (
            f"End of input: the finished game is kept in {journal}; "
            f"`{program} replay {quote(journal)}` lists it.\n"
        )
    if journal is not None:
        also = f" and {backup}" if backup is not None else ""
        return (
            f"End of input: the game is kept in {journal}{also}; play on with "
            f"`{program} play --resume {quote(journal)}`.\n"
        )
    if backup is not None:
        return (
            f"End of input: the game is saved in {backup}; play on with "
            f"`{load} {quote(backup)}`.\n"
        )
    return "End of input: nothing was played, so nothing is kept.\n"


def _kept(error: BaseException, kept: str) -> str:
    """Return where the game is kept: the last note the game added to `error`, or `kept`."""
    notes = getattr(error, "__notes__", None)
    return str(notes[-1]) if notes else kept


def _stop(signal_number: int, _frame: object) -> None:
    """Stop the game as Ctrl-C does, so that it is saved first."""
    raise Stopped(signal_number)


def _quietly(stream: TextIO, text: str) -> None:
    """Write a last word where it may no longer be possible (a closed terminal)."""
    with contextlib.suppress(OSError, ValueError):
        stream.write(text)
        stream.flush()
