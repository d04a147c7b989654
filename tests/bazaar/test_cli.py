"""The `bazaar` commands through click: exact output, exit statuses, files left as they were."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from bazaar.cli import main
from bazaar.definition import BAZAAR
from bazaar.engine.state import saved_game
from bazaar.files.savefile import format_save
from bazaar.tools.simulate import play_game
from replay.history import listing, load
from replay.writer import write_journal
from tests.bazaar.files.test_savefile import TEXT
from tests.conftest import ROOT

PLAYED = play_game(0, 21, ("greedy", "random"), (4, 4), 60)


def invoke(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(main, list(args), input=stdin)


@pytest.fixture
def journal(tmp_path: Path) -> Path:
    path = tmp_path / "game.jsonl"
    write_journal(path, PLAYED.header, PLAYED.events)
    return path


def test_replay_lists_every_event_numbered(journal: Path) -> None:
    result = invoke("replay", str(journal))
    assert (result.exit_code, result.output) == (
        0,
        "".join(listing(BAZAAR, PLAYED.header, PLAYED.events)),
    )


def test_replay_to_a_step_shows_the_board_statuses_and_whose_move(journal: Path) -> None:
    result = invoke("replay", str(journal), "--to", "0")
    lines = result.output.splitlines()
    assert result.exit_code == 0
    assert lines[0] == "    1     2     3     4"
    assert lines[6].startswith("1 greedy: gold 5, rubies 0")
    assert lines[-1] == "1 greedy's move: which way."


def test_replay_as_a_save_file_or_json(journal: Path) -> None:
    saved = invoke("replay", str(journal), "--format", "save")
    assert saved.output == format_save(saved_game(PLAYED.game))
    state = json.loads(invoke("replay", str(journal), "--to", "2", "--format", "json").output)
    assert state["merchants"][0]["name"] == "1 greedy"


def test_export_prints_or_writes_the_save_file_at_a_step(journal: Path, tmp_path: Path) -> None:
    at_two = format_save(saved_game(load(BAZAAR, journal, 2).state))
    assert invoke("export", str(journal), "--to", "2").output == at_two
    out = tmp_path / "two.txt"
    assert invoke("export", str(journal), "--to", "2", "-o", str(out)).exit_code == 0
    assert out.read_text() == at_two


def test_export_keeps_an_existing_file_unless_forced(journal: Path, tmp_path: Path) -> None:
    out = tmp_path / "mine.txt"
    out.write_text("my notes\n")
    refused = invoke("export", str(journal), "-o", str(out))
    assert (refused.exit_code, refused.output, out.read_text()) == (
        2, f"bazaar: {out}: already exists; give --force to replace it\n", "my notes\n"
    )
    assert invoke("export", str(journal), "-o", str(out), "--force").exit_code == 0
    assert out.read_text() == format_save(saved_game(PLAYED.game))


def test_export_to_a_place_that_cannot_be_written_is_one_line(
    journal: Path, tmp_path: Path
) -> None:
    target = tmp_path / "no" / "x.txt"
    result = invoke("export", str(journal), "-o", str(target))
    assert (result.exit_code, result.output) == (
        2,
        f"bazaar: {target}: cannot write it (No such file or directory)\n",
    )


def test_rewind_writes_a_shorter_journal_beside_the_original(journal: Path) -> None:
    result = invoke("rewind", str(journal), "--to", "2")
    target = journal.with_name("game-to-2.jsonl")
    assert result.output == (
        f"wrote {target} (2 events); play on with: bazaar play --resume {target}\n"
    )
    assert load(BAZAAR, target).events == PLAYED.events[:2]


def test_rewind_inside_a_command_goes_back_to_where_it_began(
    journal: Path, tmp_path: Path
) -> None:
    # The first command is a move onto a desert: the move and the end of it.
    target = tmp_path / "x.jsonl"
    inside = invoke("rewind", str(journal), "--to", "1", "-o", str(target))
    assert (inside.exit_code, inside.stderr, inside.stdout) == (
        0,
        "bazaar: step 1 is inside one command (events 1-2); kept the 0 events before it began\n",
        f"wrote {target} (0 events); play on with: bazaar play --resume {target}\n",
    )
    assert load(BAZAAR, target).events == ()


def test_rewind_onto_a_file_or_both_ways_is_refused(journal: Path, tmp_path: Path) -> None:
    (tmp_path / "taken.jsonl").write_text("mine")
    taken = invoke("rewind", str(journal), "--to", "2", "-o", str(tmp_path / "taken.jsonl"))
    assert (taken.exit_code, (tmp_path / "taken.jsonl").read_text()) == (2, "mine")
    both = invoke("rewind", str(journal), "--to", "1", "-o", "x", "--in-place")
    assert both.output == "bazaar: give either -o or --in-place, not both\n"


def test_rewind_in_place_replaces_the_journal(journal: Path) -> None:
    assert invoke("rewind", str(journal), "--to", "4", "--in-place").exit_code == 0
    assert load(BAZAAR, journal).events == PLAYED.events[:4]


def test_verify_says_ok_with_the_number_of_events(journal: Path) -> None:
    result = invoke("verify", str(journal))
    assert (result.exit_code, result.output) == (0, f"ok: {len(PLAYED.events)} events\n")


def test_verify_names_the_first_problem_with_its_line(journal: Path) -> None:
    lines = journal.read_text().splitlines(keepends=True)
    lines[3] = lines[3].replace('"player":1', '"player":0', 1)  # event 3: the second player moves
    journal.write_text("".join(lines))
    result = invoke("verify", str(journal))
    assert (result.exit_code, result.output) == (
        1,
        f"{journal}: line 4: the rules give '2 random moved up to row 2, column 1 (Desert)' "
        "here, not '1 greedy moved up to row 2, column 1 (Desert)'\n",
    )


def test_verify_refuses_a_torn_last_line(journal: Path) -> None:
    with journal.open("a") as file:
        file.write('{"type":"player_mo')
    result = invoke("verify", str(journal))
    assert result.exit_code == 1
    assert result.output == (
        f"{journal}: line {len(PLAYED.events) + 2}: the last line is incomplete (cut off "
        "mid-write); `bazaar play --resume` sets it aside and plays on\n"
    )


def test_every_journal_tool_reads_standard_input_given_as_a_dash(
    journal: Path, tmp_path: Path
) -> None:
    data = journal.read_text()
    from_file = [
        invoke(*args, str(journal), *rest).output
        for args, rest in [(("replay",), ()), (("replay",), ("--to", "2")), (("verify",), ())]
    ]
    from_input = [
        invoke(*args, "-", *rest, stdin=data).output
        for args, rest in [(("replay",), ()), (("replay",), ("--to", "2")), (("verify",), ())]
    ]
    assert from_input == from_file
    exported = invoke("export", "-", "--to", "2", stdin=data)
    assert exported.output == format_save(saved_game(load(BAZAAR, journal, 2).state))
    target = tmp_path / "short.jsonl"
    rewound = invoke("rewind", "-", "--to", "2", "-o", str(target), stdin=data)
    assert (rewound.exit_code, load(BAZAAR, target).events) == (0, PLAYED.events[:2])


def test_a_journal_from_standard_input_is_named_so_in_its_errors() -> None:
    result = invoke("verify", "-", stdin="")
    assert (result.exit_code, result.output) == (
        1, "standard input: empty file: there is no header line\n"
    )
    unnamed = invoke("rewind", "-", "--to", "2", stdin="")
    assert (unnamed.exit_code, unnamed.output) == (
        2,
        "bazaar: the journal comes from standard input: name the new one with -o OUT\n",
    )


def test_replay_and_export_before_damage_further_on_still_work(journal: Path) -> None:
    lines = journal.read_text().splitlines(keepends=True)
    lines[-1] = "damaged\n"
    journal.write_text("".join(lines))
    assert invoke("verify", str(journal)).exit_code == 1
    exported = invoke("export", str(journal), "--to", "2")
    assert (exported.exit_code, exported.output) == (
        0, format_save(saved_game(BAZAAR.fold(PLAYED.header, PLAYED.events[:2])))
    )


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"", "empty file: there is no header line"),
        (b"{}\n", "line 1: the first line is not this kind of journal's header"),
        (
            b"not json\n",
            "is not a journal: its first line is not a journal's header (a JSON object)",
        ),
    ],
)
def test_a_bad_journal_is_one_line_naming_the_file_and_status_2(
    tmp_path: Path, content: bytes, problem: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    for command in ("replay", "export"):
        result = invoke(command, str(path))
        assert result.exit_code == 2
        assert result.output.startswith(f"bazaar: {path}: {problem}")
        assert result.output.count("\n") == 1
    assert path.read_bytes() == content


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "Ann"], "bazaar: --players: 2 to 6 players play, not 1\n"),
        (["--players", "Ann,ann"], "bazaar: --players: two players are called 'ann'\n"),
        (["--size", "3x3"], "bazaar: --size: a board is 4x4 to 30x30, not 3x3\n"),
        (["-load", "nothere.txt"], "bazaar: nothere.txt: no such file\n"),
        (
            ["-load", "x", "--players", "A,B"],
            "bazaar: -load continues a saved game with its own players and board; "
            "drop --players, --size\n",
        ),
        (
            ["--resume", "x", "--size", "5x5"],
            "bazaar: --resume continues a journal; drop --players, --size, -load and --journal\n",
        ),
        (["--resume", "nothere.jsonl"], "bazaar: nothere.jsonl: no such file\n"),
        (
            ["--computer", "Bob"],
            "bazaar: --computer: 'Bob' is not NAME=STRATEGY (such as Ann=greedy)\n",
        ),
        (
            ["--computer", "Bob=smart"],
            "bazaar: --computer: 'smart' is no strategy; there are random, greedy\n",
        ),
        (
            ["--computer", "Bob=greedy", "--computer", "Bob=random"],
            "bazaar: --computer: 'Bob' is given twice\n",
        ),
        (
            ["--players", "Ann,Bob", "--size", "4x4", "--computer", "Cy=greedy"],
            "bazaar: --computer: no player is named 'Cy' (the players: Ann, Bob)\n",
        ),
    ],
)
def test_bad_play_options_are_one_line_and_status_2(
    args: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = invoke("play", *args)
    assert (result.exit_code, result.output) == (2, message)
    assert os.listdir(tmp_path) == []


def test_a_bad_save_file_to_load_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    path.write_text(TEXT.replace("turn 2 action", "turn 9 action"))
    result = invoke("play", "-load", str(path))
    assert (result.exit_code, result.output) == (
        2,
        f"bazaar: {path}: line 7: turn 9: there are 2 players\n",
    )


def test_play_with_everything_given_asks_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = invoke(
        "play", "--players", "Ann,Bob", "--size", "4x4", "-seed", "3",
        "--journal", "j.jsonl", stdin="left\n",
    )
    assert result.exit_code == 0
    assert result.output.startswith("Bazaar: Ann and Bob on a 4x4 board.")
    assert (tmp_path / "backup.bazaar").is_file()
    assert load(BAZAAR, tmp_path / "j.jsonl").header.seed == 3


def test_a_game_keeps_its_journal_in_the_bazaar_folder_of_watans_journal_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("WATAN_JOURNALS", str(tmp_path / "games"))
    result = invoke("play", "--players", "Ann,Bob", "--size", "4x4", "-seed", "3", stdin="left\n")
    assert result.exit_code == 0
    kept = list((tmp_path / "games" / "bazaar").glob("bazaar-*.jsonl"))
    assert [load(BAZAAR, path).header.seed for path in kept] == [3]
    assert sorted(os.listdir(work)) == ["backup.bazaar"]
    monkeypatch.delenv("WATAN_JOURNALS")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    again = invoke("play", "--players", "Ann,Bob", "--size", "4x4", "-seed", "3", stdin="left\n")
    assert again.exit_code == 0
    assert len(list((tmp_path / "data" / "watan" / "journals" / "bazaar").iterdir())) == 1


def test_diff_of_a_journal_with_itself_and_with_the_save_of_its_end_is_the_same_game(
    journal: Path, tmp_path: Path
) -> None:
    result = invoke("diff", str(journal), str(journal))
    assert (result.exit_code, result.output) == (
        0, f"{journal} and {journal} are the same game.\n"
    )
    end = tmp_path / "end.bazaar"
    end.write_text(format_save(saved_game(PLAYED.game)))
    assert invoke("diff", str(journal), str(end)).exit_code == 0


def test_diff_of_a_journal_and_its_rewound_copy_says_where_they_part_and_counts(
    journal: Path, tmp_path: Path
) -> None:
    short = tmp_path / "short.jsonl"
    write_journal(short, PLAYED.header, PLAYED.events[:4])
    result = invoke("diff", str(short), str(journal))
    lines = result.output.splitlines()
    fifth = BAZAAR.describe(PLAYED.header, PLAYED.events[4])
    assert (result.exit_code, lines[0]) == (
        1, f"The games part at step 5: A's journal ends at step 4 / {fifth}."
    )
    assert lines[-1] == f"{len(lines) - 2} differences."
    assert all(" → " in line for line in lines[1:-1])


def test_diff_for_programs_is_the_toolkits_document(journal: Path, tmp_path: Path) -> None:
    short = tmp_path / "short.jsonl"
    write_journal(short, PLAYED.header, PLAYED.events[:4])
    result = invoke("diff", str(short), str(journal), "--format", "json")
    made = json.loads(result.output)
    assert (result.exit_code, made["document"], made["version"], made["same"]) == (
        1, "bazaar-diff", 1, False
    )
    assert made["parting"]["step"] == 5
    assert {change["path"].split(".")[0] for change in made["changes"]} <= {
        "merchants[0]", "merchants[1]", "turn", "phase", "winner",
    }  # fmt: skip


def test_diff_of_two_different_games_says_so_in_one_line(journal: Path, tmp_path: Path) -> None:
    other = play_game(0, 22, ("greedy", "random"), (5, 5), 10)
    path = tmp_path / "other.jsonl"
    write_journal(path, other.header, other.events)
    result = invoke("diff", str(journal), str(path))
    assert (result.exit_code, result.output) == (
        1, f"{journal} and {path} are different games: their boards differ.\n"
    )
    both = invoke("diff", "-", "-")
    assert (both.exit_code, both.output) == (
        2, "bazaar: only one of A and B can be standard input\n"
    )


def test_view_writes_a_page_beside_the_journal_with_every_step_as_the_game_prints_it(
    journal: Path,
) -> None:
    result = invoke("view", str(journal), "--to", "2")
    page = journal.with_suffix(".html")
    assert (result.exit_code, result.output) == (
        0, f"wrote {page} ({len(PLAYED.events)} events)\n"
    )
    text = page.read_text()
    found = re.search(r'<script id="data" type="application/json">(.*?)</script>', text, re.S)
    assert found is not None
    data = json.loads(found[1])
    at_two = load(BAZAAR, journal, 2)
    assert data["opening"] == 2
    assert len(data["steps"]) == len(PLAYED.events) + 1
    assert data["steps"][2] == {
        "caption": f"2  {BAZAAR.describe(PLAYED.header, PLAYED.events[1])}",
        "text": invoke("replay", str(journal), "--to", "2").output,
    }
    assert at_two.events == PLAYED.events[:2]


def test_view_of_standard_input_prints_the_page_and_a_step_past_the_end_is_refused(
    journal: Path,
) -> None:
    printed = invoke("view", "-", stdin=journal.read_text())
    assert (printed.exit_code, printed.output.startswith("<!DOCTYPE html>")) == (0, True)
    past = invoke("view", str(journal), "--to", "9999")
    assert (past.exit_code, past.output) == (
        2, f"bazaar: --to 9999: the journal has steps 0 to {len(PLAYED.events)}\n"
    )
    itself = invoke("view", str(journal), "-o", str(journal))
    assert (itself.exit_code, itself.output) == (
        2, f"bazaar: {journal}: that is the journal itself; choose another name with -o\n"
    )


def test_simulate_reports_on_its_games() -> None:
    result = invoke("simulate", "--games", "3", "--seed", "4", "--size", "5x5")
    lines = result.output.splitlines()
    assert result.exit_code == 0
    assert lines[0] == "bazaar: simulating 3 games with seed 4"
    assert lines[1].startswith("games: 3 (")
    assert lines[2].startswith("speed: ")


SEATS = "bazaar: --players: 2 to 6 of random, greedy, separated by commas\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "greedy"], SEATS),
        (["--players", "greedy,smart"], SEATS),
        (["--size", "2x2"], "bazaar: --size: a board is 4x4 to 30x30, not 2x2\n"),
    ],
)
def test_simulate_refuses_bad_options_in_one_line(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["simulate", *args])
    assert (result.exit_code, result.output) == (2, message)


def test_the_installed_program_ends_a_bad_file_without_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "bad.txt").write_bytes(b"\x00\x01 not a save")
    result = subprocess.run(
        [sys.executable, "-m", "bazaar", "play", "-load", "bad.txt"],
        cwd=tmp_path,
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert (result.returncode, result.stdout) == (2, b"")
    assert result.stderr == (
        b"bazaar: bad.txt: line 1: "
        b"not a Bazaar save file (its first line is not 'bazaar save 1')\n"
    )


def test_rules_prints_the_rules_on_one_screen() -> None:
    shown = invoke("rules")
    assert (shown.exit_code, shown.stderr) == (0, "")
    assert shown.stdout.startswith("Bazaar: the rules in short\n\nTo win: be the first to hold 5 ")
    assert "  Gem merchant: a ruby for 12 gold, 1 more for each ruby you bought there.\n" in (
        shown.stdout
    )  # RULINGS-bazaar 7
