"""`watan play --resume`: a journal goes on from exactly where it stands, whatever stopped it.

Journals are the sample turns of `test_definition` (its list says what each of
the eleven events is), cut back with `rewind` to the moment under test.
"""

from __future__ import annotations

import io
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from click.testing import CliRunner, Result

from replay import JournalError, JournalLocked, JournalWriter
from replay import recorder as toolkit_recorder
from replay.history import rewind_back
from tests.conftest import WATAN, at_step, read_journal, reference
from tests.test_definition import (
    HEADER,
    NEW_HEADER,
    SAMPLE,
    SAMPLE_EVENTS,
    SAMPLE_LINES,
    WIN_SAVE,
    fold,
)
from watan import definition
from watan.cli.app import main
from watan.engine.events import (
    AnyEvent,
    DiceChosen,
    DiceRolled,
    GameResumed,
    GameStarted,
    ResourcesProduced,
    TurnEnded,
)
from watan.engine.state import Colour
from watan.match.making import Log, resume
from watan.match.options import Options
from watan.terminal.console import Streams, play_games

BLUE, RED, ORANGE = Colour.BLUE, Colour.RED, Colour.ORANGE

RED_BEFORE_THE_ROLL = (
    "Student Red's turn.\n"
    "Red has 3 course criteria, 0 caffeines, 0 labs, 0 lectures, 0 studies, and 0 tutorials.\n"
)


class Played(msgspec.Struct):
    status: int
    stdout: str
    stderr: str


def play(options: Options, lines: str) -> None:
    streams = Streams(io.BytesIO(lines.encode()), io.StringIO(), io.StringIO())
    play_games(options, streams)


def resume_and_play(path: str, lines: str, seed: int = 5) -> Played:
    """Do what `watan play --resume PATH -seed SEED` does, with `lines` as input."""
    out, err = io.StringIO(), io.StringIO()
    resumed = resume(path, Log(err), seed=seed)
    status = play_games(resumed, Streams(io.BytesIO(lines.encode()), out, err))
    return Played(status=status, stdout=out.getvalue(), stderr=err.getvalue())


@pytest.fixture
def sample(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[int], str]:
    """Return a maker of the sample journal rewound to a step, in a fresh working folder."""
    monkeypatch.chdir(tmp_path)
    play(
        Options(seed=3, loaded=SAMPLE, journal="game.jsonl", edition=WATAN, rules=WATAN.rules),
        SAMPLE_LINES,
    )

    def at(step: int) -> str:
        path = f"at-{step}.jsonl"
        rewind_back(definition.WATAN, "game.jsonl", step, path)
        return path

    return at


def events_of(path: str) -> tuple[GameStarted, tuple[AnyEvent, ...]]:
    journal = read_journal(path)
    assert journal.torn_tail is None
    return journal.header, journal.events


