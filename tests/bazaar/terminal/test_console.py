"""The game at a terminal: set-up questions, the journal kept, saving on request and at the end."""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

import msgspec
import pytest

from bazaar.definition import BAZAAR
from bazaar.engine.commands import AnyCommand, Decline, Move
from bazaar.engine.events import GameResumed, GameStarted
from bazaar.engine.state import Game, Phase, saved_game
from bazaar.engine.tiles import Direction
from bazaar.files.savefile import format_save, parse_save
from bazaar.terminal.console import BACKUP, Options, Streams, play
from bazaar.terminal.session import NAMES_QUESTION, SIZE_QUESTION
from replay.history import load
from replay.recorder import reopen
from tests.bazaar.files.test_savefile import SAVED, TEXT


def run(
    lines: str, options: Options, work: Path, monkeypatch: pytest.MonkeyPatch, **extra: object
) -> tuple[int, str, str]:
    """Play with `lines` as input in `work`; return the status, standard output and error."""
    monkeypatch.chdir(work)
    out, err = io.StringIO(), io.StringIO()
    streams = Streams(io.BytesIO(lines.encode()), out, err)
    status = play(options, streams, **extra)  # type: ignore[arg-type]
    return status, out.getvalue(), err.getvalue()


def test_names_and_size_are_asked_until_good_then_the_game_begins(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run(
        "Ann\nAnn,Bob\nbig\n2x2\n4x5\nleft\n",
        Options(seed=3, journal="j.jsonl"),
        tmp_path,
        monkeypatch,
    )
    assert status == 0
    assert out.startswith(
        f"{NAMES_QUESTION}2 to 6 players play, not 1.\n{NAMES_QUESTION}"
        f"{SIZE_QUESTION}A size is two numbers, rows x columns, such as 6x6.\n"
        f"{SIZE_QUESTION}A board is 4x4 to 30x30, not 2x2.\n{SIZE_QUESTION}"
        "Bazaar: Ann and Bob on a 4x5 board."
    )
    header = load(BAZAAR, tmp_path / "j.jsonl").header
    assert (header.names, header.board.rows, header.board.columns, header.seed) == (
        ("Ann", "Bob"), 4, 5, 3,
    )
    assert err == "bazaar: input ended; the game is saved in backup.bazaar\n"


class Terminal(io.StringIO):
    """Standard error that is a terminal."""

    def isatty(self) -> bool:
        return True


def test_the_journal_location_is_said_on_standard_error_only_at_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As Watan's (docs/decisions.md, Journals): a piped session is silent on standard error
    unless something went wrong, and the journal's path never goes to standard output."""
    monkeypatch.chdir(tmp_path)
    options = Options(seed=3, names=("Ann", "Bob"), size=(4, 4), journal="j.jsonl")
    out, at_terminal = io.StringIO(), Terminal()
    play(options, Streams(io.BytesIO(b"left\n"), out, at_terminal))
    assert at_terminal.getvalue().splitlines() == [
        "bazaar: journal: j.jsonl",
        "End of input: the game is kept in j.jsonl and backup.bazaar; "
        "play on with `bazaar play --resume j.jsonl`.",
    ]
    assert "j.jsonl" not in out.getvalue()
    reopened = reopen(BAZAAR, tmp_path / "j.jsonl")
    out, at_terminal = io.StringIO(), Terminal()
    play(Options(seed=4), Streams(io.BytesIO(b""), out, at_terminal), reopened)
    events = len(reopened.journal.events)
    assert at_terminal.getvalue().splitlines()[0] == (
        f"bazaar: journal: {tmp_path / 'j.jsonl'} (resumed after event {events})"
    )
    assert "j.jsonl" not in out.getvalue()
    os.remove(tmp_path / "j.jsonl")
    status, out_piped, err_piped = run("left\n", options, tmp_path, monkeypatch)
    assert (status, "j.jsonl" in out_piped + err_piped) == (0, False)


def test_end_of_input_at_a_terminal_before_any_move_names_the_backup_to_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As Watan's end-of-input sentence: a journal that holds no move is removed, so the
    backup is what plays on."""
    monkeypatch.chdir(tmp_path)
    options = Options(seed=3, names=("Ann", "Bob"), size=(4, 4), journal="j.jsonl")
    at_terminal = Terminal()
    play(options, Streams(io.BytesIO(b""), io.StringIO(), at_terminal))
    assert at_terminal.getvalue().splitlines()[1:] == [
        "End of input: the game is saved in backup.bazaar; "
        "play on with `bazaar play -load backup.bazaar`."
    ]


def test_end_of_input_in_set_up_saves_nothing_and_writes_no_journal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, out, err = run("Ann,Bob\n", Options(seed=3), tmp_path, monkeypatch)
    assert (status, out) == (0, f"{NAMES_QUESTION}{SIZE_QUESTION}\n")
    assert err == "bazaar: input ended before the game began; there is nothing to save\n"
    assert list(tmp_path.iterdir()) == []


def test_a_game_that_ends_before_its_first_event_leaves_no_journal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As Watan's (docs/decisions.md, Journals): a journal that holds no move holds nothing
    to replay or play on; the game is in the backup."""
    options = Options(seed=3, names=("Ann", "Bob"), size=(4, 4), journal="j.jsonl")
    status, _, err = run("status\n", options, tmp_path, monkeypatch)
    assert (status, err) == (0, "bazaar: input ended; the game is saved in backup.bazaar\n")
    assert [p.name for p in tmp_path.iterdir()] == [BACKUP]


def test_end_of_input_saves_the_game_the_journal_folds_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    options = Options(seed=8, names=("Ann", "Bob", "Cy"), size=(5, 5), journal="j.jsonl")
    moves = "up\ndown\nyes\nleft\nno\nright\nyes\nup\nboard\nstatus\nsave\nyes\n" * 4
    status, _, _ = run(moves, options, tmp_path, monkeypatch)
    folded = load(BAZAAR, tmp_path / "j.jsonl").state
    assert status == 0
    assert (tmp_path / BACKUP).read_text() == format_save(saved_game(folded))


def test_save_writes_the_file_and_stops_and_load_goes_on_from_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    options = Options(seed=1, names=("Ann", "Bob"), size=(4, 4), journal="j.jsonl")
    status, out, _ = run("right\nsave paused.txt\nup\n", options, tmp_path, monkeypatch)
    assert status == 0
    assert out.endswith(
        "The game is saved in paused.txt; play on with: bazaar play -load paused.txt\n"
    )
    paused = parse_save((tmp_path / "paused.txt").read_text(), "paused.txt")
    assert paused == saved_game(load(BAZAAR, tmp_path / "j.jsonl").state)
    assert not (tmp_path / BACKUP).exists()
    loading = Options(seed=2, loaded=paused, journal="k.jsonl")
    status, out, _ = run("no\n", loading, tmp_path, monkeypatch)  # one event: the journal is kept
    header = load(BAZAAR, tmp_path / "k.jsonl").header
    assert header == GameStarted(
        seed=2, board=paused.board, names=("Ann", "Bob"), loaded=paused.position
    )


def test_a_save_that_fails_is_one_line_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    options = Options(seed=1, names=("Ann", "Bob"), size=(4, 4), journal="j.jsonl")
    status, out, err = run("save no/such/folder.txt\nright\n", options, tmp_path, monkeypatch)
    assert status == 0
    assert "bazaar: cannot save to no/such/folder.txt: No such file or directory\n" in err
    assert "moves right" in out or "cannot move right" in out


def test_a_journal_that_cannot_be_made_is_one_line_and_the_game_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "taken").write_text("not a folder")
    options = Options(seed=1, names=("Ann", "Bob"), size=(4, 4), journal="taken/j.jsonl")
    status, _, err = run("", options, tmp_path, monkeypatch)
    assert status == 0
    assert err.splitlines()[0] == (
        "bazaar: cannot write the journal taken/j.jsonl: taken is not a folder"
    )
    assert (tmp_path / BACKUP).exists() and (tmp_path / "taken").read_text() == "not a folder"


