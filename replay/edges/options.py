"""Command-line options a game's program words as every other game's does.

A game's `analyze` takes its playouts' seed and its number of processes alike whatever the
game: what they promise, the same analysis for the same journal, options and seed with any
number of processes, is the toolkit's (`replay.analysis`), not a game's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

Command = Callable[..., Any]
"""A click command's function, before it is made a command."""


def analysis_seed() -> Callable[[Command], Command]:
    """Give an `analyze` command `--seed N`, the playouts' seed (0 unless given, so that an
    analysis is the same each time it is asked for)."""
    return click.option(
        "--seed",
        type=int,
        default=0,
        show_default=True,
        help="The playouts' seed: the same journal, options and seed give the same analysis.",
    )


def analysis_workers() -> Callable[[Command], Command]:
    """Give an `analyze` command `--workers N`, how many processes judge its decisions."""
    return click.option(
        "--workers",
        type=click.IntRange(min=1),
        default=1,
        show_default=True,
        help="Processes judging decisions at once; the analysis is the same for any number.",
    )
