"""Sealed checkpoints through the programs: `verify` seals, `replay --to`, `export` and `view`
start from them, and every answer is the same with a sidecar, without one, or with a
damaged one, for both editions and Bazaar."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from click.testing import CliRunner

from bazaar.cli import main as bazaar
from bazaar.definition import BAZAAR
from replay import checkpoints
from replay.checkpoints import read_sidecar, sidecar_path, start_of
from replay.protocol import Definition
from tests.conftest import ROOT
from watan.cli.app import main as watan
from watan.definition import WATAN

SEALS = 5
"""About how many checkpoints each recorded journal gets here (and one at its end)."""

WATAN_JOURNALS = sorted(
    path for path in (ROOT / "journals").glob("*/journal.jsonl") if "bazaar" not in path.parts
)
BAZAAR_JOURNALS = sorted((ROOT / "journals" / "bazaar").glob("*/journal.jsonl"))

Run = Callable[..., tuple[int, str]]


def run_watan(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(watan, list(args), prog_name="watan", obj="watan")
    return result.exit_code, result.stdout


def run_bazaar(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(bazaar, list(args))
    return result.exit_code, result.stdout


def watan_answers(journal: str, events: int, every: int) -> list[tuple[int, str]]:
    """Return what each command that may start from a checkpoint answers, at several steps."""
    answers = []
    for to in sorted({1, every - 1, every + 1, events // 2, events - 1, events}):
        answers += [
            run_watan("replay", journal, "--to", str(to)),
            run_watan("replay", journal, "--to", str(to), "--format", "json"),
            run_watan("export", journal, "--to", str(to), "--format", "svg"),
            run_watan("view", journal, "--to", str(to), "-o", "-"),
        ]
    answers += [run_watan("export", journal), run_watan("replay", journal, "--format", "sv")]
    return answers


def bazaar_answers(journal: str, events: int, every: int) -> list[tuple[int, str]]:
    answers = []
    for to in sorted({1, every + 1, events // 2, events}):
        answers += [
            run_bazaar("replay", journal, "--to", str(to)),
            run_bazaar("export", journal, "--to", str(to)),
            run_bazaar("view", journal, "--to", str(to), "-o", "-"),
        ]
    return [*answers, run_bazaar("export", journal)]


class Program(NamedTuple):
    """A program's commands, what they answer at several steps, and its game."""

    run: Run
    answers: Callable[[str, int, int], list[tuple[int, str]]]
    game: Definition[Any, Any, Any]


def events_in(journal: Path) -> int:
    return journal.read_bytes().count(b"\n") - 1


@pytest.mark.parametrize(
    ("recorded", "program"),
    [(path, Program(run_watan, watan_answers, WATAN)) for path in WATAN_JOURNALS]
    + [(path, Program(run_bazaar, bazaar_answers, BAZAAR)) for path in BAZAAR_JOURNALS],
    ids=[f"watan-{path.parent.name}" for path in WATAN_JOURNALS]
    + [f"bazaar-{path.parent.name}" for path in BAZAAR_JOURNALS],
)
def test_every_answer_is_the_same_sealed_unsealed_and_with_a_damaged_sidecar(
    recorded: Path, program: Program, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run, answers, game = program
    journal = tmp_path / "journal.jsonl"
    shutil.copyfile(recorded, journal)
    events = events_in(journal)
    every = max(2, events // SEALS)
    monkeypatch.setattr(checkpoints, "EVERY", every)
    unsealed = answers(str(journal), events, every)
    assert not Path(sidecar_path(str(journal))).exists()
    verified = run("verify", str(journal))
    assert verified == (0, f"ok: {events} events\n")
    sidecar = read_sidecar(str(journal))
    assert sidecar is not None and sidecar.checkpoints[-1].events == events
    assert start_of(game, str(journal), events - 1) is not None
    assert answers(str(journal), events, every) == unsealed
    side = Path(sidecar_path(str(journal)))
    side.write_bytes(side.read_bytes()[:-40])
    assert answers(str(journal), events, every) == unsealed
    assert run("verify", str(journal)) == verified
    assert read_sidecar(str(journal)) is not None  # a damaged sidecar is replaced by verify
