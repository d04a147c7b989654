"""Reading journals: whole or lazily, every defect named with its line, torn tails set aside."""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Callable
from pathlib import Path

import msgspec
import pytest

from replay.journal import (
    LONGEST_LINE,
    Conversion,
    EventStream,
    Journal,
    JournalError,
    JournalReader,
    Resume,
    _Limits,
    first_line,
    is_journal,
    written_format,
)
from replay.writer import write_journal
from tests.replay.bank import (
    HEADER,
    Deposited,
    Event,
    Opened,
    Transferred,
    Withdrew,
    event_lines,
    journal_bytes,
    sample_events,
)

Reader = JournalReader[Opened, Event]
HEADER_LINE = msgspec.json.encode(HEADER) + b"\n"
GOOD = b'{"type":"deposited","account":0,"amount":5}\n'


def read_lazily(reader: Reader, path: Path) -> Journal[Opened, Event]:
    header, stream = reader.iter_events(path)
    with stream:
        events = tuple(stream)
    return Journal(header, events, stream.torn_tail)


ReadJournal = Callable[[Path], Journal[Opened, Event]]


@pytest.fixture(params=["read", "iter_events"])
def read(request: pytest.FixtureRequest, reader: Reader) -> ReadJournal:
    """Each test that takes `read` runs twice: reading the whole file, and lazily."""
    if request.param == "read":
        return reader.read
    return lambda path: read_lazily(reader, path)


def test_written_journal_reads_back_equal(read: ReadJournal, journal_path: Path) -> None:
    events = sample_events(500)
    write_journal(journal_path, HEADER, events)
    assert read(journal_path) == Journal(HEADER, tuple(events), None)


def test_header_only_journal_has_no_events(read: ReadJournal, journal_path: Path) -> None:
    journal_path.write_bytes(HEADER_LINE)
    assert read(journal_path) == Journal(HEADER, (), None)


def test_header_without_newline_is_a_whole_journal(read: ReadJournal, journal_path: Path) -> None:
    journal_path.write_bytes(HEADER_LINE.rstrip())
    assert read(journal_path) == Journal(HEADER, (), None)


def test_final_line_without_newline_that_decodes_is_an_event(
    read: ReadJournal, journal_path: Path
) -> None:
    journal_path.write_bytes(HEADER_LINE + GOOD + GOOD.rstrip())
    expected = Journal(HEADER, (Deposited(0, 5), Deposited(0, 5)), None)
    assert read(journal_path) == expected


def test_torn_last_line_is_reported_not_fatal(read: ReadJournal, journal_path: Path) -> None:
    journal_path.write_bytes(HEADER_LINE + GOOD + GOOD + b'{"type":"withd')
    expected = Journal(HEADER, (Deposited(0, 5), Deposited(0, 5)), b'{"type":"withd')
    assert read(journal_path) == expected


def test_lazy_iteration_reads_only_the_lines_asked_for(reader: Reader, journal_path: Path) -> None:
    events = sample_events(100)
    lines = event_lines(events).splitlines(keepends=True)
    lines[48] = b"garbage\n"  # line 50 of the file
    journal_path.write_bytes(HEADER_LINE + b"".join(lines))
    header, stream = reader.iter_events(journal_path)
    assert (header, list(itertools.islice(stream, 40))) == (HEADER, events[:40])
    with pytest.raises(JournalError) as caught:
        list(stream)
    assert (caught.value.line, caught.value.problem[:24]) == (50, "event is not valid JSON ")


def test_event_stream_is_an_iterator(reader: Reader, journal_path: Path) -> None:
    write_journal(journal_path, HEADER, [Deposited(1, 2), Withdrew(2, 3)])
    _, stream = reader.iter_events(journal_path)
    assert isinstance(stream, EventStream)
    assert (next(stream), next(stream), next(stream, None)) == (
        Deposited(1, 2),
        Withdrew(2, 3),
        None,
    )


