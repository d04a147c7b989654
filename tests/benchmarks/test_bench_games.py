"""The games benchmark: its figures are the same whichever install's interpreter plays them."""

from __future__ import annotations

import re
import sys

import pytest

from benchmarks import bench_games
from watan.build import build

TABLE = ["--games", "2", "--seed", "4", "--workers", "1", "--turn-cap", "60", "--tables",
         "greedy,greedy,greedy,greedy"]
TIMING = re.compile(r"; \d+ s$", re.MULTILINE)


def test_another_install_plays_the_same_games_and_names_its_build(
    capfd: pytest.CaptureFixture[str],
) -> None:
    bench_games.main(TABLE)
    here = capfd.readouterr().out
    with pytest.raises(SystemExit) as stopped:
        bench_games.main([*TABLE, "--python", sys.executable])
    there = capfd.readouterr().out
    assert stopped.value.code == 0
    # The header names the build that played; the table's line is the same but for the seconds
    # it took.
    assert here.splitlines()[0] == f"watan, seed 4, {build()}"
    assert TIMING.sub("", there) == TIMING.sub("", here)
    assert len(here.splitlines()) == 2


def test_a_failing_install_is_its_exit_status(capfd: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        bench_games.main([*TABLE, "--python", "false"])
    assert stopped.value.code == 1


def test_an_interpreter_that_cannot_run_is_one_line_and_status_two(
    capfd: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stopped:
        bench_games.main([*TABLE, "--python", "/nonexistent/python"])
    assert stopped.value.code == 2
    assert capfd.readouterr().err == "bench_games: /nonexistent/python: No such file or directory\n"
