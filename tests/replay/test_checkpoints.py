"""Sealed checkpoints: written by a sound check, used only when they match, never required."""

from __future__ import annotations

import hashlib
import io
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import msgspec
import pytest

from replay import checkpoints, recorder
from replay.checkpoints import (
    MAGIC,
    Checkpoint,
    Keeper,
    read_sidecar,
    sidecar_path,
    start_of,
    write_sidecar,
)
from replay.history import check, load, verify
from replay.journal import JournalError
from replay.parallel import check_on_both
from replay.protocol import Definition, Judge, Verdict
from replay.recorder import Recorder, recording
from tests.replay.race import (
    RACE,
    Advanced,
    Began,
    Event,
    Race,
    Rolled,
    broken,
    continues,
    header_problem,
    journal_bytes,
    play,
    start,
    verdict,
)

EVERY = 64
"""The events between checkpoints in these tests: a race of a few thousand events has
dozens."""

LONG = Began(players=("ada", "bob", "cy"), goal=2000)
EVENTS = play(seed=5, header=LONG)
assert RACE.judge is not None
SEALED: Definition[Began, Event, Race] = msgspec.structs.replace(
    RACE, state_type=Race, judge=msgspec.structs.replace(RACE.judge, longest=3)
)
"""The race with its state type, and the most events a command records (a roll, an advance,
a win), so that `replay.parallel` checks it on two processes."""


RECORDERS_OWN, CHECKPOINTS_OWN = recorder.EVERY, checkpoints.EVERY


