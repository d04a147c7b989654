"""The engine at the elbow of a person playing with computers: `suggest` on standard error,
and the analysis named when the game is won; nothing of it without computers (issue 24)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from replay import history
from replay.folding import fold
from tests.conftest import ROOT, WATAN
from tests.terminal.test_console import SAMPLE_SAVE, WIN_NEXT, Played, play
from watan.definition import WATAN as DEFINITION
from watan.engine.evolve import apply, start
from watan.engine.inverse import commands
from watan.engine.turns import current_turn
from watan.files.savefile import parse_save
from watan.match.options import Options
from watan.terminal.console import Streams, play_games
from watan.terminal.elbow import Elbow, analysis_line
from watan.terminal.hinter import Level
from watan.text import hints
from watan.tools.analysis import analysed, report

WINNING = "load\nroll\n12\n{}improve 30\nno\n"
"""Blue rolls 12 (nobody gains) and wins by improving its Midterm at 30 (`WIN_NEXT`)."""


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def winning(lines: str, *, computers: bool, journal: str = "won game.jsonl") -> Played:
    options = Options(
        seed=4,
        loaded=parse_save(WIN_NEXT, "win.sv", WATAN),
        journal=journal,
        edition=WATAN,
        rules=WATAN.rules,
        computers=computers,
    )
    return play(options, lines)


def test_without_computers_suggest_is_an_invalid_command_and_nothing_is_said() -> None:
    plain = winning(WINNING.format("suggest\nhelp\n"), computers=False)
    assert plain.stderr == ""
    assert "> Invalid command.\n> Valid commands:\n" in plain.stdout
    assert "suggest" not in plain.stdout
    assert plain.stdout.endswith(
        "save <file>\nhelp\n> Student Blue has won!\nWould you like to play again?\n> "
    )


def test_with_computers_suggest_speaks_on_standard_error_and_the_win_names_the_analysis() -> (
    None
):
    plain = winning(WINNING.format(""), computers=False, journal="plain.jsonl")
    assert plain.stderr == ""
    asked = winning(WINNING.format("suggest\n"), computers=True)
    gained = "No students gained resources.\n> "
    # Standard output is the game's alone: `suggest` prints nothing there but the prompt again.
    assert asked.stdout == plain.stdout.replace(gained, gained + "> ")
    assert asked.stderr == (
        "The engine suggests for Blue: `improve 30` (14 moves compared).\n"
        "Win chances now: Blue 100.0%, Red 0.0%, Orange 0.0%, Yellow 0.0%.\n"
        "What mattered in this game: watan analyze 'won game.jsonl'\n"
    )


def hinted_help(*, computers: bool) -> str:
    """Return what standard error says when `help` is typed in a game that hints it all."""
    said = io.StringIO()
    options = Options(
        seed=1,
        loaded=SAMPLE_SAVE,
        journal="j.jsonl",
        computers=computers,
        edition=WATAN,
        rules=WATAN.rules,
    )
    play_games(options, Streams(io.BytesIO(b"help\n"), io.StringIO(), said), Level.ALL)
    return said.getvalue()


def test_help_tells_of_suggest_on_standard_error_only_with_computers() -> None:
    """`help`'s listing on standard output stays the one the transcripts hold; `suggest` is
    told of after it where hints are said (a person at a terminal, or `--hints`)."""
    plain = hinted_help(computers=False)
    ended = "End of input: "
    assert ended in plain
    assert hinted_help(computers=True) == plain.replace(ended, hints.SUGGEST + ended)


def test_the_analysis_line_quotes_a_journal_name_as_a_shell_reads_it() -> None:
    assert analysis_line("constructor", "journals/a.jsonl") == (
        "What mattered in this game: constructor analyze journals/a.jsonl\n"
    )
    assert analysis_line("watan", "it's.jsonl") == (
        "What mattered in this game: watan analyze 'it'\"'\"'s.jsonl'\n"
    )


def test_the_elbow_follows_the_journal_and_suggests_what_analyze_gives_at_that_step() -> None:
    """Resumed after any command, the elbow knows the step and the turn, and its chances are
    those `watan analyze --to STEP` gives there."""
    journal = ROOT / "journals" / "sevens-and-steals" / "journal.jsonl"
    whole = history.load(DEFINITION, str(journal))
    header, events = whole.header, list(whole.events)
    runs = list(commands(events))
    kept = sum(len(run) for run in runs[:40])
    elbow = Elbow(header, events[:kept], WATAN, io.StringIO(), io.StringIO())
    game = fold(apply, start(header), events[:kept])
    for run in runs[40:90]:
        after = fold(apply, game, run)
        elbow.heard(game, run, after)
        game = after
    step = elbow.step
    assert (step, elbow.turn) == (
        sum(len(run) for run in runs[:90]),
        current_turn(header, events[:step]),
    )
    said = io.StringIO()
    Elbow(header, events[:step], WATAN, io.StringIO(), said).suggest(game)
    analysis = analysed.analyse(header, events, str(journal), step=step)
    [decision] = analysis.decisions
    assert said.getvalue().splitlines()[1] == (
        f"Win chances now: {report.chances(decision.chances)}."
    )
