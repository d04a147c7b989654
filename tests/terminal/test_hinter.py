"""Hints at the terminal: said on standard error for the person at the keyboard, never on
standard output, and never at all in a piped session.

The sessions are the spec's sample save (Blue holds 5 STUDY; a loaded 8 gives Blue 6 LAB
and Red 2 LAB, as `test_reliability_eof` works out) and new games on spec Figure 1's
board.
"""

from __future__ import annotations

import io
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT, WATAN, reference
from tests.terminal.test_console import SAMPLE_BOARD, SAMPLE_SAVE, SETUP, Played
from tests.terminal.test_resume import resume_and_play
from watan.engine.state import Colour
from watan.match.making import Log, resume
from watan.match.options import Options
from watan.terminal.console import Streams, play_games
from watan.terminal.hinter import Level

BOARD = reference("board-figure1.txt")
GUIDE = (
    "Answer with the number of a free criterion (0-53) for Blue's Assignment: none of the "
    "criteria next to it may be taken. `board` shows the board.\n"
)
TURN = (
    "load\nroll\n8\ncomplete 20\nachieve 35\ndance\nsave x.sv\n"
)
"""Blue loads the dice and rolls 8, then tries two builds, a word that is no command, and a
save; then input ends."""


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def play(options: Options, lines: str, hinting: Level = Level.OFF) -> Played:
    out, err = io.StringIO(), io.StringIO()
    status = play_games(options, Streams(io.BytesIO(lines.encode()), out, err), hinting)
    return Played(status=status, stdout=out.getvalue(), stderr=err.getvalue())


def test_a_turn_at_the_terminal_is_explained_on_standard_error() -> None:
    options = Options(
        edition=WATAN, rules=WATAN.rules, seed=1, loaded=SAMPLE_SAVE, journal="g.jsonl",    )
    hinted = play(options, TURN, Level.AT_TERMINAL)
    assert hinted.stderr == (
        "Blue chose loaded dice.\n"
        "Criterion 20 is taken: it is Yellow's Assignment.\n"
        # RULINGS 23: a goal costs 1 STUDY and 1 TUTORIAL; Blue holds 6 LAB and 5 STUDY.
        "A goal costs 1 STUDY, 1 TUTORIAL; Blue lacks 1 TUTORIAL.\n"
        "Type help for the list of commands.\n"
        "Saved the game to x.sv.\n"
        "End of input: the game is kept in g.jsonl and backup.sv; play on with "
        "`watan play --resume g.jsonl`.\n"
    )


def test_with_hints_asked_for_the_affordable_builds_are_said_after_the_roll() -> None:
    hinted = play(Options(
        edition=WATAN, rules=WATAN.rules, seed=1, loaded=SAMPLE_SAVE, journal="g.jsonl"
    ), TURN, Level.ALL)
    assert hinted.stderr.splitlines()[:2] == [
        "Blue chose loaded dice.",
        "Blue can afford no build yet.",  # 6 LAB and 5 STUDY buy nothing (RULINGS 23)
    ]


def test_hints_never_touch_standard_output_and_a_piped_session_has_none() -> None:
    hinted = play(Options(
        edition=WATAN, rules=WATAN.rules, seed=1, loaded=SAMPLE_SAVE, journal="a.jsonl"
    ), TURN, Level.ALL)
    piped = play(Options(
        edition=WATAN, rules=WATAN.rules, seed=1, loaded=SAMPLE_SAVE, journal="b.jsonl"
    ), TURN)
    assert (piped.status, piped.stderr) == (0, "")
    assert piped.stdout == hinted.stdout
    assert Path("a.jsonl").read_bytes() == Path("b.jsonl").read_bytes()


MISTAKES = "help\nload\nroll\n8\ntrade Purple LAB STUDY\ntrade Red COFFEE LAB\ntrade Red LAB\n"
"""Blue asks for help before the roll, rolls a loaded 8, then mistypes three trades."""


