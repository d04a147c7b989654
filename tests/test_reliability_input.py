"""Any input line at any prompt: the real interactive loop, fed hostile and random bytes.

Two tests, both through `watan.terminal.console.play_games` with `io.BytesIO` input, as
`watan` runs it:

- Every line of `HOSTILE` (very long lines, control characters, NUL, bytes that are not
  UTF-8, only spaces, signed and huge numbers, letter case) at every kind of prompt of
  `test_reliability_eof.AT_PROMPTS`: each answers nothing, so each gets the reply the
  spec or the rulings give there, worked out by hand, then the same question again; the
  game is unchanged, so the journal and `backup.sv` are those of end of input there.

- A hypothesis property (seeded, bounded): random streams mixing lines that fit the
  current question (placements, rolls, builds, trades, answers, `save`s) with hostile
  ones, dressed with `\\r\\n` ends, tabs between words and spaces around them.

  How "after each command the journal folds to the live state" is checked:
  `play_games` keeps its live game to itself, so the test first runs a *twin* of it:
  the same pure dialogue (`session.respond`), the same lines, a random generator seeded
  and drawn from in the same order (`first_header`, each reply, `next_header`).  The
  twin gives, for every prompt, the whole standard output so far and the live game.
  Then the real loop runs on the same bytes, and its input stream checks, each time the
  loop asks for a line, that (1) the standard output so far is the twin's, byte for
  byte, and (2) the journal on disk, which only ever grew by whole lines, folds to the
  twin's game.  Equal output at every prompt is what shows the twin is in the program's
  state; the fold is then compared with that state.  At the end: exit status 0, the
  standard error lines expected (the journals, the saves that cannot be written),
  every journal passes the audit against the rules, `backup.sv` is the format of the
  fold of the journal, every `save` wrote the game of its moment, and no temporary file
  is left behind.
"""

from __future__ import annotations

import io
import os
import random
import tracemalloc
from pathlib import Path
from typing import NamedTuple

import msgspec
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from replay.edges.lines import LONGEST_INPUT_LINE, OVERLONG
from tests.conftest import WATAN, at_step
from tests.replay.edges.test_lines import Endless
from tests.terminal.test_console import play
from tests.test_definition import SAMPLE, WIN_SAVE
from tests.test_properties import random_line
from tests.test_reliability_eof import AT_PROMPTS, backup, recorded
from watan.engine.events import AnyEvent, GameStarted
from watan.engine.evolve import apply, start
from watan.engine.resources import HELD
from watan.engine.state import COLOURS, Game, Phase, saved_game
from watan.files.savefile import format_save
from watan.match.making import first_header, next_header
from watan.match.options import Options
from watan.players.table import Table
from watan.players.table import play as play_out
from watan.terminal import session as talk
from watan.terminal.console import Streams, play_games
from watan.terminal.seats import AtTerminal, InputEnded
from watan.text import wording

HOSTILE: tuple[bytes, ...] = (
    b"",
    b"   ",
    b"\t \t",
    b"\r",
    b"\xc2\xa0\xe2\x80\x83",  # no-break space, em space
    b"a" * 100_000,
    b"9" * 100_000,
    b"-" + b"1" * 100_000,
    b"roll " * 20_000,
    b"roll" + b" " * LONGEST_INPUT_LINE,  # `roll`, but past the limit: one unrecognised line
    b"yes" + b"\t" * LONGEST_INPUT_LINE,
    b"99999999999999999999999999999999",
    b"-99999999999999999999999999999999",
    b"+3",
    b"+7",
    b"7.5",
    b"0x10",
    b"1e3",
    b"\xd9\xa3",  # ARABIC-INDIC DIGIT THREE: not an ASCII digit (RULINGS 25)
    b"\x00",
    b"\x00roll",
    b"roll\x00",
    b"yes\x00",
    bytes(range(1, 10)) + bytes(range(11, 32)),
    b"\x1b[2J\x1b[31mYellow\x1b[0m",
    b"\x7f",
    b"\xff\xfe",
    b"\xc3(",
    b"roll\xff",
    b"no\xff",
    b"Yellow\xff",
    b"\xef\xbb\xbfroll",  # a byte order mark glued to a command
    b"ROLL",
    b"Yes",
    b"NO",
    b"Purple",
)
"""Lines that answer no question: not a command, an integer in range, a colour, yes or no."""


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("line", HOSTILE, ids=lambda line: repr(line[:24]))
@pytest.mark.parametrize("prompt", list(AT_PROMPTS))
def test_a_line_that_answers_nothing_gets_the_prompts_own_reply_and_changes_nothing(
    prompt: str, line: bytes
) -> None:
    at = AT_PROMPTS[prompt]
    data = at.lines.encode() + line + b"\n"
    played = play(at.options, "", io.BytesIO(data))
    assert (played.status, played.stdout, played.stderr) == (
        0,
        at.stdout + at.again,
        "",
    )
    assert backup() == at.backup
    assert recorded() == list(at.events)


