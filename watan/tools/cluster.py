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
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

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
    batches: Iterable[Batch[C, R]],
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
    from replay.tournaments import collect, dealt, play_batch

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

        def finished(futures: set[Any]) -> Iterable[Any]:
            return [next(iter(as_completed(futures)))]

        numbered = dealt(
            batches, lambda batch: client.submit(play_batch, batch, pure=False), finished, workers
        )
        return collect(((n, future.result()) for n, future in numbered), progress)


SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")
"""The protocols a Dask scheduler's address may name."""


def address_problem(address: str) -> str | None:
    """Return why `address` names no scheduler (`tcp://host:8786`, `host:8786`, or `local`),
    or None: told at once, in one line, rather than by Dask after a long wait."""
    if address == LOCAL:
        return None
    scheme, separator, rest = address.partition("://")
    if not separator:
        scheme, rest = "tcp", address
    host, colon, port = rest.rpartition(":")
    if scheme not in SCHEMES:
        return (
            f"--cluster {address[:60]!r}: the address names no Dask protocol "
            f"({', '.join(SCHEMES)})"
        )
    if not colon or not host or not port.isdigit() or not 0 < int(port[:6]) < 65536:
        return (
            f"--cluster {address[:60]!r}: give the scheduler's address as HOST:PORT "
            "(tcp://host:8786), or 'local'"
        )
    return None


CONNECT_SECONDS = 20
"""How long to wait for a remote scheduler before saying it cannot be reached."""
