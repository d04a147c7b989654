"""Ending a game's program when it is stopped: the exit status a shell reports, one line said."""

from __future__ import annotations

import errno
import io
import os
import signal
from collections.abc import Callable
from pathlib import Path

import pytest

from replay.edges.stopping import Stopped, silence_failed_output, stoppably, where_kept


def raising(error: BaseException) -> Callable[[], int]:
    def play() -> int:
        raise error

    return play


def run(play: Callable[[], int], *, stopped: str | None = "stopped") -> tuple[int, str]:
    said = io.StringIO()
    status = stoppably(play, said, "game", stopped=stopped, kept="the game is in its journal")
    return status, said.getvalue()


def test_a_game_that_ends_gives_its_own_status_and_the_handlers_are_put_back() -> None:
    before = [signal.getsignal(number) for number in (signal.SIGHUP, signal.SIGTERM)]
    assert run(lambda: 3) == (3, "")
    assert [signal.getsignal(number) for number in (signal.SIGHUP, signal.SIGTERM)] == before


def test_ctrl_c_exits_130_after_saying_it_stopped_on_a_line_of_its_own() -> None:
    said = "\ngame: stopped; the game is in its journal\n"
    assert run(raising(KeyboardInterrupt())) == (130, said)
    assert run(raising(KeyboardInterrupt()), stopped=None) == (130, "")


@pytest.mark.parametrize(("number", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_kill_or_a_closed_terminal_stops_the_game_as_ctrl_c_does(number: int, status: int) -> None:
    def play() -> int:
        os.kill(os.getpid(), number)
        raise AssertionError("the signal did not stop the game")

    assert run(play) == (status, "\ngame: stopped; the game is in its journal\n")


def test_a_reader_gone_exits_141_silently_and_leaves_the_process_output_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 22: stoppably pointed the process's standard output at the null device, which a
    test running it in-process felt (pytest's progress stopped printing)."""
    output = (tmp_path / "out").open("w")
    monkeypatch.setattr("sys.stdout", output)
    assert run(raising(BrokenPipeError())) == (141, "")
    output.write("after\n")
    output.close()
    assert (tmp_path / "out").read_text() == "after\n"


def test_an_output_whose_reader_went_away_is_silenced_at_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reading, writing = os.pipe()
    os.close(reading)
    output = os.fdopen(writing, "w")
    output.write("never read\n")
    monkeypatch.setattr("sys.stdout", output)
    silence_failed_output()
    output.write("nor this\n")
    output.flush()  # the interpreter's last flush: into the null device, so it says nothing
    assert os.path.samestat(os.fstat(writing), os.stat(os.devnull))
    output.close()


def test_an_output_that_works_is_flushed_and_kept_at_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with (tmp_path / "out").open("w") as output:
        output.write("the last board\n")
        monkeypatch.setattr("sys.stdout", output)
        silence_failed_output()
        assert (tmp_path / "out").read_text() == "the last board\n"
        assert os.path.samestat(os.fstat(output.fileno()), os.stat(tmp_path / "out"))


def test_a_closed_output_is_left_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    output = io.StringIO()
    output.close()
    monkeypatch.setattr("sys.stdout", output)
    silence_failed_output()
    assert output.closed


def test_a_terminal_that_fails_is_one_line_saying_where_the_game_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    full = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    with (tmp_path / "out").open("w") as output:
        monkeypatch.setattr("sys.stdout", output)
        assert run(raising(full)) == (
            1, "game: the terminal failed (No space left on device); the game is in its journal\n"
        )


def test_a_stop_is_a_keyboard_interrupt_carrying_its_signal() -> None:
    stop = Stopped(signal.SIGTERM)
    assert (isinstance(stop, KeyboardInterrupt), stop.signal) == (True, signal.SIGTERM)


class Broke(Exception):
    """A game's own fault, as a computer player that broke."""


def test_a_games_own_fault_is_one_line_saying_where_the_game_is() -> None:
    said = io.StringIO()
    status = stoppably(
        raising(Broke("Red's player broke")),
        said,
        "game",
        stopped=None,
        kept="the game is in its journal",
        faults=(Broke,),
    )
    assert (status, said.getvalue()) == (
        1, "game: Red's player broke; the game is in its journal\n"
    )


def test_where_the_game_says_it_is_kept_replaces_where_it_usually_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def noted(error: BaseException) -> BaseException:
        error.add_note("the game is in backup.sv")
        return error

    assert run(raising(noted(KeyboardInterrupt()))) == (
        130, "\ngame: stopped; the game is in backup.sv\n"
    )
    with (tmp_path / "out").open("w") as output:
        monkeypatch.setattr("sys.stdout", output)
        assert run(raising(noted(OSError(5, "Input/output error")))) == (
            1, "game: the terminal failed (Input/output error); the game is in backup.sv\n"
        )


def test_a_stopped_game_is_kept_in_its_journal_its_backup_both_or_nowhere() -> None:
    assert [
        where_kept(journal=journal, backup=backup)
        for journal, backup in [(True, "b.sv"), (True, None), (False, "b.sv"), (False, None)]
    ] == [
        "the game is in its journal (and b.sv)",
        "the game is in its journal",
        "the game is in b.sv",
        "nothing of the game was played",
    ]