def test_help_and_mistyped_trades_are_explained_on_standard_error_only() -> None:
    def options(journal: str) -> Options:
        return Options(edition=WATAN, rules=WATAN.rules, seed=1, loaded=SAMPLE_SAVE,
                       journal=journal)

    hinted = play(options("a.jsonl"), MISTAKES, Level.ALL)
    piped = play(options("b.jsonl"), MISTAKES)
    assert piped.stdout == hinted.stdout
    assert hinted.stderr.splitlines()[:1] + hinted.stderr.splitlines()[3:6] == [
        "Now, before the roll: roll (Blue's dice are fair), load to choose each roll (2-12), "
        "fair for two dice; board, status, criteria, save <file> and help at any time. "
        "Building, trading and next come after the roll.",
        "'Purple' is not a student to trade with: Red, Orange or Yellow.",
        "'COFFEE' is no resource: the resources are CAFFEINE, LAB, LECTURE, STUDY, TUTORIAL.",
        "Type trade Red <give> <take>: one resource to give, one to take; the resources are "
        "CAFFEINE, LAB, LECTURE, STUDY, TUTORIAL.",
    ]


def test_setup_shows_the_board_before_the_first_question_and_answers_board_and_help() -> None:
    hinted = play(
        Options(
            edition=WATAN, rules=WATAN.rules, seed=1, board=SAMPLE_BOARD, journal="g.jsonl"
        ),
        "board\nhelp\n8\n16\n",
        Level.AT_TERMINAL,
    )
    piped = play(Options(
        edition=WATAN, rules=WATAN.rules, seed=1, board=SAMPLE_BOARD, journal="h.jsonl"
    ), "board\nhelp\n8\n16\n")
    assert hinted.stdout == piped.stdout  # the spec's `You cannot build here.` twice
    assert hinted.stdout.count("You cannot build here.\n") == 2
    assert hinted.stderr == (
        BOARD
        + GUIDE
        + BOARD
        + GUIDE
        + "Blue completed an Assignment at 8.\n"
        "Red completed an Assignment at 16.\n"
        "End of input: the game is kept in g.jsonl; play on with "
        "`watan play --resume g.jsonl`.\n"
    )


def test_with_hints_setup_adds_the_odds_and_the_best_places_before_each_question() -> None:
    hinted = play(
        Options(edition=WATAN, rules=WATAN.rules, seed=1, board=SAMPLE_BOARD, journal="g.jsonl"),
        "31\n",
        Level.ALL,
    )
    assert hinted.stderr.startswith(BOARD)
    odds, guide, best, done, best_next = hinted.stderr.removeprefix(BOARD).splitlines()[:5]
    assert odds.startswith("How often a tile's value comes up on two fair dice: 6 and 8 5/36")
    assert guide == GUIDE.strip()
    assert best.startswith("Best for Blue by production, then variety: 31 (")
    assert done == "Blue completed an Assignment at 31."
    assert best_next.startswith("Best for Red by production, then variety: 38 (")


def test_a_refused_placement_says_why() -> None:
    hinted = play(
        Options(
            edition=WATAN, rules=WATAN.rules, seed=1, board=SAMPLE_BOARD, journal="g.jsonl"
        ),
        "8\n8\n9\n",
        Level.AT_TERMINAL,
    )
    # Criterion 9 is next to 8 (topology.json: vertex 8's neighbours are 3, 9 and 14).
    assert hinted.stderr.splitlines()[-3:-1] == [
        "Criterion 8 is taken: it is Blue's Assignment.",
        "Criterion 8, next to criterion 9, is taken: it is Blue's Assignment.",
    ]


def test_the_board_is_shown_before_the_persons_first_question_not_a_computers() -> None:
    options = Options(
        edition=WATAN,
        rules=WATAN.rules,
        seed=3,
        board=SAMPLE_BOARD,
        journal="g.jsonl",
        seats=((Colour.BLUE, "greedy"),),  # Blue is a computer; Red, Orange and Yellow are people
        computers=True,
    )
    hinted = play(options, "", Level.AT_TERMINAL)
    said = hinted.stderr
    assert said.startswith(BOARD.splitlines()[0])  # the board, after Blue's placement
    assert "Blue completed" not in said  # the computer's typing shows what it did
    assert said.splitlines()[41] == GUIDE.replace("Blue", "Red").rstrip("\n")


def test_a_resumed_game_says_where_it_stands() -> None:
    play(Options(
        edition=WATAN, rules=WATAN.rules, seed=1, loaded=SAMPLE_SAVE, journal="g.jsonl"
    ), "load\nroll\n8\n")
    out, err = io.StringIO(), io.StringIO()
    resumed = resume("g.jsonl", Log(err), seed=5)
    play_games(resumed, Streams(io.BytesIO(b""), out, err), Level.AT_TERMINAL)
    assert err.getvalue().splitlines()[0] == (
        "Blue has rolled 8; commands after the roll (help lists them)."
    )
    quiet = resume_and_play("g.jsonl", "")
    assert quiet.stderr == ""


