"""Where journals go (a journal told from other files: `tests/replay/test_journal.py`).

Keeping a game's journal (a new one removed when nothing was played, a folder that cannot be
made) is the toolkit's: `tests/replay/test_recorder.py`, and `tests/terminal/test_console.py`
for where Watan's go."""

from __future__ import annotations

import pytest

from replay.edges.folders import Folder
from watan.files.journal import journal_folder


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
