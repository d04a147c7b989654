"""What the programs write: an output that fails, and files nobody named (issue 23, points 1, 6).

Every program (watan, constructor, bazaar), whatever the command, says in one line that its
output cannot be written and exits 1, as the game does; a save to the program's own
standard output writes into the stream; a page, a backup, never replaces through a planted
link or a file that is not an earlier one of its own kind.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.test_conventions import outcome, run
from tests.conftest import ROOT
from tests.test_reliability_reading import ENTRY

JOURNAL = str(ROOT / "journals" / "sevens-and-steals" / "journal.jsonl")
BAZAAR = str(ROOT / "journals" / "bazaar" / "six-players" / "journal.jsonl")

COMMANDS = [
    ("watan", ("verify", JOURNAL)),
    ("watan", ("replay", JOURNAL)),
    ("watan", ("view", JOURNAL, "-o", "-")),
    ("watan", ("export", JOURNAL, "-o", "-")),
    ("watan", ("schema",)),
    ("watan", ("--help",)),
    ("bazaar", ("replay", BAZAAR)),
    ("bazaar", ("--help",)),
]


@pytest.mark.parametrize(("program", "args"), COMMANDS, ids=lambda x: str(x)[:30])
def test_a_full_output_is_one_line_and_status_1(program: str, args: tuple[str, ...]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-c", ENTRY[program], *args],
            stdout=full,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            timeout=60,
            check=False,
        )
    assert (done.returncode, done.stderr.decode()) == (
        1,
        f"{program}: cannot write the output (No space left on device)\n",
    )


def test_a_good_output_still_ends_with_the_commands_own_status() -> None:
    done = subprocess.run(
        [sys.executable, "-c", ENTRY["watan"], "verify", JOURNAL],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, b"ok: 722 events\n", b"")


SAMPLE_SAVE = ROOT / "fixtures" / "spec" / "sample-save.sv"
BAZAAR_SAVE = ROOT / "journals" / "bazaar" / "started-with-load"


def play(program: str, *args: str, typed: bytes, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    with (cwd / "log.txt").open("wb") as log:
        return subprocess.run(
            [sys.executable, "-c", ENTRY[program], *args],
            input=typed,
            stdout=log,
            stderr=subprocess.PIPE,
            cwd=cwd,
            timeout=60,
            check=False,
        )


@pytest.mark.parametrize("stream", ["/dev/stdout", "/dev/stderr"])
def test_a_save_to_the_programs_own_output_writes_into_it(stream: str, tmp_path: Path) -> None:
    typed = f"status\nsave {stream}\nstatus\n".encode()
    if stream == "/dev/stderr":
        with (tmp_path / "log.txt").open("wb") as both:
            subprocess.run(
                [sys.executable, "-c", ENTRY["watan"], "-load", str(SAMPLE_SAVE)],
                input=typed,
                stdout=both,
                stderr=both,
                cwd=tmp_path,
                timeout=60,
                check=False,
            )
    else:
        play("watan", "-load", str(SAMPLE_SAVE), typed=typed, cwd=tmp_path)
    log = (tmp_path / "log.txt").read_text()
    statuses = [line for line in log.splitlines() if line.endswith("tutorials.")]
    board = SAMPLE_SAVE.read_text().splitlines()[5].strip()
    assert (len(statuses), log.count(board)) == (9, 1)
    assert log.startswith("Student Blue's turn.\n")


def test_a_bazaar_save_to_its_own_output_writes_into_it(tmp_path: Path) -> None:
    play(
        "bazaar",
        "play",
        "--players",
        "Ann,Bob",
        "--size",
        "6x6",
        "--seed",
        "3",
        typed=b"save /dev/stdout\n",
        cwd=tmp_path,
    )
    log = (tmp_path / "log.txt").read_text()
    assert log.startswith("Bazaar: Ann and Bob on a 6x6 board.")  # the game's lines are kept
    assert log.index("Ann's move.") < log.index("bazaar save 1\nsize 6 6\n")


def test_the_default_page_never_follows_a_link_planted_beside_its_journal(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "victim").mkdir()
    (tmp_path / "victim" / "bashrc").write_text("secret\n")
    (tmp_path / "pkg" / "game.jsonl").write_bytes(Path(JOURNAL).read_bytes())
    (tmp_path / "pkg" / "game.html").symlink_to("../victim/bashrc")
    page = tmp_path / "pkg" / "game.html"
    assert outcome(run("view", str(tmp_path / "pkg" / "game.jsonl"))) == (
        2,
        "",
        f"watan: {page}: cannot write it (it is a link out of its folder; not followed); "
        "--force writes it anyway, or name another with -o\n",
    )
    assert (tmp_path / "victim" / "bashrc").read_text() == "secret\n"


def test_the_default_page_replaces_only_an_earlier_page_unless_forced(tmp_path: Path) -> None:
    journal = tmp_path / "notes.jsonl"
    journal.write_bytes(Path(JOURNAL).read_bytes())
    notes = tmp_path / "notes.html"
    notes.write_text("my notes\n")
    assert outcome(run("view", str(journal))) == (
        2,
        "",
        f"watan: {notes}: cannot write it (a file of another kind is there; it was kept); "
        "--force writes it anyway, or name another with -o\n",
    )
    assert notes.read_text() == "my notes\n"
    assert outcome(run("view", str(journal), "--force"))[0] == 0
    assert outcome(run("view", str(journal)))[0] == 0  # an earlier page is replaced


@pytest.mark.parametrize("planted", ["link", "file"])
def test_backup_sv_replaces_only_an_earlier_save_file(planted: str, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("secret\n")
    backup = tmp_path / "backup.sv"
    if planted == "link":
        (tmp_path / "elsewhere").mkdir()
        victim = tmp_path / "elsewhere" / "victim.txt"
        victim.write_text("secret\n")
        backup.symlink_to(victim)
        said = "it is a link out of its folder; not followed"
    else:
        backup.write_text("secret\n")
        victim = backup
        said = "a file of another kind is there; it was kept"
    done = play("watan", "-load", str(SAMPLE_SAVE), typed=b"", cwd=tmp_path)
    assert done.stderr.decode().splitlines()[0] == f"watan: cannot save to backup.sv: {said}"
    assert victim.read_text() == "secret\n"
    backup.unlink()
    backup.write_text(SAMPLE_SAVE.read_text())
    play("watan", "-load", str(SAMPLE_SAVE), typed=b"roll\n", cwd=tmp_path)
    assert backup.read_text() != SAMPLE_SAVE.read_text()  # an earlier save is replaced


def test_hints_repeat_names_with_their_control_characters_escaped(tmp_path: Path) -> None:
    hostile = "e\x1b]0;T\x07"
    done = play(
        "watan",
        "-load",
        str(SAMPLE_SAVE),
        "--hints",
        "--journal",
        f"{hostile}.jsonl",
        typed=f"save {hostile}.sv\nroll\n".encode(),
        cwd=tmp_path,
    )
    said = done.stderr.decode()
    assert "\x1b" not in said and "\x07" not in said
    assert "Saved the game to e\\x1b]0;T\\x07.sv." in said
    assert "e\\x1b]0;T\\x07.jsonl" in said


def test_an_empty_edition_or_journal_name_is_refused_not_taken_as_none() -> None:
    assert outcome(run("play", "--edition", "")) == (
        2,
        "",
        "watan: there is no edition '' (editions: constructor, watan)\n",
    )
    assert outcome(run("show", "--edition", "", JOURNAL))[2] == (
        "watan: there is no edition '' (editions: constructor, watan)\n"
    )
    assert outcome(run("play", "--journal", "")) == (
        2,
        "",
        "watan: --journal: give the journal's file name\n",
    )


def test_bazaar_export_to_a_dash_writes_standard_output(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", ENTRY["bazaar"], "export", BAZAAR, "-o", "-"],
        capture_output=True,
        cwd=tmp_path,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout.startswith(b"bazaar save 1\n")) == (0, True)
    assert list(tmp_path.iterdir()) == []
