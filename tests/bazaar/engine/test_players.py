"""Who may play: 2 to 6 players with distinct, non-empty names (RULINGS-bazaar 2)."""

from __future__ import annotations

import pytest

from bazaar.engine.players import name_problem, names_problem, parse_names


def test_names_are_split_on_commas_and_trimmed() -> None:
    assert parse_names(" Ann , Bob Smith,Cy") == ("Ann", "Bob Smith", "Cy")


@pytest.mark.parametrize("names", [("Ann", "Bob"), tuple("ABCDEF"), ("Ann", "Zoë Ó", "李")])
def test_two_to_six_players_with_good_names_may_play(names: tuple[str, ...]) -> None:
    assert names_problem(names) is None


@pytest.mark.parametrize(
    ("names", "problem"),
    [
        (("Ann",), "2 to 6 players play, not 1"),
        (tuple("ABCDEFG"), "2 to 6 players play, not 7"),
        (("Ann", ""), "a name cannot be empty"),
        (("Ann", "Ann"), "two players are called 'Ann'"),
        (("Ann", "ANN"), "two players are called 'ANN'"),
        (("Ann", "x" * 21), "a name has at most 20 characters"),
        (("Ann", "B\x1bob"), "a name cannot hold control characters"),
    ],
)
def test_a_bad_set_of_players_is_named(names: tuple[str, ...], problem: str) -> None:
    assert names_problem(names) == problem


def test_a_name_with_spaces_around_or_a_comma_is_refused() -> None:
    assert name_problem(" Ann") == "the name 'Ann' has spaces around it"
    assert name_problem("A,B") == "a name cannot hold a comma"