def test_a_loaded_game_that_is_over_shows_its_winner_and_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    over = TEXT.replace("turn 2 action", "turn 2 over").replace(
        "gold 13 rubies 0 spice 1 fabric 1 jewels 1", "gold 13 rubies 5 spice 0 fabric 0 jewels 0"
    )
    options = Options(seed=1, loaded=parse_save(over, "x"), journal="j.jsonl")
    status, out, _ = run("up\n", options, tmp_path, monkeypatch)
    assert status == 0
    assert out.endswith("This game is over: Bob Smith won it.\n")
    assert not (tmp_path / BACKUP).exists()


def test_a_resumed_journal_records_the_resumption_and_plays_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    options = Options(seed=1, loaded=SAVED, journal="j.jsonl")
    run("no\nright\n", options, tmp_path, monkeypatch)
    before = load(BAZAAR, tmp_path / "j.jsonl")
    reopened = reopen(BAZAAR, tmp_path / "j.jsonl")
    status, _, err = run("yes\n", Options(seed=6), tmp_path, monkeypatch, resumed=reopened)
    after = load(BAZAAR, tmp_path / "j.jsonl")
    assert status == 0
    assert after.events[: len(before.events) + 1] == (*before.events, GameResumed(seed=6))
    assert "journal" not in err  # said only on a terminal
    assert (tmp_path / BACKUP).read_text() == format_save(saved_game(after.state))


