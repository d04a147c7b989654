"""An analysis's seed and workers are taken alike by every game's `analyze`."""

from __future__ import annotations

import click
from click.testing import CliRunner

from replay.edges.options import analysis_seed, analysis_workers


@click.command()
@analysis_seed()
@analysis_workers()
def analyze(seed: int, workers: int) -> None:
    click.echo(f"{seed} {workers}")


def test_the_seed_is_0_and_one_process_works_unless_told_otherwise() -> None:
    assert CliRunner().invoke(analyze, []).output == "0 1\n"
    assert CliRunner().invoke(analyze, ["--seed", "-7", "--workers", "3"]).output == "-7 3\n"


def test_no_workers_is_refused_as_click_refuses_usage() -> None:
    result = CliRunner().invoke(analyze, ["--workers", "0"])
    assert result.exit_code == 2
    assert "Invalid value for '--workers': 0 is not in the range x>=1." in result.output


def test_the_help_says_what_the_seed_and_workers_promise() -> None:
    shown = " ".join(CliRunner().invoke(analyze, ["--help"]).output.split())
    assert (
        "--seed INTEGER The playouts' seed: the same journal, options and seed give the same "
        "analysis. [default: 0]"
    ) in shown
    assert (
        "--workers INTEGER RANGE Processes judging decisions at once; the analysis is the "
        "same for any number. [default: 1; x>=1]"
    ) in shown
