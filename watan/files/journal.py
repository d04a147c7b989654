"""Watan's journals: where they go, what their header must say, how older formats are read.

The file format itself (JSON Lines, a header, one event a line, torn
last lines, locks) and keeping a live game's journal are `replay`'s
(`replay.recorder`, read through `watan.definition.CODEC`); this module
knows Watan's header and event types and the game's rules about them.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Mapping
from typing import Any

import msgspec

from replay.edges.folders import Folder
from replay.edges.folders import journal_folder as folder_named
from replay.journal import Conversion, written_format
from replay.writer import taken as taken_by
from watan.editions import DEFAULT_EDITION, edition, names
from watan.engine.events import FORMAT_VERSION, GameStarted
from watan.engine.rules import deck_problem, rules_problem

JOURNALS_VARIABLE = "WATAN_JOURNALS"
"""The environment variable that names the journal folder, when set."""

Upcaster = Callable[[bytes], bytes]


def format_1_to_2(line: bytes) -> bytes:
    """Return one line of a format-1 journal as format 2 writes it.

    Format 1's header named the edition in `rules`; format 2 names it in `edition` and
    records the rules whole, so the header gets the rules its edition had then
    (`Edition.format_1_rules`), never today's: an old journal means what it meant.  Events
    are unchanged.  A header naming an edition this version lacks gets Watan's, so that
    the check of the edition's name refuses it with the usual line.
    """
    if b"game_started" not in line:
        return line  # an event: the commonest line, and unchanged
    value = msgspec.json.decode(line, type=dict[str, Any])
    name = value.get("rules", DEFAULT_EDITION)  # format 1 named Watan when it named none
    if value.get("type") != "game_started" or not isinstance(name, str):
        return line  # not a format-1 header: read as it stands, and refused if wrong
    then = edition(name if name in names() else DEFAULT_EDITION).format_1_rules
    value["format"] = 2
    value["edition"] = name
    value["rules"] = msgspec.to_builtins(then)
    return msgspec.json.encode(value)


UPCASTERS: dict[int, Upcaster] = {1: format_1_to_2}
"""`UPCASTERS[n]` turns one line of a format-n journal into the same line in format n + 1.

It gets every line, the header too (whose `format` it sets to n + 1), and raises
`msgspec.DecodeError` for a line it cannot read.  Reading an older journal chains them up to
FORMAT_VERSION (README: Journals).
"""


EVENTS_ALIKE = frozenset({1})
"""The formats n whose events format n + 1 writes alike (only the header changed): a journal
of such a format is decoded all at once, at today's pace, its header alone converted."""


def upcast(header_line: bytes) -> Conversion | None:
    """Return how to bring each line of the journal with this header to today's format.

    None when it is today's format already, or when no chain of upcasters reaches today's
    from its format: its header is then refused as it stands (`check_header`).
    """
    written = written_format(header_line)
    if written is None or written >= FORMAT_VERSION or FORMAT_VERSION - written > len(UPCASTERS):
        return None  # today's, or older than any chain of upcasters reaches (`-1000000000`)
    steps = [UPCASTERS.get(version) for version in range(written, FORMAT_VERSION)]
    chain = [step for step in steps if step is not None]
    if len(chain) < len(steps):
        return None

    def convert(line: bytes) -> bytes:
        for step in chain:
            line = step(line)
        return line

    alike = all(version in EVENTS_ALIKE for version in range(written, FORMAT_VERSION))
    return Conversion(header=convert, events=None if alike else convert)


def format_problem(header_line: bytes) -> str | None:
    """Return why a journal's raw header line is of a format this version cannot read, or None.

    Checked before the header is decoded: a newer format's header need not decode as
    today's, and an older one only through the upcasters that reach today's.
    """
    written = written_format(header_line)
    if written is None or written == FORMAT_VERSION:
        return None
    if written > FORMAT_VERSION:
        return (
            f"written by a newer watan (journal format {written}; "
            f"this version reads format {FORMAT_VERSION} and older)"
        )
    return None if upcast(header_line) is not None else f"unknown journal format {written}"


def check_header(header: GameStarted) -> str | None:
    """Return what is wrong with a journal's header, or None (the format version, the edition,
    the rules)."""
    if header.format > FORMAT_VERSION:
        return (
            f"written by a newer watan (journal format {header.format}; "
            f"this version reads format {FORMAT_VERSION} and older)"
        )
    if header.format < FORMAT_VERSION:
        return f"unknown journal format {header.format}"
    if header.edition not in names():
        return f"plays the {header.edition[:40]!r} edition, which this version does not know"
    return rules_problem(header.rules) or deck_problem(header.deck, header.rules.deck)


def journal_folder(environ: Mapping[str, str]) -> Folder:
    """Return the folder new games keep their journals in, read from the environment:
    `WATAN_JOURNALS` when set, else `watan/journals` in the XDG data folder
    (`replay.edges.folders`)."""
    return folder_named(environ, JOURNALS_VARIABLE, "watan", "journals")


def default_journal_path(folder: str, edition: str, now: float | None = None) -> str:
    """Return a new journal's path in `folder`, named for the edition and the time."""
    moment = time.time() if now is None else now
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(moment))
    micro = int(moment * 1_000_000) % 1_000_000
    return os.path.join(folder, f"{edition}-{stamp}-{micro:06d}.jsonl")


def taken(path: str) -> str | None:
    """Return why a new game cannot keep its journal at `path` (`--journal`), or None.

    Something there already: a journal is never replaced, and a game must not be played
    without one by accident.  When it is a journal, say how to play it on instead
    (`replay.writer.taken`).
    """
    return taken_by(path, GameStarted, check_header, "watan", upcast)
