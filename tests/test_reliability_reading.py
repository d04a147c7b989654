"""Every journal reader bounded, and wrong files named in plain words (issue 23, point 3-4).

Each tool that reads a journal reads it a line at a time under the reader's limits, from a
file or from standard input: a device that never ends, a file of hundreds of megabytes
without a newline, and a named pipe are refused at once in one line; a number longer than
any field holds is refused at decoding with its line and field, never repeated; a save
file, a board file, a web page and a binary file given for a journal are named as such,
with the command that takes them.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import IO

import pytest

from replay.parallel import _lines
from tests.cli.test_conventions import outcome, run
from tests.conftest import ROOT

RECORDED = ROOT / "journals" / "sevens-and-steals" / "journal.jsonl"
BAZAAR = ROOT / "journals" / "bazaar" / "three-greedy-players-to-a-win" / "journal.jsonl"
SAVE = ROOT / "journals" / "sevens-and-steals" / "final.sv"
BOARD = ROOT / "fixtures" / "spec" / "sample-board.txt"

TOOLS = (
    ("replay",),
    ("verify",),
    ("export", "-o", "out.sv"),
    ("view", "-o", "out.html"),
    ("rewind", "--to", "1", "-o", "r.jsonl"),
)


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def refusal(tool: tuple[str, ...], journal: str, stdin: bytes = b"") -> str:
    """Return the one line a journal tool refuses `journal` with: on standard error with
    status 2, or as `verify`'s verdict (status 1, on standard output)."""
    status, out, err = outcome(run(tool[0], journal, *tool[1:], stdin=stdin))
    if tool[0] == "verify":
        assert (status, err, out.count("\n")) == (1, "", 1)
        return out
    assert (status, out, err.count("\n")) == (2, "", 1)
    return err.removeprefix("watan: ")


ENTRY = {
    "watan": "from watan.cli.launch import run; run()",
    "bazaar": "from bazaar.cli import program; program()",
    "constructor": "from watan.cli.launch import constructor; constructor()",
}