# The property ----------------------------------------------------------------------------------

JOURNAL = "game.jsonl"
SAVES: dict[str, str | None] = {
    "saved.sv": None,
    "sub/saved.sv": None,
    "missing/saved.sv": "No such file or directory",
    "sub": "Is a directory",
    "nul\x00.sv": "a file name cannot hold a NUL character",
    "n" * 300 + ".sv": "File name too long",
}
"""Where `save` is asked to write (the folder `sub` exists), and why it cannot, if it can't."""

STARTS = {
    "new game": Options(seed=0, journal=JOURNAL, edition=WATAN, rules=WATAN.rules),
    "sample save": Options(
        seed=0, loaded=SAMPLE, journal=JOURNAL, edition=WATAN, rules=WATAN.rules
    ),
    "a win away": Options(
        seed=0, loaded=WIN_SAVE, journal=JOURNAL, edition=WATAN, rules=WATAN.rules
    ),
}


class Moment(NamedTuple):
    """Where the twin stands when the loop asks for a line (or ends)."""

    game_number: int
    game: Game
    stdout: str
    question: str


class Twin(NamedTuple):
    """What the real loop must do with `data`, as the pure dialogue does it."""

    data: bytes
    moments: list[Moment]
    saves: dict[int, str]
    """Line number -> a path `save` wrote at that line (checked at the next prompt)."""
    stderr: list[str]
    """The lines of standard error: only what went wrong (a piped game says no more)."""
    stdout: str
    ended_by_input: bool
    games: int


def dress(line: str, how: int) -> bytes:
    """Return a line as a player might type it, with spaces the game must see through."""
    if how == 1:
        return f"{line}\r\n".encode()
    if how == 2:
        return f"  {line} \t\n".encode()
    if how == 3:
        return ("\t".join(line.split(" ")) + "\n").encode()
    return f"{line}\n".encode()


def fitting(current: talk.Session, seed: int) -> str:
    """Return a line that fits the question asked now, often a valid answer."""
    rng = random.Random(seed)
    if current.pending is None and current.game.phase is Phase.OVER:
        return rng.choice(("yes", "no", "maybe", "yes"))
    if current.pending is None and current.game.phase in (Phase.BEFORE_ROLL, Phase.AFTER_ROLL):
        if rng.random() < 0.1:
            return f"save {rng.choice(list(SAVES))}"
        held = [r.name for r in HELD if current.game.students[current.game.turn].resources[r]]
        if held and rng.random() < 0.15:
            partner = rng.choice([c.title for c in COLOURS if c is not current.game.turn])
            return f"trade {partner} {rng.choice(held)} {rng.choice(HELD).name}"
    return random_line(current, rng)


