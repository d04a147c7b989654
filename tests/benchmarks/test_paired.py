"""The paired comparison's arithmetic and its refusal of one strategy set beside itself."""

from __future__ import annotations

import sys

import pytest

from benchmarks import paired


def test_sign_test_of_an_even_split_is_one() -> None:
    assert paired.sign_test(3, 3) == 1.0


def test_sign_test_of_no_games_is_one() -> None:
    assert paired.sign_test(0, 0) == 1.0


def test_sign_test_of_five_to_none_is_the_two_extreme_splits_of_32() -> None:
    # 5-0 or 0-5 of five fair coins: 2 of 32 equally likely splits.
    assert paired.sign_test(5, 0) == 2 / 32


def test_sign_test_counts_splits_as_uneven_or_more() -> None:
    # 4-1 of five: the splits 0, 1, 4 and 5 one way: (1 + 5) * 2 of 32.
    assert paired.sign_test(1, 4) == 12 / 32


def test_a_strategy_is_not_paired_with_itself(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["paired.py", "--challenger", "expert", "--against", "expert"])
    with pytest.raises(SystemExit) as stopped:
        paired.main()
    assert (stopped.value.code, capsys.readouterr().err.splitlines()[-1]) == (
        2,
        "paired.py: error: --challenger and --against are both expert: name two strategies",
    )