def test_a_persons_turn_starts_with_a_recap_of_the_computers_turns() -> None:
    def options(journal: str) -> Options:
        return Options(
            edition=WATAN, rules=WATAN.rules, seed=8, board=SAMPLE_BOARD, journal=journal,
            seats=((Colour.RED, "greedy"), (Colour.ORANGE, "expert"), (Colour.YELLOW, "random")),
        )

    lines = "8\n16\nload\nroll\n6\nnext\n"
    hinted = play(options("a.jsonl"), lines, Level.AT_TERMINAL)
    piped = play(options("b.jsonl"), lines)
    assert hinted.stdout == piped.stdout
    recaps = hinted.stderr.split("Since Blue's last turn:\n")[1:]
    assert len(recaps) == 2  # after setup, and after Blue's first turn
    # Checked against standard output: Red loads, rolls 8 and achieves 38; Orange loads,
    # rolls 12 and achieves 26; Yellow loads, rolls 5 (Blue's 1 STUDY) and makes two offers,
    # both declined.
    assert recaps[1].split("End of input")[0] == (
        "  Red's turn: Red chose loaded dice; Red rolled 8 (loaded); Red achieved goal 38.\n"
        "  Orange's turn: Orange chose loaded dice; Orange rolled 12 (loaded); Orange achieved "
        "goal 26.\n"
        "  Yellow's turn: Yellow chose loaded dice; Yellow rolled 5 (loaded); Orange declined "
        "Yellow's offer of one TUTORIAL for one LECTURE; Red declined Yellow's offer of one LAB "
        "for one LECTURE.\n"
        "  In all, Blue gained 1 STUDY.\n"
    )


def test_people_alone_at_one_terminal_get_no_recap() -> None:
    # Each saw the others' turns as they were played: Blue and Red take a turn each.
    hinted = play(Options(
        edition=WATAN, rules=WATAN.rules, seed=1, loaded=SAMPLE_SAVE, journal="g.jsonl"
    ), "load\nroll\n8\nnext\nload\nroll\n8\nnext\n", Level.ALL)
    assert "Student Orange's turn." in hinted.stdout
    assert "Since" not in hinted.stderr


def test_end_of_input_before_anything_was_played_says_nothing_was_kept() -> None:
    hinted = play(Options(
        edition=WATAN, rules=WATAN.rules, seed=1, board=SAMPLE_BOARD, journal="g.jsonl"
    ), "", Level.AT_TERMINAL)
    nothing = "End of input: nothing was played, so nothing is kept.\n"
    assert hinted.stderr == BOARD + GUIDE + nothing
    assert not Path("g.jsonl").exists()


def test_end_of_input_after_setup_names_the_journal_and_the_backup() -> None:
    hinted = play(Options(
        edition=WATAN, rules=WATAN.rules, seed=1, board=SAMPLE_BOARD, journal="g.jsonl"
    ), SETUP, Level.ALL)
    assert hinted.stderr.splitlines()[-1] == (
        "End of input: the game is kept in g.jsonl and backup.sv; play on with "
        "`watan play --resume g.jsonl`."
    )


# A real program: piped, and at a real terminal --------------------------------------------------

PIPED_SESSION = (
    "board\nhelp\n" + SETUP + "load\nroll\n8\ncomplete 20\nachieve 0\ndance\nsave x.sv\n"
)
"""Words the spec refuses at setup, the eight placements, then a turn full of refusals."""


def watan(args: list[str], lines: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "watan", *args],
        input=lines,
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
        timeout=60,
    )


def test_a_piped_session_writes_nothing_extra_on_either_stream(tmp_path: Path) -> None:
    Path("b.txt").write_text(reference("sample-board.txt"))
    args = ["-seed", "1", "-board", "b.txt"]
    piped = watan([*args, "--journal", "a.jsonl"], PIPED_SESSION, tmp_path)
    hinted = watan([*args, "--journal", "b.jsonl", "--hints"], PIPED_SESSION, tmp_path)
    assert (piped.returncode, piped.stderr) == (0, "")
    assert hinted.stdout == piped.stdout  # hints go to standard error only
    assert "None of Blue's goals leads to criterion 20.\n" in hinted.stderr
    assert hinted.stderr.count("\n") > 60  # the board twice, and every confirmation
    assert piped.stdout.count("You cannot build here.\n") == 4


