"""What the commands share: progress bars on a terminal only, and every option described."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from tests.cli.test_tools import journal
from watan.cli import common
from watan.cli.app import main
from watan.cli.simulating import simulate

__all__ = ["journal"]


class Clock:
    """A clock a test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def drawn(capsys: pytest.CaptureFixture[str]) -> str:
    return capsys.readouterr().err


def test_a_bar_is_drawn_once_the_work_takes_a_second(capsys: pytest.CaptureFixture[str]) -> None:
    clock = Clock()
    bar = common.ProgressBar("checking", "events", shown=True, clock=clock)
    bar.update(10, 100)
    assert drawn(capsys) == ""  # under a second: nothing
    clock.now += 1.5
    bar.update(50, 100)
    bar.update(51, 100)  # the same width of bar: not drawn again
    bar.update(100, 100)
    bar.close()
    assert drawn(capsys) == (
        "\rchecking [###############---------------] 50/100 events"
        "\rchecking [##############################] 100/100 events\n"
    )


def test_no_bar_is_drawn_when_standard_error_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    clock = Clock()
    bar = common.ProgressBar("checking", "events", clock=clock)  # pytest's is no terminal
    clock.now += 5
    bar.update(1, 2)
    bar.close()
    assert drawn(capsys) == ""


@pytest.mark.parametrize(
    "args",
    [["verify", "game.jsonl"], ["replay", "game.jsonl"], ["export", "game.jsonl"],
     ["view", "game.jsonl", "-o", "-"], ["replay", "game.jsonl", "--to", "11"]],
)
def test_checking_a_long_journal_shows_a_bar_on_a_terminal_only(
    journal: str, args: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    piped = CliRunner().invoke(main, args)
    monkeypatch.setattr(common, "DELAY", 0.0)  # as if the work were long
    monkeypatch.setattr(common, "on_terminal", lambda: True)
    at_terminal = CliRunner().invoke(main, args)
    assert (piped.exit_code, piped.stderr, at_terminal.stdout) == (0, "", piped.stdout)
    assert at_terminal.stderr.startswith("\rchecking [")
    # A journal checked as a stream counts its bytes; one read whole, its events.
    streamed = args[0] in ("verify", "export") or "--to" in args
    size = Path(journal).stat().st_size
    done = f"{size / 1000:.1f}/{size / 1000:.1f} kB" if streamed else "11/11 events"
    assert at_terminal.stderr.endswith("\rchecking [" + "#" * 30 + f"] {done}\n")


def test_a_bar_counting_bytes_shows_kilobytes_then_megabytes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    clock = Clock()
    small = common.ProgressBar("checking", common.BYTES, shown=True, clock=clock)
    large = common.ProgressBar("checking", common.BYTES, shown=True, clock=clock)
    clock.now += 5
    small.update(1_500, 3_000)
    large.update(27_600_000, 55_200_000)
    assert drawn(capsys) == (
        "\rchecking [" + "#" * 15 + "-" * 15 + "] 1.5/3.0 kB"
        "\rchecking [" + "#" * 15 + "-" * 15 + "] 27.6/55.2 MB"
    )


def test_simulate_piped_says_its_seed_and_draws_no_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "DELAY", 0.0)  # a bar would be due at once
    result = CliRunner().invoke(main, ["simulate", "--games", "2", "--seed", "1"])
    assert (result.exit_code, result.stderr) == (0, "watan: simulating 2 games with seed 1\n")


def test_simulate_at_a_terminal_draws_its_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "DELAY", 0.0)
    monkeypatch.setattr(common, "on_terminal", lambda: True)
    result = CliRunner().invoke(main, ["simulate", "--games", "2", "--seed", "1"])
    assert result.stderr == (
        "watan: simulating 2 games with seed 1\n"
        "\rsimulating [" + "#" * 15 + "-" * 15 + "] 1/2 games"
        "\rsimulating [" + "#" * 30 + "] 2/2 games\n"
    )


def test_simulate_help_describes_every_option() -> None:
    shown = CliRunner().invoke(main, ["simulate", "--help"]).stdout
    for option in simulate.params:
        assert isinstance(option, click.Option)
        assert option.help, option.name
        assert option.opts[-1] in shown
        first_words = " ".join(option.help.split()[:3])
        assert first_words in re.sub(r"\s+", " ", shown), option.name
