"""`watan serve`: games played over the network, their seats from terminals (`--join`)."""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from watan.cli.common import fail, play_options, program

SERVED_OPTIONS = frozenset(
    {
        "seed",
        "load",
        "board",
        "random_board",
        "edition",
        "house_rules",
        "journal",
        "computer",
        "think",
    }
)
"""The options of `watan play` that say what game `watan serve --new` makes."""


@click.command("serve")
@click.option("--new", "new_game", is_flag=True, help="Serve a new game, made from the options.")
@click.option(
    "--resume",
    metavar="JOURNAL",
    type=click.Path(dir_okay=False),
    default=None,
    help="Serve the game in JOURNAL from where it stands.",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="The port to listen on (0: any free one).",
)
@play_options(SERVED_OPTIONS)
def serve(new_game: bool, resume: str | None, host: str, port: int, **chosen: Any) -> None:
    """Serve games over the network until stopped (Ctrl-C).

    Prints one link for each person's seat (`watan play --join LINK` plays it from a
    terminal) and one for spectators; computers (--computer) play their seats on the
    server.  Games keep their journals in the folder `watan play` uses, and every game of
    that folder a server was serving when it stopped is taken up again from its journal.
    Needs the `serve` extra: pip install 'watan[serve]'.
    """
    if new_game and resume is not None:
        fail("--new makes a game and --resume takes one up: give one of them")
    if resume is not None and any(value not in (None, (), False) for value in chosen.values()):
        fail("--resume serves a journal as it stands; the options of a new game need --new")
    try:
        from watan.serve.server import serve as run
    except ImportError as missing:
        fail(
            f"serving needs the serve extra ({missing.name} is missing): pip install 'watan[serve]'"
        )
    from watan.cli.start import asked_of, first_game
    from watan.files.journal import journal_folder
    from watan.match.making import Log

    name = program()
    firsts = []
    if new_game or resume is not None:
        made = first_game(asked_of({**chosen, "resume": resume}), default_edition=name)
        if isinstance(made, str):
            fail(made)
        firsts.append(made)
    log = Log(sys.stderr, name)
    folder = journal_folder(os.environ)
    sys.exit(run(firsts, folder, host=host, port=port, stdout=sys.stdout, log=log))
