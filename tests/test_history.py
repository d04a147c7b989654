"""Looking back at a Watan journal: the toolkit's history (`replay.history`) with Watan's
definition: the game at any step, checked, listed under its turns, and rewound.

The journal is the one the sample turns of `test_definition` write when played
through the real loop: eleven events, in eight commands (the list there
says what each event is and why).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest

from replay import JournalError, JournalLocked, JournalWriter
from replay import history as toolkit
from replay.history import Checked, Moment
from tests.cli.test_tools import LISTING
from tests.conftest import ROOT, WATAN, at_step
from tests.test_definition import (
    HEADER,
    NEW_HEADER,
    SAMPLE,
    SAMPLE_EVENTS,
    SAMPLE_LINES,
    fold,
)
from watan import definition
from watan.engine.events import AnyEvent, GameResumed, GameStarted
from watan.match.options import Options
from watan.terminal.console import Streams, play_games

GAME = definition.WATAN
"""Watan as the toolkit sees it."""


@pytest.fixture
def journal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Play the sample turns into `game.jsonl` in a fresh working folder; return its name."""
    monkeypatch.chdir(tmp_path)
    streams = Streams(io.BytesIO(SAMPLE_LINES.encode()), io.StringIO(), io.StringIO())
    play_games(
        Options(seed=3, loaded=SAMPLE, journal="game.jsonl", edition=WATAN, rules=WATAN.rules),
        streams,
    )
    return "game.jsonl"


def lines_of(path: str) -> list[bytes]:
    return Path(path).read_bytes().splitlines(keepends=True)


def replace_line(path: str, number: int, text: bytes) -> None:
    """Replace line `number` (1-based; event N is line N + 1) of a journal."""
    lines = lines_of(path)
    lines[number - 1] = text
    Path(path).write_bytes(b"".join(lines))


def error_of(path: str, to: int | None = None) -> str:
    with pytest.raises(JournalError) as caught:
        at_step(path, to)
    return str(caught.value)


# load ----------------------------------------------------------------------------------------


def test_loading_a_whole_journal_gives_its_header_events_and_final_game(journal: str) -> None:
    assert at_step(journal) == Moment(
        header=HEADER, events=SAMPLE_EVENTS, state=fold(HEADER, SAMPLE_EVENTS)
    )


def test_loading_to_step_n_gives_the_first_n_events_and_their_fold(journal: str) -> None:
    for step in range(len(SAMPLE_EVENTS) + 1):
        events = SAMPLE_EVENTS[:step]
        assert at_step(journal, step) == Moment(
            header=HEADER, events=events, state=fold(HEADER, events)
        ), step


def test_a_step_past_the_end_names_the_last_event(journal: str) -> None:
    assert error_of(journal, 12) == "game.jsonl: there is no step 12: the last event is 11"


def test_a_negative_step_says_steps_start_at_zero(journal: str) -> None:
    assert error_of(journal, -1) == "game.jsonl: there is no step -1: steps start at 0"


def test_a_step_inside_a_command_is_checked_with_the_whole_command(journal: str) -> None:
    # Event 10 (line 11) is the production of Red's roll, event 9: a wrong amount there
    # is found when looking at step 9, though step 9 itself comes before it.
    replace_line(journal, 11, b'{"type":"resources_produced","colour":2,"gained":[0,0,0,3,0]}\n')
    expected = (
        "game.jsonl: line 11: the rules give 'Orange gained 2 STUDY' here, "
        "not 'Orange gained 3 STUDY'"
    )
    assert error_of(journal, 9) == expected
    assert at_step(journal, 8).state == fold(HEADER, SAMPLE_EVENTS[:8])


def test_only_the_lines_up_to_the_step_are_read(journal: str) -> None:
    replace_line(journal, 12, b"this line is not JSON\n")
    assert at_step(journal, 5) == Moment(
        header=HEADER, events=SAMPLE_EVENTS[:5], state=fold(HEADER, SAMPLE_EVENTS[:5])
    )
    assert error_of(journal).startswith("game.jsonl: line 12: event is not valid JSON")


def test_a_torn_last_line_is_left_out_and_its_line_reported(journal: str) -> None:
    whole = at_step(journal)
    with open(journal, "ab") as file:
        file.write(b'{"type":"dice_ch')
    assert at_step(journal) == msgspec.structs.replace(whole, torn_line=13)
    assert at_step(journal, 11) == msgspec.structs.replace(whole, torn_line=13)
    assert at_step(journal, 10).torn_line is None  # never read that far


