"""Bazaar's journal header checks and where new journals go."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bazaar.engine.events import FORMAT_VERSION, GameStarted
from bazaar.files.journal import CODEC, check_format, default_journal_path
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


def test_a_new_journal_goes_under_journals_named_for_when_the_game_began() -> None:
    moment = time.mktime((2025, 3, 4, 5, 6, 7, 0, 0, -1)) + 0.25
    assert default_journal_path(moment) == "journals/bazaar-20250304-050607-250000.jsonl"
