"""Reading and writing save files: one line for every failure, and never half a file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bazaar.files.disk import MOST_BYTES, load_save, read_text, write_atomically
from bazaar.files.savefile import BadFile
from tests.bazaar.files.test_savefile import SAVED, TEXT


def test_load_save_reads_a_save_file(tmp_path: Path) -> None:
    (tmp_path / "game.txt").write_text(TEXT)
    assert load_save(str(tmp_path / "game.txt")) == SAVED


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda p: None, "no such file"),
        (lambda p: p.mkdir(), "is a folder, not a file"),
        (lambda p: p.write_bytes(b"\xff\xfe bazaar"), "is not a text file"),
        (lambda p: p.write_bytes(b"x" * (MOST_BYTES + 1)), "is far too large to be a save file"),
    ],
)
def test_a_file_that_cannot_be_read_is_one_line_naming_it(
    tmp_path: Path, make: object, problem: str
) -> None:
    path = tmp_path / "game.txt"
    make(path)  # type: ignore[operator]
    with pytest.raises(BadFile) as raised:
        read_text(str(path))
    assert str(raised.value) == f"{path}: {problem}"


def test_a_save_replaces_the_file_whole_and_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text("old")
    path.chmod(0o600)
    write_atomically(str(path), TEXT)
    assert (path.read_text(), path.stat().st_mode & 0o777) == (TEXT, 0o600)
    assert [p.name for p in tmp_path.iterdir()] == ["game.txt"]


def test_a_save_through_a_symbolic_link_replaces_the_file_it_names(tmp_path: Path) -> None:
    (tmp_path / "real.txt").write_text("old")
    (tmp_path / "link.txt").symlink_to("real.txt")
    write_atomically(str(tmp_path / "link.txt"), TEXT)
    assert (tmp_path / "link.txt").is_symlink()
    assert (tmp_path / "real.txt").read_text() == TEXT


def test_a_save_onto_a_device_writes_into_it_and_never_replaces_it() -> None:
    before = os.stat("/dev/null")
    write_atomically("/dev/null", TEXT)
    after = os.stat("/dev/null")
    assert (after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev)


def test_a_save_that_cannot_be_written_raises_and_leaves_nothing_behind(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        write_atomically(str(tmp_path / "missing" / "game.txt"), TEXT)
    with pytest.raises(OSError):
        write_atomically(str(tmp_path / "bad\0name"), TEXT)
    assert list(tmp_path.iterdir()) == []


def test_a_file_the_user_may_not_write_is_refused_and_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.txt"
    path.write_text("old")
    path.chmod(0o400)
    # The check is the system's answer for this user; root may write anything, so ask as one
    # who may not.
    monkeypatch.setattr(os, "access", lambda name, mode: False)
    with pytest.raises(PermissionError):
        write_atomically(str(path), TEXT)
    assert path.read_text() == "old"
