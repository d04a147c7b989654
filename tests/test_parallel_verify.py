"""`watan verify` on two processes (`replay.parallel`) says what it says on one, word for word:
over every recorded journal, and copies of them tampered with before, at and after the cut."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

from replay.checkpoints import nearest
from replay.history import Checked, check
from replay.journal import JournalError
from replay.parallel import SEALED_SHARE, SHARE, check_on_both
from watan.definition import WATAN
from watan.engine.events import GameStarted
from watan.engine.state import Game

pytestmark = pytest.mark.slow  # a forked process for every check

ROOT = Path(__file__).resolve().parent.parent
RECORDED = sorted(ROOT.glob("journals/*/journal.jsonl"))
RECORDED = [path for path in RECORDED if "bazaar" not in path.parts]

Outcome = Checked[GameStarted, Game] | str


def outcome(checking: Callable[[], Checked[GameStarted, Game]]) -> Outcome:
    try:
        return checking()
    except JournalError as error:
        return str(error)


@pytest.fixture(autouse=True)
def _in_two_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every journal here is checked in two parts, never again in one piece (which is only
    for a second process that failed or folded wrongly)."""

    def in_one_piece(*_: object, **__: object) -> None:
        raise AssertionError("checked again in one piece")

    monkeypatch.setattr("replay.history.check", in_one_piece)


def both_ways(path: Path) -> tuple[Outcome, Outcome]:
    """Return the journal checked on one process and on two (whatever its length)."""
    return (
        outcome(lambda: check(WATAN, path)),
        outcome(lambda: check_on_both(WATAN, path, smallest=0)),
    )


def _roll_changed(line: bytes) -> bytes | None:
    event = json.loads(line)
    if event.get("type") != "dice_rolled":
        return None
    event["roll"] = 12 if event["roll"] != 12 else 2
    return json.dumps(event, separators=(",", ":")).encode()


