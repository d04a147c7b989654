"""Bad files and failed writes: one line on standard error, and nothing already written lost.

Bad save and board files go through the real program (`python -m watan`, whose entry
point is `watan.cli.launch:run`): its fast path (`watan -load F`), its click path (`watan
play --load=F`, which the fast path leaves to click), and `watan show`.

Writes that fail during play go through the real loop with real failures where the
system can give them to a test run as root: a missing folder; a full disk, made by
pointing the file descriptor being written at `/dev/full`, so the kernel itself answers
ENOSPC; a folder standing where a file or a journal's folder should be.  Only a
read-only file needs a stand-in: root may write any file, so `os.access` answers from
the permission bits, as it does for the file's owner when not root.
"""

from __future__ import annotations

import contextlib
import io
import os
import signal
import socket
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from replay.edges.reading import BadFile
from tests.conftest import ROOT, WATAN, at_step, reference
from tests.terminal.test_console import Played, play, read_journal
from tests.test_definition import SAMPLE_LINES
from tests.test_reliability_eof import (
    AFTER_THE_EIGHT,
    AT_PROMPTS,
    BLUE_LINE,
    EIGHT_EVENTS,
    OFFER,
    ORANGE_LINE,
    RED_LINE,
    SAMPLE_AS_SAVED,
    SAMPLE_GAME,
    YELLOW_LINE,
    backup,
    save_file,
)
from watan.cli.app import main as cli
from watan.engine.state import loaded_game, new_game
from watan.files.disk import load_board, load_save
from watan.files.savefile import format_save, parse_save
from watan.match.options import Options
from watan.text import render

SAMPLE_SAVE = reference("sample-save.sv")
SAMPLE_BOARD = reference("sample-board.txt")
STATUS = (
    "Blue has 7 course criteria, 0 caffeines, 0 labs, 0 lectures, 5 studies, and 0 tutorials.\n"
    "Red has 3 course criteria, 0 caffeines, 0 labs, 0 lectures, 0 studies, and 0 tutorials.\n"
    "Orange has 3 course criteria, 11 caffeines, 0 labs, 0 lectures, 0 studies, "
    "and 0 tutorials.\n"
    "Yellow has 2 course criteria, 0 caffeines, 0 labs, 3 lectures, 0 studies, and 0 tutorials.\n"
)
"""`status` on the spec's sample save (RULINGS 4)."""


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def names() -> list[str]:
    """The working folder's files, temporary ones included."""
    return sorted(os.listdir())


# Bad save and board files, through the real program ---------------------------------------------


