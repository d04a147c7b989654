"""Whatever the program writes, it can read back (issue 23, point 2).

Every field of a save file `-load` accepts is bounded by what a game can hold (the deck by
the rules' counts), and the journal writer refuses, before writing, a line its own reader
would refuse: so a journal the game keeps is never one that every later tool refuses.
"""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay.edges.reading import BadFile
from replay.journal import JournalError
from replay.writer import JournalWriter
from tests.conftest import ROOT, WATAN
from tests.files.test_extension import SPEC_PART
from tests.test_reliability_reading import program
from watan.definition import WATAN as DEFINITION
from watan.engine.events import AnyEvent, GameStarted
from watan.engine.layout import Board
from watan.engine.rules import CARDS
from watan.match.making import first_header
from watan.match.options import asked

CARD_NAMES = [card.value for card in CARDS]


def save_text(deck: list[str], hands: list[tuple[int, int, int, int]], played: int) -> str:
    """Return the spec's sample save with the dev-cards extension holding these cards."""
    lines = [SPEC_PART, "house-rules bank-trade,dev-cards,geese-start-on-park,seven-over-7\n"]
    lines += [f"cards {k} {v} {m} vp-played {p}\n" for k, v, m, p in hands]
    lines += [" ".join(["deck", *deck]) + "\n", f"card-played {played}\n"]
    return "".join(lines)


def test_a_save_whose_deck_holds_more_than_the_rules_cards_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deck.sv"
    path.write_text(save_text(["vp"] * 300_000, [(0, 0, 0, 0)] * 4, 0))
    with pytest.raises(BadFile) as refused:
        asked(seed=1, edition=WATAN, house_rules=["standard"], load=str(path))
    assert str(refused.value) == (
        f"{path}: line 13: the deck holds 300,000 vp cards; the rules' deck has 5"
    )


def test_the_program_refuses_such_a_save_in_one_line_and_writes_no_journal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("deck.sv").write_text(save_text(["vp"] * 6, [(0, 0, 0, 0)] * 4, 0))
    assert program("-load", "deck.sv", "--house-rules", "standard") == (
        2,
        "watan: deck.sv: line 13: the deck holds 6 vp cards; the rules' deck has 5\n",
    )
    assert not (tmp_path / "journals").exists()


def test_the_writer_refuses_a_header_its_reader_would_refuse(tmp_path: Path) -> None:
    header = GameStarted(
        edition="watan", rules=WATAN.rules, seed=10**40, board=first_board(), deck=()
    )
    with pytest.raises(JournalError) as refused:
        JournalWriter[GameStarted, AnyEvent].create(tmp_path / "j.jsonl", header)
    assert refused.value.problem == (
        "cannot record this: a number in 'seed' has more than 30 digits; no field of a "
        "journal holds one"
    )
    assert list(tmp_path.iterdir()) == []


def first_board() -> Board:
    options = asked(seed=1, edition=WATAN)
    return first_header(options, random.Random(1)).board


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    deck=st.lists(st.sampled_from(CARD_NAMES), max_size=40),
    hands=st.lists(st.tuples(*[st.integers(0, 10**9 + 5)] * 4), min_size=4, max_size=4),
    played=st.integers(0, 1),
    seed=st.integers(-(10**35), 10**35),
)
def test_every_save_the_program_accepts_starts_a_journal_it_reads_back(
    tmp_path: Path,
    deck: list[str],
    hands: list[tuple[int, int, int, int]],
    played: int,
    seed: int,
) -> None:
    path = tmp_path / "game.sv"
    path.write_text(save_text(deck, hands, played))
    journal = tmp_path / "game.jsonl"
    journal.unlink(missing_ok=True)
    try:
        options = asked(seed=seed, edition=WATAN, house_rules=["standard"], load=str(path))
    except BadFile:
        return  # refused when loaded: nothing is written
    header = first_header(options, random.Random(seed))
    try:
        JournalWriter[GameStarted, AnyEvent].create(journal, header).close()
    except JournalError as refused:
        assert refused.problem.startswith("cannot record this: ")
        assert not journal.exists()
        return
    assert DEFINITION.reader().read(journal).header == header


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            {"level_costs": [[1, 1, 1, 0, 1], [2**63, 0, 2, 3, 0], [3, 2, 2, 2, 1]]},
            "the rules ask more than 99 of one resource for something",
        ),
        (
            {"points_to_win": 10**18},
            "the rules ask 1,000,000,000,000,000,000 points to win; no student can ever "
            "hold more than 167",
        ),
    ],
)
def test_a_header_whose_rules_no_game_can_reach_is_refused_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: dict[str, object], problem: str
) -> None:
    monkeypatch.chdir(tmp_path)
    lines = (ROOT / "fixtures" / "journals" / "format-2.jsonl").read_bytes().splitlines(True)
    header = msgspec.json.decode(lines[0])
    header["rules"].update(change)
    Path("j.jsonl").write_bytes(msgspec.json.encode(header) + b"\n" + b"".join(lines[1:]))
    said = f"watan: j.jsonl: line 1: {problem}\n"
    assert program("play", "--resume", "j.jsonl", "--computer", "Blue=greedy") == (2, said)
    assert program("replay", "j.jsonl") == (2, said)


def test_a_header_at_the_bounds_that_nobody_can_build_in_ends_as_nobody_can_win(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The bounds and the computers' watch meet: every price at the most a header may ask
    # (99 of each), 30 points to win, and four computers stop in a few rounds, not at a cap.
    monkeypatch.chdir(tmp_path)
    fixture = ROOT / "fixtures" / "journals" / "format-2.jsonl"
    assert program("rewind", str(fixture), "--to", "8", "-o", "k.jsonl")[0] == 0
    lines = Path("k.jsonl").read_bytes().splitlines(True)
    header = msgspec.json.decode(lines[0])
    most = [99] * 5
    header["rules"].update(
        goal_cost=most, level_costs=[[1, 1, 1, 0, 1], most, most], card_cost=most, points_to_win=30
    )
    Path("m.jsonl").write_bytes(msgspec.json.encode(header) + b"\n" + b"".join(lines[1:]))
    seats = [f"--computer={colour}=greedy" for colour in ("Blue", "Red", "Orange", "Yellow")]
    status, said = program("play", "--resume", "m.jsonl", *seats)
    assert (status, said) == (
        0,
        "watan: nobody can win this game any more: nobody has built for 25 rounds; the game "
        "stops here, kept in its journal\n",
    )
