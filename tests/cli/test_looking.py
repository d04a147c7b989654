"""`show`, `replay`, `export` and `view`: steps counted in turns, files kept unless forced,
and the wrong kind of file answered helpfully.

The journal is the sample turns of `test_definition`: Blue's turn 1 is events 1-7, Red's turn 2
events 8-11, and Orange's turn 3 begins at step 11.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.cli.test_constructor_cli import END_SAVE as CONSTRUCTOR_SAVE
from tests.cli.test_tools import END_SAVE, STEP_5_SAVE, journal
from tests.conftest import reference
from watan.cli.app import main

__all__ = ["journal"]

STEP_7_SAVE = (
    "1\n"
    "1 0 1 4 0 g 38 47 43 c 37 3 25 3 30 1\n"
    "0 0 0 0 0 g 56 48 64 c 32 2 44 1\n"
    "5 0 0 1 0 g 24 50 33 41 c 16 2 40 1\n"
    "0 0 2 0 0 g 27 32 c 20 1 27 1\n"
)
"""The save's students as Red's turn 2 begins: STEP_5_SAVE, then Blue gave Orange one STUDY
for one CAFFEINE (Orange: 6 CAFFEINE less one, and one STUDY)."""


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def run(*args: str, program: str = "watan") -> Result:
    return CliRunner().invoke(main, list(args), prog_name=program, obj=program)


def outcome(result: Result) -> tuple[int, str, str]:
    return result.exit_code, result.stdout, result.stderr


# --turn wherever --to works ---------------------------------------------------------------------


def test_export_at_a_turn_is_the_save_as_that_turn_begins(journal: str) -> None:
    assert run("export", journal, "--turn", "2").stdout.startswith(STEP_7_SAVE)
    assert outcome(run("export", journal, "--turn", "3")) == (0, END_SAVE, "")
    assert outcome(run("export", journal, "--turn", "1")) == (
        0, run("export", journal, "--to", "0").stdout, ""
    )


def test_replay_at_a_turn_is_replay_at_its_first_step(journal: str) -> None:
    assert outcome(run("replay", journal, "--turn", "2")) == outcome(
        run("replay", journal, "--to", "7")
    )
    assert run("replay", journal, "--turn", "2", "--format", "sv").stdout.startswith(STEP_7_SAVE)


@pytest.mark.parametrize(
    ("turn", "message"),
    [
        ("4", "there is no turn 4: the last is 3"),
        ("0", "there is no turn 0: turns count from 1, after setup"),
    ],
)
def test_a_turn_not_in_the_journal_is_one_line(journal: str, turn: str, message: str) -> None:
    for command in ("replay", "export", "view"):
        assert outcome(run(command, journal, "--turn", turn)) == (
            2, "", f"watan: game.jsonl: {message}\n"
        )


def test_to_and_turn_together_are_a_usage_error(journal: str) -> None:
    for command in ("replay", "export", "view", "rewind", "diff"):
        args = [command, journal, *([journal] if command == "diff" else [])]
        result = run(*args, "--to", "3", "--turn", "2")
        assert (result.exit_code, result.stderr.splitlines()[-1]) == (
            2, "Error: give --to or --turn, not both"
        )


def test_view_opens_at_the_step_or_turn_asked_for(journal: str) -> None:
    assert '"opening":0' in run("view", journal, "-o", "-").stdout
    assert '"opening":5' in run("view", journal, "--to", "5", "-o", "-").stdout
    assert '"opening":7' in run("view", journal, "--turn", "2", "-o", "-").stdout
    assert outcome(run("view", journal, "--to", "12")) == (
        2, "", "watan: game.jsonl: there is no step 12: the last event is 11\n"
    )


# export keeps what is there ---------------------------------------------------------------------


def test_export_refuses_to_replace_a_file_without_force(journal: str) -> None:
    Path("end.sv").write_text("mine\n")
    assert outcome(run("export", journal, "-o", "end.sv")) == (
        2, "", "watan: end.sv: already exists; give --force to replace it\n"
    )
    assert Path("end.sv").read_text() == "mine\n"
    assert outcome(run("export", journal, "--to", "5", "-o", "end.sv", "--force")) == (0, "", "")
    assert Path("end.sv").read_text() == STEP_5_SAVE


# The wrong kind of file -------------------------------------------------------------------------


def test_show_of_a_journal_names_replay(journal: str) -> None:
    assert outcome(run("show", journal)) == (
        2,
        "",
        "watan: game.jsonl: is a game's journal, not a board or save file: "
        "`watan play --resume game.jsonl` plays on from it, `watan replay game.jsonl` lists "
        "its events\n",
    )
    result = CliRunner().invoke(main, ["show", "-"], input=Path(journal).read_bytes())
    assert outcome(result) == (
        2,
        "",
        "watan: standard input: is a game's journal, not a board or save file: "
        "`watan play --resume -` plays on from it, `watan replay -` lists its events\n",
    )


def test_a_journal_given_as_a_save_or_board_file_to_play_names_resume(journal: str) -> None:
    assert outcome(run("-load", journal)) == (
        2,
        "",
        "watan: game.jsonl: is a game's journal, not a board or save file: "
        "`watan play --resume game.jsonl` plays on from it, `watan replay game.jsonl` lists "
        "its events\n",
    )
    assert outcome(run("-board", journal))[2].startswith("watan: game.jsonl: is a game's journal")


def test_a_save_file_of_the_other_edition_names_the_edition_to_add(tmp_path: Path) -> None:
    Path("c.sv").write_text(CONSTRUCTOR_SAVE)
    assert outcome(run("show", "c.sv")) == (
        2,
        "",
        "watan: c.sv: is a Constructor save file, not a Students of Watan one: "
        "add --edition constructor\n",
    )
    assert run("show", "c.sv", "--edition", "constructor").exit_code == 0
    Path("w.sv").write_text(reference("sample-save.sv"))
    assert outcome(run("show", "w.sv", program="constructor")) == (
        2,
        "",
        "constructor: w.sv: is a Students of Watan save file, not a Constructor one: "
        "add --edition watan\n",
    )


def test_a_save_file_wrong_for_both_editions_keeps_its_own_message(tmp_path: Path) -> None:
    Path("bad.sv").write_text(reference("sample-save.sv").replace(" g ", " x "))
    assert outcome(run("show", "bad.sv")) == (
        2, "", "watan: bad.sv: line 2: Blue's line needs the markers 'g' and 'c'\n"
    )


# rules -------------------------------------------------------------------------------------------


def test_rules_prints_the_edition_rules_on_one_screen() -> None:
    watan, constructor = run("rules"), run("rules", program="constructor")
    assert (watan.exit_code, watan.stderr) == (0, "")
    assert watan.stdout.startswith("Students of Watan: the rules in short")
    assert "`achieve <goal>`: 1 STUDY, 1 TUTORIAL;" in watan.stdout  # RULINGS 23
    assert constructor.stdout.startswith("Constructor: the rules in short")
    assert "`build-road <path>`: 1 HEAT, 1 WIFI;" in constructor.stdout
    chosen = run("rules", "--edition", "constructor").stdout
    assert chosen == constructor.stdout.replace("`constructor rules", "`watan rules")


def test_rules_with_house_rules_shows_them_and_their_prices() -> None:
    shown = run("rules", "--house-rules", "bank-trade", "--house-rules", "dev-cards")
    assert shown.exit_code == 0
    assert "House rules: bank-trade, dev-cards.\n" in shown.stdout
    assert "`buy-dev`: a development card, 1 LAB, 1 STUDY, 1 TUTORIAL," in shown.stdout


def test_rules_refuses_a_house_rule_or_edition_that_is_none() -> None:
    assert run("rules", "--house-rules", "nope").exit_code == 2
    unknown = run("rules", "--edition", "chess")
    assert (unknown.exit_code, unknown.stdout) == (2, "")
    assert unknown.stderr == "watan: there is no edition 'chess' (editions: constructor, watan)\n"