def test_bad_line_found_by_the_whole_file_fast_path_names_its_line(
    reader: Reader, journal_path: Path
) -> None:
    lines = event_lines(sample_events(10_000)).splitlines(keepends=True)
    lines[8_000] = b'{"type":"deposited","account":"one","amount":5}\n'
    journal_path.write_bytes(HEADER_LINE + b"".join(lines))
    with pytest.raises(JournalError) as caught:
        reader.read(journal_path)
    assert str(caught.value) == (
        f"{journal_path}: line 8002: event does not match the event type: "
        "Expected `int`, got `str` - at `$.account`"
    )


EXACT_ERRORS = [
    pytest.param(b"", None, "empty file: there is no header line", id="empty file"),
    pytest.param(b"\n" + GOOD, 1, "blank line where the header should be", id="blank header"),
    pytest.param(HEADER_LINE + GOOD + b"\n" + GOOD, 3, "blank line", id="blank line"),
    pytest.param(HEADER_LINE + GOOD + b"  \r\n" + GOOD, 3, "blank line", id="spaces only"),
    pytest.param(HEADER_LINE + GOOD + b"\n", 3, "blank line", id="blank last line"),
    pytest.param(
        HEADER_LINE + GOOD + GOOD + b'{"type":"borrowed","account":0,"amount":5}\n' + GOOD,
        4,
        "unknown event tag 'borrowed' (known tags: deposited, transferred, withdrew)",
        id="unknown tag",
    ),
    pytest.param(
        b'{"format":2,"owners":["ada"]}\n' + GOOD,
        1,
        "unknown journal format 2",
        id="header refused by check_header",
    ),
]


@pytest.mark.parametrize(("content", "line", "problem"), EXACT_ERRORS)
def test_defect_is_a_journal_error_naming_its_line(
    read: ReadJournal,
    content: bytes,
    line: int | None,
    problem: str,
    journal_path: Path,
) -> None:
    journal_path.write_bytes(content)
    with pytest.raises(JournalError) as caught:
        read(journal_path)
    error = caught.value
    assert (error.path, error.line, error.problem) == (str(journal_path), line, problem)
    where = f"line {line}: " if line is not None else ""
    assert str(error) == f"{journal_path}: {where}{problem}"


DECODER_ERRORS = [
    pytest.param(b"{not json\n", 1, "header is not valid JSON (", id="header not JSON"),
    pytest.param(
        b'{"format":1}\n', 1, "the first line is not this kind of journal's header (",
        id="header shape"
    ),
    pytest.param(b'{"format":1,"owners":["a"]', 1, "header is not valid JSON (", id="torn header"),
    pytest.param(
        HEADER_LINE + GOOD + b"{oops\n" + GOOD, 3, "event is not valid JSON (", id="not JSON"
    ),
    pytest.param(
        HEADER_LINE + b'{"type":"withdrew","account":1,"amount":"all"}\n',
        2,
        "event does not match the event type: Expected `int`, got `str`",
        id="field of the wrong type",
    ),
    pytest.param(
        HEADER_LINE + b'{"account":1,"amount":2}\n', 2, "event does not match", id="no tag"
    ),
    pytest.param(
        HEADER_LINE + GOOD.rstrip() + b" " + GOOD, 2, "event is not valid JSON (", id="two"
    ),
    pytest.param(HEADER_LINE + GOOD + b"garbage\n", 3, "event is not valid JSON (", id="bad last"),
]


@pytest.mark.parametrize(("content", "line", "start"), DECODER_ERRORS)
def test_decoding_defect_is_a_journal_error_naming_its_line(
    read: ReadJournal,
    content: bytes,
    line: int,
    start: str,
    journal_path: Path,
) -> None:
    journal_path.write_bytes(content)
    with pytest.raises(JournalError) as caught:
        read(journal_path)
    error = caught.value
    assert (error.line, error.problem[: len(start)]) == (line, start)
    assert str(error) == f"{journal_path}: line {line}: {error.problem}"
    assert "\n" not in str(error)


def test_missing_file_is_a_journal_error_without_line(read: ReadJournal, tmp_path: Path) -> None:
    with pytest.raises(JournalError) as caught:
        read(tmp_path / "nowhere.jsonl")
    assert str(caught.value) == f"{tmp_path / 'nowhere.jsonl'}: no such file"


