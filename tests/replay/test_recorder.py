"""A live game's journal: created with its folder, appended per command, reopened to play on."""

from __future__ import annotations

import errno
import io
import os
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any, BinaryIO

import msgspec
import pytest

from replay import recorder as recorder_module
from replay import writer as writer_module
from replay.journal import JournalError, JournalLocked
from replay.protocol import Codec, Definition
from replay.recorder import Recorder, create, recording, reopen, reporter
from replay.writer import JournalWriter
from tests.replay.race import (
    FORMAT,
    HEADER,
    RACE,
    Advanced,
    Began,
    Event,
    Race,
    Rolled,
    append_in_another_process,
    journal_bytes,
    play,
)

EVENTS = play()
NO_SPACE = "cannot write: No space left on device"


class FullDisk(JournalWriter[Began, Event]):
    """A journal on a full disk: every append fails, and is counted."""

    def __init__(self, path: str, file: BinaryIO) -> None:
        super().__init__(path, file)
        self.appends: list[int] = []

    def append(self, events: Sequence[Event]) -> None:
        self.appends.append(len(events))
        raise JournalError(self.path, None, NO_SPACE)


def test_create_makes_the_folder_and_writes_the_header(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "race.jsonl"
    create(path, HEADER).close()
    assert path.read_bytes() == journal_bytes([])


def test_create_over_a_file_where_the_folder_should_be_is_one_error(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("mine")
    with pytest.raises(JournalError) as raised:
        create(tmp_path / "taken" / "race.jsonl", HEADER)
    assert raised.value.problem == f"{tmp_path / 'taken'} is not a folder"
    assert (tmp_path / "taken").read_text() == "mine"


def test_create_names_the_folder_it_cannot_make(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("mine")
    with pytest.raises(JournalError) as raised:
        create(tmp_path / "taken" / "deeper" / "race.jsonl", HEADER)
    assert raised.value.problem == (
        f"cannot make its folder {tmp_path / 'taken' / 'deeper'}: Not a directory"
    )


def test_create_where_the_file_cannot_be_locked_is_one_error_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_locks(name: str, fd: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(writer_module, "_lock", no_locks)
    with pytest.raises(JournalError) as raised:
        create(tmp_path / "race.jsonl", HEADER)
    assert (str(raised.value), list(tmp_path.iterdir())) == (
        f"{tmp_path / 'race.jsonl'}: cannot create the file: No locks available",
        [],
    )


def test_a_recorder_appends_each_command_and_keeps_the_journal_readable(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    writer: JournalWriter[Began, Event] = create(path, HEADER)
    recorder = Recorder(writer, report=lambda error: None)
    recorder.record(EVENTS[:2])
    recorder.record([])
    recorder.record(EVENTS[2:])
    assert recorder.path == str(path)
    recorder.close()
    assert path.read_bytes() == journal_bytes(EVENTS)


def test_a_recorder_knows_its_journal_by_any_name_or_link(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    recorder: Recorder[Began, Event] = Recorder(create(path, HEADER), report=lambda error: None)
    (tmp_path / "soft.jsonl").symlink_to(path)
    os.link(path, tmp_path / "hard.jsonl")
    (tmp_path / "other.jsonl").write_bytes(journal_bytes([]))
    names = ["race.jsonl", "soft.jsonl", "hard.jsonl", "./race.jsonl", "other.jsonl", "none"]
    kept = [recorder.keeps(str(tmp_path / name)) for name in names]
    assert kept == [True, True, True, True, False, False]
    recorder.close()
    assert not recorder.keeps(str(path))  # closed: nothing left to protect
    nothing: Recorder[Began, Event] = Recorder(None, report=lambda error: None)
    assert not nothing.keeps(str(path))


def test_a_recorder_that_cannot_write_reports_once_and_records_nothing_more(
    tmp_path: Path,
) -> None:
    path = tmp_path / "race.jsonl"
    create(path, HEADER).close()
    writer = FullDisk.open_existing(path)
    assert isinstance(writer, FullDisk)
    reports: list[str] = []
    recorder = Recorder[Began, Event](writer, report=lambda error: reports.append(str(error)))
    recorder.record(EVENTS[:2])
    recorder.record(EVENTS[2:4])
    assert (reports, recorder.path, writer.appends) == ([f"{path}: {NO_SPACE}"], None, [2])


def test_a_new_journal_nothing_was_appended_to_is_removed_on_closing(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    unplayed = Recorder[Began, Event](create(path, HEADER), report=lambda error: None, new=True)
    assert (unplayed.played, path.read_bytes()) == (False, journal_bytes([]))
    unplayed.close()
    assert not path.exists()
    played = Recorder[Began, Event](create(path, HEADER), report=lambda error: None, new=True)
    played.record([])
    played.record(EVENTS[:2])
    played.close()
    assert (played.played, path.read_bytes()) == (True, journal_bytes(EVENTS[:2]))


def test_an_existing_journal_is_kept_on_closing_with_nothing_appended(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    path.write_bytes(journal_bytes(EVENTS[:2]))
    writer: JournalWriter[Began, Event] = JournalWriter.open_existing(path)
    recorder = Recorder(writer, report=lambda error: None)
    assert recorder.played
    recorder.close()
    assert path.read_bytes() == journal_bytes(EVENTS[:2])


def test_a_new_journal_that_failed_to_take_events_is_kept_for_its_report(
    tmp_path: Path,
) -> None:
    path = tmp_path / "race.jsonl"
    create(path, HEADER).close()
    reports: list[str] = []
    writer = FullDisk.open_existing(path)
    recorder = Recorder[Began, Event](writer, report=lambda e: reports.append(str(e)), new=True)
    recorder.record(EVENTS[:2])
    recorder.close()
    assert (reports, path.read_bytes()) == ([f"{path}: {NO_SPACE}"], journal_bytes([]))


class Terminal(io.StringIO):
    """Standard error that is a terminal."""

    def isatty(self) -> bool:
        return True


def test_recording_says_where_the_journal_is_on_a_terminal_only(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    at_terminal, piped = Terminal(), io.StringIO()
    said: Recorder[Began, Event] = recording(path, HEADER, at_terminal, "race")
    said.record(EVENTS[:2])
    said.close()
    unsaid: Recorder[Began, Event] = recording(tmp_path / "other.jsonl", HEADER, piped, "race")
    unsaid.close()
    assert (at_terminal.getvalue(), piped.getvalue()) == (f"race: journal: {path}\n", "")
    assert (path.read_bytes(), (tmp_path / "other.jsonl").exists()) == (
        journal_bytes(EVENTS[:2]),
        False,  # a new journal: nothing was appended, so it is gone
    )


def test_recording_falls_back_when_the_journal_cannot_be_made(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("mine")
    wanted, fallback = tmp_path / "taken" / "race.jsonl", tmp_path / "local" / "race.jsonl"
    at_terminal = Terminal()
    recorder: Recorder[Began, Event] = recording(
        wanted, HEADER, at_terminal, "race", fallback=fallback
    )
    recorder.record(EVENTS[:2])
    recorder.close()
    assert (recorder.path, at_terminal.getvalue()) == (
        str(fallback),
        f"race: journal: {fallback} ({tmp_path / 'taken'} is not a folder)\n",
    )
    assert fallback.read_bytes() == journal_bytes(EVENTS[:2])
    unplayed: Recorder[Began, Event] = recording(
        wanted, HEADER, Terminal(), "race", fallback=tmp_path / "local" / "unplayed.jsonl"
    )
    unplayed.close()  # nothing appended: the journal made in its place is gone too
    assert [p.name for p in fallback.parent.iterdir()] == ["race.jsonl"]


def test_recording_nowhere_is_one_line_and_the_game_goes_on_unrecorded(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("mine")
    (tmp_path / "local.jsonl").write_text("theirs")
    wanted = tmp_path / "taken" / "race.jsonl"
    err = Terminal()
    recorder: Recorder[Began, Event] = recording(
        wanted, HEADER, err, "race", fallback=tmp_path / "local.jsonl"
    )
    recorder.record(EVENTS[:2])
    recorder.close()
    assert (recorder.path, err.getvalue()) == (
        None,  # and the problem told is the wanted place's, not the fallback's
        f"race: cannot write the journal {wanted}: {tmp_path / 'taken'} is not a folder\n",
    )
    kept = {p.name: p.read_text() for p in tmp_path.iterdir()}
    assert kept == {"taken": "mine", "local.jsonl": "theirs"}


def test_the_report_of_a_journal_that_stops_is_one_line_and_the_game_goes_on() -> None:
    err = io.StringIO()
    reporter(err, "race")(JournalError("race.jsonl", None, NO_SPACE))
    assert err.getvalue() == f"race: race.jsonl: {NO_SPACE}; the game goes on without its journal\n"


def test_reopen_gives_the_state_and_a_writer_holding_the_lock(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    path.write_bytes(journal_bytes(EVENTS[:4]))
    reopened = reopen(RACE, path)
    try:
        assert reopened.state == RACE.fold(HEADER, EVENTS[:4])
        assert (reopened.journal.events, reopened.set_aside) == (tuple(EVENTS[:4]), None)
        with pytest.raises(JournalLocked):
            reopen(RACE, path)
        reopened.writer.append(EVENTS[4:6])
    finally:
        reopened.writer.close()
    assert path.read_bytes() == journal_bytes(EVENTS[:6])


def test_reopen_sets_a_torn_last_line_aside_and_plays_on(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    path.write_bytes(journal_bytes(EVENTS[:2]) + b'{"type":"rol')
    reopened = reopen(RACE, path)
    reopened.writer.close()
    assert reopened.set_aside == f"{path}.torn"
    assert Path(reopened.set_aside).read_bytes() == b'{"type":"rol\n'
    assert path.read_bytes() == journal_bytes(EVENTS[:2])


def test_reopen_gives_a_last_line_without_its_newline_one(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    path.write_bytes(journal_bytes(EVENTS[:2])[:-1])
    reopen(RACE, path).writer.close()
    assert path.read_bytes() == journal_bytes(EVENTS[:2])


def test_reopen_refuses_a_journal_against_the_rules_and_names_the_rewind(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    data = journal_bytes([*EVENTS[:2], Rolled(1, 3), Advanced(1, 4)])
    path.write_bytes(data)
    with pytest.raises(JournalError) as raised:
        reopen(RACE, path)
    assert str(raised.value) == (
        f"{path}: line 5: the rules give 'player 1 advanced to 3' here, not "
        f"'player 1 advanced to 4' (to play on from before that command: "
        f"race rewind {path} --to 2)"
    )
    assert path.read_bytes() == data


def test_reopen_refuses_a_bad_header_at_line_1(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    path.write_bytes(journal_bytes([], Began(("solo",), 3)))
    with pytest.raises(JournalError, match="line 1: a race needs two players"):
        reopen(RACE, path)


def _written(first: bytes) -> int:
    return msgspec.json.decode(first, type=Began).format


@pytest.mark.parametrize(
    ("numbers", "said"),
    [
        ({}, "written in an older journal format; to play on, first rewrite it in today's"),
        (
            {"written_format": _written, "format_version": FORMAT + 1},
            f"written in journal format {FORMAT}; to play on, first rewrite it in format "
            f"{FORMAT + 1}",  # a game that numbers its formats has both named
        ),
    ],
    ids=["unnumbered", "numbered"],
)
def test_reopen_never_appends_to_a_journal_of_an_older_format(
    tmp_path: Path, numbers: dict[str, Any], said: str
) -> None:
    older: Definition[Began, Event, Race] = Definition(
        name="race",
        codec=Codec(Began, Event, upcast=lambda first: (lambda line: line), **numbers),
        start=RACE.start,
        apply=RACE.apply,
    )
    path = tmp_path / "race.jsonl"
    path.write_bytes(journal_bytes(EVENTS[:2]))
    with pytest.raises(JournalError) as raised:
        reopen(older, path)
    assert str(raised.value) == f"{path}: line 1: {said}: race rewind {path} --to 2 --in-place"
    assert path.read_bytes() == journal_bytes(EVENTS[:2])


def test_reopen_refuses_a_game_this_session_cannot_play_before_changing_anything(
    tmp_path: Path,
) -> None:
    path = tmp_path / "race.jsonl"
    torn = journal_bytes(EVENTS[:2]) + b'{"type":"rol'
    path.write_bytes(torn)
    seen: list[Race] = []

    def lacks_player_1(race: Race) -> str | None:
        seen.append(race)
        return "player 1 has nobody to play them here"

    with pytest.raises(JournalError) as raised:
        reopen(RACE, path, playable=lacks_player_1)
    assert (str(raised.value), seen) == (
        f"{path}: player 1 has nobody to play them here",
        [RACE.fold(HEADER, EVENTS[:2])],
    )
    assert ([p.name for p in tmp_path.iterdir()], path.read_bytes()) == (["race.jsonl"], torn)
    reopened = reopen(RACE, path, playable=lambda race: None)  # the lock was let go
    reopened.writer.close()
    assert reopened.set_aside == f"{path}.torn"


def test_reopen_holds_the_lock_from_before_the_read_so_no_append_slips_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whoever reads a journal to change it takes its lock first (issue 17, point 2): a game
    that tries to append while the journal is being checked is refused, not merged in."""
    path = tmp_path / "race.jsonl"
    path.write_bytes(journal_bytes(EVENTS[:4]))
    appended: list[subprocess.CompletedProcess[str]] = []
    check = recorder_module._sound

    def append_then_check(*args: Any) -> Any:
        appended.append(append_in_another_process(path, EVENTS[4:6]))  # after the read
        return check(*args)

    monkeypatch.setattr(recorder_module, "_sound", append_then_check)
    reopened = reopen(RACE, path)
    try:
        reopened.writer.append(EVENTS[4:6])
    finally:
        reopened.writer.close()
    [other] = appended
    assert (other.returncode, other.stdout) == (3, f"{path}: is in use by another process\n")
    assert (reopened.journal.events, path.read_bytes()) == (
        tuple(EVENTS[:4]), journal_bytes(EVENTS[:6])
    )
