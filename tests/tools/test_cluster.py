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


@pytest.mark.parametrize(
    ("address", "problem"),
    [
        ("localhost", "give the scheduler's address as HOST:PORT (tcp://host:8786), or 'local'"),
        ("garbage", "give the scheduler's address as HOST:PORT (tcp://host:8786), or 'local'"),
        ("", "give the scheduler's address as HOST:PORT (tcp://host:8786), or 'local'"),
        (
            "tcp://h:99999",
            "give the scheduler's address as HOST:PORT (tcp://host:8786), or 'local'",
        ),
        ("udp://x", "the address names no Dask protocol (tcp, tls, ws, wss, ucx)"),
    ],
)
def test_a_bad_cluster_address_is_one_line_and_status_2_at_once(address: str, problem: str) -> None:
    result = CliRunner().invoke(main, ["simulate", "--games", "1", "--cluster", address])
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        f"watan: --cluster {address!r}: {problem}\n",
    )


@pytest.mark.parametrize(
    "address", ["local", "tcp://scheduler:8786", "scheduler:8786", "tls://h:1"]
)
def test_a_good_cluster_address_has_no_problem(address: str) -> None:
    assert cluster.address_problem(address) is None
