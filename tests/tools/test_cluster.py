"""Tournaments on a Dask cluster: the same games and the same summary as on local workers."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from watan.cli.app import main
from watan.tools import cluster
from watan.tools.simulate import summarise, tournament

PLAYERS = ("greedy", "random", "random", "random")


@pytest.mark.slow  # starts a local Dask cluster
def test_a_local_cluster_of_two_workers_plays_the_same_games_as_two_local_workers() -> None:
    local = tournament(6, 8, players=PLAYERS, workers=2, edition="watan")
    clustered = tournament(6, 8, players=PLAYERS, workers=2, cluster="local", edition="watan")
    assert clustered == local
    assert summarise(clustered, PLAYERS) == summarise(local, PLAYERS)


def test_a_scheduler_that_cannot_be_reached_is_one_line_and_status_2(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 2)
    result = CliRunner().invoke(
        main, ["simulate", "--games", "1", "--seed", "1", "--cluster", "tcp://127.0.0.1:9"]
    )
    assert (result.exit_code, result.stdout) == (2, "")
    last = result.stderr.splitlines()[-1]
    assert last.startswith("watan: cannot reach the Dask scheduler at tcp://127.0.0.1:9: ")