@pytest.fixture(autouse=True)
def _often(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(checkpoints, "EVERY", EVERY)
    monkeypatch.setattr(recorder, "EVERY", EVERY)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    journal = tmp_path / "race.jsonl"
    journal.write_bytes(journal_bytes(EVENTS, LONG))
    return journal


def command_end(at: int) -> int:
    """Return the first step at or after `at` where a command ends (a roll begins the next)."""
    ends = range(at, len(EVENTS) + 1)
    return next(k for k in ends if k == len(EVENTS) or isinstance(EVENTS[k], Rolled))


def sealed(path: Path) -> Path:
    """Return the journal at `path`, verified, which writes its sidecar."""
    verify(SEALED, path, seal=True)
    assert os.path.exists(sidecar_path(str(path)))
    return path


def judged_runs(runs: list[tuple[Event, ...]]) -> Definition[Began, Event, Race]:
    """Return the sealed game, its verdict noting every run it is asked about in `runs`."""

    def noting(race: Race, run: tuple[Event, ...]) -> Verdict | None:
        runs.append(run)
        return verdict(race, run)

    judge = Judge(
        continues=continues, verdict=noting, header_problem=header_problem, broken=broken
    )
    return msgspec.structs.replace(SEALED, judge=judge)


def refusal(checking: Callable[[], object]) -> str:
    """Return the one line a check that must fail refuses the journal with."""
    with pytest.raises(JournalError) as refused:
        checking()
    return str(refused.value)


def steps() -> Iterator[int | None]:
    yield from (None, 0, 1, EVERY - 1, EVERY, EVERY + 1, 1000, len(EVENTS) - 1, len(EVENTS))


def test_the_recorders_interval_is_the_toolkits() -> None:
    assert RECORDERS_OWN == CHECKPOINTS_OWN == 1 << 15


def test_verify_seals_a_checkpoint_every_so_often_and_one_at_the_end(path: Path) -> None:
    sidecar = read_sidecar(str(sealed(path)))
    assert sidecar is not None
    numbers = [point.events for point in sidecar.checkpoints]
    assert numbers[-1] == len(EVENTS)
    assert all(b - a <= EVERY + 2 for a, b in zip([0, *numbers], numbers, strict=False))
    assert sidecar.journal_size == path.stat().st_size
    for point in sidecar.checkpoints:
        expected = check(RACE, path, point.events)
        assert msgspec.msgpack.decode(point.state, type=Race) == expected.state
        assert point.offset == len(journal_bytes(EVENTS[: point.events], LONG))


@pytest.mark.parametrize("to", list(steps()))
def test_a_sealed_journal_at_any_step_is_what_judging_it_whole_gives(
    path: Path, to: int | None
) -> None:
    whole = (check(RACE, path, to), load(RACE, path, to))
    sealed(path)
    assert (check(SEALED, path, to, sealed=True), load(SEALED, path, to, sealed=True)) == whole


def test_a_sealed_read_judges_only_the_events_after_its_checkpoint(path: Path) -> None:
    sealed(path)
    runs: list[tuple[Event, ...]] = []
    to = len(EVENTS) - 10
    checked = check(judged_runs(runs), path, to, sealed=True)
    began = start_of(SEALED, str(path), to)
    assert began is not None and 0 < to - began.events <= EVERY + 2
    assert sum(len(run) for run in runs) >= to - began.events
    assert runs[0][0] == EVENTS[began.events]
    assert checked == check(RACE, path, to)


def test_a_damaged_event_after_the_checkpoint_is_reported_as_judging_whole_does(
    path: Path,
) -> None:
    sealed(path)
    events = list(EVENTS)
    bad = len(events) - 5
    assert isinstance(events[bad], Rolled | Advanced)
    events[bad] = Rolled(player=9, die=4)
    path.write_bytes(journal_bytes(events, LONG))
    assert refusal(lambda: check(SEALED, path, sealed=True)) == refusal(lambda: check(RACE, path))


def test_a_journal_changed_before_a_checkpoint_is_not_read_from_it(path: Path) -> None:
    sealed(path)
    events = list(EVENTS)
    changed = events[3 * EVERY]
    assert isinstance(changed, Rolled)
    events[3 * EVERY] = Rolled(player=changed.player, die=7)
    path.write_bytes(journal_bytes(events, LONG))
    began = start_of(SEALED, str(path))
    assert began is not None and began.events <= 3 * EVERY
    assert refusal(lambda: check(SEALED, path, sealed=True)) == refusal(lambda: check(RACE, path))


def test_the_nearest_checkpoint_is_the_one_whose_offset_is_closest(path: Path) -> None:
    assert checkpoints.nearest(str(path), path.stat().st_size // 2) is None  # no sidecar yet
    sidecar = read_sidecar(str(sealed(path)))
    assert sidecar is not None
    offsets = [point.offset for point in sidecar.checkpoints]
    for near in (0, offsets[2] - 1, (offsets[4] + offsets[5]) // 2 + 1, path.stat().st_size):
        found = checkpoints.nearest(str(path), near)
        assert found is not None
        assert abs(found.offset - near) == min(abs(offset - near) for offset in offsets[:-1])
        assert found.offset < path.stat().st_size  # the last, at the file's end, never


def test_a_checkpoint_is_verified_only_while_the_bytes_before_it_match(path: Path) -> None:
    sidecar = read_sidecar(str(sealed(path)))
    assert sidecar is not None
    point = sidecar.checkpoints[3]
    expected = start_of(SEALED, str(path), point.events)
    assert expected is not None and expected.events == point.events
    sealer = checkpoints.Sealer()
    assert checkpoints.verified(SEALED, str(path), point, sealer) == expected
    assert checkpoints.verified(SEALED, str(path), point, None) == expected
    events = list(EVENTS)
    rolled = events[2]
    assert isinstance(rolled, Rolled)
    events[2] = Rolled(player=rolled.player, die=7 - rolled.die)  # another die, as long a line
    path.write_bytes(journal_bytes(events, LONG))
    assert checkpoints.verified(SEALED, str(path), point, None) is None


def test_a_journal_played_on_after_sealing_keeps_its_checkpoints(path: Path) -> None:
    sealed(path)
    shorter = EVENTS[: command_end(len(EVENTS) // 2)]
    path.write_bytes(journal_bytes(shorter, LONG))  # rewound: the later checkpoints are past it
    began = start_of(SEALED, str(path))
    assert began is not None and len(shorter) - EVERY - 3 <= began.events <= len(shorter)
    assert check(SEALED, path, sealed=True) == check(RACE, path)


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: b"",
        lambda data: data[: len(data) // 2],
        lambda data: MAGIC + b"\xc1" * 40,
        lambda data: data.replace(MAGIC, b"something else\n"),
        lambda data: data[:-7] + bytes(7),
        lambda data: MAGIC + msgspec.msgpack.encode({"format": 2, "checkpoints": []}),
    ],
    ids=["empty", "cut", "not-msgpack", "no-magic", "zeroed-end", "other-format"],
)
def test_a_damaged_sidecar_changes_no_answer(path: Path, damage: object) -> None:
    sealed(path)
    side = Path(sidecar_path(str(path)))
    side.write_bytes(damage(side.read_bytes()))  # type: ignore[operator]
    for to in steps():
        assert check(SEALED, path, to, sealed=True) == check(RACE, path, to)
        assert load(SEALED, path, to, sealed=True) == load(RACE, path, to)


def test_a_state_that_does_not_decode_as_it_was_sealed_is_not_used(path: Path) -> None:
    sealed(path)
    found = read_sidecar(str(path))
    assert found is not None
    renamed = [
        msgspec.structs.replace(point, state=msgspec.Raw(msgspec.msgpack.encode({"x": 1})))
        for point in found.checkpoints
    ]
    write_sidecar(str(path), renamed, found.journal_size)
    assert start_of(SEALED, str(path)) is None
    assert check(SEALED, path, sealed=True) == check(RACE, path)


def test_verify_never_trusts_a_sidecar(path: Path) -> None:
    after = command_end(len(EVENTS) - 6)
    sound = check(RACE, path, after).state
    events = list(EVENTS)
    events[-20] = Rolled(player=0, die=9)
    path.write_bytes(journal_bytes(events, LONG))
    offset = len(journal_bytes(events[:after], LONG))  # a checkpoint past the damage, forged
    digest = hashlib.sha256(path.read_bytes()[:offset]).digest()
    state = msgspec.Raw(msgspec.msgpack.encode(sound))
    write_sidecar(str(path), [Checkpoint(after, offset, digest, state)], offset)
    assert check(SEALED, path, sealed=True).events == len(EVENTS)  # a sealed read trusts it
    with pytest.raises(JournalError) as plain:
        verify(RACE, path)
    verifications: list[Callable[[], object]] = [
        lambda: verify(SEALED, path, seal=True),
        lambda: check_on_both(SEALED, path, smallest=0, seal=True),
    ]
    for verified in verifications:
        with pytest.raises(JournalError) as caught:
            verified()
        assert str(caught.value) == str(plain.value)


def test_no_sidecar_is_written_for_a_short_journal(tmp_path: Path) -> None:
    short = tmp_path / "short.jsonl"
    short.write_bytes(journal_bytes(EVENTS[: command_end(EVERY - 3)], LONG))
    verify(SEALED, short, seal=True)
    assert not os.path.exists(sidecar_path(str(short)))


def test_no_sidecar_is_written_for_a_journal_that_is_not_sound(path: Path) -> None:
    events = list(EVENTS)
    events[-2] = Rolled(player=0, die=9)
    path.write_bytes(journal_bytes(events, LONG))
    with pytest.raises(JournalError):
        verify(SEALED, path, seal=True)
    assert not os.path.exists(sidecar_path(str(path)))


def test_a_game_without_a_state_type_gets_no_sidecar(path: Path) -> None:
    verify(RACE, path, seal=True)
    assert not os.path.exists(sidecar_path(str(path)))


def test_a_file_of_another_kind_at_the_sidecars_name_is_left_alone(path: Path) -> None:
    side = Path(sidecar_path(str(path)))
    side.write_bytes(b"my own notes\n")
    assert verify(SEALED, path, seal=True) == verify(RACE, path)
    assert side.read_bytes() == b"my own notes\n"
    assert check(SEALED, path, sealed=True) == check(RACE, path)


def test_a_link_at_the_sidecars_name_is_not_written_through(path: Path, tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.write_bytes(b"kept")
    os.symlink(target, sidecar_path(str(path)))
    verify(SEALED, path, seal=True)
    assert target.read_bytes() == b"kept"
    assert os.path.islink(sidecar_path(str(path)))


def test_an_earlier_sidecar_is_replaced(path: Path) -> None:
    side = Path(sidecar_path(str(path)))
    side.write_bytes(MAGIC + b"damaged")
    sealed(path)
    assert read_sidecar(str(path)) is not None


def test_a_sidecar_that_cannot_be_written_changes_no_verdict(path: Path) -> None:
    os.mkdir(sidecar_path(str(path)))  # a folder stands where the sidecar would go
    assert verify(SEALED, path, seal=True) == verify(RACE, path)
    assert check_on_both(SEALED, path, smallest=0, seal=True) == verify(RACE, path)
    for to in steps():
        assert check(SEALED, path, to, sealed=True) == check(RACE, path, to)
    read_only = path.parent / "locked"
    read_only.mkdir()
    inside = read_only / "race.jsonl"
    inside.write_bytes(path.read_bytes())
    read_only.chmod(0o500)
    try:
        assert verify(SEALED, inside, seal=True) == verify(RACE, inside)
    finally:
        read_only.chmod(0o700)


def test_a_lost_sidecar_changes_nothing(path: Path) -> None:
    sealed(path)
    os.unlink(sidecar_path(str(path)))
    for to in steps():
        assert check(SEALED, path, to, sealed=True) == check(RACE, path, to)


def test_standard_input_is_never_read_from_a_checkpoint(path: Path) -> None:
    sealed(path)
    data = path.read_bytes()
    assert check(SEALED, path, data=data, sealed=True) == check(RACE, path)


def test_both_processes_seal_the_parts_they_judge(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert check_on_both(SEALED, path, smallest=0, seal=True) == check(RACE, path)
    both = read_sidecar(str(path))
    assert both is not None
    numbers = [point.events for point in both.checkpoints]
    assert numbers == sorted(numbers) and numbers[-1] == len(EVENTS)
    assert all(b - a <= EVERY + 2 for a, b in zip([0, *numbers], numbers, strict=False))
    for point in both.checkpoints:
        state = msgspec.msgpack.decode(point.state, type=Race)
        assert state == check(RACE, path, point.events).state

    def forbidden(*_: object) -> None:
        raise AssertionError("the second part was folded, not read from its checkpoint")

    expected = check(RACE, path)
    monkeypatch.setattr("replay.parallel._folded", forbidden)
    monkeypatch.setattr("replay.history.check", forbidden)
    assert check_on_both(SEALED, path, smallest=0, seal=True) == expected
    again = read_sidecar(str(path))
    assert again is not None
    data = path.read_bytes()
    for point in again.checkpoints:
        assert hashlib.sha256(data[: point.offset]).digest() == point.digest


def record_race(events: list[Event], recorded: Recorder[Began, Event], race: Race) -> None:
    """Record `events` command by command into `recorded`, each with the state it gives,
    from `race` on."""
    run: list[Event] = []
    for event in [*events, None]:
        if run and (event is None or not continues(run, event)):
            for done in run:
                race = RACE.apply(race, done)
            recorded.record(run, race)
            run = []
        if event is not None:
            run.append(event)


def test_a_recorder_seals_the_states_it_is_given(path: Path, tmp_path: Path) -> None:
    live = tmp_path / "live.jsonl"
    recorded: Recorder[Began, Event] = recording(live, LONG, io.StringIO(), "race", sealed=True)
    record_race(EVENTS, recorded, start(LONG))
    recorded.close()
    assert live.read_bytes() == path.read_bytes()
    sidecar = read_sidecar(str(live))
    assert sidecar is not None and len(sidecar.checkpoints) >= len(EVENTS) // (EVERY + 3)
    for point in sidecar.checkpoints:
        state = msgspec.msgpack.decode(point.state, type=Race)
        assert state == check(RACE, live, point.events).state
    for to in steps():
        assert check(SEALED, live, to, sealed=True) == check(RACE, live, to)


def test_a_recorder_made_without_sealing_writes_no_sidecar(tmp_path: Path) -> None:
    live = tmp_path / "live.jsonl"
    recorded: Recorder[Began, Event] = recording(live, LONG, io.StringIO(), "race")
    record_race(EVENTS, recorded, start(LONG))
    recorded.close()
    assert not os.path.exists(sidecar_path(str(live)))


def test_a_game_played_on_keeps_the_checkpoints_still_matching(path: Path) -> None:
    half = command_end(len(EVENTS) // 2)
    path.write_bytes(journal_bytes(EVENTS[:half], LONG))
    sealed(path)
    before = read_sidecar(str(path))
    assert before is not None
    reopened = recorder.reopen(SEALED, path)
    recorded: Recorder[Began, Event] = Recorder(
        reopened.writer, lambda error: None, sealed_from=half
    )
    record_race(EVENTS[half:], recorded, reopened.state)
    recorded.close()
    after = read_sidecar(str(path))
    assert after is not None
    assert after.checkpoints[: len(before.checkpoints)] == before.checkpoints
    assert after.checkpoints[-1].events > half + EVERY
    assert check(SEALED, path, sealed=True) == check(RACE, path)


def test_a_keeper_that_cannot_write_stops_sealing_and_the_game_goes_on(tmp_path: Path) -> None:
    live = tmp_path / "live.jsonl"
    os.mkdir(sidecar_path(str(live)))
    recorded: Recorder[Began, Event] = recording(live, LONG, io.StringIO(), "race", sealed=True)
    record_race(EVENTS, recorded, start(LONG))
    recorded.close()
    assert live.read_bytes() == journal_bytes(EVENTS, LONG)
    assert os.path.isdir(sidecar_path(str(live)))


def test_a_keeper_seals_nothing_it_did_not_read_back(tmp_path: Path) -> None:
    keeper = Keeper(str(tmp_path / "nothing.jsonl"))
    keeper.seal(5, start(LONG), 100, lambda begin, end: b"")
    assert keeper.failed
    assert not os.path.exists(sidecar_path(str(tmp_path / "nothing.jsonl")))