TAMPERINGS: dict[str, Callable[[list[bytes], int], list[bytes]]] = {
    "a roll changed": lambda lines, at: [
        *lines[:at], *[_roll_changed(line) or line for line in lines[at : at + 1]], *lines[at + 1 :]
    ],
    "a line left out": lambda lines, at: [*lines[:at], *lines[at + 1 :]],
    "a line repeated": lambda lines, at: [*lines[: at + 1], *lines[at:]],
    "a line of garbage": lambda lines, at: [*lines[:at], b"{not json", *lines[at:]],
    "torn at the end": lambda lines, at: [*lines[:-1], lines[-1][: len(lines[-1]) // 2]],
}


def _written(path: Path, lines: list[bytes], torn: bool) -> Path:
    path.write_bytes(b"\n".join(lines) + (b"" if torn else b"\n"))
    return path


@pytest.mark.parametrize("journal", RECORDED, ids=lambda path: path.parent.name)
def test_a_recorded_journal_checks_the_same_on_two_processes(journal: Path) -> None:
    alone, shared = both_ways(journal)
    assert isinstance(alone, Checked)
    assert shared == alone


@pytest.mark.parametrize("tampering", sorted(TAMPERINGS))
@pytest.mark.parametrize("where", [0.25, SHARE, 0.8])
@pytest.mark.parametrize("journal", RECORDED[:4], ids=lambda path: path.parent.name)
def test_a_tampered_journal_is_refused_in_the_same_words(
    journal: Path, tampering: str, where: float, tmp_path: Path
) -> None:
    lines = journal.read_bytes().splitlines()
    events = len(lines) - 1
    # Rolls are changed at the first roll from `where` on; the rest at that very event.
    at = 1 + int(events * where)
    if tampering == "a roll changed":
        at = next(n for n in range(at, len(lines)) if _roll_changed(lines[n]) is not None)
    tampered = TAMPERINGS[tampering](lines, at)
    path = _written(tmp_path / "tampered.jsonl", tampered, tampering == "torn at the end")
    alone, shared = both_ways(path)
    assert shared == alone
    if tampering in ("a roll changed", "a line of garbage"):  # never a lawful journal
        assert isinstance(alone, str)


def test_a_second_process_that_folds_wrongly_is_not_trusted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("replay.history.check", check)
    journal = RECORDED[0]
    wrong = msgspec.structs.replace(WATAN, fold_all=lambda game, events: game)
    assert check_on_both(wrong, journal, smallest=0) == check(WATAN, journal)


def test_a_short_journal_is_checked_in_one_piece(monkeypatch: pytest.MonkeyPatch) -> None:
    journal = RECORDED[0]

    def forbidden(*_: object) -> None:
        raise AssertionError("no second process for a short journal")

    monkeypatch.setattr("replay.history.check", check)
    monkeypatch.setattr("replay.parallel._second_part", forbidden)
    assert check_on_both(WATAN, journal) == check(WATAN, journal)


def _sealed_copy(journal: Path, folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Return a copy of `journal` with a sidecar of checkpoints every 50 events."""
    monkeypatch.setattr("replay.checkpoints.EVERY", 50)
    copy = folder / "sealed.jsonl"
    copy.write_bytes(journal.read_bytes())
    check(WATAN, copy, seal=True)
    assert Path(f"{copy}.checkpoints").exists()
    return copy


def _never_folded(monkeypatch: pytest.MonkeyPatch) -> None:
    def folded(*_: object) -> None:
        raise AssertionError("the second part was folded, not read from its checkpoint")

    monkeypatch.setattr("replay.parallel._folded", folded)


@pytest.mark.parametrize("journal", RECORDED, ids=lambda path: path.parent.name)
def test_a_sealed_journals_second_part_starts_from_its_checkpoint(
    journal: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sealed = _sealed_copy(journal, tmp_path, monkeypatch)
    _never_folded(monkeypatch)
    alone, shared = both_ways(sealed)
    assert isinstance(alone, Checked)
    assert shared == alone


@pytest.mark.parametrize("tampering", sorted(TAMPERINGS))
@pytest.mark.parametrize("where", [0.25, 0.5, 0.8])
def test_a_sealed_journal_tampered_after_sealing_is_refused_in_the_same_words(
    tampering: str, where: float, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sealed = _sealed_copy(RECORDED[0], tmp_path, monkeypatch)
    lines = sealed.read_bytes().splitlines()
    at = 1 + int((len(lines) - 1) * where)
    if tampering == "a roll changed":
        at = next(n for n in range(at, len(lines)) if _roll_changed(lines[n]) is not None)
    seam = nearest(str(sealed), int(sealed.stat().st_size * SEALED_SHARE))
    assert seam is not None
    _written(sealed, TAMPERINGS[tampering](lines, at), tampering == "torn at the end")
    if sum(len(line) + 1 for line in lines[:at]) >= seam.offset:
        _never_folded(monkeypatch)  # damage before the seam: its hash fails, the lead is folded
    alone, shared = both_ways(sealed)
    assert shared == alone


def test_a_forged_checkpoint_at_the_seam_is_not_trusted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from replay.checkpoints import read_sidecar, write_sidecar  # noqa: PLC0415

    sealed = _sealed_copy(RECORDED[0], tmp_path, monkeypatch)
    found = read_sidecar(str(sealed))
    assert found is not None
    other = msgspec.msgpack.encode(check(WATAN, sealed, 1).state)
    forged = [
        msgspec.structs.replace(point, state=msgspec.Raw(other)) for point in found.checkpoints
    ]
    write_sidecar(str(sealed), forged, found.journal_size)
    monkeypatch.setattr("replay.history.check", check)  # the seam fails: one piece again
    assert check_on_both(WATAN, sealed, smallest=0) == check(WATAN, sealed)


@pytest.mark.parametrize("journal", RECORDED, ids=lambda path: path.parent.name)
def test_a_journal_of_todays_format_folds_its_lead_straight_from_its_bytes(
    journal: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The recorded journals are of format 1, whose events are converted as they are read;
    rewritten in today's format, the second process folds most of the first part from the
    file's bytes (`_lead_folded`), and says the same."""
    from replay import parallel  # noqa: PLC0415
    from replay.writer import write_journal  # noqa: PLC0415

    today = tmp_path / "today.jsonl"
    read = WATAN.reader().read(journal)
    write_journal(today, read.header, read.events)
    stream_fold = parallel._folded

    def after_the_lead(*args: Any) -> Any:
        if args[1][1] == 0:  # folding the first part from its first event, through the reader
            raise AssertionError("the lead was not folded from the bytes")
        return stream_fold(*args)

    monkeypatch.setattr("replay.parallel._folded", after_the_lead)
    alone, shared = both_ways(today)
    assert isinstance(alone, Checked)
    assert shared == alone


@pytest.mark.parametrize("tampering", sorted(TAMPERINGS))
@pytest.mark.parametrize("where", [0.25, SHARE])
@pytest.mark.parametrize("journal", RECORDED[:2], ids=lambda path: path.parent.name)
def test_a_tampered_journal_of_todays_format_is_refused_in_the_same_words(
    journal: Path, tampering: str, where: float, tmp_path: Path
) -> None:
    """Damage in the part the second process folds from the bytes is the first part's to
    report, in the reader's words."""
    from replay.writer import write_journal  # noqa: PLC0415

    read = WATAN.reader().read(journal)
    write_journal(tmp_path / "today.jsonl", read.header, read.events)
    lines = (tmp_path / "today.jsonl").read_bytes().splitlines()
    at = 1 + int((len(lines) - 1) * where)
    if tampering == "a roll changed":
        at = next(n for n in range(at, len(lines)) if _roll_changed(lines[n]) is not None)
    tampered = TAMPERINGS[tampering](lines, at)
    path = _written(tmp_path / "tampered.jsonl", tampered, tampering == "torn at the end")
    alone, shared = both_ways(path)
    assert shared == alone
