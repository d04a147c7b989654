"""A journal at any step, checked; listings in the game's words; rewinding at boundaries."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import msgspec
import pytest

from replay import history
from replay.history import Moment, Rewound, listing, load, rewind, rewind_back, verify
from replay.journal import JournalError, JournalLocked
from replay.writer import JournalWriter
from tests.replay.race import (
    BARE,
    HEADER,
    RACE,
    Advanced,
    Began,
    Event,
    Race,
    Rolled,
    append_in_another_process,
    journal_bytes,
    play,
)

EVENTS = play()


@pytest.fixture
def path(tmp_path: Path) -> Path:
    journal = tmp_path / "race.jsonl"
    journal.write_bytes(journal_bytes(EVENTS))
    return journal


def test_load_gives_the_whole_journal_and_its_state(path: Path) -> None:
    assert load(RACE, path) == Moment(
        header=HEADER, events=tuple(EVENTS), state=RACE.fold(HEADER, EVENTS)
    )


def test_load_to_a_step_gives_the_state_there(path: Path) -> None:
    moment = load(RACE, path, 5)
    assert (moment.events, moment.state) == (tuple(EVENTS[:5]), RACE.fold(HEADER, EVENTS[:5]))


def test_load_reads_only_to_the_end_of_the_steps_command(path: Path) -> None:
    with path.open("ab") as file:
        file.write(b"not json\n")
    assert load(RACE, path, 3).state == RACE.fold(HEADER, EVENTS[:3])
    with pytest.raises(JournalError) as raised:
        load(RACE, path)
    assert raised.value.line == len(EVENTS) + 2


def test_a_step_past_the_end_or_before_the_start_is_refused(path: Path) -> None:
    last = len(EVENTS)
    with pytest.raises(JournalError, match=f"there is no step 999: the last event is {last}"):
        load(RACE, path, 999)
    with pytest.raises(JournalError, match="there is no step -1: steps start at 0"):
        load(RACE, path, -1)


def test_load_of_bytes_gives_what_load_of_the_file_gives(path: Path) -> None:
    data = path.read_bytes()
    for to in (None, 0, 1, 5, len(EVENTS)):
        assert load(RACE, "-", to, data=data) == load(RACE, path, to), to
    with pytest.raises(JournalError, match=r"^-: there is no step 999: the last event is"):
        load(RACE, "-", 999, data=data)


def test_a_torn_line_in_bytes_is_reported_only_when_read_that_far(path: Path) -> None:
    data = path.read_bytes() + b'{"type":"rol'
    assert load(RACE, "-", data=data).torn_line == len(EVENTS) + 2
    assert load(RACE, "-", len(EVENTS), data=data).torn_line == len(EVENTS) + 2
    assert load(RACE, "-", 2, data=data).torn_line is None


def test_load_tells_its_progress_in_events_checked_of_those_read(path: Path) -> None:
    heard: list[tuple[int, int]] = []
    load(RACE, path, progress=lambda done, total: heard.append((done, total)))
    assert heard[-1] == (len(EVENTS), len(EVENTS))


def test_a_damaged_event_is_reported_with_its_line(tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_bytes(journal_bytes([*EVENTS[:2], Rolled(1, 2), Advanced(1, 5)]))
    with pytest.raises(JournalError) as raised:
        load(RACE, damaged)
    assert str(raised.value) == (
        f"{damaged}: line 5: the rules give 'player 1 advanced to 2' here, "
        "not 'player 1 advanced to 5'"
    )


def test_a_torn_last_line_is_left_out_and_its_line_reported(path: Path) -> None:
    with path.open("ab") as file:
        file.write(b'{"type":"rol')
    moment = load(RACE, path)
    assert (moment.events, moment.torn_line) == (tuple(EVENTS), len(EVENTS) + 2)
    with pytest.raises(JournalError) as raised:
        verify(RACE, path)
    assert (raised.value.line, "race play --resume" in raised.value.problem) == (
        len(EVENTS) + 2,
        True,
    )


def test_verify_gives_the_whole_journal_checked(path: Path) -> None:
    assert verify(RACE, path) == history.Checked(HEADER, len(EVENTS), RACE.fold(HEADER, EVENTS))


def test_verify_checks_bytes_given_as_the_journal(path: Path) -> None:
    checked = verify(RACE, "-", data=path.read_bytes())
    assert checked == history.Checked(HEADER, len(EVENTS), RACE.fold(HEADER, EVENTS))


def test_listing_numbers_every_event_in_the_games_words() -> None:
    lines = list(listing(RACE, HEADER, EVENTS[:3]))
    assert lines == [
        "0  a race of 2 to 20\n",
        f"1  player 0 rolled {EVENTS[0].die}\n",  # type: ignore[union-attr]
        f"2  player 0 advanced to {EVENTS[1].to}\n",  # type: ignore[union-attr]
        f"3  player 1 rolled {EVENTS[2].die}\n",  # type: ignore[union-attr]
    ]


def test_listing_shows_the_games_headings_before_the_events_they_head() -> None:
    def rounds(header: object, events: object) -> list[str | None]:
        return ["Round 1", None, "Round 2"]

    assert RACE.words is not None
    words = msgspec.structs.replace(RACE.words, headings=rounds)
    headed = msgspec.structs.replace(RACE, words=words)
    assert list(listing(headed, HEADER, EVENTS[:3])) == [
        "0  a race of 2 to 20\n",
        "Round 1\n",
        f"1  player 0 rolled {EVENTS[0].die}\n",  # type: ignore[union-attr]
        f"2  player 0 advanced to {EVENTS[1].to}\n",  # type: ignore[union-attr]
        "Round 2\n",
        f"3  player 1 rolled {EVENTS[2].die}\n",  # type: ignore[union-attr]
    ]


def test_listing_tells_the_events_in_order_when_the_game_says_them_together() -> None:
    def counted(header: object, events: object) -> list[str]:
        return ["first", "second", "third"]

    assert RACE.words is not None
    words = msgspec.structs.replace(RACE.words, events=counted)
    told = msgspec.structs.replace(RACE, words=words)
    assert list(listing(told, HEADER, EVENTS[:3])) == [
        "0  a race of 2 to 20\n",
        "1  first\n",
        "2  second\n",
        "3  third\n",
    ]


def test_listing_without_words_shows_json_lines() -> None:
    assert list(listing(BARE, HEADER, [Rolled(0, 2)]))[1] == (
        '1  {"type":"rolled","player":0,"die":2}\n'
    )


def test_rewind_writes_the_first_events_to_a_new_journal(path: Path, tmp_path: Path) -> None:
    out = tmp_path / "short.jsonl"
    kept = rewind(RACE, path, 4, out)
    assert kept.events == tuple(EVENTS[:4])
    assert out.read_bytes() == journal_bytes(EVENTS[:4])
    assert path.read_bytes() == journal_bytes(EVENTS)


def test_rewind_inside_a_command_is_refused_naming_the_steps_around(
    path: Path, tmp_path: Path
) -> None:
    with pytest.raises(JournalError) as raised:
        rewind(RACE, path, 1, tmp_path / "out.jsonl")
    assert str(raised.value) == (
        f"{path}: line 2: step 1 is inside one command (events 1-2); rewind to 0 or 2"
    )
    assert not (tmp_path / "out.jsonl").exists()


def test_rewind_back_keeps_the_journal_up_to_where_the_command_began(
    path: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out.jsonl"
    rewound = rewind_back(RACE, path, 1, out)
    kept: Moment[Began, Event, Race] = Moment(HEADER, (), RACE.fold(HEADER, ()))
    assert rewound == Rewound(kept=kept, inside=(1, 2))
    assert out.read_bytes() == journal_bytes([])


def test_rewind_back_at_a_boundary_keeps_the_step_asked(path: Path, tmp_path: Path) -> None:
    rewound = rewind_back(RACE, path, 4, tmp_path / "out.jsonl")
    assert (rewound.kept.events, rewound.inside) == (tuple(EVENTS[:4]), None)


def test_rewind_names_its_output_from_the_step_it_keeps(path: Path, tmp_path: Path) -> None:
    def named(kept: int) -> Path:
        return tmp_path / f"kept-{kept}.jsonl"

    rewind(RACE, path, 4, named)
    rewind_back(RACE, path, 3, named)  # inside the command of events 3-4: keeps 2
    assert [named(4).read_bytes(), named(2).read_bytes()] == [
        journal_bytes(EVENTS[:4]),
        journal_bytes(EVENTS[:2]),
    ]
    assert sorted(p.name for p in tmp_path.glob("kept-*")) == ["kept-2.jsonl", "kept-4.jsonl"]


def test_rewind_of_bytes_writes_what_rewind_of_the_file_writes(path: Path, tmp_path: Path) -> None:
    rewind(RACE, path, 4, tmp_path / "a.jsonl")
    rewind(RACE, "-", 4, tmp_path / "b.jsonl", data=path.read_bytes())
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()


def test_rewind_never_replaces_unless_told(path: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_text("mine\n")
    with pytest.raises(JournalError, match="already exists"):
        rewind(RACE, path, 2, out)
    assert out.read_text() == "mine\n"
    rewind(RACE, path, 2, path, replace=True)
    assert msgspec.json.decode(path.read_bytes().splitlines()[-1]) == {
        "type": "advanced",
        "player": 0,
        "to": EVENTS[1].to,  # type: ignore[union-attr]
    }


# Rewinding in place while a game might append to the journal ----------------------------------


def test_a_concurrent_append_during_an_in_place_rewind_is_never_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race of issue 17, point 2, in the toolkit: a game that appended between the
    rewind's reading and its replacing lost what it appended, and both succeeded."""
    path = tmp_path / "race.jsonl"
    path.write_bytes(journal_bytes(EVENTS[:4]))
    appended: list[subprocess.CompletedProcess[str]] = []
    read = history._read

    def read_then_append(*args: Any) -> Any:
        read_so_far = read(*args)
        appended.append(append_in_another_process(path, EVENTS[4:6]))  # in the window
        return read_so_far

    monkeypatch.setattr(history, "_read", read_then_append)
    rewind(RACE, path, 4, path, replace=True)  # to the last event: everything is kept
    [other] = appended
    kept = path.read_bytes()
    lost = other.returncode == 0 and kept != journal_bytes(EVENTS[:6])
    assert (lost, other.returncode, other.stdout) == (
        False, 3, f"{path}: is in use by another process\n"
    )
    assert kept == journal_bytes(EVENTS[:4])


