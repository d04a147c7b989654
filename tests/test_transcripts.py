"""Whole sessions through the real program: arguments, input, exact output and files.

Each folder under fixtures/transcripts/ is a case in the shared acceptance
format (`args`, `in`, `out`, optional `files/`, `expect/`, `status`), plus an
optional `absent` listing files that must NOT exist afterwards (`tests.transcripts`).
Every expected line was checked against the spec and rulings (see the folder's
README.md), not copied from the program.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.transcripts import check_case

CASES = sorted(p.parent for p in (ROOT / "fixtures" / "transcripts").glob("*/out"))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_transcript_prints_exactly_what_the_spec_prints(case: Path, tmp_path: Path) -> None:
    check_case("watan", case, tmp_path)


def test_there_are_transcripts_to_run() -> None:
    assert len(CASES) >= 4