def a_line(data: st.DataObject, current: talk.Session) -> bytes:
    kind = data.draw(st.integers(0, 9), label="kind")
    if kind < 7:
        seed = data.draw(st.integers(0, 2**32), label="seed")
        return dress(fitting(current, seed), data.draw(st.integers(0, 3), label="dress"))
    if kind == 7:
        return data.draw(st.sampled_from(HOSTILE), label="hostile") + b"\n"
    if kind == 8:
        raw = data.draw(st.binary(max_size=40), label="bytes")
        return raw.replace(b"\n", b"") + b"\n"
    number = data.draw(st.integers(-(10**40), 10**40), label="number")
    word = data.draw(st.sampled_from(("", "+", "achieve ", "complete\t", "improve  ")))
    return f"{number:+d}\n".encode() if word == "+" else f"{word}{number}\n".encode()


def twin(options: Options, data: st.DataObject, count: int) -> Twin:
    """Play as `play_games` does, through the same table, drawing each line for the question
    then asked; return what the real program must do with those lines."""
    rng = random.Random(options.seed)
    number = 1
    out: list[str] = []
    lines: list[bytes] = []
    moments: list[Moment] = []
    saves: dict[int, str] = {}
    stderr: list[str] = []

    def next_line(current: talk.Session) -> str | None:
        index = len(lines)
        moments.append(Moment(number, live[0], "".join(out), asked(current)))
        if index == count:
            return None
        raw = a_line(data, current)
        if index == count - 1 and raw != b"\n" and data.draw(st.booleans(), label="unended"):
            raw = raw[:-1]  # the last line may end without its newline
        lines.append(raw)
        if len(raw.rstrip(b"\n")) > LONGEST_INPUT_LINE:
            raw = OVERLONG  # one line that no prompt accepts (replay.edges.lines)
        return raw.decode("utf-8", errors="replace")

    def save(_: Game, path: str) -> None:
        problem = SAVES[path]
        if problem is None:
            saves[len(lines) - 1] = path
        else:
            # control characters in the name are shown escaped (replay.edges.messages)
            shown = path.replace("\0", "\\x00")
            stderr.append(f"watan: cannot save to {shown}: {problem}")

    def heard(before: Game, events: tuple[AnyEvent, ...], after: Game) -> None:
        out.append(wording.narrate(before, events, after, WATAN))
        live[0] = after

    person = AtTerminal(next_line, out.append, save, WATAN)
    live = [start(first_header(options, rng))]
    while True:
        out.append(wording.opening(live[0], WATAN))
        try:
            over = play_out(live[0], Table(lambda _, __: person), rng, heard)
            again = person.play_again(over)
        except InputEnded:
            return Twin(b"".join(lines), moments, saves, stderr, "".join(out), True, number)
        if not again:
            return Twin(b"".join(lines), moments, saves, stderr, "".join(out), False, number)
        number += 1
        live[0] = start(next_header(options, rng, number))


def asked(current: talk.Session) -> str:
    """Name the question asked now, for hypothesis's statistics."""
    if current.pending is not None:
        return type(current.pending).__name__
    return current.game.phase.name


EVENT = msgspec.json.Decoder(AnyEvent)


class Folds:
    """The journals on disk, folded a line at a time as they grow."""

    def __init__(self) -> None:
        self._seen: dict[Path, tuple[bytes, Game]] = {}

    def game(self, number: int) -> Game:
        path = journal_of(number)
        data = path.read_bytes()
        seen, game = self._seen.get(path, (b"", None))
        assert data.startswith(seen), "a journal changed what it already held"
        grown = data[len(seen) :]
        assert grown.endswith(b"\n") or not grown, "a journal ends with part of a line"
        lines = grown.splitlines()
        if game is None:
            game = start(msgspec.json.decode(lines.pop(0), type=GameStarted))
        for line in lines:
            game = apply(game, EVENT.decode(line))
        self._seen[path] = (data, game)
        return game


def journal_of(number: int) -> Path:
    """Return game `number`'s journal: --journal for the first, then new ones in journals/."""
    if number == 1:
        return Path(JOURNAL)
    [path] = [p for p in Path("journals").iterdir() if header_of(p).game == number]
    return path


def kept(number: int) -> bool:
    """Return whether game `number` left a journal (it did unless it recorded nothing)."""
    if number == 1:
        return Path(JOURNAL).exists()
    return any(header_of(p).game == number for p in Path("journals").iterdir())


