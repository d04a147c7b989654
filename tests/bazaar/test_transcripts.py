"""Whole Bazaar sessions through the real program: arguments, input, exact output and files.

Each folder under fixtures/bazaar/transcripts/ is a case (see its README.md): every
expected line was checked against the spec, the rulings and docs/decisions.md, not
copied from the program unread.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.transcripts import check_case

CASES = sorted(p.parent for p in (ROOT / "fixtures" / "bazaar" / "transcripts").glob("*/args"))


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_transcript_prints_and_writes_exactly_what_was_checked(case: Path, tmp_path: Path) -> None:
    check_case("bazaar", case, tmp_path)


def test_there_are_transcripts_to_run() -> None:
    assert len(CASES) >= 8
