"""Reading a game's small files: bounded, and every failure one line naming the file."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from replay.edges.reading import BadFile, journal_source, read_text


def test_a_file_is_read_as_its_text(tmp_path: Path) -> None:
    (tmp_path / "board.txt").write_text("0 3 1 10\n")
    assert read_text(str(tmp_path / "board.txt"), 100, "a board") == "0 3 1 10\n"


def test_bytes_given_are_read_as_the_file_and_the_path_only_names_it() -> None:
    assert read_text("standard input", 100, "a board", b"5 6\n") == "5 6\n"
    with pytest.raises(BadFile) as raised:
        read_text("standard input", 3, "a board", b"5 6\n")
    assert str(raised.value) == "standard input: is far too large to be a board"


@pytest.mark.parametrize(
    ("name", "content", "problem"),
    [
        ("missing", None, "no such file"),
        ("folder", "folder", "is a folder, not a file"),
        ("big", b"x" * 11, "is far too large to be a save file"),
        ("binary", b"\xff\xfe", "is not a text file"),
        ("nul\0name", None, "cannot read it (embedded null byte)"),
    ],
)
def test_a_file_that_cannot_be_read_is_one_line_naming_it(
    tmp_path: Path, name: str, content: bytes | str | None, problem: str
) -> None:
    path = tmp_path / name.replace("\0", "")
    if content == "folder":
        path.mkdir()
    elif isinstance(content, bytes):
        path.write_bytes(content)
    asked = str(tmp_path / name)
    with pytest.raises(BadFile) as raised:
        read_text(asked, 10, "a save file")
    assert (str(raised.value), raised.value.name, raised.value.line) == (
        f"{asked}: {problem}", asked, None
    )


def test_a_device_that_never_ends_is_read_only_to_the_bound() -> None:
    with pytest.raises(BadFile, match="is far too large to be a save file"):
        read_text("/dev/zero", 1 << 16, "a save file")


def test_a_line_to_blame_is_named_with_the_file() -> None:
    assert str(BadFile("game.sv", "bad number", 3)) == "game.sv: line 3: bad number"


def test_a_dash_names_standard_input_and_brings_it_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    stdin = io.BytesIO(b"{}\n")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(stdin))
    assert journal_source("-") == ("standard input", stdin)
    assert stdin.tell() == 0
    assert journal_source("game.jsonl") == ("game.jsonl", None)