def test_a_journal_being_played_is_not_rewound_in_place(path: Path) -> None:
    before = path.read_bytes()
    with (
        JournalWriter[Began, Event].open_existing(path),
        pytest.raises(JournalLocked, match="is in use by another process"),
    ):
        rewind(RACE, path, 2, path, replace=True)
    assert path.read_bytes() == before


def test_check_streams_the_journal_to_the_state_load_gives(path: Path) -> None:
    heard: list[tuple[int, int]] = []
    checked = history.check(RACE, path, progress=lambda done, size: heard.append((done, size)))
    assert checked == history.Checked(HEADER, len(EVENTS), RACE.fold(HEADER, EVENTS))
    assert heard == [(path.stat().st_size, path.stat().st_size)]
    assert history.check(RACE, path, 3).state == load(RACE, path, 3).state
    assert history.check(RACE, path, 3).events == 3


def test_check_of_the_journals_bytes_gives_what_checking_its_file_gives(path: Path) -> None:
    with path.open("ab") as file:
        file.write(b'{"type":"rol')  # a torn last line
    data = path.read_bytes()
    assert [history.check(RACE, path, to, data=data) for to in (None, 0, 3)] == [
        history.check(RACE, path, to) for to in (None, 0, 3)
    ]


def test_check_refuses_a_step_past_the_end_or_before_the_start(path: Path) -> None:
    last = f"there is no step 999: the last event is {len(EVENTS)}"
    with pytest.raises(JournalError, match=last):
        history.check(RACE, path, 999)
    with pytest.raises(JournalError, match="there is no step -1: steps start at 0"):
        history.check(RACE, path, -1)