def test_folder_is_an_unreadable_journal(reader: Reader, tmp_path: Path) -> None:
    with pytest.raises(JournalError) as caught:
        reader.read(tmp_path)
    assert str(caught.value) == f"{tmp_path}: is a folder, not a journal file"


def test_reader_of_a_single_struct_type_infers_its_types(journal_path: Path) -> None:
    journal_path.write_bytes(
        HEADER_LINE + b'{"type":"transferred","source":0,"target":1,"amount":4}\n'
    )
    reader = JournalReader(Opened, Transferred)
    assert reader.read(journal_path) == Journal(HEADER, (Transferred(0, 1, 4),), None)


def test_journal_bytes_helper_matches_what_the_writer_writes(journal_path: Path) -> None:
    events = sample_events(20)
    write_journal(journal_path, HEADER, events)
    assert journal_path.read_bytes() == journal_bytes(events)


# Limits: a line too long or nested too deep is refused before it is decoded --------------------


def with_note(note: bytes) -> bytes:
    """A good deposit line carrying one more field, which decoding ignores."""
    return b'{"type":"deposited","account":0,"amount":5,"note":' + note + b"}\n"


def limited(longest_line: int = 80, deepest_nesting: int = 3) -> Reader:
    return JournalReader[Opened, Event](
        Opened, Event, longest_line=longest_line, deepest_nesting=deepest_nesting
    )


def read_both_ways(reader: Reader, path: Path) -> list[Journal[Opened, Event] | str]:
    """Read `path` whole and lazily; each gives the journal, or its error as text."""
    outcomes: list[Journal[Opened, Event] | str] = []
    for read in (reader.read, lambda p: read_lazily(reader, p)):
        try:
            outcomes.append(read(path))
        except JournalError as error:
            outcomes.append(str(error))
    return outcomes


TOO_DEEP = "arrays and objects nested more than 3 deep; a journal line nests at most 3"
TOO_LONG = "the line is longer than 80 bytes; a journal line holds at most that"
LIMIT_ERRORS = [
    pytest.param(HEADER_LINE + GOOD + with_note(b"[[[1]]]") + GOOD, 3, TOO_DEEP, id="deep event"),
    pytest.param(b'{"format":1,"owners":[[[["a"]]]]}\n' + GOOD, 1, TOO_DEEP, id="deep header"),
    pytest.param(
        HEADER_LINE + GOOD + with_note(b'"' + b"x" * 60 + b'"') + GOOD, 3, TOO_LONG, id="long"
    ),
    pytest.param(
        HEADER_LINE + GOOD + with_note(b'"' + b"x" * 60 + b'"').rstrip(),
        3,
        TOO_LONG,
        id="long last line is not taken for a torn one",
    ),
    pytest.param(
        b'{"format":1,"owners":["' + b"a" * 100 + b'"]}\n' + GOOD, 1, TOO_LONG, id="long header"
    ),
    pytest.param(
        HEADER_LINE + b'{"type":"deposited\xff","account":0,"amount":5}\n',
        2,
        "event holds text that is not valid UTF-8",
        id="not UTF-8",
    ),
]


@pytest.mark.parametrize(("content", "line", "problem"), LIMIT_ERRORS)
def test_a_line_past_a_limit_is_refused_with_its_line_whichever_way_it_is_read(
    content: bytes, line: int, problem: str, journal_path: Path
) -> None:
    journal_path.write_bytes(content)
    refusal = f"{journal_path}: line {line}: {problem}"
    assert read_both_ways(limited(), journal_path) == [refusal, refusal]


def _random_line(rng: random.Random) -> bytes:
    """Return a deposit line with a note nested 0-40 deep, holding runs of 0-35 digits, some
    of them in strings, and brackets in strings: near every limit, on both sides."""
    depth = rng.randrange(41)
    digits = b"7" * rng.randrange(36)
    inner = rng.choice([digits, b'"' + digits + b'"', b'"[[{{' + digits + b'"', b"1,2,3"])
    note = b"[" * depth + inner + b"]" * depth
    return with_note(note)


