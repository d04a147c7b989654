"""Writing a game's files all at once, never into a pipe, never over a journal."""

from __future__ import annotations

import io
import os
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from replay.edges.saving import save_target, write_atomically, write_save, write_whole


def test_write_atomically_writes_the_text(tmp_path: Path) -> None:
    path = tmp_path / "game.sv"
    write_atomically(str(path), "0\nÉ\n")
    assert path.read_bytes() == "0\nÉ\n".encode()


def test_write_atomically_never_translates_newlines(tmp_path: Path) -> None:
    path = tmp_path / "game.sv"
    write_atomically(str(path), "0\n1\n")
    assert path.read_bytes() == b"0\n1\n"


def test_write_atomically_replaces_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "game.sv"
    path.write_text("a much longer old content\n" * 10)
    write_atomically(str(path), "new\n")
    assert path.read_text() == "new\n"


def test_write_atomically_leaves_no_temporary_file_behind(tmp_path: Path) -> None:
    write_atomically(str(tmp_path / "game.sv"), "0\n")
    write_atomically(str(tmp_path / "game.sv"), "1\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.sv"]


def test_write_atomically_into_a_missing_folder_raises_and_creates_nothing(
    tmp_path: Path,
) -> None:
    with pytest.raises(OSError):
        write_atomically(str(tmp_path / "nowhere" / "game.sv"), "0\n")
    assert list(tmp_path.iterdir()) == []


def test_write_atomically_refuses_a_file_the_user_may_not_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Renaming over a file needs only the folder's permission, so the check for the
    # file's own is what keeps a read-only save untouched.  Root passes every
    # permission check, so the answer "not writable" is given here directly.
    path = tmp_path / "game.sv"
    path.write_text("old\n")
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: mode != os.W_OK and real_access(p, mode))
    with pytest.raises(PermissionError):
        write_atomically(str(path), "new\n")
    assert path.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.sv"]


def test_write_atomically_over_a_read_only_file(tmp_path: Path) -> None:
    path = tmp_path / "game.sv"
    path.write_text("old\n")
    path.chmod(0o444)
    try:
        if os.access(path, os.W_OK):
            # Running as root: a read-only mode does not stop writing, so it is replaced
            # and keeps its mode.
            write_atomically(str(path), "new\n")
            assert (path.read_text(), stat.S_IMODE(path.stat().st_mode)) == ("new\n", 0o444)
        else:
            with pytest.raises(PermissionError):
                write_atomically(str(path), "new\n")
            assert path.read_text() == "old\n"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["game.sv"]
    finally:
        path.chmod(0o644)


def test_write_atomically_keeps_the_mode_of_a_replaced_file(tmp_path: Path) -> None:
    path = tmp_path / "game.sv"
    path.write_text("old\n")
    path.chmod(0o640)
    write_atomically(str(path), "new\n")
    assert (path.read_text(), stat.S_IMODE(path.stat().st_mode)) == ("new\n", 0o640)


def test_write_atomically_gives_a_new_file_the_usual_mode(tmp_path: Path) -> None:
    # A new file is created as open() would create it: 0o666 less the umask.
    umask = os.umask(0o022)
    try:
        write_atomically(str(tmp_path / "game.sv"), "0\n")
    finally:
        os.umask(umask)
    assert stat.S_IMODE((tmp_path / "game.sv").stat().st_mode) == 0o644


def test_saving_through_a_symbolic_link_replaces_the_file_it_names_and_keeps_the_link(
    tmp_path: Path,
) -> None:
    (tmp_path / "real.sv").write_text("old\n")
    (tmp_path / "link.sv").symlink_to(tmp_path / "real.sv")
    write_atomically(str(tmp_path / "link.sv"), "new\n")
    assert ((tmp_path / "link.sv").is_symlink(), (tmp_path / "real.sv").read_text()) == (
        True, "new\n"
    )


def test_saving_onto_a_device_writes_into_it_and_never_replaces_it(tmp_path: Path) -> None:
    write_atomically(os.devnull, "anything\n")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    assert list(Path(os.devnull).parent.glob(".save-*.tmp")) == []


def test_a_save_name_as_long_as_names_can_be_is_written(tmp_path: Path) -> None:
    name = tmp_path / ("n" * 251 + ".sv")
    write_atomically(str(name), "long\n")
    assert (name.read_text(), [p.name for p in tmp_path.iterdir()]) == ("long\n", [name.name])


