"""The seats' secrets: long enough, kept for their owner alone, carried by links after `#`
(issue 26, point 5)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from watan.engine.state import COLOURS
from watan.serve.tokens import (
    BadLink,
    forget,
    game_name,
    keep,
    kept,
    link,
    new_tokens,
    read_link,
    seats_file,
    socket_of,
)


def test_every_seat_has_its_own_token_of_at_least_128_bits() -> None:
    tokens = new_tokens()
    assert set(tokens) == set(COLOURS)
    assert len(set(tokens.values())) == len(COLOURS)
    # URL-safe base64: six bits a character.
    assert all(len(token) * 6 >= 256 for token in tokens.values())


def test_two_games_never_share_a_token() -> None:
    assert not set(new_tokens().values()) & set(new_tokens().values())


def test_tokens_are_kept_beside_the_journal_for_their_owner_alone(tmp_path: Path) -> None:
    journal = str(tmp_path / "watan-1.jsonl")
    tokens = new_tokens()
    keep(journal, tokens)
    mode = stat.S_IMODE(os.stat(seats_file(journal)).st_mode)
    assert kept(journal) == tokens
    assert mode == 0o600
    assert os.listdir(tmp_path) == ["watan-1.jsonl.seats"]


def test_tokens_of_an_ended_game_are_forgotten(tmp_path: Path) -> None:
    journal = str(tmp_path / "watan-1.jsonl")
    keep(journal, new_tokens())
    forget(journal)
    forget(journal)  # twice: nothing left to forget
    assert kept(journal) is None


@pytest.mark.parametrize("text", ["", "{", '{"Blue": "short"}', "[]"])
def test_a_seats_file_that_cannot_be_used_gives_no_tokens(tmp_path: Path, text: str) -> None:
    journal = str(tmp_path / "watan-1.jsonl")
    Path(seats_file(journal)).write_text(text)
    assert kept(journal) is None


def test_a_link_carries_its_token_after_the_hash_and_reads_back() -> None:
    address = link("http://127.0.0.1:8000", "watan-1", "secret")
    assert address == "http://127.0.0.1:8000/games/watan-1#secret"
    assert read_link(address) == ("ws://127.0.0.1:8000/games/watan-1/socket", "watan-1", "secret")


def test_a_spectators_link_has_no_token() -> None:
    address = link("http://[::1]:80", "watan-1", None)
    assert read_link(address) == ("ws://[::1]:80/games/watan-1/socket", "watan-1", "")


@pytest.mark.parametrize(
    "address", ["ftp://h/games/x", "http:///games/x", "http://h/x", "http://h/games/", "x"]
)
def test_an_address_that_is_no_link_is_refused(address: str) -> None:
    with pytest.raises(BadLink):
        read_link(address)


def test_a_game_is_named_for_its_journal() -> None:
    assert game_name("/a/b/watan-20260101-000000-000001.jsonl") == "watan-20260101-000000-000001"


def test_the_next_games_socket_is_on_the_same_server_its_name_quoted() -> None:
    address = "ws://127.0.0.1:8000/games/watan-1/socket"
    assert socket_of(address, "watan 2/x") == "ws://127.0.0.1:8000/games/watan%202%2Fx/socket"