def header_of(path: Path) -> GameStarted:
    return msgspec.json.decode(path.read_bytes().split(b"\n", 1)[0], type=GameStarted)


class Checking(io.BytesIO):
    """Input that, each time the loop asks for a line, checks the loop against the twin.

    The rest of an over-long line is read in more pieces; those are not new questions.
    """

    def __init__(self, expected: Twin, stdout: io.StringIO) -> None:
        super().__init__(expected.data)
        self._twin, self._stdout, self._folds = expected, stdout, Folds()
        self.asked = 0
        self._in_a_line = False

    def readline(self, size: int | None = -1) -> bytes:
        if self._in_a_line:
            piece = super().readline(size)
            self._in_a_line = piece != b"" and not piece.endswith(b"\n")
            return piece
        moment = self._twin.moments[self.asked]
        assert self._stdout.getvalue() == moment.stdout
        assert self._folds.game(moment.game_number) == moment.game
        saved = self._twin.saves.get(self.asked - 1)
        if saved is not None:
            assert Path(saved).read_text() == format_save(saved_game(moment.game), WATAN)
        self.asked += 1
        line = super().readline(size)
        self._in_a_line = len(line) == size and not line.endswith(b"\n")
        return line


@pytest.mark.slow  # hundreds of random sessions
@settings(
    max_examples=600,
    deadline=None,
    derandomize=True,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.function_scoped_fixture,  # each example works in a folder of its own
    ],
)
@given(
    start_from=st.sampled_from(list(STARTS)),
    seed=st.integers(0, 2**32),
    count=st.integers(0, 120),
    data=st.data(),
)
def test_random_input_never_breaks_the_loop_and_the_journal_follows_every_command(
    tmp_path_factory: pytest.TempPathFactory,
    start_from: str,
    seed: int,
    count: int,
    data: st.DataObject,
) -> None:
    os.chdir(tmp_path_factory.mktemp("play"))
    Path("sub").mkdir()
    options = msgspec.structs.replace(STARTS[start_from], seed=seed)
    expected = twin(options, data, count)
    for question in sorted({moment.question for moment in expected.moments}):
        event(f"asked: {question}")
    event(f"games: {expected.games}")
    out, err = io.StringIO(), io.StringIO()
    stdin = Checking(expected, out)

    status = play_games(options, Streams(stdin, out, err))

    assert (status, out.getvalue()) == (0, expected.stdout)
    assert stdin.asked == len(expected.moments)
    stderr = err.getvalue().splitlines()
    assert stderr == expected.stderr
    final = expected.moments[-1].game
    if kept(expected.games):
        assert at_step(str(journal_of(expected.games))).state == final
    else:  # a game that ended before its first event leaves no journal behind
        played = {m.game for m in expected.moments if m.game_number == expected.games}
        assert played == {final}
    for number in range(1, expected.games):
        assert at_step(str(journal_of(number))).state.phase is Phase.OVER
    wants_backup = expected.ended_by_input and talk.wants_backup(final, WATAN)
    assert backup() == (format_save(saved_game(final), WATAN) if wants_backup else None)
    left = {p.name for p in Path().iterdir()} | {f"sub/{p.name}" for p in Path("sub").iterdir()}
    assert left <= {JOURNAL, "journals", "backup.sv", "saved.sv", "sub", "sub/saved.sv"}, left


def test_a_huge_line_of_short_words_at_a_turn_prompt_is_one_invalid_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    at = AT_PROMPTS["turn start"]
    words = io.BufferedReader(Endless(21 * 1024 * 1024))
    stdin = io.BytesIO(at.lines.encode() + words.read() + b"roll\n")
    tracemalloc.start()
    try:
        played = play(at.options, "", stdin)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert played.stdout.startswith(at.stdout + at.again)
    assert played.status == 0
    assert peak < 16 * 1024 * 1024  # the 21 MB of input is the test's own; the game's is small
