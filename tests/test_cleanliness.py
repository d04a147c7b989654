"""The check that a test run leaves the checkout as it found it (`tests/cleanliness.py`)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.cleanliness import left_behind, snapshot


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A git checkout holding one committed file, `kept.txt`."""
    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)

    git("init", "-q")
    (tmp_path / "kept.txt").write_text("kept\n")
    git("add", "kept.txt")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one file")
    return tmp_path


def test_a_clean_checkout_left_clean_has_nothing_behind(checkout: Path) -> None:
    before = snapshot(checkout)
    after = snapshot(checkout)
    assert (before, after) == ({}, {})


def test_a_new_file_a_changed_file_and_a_removed_file_are_each_named(checkout: Path) -> None:
    (checkout / "other.txt").write_text("two\n")
    before = snapshot(checkout)
    assert before is not None
    (checkout / "backup.sv").write_text("0\n")
    (checkout / "kept.txt").write_text("changed\n")
    (checkout / "other.txt").unlink()
    after = snapshot(checkout)
    assert after is not None
    assert left_behind(before, after) == ["backup.sv", "kept.txt", "other.txt"]


def test_a_file_already_changed_is_caught_changing_again(checkout: Path) -> None:
    (checkout / "kept.txt").write_text("changed by hand\n")
    before = snapshot(checkout)
    assert before is not None
    (checkout / "kept.txt").write_text("changed by a test\n")
    after = snapshot(checkout)
    assert after is not None
    assert left_behind(before, after) == ["kept.txt"]


def test_a_folder_outside_any_checkout_gives_no_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))  # git looks no higher
    outside = tmp_path / "not-a-checkout"
    outside.mkdir()
    assert snapshot(outside) is None
