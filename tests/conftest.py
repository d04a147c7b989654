"""Shared test helpers: the spec's reference files, a sample game, and failed comparisons of
whole values explained by DeepDiff."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import msgspec
import pytest

from replay import auditing, history
from replay.auditing import Audit
from replay.history import Moment
from replay.journal import Journal, StrPath
from tests.cleanliness import Snapshot, left_behind, snapshot
from watan import definition
from watan.editions import edition
from watan.engine.events import AnyEvent, GameStarted
from watan.engine.layout import Board
from watan.engine.snapshot import SavedGame
from watan.engine.state import Game
from watan.files.savefile import parse_board, parse_save

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "fixtures" / "spec"
"""Copies of the spec's figures and sample files (facts to test against, never read at run
time by the game); `test_reference_copies` keeps them equal to ../shared/spec."""


WATAN = edition("watan")
CONSTRUCTOR = edition("constructor")
"""The two editions, for tests to name the one whose words a game speaks."""


_AT_START = pytest.StashKey[Snapshot | None]()


def pytest_sessionstart(session: pytest.Session) -> None:
    """Note what `git status` lists before any test runs."""
    session.stash[_AT_START] = snapshot(ROOT)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run, naming the files, when the tests left the checkout otherwise than they
    found it (`tests/cleanliness.py`): the suite must leave `git status` clean."""
    before = session.stash.get(_AT_START, None)
    after = None if before is None else snapshot(ROOT)
    if before is None or after is None:
        return
    left = left_behind(before, after)
    if not left:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.ensure_newline()
        reporter.write_line(
            "the tests left the checkout changed (keep test files in tmp_path): " + ", ".join(left),
            red=True,
        )
    session.exitstatus = pytest.ExitCode.TESTS_FAILED


def reference(name: str) -> str:
    """Return the text of one of the spec's reference files."""
    return (REFERENCE / name).read_text()


def read_journal(path: StrPath) -> Journal[GameStarted, AnyEvent]:
    """Return the whole Watan journal at `path`, read as the game's tools read it (its
    definition's reader)."""
    return definition.WATAN.reader().read(path)


def at_step(path: StrPath, to: int | None = None) -> Moment[GameStarted, AnyEvent, Game]:
    """Return the Watan journal at `path` up to step `to` (its end when None), checked, as
    the game's tools read it: the toolkit's `load` with Watan's definition."""
    return history.load(definition.WATAN, path, to)


def audit(
    header: GameStarted, events: Iterable[AnyEvent], keep: int | None = None
) -> Audit[Game]:
    """Return the audit of a Watan journal's events, as the game's tools run it: the
    toolkit's audit with Watan's definition (judge, bookkeeping, words)."""
    return auditing.audit(definition.WATAN, header, events, keep)


@pytest.fixture(autouse=True)
def _journals_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep every game a test plays out of the user's journal folder: in `journals` beside
    the test's files (programs the test starts inherit it)."""
    monkeypatch.setenv("WATAN_JOURNALS", str(tmp_path / "journals"))


@pytest.fixture
def sample_board() -> Board:
    """The board of spec Figure 1 (`sample-board.txt`)."""
    return parse_board(reference("sample-board.txt"), "sample-board.txt", WATAN)


@pytest.fixture
def sample_save() -> SavedGame:
    """The spec's sample save file."""
    return parse_save(reference("sample-save.sv"), "sample-save.sv", WATAN)


def pytest_assertrepr_compare(op: str, left: object, right: object) -> list[str] | None:
    """Explain a failed `==` between two Structs (two game states, two events, two saves),
    or two tuples or lists of them, with DeepDiff's report: which field of which player
    differs and how, where pytest would show two reprs of a few thousand characters.

    Other comparisons keep pytest's own explanation."""
    if op != "==" or not (_holds_structs(left) or _holds_structs(right)):
        return None
    from deepdiff import DeepDiff  # noqa: PLC0415 (only a failing comparison needs it)

    report = DeepDiff(left, right, threshold_to_diff_deeper=0).pretty()
    return [
        f"{type(left).__name__} == {type(right).__name__} failed; DeepDiff finds:",
        *(report.splitlines() or ["no difference it can name"]),
    ]


def _holds_structs(value: object) -> bool:
    """Return whether `value` is a Struct, or a tuple or list with one."""
    if isinstance(value, tuple | list):
        return any(isinstance(item, msgspec.Struct) for item in value)
    return isinstance(value, msgspec.Struct)
