"""Writing journals: create, append under a lock, atomic rewrite, and repair of a torn tail."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from replay import writer as writer_module
from replay.journal import Journal, JournalError, JournalLocked, JournalReader
from replay.writer import JournalWriter, complete_last_line, repair, taken, write_journal
from tests.replay.bank import (
    FORMAT,
    HEADER,
    Deposited,
    Event,
    Opened,
    Withdrew,
    check_format,
    event_lines,
    journal_bytes,
    sample_events,
)

ROOT = Path(__file__).resolve().parents[2]
Writer = JournalWriter[Opened, Event]
TORN = b'{"type":"deposited","acc'


def try_to_open_in_another_process(path: Path) -> subprocess.CompletedProcess[str]:
    """Run a second Python process that tries to open the journal for appending."""
    script = (
        "import sys\n"
        "from replay.journal import JournalLocked\n"
        "from replay.writer import JournalWriter\n"
        "try:\n"
        "    JournalWriter.open_existing(sys.argv[1]).close()\n"
        "except JournalLocked as error:\n"
        "    print(error)\n"
        "    sys.exit(3)\n"
    )
    return subprocess.run(
        [sys.executable, "-c", script, str(path)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=False,
    )


def test_create_then_append_writes_one_line_per_event(journal_path: Path) -> None:
    events = sample_events(30)
    with Writer.create(journal_path, HEADER) as writer:
        writer.append(events[:10])
        writer.append([])
        writer.append(events[10:])
    assert journal_path.read_bytes() == journal_bytes(events)


def test_appended_events_are_in_the_file_before_close(
    reader: JournalReader[Opened, Event], journal_path: Path
) -> None:
    with Writer.create(journal_path, HEADER) as writer:
        writer.append([Deposited(0, 1), Withdrew(1, 2)])
        assert reader.read(journal_path) == Journal(HEADER, (Deposited(0, 1), Withdrew(1, 2)), None)


def test_create_refuses_an_existing_file_and_leaves_it_unchanged(journal_path: Path) -> None:
    journal_path.write_bytes(b"precious\n")
    with pytest.raises(JournalError) as caught:
        Writer.create(journal_path, HEADER)
    assert str(caught.value) == f"{journal_path}: already exists; a journal is never replaced"
    assert journal_path.read_bytes() == b"precious\n"


def test_create_in_a_missing_folder_creates_nothing(tmp_path: Path) -> None:
    path = tmp_path / "missing" / "bank.jsonl"
    with pytest.raises(JournalError) as caught:
        Writer.create(path, HEADER)
    assert str(caught.value) == f"{path}: cannot create the file: No such file or directory"
    assert list(tmp_path.iterdir()) == []


def test_header_that_cannot_be_encoded_leaves_no_file(tmp_path: Path) -> None:
    path = tmp_path / "bank.jsonl"
    with pytest.raises(TypeError):
        JournalWriter[object, Event].create(path, object())
    assert list(tmp_path.iterdir()) == []


def test_open_existing_appends_after_the_last_line(journal_path: Path) -> None:
    events = sample_events(12)
    with Writer.create(journal_path, HEADER) as writer:
        writer.append(events[:5])
    with Writer.open_existing(journal_path) as writer:
        writer.append(events[5:])
    assert journal_path.read_bytes() == journal_bytes(events)


def test_open_existing_refuses_a_journal_with_a_torn_tail(journal_path: Path) -> None:
    journal_path.write_bytes(journal_bytes(sample_events(3)) + TORN)
    with pytest.raises(JournalError) as caught:
        Writer.open_existing(journal_path)
    assert str(caught.value) == (
        f"{journal_path}: the last line is incomplete; repair the journal before appending"
    )


@pytest.mark.parametrize(
    ("content", "problem"),
    [(None, "no such file"), (b"", "empty file: there is no header line")],
    ids=["missing", "empty"],
)
def test_open_existing_refuses_what_is_not_a_journal(
    content: bytes | None, problem: str, journal_path: Path
) -> None:
    if content is not None:
        journal_path.write_bytes(content)
    with pytest.raises(JournalError) as caught:
        Writer.open_existing(journal_path)
    assert str(caught.value) == f"{journal_path}: {problem}"


def test_second_process_is_refused_the_lock_while_a_writer_holds_it(journal_path: Path) -> None:
    with Writer.create(journal_path, HEADER):
        refused = try_to_open_in_another_process(journal_path)
    assert (refused.returncode, refused.stdout, refused.stderr) == (
        3,
        f"{journal_path}: is in use by another process\n",
        "",
    )
    granted = try_to_open_in_another_process(journal_path)
    assert (granted.returncode, granted.stdout, granted.stderr) == (0, "", "")


def test_second_writer_in_the_same_process_is_refused_too(journal_path: Path) -> None:
    with Writer.create(journal_path, HEADER), pytest.raises(JournalLocked):
        Writer.open_existing(journal_path)


def test_append_after_close_is_refused(journal_path: Path) -> None:
    writer = Writer.create(journal_path, HEADER)
    writer.close()
    writer.close()
    with pytest.raises(ValueError, match="the journal writer is closed"):
        writer.append([Deposited(0, 1)])


def test_journal_errors_survive_pickling_for_other_processes() -> None:
    error = JournalLocked("bank.jsonl", None, "is in use by another process")
    copy = pickle.loads(pickle.dumps(error))
    assert (type(copy), str(copy)) == (JournalLocked, "bank.jsonl: is in use by another process")


def test_write_journal_replaces_the_file_and_leaves_no_temporary_file(
    journal_path: Path,
) -> None:
    write_journal(journal_path, HEADER, sample_events(5))
    write_journal(journal_path, HEADER, sample_events(8, seed=1))
    assert journal_path.read_bytes() == journal_bytes(sample_events(8, seed=1))
    assert [p.name for p in journal_path.parent.iterdir()] == [journal_path.name]


def test_write_journal_through_a_link_replaces_the_journal_it_names_and_keeps_the_link(
    journal_path: Path,
) -> None:
    write_journal(journal_path, HEADER, sample_events(5))
    link = journal_path.parent / "link.jsonl"
    link.symlink_to(journal_path.name)
    write_journal(link, HEADER, sample_events(3, seed=1))
    assert (link.is_symlink(), os.readlink(link)) == (True, journal_path.name)
    assert journal_path.read_bytes() == journal_bytes(sample_events(3, seed=1))


def test_a_journal_written_again_keeps_its_permissions(journal_path: Path) -> None:
    """The journal goes through the one writer of whole files, as a save does
    (`replay.edges.saving.write_whole`): a journal its owner made private stays private."""
    write_journal(journal_path, HEADER, sample_events(5))
    journal_path.chmod(0o600)
    write_journal(journal_path, HEADER, sample_events(3, seed=1))
    assert (journal_path.stat().st_mode & 0o777, journal_path.read_bytes()) == (
        0o600, journal_bytes(sample_events(3, seed=1))
    )


def test_write_journal_refuses_a_journal_in_use(journal_path: Path) -> None:
    with Writer.create(journal_path, HEADER), pytest.raises(JournalLocked):
        write_journal(journal_path, HEADER, sample_events(5))
    assert journal_path.read_bytes() == msgspec.json.encode(HEADER) + b"\n"
    assert [p.name for p in journal_path.parent.iterdir()] == [journal_path.name]


def test_repair_moves_the_torn_tail_to_a_side_file(
    reader: JournalReader[Opened, Event], journal_path: Path
) -> None:
    events = sample_events(4)
    journal_path.write_bytes(journal_bytes(events) + TORN)
    journal = reader.read(journal_path)
    assert journal.torn_tail == TORN
    side = repair(journal_path, TORN)
    assert (side, Path(side).read_bytes()) == (f"{journal_path}.torn", TORN + b"\n")
    assert journal_path.read_bytes() == journal_bytes(events)
    assert reader.read(journal_path) == Journal(HEADER, tuple(events), None)


def test_second_repair_appends_to_the_side_file(journal_path: Path) -> None:
    events = sample_events(2)
    journal_path.write_bytes(journal_bytes(events) + TORN)
    repair(journal_path, TORN)
    with Writer.open_existing(journal_path) as writer:
        writer.append([Deposited(2, 9)])
    with open(journal_path, "ab") as file:
        file.write(b"{")
    side = repair(journal_path, b"{")
    assert Path(side).read_bytes() == TORN + b"\n{\n"
    assert journal_path.read_bytes() == journal_bytes([*events, Deposited(2, 9)])


@pytest.mark.parametrize(
    "claimed",
    [b"other bytes", b"", b"acc", b'"amount":5}\n' + TORN],
    ids=["different", "empty", "part of the torn line", "more than one line"],
)
def test_repair_changes_nothing_unless_the_journal_ends_with_the_torn_line(
    claimed: bytes, journal_path: Path
) -> None:
    content = journal_bytes(sample_events(2)) + TORN
    journal_path.write_bytes(content)
    with pytest.raises(JournalError) as caught:
        repair(journal_path, claimed)
    assert str(caught.value) == (
        f"{journal_path}: does not end with the given torn line; nothing was changed"
    )
    assert journal_path.read_bytes() == content
    assert not Path(f"{journal_path}.torn").exists()


def test_repair_is_refused_while_a_writer_holds_the_journal(journal_path: Path) -> None:
    with Writer.create(journal_path, HEADER) as writer:
        writer.append([Deposited(0, 1)])
        with open(journal_path, "ab") as file:
            file.write(TORN)
        with pytest.raises(JournalLocked):
            repair(journal_path, TORN)
    assert journal_path.read_bytes() == journal_bytes([Deposited(0, 1)]) + TORN


def test_event_lines_are_compact_json_with_the_tag_first() -> None:
    assert event_lines([Withdrew(1, 20)]) == b'{"type":"withdrew","account":1,"amount":20}\n'


def test_writing_a_whole_journal_without_replacing_refuses_an_existing_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "taken.jsonl"
    path.write_bytes(b"somebody else's\n")
    with pytest.raises(JournalError) as refused:
        write_journal(path, HEADER, [], replace=False)
    assert str(refused.value) == f"{path}: already exists; it was left as it was"
    assert path.read_bytes() == b"somebody else's\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken.jsonl"]


def test_writing_a_whole_journal_without_replacing_creates_a_new_file(tmp_path: Path) -> None:
    path = tmp_path / "new.jsonl"
    write_journal(path, HEADER, [], replace=False)
    assert JournalReader[Opened, Event](Opened, Event).read(path) == Journal(HEADER, ())


def test_an_append_the_disk_cuts_short_leaves_the_journal_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "bank.jsonl"
    events = sample_events(6)
    with Writer.create(path, HEADER) as writer:
        writer.append(events[:2])
        before = path.read_bytes()
        real_write = os.write
        calls: list[int] = []

        def fills_up(fd: int, data: bytes | memoryview) -> int:
            calls.append(len(data))
            if len(calls) == 1:
                return real_write(fd, bytes(data)[:10])  # part of the command gets out
            raise OSError(28, "No space left on device")

        monkeypatch.setattr(os, "write", fills_up)
        with pytest.raises(JournalError) as refused:
            writer.append(events[2:5])
        monkeypatch.undo()
        assert (path.read_bytes(), str(refused.value)) == (
            before, f"{path}: cannot write: No space left on device"
        )
        writer.append(events[5:])
    assert JournalReader[Opened, Event](Opened, Event).read(path).events == (*events[:2], events[5])


def test_a_journal_replaced_between_opening_and_locking_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "bank.jsonl"
    path.write_bytes(journal_bytes(sample_events(3)))
    newer = journal_bytes(sample_events(1))
    real_lock = writer_module._lock

    def replaced_meanwhile(name: str, fd: int) -> None:
        (tmp_path / "new.jsonl").write_bytes(newer)
        os.replace(tmp_path / "new.jsonl", path)  # someone rewrites it just now
        real_lock(name, fd)

    monkeypatch.setattr(writer_module, "_lock", replaced_meanwhile)
    with pytest.raises(JournalError) as refused:
        Writer.open_existing(path)
    assert str(refused.value) == f"{path}: was replaced while being opened; try again"
    assert path.read_bytes() == newer


def test_a_last_line_without_its_newline_gets_one_and_nothing_else_changes(
    tmp_path: Path,
) -> None:
    path = tmp_path / "bank.jsonl"
    whole = journal_bytes(sample_events(3))
    path.write_bytes(whole[:-1])
    assert (complete_last_line(path), path.read_bytes()) == (True, whole)
    assert (complete_last_line(path), path.read_bytes()) == (False, whole)


def test_a_writer_knows_its_journal_by_any_name_and_nothing_else(
    journal_path: Path, tmp_path: Path
) -> None:
    other = tmp_path / "other.jsonl"
    other.write_bytes(journal_bytes([]))
    (tmp_path / "link").symlink_to(journal_path)
    with Writer.create(journal_path, HEADER) as writer:
        os.link(journal_path, tmp_path / "hard")
        named = [
            writer.writes_to(path)
            for path in (
                journal_path,
                tmp_path / "link",
                tmp_path / "hard",
                tmp_path / "." / journal_path.name,
                other,
                tmp_path / "missing",
                "with\0nul",
            )
        ]
    assert named == [True, True, True, True, False, False, False]
    assert writer.writes_to(journal_path) is False  # closed: it writes to nothing


# Where a new journal may go ------------------------------------------------------------------


def test_taken_is_none_where_nothing_is(tmp_path: Path) -> None:
    assert taken(str(tmp_path / "new.jsonl"), Opened, check_format, "bank") is None


def test_taken_names_the_resume_for_a_journal_a_game_can_play_on(tmp_path: Path) -> None:
    path = tmp_path / "bank.jsonl"
    path.write_bytes(journal_bytes(sample_events(3)))
    assert taken(str(path), Opened, check_format, "bank") == (
        f"{path}: already exists; a journal is never replaced: play it on with "
        f"`bank play --resume {path}`, or give --journal another name"
    )


@pytest.mark.parametrize(
    "make",
    [
        lambda p: p.write_text("0 1 2\n"),
        lambda p: p.write_bytes(b"[" * 100_000 + b"\n"),
        lambda p: p.write_bytes(b'{"owners":["ada"]}\n'),
        lambda p: p.mkdir(),
        os.mkfifo,
        lambda p: p.symlink_to(p),
    ],
    ids=["text", "deep nesting", "no format", "a folder", "a pipe", "a loop"],
)
def test_taken_says_what_is_not_a_journal_is_in_the_way_without_waiting(
    tmp_path: Path, make: Callable[[Path], object]
) -> None:
    """A named pipe nobody writes to was opened and waited on for ever."""
    path = tmp_path / "in-the-way"
    make(path)
    assert taken(str(path), Opened, check_format, "bank") == (
        f"{path}: already exists and is not a journal; give --journal another name"
    )


@pytest.mark.parametrize(
    "first",
    [
        msgspec.json.encode(Opened(FORMAT + 1, ("ada",))),
        b'{"type":"game_started","format":1,"seed":1}',
        b'{"format":1,"owners":["\xff"]}',
    ],
    ids=["a newer format", "another game's", "not UTF-8"],
)
def test_taken_says_a_journal_the_game_cannot_play_on_is_never_replaced(
    tmp_path: Path, first: bytes
) -> None:
    path = tmp_path / "in-the-way"
    path.write_bytes(first + b"\n")
    assert taken(str(path), Opened, check_format, "bank") == (
        f"{path}: already exists and is a journal bank cannot play on; "
        "a journal is never replaced: give --journal another name"
    )


def test_taken_reads_an_older_format_through_the_games_upcaster(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    path.write_bytes(journal_bytes([], Opened(FORMAT - 1, ("ada",))))

    def upcast(first: bytes) -> Callable[[bytes], bytes] | None:
        older = msgspec.json.decode(first, type=dict[str, object])["format"] == FORMAT - 1
        return (lambda line: line.replace(b'"format":0', b'"format":1')) if older else None

    assert "cannot play on" in (taken(str(path), Opened, check_format, "bank") or "")
    assert "`bank play --resume" in (taken(str(path), Opened, check_format, "bank", upcast) or "")
