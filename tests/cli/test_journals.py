"""`watan games`, `rewind --turn`, `diff` of different games: the journal commands.

Journals here are played through the real loop: the sample turns of `test_definition` (Blue's
turn 1, events 1-7, then Red's turn 2, events 8-11) and Blue's winning turn from
`WIN_SAVE`.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.cli.test_constructor_cli import END_SAVE as CONSTRUCTOR_SAVE
from tests.cli.test_tools import END_SAVE, journal, lines_of, play_into
from tests.conftest import ROOT, WATAN
from tests.test_definition import SAMPLE, WIN_SAVE
from watan.cli.app import main
from watan.engine.state import Colour
from watan.match.options import Options
from watan.terminal.console import Streams, play_games

__all__ = ["journal"]


def run(*args: str, program: str = "watan") -> Result:
    return CliRunner().invoke(main, list(args), prog_name=program, obj=program)


def outcome(result: Result) -> tuple[int, str, str]:
    return result.exit_code, result.stdout, result.stderr


# games -------------------------------------------------------------------------------------------


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A journal folder holding three games (and a damaged file), named for their starts."""
    monkeypatch.chdir(tmp_path)
    games = tmp_path / "games"
    games.mkdir()
    monkeypatch.setenv("WATAN_JOURNALS", str(games))
    play_into(str(games / "watan-20250301-100000-000000.jsonl"))  # in progress: Orange next
    won = games / "watan-20250302-110000-000000.jsonl"
    play_into(
        str(won),
        "load\nroll\n12\nimprove 30\n",
        Options(edition=WATAN, rules=WATAN.rules, seed=2, loaded=WIN_SAVE, journal=str(won)),
    )  # won by Blue
    computers = Options(
        edition=WATAN,
        rules=WATAN.rules,
        seed=4,
        loaded=SAMPLE,
        journal=str(games / "watan-20250303-120000-000000.jsonl"),
        seats=((Colour.RED, "greedy"),),
        computers=True,
    )
    typed = io.BytesIO(b"load\nroll\n8\ncomputer random\n")
    play_games(computers, Streams(typed, io.StringIO(), io.StringIO()))
    (games / "constructor-20250304-130000-000000.jsonl").write_text("not a journal\n")
    (games / "notes.txt").write_text("not listed")
    return games


def test_games_lists_the_journal_folder_newest_first_with_how_to_go_on(folder: Path) -> None:
    listed = run("games")
    assert outcome(listed) == (
        0,
        # The newest name first: the damaged file, then the game with computers, whose random
        # player (Blue's, from event 6) offered Yellow a trade when input ended.
        f"2025-03-04 13:00  {folder}/constructor-20250304-130000-000000.jsonl: cannot be "
        "read: is not a journal: its first line is not a journal's header (a JSON object)\n"
        "2025-03-03 12:00  watan  Blue human then random, Red greedy, Orange human, Yellow "
        "human  6 events  in progress: Blue's turn, after the roll.\n"
        f"    watan play --resume {folder}/watan-20250303-120000-000000.jsonl\n"
        "2025-03-02 11:00  watan  Blue human, Red human, Orange human, Yellow human  4 events  "
        "won by Blue\n"
        f"    watan replay {folder}/watan-20250302-110000-000000.jsonl\n"
        "2025-03-01 10:00  watan  Blue human, Red human, Orange human, Yellow human  11 events  "
        "in progress: Orange's turn, before the roll (fair dice).\n"
        f"    watan play --resume {folder}/watan-20250301-100000-000000.jsonl\n",
        "",
    )


def test_games_lists_a_games_house_rules_after_its_edition(tmp_path: Path) -> None:
    # The format-2 fixture: a game with all four house rules, won by Blue's vp card.
    games = tmp_path / "house"
    games.mkdir()
    kept = games / "watan-20250305-090000-000000.jsonl"
    kept.write_bytes((ROOT / "fixtures" / "journals" / "format-2.jsonl").read_bytes())
    assert outcome(run("games", str(games))) == (
        0,
        "2025-03-05 09:00  watan with bank-trade, dev-cards, geese-start-on-park, seven-over-7"
        "  Blue human, Red human, Orange human, Yellow human  36 events  won by Blue\n"
        f"    watan replay {kept}\n",
        "",
    )


