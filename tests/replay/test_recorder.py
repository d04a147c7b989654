"""A live game's journal: created with its folder, appended per command, reopened to play on."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from replay import recorder as recorder_module
from replay.journal import JournalError, JournalLocked
from replay.protocol import Codec, Definition
from replay.recorder import Recorder, create, reopen
from replay.writer import JournalWriter
from tests.replay.race import (
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


def test_create_makes_the_folder_and_writes_the_header(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "race.jsonl"
    create(path, HEADER).close()
    assert path.read_bytes() == journal_bytes([])


def test_create_over_a_file_where_the_folder_should_be_is_one_error(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("mine")
    with pytest.raises(JournalError) as raised:
        create(tmp_path / "taken" / "race.jsonl", HEADER)
    assert raised.value.problem == f"cannot create the file: {tmp_path / 'taken'} is not a folder"
    assert (tmp_path / "taken").read_text() == "mine"


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
    appends: list[int] = []

    class FullDisk(JournalWriter[Began, Event]):
        def append(self, events: Sequence[Event]) -> None:
            appends.append(len(events))
            raise JournalError(self.path, None, "cannot write: No space left on device")

    path = tmp_path / "race.jsonl"
    create(path, HEADER).close()
    writer = FullDisk.open_existing(path)
    reports: list[str] = []
    recorder = Recorder[Began, Event](writer, report=lambda error: reports.append(str(error)))
    recorder.record(EVENTS[:2])
    recorder.record(EVENTS[2:4])
    assert (reports, recorder.path, appends) == (
        [f"{path}: cannot write: No space left on device"],
        None,
        [2],
    )


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


def test_reopen_never_appends_to_a_journal_of_an_older_format(tmp_path: Path) -> None:
    older: Definition[Began, Event, Race] = Definition(
        name="race",
        codec=Codec(Began, Event, upcast=lambda first: (lambda line: line)),
        start=RACE.start,
        apply=RACE.apply,
    )
    path = tmp_path / "race.jsonl"
    path.write_bytes(journal_bytes(EVENTS[:2]))
    with pytest.raises(JournalError) as raised:
        reopen(older, path)
    assert raised.value.problem == (
        "written in an older journal format; to play on, first rewrite it in today's: "
        f"race rewind {path} --to 2 --in-place"
    )


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
