"""Reading the spec's files at the program's edge.

Writing them is tested in tests/replay/edges/test_saving.py.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from replay.edges.reading import BadFile
from tests.conftest import WATAN, reference
from watan.engine.layout import Board
from watan.engine.snapshot import SavedGame
from watan.files.disk import load_board, load_save, read_text


def bad_file_message(path: Path) -> str:
    with pytest.raises(BadFile) as caught:
        read_text(str(path))
    return str(caught.value)


# --- reading --------------------------------------------------------------------------------


def test_read_text_returns_the_files_text(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes("0\nCAFFEINE é\n".encode())
    assert read_text(str(path)) == "0\nCAFFEINE é\n"


def test_read_text_keeps_line_endings_for_the_parser(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes(b"0\r\n1\r\n")
    assert read_text(str(path)) == "0\r\n1\r\n"


def test_a_missing_file_is_a_bad_file(tmp_path: Path) -> None:
    path = tmp_path / "missing.sv"
    assert bad_file_message(path) == f"{path}: no such file"


def test_a_file_in_a_missing_folder_is_a_bad_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere" / "game.sv"
    assert bad_file_message(path) == f"{path}: no such file"


def test_a_folder_is_a_bad_file(tmp_path: Path) -> None:
    assert bad_file_message(tmp_path) == f"{tmp_path}: is a folder, not a file"


def test_bytes_that_are_not_utf8_are_a_bad_file(tmp_path: Path) -> None:
    path = tmp_path / "binary.sv"
    path.write_bytes(b"0\n\xff\xfe\x00\x81\n")
    assert bad_file_message(path) == f"{path}: is not a text file"


def test_an_unreadable_file_is_a_bad_file_unless_permissions_do_not_apply(
    tmp_path: Path,
) -> None:
    path = tmp_path / "secret.sv"
    path.write_text("0\n")
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):
            # Running as root (or with CAP_DAC_OVERRIDE): mode 000 does not stop reading.
            assert read_text(str(path)) == "0\n"
        else:
            assert bad_file_message(path) == f"{path}: cannot read it (Permission denied)"
    finally:
        path.chmod(0o600)


def test_a_path_through_a_file_is_a_bad_file(tmp_path: Path) -> None:
    # Reading "a.sv/b" where a.sv is a file fails with ENOTDIR, a plain OSError.
    (tmp_path / "a.sv").write_text("0\n")
    path = tmp_path / "a.sv" / "b"
    assert bad_file_message(path) == f"{path}: cannot read it (Not a directory)"


def test_load_board_reads_a_board_file(tmp_path: Path, sample_board: Board) -> None:
    path = tmp_path / "layout.txt"
    path.write_text(reference("sample-board.txt"))
    assert load_board(str(path), WATAN) == sample_board


def test_load_save_reads_a_save_file(tmp_path: Path, sample_save: SavedGame) -> None:
    path = tmp_path / "game.sv"
    path.write_text(reference("sample-save.sv"))
    assert load_save(str(path), WATAN) == sample_save


def test_load_board_names_the_file_in_a_parse_error(tmp_path: Path) -> None:
    path = tmp_path / "layout.txt"
    path.write_text("4 12\n")
    with pytest.raises(BadFile) as caught:
        load_board(str(path), WATAN)
    assert str(caught.value) == (
        f"{path}: expected 19 resource/value pairs (38 numbers), found 2 numbers"
    )


def test_load_save_names_the_file_in_a_parse_error(tmp_path: Path) -> None:
    path = tmp_path / "game.sv"
    path.write_text("7\n")
    with pytest.raises(BadFile) as caught:
        load_save(str(path), WATAN)
    assert str(caught.value) == (
        f"{path}: expected at least 6 lines (turn, 4 students, board), found 1"
    )


def test_load_save_of_a_missing_file_is_a_bad_file(tmp_path: Path) -> None:
    path = tmp_path / "nothing.sv"
    with pytest.raises(BadFile) as caught:
        load_save(str(path), WATAN)
    assert str(caught.value) == f"{path}: no such file"