def watan(*args: str, stdin: str = "") -> tuple[int, str, str]:
    """Run `python -m watan ARGS` in the working folder with `stdin` as its input."""
    result = subprocess.run(
        [sys.executable, "-m", "watan", *args],
        capture_output=True,
        text=True,
        input=stdin,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    return result.returncode, result.stdout, result.stderr


BAD_SAVES: dict[str, tuple[bytes | None, str]] = {
    "missing": (None, "no such file"),
    "folder": (b"", "is a folder, not a file"),
    "not text": (b"0\n\xff\xfe\x81\n", "is not a text file"),
    "empty": (b"", "the file is empty"),
    "cut short": (
        b"0\n0 0 0 5 0 g c\n",
        "expected at least 6 lines (turn, 4 students, board), found 2",
    ),
    "bad geese": (
        SAMPLE_SAVE.replace("\n8\n", "\n19\n").encode(),
        "line 7: the geese must be one tile number 0-18, or -1",
    ),
    "two owners": (
        SAMPLE_SAVE.replace("c 32 2 44 1", "c 32 2 37 1").encode(),
        "line 3: criterion 37 is also owned on line 2",
    ),
}
BAD_BOARDS: dict[str, tuple[bytes | None, str]] = {
    "missing": (None, "no such file"),
    "not text": (b"\xc3(\n", "is not a text file"),
    "empty": (b"\n", "the file is empty; expected 19 resource/value pairs"),
    "too short": (
        b"0 3 " * 18 + b"\n",
        "expected 19 resource/value pairs (38 numbers), found 36 numbers",
    ),
    "bad value": (
        SAMPLE_BOARD.replace("0 3 1 10", "0 3 1 13", 1).encode(),
        "line 1: tile 1: value 13 is not 2-12",
    ),
}


def make(name: str, content: bytes | None, folder: bool = False) -> str:
    if folder:
        os.mkdir(name)
    elif content is not None:
        Path(name).write_bytes(content)
    return name


@pytest.mark.parametrize(
    "command",
    [["-load"], ["-seed", "3", "-load"], ["play", "--load={}"], ["show"]],
    ids=["fast path", "fast path with a seed", "click path", "show"],
)
@pytest.mark.parametrize("case", list(BAD_SAVES))
def test_a_bad_save_file_is_one_line_naming_it_and_status_2(case: str, command: list[str]) -> None:
    content, problem = BAD_SAVES[case]
    if (case, command) == ("empty", ["show"]):
        problem = BAD_BOARDS["empty"][1]  # a file that does not look like a save is a board
    path = make("game.sv", content, folder=case == "folder")
    args = [*command[:-1], command[-1].format(path)] if "{}" in command[-1] else [*command, path]
    before = names()
    assert watan(*args) == (2, "", f"watan: {path}: {problem}\n")
    assert names() == before  # no journal started, nothing written


@pytest.mark.parametrize(
    "command",
    [["-board"], ["play", "--board={}"], ["show"]],
    ids=["fast path", "click path", "show"],
)
@pytest.mark.parametrize("case", list(BAD_BOARDS))
def test_a_bad_board_file_is_one_line_naming_it_and_status_2(case: str, command: list[str]) -> None:
    content, problem = BAD_BOARDS[case]
    path = make("layout.txt", content)
    args = [*command[:-1], command[-1].format(path)] if "{}" in command[-1] else [*command, path]
    assert watan(*args) == (2, "", f"watan: {path}: {problem}\n")
    assert names() == ([] if content is None else ["layout.txt"])


def test_export_into_a_missing_folder_is_one_line_and_writes_nothing() -> None:
    play(SAMPLE_GAME, SAMPLE_LINES)
    before = names()
    assert watan("export", "game.jsonl", "-o", "nowhere/end.sv") == (
        2,
        "",
        "watan: nowhere/end.sv: cannot write it (No such file or directory)\n",
    )
    assert names() == before


@pytest.fixture
def as_a_user(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let `os.access` answer write permission from the owner's bits, as for a user, not root."""
    real = os.access

    def access(path: str | os.PathLike[str], mode: int, **options: bool) -> bool:
        if mode & os.W_OK and not os.stat(path).st_mode & 0o200:
            return False
        return real(path, mode, **options)

    monkeypatch.setattr(os, "access", access)


@pytest.mark.usefixtures("as_a_user")
def test_export_over_a_read_only_file_is_one_line_and_leaves_it_as_it_was() -> None:
    play(SAMPLE_GAME, SAMPLE_LINES)
    Path("end.sv").write_text("old\n")
    Path("end.sv").chmod(0o444)
    before = names()
    result = CliRunner().invoke(cli, ["export", "game.jsonl", "-o", "end.sv", "--force"])
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        "watan: end.sv: cannot write it (Permission denied)\n",
    )
    assert (Path("end.sv").read_text(), names()) == ("old\n", before)


# Any bytes at all as a save or board file --------------------------------------------------------


def mutated(text: str) -> st.SearchStrategy[bytes]:
    """Bytes near a good file: pieces cut, repeated or replaced by hostile bytes."""
    hostile = st.sampled_from(
        [b"", b"\x00", b"\xff", b"-1", b"+3", b"99999999999999999999", b"7.5", b"g", b"c",
         b"\r\n", b"\n\n", b"\t", b" ", b"\xef\xbb\xbf", b"5 7", b"-0", b"x" * 1000]
    )  # fmt: skip
    data = text.encode()
    return st.builds(
        lambda cut, length, piece: data[:cut] + piece + data[cut + length :],
        st.integers(0, len(data)),
        st.integers(0, 12),
        st.one_of(hostile, st.binary(max_size=8)),
    )


@pytest.mark.slow  # hundreds of random files
@settings(max_examples=1000, deadline=None, derandomize=True)
@given(
    data=st.one_of(mutated(SAMPLE_SAVE), mutated(SAMPLE_BOARD), st.binary(max_size=300)),
    as_save=st.booleans(),
)
def test_any_bytes_as_a_file_load_or_are_refused_on_one_line_naming_the_file(
    tmp_path_factory: pytest.TempPathFactory, data: bytes, as_save: bool
) -> None:
    path = tmp_path_factory.getbasetemp() / "any-file"
    path.write_bytes(data)
    try:
        if as_save:
            saved = load_save(str(path), WATAN)
            game = loaded_game(saved.board, saved.position, WATAN.rules)
            shown = render.board(game, WATAN) + render.status(game, WATAN)
            assert parse_save(format_save(saved, WATAN), "again", WATAN) == saved
        else:
            shown = render.board(new_game(load_board(str(path), WATAN), WATAN.rules), WATAN)
    except BadFile as refused:
        message = str(refused)
        assert message.startswith(f"{path}: ") and "\n" not in message, message
    else:
        assert shown.endswith("\n")


# Writes that fail during play -------------------------------------------------------------------


def fill_the_disk_under(fd: int) -> None:
    """Point `fd` at /dev/full: every write through it now fails with ENOSPC, from the kernel."""
    full = os.open("/dev/full", os.O_WRONLY)
    try:
        os.dup2(full, fd)
    finally:
        os.close(full)


def descriptor_of(path: str) -> int:
    """Return this process's file descriptor open on `path`."""
    target = os.stat(path)
    for fd in range(3, 1024):
        with contextlib.suppress(OSError):
            if os.path.samestat(os.fstat(fd), target):
                return fd
    raise AssertionError(f"nothing open on {path}")


def fill_the_disk_for_one_save(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the next save's temporary file as usual, then fill the disk under it."""
    real = tempfile.mkstemp
    made: list[str] = []

    def mkstemp(suffix: str, prefix: str, dir: str) -> tuple[int, str]:
        fd, name = real(suffix=suffix, prefix=prefix, dir=dir)
        if not made:
            fill_the_disk_under(fd)
        made.append(name)
        return fd, name

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)  # replay.edges.saving calls it when it saves


SAVE_FAILURES = {
    "a missing folder": ("missing/target.sv", None, "No such file or directory"),
    "a read-only file": ("target.sv", "old\n", "Permission denied"),
    "a full disk": ("target.sv", "old\n", "No space left on device"),
    "a folder in the way": ("target.sv", None, "Is a directory"),
    "a named pipe nobody reads": ("target.sv", None, "it is a named pipe, not a file"),
    "a socket": ("target.sv", None, "it is a socket, not a file"),
    "a loop of links": ("target.sv", None, "it is a loop of symbolic links"),
}
"""Where the save goes, what was there before, and why it cannot be written."""


@pytest.fixture
def never_blocks() -> Iterator[None]:
    """Fail a test that waits more than ten seconds (a save blocked on a named pipe) instead
    of hanging the suite."""

    def waited(*_: object) -> None:
        raise TimeoutError("the game waited on a file")

    previous = signal.signal(signal.SIGALRM, waited)
    signal.alarm(10)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.usefixtures("as_a_user", "never_blocks")
@pytest.mark.parametrize("failure", list(SAVE_FAILURES))
def test_a_save_that_fails_is_one_line_keeps_the_old_file_and_the_game_goes_on(
    failure: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    target, old, reason = SAVE_FAILURES[failure]
    if old is not None:
        Path(target).write_text(old)
    if failure == "a read-only file":
        Path(target).chmod(0o444)
    elif failure == "a full disk":
        fill_the_disk_for_one_save(monkeypatch)
    elif failure == "a folder in the way":
        os.mkdir(target)
    elif failure == "a named pipe nobody reads":
        os.mkfifo(target)
    elif failure == "a socket":
        listening = socket.socket(socket.AF_UNIX)
        listening.bind(target)
        listening.close()
    elif failure == "a loop of links":
        os.symlink("other.sv", target)
        os.symlink(target, "other.sv")
    before = names()
    kinds = {name: os.lstat(name).st_mode for name in before}
    played = play(SAMPLE_GAME, f"load\nsave {target}\nstatus\n")  # `load`: a journal to keep
    assert played == Played(
        status=0,
        stdout=AT_PROMPTS["turn start"].stdout + "> > " + STATUS + "> ",
        stderr=f"watan: cannot save to {target}: {reason}\n",
    )
    if old is not None:
        assert Path(target).read_text() == old
    assert names() == sorted([*before, "backup.sv", "game.jsonl"])  # and no temporary file
    assert {name: os.lstat(name).st_mode for name in before} == kinds  # none replaced
    assert backup() == SAMPLE_AS_SAVED


@pytest.mark.parametrize(
    "name", ["game.jsonl", "./game.jsonl", "link.sv", "hard.sv"],
    ids=["its name", "another spelling", "a symbolic link", "a hard link"],
)
def test_saving_onto_the_games_own_journal_is_refused_and_the_game_goes_on(name: str) -> None:
    lines = "load\nroll\n8\n"

    class Linking(io.BytesIO):
        """Input that makes the links to the journal once the game has created it."""

        def readline(self, size: int | None = -1) -> bytes:
            if Path("game.jsonl").exists() and not Path("link.sv").is_symlink():
                os.symlink("game.jsonl", "link.sv")
                os.link("game.jsonl", "hard.sv")
            return super().readline(size)

    played = play(SAMPLE_GAME, "", Linking(f"save {name}\n{lines}".encode()))
    assert played == Played(
        status=0,
        stdout=AT_PROMPTS["after the roll"].stdout.replace("> ", "> > ", 1),
        stderr=f"watan: cannot save to {name}: it is this game's journal; choose another name\n",
    )
    assert at_step("game.jsonl").events == AT_PROMPTS["after the roll"].events
    assert backup() == AFTER_THE_EIGHT


def test_a_backup_that_would_replace_the_games_journal_is_refused() -> None:
    os.symlink("game.jsonl", "backup.sv")
    played = play(SAMPLE_GAME, "load\nroll\n8\n")
    assert played.stderr == (
        "watan: cannot save to backup.sv: it is this game's journal; choose another name\n"
    )
    assert at_step("game.jsonl").events == AT_PROMPTS["after the roll"].events
    assert Path("backup.sv").is_symlink()


def test_a_save_interrupted_before_its_rename_leaves_the_old_file_and_no_temporary(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    Path("target.sv").write_text("old\n")

    def killed(*args: object) -> None:
        raise KeyboardInterrupt  # Ctrl-C between the write and the rename

    monkeypatch.setattr("replay.edges.saving.os.replace", killed)
    with pytest.raises(KeyboardInterrupt):
        play(SAMPLE_GAME, "load\nsave target.sv\n")
    assert (Path("target.sv").read_text(), names()) == ("old\n", ["game.jsonl", "target.sv"])


def test_a_backup_that_cannot_be_written_is_one_line_and_the_status_stays_0() -> None:
    os.mkdir("backup.sv")
    played = play(SAMPLE_GAME, "load\n")
    assert (played.status, played.stderr) == (
        0,
        "watan: cannot save to backup.sv: Is a directory\n",
    )
    assert names() == ["backup.sv", "game.jsonl"]


class FillsTheDisk(io.BytesIO):
    """Input that fills the disk under the journal just before giving line `at` (0-based)."""

    def __init__(self, data: bytes, journal: str, at: int) -> None:
        super().__init__(data)
        self._journal, self._at, self._given = journal, at, 0

    def readline(self, size: int | None = -1) -> bytes:
        if self._given == self._at:
            fill_the_disk_under(descriptor_of(self._journal))
        self._given += 1
        return super().readline(size)


def test_a_journal_that_fills_the_disk_mid_game_is_one_line_and_the_game_goes_on() -> None:
    lines = "load\nroll\n8\ntrade orange study caffeine\nyes\nnext\nstatus\n"
    played = play(SAMPLE_GAME, "", FillsTheDisk(lines.encode(), "game.jsonl", at=4))
    red_turn = (
        "Student Red's turn.\n"
        "Red has 3 course criteria, 0 caffeines, 2 labs, 0 lectures, 0 studies, and 0 tutorials.\n"
    )
    status = (
        "Blue has 7 course criteria, 1 caffeines, 6 labs, 0 lectures, 4 studies, and 0 tutorials.\n"
        "Red has 3 course criteria, 0 caffeines, 2 labs, 0 lectures, 0 studies, and 0 tutorials.\n"
        "Orange has 3 course criteria, 10 caffeines, 0 labs, 0 lectures, 1 studies, "
        "and 0 tutorials.\n"
        "Yellow has 2 course criteria, 0 caffeines, 0 labs, 3 lectures, 0 studies, "
        "and 0 tutorials.\n"
    )
    assert played == Played(
        status=0,
        stdout=AT_PROMPTS["after the roll"].stdout
        + OFFER
        + "> > "
        + red_turn
        + "> "
        + status
        + "> ",
        stderr="watan: game.jsonl: cannot write: No space left on device; "
        "the game goes on without its journal\n",
    )
    # The accepted trade and the turn's end are in the backup; the journal keeps what it had.
    assert backup() == save_file(
        1,
        (
            f"1 6 0 4 0 {BLUE_LINE}",
            f"0 2 0 0 0 {RED_LINE}",
            f"10 0 0 1 0 {ORANGE_LINE}",
            f"0 0 3 0 0 {YELLOW_LINE}",
        ),
        8,
    )
    assert read_journal(Path("game.jsonl"))[1] == list(EIGHT_EVENTS)
    assert at_step("game.jsonl").state == at_step("game.jsonl", 4).state


def test_a_journal_folder_that_cannot_be_made_is_one_line_and_the_file_in_the_way_is_kept() -> None:
    Path("notes").write_bytes(b"a file, not a folder\n")
    played = play(
        Options(
            seed=1,
            loaded=SAMPLE_GAME.loaded,
            journal="notes/game.jsonl",
            edition=WATAN,
            rules=WATAN.rules,
        ),
        "load\nroll\n8\n",
    )
    assert played == Played(
        status=0,
        stdout=AT_PROMPTS["after the roll"].stdout,
        stderr="watan: cannot write the journal notes/game.jsonl: notes is not a folder\n",
    )
    assert Path("notes").read_bytes() == b"a file, not a folder\n"
    assert backup() == AFTER_THE_EIGHT
    assert names() == ["backup.sv", "notes"]


def test_a_journal_that_cannot_be_created_is_never_put_in_place_of_an_existing_one() -> None:
    Path("game.jsonl").write_bytes(b"someone else's journal\n")
    played = play(SAMPLE_GAME, "")
    assert played.stderr == (
        "watan: cannot write the journal game.jsonl: already exists; a journal is never replaced\n"
    )
    assert Path("game.jsonl").read_bytes() == b"someone else's journal\n"
    assert backup() == SAMPLE_AS_SAVED


# Amounts no game reaches --------------------------------------------------------------------------


def test_a_roll_of_7_against_a_billion_resources_draws_the_losses_at_once() -> None:
    """Drawn one unit at a time, these losses would take most of an hour (RULINGS 14)."""
    most = 999_999_999
    Path("rich.sv").write_text(SAMPLE_SAVE.replace("\n0 0 0 5 0 g", "\n" + f"{most} " * 5 + "g", 1))
    result = subprocess.run(
        [sys.executable, "-m", "watan", "-seed", "4", "-load", "rich.sv", "--journal", "j.jsonl"],
        input="load\nroll\n7\n",
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
        check=False,
    )
    lines = result.stdout.split("\n")
    heading = lines.index("> Student Blue loses 2499999997 resources to the geese. They lose:")
    names = ["CAFFEINE", "LAB", "LECTURE", "STUDY", "TUTORIAL"]
    lost = [0] * 5
    for line in lines[heading + 1 :]:
        count, _, name = line.partition(" ")
        if name not in names:
            break
        lost[names.index(name)] = int(count)
    assert (result.returncode, "Traceback" in result.stderr, sum(lost)) == (0, False, 2499999997)
    held = load_save("backup.sv", WATAN).position.students[0].resources
    assert list(held) == [most - n for n in lost]
    verified = CliRunner().invoke(cli, ["verify", "j.jsonl"])
    assert (verified.exit_code, verified.stdout) == (0, "ok: 4 events\n")  # Orange loses too


# --journal naming a file that is already there ---------------------------------------------------


@pytest.mark.parametrize("command", [["-seed", "1"], ["play", "-seed", "1"]], ids=["fast", "click"])
def test_a_journal_option_naming_a_file_that_is_not_a_journal_refuses_to_start(
    command: list[str],
) -> None:
    Path("layout.txt").write_text(SAMPLE_BOARD)
    assert watan(*command, "-board", "layout.txt", "--journal", "layout.txt") == (
        2,
        "",
        "watan: layout.txt: already exists and is not a journal; give --journal another name\n",
    )
    assert (names(), Path("layout.txt").read_text()) == (["layout.txt"], SAMPLE_BOARD)


def test_a_journal_option_naming_a_named_pipe_refuses_at_once() -> None:
    """The pipe was opened to read its first line, and nobody writing to it, waited on for
    ever."""
    os.mkfifo("pipe")
    result = subprocess.run(
        [sys.executable, "-m", "watan", "-seed", "1", "--journal", "pipe"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=30,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert (result.returncode, result.stdout, result.stderr) == (
        2, "", "watan: pipe: already exists and is not a journal; give --journal another name\n"
    )
    assert stat.S_ISFIFO(os.lstat("pipe").st_mode)


def test_a_journal_option_naming_a_journal_says_how_to_play_it_on() -> None:
    play(SAMPLE_GAME, "load\nroll\n8\n")
    os.remove("backup.sv")
    Path("sample.sv").write_text(SAMPLE_SAVE)
    journal = Path("game.jsonl").read_bytes()
    assert watan("-load", "sample.sv", "--journal", "game.jsonl") == (
        2,
        "",
        "watan: game.jsonl: already exists; a journal is never replaced: play it on with "
        "`watan play --resume game.jsonl`, or give --journal another name\n",
    )
    assert (names(), Path("game.jsonl").read_bytes()) == (["game.jsonl", "sample.sv"], journal)


# Files that test harnesses and players really hand the program ----------------------------------


SIDE_BY_SIDE = SAMPLE_SAVE.replace("c 32 2 44 1\n", "c 32 2 44 1 38 1\n")
"""The sample save with Red's Assignment at 38, next to Red's 32 (and Blue's 37, Red's 44)."""


def test_a_save_with_criteria_side_by_side_loads_as_written_with_a_note() -> None:
    Path("game.sv").write_text(SIDE_BY_SIDE)
    status, stdout, stderr = watan(
        "-seed", "1", "-load", "game.sv", "--journal", "j.jsonl", stdin="load\n"
    )
    assert (status, stderr) == (
        0,
        "watan: game.sv: line 3: criterion 38 is next to criterion 32 (and 2 more such pairs), "
        "which no game allows; loaded as written\n",
    )
    assert stdout == AT_PROMPTS["turn start"].stdout + "> "
    journal = at_step("j.jsonl")
    assert journal.header.loaded == parse_save(SIDE_BY_SIDE, "game.sv", WATAN).position
    assert load_save(
        "backup.sv", WATAN
    ) == parse_save(SIDE_BY_SIDE, "game.sv", WATAN)  # kept as written
    verified = CliRunner().invoke(cli, ["verify", "j.jsonl"])
    assert (verified.exit_code, verified.stdout) == (0, "ok: 1 events\n")


def test_a_constructor_save_naming_the_turn_by_its_colour_loads_with_a_note() -> None:
    constructor_save = (
        "BLUE\n"
        "0 0 0 5 0 r 38 47 43 h 37 T 25 T 30 B\n"
        "0 0 0 0 0 r 56 48 64 h 32 H 44 B\n"
        "11 0 0 0 0 r 24 50 33 41 h 16 H 40 B\n"
        "0 0 3 0 0 r 27 32 h 20 B 27 B\n"
        "0 3 1 10 3 5 1 4 5 7 3 10 2 11 1 3 3 8 0 2 0 6 1 8 4 12 1 5 4 11 3 4 4 6 3 9 3 9\n"
        "8\n"
    )
    Path("game.sv").write_text(constructor_save)
    status, stdout, stderr = watan("--edition", "constructor", "-seed", "1", "-load", "game.sv")
    assert (status, stderr) == (
        0,
        "watan: game.sv: line 1: the current turn 'BLUE' is read as Blue, student 0\n",
    )
    assert "Builder Blue's turn.\n" in stdout
    assert Path("backup.sv").read_text() == "0\n" + constructor_save.split("\n", 1)[1]


GEESE_AS_39TH = SAMPLE_BOARD.rstrip("\n") + "\n8\n"
"""The sample board with a save file's geese line after it."""


@pytest.mark.parametrize("command", [["-board"], ["show"]], ids=["board", "show"])
def test_a_board_file_ending_with_the_geese_tile_is_read_with_a_note(command: list[str]) -> None:
    Path("layout.txt").write_text(GEESE_AS_39TH)
    Path("plain.txt").write_text(SAMPLE_BOARD)
    status, stdout, _ = watan(*command, "plain.txt")
    assert watan(*command, "layout.txt") == (
        status,
        stdout,
        "watan: layout.txt: line 2: the 39th number, 8, is the geese's tile as a save file "
        "writes it; left out, as a new game's geese start off the board\n",
    )


def test_a_whole_save_file_as_the_board_plays_on_its_board_with_a_note() -> None:
    Path("game.sv").write_text(SAMPLE_SAVE)
    Path("plain.txt").write_text(SAMPLE_BOARD)
    status, stdout, _ = watan("-seed", "2", "-board", "plain.txt")
    assert watan("-seed", "2", "-board", "game.sv") == (
        status,
        stdout,
        "watan: game.sv: is a save file: its board (line 6) is played, the rest left out\n",
    )
