"""Each name bound once for the compiled build is the enum member it is named after."""

from __future__ import annotations

import enum

from watan.engine import members
from watan.engine.resources import Resource
from watan.engine.state import Completion, Phase


def test_every_name_is_the_member_of_that_name() -> None:
    bound = {name: value for name, value in vars(members).items() if name.isupper()}
    assert {name: value for name, value in bound.items() if isinstance(value, enum.Enum)} == bound
    assert bound == {value.name: value for value in bound.values()}


def test_every_phase_is_bound() -> None:
    assert {value for value in vars(members).values() if isinstance(value, Phase)} == set(Phase)


def test_the_levels_and_resource_the_rules_compare_with_are_bound() -> None:
    assert (members.ASSIGNMENT, members.EXAM, members.NETFLIX) == (
        Completion.ASSIGNMENT, Completion.EXAM, Resource.NETFLIX
    )
