"""Recorded complete games (journals/) are the regression suite of the whole program.

Each one must still fold to its recorded final state, pass the audit, and,
played again through today's program from its recorded input, print exactly
its recorded output and write exactly its recorded journal.  A change that
alters any of them fails here with a readable difference; if the change is
intended, record them anew (`python -m tests.recording`) and read the diff.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import msgspec
import pytest

from tests.recording import JOURNALS, run_session
from watan.describe import describe
from watan.events import (
    AnyEvent,
    CriterionCompleted,
    CriterionImproved,
    GameResumed,
    GameWon,
    ResourceStolen,
    TradeAccepted,
    TradeDeclined,
)
from watan.history import load
from watan.journal import read_journal
from watan.savefile import format_save
from watan.state import Phase, saved_game

GAMES = sorted(p.parent for p in JOURNALS.glob("*/journal.jsonl"))
IDS = [game.name for game in GAMES]


def _first_difference(expected: bytes, actual: bytes, name: str) -> str:
    """Return a short unified diff around the first differing lines."""
    lines = difflib.unified_diff(
        expected.decode().splitlines(), actual.decode(errors="replace").splitlines(),
        f"recorded {name}", f"today's {name}", lineterm="", n=3,
    )
    return "\n".join(list(lines)[:40])


def _events(game: Path) -> tuple[AnyEvent, ...]:
    return read_journal(str(game / "journal.jsonl")).events


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_recorded_journal_folds_to_its_recorded_final_state(game: Path) -> None:
    folded = load(str(game / "journal.jsonl")).game
    assert folded.phase is Phase.OVER
    recorded = (game / "final.sv").read_bytes()
    assert format_save(saved_game(folded)).encode() == recorded


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_recorded_input_replays_to_the_same_output_and_events(
    game: Path, tmp_path: Path
) -> None:
    for session in sorted(game.glob("session-*")):
        result = run_session(session, tmp_path)
        assert (result.returncode, result.stderr.count(b"Traceback")) == (0, 0), result.stderr
        recorded = (session / "out").read_bytes()
        assert result.stdout == recorded, _first_difference(recorded, result.stdout, "output")
        for want in sorted((session / "expect").glob("*")):
            got = (tmp_path / want.name).read_bytes()
            assert got == want.read_bytes(), _first_difference(want.read_bytes(), got, want.name)
            (tmp_path / want.name).unlink()
    today = read_journal(str(tmp_path / "journal.jsonl"))
    recorded_journal = read_journal(str(game / "journal.jsonl"))
    assert today.header == recorded_journal.header
    for number, (then, now) in enumerate(
        zip(recorded_journal.events, today.events, strict=False), start=1
    ):
        assert now == then, f"event {number}: recorded {describe(then)!r}, today {describe(now)!r}"
    assert len(today.events) == len(recorded_journal.events)


def test_the_recordings_cover_every_kind_of_game_the_suite_promises() -> None:
    by_name = {game.name: _events(game) for game in GAMES}

    def winning_build(events: tuple[AnyEvent, ...]) -> type:
        won = next(i for i, e in enumerate(events) if isinstance(e, GameWon))
        return type(events[won - 1])

    def count(events: tuple[AnyEvent, ...], *kinds: type) -> int:
        return sum(isinstance(e, kinds) for e in events)

    header = read_journal(str(JOURNALS / "started-with-load" / "journal.jsonl")).header
    board_args = (JOURNALS / "started-with-board" / "session-1" / "args").read_text().split()
    assert {
        "completion": winning_build(by_name["win-by-completion"]),
        "improvement": winning_build(by_name["win-by-improvement"]),
        "steals": count(by_name["sevens-and-steals"], ResourceStolen) >= 5,
        "trades": count(by_name["trade-heavy"], TradeAccepted, TradeDeclined) >= 100,
        "declined": count(by_name["trade-heavy"], TradeDeclined) >= 1,
        "loaded": header.loaded is not None,
        "board": "-board" in board_args,
        "resumed": count(by_name["interrupted-and-resumed"], GameResumed) == 1,
    } == {
        "completion": CriterionCompleted,
        "improvement": CriterionImproved,
        "steals": True,
        "trades": True,
        "declined": True,
        "loaded": True,
        "board": True,
        "resumed": True,
    }


def test_the_recorded_headers_say_how_each_game_began() -> None:
    headers = {g.name: read_journal(str(g / "journal.jsonl")).header for g in GAMES}
    assert {name: (h.format, h.rules, h.game) for name, h in headers.items()} == {
        name: (1, "watan", 1) for name in headers
    }
    assert msgspec.structs.asdict(headers["started-with-board"])["seed"] == 8
