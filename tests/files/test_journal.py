"""Where journals go, what a journal file looks like, and journals of games nobody played."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from tests.conftest import reference
from tests.tools.test_audit import NEW_HEADER
from watan.engine.events import TurnEnded
from watan.engine.state import Colour
from watan.files.journal import (
    LOCAL_FOLDER,
    Folder,
    create_recorder,
    is_journal_text,
    journal_folder,
)


@pytest.mark.parametrize(
    ("environment", "folder"),
    [
        ({"WATAN_JOURNALS": "/games", "XDG_DATA_HOME": "/data", "HOME": "/home/u"},
         Folder("/games", chosen=True)),
        ({"WATAN_JOURNALS": "mine"}, Folder("mine", chosen=True)),
        ({"XDG_DATA_HOME": "/data", "HOME": "/home/u"},
         Folder("/data/watan/journals", chosen=False)),
        ({"XDG_DATA_HOME": "relative", "HOME": "/home/u"},  # XDG: only absolute paths count
         Folder("/home/u/.local/share/watan/journals", chosen=False)),
        ({"WATAN_JOURNALS": "", "HOME": "/home/u"},
         Folder("/home/u/.local/share/watan/journals", chosen=False)),
    ],
)
def test_the_journal_folder_is_the_variables_else_the_users_data_folder(
    environment: dict[str, str], folder: Folder
) -> None:
    assert journal_folder(environment) == folder


def test_a_journal_is_told_from_other_text_by_its_header() -> None:
    assert is_journal_text('{"type":"game_started","format":1,"seed":1,"board":[]}\n{"a":1}\n')
    assert is_journal_text('{"type":"game_started","format":7}')  # any format
    assert not is_journal_text(reference("sample-save.sv"))
    assert not is_journal_text('{"type":"turn_ended","colour":0}\n')
    assert not is_journal_text("{not json\n")
    assert not is_journal_text("")


def test_a_journal_nothing_was_recorded_in_is_removed_when_closed(tmp_path: Path) -> None:
    path = str(tmp_path / "empty.jsonl")
    recorder = create_recorder(path, NEW_HEADER, io.StringIO(), "watan")
    assert (recorder.path, recorder.played, os.path.exists(path)) == (path, False, True)
    recorder.close()
    assert not os.path.exists(path)
    kept = create_recorder(path, NEW_HEADER, io.StringIO(), "watan")
    kept.record([TurnEnded(colour=Colour.BLUE)])
    kept.close()
    assert Path(path).read_bytes().count(b"\n") == 2


def test_a_journal_folder_that_cannot_be_made_falls_back_to_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("data").write_text("a file where the folder should be")
    err = io.StringIO()
    fallback = os.path.join(LOCAL_FOLDER, "g.jsonl")
    recorder = create_recorder("data/journals/g.jsonl", NEW_HEADER, err, "watan", fallback)
    assert (recorder.path, err.getvalue()) == (fallback, "")  # said on a terminal only
    recorder.record([TurnEnded(colour=Colour.BLUE)])
    recorder.close()
    assert Path(fallback).exists()


def test_without_a_fallback_a_journal_that_cannot_be_made_is_one_line(tmp_path: Path) -> None:
    Path(tmp_path / "data").write_text("x")
    err = io.StringIO()
    recorder = create_recorder(str(tmp_path / "data" / "g.jsonl"), NEW_HEADER, err, "constructor")
    assert recorder.path is None
    assert err.getvalue() == (
        f"constructor: cannot write the journal {tmp_path}/data/g.jsonl: "
        f"{tmp_path}/data is not a folder\n"
    )
