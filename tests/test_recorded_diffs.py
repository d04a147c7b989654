"""Two games compared, pinned on the recorded games: `watan diff`'s whole output (both
editions) and the toolkit's differences between Bazaar's states, as golden files.

Each Watan journal (`journals/`, `fixtures/journals/`) is compared with a rewound copy of
itself at a quarter, a half and three quarters of its events, with its final save file at
its end and half-way, and some with another journal: one from the same start that went
another way, of another board, of another edition.  Three games that went another way
from a recorded one (`fixtures/diffs/branches/`, README there) compare lists whose
elements moved, where a list index could be named twice.  Bazaar's recorded games pin
`bazaar diff`'s whole output, and `replay.compare.changes` between their states (the
paths `bazaar diff --format json` gives).

The Watan golden files are `watan diff`'s people's output (issue 25), read and spot-checked
against the journals (README in `fixtures/diffs/`); the Bazaar ones are the toolkit's
structural differences as they were before `replay.differences` stood on deepdiff.  If a
change is meant to alter them, write them anew with `python -m tests.test_recorded_diffs`
and read the diff.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import click
import pytest
from click.testing import CliRunner

from bazaar.cli import main as bazaar
from bazaar.definition import BAZAAR
from replay.compare import changes
from replay.history import load
from tests.conftest import ROOT
from watan.cli.app import main as watan

GOLDEN = ROOT / "fixtures" / "diffs"


class Case(NamedTuple):
    """One comparison: its golden file's name, the two sides (paths from the repository's
    top), and `watan diff`'s options.  A side `PATH@N` is PATH rewound to step N."""

    name: str
    a: str
    b: str
    options: tuple[str, ...] = ()


def _events(journal: str) -> int:
    return len((ROOT / journal).read_bytes().splitlines()) - 1


