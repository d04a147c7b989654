"""Recorded tournaments (fixtures/tournaments/): the same seed plays the same games, move for move.

Each folder holds the `watan simulate` options of a short seeded run (`args`) and the
journals it wrote.  Played again by today's program, every journal must come out byte for
byte the same: a change that makes a strategy faster must not change one move.  Each
recorded journal also passes the audit, so every move in it is one the rules allow.  A
change that is meant to change how the computers play records them anew
(`python -m tests.players.test_recorded_tournaments`) and says why in its commit.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, audit, read_journal
from tests.transcripts import difference

pytestmark = pytest.mark.slow  # plays whole tournaments in subprocesses

TOURNAMENTS = ROOT / "fixtures" / "tournaments"
RUNS = sorted(path.parent for path in TOURNAMENTS.glob("*/args"))


def simulate(run: Path, into: Path) -> None:
    """Play the recorded run `run` again, writing its journals into `into`."""
    options = shlex.split((run / "args").read_text())
    subprocess.run(
        [sys.executable, "-m", "watan", "simulate", *options, "--journals", str(into)],
        check=True, capture_output=True,
    )


@pytest.mark.parametrize("run", RUNS, ids=[run.name for run in RUNS])
def test_a_recorded_tournament_plays_the_same_games_again(run: Path, tmp_path: Path) -> None:
    simulate(run, tmp_path)
    recorded = sorted((run / "journals").iterdir())
    assert sorted(p.name for p in tmp_path.iterdir()) == [p.name for p in recorded]
    for journal in recorded:
        today = tmp_path / journal.name
        golden, played = journal.read_bytes(), today.read_bytes()
        assert played == golden, difference(golden, played, journal.name)


@pytest.mark.parametrize("run", RUNS, ids=[run.name for run in RUNS])
def test_every_recorded_tournament_game_passes_the_audit(run: Path) -> None:
    for path in sorted((run / "journals").iterdir()):
        journal = read_journal(path)
        assert audit(journal.header, journal.events).problem is None, path.name


def record() -> None:
    """Record every run anew from its `args` (only when a change of play is intended)."""
    for run in RUNS:
        for old in (run / "journals").iterdir():
            old.unlink()
        simulate(run, run / "journals")


if __name__ == "__main__":
    record()