@pytest.mark.parametrize(("nesting", "digits"), [(3, 30), (32, 30), (32, 5), (40, 30)])
def test_a_block_is_found_within_the_limits_only_when_each_of_its_lines_is(
    nesting: int, digits: int
) -> None:
    """The quick look at a whole block (`_Limits.all_within`, which lets it be decoded all at
    once) passes only blocks whose every line the line-by-line check passes; and it passes
    a block of ordinary lines, so a journal is read at the decoder's pace."""
    limits = _Limits(LONGEST_LINE, nesting, digits)
    rng = random.Random(nesting * 100 + digits)
    passed = []
    for _ in range(400):
        lines = [GOOD for _ in range(rng.randrange(5))]
        lines += [_random_line(rng) for _ in range(rng.randrange(1, 4))]
        rng.shuffle(lines)
        passed.append(limits.all_within(b"".join(lines)))
        if passed[-1]:
            assert [limits.problem(line) for line in lines] == [None] * len(lines)
    assert True in passed and False in passed
    assert limits.all_within(event_lines(sample_events(1_000)))


def test_a_line_at_the_limits_reads_as_usual(journal_path: Path) -> None:
    within = with_note(b"[[1]]")  # the object and two arrays: 3 deep
    assert len(within) <= 81
    journal_path.write_bytes(HEADER_LINE + GOOD + within)
    whole = Journal(HEADER, (Deposited(0, 5), Deposited(0, 5)), None)
    assert read_both_ways(limited(), journal_path) == [whole, whole]


def test_brackets_inside_strings_do_not_count_as_nesting(journal_path: Path) -> None:
    journal_path.write_bytes(HEADER_LINE + with_note(b'"[[[[{{{{\\"]]"'))
    whole = Journal(HEADER, (Deposited(0, 5),), None)
    assert read_both_ways(limited(), journal_path) == [whole, whole]


def test_the_default_limits_refuse_json_nested_a_thousand_deep(
    reader: Reader, journal_path: Path
) -> None:
    deep = b"[" * 1000 + b"]" * 1000
    journal_path.write_bytes(HEADER_LINE + GOOD + with_note(deep) + GOOD)
    refusal = (
        f"{journal_path}: line 3: arrays and objects nested more than 32 deep; "
        "a journal line nests at most 32"
    )
    assert read_both_ways(reader, journal_path) == [refusal, refusal]


@pytest.mark.parametrize("at", [0, 5_000, 9_999])
def test_a_long_journal_with_one_line_past_a_limit_names_that_line(
    at: int, journal_path: Path
) -> None:
    lines = event_lines(sample_events(10_000)).splitlines(keepends=True)
    lines[at] = with_note(b"[[[[0]]]]")
    journal_path.write_bytes(HEADER_LINE + b"".join(lines))
    refusal = f"{journal_path}: line {at + 2}: {TOO_DEEP}"
    assert read_both_ways(limited(longest_line=200), journal_path) == [refusal, refusal]


BLOCKS_OF_EVENTS = 40_000
"""Enough events to fill several of the blocks a stream reads (about 1.7 MB)."""


def test_a_journal_of_many_blocks_streams_the_events_it_reads_whole(
    reader: Reader, journal_path: Path
) -> None:
    events = sample_events(BLOCKS_OF_EVENTS)
    write_journal(journal_path, HEADER, events)
    assert read_lazily(reader, journal_path) == reader.read(journal_path)


def test_a_bad_line_far_into_a_stream_is_named_after_the_events_before_it(
    reader: Reader, journal_path: Path
) -> None:
    lines = event_lines(sample_events(BLOCKS_OF_EVENTS)).splitlines(keepends=True)
    bad = BLOCKS_OF_EVENTS - 7
    lines[bad - 2] = b"\n"  # a blank line, which decoding a block at once would skip
    journal_path.write_bytes(HEADER_LINE + b"".join(lines))
    _, stream = reader.iter_events(journal_path)
    assert len(list(itertools.islice(stream, bad - 2))) == bad - 2
    with pytest.raises(JournalError) as caught:
        next(stream)
    assert (caught.value.line, caught.value.problem) == (bad, "blank line")