NEAR_A_WIN = (
    "bazaar save 1\nsize 4 4\nRES SPI FAB JWL\nCRT SML SPM JWM\nFBM BLK CAS GEM\nPAL DES DES DES\n"
    "turn 1 action\n"
    "player row 3 column 4 gold 16 rubies 4 spice 0 fabric 0 jewels 0 food 4 cart 9 gems 4 "
    "name Ann\n"
    "player row 1 column 1 gold 5 rubies 0 spice 1 fabric 1 jewels 1 food 10 cart 9 gems 0 "
    "name Bob\n"
)
"""Ann on a gem merchant, asked whether to buy her fifth ruby (12 + 4 gold)."""


def test_resuming_a_won_game_shows_it_and_adds_nothing_to_its_journal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    options = Options(seed=1, loaded=parse_save(NEAR_A_WIN, "x"), journal="j.jsonl")
    status, out, _ = run("yes\n", options, tmp_path, monkeypatch)
    assert (status, out.endswith("Ann holds 5 rubies and wins the game!\n")) == (0, True)
    journal = tmp_path / "j.jsonl"
    before = journal.read_bytes()
    reopened = reopen(BAZAAR, journal)
    status, out, _ = run("", Options(seed=9), tmp_path, monkeypatch, resumed=reopened)
    assert (status, journal.read_bytes()) == (0, before)
    assert out.endswith("This game is over: Ann won it.\n")


# --- Computers' seats (--computer NAME=STRATEGY) -----------------------------------------------


def _left_or_no(game: Game, _rng: random.Random) -> AnyCommand:
    """A computer that always declines an action and moves left where it can, else right."""
    if game.phase is Phase.ACTION:
        return Decline()
    left = game.board.neighbour(game.mover.square, Direction.LEFT)
    return Move(direction=Direction.LEFT if left is not None else Direction.RIGHT)


def test_a_computers_seat_types_its_commands_after_the_prompt_and_they_are_recorded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # SAVED: Bob Smith on the gem merchant (row 3, column 4), asked whether to act.
    options = Options(seed=1, loaded=SAVED, journal="j.jsonl", computers={"Bob Smith": _left_or_no})
    status, out, _ = run("right\nno\n", options, tmp_path, monkeypatch)
    assert status == 0
    assert out.count("Bob Smith, take the action (yes or no)? no\n") == 2
    assert "Bob Smith, which way (up, down, left or right)? left\n" in out
    assert out.endswith("Ann, which way (up, down, left or right)? \n")  # Ann is a person
    events = load(BAZAAR, tmp_path / "j.jsonl").events
    assert [type(event).__name__ for event in events[:2]] == ["ActionDeclined", "TurnEnded"]


def test_a_seat_for_no_player_or_for_every_player_is_refused_before_anything_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    nobody = Options(seed=1, loaded=SAVED, journal="j.jsonl", computers={"Cy": _left_or_no})
    assert run("", nobody, tmp_path, monkeypatch) == (
        2, "", "bazaar: --computer: no player is named 'Cy' (the players: Ann, Bob Smith)\n"
    )
    everyone = msgspec.structs.replace(
        nobody, computers={"Ann": _left_or_no, "Bob Smith": _left_or_no}
    )
    assert run("", everyone, tmp_path, monkeypatch) == (
        2, "", "bazaar: --computer: every player would be a computer; leave one to a person\n"
    )
    assert os.listdir(tmp_path) == []


def test_a_resumed_journal_with_a_seat_for_no_player_is_left_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run("no\n", Options(seed=1, loaded=SAVED, journal="j.jsonl"), tmp_path, monkeypatch)
    before = (tmp_path / "j.jsonl").read_bytes()
    reopened = reopen(BAZAAR, tmp_path / "j.jsonl")
    options = Options(seed=2, computers={"Cy": _left_or_no})
    status, _, err = run("", options, tmp_path, monkeypatch, resumed=reopened)
    assert (status, err) == (
        2, "bazaar: --computer: no player is named 'Cy' (the players: Ann, Bob Smith)\n"
    )
    assert (tmp_path / "j.jsonl").read_bytes() == before