def test_check_reports_a_damaged_journal_with_its_line(path: Path, tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_bytes(journal_bytes([Rolled(0, 5), *EVENTS[1:]]))
    with pytest.raises(JournalError) as raised:
        history.check(RACE, damaged)
    assert raised.value.line == 3


def test_a_new_journal_is_named_beside_the_old_for_the_step_kept_or_as_asked(
    tmp_path: Path,
) -> None:
    beside = history.NewJournal(str(tmp_path / "game.jsonl"), None)
    assert (beside(7), beside.written) == ((str(tmp_path / "game-to-7.jsonl"),) * 2)
    assert history.NewJournal("notes", None)(0) == "notes-to-0.jsonl"
    asked = history.NewJournal("game.jsonl", str(tmp_path / "short.jsonl"))
    assert asked(3) == str(tmp_path / "short.jsonl")


def test_a_new_journal_is_never_named_over_a_file_already_there(tmp_path: Path) -> None:
    (tmp_path / "game-to-2.jsonl").write_text("mine")
    naming = history.NewJournal(str(tmp_path / "game.jsonl"), None)
    with pytest.raises(JournalError) as raised:
        naming(2)
    assert (str(raised.value), naming.written) == (
        f"{tmp_path / 'game-to-2.jsonl'}: already exists; choose another name with -o",
        None,
    )