def test_a_line_without_end_is_refused_once_past_the_limit_not_read_whole(
    journal_path: Path,
) -> None:
    small = Reader(Opened, Event, longest_line=1000)
    journal_path.write_bytes(HEADER_LINE + GOOD + b"[" + b" " * 5_000_000)
    _, stream = small.iter_events(journal_path)
    assert next(stream) == Deposited(0, 5)
    with pytest.raises(JournalError) as caught:
        next(stream)
    assert (caught.value.line, caught.value.problem) == (
        3,
        "the line is longer than 1,000 bytes; a journal line holds at most that",
    )


def test_a_torn_line_after_many_blocks_is_set_aside(reader: Reader, journal_path: Path) -> None:
    events = sample_events(BLOCKS_OF_EVENTS)
    journal_path.write_bytes(HEADER_LINE + event_lines(events) + b'{"type":"depos')
    assert read_lazily(reader, journal_path) == Journal(HEADER, tuple(events), b'{"type":"depos')


OLD_HEADER_LINE = b'{"format":0,"names":["ada","bo"]}\n'
"""The bank's header as a format before today's wrote it: `names`, not `owners`."""


def _header_from_format_0(line: bytes) -> bytes:
    return line.replace(b'"format":0,"names"', b'"format":1,"owners"')


def test_an_upcaster_changing_only_the_header_reads_the_events_as_they_stand(
    read_with: Callable[[Reader, Path], Journal[Opened, Event]], journal_path: Path
) -> None:
    events = sample_events(300)
    journal_path.write_bytes(OLD_HEADER_LINE + event_lines(events))
    converted: list[bytes] = []

    def header_only(line: bytes) -> bytes:
        converted.append(line)
        return _header_from_format_0(line)

    reader = Reader(Opened, Event, upcast=lambda _: Conversion(header_only, None))
    assert read_with(reader, journal_path) == Journal(
        Opened(1, ("ada", "bo")), tuple(events), None
    )
    assert converted == [OLD_HEADER_LINE]


def test_an_upcaster_for_every_line_converts_the_events_too(
    read_with: Callable[[Reader, Path], Journal[Opened, Event]], journal_path: Path
) -> None:
    journal_path.write_bytes(OLD_HEADER_LINE + b'{"type":"put","account":1,"amount":4}\n')

    def renamed(line: bytes) -> bytes:
        return _header_from_format_0(line).replace(b'"type":"put"', b'"type":"deposited"')

    expected = Journal(Opened(1, ("ada", "bo")), (Deposited(1, 4),), None)
    assert read_with(Reader(Opened, Event, upcast=lambda _: renamed), journal_path) == expected
    both = Reader(Opened, Event, upcast=lambda _: Conversion(renamed, renamed))
    assert read_with(both, journal_path) == expected


@pytest.fixture(params=["read", "iter_events"])
def read_with(request: pytest.FixtureRequest) -> Callable[[Reader, Path], Journal[Opened, Event]]:
    """Read a journal with a given reader, whole or lazily."""
    if request.param == "read":
        return lambda reader, path: reader.read(path)
    return read_lazily


# Telling a journal from other files ---------------------------------------------------------------


@pytest.mark.parametrize(
    "beginning",
    [
        '{"type":"game_started","format":1,"seed":1,"board":[]}\n{"a":1}\n',
        '{"type":"game_started","format":7}',
        b'{"format":2,"type":"other"}\n',
        b'  {"owners": ["ada"], "format": 0}\r\n',
    ],
    ids=["a Watan journal", "any format", "another game's", "spaces and a carriage return"],
)
def test_a_journal_of_any_game_is_told_by_its_first_line(beginning: str | bytes) -> None:
    assert is_journal(beginning)


@pytest.mark.parametrize(
    "beginning",
    [
        "3 1 0 0 2 1 4 3\n",
        '{"type":"turn_ended","colour":0}\n{"format":1}\n',
        '{"format":"1"}',
        '{"format":1.0}',
        '{"format":true}',
        '[{"format":1}]',
        "{not json\n",
        b"[" * 100_000 + b"\n",
        "",
        "<!doctype html>\n",
    ],
    ids=[
        "a save file",
        "a format on the second line",
        "a format that is text",
        "a format that is not whole",
        "a format that is a truth value",
        "an array",
        "not JSON",
        "deep nesting",
        "nothing",
        "a page",
    ],
)
def test_what_does_not_begin_with_a_header_is_no_journal(beginning: str | bytes) -> None:
    assert not is_journal(beginning)


