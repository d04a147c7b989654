"""What the programs write: an output that fails, and files nobody named (issue 23, points 1, 6).

Every program (watan, constructor, bazaar), whatever the command, says in one line that its
output cannot be written and exits 1, as the game does; a save to the program's own
standard output writes into the stream; a page, a backup, never replaces through a planted
link or a file that is not an earlier one of its own kind.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

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
