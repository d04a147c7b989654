"""Tournaments on a Dask cluster: the same batches of games, played by the cluster's workers.

`watan simulate --cluster ADDRESS` sends each batch of games to a running
Dask scheduler (`tcp://host:8786`), or, with `local`, to a cluster of
`--workers` processes started on this machine for the run.  Dask
(`distributed`, the optional `cluster` extra) was chosen over Ray: it is
pure Python with a small footprint, its futures work as
`concurrent.futures` does (so a batch is the same unit of work on a cluster
as on local processes), and a local cluster starts in seconds for tests.
Every game has its own seed, so a cluster plays exactly the games the local
workers would, and the summary is the same.  The workers need this package
installed; journals (`--journals`) are written where the workers run, so
give them a folder they share.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from replay.tournaments import Batch

C = TypeVar("C")
R = TypeVar("R")
"""What every game of a run is played with, and what each game gives: any tournament's, so
the cluster knows no game's settings or results."""

LOCAL = "local"
"""The address that starts a cluster on this machine for one run."""


class NoCluster(Exception):
    """The cluster cannot be used: the extra is not installed, or the scheduler not reached."""


def play_on_cluster(
    address: str,
    batches: Sequence[Batch[C, R]],
    workers: int,
    progress: Callable[[int], None] | None = None,
) -> list[R]:
    """Return every batch's results in game order, played on the cluster at `address` (or
    a local one).

    Raises NoCluster, saying why in one line, when Dask is missing or the
    scheduler cannot be reached.
    """
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise NoCluster(
            "--cluster needs Dask: pip install 'watan[cluster]' (on every worker too)"
        ) from None
    from replay.tournaments import collect, play_batch

    with contextlib.ExitStack() as stack:
        try:
            if address == LOCAL:
                cluster = stack.enter_context(
                    LocalCluster(
                        n_workers=workers,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=None,
                        silence_logs=logging.ERROR,
                    )
                )
                client = stack.enter_context(Client(cluster))
            else:
                client = stack.enter_context(Client(address, timeout=CONNECT_SECONDS))
        except OSError as error:
            raise NoCluster(f"cannot reach the Dask scheduler at {address}: {error}") from None
        futures = {
            client.submit(play_batch, batch, pure=False): number
            for number, batch in enumerate(batches)
        }
        finished = ((futures[future], future.result()) for future in as_completed(futures))
        return collect(finished, progress)


CONNECT_SECONDS = 20
"""How long to wait for a remote scheduler before saying it cannot be reached."""