def run(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


# Where play goes on ----------------------------------------------------------------------------


def test_before_the_roll_play_goes_on_at_the_turn_header(sample: Callable[[int], str]) -> None:
    path = sample(7)  # Blue has passed; Red's dice are fair
    played = resume_and_play(path, "")
    assert (played.status, played.stdout) == (0, RED_BEFORE_THE_ROLL + "> ")
    assert played.stderr == ""


def test_resumed_play_appends_the_resumption_then_the_new_events_and_verifies(
    sample: Callable[[int], str],
) -> None:
    path = sample(7)
    played = resume_and_play(path, "load\nroll\n10\nnext\n", seed=5)
    assert played.stdout == (
        RED_BEFORE_THE_ROLL + "> > Input a roll between 2 and 12:\n"
        "> Student Orange gained:\n2 STUDY\n"
        "> Student Orange's turn.\n"
        "Orange has 3 course criteria, 5 caffeines, 0 labs, 0 lectures, 3 studies, "
        "and 0 tutorials.\n> "
    )
    expected = (*SAMPLE_EVENTS[:7], GameResumed(seed=5), *SAMPLE_EVENTS[7:])
    assert events_of(path) == (HEADER, expected)
    assert at_step(path).state == fold(HEADER, SAMPLE_EVENTS)


def test_after_the_roll_play_goes_on_at_the_turn_header_and_commands_work(
    sample: Callable[[int], str],
) -> None:
    path = sample(5)  # Blue has rolled 7, moved the geese and stolen a LECTURE
    played = resume_and_play(path, "trade orange study caffeine\nyes\nnext\n")
    assert played.stdout == (
        "Student Blue's turn.\n"
        "Blue has 7 course criteria, 0 caffeines, 0 labs, 1 lectures, 5 studies, "
        "and 0 tutorials.\n"
        "> Blue offers Orange one STUDY for one CAFFEINE.\n"
        "Does Orange accept this offer?\n"
        "> > " + RED_BEFORE_THE_ROLL + "> "
    )
    assert events_of(path)[1] == (*SAMPLE_EVENTS[:5], GameResumed(seed=5), *SAMPLE_EVENTS[5:7])


def test_at_the_geese_play_goes_on_with_the_geese_question(sample: Callable[[int], str]) -> None:
    path = sample(3)  # the 7 is rolled and Orange has lost half
    played = resume_and_play(path, "9\nYellow\n")
    assert played.stdout == (
        "Choose where to place the GEESE.\n"
        "> Student Blue can choose to steal from Yellow.\n"
        "Choose a student to steal from.\n"
        "> Student Blue steals LECTURE from student Yellow.\n> "
    )


def test_in_setup_play_goes_on_with_the_next_students_placement(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    play(Options(
        seed=1, board=NEW_HEADER.board, journal="setup.jsonl", edition=WATAN, rules=WATAN.rules
    ), "8\n16\n24\n")
    # Blue, Red and Orange have placed; Yellow places the fourth and the fifth (spec §4.1).
    played = resume_and_play("setup.jsonl", "31\n")
    question = "Student Yellow, where do you want to complete an Assignment?\n> "
    assert (played.status, played.stdout) == (0, question + question)
    assert not Path("backup.sv").exists()


def test_loaded_dice_stay_loaded_after_resuming(sample: Callable[[int], str]) -> None:
    path = sample(1)  # Blue has loaded the dice and not rolled
    played = resume_and_play(path, "roll\n8\n")
    # Roll 8: tile 8 holds the geese; tile 11 (LAB 8) pays Blue's two Exams and Red's Midterm.
    assert played.stdout == (
        "Student Blue's turn.\n"
        "Blue has 7 course criteria, 0 caffeines, 0 labs, 0 lectures, 5 studies, "
        "and 0 tutorials.\n"
        "> Input a roll between 2 and 12:\n"
        "> Student Blue gained:\n6 LAB\nStudent Red gained:\n2 LAB\n> "
    )


@pytest.fixture
def won(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> bytes:
    """Return the journal `won.jsonl` of a game Blue has just won, in the working folder."""
    monkeypatch.chdir(tmp_path)
    play(
        Options(seed=1, loaded=WIN_SAVE, journal="won.jsonl", edition=WATAN, rules=WATAN.rules),
        "load\nroll\n12\nimprove 30\n",
    )
    return Path("won.jsonl").read_bytes()


def test_a_finished_game_asks_whether_to_play_again(won: bytes) -> None:
    played = resume_and_play("won.jsonl", "maybe\nno\n")
    assert (played.status, played.stdout) == (
        0,
        "Would you like to play again?\n> Would you like to play again?\n> ",
    )
    assert Path("won.jsonl").read_bytes() == won


def test_a_finished_game_resumed_then_ended_at_play_again_keeps_its_journal_byte_for_byte(
    won: bytes,
) -> None:
    played = resume_and_play("won.jsonl", "")  # end of input at `play again`
    assert (played.status, played.stdout) == (0, "Would you like to play again?\n> ")
    assert Path("won.jsonl").read_bytes() == won
    assert list(Path(".").glob("journals/*")) == []


def test_a_resumed_game_plays_again_into_a_fresh_journal(won: bytes) -> None:
    played = resume_and_play("won.jsonl", "yes\n8\n")
    assert played.stdout == (
        "Would you like to play again?\n"
        "> Student Blue, where do you want to complete an Assignment?\n"
        "> Student Red, where do you want to complete an Assignment?\n> "
    )
    [fresh] = Path("journals").iterdir()
    header, events = events_of(str(fresh))
    assert (header.game, header.seed, header.loaded, len(events)) == (2, 5, None, 1)
    assert Path("won.jsonl").read_bytes() == won


# A journal cut short, in use, or asked for with other options -------------------------------


def test_a_torn_last_line_is_set_aside_with_one_warning_and_the_rest_kept(
    sample: Callable[[int], str],
) -> None:
    path = sample(7)
    whole = Path(path).read_bytes()
    with open(path, "ab") as file:
        file.write(b'{"type":"dice_cho')
    played = resume_and_play(path, "")
    assert played.stderr == (
        f"watan: {path}: its last line was cut off mid-write; "
        f"the partial line was set aside in {path}.torn\n"
    )
    assert Path(f"{path}.torn").read_bytes() == b'{"type":"dice_cho\n'
    assert Path(path).read_bytes() == whole + b'{"type":"game_resumed","seed":5}\n'
    assert played.stdout == RED_BEFORE_THE_ROLL + "> "


def test_a_torn_journal_that_breaks_the_rules_is_refused_and_left_untouched(
    sample: Callable[[int], str],
) -> None:
    path = sample(7)
    lines = Path(path).read_bytes().splitlines(keepends=True)
    broken = b"".join([*lines, lines[-1]]) + b'{"type":"dice_cho'  # Blue ends a turn twice
    Path(path).write_bytes(broken)
    with pytest.raises(JournalError) as refused:
        resume(path, Log(io.StringIO()), seed=5)
    assert str(refused.value) == (
        f"{path}: line 9: Blue ended their turn: not possible at this point of the game "
        f"(to play on from before that command: watan rewind {path} --to 7)"
    )
    assert (Path(path).read_bytes(), Path(f"{path}.torn").exists()) == (broken, False)


def test_a_journal_another_process_is_playing_is_refused(sample: Callable[[int], str]) -> None:
    path = sample(7)
    before = Path(path).read_bytes()
    with JournalWriter[GameStarted, AnyEvent].open_existing(path):
        with pytest.raises(JournalLocked) as caught:
            resume(path, Log(io.StringIO()), seed=5)
        assert str(caught.value) == f"{path}: is in use by another process"
        result = run("play", "--resume", path)
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        f"watan: {path}: is in use by another process\n",
    )
    assert Path(path).read_bytes() == before


def test_resuming_holds_the_lock_from_before_the_read_to_the_last_append(
    sample: Callable[[int], str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a resumed journal is read, checked and repaired, nobody may rewind or resume it."""
    path = sample(7)
    whole = Path(path).read_bytes()
    with open(path, "ab") as file:
        file.write(b'{"type":"dice_cho')  # so that the resumption repairs it, under the lock
    during: list[tuple[int, str]] = []
    check = toolkit_recorder._sound

    def checked_while_others_try(*args: Any) -> Any:
        for others in (["rewind", path, "--to", "7", "--in-place"], ["play", "--resume", path]):
            tried = run(*others)
            during.append((tried.exit_code, tried.stderr))
        return check(*args)

    monkeypatch.setattr(toolkit_recorder, "_sound", checked_while_others_try)
    played = resume_and_play(path, "")
    assert during == [(2, f"watan: {path}: is in use by another process\n")] * 2
    assert played.status == 0
    assert Path(path).read_bytes() == whole + b'{"type":"game_resumed","seed":5}\n'


@pytest.mark.parametrize(
    "options",
    [["-load", "game.sv"], ["-board", "board.txt"], ["--journal", "other.jsonl"]],
    ids=["load", "board", "journal"],
)
def test_resume_with_a_file_of_another_game_is_one_line(options: list[str]) -> None:
    result = run("play", "--resume", "game.jsonl", *options)
    assert (result.exit_code, result.stdout, result.stderr) == (
        2,
        "",
        "watan: --resume continues a journal; it cannot be combined with -load, -board or "
        "--journal\n",
    )


def test_resume_through_the_command_line(sample: Callable[[int], str]) -> None:
    path = sample(7)
    result = run("play", "--resume", path, "-seed", "8", stdin="status\n")
    status = (
        "Blue has 7 course criteria, 1 caffeines, 0 labs, 1 lectures, 4 studies, and 0 tutorials.\n"
        "Red has 3 course criteria, 0 caffeines, 0 labs, 0 lectures, 0 studies, and 0 tutorials.\n"
        "Orange has 3 course criteria, 5 caffeines, 0 labs, 0 lectures, 1 studies, "
        "and 0 tutorials.\n"
        "Yellow has 2 course criteria, 0 caffeines, 0 labs, 2 lectures, 0 studies, "
        "and 0 tutorials.\n"
    )
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        RED_BEFORE_THE_ROLL + "> " + status + "> ",
        "",
    )
    assert events_of(path)[1][-1] == GameResumed(seed=8)


# A real process, killed ------------------------------------------------------------------------


def wait_for_lines(path: Path, count: int, process: subprocess.Popen[bytes]) -> None:
    """Wait until the journal holds `count` whole lines (the process flushes each command)."""
    deadline = time.monotonic() + 20
    while not (path.exists() and path.read_bytes().count(b"\n") == count):
        assert process.poll() is None, "the game ended early"
        assert time.monotonic() < deadline, path.read_bytes() if path.exists() else "no journal"
        time.sleep(0.01)


def test_a_killed_game_resumes_from_its_last_accepted_command(tmp_path: Path) -> None:
    (tmp_path / "start.sv").write_text(reference("sample-save.sv"))
    journal = tmp_path / "game.jsonl"
    game = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "watan",
            "-seed",
            "1",
            "-load",
            "start.sv",
            "--journal",
            "game.jsonl",
        ],
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    assert game.stdin is not None
    try:
        # Blue loads and rolls 8; Blue passes; Red loads and types `roll`, then is killed
        # before giving the value: that roll was never accepted.
        for lines, count in [(b"load\n", 2), (b"roll\n8\n", 5), (b"next\n", 6), (b"load\n", 7)]:
            game.stdin.write(lines)
            game.stdin.flush()
            wait_for_lines(journal, count, game)
        game.stdin.write(b"roll\n")
        game.stdin.flush()
        second = run("play", "--resume", str(journal))
        assert (second.exit_code, second.stderr) == (
            2,
            f"watan: {journal}: is in use by another process\n",
        )
    finally:
        game.kill()
        game.wait()
        game.stdin.close()
    resumed = subprocess.run(
        [sys.executable, "-m", "watan", "play", "--resume", "game.jsonl", "-seed", "2"],
        cwd=tmp_path,
        input=b"roll\n5\n",
        capture_output=True,
        check=False,
    )
    # Red's dice are still loaded. Roll 5: tile 2 (STUDY 5) pays Orange's Midterm at 16,
    # tile 13 (LAB 5) Blue's Assignment at 30 and Exam at 37.
    assert (resumed.returncode, resumed.stdout.decode()) == (
        0,
        "Student Red's turn.\n"
        "Red has 3 course criteria, 0 caffeines, 2 labs, 0 lectures, 0 studies, "
        "and 0 tutorials.\n"
        "> Input a roll between 2 and 12:\n"
        "> Student Blue gained:\n4 LAB\nStudent Orange gained:\n2 STUDY\n> ",
    )
    header, events = events_of(str(journal))
    assert header == GameStarted(
        edition=WATAN.name, rules=WATAN.rules, seed=1, board=SAMPLE.board, loaded=SAMPLE.position
    )
    assert events == (
        DiceChosen(colour=BLUE, loaded=True),
        DiceRolled(colour=BLUE, roll=8),
        ResourcesProduced(colour=BLUE, gained=(0, 6, 0, 0, 0)),
        ResourcesProduced(colour=RED, gained=(0, 2, 0, 0, 0)),
        TurnEnded(colour=BLUE),
        DiceChosen(colour=RED, loaded=True),
        GameResumed(seed=2),
        DiceRolled(colour=RED, roll=5),
        ResourcesProduced(colour=BLUE, gained=(0, 4, 0, 0, 0)),
        ResourcesProduced(colour=ORANGE, gained=(0, 0, 0, 2, 0)),
    )
    assert at_step(str(journal)).events == events


def test_a_journal_missing_only_its_last_newline_resumes(sample: Callable[[int], str]) -> None:
    path = sample(7)
    whole = Path(path).read_bytes()
    Path(path).write_bytes(whole[:-1])
    played = resume_and_play(path, "")
    assert played.stdout == RED_BEFORE_THE_ROLL + "> "
    assert Path(path).read_bytes() == whole + b'{"type":"game_resumed","seed":5}\n'
