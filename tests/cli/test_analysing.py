"""`watan analyze`: the report, the document, one student, one step, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from tests.conftest import ROOT
from watan.cli.app import main
from watan.tools.analysis import document

JOURNAL = str(ROOT / "journals" / "started-with-load" / "journal.jsonl")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_the_report_names_the_winner_turning_points_and_each_students_moves() -> None:
    code, out, err = run("analyze", JOURNAL, "--quick")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert (
        lines[0]
        == f"Analysis of {JOURNAL}: 180 events, 111 decisions (1 playout of 1 turn a move, seed 0)."
    )
    assert lines[1] == "Blue won."
    assert "Turning points (where one student's chance moved most):" in lines
    assert [
        line.split(":")[0]
        for line in lines
        if line.startswith("  ") and not line.lstrip().startswith("step")
    ][:4] == ["  Blue", "  Red", "  Orange", "  Yellow"]


def test_the_json_is_the_analysis_document_and_the_same_twice() -> None:
    code, out, _ = run("analyze", JOURNAL, "--quick", "--format", "json", "--player", "red")
    assert code == 0
    shown = json.loads(out)
    assert {row["colour"] for row in shown["decisions"]} == {"Red"}
    assert run("analyze", JOURNAL, "--quick", "--format", "json", "--player", "red")[1] == out


def test_one_step_is_analysed_alone_and_turns_count_as_replay_counts_them() -> None:
    code, out, _ = run("analyze", JOURNAL, "--quick", "--turn", "2", "--format", "json")
    assert code == 0
    shown = json.loads(out)
    _, replayed, _ = run("replay", JOURNAL, "--turn", "2", "--format", "json")
    assert shown["steps"] == json.loads(replayed)["step"]
    assert [row["step"] for row in shown["decisions"]] == [shown["steps"]]


def test_schema_analysis_prints_the_documents_schema() -> None:
    code, out, _ = run("schema", "analysis")
    assert (code, json.loads(out)) == (0, document.json_schema())


def test_a_step_past_the_end_a_wrong_colour_and_a_missing_file_are_one_line() -> None:
    code, _, err = run("analyze", JOURNAL, "--to", "999")
    assert (code, err) == (2, f"watan: {JOURNAL}: there is no step 999: the last event is 180\n")
    code, _, err = run("analyze", JOURNAL, "--player", "Purple")
    assert code == 2 and "'Purple' is no colour: Blue, Red, Orange or Yellow" in err
    code, _, err = run("analyze", "missing.jsonl")
    assert code != 0 and len(err.strip().splitlines()) == 1


def test_view_draws_an_analysis_and_refuses_a_file_that_is_none_in_one_line(
    tmp_path: Path,
) -> None:
    _, out, _ = run("analyze", JOURNAL, "--quick", "--format", "json")
    (tmp_path / "a.json").write_text(out)
    page = tmp_path / "page.html"
    code, _, _ = run("view", JOURNAL, "--analysis", str(tmp_path / "a.json"), "-o", str(page))
    assert code == 0 and "window.watanAnalysis = " + out.strip() in page.read_text()
    (tmp_path / "bad.json").write_text('{"document": "watan-game"}')
    code, _, err = run("view", JOURNAL, "--analysis", str(tmp_path / "bad.json"), "-o", "x.html")
    assert code == 2 and err.startswith(f"watan: {tmp_path / 'bad.json'}: not an analysis")
    assert len(err.splitlines()) == 1
    code, _, err = run("view", JOURNAL, "--analysis", "a.json", "--analyze")
    assert code == 2 and "give --analysis FILE or --analyze, not both" in err
