"""The command line follows click's (and every Unix tool's) conventions: mistyped commands,
shell completion, `-` for the standard streams, exit statuses, the program's own name.

The journal is the sample turns of `test_definition` (`tests.cli.test_tools.journal`).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tests.cli.test_show import FIGURE_1, sample_save_board
from tests.cli.test_tools import END_SAVE, LISTING, STEP_5_SAVE, journal, lines_of
from tests.conftest import ROOT, reference
from tests.text.test_render import SAMPLE_STATUS
from watan.cli.app import main

__all__ = ["journal"]  # the fixture, shared


def run(*args: str, stdin: str | bytes = "", program: str = "watan") -> Result:
    """Run `program ARGS` through click, as the installed program names itself."""
    return CliRunner().invoke(main, list(args), input=stdin, prog_name=program, obj=program)


def outcome(result: Result) -> tuple[int, str, str]:
    return result.exit_code, result.stdout, result.stderr


# Mistyped commands, and the spec's own command line --------------------------------------------


def test_an_unknown_command_is_a_usage_error_with_the_closest_command() -> None:
    assert outcome(run("replya")) == (
        2,
        "",
        "Usage: watan [OPTIONS] COMMAND [ARGS]...\nTry 'watan --help' for help.\n\n"
        "Error: No such command 'replya'. Did you mean 'replay'?\n",
    )


def test_an_unknown_command_like_none_is_named_without_a_suggestion() -> None:
    assert outcome(run("dance")) == (
        2,
        "",
        "Usage: watan [OPTIONS] COMMAND [ARGS]...\nTry 'watan --help' for help.\n\n"
        "Error: No such command 'dance'.\n",
    )


def test_the_specs_command_line_still_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("b.txt").write_text(reference("sample-board.txt"))
    played = run("-seed", "7", "-board", "b.txt", stdin="8\n")
    assert outcome(played) == (
        0,
        "Student Blue, where do you want to complete an Assignment?\n> "
        "Student Red, where do you want to complete an Assignment?\n> ",
        "",
    )


# Shell completion --------------------------------------------------------------------------------


def complete(program: str, **environment: str) -> subprocess.CompletedProcess[str]:
    """Run the installed entry point as a shell does when it asks for completions."""
    return subprocess.run(
        [sys.executable, "-c", f"from watan.cli.launch import run; run({program!r})"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(ROOT), **environment},
        check=False,
        timeout=60,
    )


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
@pytest.mark.parametrize("program", ["watan", "constructor"])
def test_each_shell_gets_a_completion_script_and_no_game_starts(
    shell: str, program: str, tmp_path: Path
) -> None:
    variable = f"_{program.upper()}_COMPLETE"
    result = complete(program, **{variable: f"{shell}_source"})
    assert (result.returncode, result.stderr) == (0, "")
    assert f"{variable}={shell}_complete" in result.stdout  # the script asks the program back
    assert "where do you want" not in result.stdout
    assert not (tmp_path / "journals").exists()


def test_completion_offers_the_commands_and_their_options() -> None:
    commands = complete("watan", _WATAN_COMPLETE="bash_complete", COMP_WORDS="watan re",
                        COMP_CWORD="1")
    assert commands.stdout.split() == ["plain,replay", "plain,rewind"]
    options = complete("watan", _WATAN_COMPLETE="bash_complete", COMP_WORDS="watan replay --fo",
                       COMP_CWORD="2")
    assert options.stdout.split() == ["plain,--format"]
    files = complete("watan", _WATAN_COMPLETE="bash_complete", COMP_WORDS="watan replay ga",
                     COMP_CWORD="2")
    assert files.stdout.split() == ["file,ga"]
    editions = complete("watan", _WATAN_COMPLETE="bash_complete",
                        COMP_WORDS="watan show --edition c", COMP_CWORD="3")
    assert editions.stdout.split() == ["plain,constructor"]


# `-` for standard input and output -------------------------------------------------------------


def test_replay_reads_standard_input(journal: str) -> None:
    data = Path(journal).read_bytes()
    assert outcome(run("replay", "-", stdin=data)) == (0, LISTING, "")
    assert outcome(run("replay", "-", "--to", "5", "--format", "sv", stdin=data)) == (
        0, STEP_5_SAVE, ""
    )


def test_a_bad_journal_on_standard_input_is_named_so(journal: str) -> None:
    assert outcome(run("replay", "-", stdin=b"not json\n")) == (
        2,
        "",
        "watan: standard input: is not a journal: its first line is not a journal's header "
        "(a JSON object)\n",
    )


def test_verify_reads_standard_input(journal: str) -> None:
    data = Path(journal).read_bytes()
    assert outcome(run("verify", "-", stdin=data)) == (0, "ok: 11 events\n", "")
    assert outcome(run("verify", "-", stdin=data.replace(b'"roll":7', b'"roll":6'))) == (
        1,
        "standard input: line 4: the rules give 'Blue gained 3 TUTORIAL' here, not 'Orange "
        "lost 5 CAFFEINE to the geese'\n",
        "",
    )


def test_show_reads_standard_input() -> None:
    assert outcome(run("show", "-", stdin=reference("sample-board.txt"))) == (0, FIGURE_1, "")
    assert outcome(run("show", "-", stdin=reference("sample-save.sv"))) == (
        0, sample_save_board() + SAMPLE_STATUS, ""
    )


def test_diff_reads_either_side_from_standard_input(journal: str) -> None:
    data = Path(journal).read_bytes()
    assert outcome(run("diff", "-", journal, stdin=data)) == (
        0, "standard input and game.jsonl are the same game.\n", ""
    )
    Path("end.sv").write_text(END_SAVE)
    assert outcome(run("diff", journal, "-", stdin=END_SAVE)) == (
        0, "game.jsonl and standard input are the same game.\n", ""
    )
    assert outcome(run("diff", "-", "-", stdin=data)) == (
        2, "", "watan: only one of A and B can be standard input\n"
    )


def test_view_of_standard_input_writes_the_page_to_standard_output(journal: str) -> None:
    result = run("view", "-", stdin=Path(journal).read_bytes())
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout.startswith("<!DOCTYPE html>")
    assert "standard input: game 1, seed 3, from a saved game; 11 events" in result.stdout
    named = run("view", journal, "-o", "-").stdout
    assert result.stdout == named.replace(">game.jsonl: game 1", ">standard input: game 1")
    assert outcome(run("view", "-", "--open", stdin=b"")) == (
        2, "", "watan: --open needs a page on the disk; name it with -o FILE.html\n"
    )


def test_export_to_standard_output_with_dash(journal: str) -> None:
    assert outcome(run("export", journal, "-o", "-")) == (0, END_SAVE, "")
    assert not Path("-").exists()


def test_rewind_of_standard_input_needs_an_output(journal: str) -> None:
    data = Path(journal).read_bytes()
    assert outcome(run("rewind", "-", "--to", "5", stdin=data)) == (
        2, "", "watan: the journal comes from standard input: name the new one with -o OUT\n"
    )
    assert outcome(run("rewind", "-", "--to", "5", "-o", "five.jsonl", stdin=data)) == (
        0,
        "wrote five.jsonl (5 events); play on with: watan play --resume five.jsonl\n",
        "",
    )
    assert lines_of("five.jsonl") == lines_of(journal)[:6]


# Exit statuses: 0 fine, 1 a verdict (differs, a problem found), 2 bad usage or a bad file -------


@pytest.mark.parametrize(
    ("args", "status"),
    [
        (["replay", "game.jsonl"], 0),
        (["verify", "game.jsonl"], 0),
        (["diff", "game.jsonl", "game.jsonl"], 0),
        (["diff", "game.jsonl", "game.jsonl", "--to", "3"], 0),
        (["diff", "game.jsonl", "short.jsonl"], 1),
        (["verify", "broken.jsonl"], 1),
        (["verify", "missing.jsonl"], 1),
        (["replay", "missing.jsonl"], 2),
        (["replay", "broken.jsonl"], 2),
        (["export", "game.jsonl", "--to", "99"], 2),
        (["replay", "game.jsonl", "--to", "1", "--turn", "1"], 2),
        (["replay", "game.jsonl", "--colour", "red"], 2),
        (["replay"], 2),
        (["show", "game.jsonl"], 2),
        (["rewind", "game.jsonl"], 2),
        (["games", "nowhere"], 2),
        (["schema"], 0),
    ],
)
def test_exit_statuses_are_as_the_readme_promises(
    journal: str, args: list[str], status: int
) -> None:
    Path("short.jsonl").write_bytes(b"".join(lines_of(journal)[:4]))  # to the 7's losses
    Path("broken.jsonl").write_bytes(
        Path(journal).read_bytes().replace(b'"roll":7', b'"roll":6')
    )
    assert run(*args).exit_code == status


# The program's own name --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [["replay", "missing.jsonl"], ["show", "missing.sv"], ["export", "missing.jsonl"],
     ["diff", "missing.jsonl", "missing.sv"], ["rewind", "missing.jsonl", "--to", "1"]],
)
def test_messages_from_constructor_say_constructor(args: list[str], tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run(*args, program="constructor")
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.startswith("constructor: missing.")
    assert result.stderr.count("\n") == 1


def test_constructor_at_the_terminal_speaks_as_constructor(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-c", "from watan.cli.launch import constructor; constructor()",
         "-load", "nowhere.sv"],
        capture_output=True, text=True, cwd=tmp_path, check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert (result.returncode, result.stdout, result.stderr) == (
        2, "", "constructor: nowhere.sv: no such file\n"
    )