def program(
    *args: str, stdin: int | IO[bytes] = subprocess.DEVNULL, name: str = "watan"
) -> tuple[int, str]:
    """Return the exit status and standard error of the installed program, in 10 s at most."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            ENTRY[name],
            *args,
        ],
        stdin=stdin,
        capture_output=True,
        timeout=10,
        check=False,
        cwd=os.getcwd(),
    )
    return done.returncode, done.stderr.decode()


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_named_for_a_journal_is_refused_unread(device: str) -> None:
    for tool in TOOLS:
        assert refusal(tool, device) == f"{device}: is a device, not a journal file\n"


def test_a_named_pipe_named_for_a_journal_is_refused_without_waiting(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.jsonl"
    os.mkfifo(pipe)
    said = (
        f"watan: {pipe}: is a named pipe, not a journal file: to read a journal from a pipe, "
        "give - and pipe it to standard input\n"
    )
    for tool in TOOLS:
        assert f"watan: {refusal(tool, str(pipe))}" == said
    assert program("play", "--resume", str(pipe)) == (2, said)


def test_standard_input_that_never_ends_is_refused_after_one_line() -> None:
    too_long = "line 1: the line is longer than 1,048,576 bytes; a journal line holds at most that"
    with open("/dev/zero", "rb") as zero:
        assert program("verify", "-", stdin=zero) == (1, "")  # verify's verdict is output
    with open("/dev/zero", "rb") as zero:
        assert program("replay", "-", stdin=zero) == (2, f"watan: standard input: {too_long}\n")
    with open("/dev/zero", "rb") as zero:
        assert program("replay", "-", stdin=zero, name="bazaar") == (
            2,
            f"bazaar: standard input: {too_long}\n",
        )


def test_a_huge_file_without_a_newline_is_refused_at_its_first_mebibyte(tmp_path: Path) -> None:
    huge = tmp_path / "huge.jsonl"
    with huge.open("wb") as file:
        file.truncate(700 << 20)  # sparse: 700 MB of zeros, nothing written
    too_long = "line 1: the line is longer than 1,048,576 bytes; a journal line holds at most that"
    for tool in TOOLS:
        assert refusal(tool, str(huge)) == f"{huge}: {too_long}\n"


WRONG_FILES = {
    "save": (
        SAVE.read_bytes(),
        "is a save file, not a journal: `watan play -load F` plays on from it, "
        "`watan show F` shows it",
    ),
    "board": (
        BOARD.read_bytes(),
        "is a board file, not a journal: `watan play -board F` plays a new game on it, "
        "`watan show F` shows it",
    ),
    "page": (
        b"<!DOCTYPE html>\n<html><body>a page</body></html>\n",
        "is a web page, not a journal: open it in a browser",
    ),
    "binary": (
        bytes(range(256)) * 4,
        "is a binary file, not a journal (a journal is lines of JSON text)",
    ),
    "text": (
        b"dear diary\n",
        "is not a journal: its first line is not a journal's header (a JSON object)",
    ),
}


@pytest.mark.parametrize("kind", sorted(WRONG_FILES))
def test_a_wrong_file_for_a_journal_is_named_in_plain_words(kind: str) -> None:
    data, said = WRONG_FILES[kind]
    Path("F").write_bytes(data)
    for tool in TOOLS:
        assert refusal(tool, "F") == f"F: {said}\n"
    assert program("play", "--resume", "F") == (2, f"watan: F: {said}\n")
    assert Path("F").read_bytes() == data


def test_a_wrong_file_on_standard_input_names_the_dash() -> None:
    assert outcome(run("replay", "-", stdin=SAVE.read_bytes())) == (
        2,
        "",
        "watan: standard input: is a save file, not a journal: `watan play -load -` plays on "
        "from it, `watan show -` shows it\n",
    )


def test_a_web_page_for_a_save_file_is_named_so() -> None:
    Path("page.html").write_text("<!doctype html><html></html>\n")
    assert outcome(run("show", "page.html")) == (
        2,
        "",
        "watan: page.html: is a web page, not a board or save file: open it in a browser\n",
    )


def _with_number(path: Path, line: int, digits: int) -> tuple[bytes, str]:
    """Return the journal at `path` with the first number on `line` (1-based) made
    `digits` digits long, and the field it is in."""
    lines = path.read_bytes().splitlines(keepends=True)
    found = re.search(rb'"(\w+)":\[*(\d+)', lines[line - 1])
    assert found is not None
    lines[line - 1] = (
        lines[line - 1][: found.start(2)] + b"9" * digits + lines[line - 1][found.end(2) :]
    )
    return b"".join(lines), found.group(1).decode()


def _event_types(path: Path) -> dict[str, int]:
    """Return the first line of each event type in a journal."""
    firsts: dict[str, int] = {}
    for number, raw in enumerate(path.read_bytes().splitlines()[1:], start=2):
        tag = re.search(rb'"type":"(\w+)"', raw)
        if tag is not None and re.search(rb'"\w+":\[*\d', raw):
            firsts.setdefault(tag.group(1).decode(), number)
    return firsts


@pytest.mark.slow  # hostile numbers in every event type: a fuzz
@pytest.mark.parametrize("game", ["watan", "bazaar"])
def test_a_4301_digit_number_in_any_event_is_one_short_line(game: str) -> None:
    recorded = RECORDED if game == "watan" else BAZAAR
    firsts = _event_types(recorded)
    assert len(firsts) >= (10 if game == "watan" else 4)
    for line in [1, *firsts.values()]:
        data, field = _with_number(recorded, line, 4301)
        Path("j.jsonl").write_bytes(data)
        said = (
            f"{game}: j.jsonl: line {line}: a number in {field!r} has more than 30 digits; "
            "no field of a journal holds one\n"
        )
        done = program("replay", "j.jsonl", name=game)
        assert done == (2, said), line


def test_a_tag_of_a_megabyte_is_not_repeated_whole(tmp_path: Path) -> None:
    lines = RECORDED.read_bytes().splitlines(keepends=True)
    lines.insert(1, b'{"type":"' + b"x" * 500_000 + b'"}\n')
    Path("j.jsonl").write_bytes(b"".join(lines))
    status, _, said = outcome(run("replay", "j.jsonl"))
    assert (status, len(said) < 1000) == (2, True)


def test_games_looks_in_sub_folders_and_lists_what_it_cannot_read_and_goes_on(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "g"
    deep = folder / "a" / "b" / "c" / "d"
    (deep / "e").mkdir(parents=True)
    for place in (folder / "a" / "one.jsonl", deep / "four.jsonl", deep / "e" / "five.jsonl"):
        place.write_bytes(RECORDED.read_bytes())
    os.mkfifo(folder / "pipe.jsonl")
    (folder / "random.jsonl").symlink_to("/dev/urandom")
    (folder / "out.jsonl").symlink_to(RECORDED)
    (folder / "folder-link").symlink_to(RECORDED.parent.parent)
    status, out, err = outcome(run("games", str(folder)))
    listed = [line.split("  ", 1)[1] for line in out.splitlines() if not line.startswith(" ")]
    commands = [line.strip() for line in out.splitlines() if line.startswith(" ")]
    assert (status, err) == (0, "")
    assert sorted(listed) == sorted(
        [
            f"{folder}/out.jsonl: cannot be read: is a link out of the folder; not read",
            f"{folder}/random.jsonl: cannot be read: is a link out of the folder; not read",
            f"{folder}/pipe.jsonl: cannot be read: is a named pipe, not a journal file: to read a "
            "journal from a pipe, give - and pipe it to standard input",
            *["watan  Blue human, Red human, Orange human, Yellow human  722 events  won by Yellow"]
            * 2,
        ]
    )
    assert sorted(commands) == [
        f"watan replay {folder}/a/b/c/d/four.jsonl",
        f"watan replay {folder}/a/one.jsonl",
    ]


def test_games_of_a_file_or_of_no_folder_is_refused() -> None:
    Path("f.jsonl").write_text("x\n")
    assert outcome(run("games", "f.jsonl")) == (2, "", "watan: f.jsonl: is not a folder\n")
    assert outcome(run("games", "nowhere")) == (2, "", "watan: nowhere: no such folder\n")


def test_games_dates_a_dangling_link_by_the_link(tmp_path: Path) -> None:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "gone.jsonl").symlink_to(tmp_path / "nowhere")
    _, out, _ = outcome(run("games", str(folder)))
    assert not out.startswith("1970")


def test_a_named_pipe_called_layout_txt_never_blocks_constructor(tmp_path: Path) -> None:
    os.mkfifo("layout.txt")
    status, said = program("-seed", "1", name="constructor")
    assert (status, said) == (
        2,
        "constructor: layout.txt: is not a regular file (a named pipe, a device or a folder)\n",
    )


def test_a_named_pipe_where_a_torn_line_is_set_aside_never_blocks_resume() -> None:
    assert outcome(run("rewind", str(RECORDED), "--to", "36", "-o", "j.jsonl"))[0] == 0
    with Path("j.jsonl").open("ab") as journal:
        journal.write(b'{"type":"dice_ro')
    os.mkfifo("j.jsonl.torn")
    status, said = program("play", "--resume", "j.jsonl")
    assert (status, said.count("\n"), "j.jsonl.torn" in said) == (2, 1, True)
    assert Path("j.jsonl").read_bytes().endswith(b'{"type":"dice_ro')


def test_verify_on_two_processes_stops_counting_lines_at_the_first_overlong_one(
    tmp_path: Path,
) -> None:
    huge = tmp_path / "huge.jsonl"
    with huge.open("wb") as file:
        file.write(b"{}\n" * 3)
        file.truncate(700 << 20)
    sound = tmp_path / "sound.jsonl"
    sound.write_bytes(RECORDED.read_bytes())
    assert (_lines(str(huge)), _lines(str(sound))) == (None, 723)
