"""Reading save files: one line for every failure.

Writing them is tested in tests/replay/edges/test_saving.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bazaar.files.disk import MOST_BYTES, load_save, read_text
from replay.edges.reading import BadFile
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
