"""Watan's journals: where they go, how they start, and appending to them."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

import msgspec

from watan.events import AnyEvent, GameStarted

JOURNAL_FOLDER = "journals"

_encoder = msgspec.json.Encoder()


def default_journal_path(now: datetime.datetime | None = None) -> str:
    """Return a new journal's default path: ./journals/, named for when the game started."""
    moment = now or datetime.datetime.now()
    return str(Path(JOURNAL_FOLDER) / f"watan-{moment:%Y%m%d-%H%M%S-%f}.jsonl")


class Recorder:
    """Appends a game's events to its journal, one JSON line each, flushed at once.

    When the journal cannot be written the game goes on unrecorded, after
    one line on standard error.
    """

    def __init__(self, file: TextIO | None) -> None:
        self._file = file

    def record(self, events: Sequence[AnyEvent]) -> None:
        """Append events and flush them, so a killed process loses nothing accepted."""
        if self._file is None or not events:
            return
        self._file.write("".join(_encoder.encode(e).decode() + "\n" for e in events))
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


def open_recorder(path: str, header: GameStarted, stderr: TextIO) -> Recorder:
    """Create the journal at `path` with its header; report where it is on standard error."""
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        file = open(path, "x", encoding="utf-8")  # noqa: SIM115 (closed by Recorder.close)
        file.write(_encoder.encode(header).decode() + "\n")
        file.flush()
    except OSError as error:
        stderr.write(f"watan: cannot write the journal {path}: {error.strerror or error}\n")
        return Recorder(None)
    stderr.write(f"watan: journal: {path}\n")
    return Recorder(file)