def test_the_written_format_is_the_headers_or_none() -> None:
    assert [written_format(line) for line in (b'{"format":3,"seed":1}', b"{}", "0")] == [
        3, None, None
    ]


def test_the_first_line_is_read_from_a_regular_file_only(tmp_path: Path) -> None:
    """A named pipe nobody writes to would be waited on for ever."""
    (tmp_path / "file").write_bytes(b'{"format":1}\nrest\n')
    (tmp_path / "long").write_bytes(b"x" * (LONGEST_LINE + 10))
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "folder").mkdir()
    read = [first_line(tmp_path / name) for name in ("file", "pipe", "folder", "missing")]
    assert read == [b'{"format":1}\n', None, None, None]
    assert len(first_line(tmp_path / "long") or b"") == LONGEST_LINE + 1
    assert first_line("with\0nul") is None


def _offset_after(data: bytes, lines: int) -> int:
    """Return the offset just past the first `lines` lines of `data`."""
    return sum(len(line) for line in data.splitlines(keepends=True)[:lines])


@pytest.mark.parametrize("skipped", [0, 1, 500, BLOCKS_OF_EVENTS - 1, BLOCKS_OF_EVENTS])
def test_a_stream_started_at_an_offset_gives_the_events_after_it(
    reader: Reader, journal_path: Path, skipped: int
) -> None:
    events = sample_events(BLOCKS_OF_EVENTS)
    data = journal_bytes(events)
    journal_path.write_bytes(data)
    start = Resume(_offset_after(data, 1 + skipped), skipped)
    header, stream = reader.iter_events(journal_path, start=start)
    with stream:
        assert (header, list(stream), stream.position) == (HEADER, events[skipped:], len(data))


def test_a_stream_started_at_an_offset_names_a_bad_line_as_a_whole_read_does(
    reader: Reader, journal_path: Path
) -> None:
    lines = event_lines(sample_events(BLOCKS_OF_EVENTS)).splitlines(keepends=True)
    bad = BLOCKS_OF_EVENTS - 7
    lines[bad - 2] = b'{"type":"deposited"}\n'
    data = HEADER_LINE + b"".join(lines)
    journal_path.write_bytes(data)
    with pytest.raises(JournalError) as whole:
        reader.read(journal_path)
    start = Resume(_offset_after(data, 1 + 300), 300)
    _, stream = reader.iter_events(journal_path, start=start)
    with pytest.raises(JournalError) as late, stream:
        list(stream)
    assert str(late.value) == str(whole.value)
    assert whole.value.line == bad


def test_a_stream_started_at_an_offset_sets_a_torn_tail_aside(
    reader: Reader, journal_path: Path
) -> None:
    events = sample_events(40)
    data = journal_bytes(events) + b'{"type":"depo'
    journal_path.write_bytes(data)
    start = Resume(_offset_after(data, 1 + 30), 30)
    _, stream = reader.iter_events(journal_path, start=start)
    with stream:
        assert (list(stream), stream.torn_tail) == (events[30:], b'{"type":"depo')


def test_a_stream_from_an_open_file_starts_at_the_offset_too(
    reader: Reader, journal_path: Path
) -> None:
    events = sample_events(50)
    data = journal_bytes(events)
    journal_path.write_bytes(data)
    with open(journal_path, "rb") as file:
        _, stream = reader.iter_events("named", file, start=Resume(_offset_after(data, 11), 10))
        assert list(stream) == events[10:]


def test_what_a_stream_reads_is_handed_over_whole_lines_at_a_time(
    reader: Reader, journal_path: Path
) -> None:
    data = journal_bytes(sample_events(BLOCKS_OF_EVENTS)) + b'{"torn'
    journal_path.write_bytes(data)
    seen: list[bytes] = []
    _, stream = reader.iter_events(journal_path, seen=seen.append)
    with stream:
        list(stream)
    assert len(seen) > 2
    assert all(part.endswith(b"\n") for part in seen)
    assert b"".join(seen) == data[: data.rindex(b"\n") + 1]