def test_games_in_another_folder_or_none_at_all(folder: Path, tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    assert outcome(run("games", str(tmp_path / "empty"))) == (
        0, f"No games in {tmp_path}/empty yet.\n", ""
    )
    listed = run("games", str(folder), program="constructor")
    assert f"    constructor play --resume {folder}/" in listed.stdout


def test_the_default_folder_is_in_the_users_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("WATAN_JOURNALS")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert outcome(run("games")) == (0, f"No games in {tmp_path}/data/watan/journals yet.\n", "")


def test_a_game_started_at_the_command_line_is_kept_in_the_journal_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("WATAN_JOURNALS")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    Path("game.sv").write_text(END_SAVE)
    played = CliRunner().invoke(main, ["-load", "game.sv"], input="load\n")
    assert (played.exit_code, played.stderr) == (0, "")
    [kept] = (tmp_path / "data" / "watan" / "journals").iterdir()
    assert kept.name.startswith("watan-")
    assert sorted(os.listdir(tmp_path)) == ["backup.sv", "data", "game.sv"]  # no ./journals


# rewind by turns, and inside commands -----------------------------------------------------------


def test_rewind_to_a_turn_keeps_the_events_before_it_began(journal: str) -> None:
    assert outcome(run("rewind", journal, "--turn", "2")) == (
        0,
        "wrote game-to-7.jsonl (7 events); play on with: watan play --resume game-to-7.jsonl\n",
        "",
    )
    assert lines_of("game-to-7.jsonl") == lines_of(journal)[:8]


def test_rewind_needs_a_step_or_a_turn(journal: str) -> None:
    result = run("rewind", journal)
    assert (result.exit_code, result.stderr.splitlines()[-1]) == (
        2, "Error: give --to N or --turn N"
    )


def test_rewind_to_a_turn_not_reached_is_one_line(journal: str) -> None:
    assert outcome(run("rewind", journal, "--turn", "4")) == (
        2, "", "watan: game.jsonl: there is no turn 4: the last is 3\n"
    )


# diff of games that have nothing in common ------------------------------------------------------


def test_diff_of_two_different_games_says_so_in_one_line(journal: str, tmp_path: Path) -> None:
    play_into("won.jsonl", "load\n", Options(
        edition=WATAN, rules=WATAN.rules, seed=2, loaded=WIN_SAVE, journal="won.jsonl"
    ))
    assert outcome(run("diff", journal, "won.jsonl")) == (
        1, "game.jsonl and won.jsonl are different games: their starting positions differ.\n", ""
    )


def test_diff_of_games_on_two_boards_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    play_into("a.jsonl", "8\n", Options(
        edition=WATAN, rules=WATAN.rules, seed=1, journal="a.jsonl"
    ))  # two random boards
    play_into("b.jsonl", "8\n", Options(
        edition=WATAN, rules=WATAN.rules, seed=2, journal="b.jsonl"
    ))
    assert outcome(run("diff", "a.jsonl", "b.jsonl")) == (
        1, "a.jsonl and b.jsonl are different games: their boards differ.\n", ""
    )


def test_diff_of_a_journal_and_another_editions_save_says_so_in_one_line(
    journal: str,
) -> None:
    Path("c.sv").write_text(CONSTRUCTOR_SAVE)  # on the same board, Figure 1's
    assert outcome(run("diff", journal, "c.sv", "--edition", "constructor")) == (
        1, "game.jsonl and c.sv are different games: their editions differ.\n", ""
    )


def test_same_named_games_still_compare_step_by_step(journal: str) -> None:
    Path("short.jsonl").write_bytes(b"".join(lines_of(journal)[:8]))
    assert outcome(run("diff", journal, "short.jsonl", "--turn", "2")) == (
        0, "game.jsonl and short.jsonl are the same game.\n", ""
    )