def checked_error(path: str, to: int | None = None) -> str:
    with pytest.raises(JournalError) as raised:
        toolkit.check(GAME, path, to)
    return str(raised.value)


def test_checking_as_a_stream_gives_what_loading_does_without_the_events(journal: str) -> None:
    for step in [*range(len(SAMPLE_EVENTS) + 1), None]:
        loaded = at_step(journal, step)
        assert toolkit.check(GAME, journal, step) == Checked(
            header=HEADER, events=len(loaded.events), state=loaded.state
        ), step


def test_checking_as_a_stream_finds_the_problems_loading_finds(journal: str) -> None:
    assert checked_error(journal, 12) == error_of(journal, 12)
    assert checked_error(journal, -1) == error_of(journal, -1)
    replace_line(journal, 11, b'{"type":"resources_produced","colour":2,"gained":[0,0,0,3,0]}\n')
    assert checked_error(journal, 9) == error_of(journal, 9)
    assert checked_error(journal).startswith("game.jsonl: line 11: the rules give")
    assert toolkit.check(GAME, journal, 8).state == fold(HEADER, SAMPLE_EVENTS[:8])


def test_checking_as_a_stream_reads_only_to_the_step_and_reports_a_torn_line(
    journal: str,
) -> None:
    whole = toolkit.check(GAME, journal)
    with open(journal, "ab") as file:
        file.write(b'{"type":"dice_ch')
    assert toolkit.check(GAME, journal) == msgspec.structs.replace(whole, torn_line=13)
    assert toolkit.check(GAME, journal, 10).torn_line is None  # never read that far
    replace_line(journal, 12, b"this line is not JSON\n")
    assert toolkit.check(GAME, journal, 5).state == fold(HEADER, SAMPLE_EVENTS[:5])
    assert checked_error(journal).startswith("game.jsonl: line 12: event is not valid JSON")


def test_checking_reports_its_progress_in_bytes_of_the_file(journal: str) -> None:
    heard: list[tuple[int, int]] = []
    toolkit.check(GAME, journal, progress=lambda done, total: heard.append((done, total)))
    size = Path(journal).stat().st_size
    assert heard == [(size, size)]


def test_a_missing_journal_is_an_error_naming_it(tmp_path: Path) -> None:
    path = str(tmp_path / "nowhere.jsonl")
    assert error_of(path) == f"{path}: no such file"
    assert error_of(path, 3) == f"{path}: no such file"


# listing --------------------------------------------------------------------------------


def test_the_listing_numbers_every_event_after_the_header_as_step_zero() -> None:
    assert "".join(toolkit.listing(GAME, HEADER, SAMPLE_EVENTS)) == LISTING


def test_the_listing_of_a_journal_without_events_is_its_header_alone() -> None:
    assert list(toolkit.listing(GAME, NEW_HEADER, ())) == [
        "0  Game 1 started with seed 1; setup begins\n"
    ]


def test_listing_numbers_are_right_aligned_to_the_widest() -> None:
    lines = list(toolkit.listing(GAME, NEW_HEADER, (GameResumed(seed=2),) * 100))
    assert (lines[0], lines[1], lines[10], lines[11], lines[101]) == (
        "  0  Game 1 started with seed 1; setup begins\n",
        "Setup\n",
        "  9  Play resumed in a new session with seed 2\n",
        " 10  Play resumed in a new session with seed 2\n",
        "100  Play resumed in a new session with seed 2\n",
    )


# rewind ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("step", [0, 1, 3, 5, 6, 7, 8, 10, 11])
def test_rewind_writes_the_header_and_the_first_n_events_exactly(journal: str, step: int) -> None:
    original = lines_of(journal)
    toolkit.rewind_back(GAME, journal, step, "short.jsonl")
    assert lines_of("short.jsonl") == original[: step + 1]
    assert lines_of(journal) == original


@pytest.mark.parametrize(
    ("step", "kept", "command"),
    [(2, 1, (2, 3)), (4, 3, (4, 5)), (9, 8, (9, 10))],
)
def test_rewind_inside_a_command_keeps_the_events_before_the_command_began(
    journal: str, step: int, kept: int, command: tuple[int, int]
) -> None:
    original = lines_of(journal)
    rewound = toolkit.rewind_back(GAME, journal, step, "short.jsonl")
    assert (rewound.inside, len(rewound.kept.events)) == (command, kept)
    assert lines_of("short.jsonl") == original[: kept + 1]
    assert rewound.kept.state == fold(HEADER, SAMPLE_EVENTS[:kept])