def os_error(action: Callable[[], object]) -> str:
    with pytest.raises(OSError) as caught:
        action()
    return caught.value.strerror or ""


def test_a_named_pipe_is_refused_before_it_is_opened_and_kept(tmp_path: Path) -> None:
    pipe = tmp_path / "fifo"
    os.mkfifo(pipe)  # with no reader, opening it to write would wait for ever
    assert os_error(lambda: write_atomically(str(pipe), "0\n")) == "it is a named pipe, not a file"
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)


def test_a_loop_of_links_is_refused_and_kept(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    assert os_error(lambda: write_atomically(str(tmp_path / "a"), "0\n")) == (
        "it is a loop of symbolic links"
    )
    assert [p.is_symlink() for p in (tmp_path / "a", tmp_path / "b")] == [True, True]


def test_a_link_to_nothing_yet_writes_the_file_it_names(tmp_path: Path) -> None:
    (tmp_path / "link.sv").symlink_to(tmp_path / "new.sv")
    write_atomically(str(tmp_path / "link.sv"), "0\n")
    assert ((tmp_path / "link.sv").is_symlink(), (tmp_path / "new.sv").read_text()) == (
        True, "0\n"
    )


@pytest.mark.parametrize(
    ("kind", "refusal"),
    [
        (stat.S_IFSOCK, "it is a socket, not a file"),
        (stat.S_IFBLK, "it is a block device, not a file"),
        (stat.S_IFDIR, "Is a directory"),
    ],
    ids=["socket", "block device", "folder"],
)
def test_what_is_neither_a_file_nor_a_character_device_is_refused(
    kind: int, refusal: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = os.stat

    def looks_like(path: str, *args: object, **options: object) -> os.stat_result:
        if path == "target":
            return os.stat_result((kind | 0o644, 0, 0, 1, 0, 0, 0, 0, 0, 0))
        return real(path, *args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr("replay.edges.saving.os.stat", looks_like)
    assert os_error(lambda: save_target("target")) == refusal


def test_only_a_character_device_is_written_into(tmp_path: Path) -> None:
    (tmp_path / "game.sv").write_text("old\n")
    assert (save_target(os.devnull), save_target(str(tmp_path / "game.sv"))) == (True, False)
    assert save_target(str(tmp_path / "new.sv")) is False


def test_write_atomically_never_replaces_a_journal_of_any_game(tmp_path: Path) -> None:
    # A game being played elsewhere would append its next command to a file no longer there.
    for header in ('{"type":"game_started","format":1,"seed":0}', '{"format":2,"type":"other"}'):
        journal = tmp_path / "game.jsonl"
        journal.write_text(header + "\n")
        with pytest.raises(OSError, match="it is a game's journal; choose another name"):
            write_atomically(str(journal), "0\n")
        assert journal.read_text() == header + "\n"


@pytest.mark.parametrize("first", ["0", "{}", '{"format": "1"}', "[1, 2]", "", "<!doctype html>"])
def test_write_atomically_replaces_files_that_do_not_begin_as_a_journal(
    tmp_path: Path, first: str
) -> None:
    target = tmp_path / "old.sv"
    target.write_text(first + "\n")
    write_atomically(str(target), "new\n")
    assert target.read_text() == "new\n"


def test_the_temporary_file_is_named_for_the_game_beside_its_target(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    renamed: list[tuple[str, str]] = []
    monkeypatch.setattr(os, "replace", lambda source, target: renamed.append((source, target)))
    write_atomically(str(tmp_path / "game.sv"), "0\n", prefix=".race-")
    [(temporary, target)] = renamed
    assert (Path(temporary).parent, Path(temporary).name.startswith(".race-")) == (tmp_path, True)
    assert target == str(tmp_path / "game.sv")


def test_a_name_holding_a_nul_is_an_os_error_and_leaves_nothing(tmp_path: Path) -> None:
    assert os_error(lambda: write_atomically(str(tmp_path / "bad\0name"), "0\n")) == (
        "a file name cannot hold a NUL character"
    )
    assert list(tmp_path.iterdir()) == []


# The one writer of whole files ------------------------------------------------------------------


def steps_of_a_write(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Return the list that the writes to come fill with what they sync and rename, in order."""
    steps: list[str] = []
    real_fsync, real_replace, real_link = os.fsync, os.replace, os.link

    def fsync(fd: int) -> None:
        steps.append("sync the folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "sync the file")
        real_fsync(fd)

    def replace(source: str, target: str) -> None:
        steps.append("rename")
        real_replace(source, target)

    def link(source: str, target: str) -> None:
        steps.append("link")
        real_link(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "link", link)
    return steps


def test_a_save_syncs_its_folder_after_the_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the folder's sync, a crash just after a save could lose the rename: the old
    file back, or none (issue 22: the save's writer did not sync it, the journal's did)."""
    steps = steps_of_a_write(monkeypatch)
    write_atomically(str(tmp_path / "game.sv"), "0\n")
    assert steps == ["sync the file", "rename", "sync the folder"]


def test_an_exclusive_write_links_the_file_and_syncs_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    steps = steps_of_a_write(monkeypatch)
    write_whole(str(tmp_path / "new.jsonl"), b"{}\n", prefix=".test-", exclusive=True)
    assert (steps, (tmp_path / "new.jsonl").read_bytes()) == (
        ["sync the file", "link", "sync the folder"], b"{}\n"
    )
    assert [p.name for p in tmp_path.iterdir()] == ["new.jsonl"]


def test_a_sidecar_of_checkpoints_is_written_whole_without_a_sync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sidecar is never trusted and never required: a crash that loses or damages it costs
    a later read its head start, nothing more, so it is not worth two syncs."""
    from replay.checkpoints import write_sidecar  # noqa: PLC0415

    journal = tmp_path / "game.jsonl"
    journal.write_bytes(b"{}\n")
    steps = steps_of_a_write(monkeypatch)
    assert write_sidecar(str(journal), [], 3)
    assert (steps, sorted(p.name for p in tmp_path.iterdir())) == (
        ["rename"], ["game.jsonl", "game.jsonl.checkpoints"]
    )


def test_an_exclusive_write_leaves_what_is_there_and_no_temporary_file(tmp_path: Path) -> None:
    (tmp_path / "there").write_bytes(b"old\n")
    with pytest.raises(FileExistsError):
        write_whole(str(tmp_path / "there"), b"new\n", prefix=".test-", exclusive=True)
    assert ((tmp_path / "there").read_bytes(), [p.name for p in tmp_path.iterdir()]) == (
        b"old\n", ["there"]
    )


def _saved(path: Path, *, journal: bool = False, unnamed: bool = False) -> tuple[bool, str]:
    """Return what `write_save` returns for a save of `0\\n` to `path`, and what it said."""
    said = io.StringIO()
    done = write_save(
        str(path), "0\n", journal=journal, unnamed=unnamed,
        ours=lambda first: first.startswith(b"0"), prefix=".game-", stderr=said, program="game",
    )  # fmt: skip
    return done, said.getvalue()


def test_a_save_is_written_and_nothing_said(tmp_path: Path) -> None:
    assert _saved(tmp_path / "game.sv") == (True, "")
    assert (tmp_path / "game.sv").read_text() == "0\n"


def test_a_save_over_the_games_own_journal_is_refused_in_one_line_and_never_written(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text("the journal\n")
    assert _saved(path, journal=True) == (
        False,
        f"game: cannot save to {path}: it is this game's journal; choose another name\n",
    )
    assert path.read_text() == "the journal\n"


def test_a_save_that_cannot_be_written_is_one_line_naming_the_file_and_why(
    tmp_path: Path,
) -> None:
    path = tmp_path / "missing" / "game.sv"
    assert _saved(path) == (False, f"game: cannot save to {path}: No such file or directory\n")


def test_a_backup_replaces_an_earlier_save_but_not_a_file_of_the_users(tmp_path: Path) -> None:
    earlier, notes = tmp_path / "backup.sv", tmp_path / "notes.sv"
    earlier.write_text("0 earlier\n")
    notes.write_text("my notes\n")
    assert _saved(earlier, unnamed=True) == (True, "")
    done, said = _saved(notes, unnamed=True)
    assert (done, said.startswith(f"game: cannot save to {notes}: ")) == (False, True)
    assert (earlier.read_text(), notes.read_text()) == ("0\n", "my notes\n")