def _watan_cases() -> list[Case]:
    recorded = sorted(p.parent.name for p in (ROOT / "journals").glob("*/journal.jsonl"))
    games = [(name, f"journals/{name}/journal.jsonl", f"journals/{name}/final.sv")
             for name in recorded]
    games += [(f"format-{n}", f"fixtures/journals/format-{n}.jsonl",
               f"fixtures/journals/format-{n}.sv") for n in (1, 2)]
    cases = []
    for name, journal, save in games:
        events = _events(journal)
        cases += [
            Case(f"{name}-against-itself-at-{events * quarter // 4}", journal,
                 f"{journal}@{events * quarter // 4}")
            for quarter in (1, 2, 3)
        ]
        cases.append(Case(f"{name}-against-its-save", journal, save))
        cases.append(Case(f"{name}-at-{events // 2}-against-its-save", journal, save,
                          ("--to", str(events // 2))))
    two = "journals/{}/journal.jsonl".format
    cases += [
        Case("format-1-against-started-with-load", "fixtures/journals/format-1.jsonl",
             two("started-with-load")),
        Case("started-with-load-against-format-1", two("started-with-load"),
             "fixtures/journals/format-1.jsonl"),
        Case("started-with-load-at-11-against-format-1", two("started-with-load"),
             "fixtures/journals/format-1.jsonl", ("--to", "11")),
        Case("win-by-completion-against-win-by-improvement", two("win-by-completion"),
             two("win-by-improvement")),
        Case("started-with-load-against-constructor-started-with-load",
             two("started-with-load"), two("constructor-started-with-load")),
        Case("started-with-load-against-a-save-of-another-game", two("started-with-load"),
             "journals/trade-heavy/final.sv"),
    ]
    branches = [
        ("sevens-and-steals", 144, (None, 300)),
        ("constructor-from-layout", 271, (None, 412)),
        ("started-with-board", 1158, (None, 1381)),
    ]
    for name, step, at in branches:
        branch = f"fixtures/diffs/branches/{name}-from-{step}.jsonl"
        for to in at:
            options = () if to is None else ("--to", str(to))
            where = "" if to is None else f"-at-{to}"
            cases.append(Case(f"{name}{where}-against-its-branch-from-{step}", two(name),
                              branch, options))
    return cases


def _bazaar_cases() -> list[Case]:
    recorded = sorted(p.parent.name for p in (ROOT / "journals/bazaar").glob("*/journal.jsonl"))
    cases = []
    for name in recorded:
        journal = f"journals/bazaar/{name}/journal.jsonl"
        events = _events(journal)
        cases += [
            Case(f"{name}-at-{events * quarter // 4}-against-its-end",
                 f"{journal}@{events * quarter // 4}", journal)
            for quarter in (1, 2, 3)
        ]
    cases.append(Case("three-greedy-players-to-a-win-against-six-players",
                      "journals/bazaar/three-greedy-players-to-a-win/journal.jsonl",
                      "journals/bazaar/six-players/journal.jsonl"))
    return cases


WATAN_CASES = _watan_cases()
BAZAAR_CASES = _bazaar_cases()


def watan_diff(case: Case, folder: Path, program: click.Group = watan) -> tuple[int, str]:
    """Return `watan diff`'s (or another program's `diff`) exit status and output for
    `case`, a rewound side written to a copy in `folder` (its `rewind`)."""
    runner = CliRunner()
    sides: list[str] = []
    for side in (case.a, case.b):
        path, _, step = side.partition("@")
        if step:
            copy = folder / f"{case.name}-{len(sides)}.jsonl"
            rewound = runner.invoke(program, ["rewind", path, "--to", step, "-o", str(copy)])
            assert rewound.exit_code == 0, rewound.output
            path = str(copy)
        sides.append(path)
    result = runner.invoke(program, ["diff", *sides, *case.options])
    return result.exit_code, result.output.replace(str(folder), "REWOUND")


def bazaar_changes(case: Case) -> str:
    """Return the toolkit's differences between the two Bazaar states of `case`, a line each."""

    def state(side: str) -> object:
        path, _, step = side.partition("@")
        return load(BAZAAR, path, int(step) if step else None).state

    return "".join(f"{line}\n" for line in changes(state(case.a), state(case.b)))


@pytest.fixture
def at_the_top(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from the repository's top, so that every side is named as the golden files say."""
    monkeypatch.chdir(ROOT)


@pytest.mark.usefixtures("at_the_top")
@pytest.mark.parametrize("case", WATAN_CASES, ids=[case.name for case in WATAN_CASES])
def test_watan_diff_prints_its_recorded_output(case: Case, tmp_path: Path) -> None:
    expected = (GOLDEN / "watan" / f"{case.name}.out").read_text()
    same = expected.endswith(" are the same game.\n")
    assert watan_diff(case, tmp_path) == (0 if same else 1, expected)


@pytest.mark.usefixtures("at_the_top")
@pytest.mark.parametrize("case", BAZAAR_CASES, ids=[case.name for case in BAZAAR_CASES])
def test_bazaar_diff_prints_its_recorded_output(case: Case, tmp_path: Path) -> None:
    expected = (GOLDEN / "bazaar-diff" / f"{case.name}.out").read_text()
    same = expected.endswith(" are the same game.\n")
    assert watan_diff(case, tmp_path, bazaar) == (0 if same else 1, expected)


@pytest.mark.usefixtures("at_the_top")
@pytest.mark.parametrize("case", BAZAAR_CASES, ids=[case.name for case in BAZAAR_CASES])
def test_bazaar_states_differ_as_recorded(case: Case) -> None:
    expected = (GOLDEN / "bazaar" / f"{case.name}.out").read_text()
    assert bazaar_changes(case) == expected


def record(folder: Path) -> None:
    """Write every golden file anew from today's program (only for an intended change)."""
    for case in WATAN_CASES:
        _, output = watan_diff(case, folder)
        (GOLDEN / "watan" / f"{case.name}.out").write_text(output)
    for case in BAZAAR_CASES:
        (GOLDEN / "bazaar" / f"{case.name}.out").write_text(bazaar_changes(case))
        _, output = watan_diff(case, folder, bazaar)
        (GOLDEN / "bazaar-diff" / f"{case.name}.out").write_text(output)


if __name__ == "__main__":
    import os
    import tempfile

    os.chdir(ROOT)
    (GOLDEN / "watan").mkdir(parents=True, exist_ok=True)
    (GOLDEN / "bazaar").mkdir(parents=True, exist_ok=True)
    (GOLDEN / "bazaar-diff").mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        record(Path(scratch))