def test_rewind_names_its_file_from_the_step_it_keeps(journal: str) -> None:
    rewound = toolkit.rewind_back(GAME, journal, 4, lambda kept: f"kept-{kept}.jsonl")
    assert (len(rewound.kept.events), len(lines_of("kept-3.jsonl"))) == (3, 4)


@pytest.mark.parametrize(
    ("step", "message"),
    [
        (12, "there is no step 12: the last event is 11"),
        (-1, "there is no step -1: steps start at 0"),
    ],
)
def test_rewind_refuses_a_step_outside_the_journal(
    journal: str, step: int, message: str
) -> None:
    with pytest.raises(JournalError) as caught:
        toolkit.rewind_back(GAME, journal, step, "short.jsonl")
    assert str(caught.value) == f"game.jsonl: {message}"
    assert not Path("short.jsonl").exists()


def test_rewind_to_before_the_damage_keeps_the_sound_part(journal: str) -> None:
    replace_line(journal, 3, b'{"type":"turn_ended","colour":0}\n')
    kept = toolkit.rewind_back(GAME, journal, 1, "short.jsonl").kept
    assert (kept.events, at_step("short.jsonl").events) == (
        SAMPLE_EVENTS[:1], SAMPLE_EVENTS[:1]
    )


def test_rewind_past_a_rule_breaking_event_is_refused(journal: str) -> None:
    replace_line(journal, 3, b'{"type":"turn_ended","colour":0}\n')
    with pytest.raises(JournalError) as caught:
        toolkit.rewind_back(GAME, journal, 3, "short.jsonl")
    assert str(caught.value) == (
        "game.jsonl: line 3: Blue ended their turn: not possible at this point of the game"
    )
    assert not Path("short.jsonl").exists()


# Rewinding in place while a game might resume the journal ------------------------------------


def resume_in_another_process(path: str) -> subprocess.CompletedProcess[str]:
    """Run `watan play --resume PATH` with no input, as a player might meanwhile."""
    return subprocess.run(
        [sys.executable, "-m", "watan", "play", "--resume", path, "-seed", "9"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
        check=False,
    )


def test_rewinding_in_place_holds_the_lock_from_before_the_read_to_the_replacement(
    journal: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race of issue 17: a game resumed, played and ended between the rewind's reading
    and its replacing lost what it appended, and both exited 0."""
    during: list[tuple[int, str]] = []
    read = toolkit._read

    def read_then_resume(*args: Any) -> Any:
        read_so_far = read(*args)
        resumed = resume_in_another_process(journal)  # in the window, after the read
        during.append((resumed.returncode, resumed.stderr))
        return read_so_far

    monkeypatch.setattr(toolkit, "_read", read_then_resume)
    before = lines_of(journal)
    toolkit.rewind_back(GAME, journal, 11, journal, replace=True)
    assert during == [(2, f"watan: {journal}: is in use by another process\n")]
    assert lines_of(journal) == before


def test_a_journal_being_played_is_not_rewound_in_place(journal: str) -> None:
    before = lines_of(journal)
    with (
        JournalWriter[GameStarted, AnyEvent].open_existing(journal),
        pytest.raises(JournalLocked, match="is in use by another process"),
    ):
        toolkit.rewind_back(GAME, journal, 7, journal, replace=True)
    assert lines_of(journal) == before


# A step named by its turn ----------------------------------------------------------------------


def test_a_journal_at_a_turn_is_cut_where_that_turn_begins(journal: str) -> None:
    whole = at_step(journal)
    assert definition.at_turn(whole, 2, journal) == Moment(
        header=HEADER, events=SAMPLE_EVENTS[:7], state=fold(HEADER, SAMPLE_EVENTS[:7])
    )  # Blue's turn 1 ends with event 7 (test_definition's list)


def test_a_turn_the_journal_has_not_reached_is_an_error_naming_it(journal: str) -> None:
    with pytest.raises(JournalError) as raised:
        definition.at_turn(at_step(journal), 4, journal)
    assert str(raised.value) == "game.jsonl: there is no turn 4: the last is 3"
