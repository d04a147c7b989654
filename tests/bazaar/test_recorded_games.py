"""Recorded complete Bazaar games (journals/bazaar/) are the regression suite of the program.

Each one must still fold to its recorded final state, pass `bazaar verify`, and, played
again through today's program from its recorded input, print exactly its recorded output,
write exactly its recorded files and journal.  If a change is meant to alter them, record
them anew (`python -m tests.bazaar.recording`) and read the diff.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from bazaar.cli import main as cli
from bazaar.definition import BAZAAR
from bazaar.engine.events import AnyEvent, GameWon
from bazaar.engine.state import Phase, saved_game
from bazaar.files.savefile import format_save
from replay.history import load
from tests.bazaar.recording import GAMES
from tests.transcripts import difference, run_case

RECORDED = sorted(p.parent for p in GAMES.glob("*/journal.jsonl"))
IDS = [game.name for game in RECORDED]


def _events(game: Path) -> tuple[AnyEvent, ...]:
    return load(BAZAAR, game / "journal.jsonl").events


@pytest.mark.parametrize("game", RECORDED, ids=IDS)
def test_recorded_journal_folds_to_its_recorded_final_state(game: Path) -> None:
    folded = load(BAZAAR, game / "journal.jsonl").state
    assert folded.phase is Phase.OVER
    assert format_save(saved_game(folded)) == (game / "final.bazaar").read_text()


@pytest.mark.parametrize("game", RECORDED, ids=IDS)
def test_recorded_journal_passes_bazaar_verify(game: Path) -> None:
    result = CliRunner().invoke(cli, ["verify", str(game / "journal.jsonl")])
    assert (result.exit_code, result.output) == (0, f"ok: {len(_events(game))} events\n")


@pytest.mark.parametrize("game", RECORDED, ids=IDS)
def test_recorded_input_replays_to_the_same_output_and_events(game: Path, tmp_path: Path) -> None:
    for session in sorted(game.glob("session-*")):
        result = run_case("bazaar", session, tmp_path)
        assert (result.returncode, result.stderr.count(b"Traceback")) == (0, 0), result.stderr
        recorded = (session / "out").read_bytes()
        assert result.stdout == recorded, difference(recorded, result.stdout, "output")
        for want in sorted((session / "expect").glob("*")):
            got = (tmp_path / want.name).read_bytes()
            assert got == want.read_bytes(), difference(want.read_bytes(), got, want.name)
            (tmp_path / want.name).unlink()
    assert (tmp_path / "journal.jsonl").read_bytes() == (game / "journal.jsonl").read_bytes()


def test_the_recordings_cover_every_kind_of_event_and_of_game() -> None:
    by_name = {game.name: _events(game) for game in RECORDED}
    kinds = Counter(
        type(event).__struct_config__.tag for events in by_name.values() for event in events
    )
    every = {str(member.__struct_config__.tag) for member in AnyEvent.__args__}
    assert every - set(kinds) == set()
    headers = {name: load(BAZAAR, GAMES / name / "journal.jsonl").header for name in by_name}
    assert {name: len(header.names) for name, header in headers.items()} == {
        "interrupted-and-resumed": 2,
        "set-up-at-the-terminal-with-slips": 4,
        "six-players": 6,
        "started-with-load": 2,
        "three-greedy-players-to-a-win": 3,
    }
    assert headers["started-with-load"].loaded is not None
    assert all(isinstance(events[-1], GameWon) for events in by_name.values())
    slips = (GAMES / "set-up-at-the-terminal-with-slips" / "session-1" / "out").read_text()
    assert "Incorrect key pressed" in slips and "Please answer yes or no." in slips
    assert "cannot move" in slips and "cannot do that" in slips
    resumed = GAMES / "interrupted-and-resumed"
    assert (resumed / "session-1" / "expect" / "backup.bazaar").is_file()
    assert (resumed / "session-2" / "args").read_text().startswith("play --resume journal.jsonl")
