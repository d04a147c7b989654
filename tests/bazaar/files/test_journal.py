"""Bazaar's journal header checks and where new journals go."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bazaar.engine.events import FORMAT_VERSION, GameStarted
from bazaar.files.journal import CODEC, check_format, default_journal_path, journal_folder
from replay.edges.folders import Folder
from replay.journal import JournalError
from tests.bazaar.games import BOARD

HEADER = GameStarted(seed=1, board=BOARD, names=("Ann", "Bob"))


def test_todays_format_is_read_and_any_other_is_refused_saying_why() -> None:
    assert check_format(HEADER) is None
    newer = GameStarted(format=FORMAT_VERSION + 1, seed=1, board=BOARD, names=("A", "B"))
    assert check_format(newer) == (
        f"written by a newer bazaar (journal format {FORMAT_VERSION + 1}; "
        f"this version reads format {FORMAT_VERSION})"
    )
    older = GameStarted(format=0, seed=1, board=BOARD, names=("A", "B"))
    assert check_format(older) == "unknown journal format 0"


def test_the_codec_reads_a_bazaar_journal_and_refuses_a_watan_one(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_bytes(
        b'{"type":"game_started","format":1,"rules":"watan","seed":1,"board":[]}\n'
    )
    with pytest.raises(JournalError, match="line 1: the first line is not this kind"):
        CODEC.reader().read(path)


def test_a_new_journal_is_named_for_when_the_game_began() -> None:
    moment = time.mktime((2025, 3, 4, 5, 6, 7, 0, 0, -1)) + 0.25
    assert default_journal_path("games", moment) == "games/bazaar-20250304-050607-250000.jsonl"


@pytest.mark.parametrize(
    ("environment", "folder"),
    [
        ({"WATAN_JOURNALS": "/games", "XDG_DATA_HOME": "/data", "HOME": "/home/u"},
         Folder("/games/bazaar", chosen=True)),
        ({"XDG_DATA_HOME": "/data", "HOME": "/home/u"},
         Folder("/data/watan/journals/bazaar", chosen=False)),
        ({"WATAN_JOURNALS": "", "HOME": "/home/u"},
         Folder("/home/u/.local/share/watan/journals/bazaar", chosen=False)),
    ],
)
def test_journals_go_in_a_bazaar_folder_of_watans_journal_folder(
    environment: dict[str, str], folder: Folder
) -> None:
    assert journal_folder(environment) == folder
