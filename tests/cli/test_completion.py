"""Shells complete the values of the options that name something, through click's API."""

from __future__ import annotations

import pytest
from click.shell_completion import ShellComplete

from watan.cli.app import main
from watan.players import plugins


def completed(*words: str) -> list[str]:
    """Return what a shell is offered for the last of `words`, after the others (the program's
    name left out), as click's completion answers it."""
    *args, incomplete = words
    completing = ShellComplete(main, {}, "watan", "_WATAN_COMPLETE")
    return [item.value for item in completing.get_completions(args, incomplete)]


def test_computer_seats_complete_as_colour_and_strategy() -> None:
    assert completed("play", "--computer", "Re") == [
        "Red=random", "Red=greedy", "Red=expert", "Red=master"
    ]
    assert completed("play", "--computer", "orange=m") == ["Orange=master"]
    assert completed("play", "--computer", "Purple") == []


def test_installed_strategies_are_offered_after_the_built_in_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(plugins, "installed", lambda: {"mine": "my_package.player:Mine"})
    assert completed("play", "--computer", "yellow=") == [
        "Yellow=random", "Yellow=greedy", "Yellow=expert", "Yellow=master", "Yellow=mine"
    ]


def test_every_colour_is_offered_with_every_strategy() -> None:
    offered = completed("play", "--computer", "")
    assert len(offered) == 4 * 4
    assert offered[:4] == ["Blue=random", "Blue=greedy", "Blue=expert", "Blue=master"]


def test_human_seats_complete_as_colours() -> None:
    assert completed("play", "--human", "") == ["Blue", "Red", "Orange", "Yellow"]
    assert completed("play", "--human", "y") == ["Yellow"]


@pytest.mark.parametrize("command", [["play"], ["simulate"]])
def test_house_rules_complete_the_last_name_of_the_list(command: list[str]) -> None:
    assert completed(*command, "--house-rules", "") == [
        "bank-trade", "dev-cards", "geese-start-on-park", "seven-over-7", "standard"
    ]
    assert completed(*command, "--house-rules", "bank-trade,s") == [
        "bank-trade,seven-over-7", "bank-trade,standard"
    ]


@pytest.mark.parametrize(
    "command", [["play"], ["simulate"], ["show"], ["diff"]]
)
def test_editions_complete_on_every_command_that_takes_one(command: list[str]) -> None:
    assert completed(*command, "--edition", "") == ["constructor", "watan"]
    assert completed(*command, "--edition", "w") == ["watan"]


def test_simulate_players_complete_each_seat_of_the_list() -> None:
    assert completed("simulate", "--players", "greedy,e") == ["greedy,expert"]
    assert completed("simulate", "--players", "random,random,random,random,") == []
