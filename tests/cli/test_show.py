"""`watan show FILE`, and the one-line errors of the command line (RULINGS 19)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.conftest import reference
from watan.cli.app import main

FIGURE_1 = reference("board-figure1.txt")


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def assert_one_line_error(result: Result, message: str) -> None:
    """The whole failure: status 2, nothing on standard output, one line on standard error."""
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"watan: {message}\n")
    assert result.exc_info is not None and result.exc_info[0] is SystemExit


def mark_criterion(text: str, criterion: int, label: str) -> str:
    old = f"|{criterion:2d}|"
    assert text.count(old) == 1, old
    return text.replace(old, f"|{label}|")


def mark_goal(text: str, goal: int, label: str) -> str:
    # A goal number stands between spaces or dashes; criteria are between bars.
    pattern = re.compile(rf"(?<=[ -]){goal}(?=[ -]|$)", re.MULTILINE)
    assert len(pattern.findall(text)) == 1, goal
    return pattern.sub(label, text)


def sample_save_board() -> str:
    """The board of sample-save.sv, derived from Figure 1 by hand (spec §2.4.1, §2.6)."""
    text = FIGURE_1
    for criterion, label in [
        (37, "BE"), (25, "BE"), (30, "BA"),
        (32, "RM"), (44, "RA"),
        (16, "OM"), (40, "OA"),
        (20, "YA"), (27, "YA"),
    ]:  # fmt: skip
        text = mark_criterion(text, criterion, label)
    for goals, label in [
        ((38, 47, 43), "BA"),
        ((56, 48, 64), "RA"),
        ((24, 50, 33, 41), "OA"),
        ((27, 32), "YA"),
    ]:
        for goal in goals:
            text = mark_goal(text, goal, label)
    # The geese on tile 8 (STUDY 8): GEESE on the line under its value.
    lines = text.splitlines()
    assert lines[21] == (
        "   \\                /            \\                /            \\                /"
    )
    lines[21] = "   \\     GEESE      /" + lines[21][len("   \\                /") :]
    return "".join(f"{line}\n" for line in lines)


def test_show_a_board_file_prints_figure_1(tmp_path: Path) -> None:
    path = tmp_path / "layout.txt"
    path.write_text(reference("sample-board.txt"))
    result = run("show", str(path))
    assert (result.exit_code, result.stdout, result.stderr) == (0, FIGURE_1, "")


def test_show_a_save_file_prints_its_board_then_four_status_lines(tmp_path: Path) -> None:
    path = tmp_path / "game.sv"
    path.write_text(reference("sample-save.sv"))
    result = run("show", str(path))
    status = (
        "Blue has 7 course criteria, 0 caffeines, 0 labs, 0 lectures, 5 studies, "
        "and 0 tutorials.\n"
        "Red has 3 course criteria, 0 caffeines, 0 labs, 0 lectures, 0 studies, "
        "and 0 tutorials.\n"
        "Orange has 3 course criteria, 11 caffeines, 0 labs, 0 lectures, 0 studies, "
        "and 0 tutorials.\n"
        "Yellow has 2 course criteria, 0 caffeines, 0 labs, 3 lectures, 0 studies, "
        "and 0 tutorials.\n"
    )
    assert (result.exit_code, result.stdout, result.stderr) == (
        0,
        sample_save_board() + status,
        "",
    )


def test_show_a_missing_file_is_one_line_and_status_2(tmp_path: Path) -> None:
    path = tmp_path / "missing.sv"
    assert_one_line_error(run("show", str(path)), f"{path}: no such file")


def test_show_a_folder_is_one_line_and_status_2(tmp_path: Path) -> None:
    assert_one_line_error(run("show", str(tmp_path)), f"{tmp_path}: is a folder, not a file")


def test_show_a_bad_board_file_is_one_line_and_status_2(tmp_path: Path) -> None:
    path = tmp_path / "layout.txt"
    path.write_text("0 3 " * 18 + "\n")
    assert_one_line_error(
        run("show", str(path)),
        f"{path}: expected 19 resource/value pairs (38 numbers), found 36 numbers",
    )


def test_show_a_bad_save_file_is_one_line_and_status_2(tmp_path: Path) -> None:
    path = tmp_path / "game.sv"
    path.write_text(reference("sample-save.sv").replace("\n8\n", "\n19\n"))
    assert_one_line_error(
        run("show", str(path)), f"{path}: line 7: the geese must be one tile number 0-18, or -1"
    )


@pytest.mark.parametrize("content", [b"", b"\xff\xfe\n"])
def test_show_an_empty_or_binary_file_is_one_line_and_status_2(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "layout.txt"
    path.write_bytes(content)
    problem = (
        "is not a text file" if content else ("the file is empty; expected 19 resource/value pairs")
    )
    assert_one_line_error(run("show", str(path)), f"{path}: {problem}")


def test_load_and_board_together_is_one_line_and_status_2() -> None:
    assert_one_line_error(
        run("-load", "a", "-board", "b"), "-load and -board cannot be used together"
    )
    assert_one_line_error(
        run("play", "-board", "b", "-load", "a"), "-load and -board cannot be used together"
    )