class Screen:
    """A program running at a pseudo-terminal: everything it shows, and typing into it."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        self.master, slave = pty.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "watan", *args],
            stdin=slave, stdout=slave, stderr=slave, cwd=cwd, close_fds=True,
            env={**os.environ, "PYTHONPATH": str(ROOT), "TERM": "dumb"},
        )
        os.close(slave)
        self.shown = ""

    def wait_for(self, text: str, seconds: float = 30) -> str:
        """Return what the screen showed up to and including `text` (and forget it)."""
        deadline = time.monotonic() + seconds
        while text not in self.shown:
            left = deadline - time.monotonic()
            assert left > 0, f"{text!r} never came; the screen shows {self.shown[-500:]!r}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    self.shown += os.read(self.master, 65536).decode(errors="replace")
                except OSError:  # the program ended
                    break
        assert text in self.shown, self.shown[-500:]
        seen, _, self.shown = self.shown.partition(text)
        return seen + text

    def type(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\n")

    def end_input(self) -> None:
        os.write(self.master, b"\x04")  # Ctrl-D at the start of a line: end of input

    def close(self) -> int:
        """Return the program's exit status once it has ended."""
        status = self.process.wait(timeout=30)
        os.close(self.master)
        return status


def test_the_first_turns_at_a_real_terminal_show_the_hints(tmp_path: Path) -> None:
    (tmp_path / "b.txt").write_text(reference("sample-board.txt"))
    screen = Screen(["-seed", "1", "-board", "b.txt", "--journal", "g.jsonl"], tmp_path)
    first = screen.wait_for("Student Blue, where do you want to complete an Assignment?")
    assert "|52|--71--|53|" in first  # the board, before the first question
    assert "Answer with the number of a free criterion (0-53)" in first
    screen.type("board")
    after = screen.wait_for("Student Blue, where do you want to complete an Assignment?")
    assert after.index("You cannot build here.") < after.index("|52|--71--|53|")
    for place in SETUP.split():
        screen.type(place)
    screen.wait_for("Blue completed an Assignment at 27.")
    screen.wait_for("Student Blue's turn.")
    screen.type("load")
    screen.wait_for("Blue chose loaded dice.")
    screen.type("roll")
    screen.wait_for("Input a roll between 2 and 12:")
    screen.type("6")
    screen.type("complete 20")
    refused = screen.wait_for("You cannot build here.")
    assert refused  # the spec's line, then why
    screen.wait_for("None of Blue's goals leads to criterion 20.")
    screen.type("achieve 22")
    screen.wait_for("> ")
    screen.end_input()
    screen.wait_for("End of input: the game is kept in g.jsonl and backup.sv; play on with "
                    "`watan play --resume g.jsonl`.")
    assert screen.close() == 0


@pytest.mark.slow  # a game at a real terminal (pty)
def test_at_a_real_terminal_a_computer_waits_its_pace_and_enter_goes_on(tmp_path: Path) -> None:
    (tmp_path / "b.txt").write_text(reference("sample-board.txt"))
    computers = ["--computer", "Red=greedy", "--computer", "Orange=greedy", "--computer",
                 "Yellow=greedy"]
    args = ["-seed", "1", "-board", "b.txt", "--journal", "g.jsonl", "--pace", "60", *computers]
    screen = Screen(args, tmp_path)
    screen.wait_for("Student Blue, where do you want to complete an Assignment?")
    screen.type("8")
    screen.wait_for("Blue completed an Assignment at 8.")
    waiting = time.monotonic() + 1
    while time.monotonic() < waiting:  # a minute's pace: Red's question does not come yet
        ready, _, _ = select.select([screen.master], [], [], waiting - time.monotonic())
        if ready:
            screen.shown += os.read(screen.master, 65536).decode(errors="replace")
    assert "Student Red, where" not in screen.shown
    for computer in ("Red", "Orange", "Yellow", "Yellow", "Orange", "Red"):
        screen.type("")  # Enter: the computer goes on at once
        screen.wait_for(f"Student {computer}, where do you want to complete an Assignment?")
    screen.wait_for("Student Blue, where do you want to complete an Assignment?")
    screen.end_input()
    assert screen.close() == 0
