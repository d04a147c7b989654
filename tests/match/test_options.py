"""What a session is asked for: seats, house rules, files read, and the board new games use."""

from __future__ import annotations

from pathlib import Path

import pytest

from replay.edges.reading import BadFile
from tests.conftest import CONSTRUCTOR, WATAN, reference
from watan.engine.rules import with_house_rules
from watan.engine.state import Colour
from watan.files.savefile import parse_board, parse_save
from watan.match.options import (
    HOUSE_RULE_NAMES,
    BadOption,
    Options,
    asked,
    choose_board,
    house_rules_asked,
    seats_asked,
    unknown_seat,
)
from watan.players import listing

SAMPLE_BOARD = parse_board(reference("sample-board.txt"), "sample-board.txt", WATAN)
BLUE, RED, ORANGE, YELLOW = Colour.BLUE, Colour.RED, Colour.ORANGE, Colour.YELLOW


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


# Seats -----------------------------------------------------------------------------------------


def test_seats_are_handed_out_in_the_order_asked_computers_first() -> None:
    assert seats_asked(["red=greedy", " Orange "], ["BLUE"]) == (
        (RED, "greedy"), (ORANGE, "master"), (BLUE, "human")
    )  # a computer with no strategy named plays the default, master


@pytest.mark.parametrize(
    ("computer", "human", "problem"),
    [
        (["Purple"], [], "--computer Purple: there is no student 'Purple' (colours: Blue, Red, "
         "Orange, Yellow)"),
        (["Red=clever"], [], f"--computer Red=clever: there is no strategy 'clever' "
         f"(strategies: {listing()})"),
        (["Red"], ["red"], "Red is given twice (--computer Red and --human red)"),
    ],
)
def test_a_seat_that_is_none_or_given_twice_is_a_bad_option(
    computer: list[str], human: list[str], problem: str
) -> None:
    with pytest.raises(BadOption) as raised:
        seats_asked(computer, human)
    assert str(raised.value) == problem


def test_a_seat_played_by_a_strategy_this_version_lacks_must_be_handed_to_another() -> None:
    seats = ("human", "clever", "greedy", "human")
    assert unknown_seat(seats, ((RED, "random"),)) is None
    assert unknown_seat(seats, ()) == (
        f"Red is played by the strategy 'clever', which this version lacks (strategies: "
        f"{listing()}); give the seat to another with --computer Red=STRATEGY or --human Red"
    )


# House rules -----------------------------------------------------------------------------------


def test_house_rules_are_asked_in_lists_and_standard_names_all_four() -> None:
    assert house_rules_asked(["seven-over-7, bank-trade", "bank-trade"]) == (
        "bank-trade", "seven-over-7", "bank-trade"
    )
    assert house_rules_asked(["standard"]) == HOUSE_RULE_NAMES[:4]


def test_a_house_rule_that_is_none_is_a_bad_option() -> None:
    with pytest.raises(BadOption) as raised:
        house_rules_asked(["bank-trade,dragons"])
    assert str(raised.value) == (
        "there is no house rule 'dragons' (house rules: bank-trade, dev-cards, "
        "geese-start-on-park, seven-over-7, standard)"
    )


# Files -----------------------------------------------------------------------------------------


def test_a_new_session_reads_its_board_file_and_applies_its_house_rules() -> None:
    Path("b.txt").write_text(reference("sample-board.txt"))
    options = asked(seed=3, edition=WATAN, house_rules=("bank-trade",), board="b.txt")
    assert options == Options(
        seed=3,
        edition=WATAN,
        rules=with_house_rules(WATAN.rules, ("bank-trade",)),
        board=SAMPLE_BOARD,
    )


def test_a_loaded_session_reads_its_save_file_and_plays_new_games_on_random_boards() -> None:
    Path("g.sv").write_text(reference("sample-save.sv"))
    options = asked(seed=3, edition=WATAN, load="g.sv", journal="g.jsonl")
    assert (options.loaded, options.board, options.journal) == (
        parse_save(reference("sample-save.sv"), "g.sv", WATAN), None, "g.jsonl"
    )


def test_a_save_with_house_rules_loads_only_into_a_game_that_plays_them() -> None:
    Path("g.sv").write_text(reference("sample-save.sv").rstrip("\n") + "\nhouse-rules bank-trade\n")
    with pytest.raises(BadFile) as raised:
        asked(seed=3, edition=WATAN, load="g.sv")
    assert str(raised.value) == (
        "g.sv: saved with the house rules bank-trade, which this game does not play "
        "(play it with --house-rules bank-trade)"
    )
    assert asked(seed=3, edition=WATAN, load="g.sv", house_rules=("standard",)).loaded


def test_a_session_without_a_seed_draws_one() -> None:
    seeds = {asked(seed=None, edition=WATAN).seed for _ in range(3)}
    assert len(seeds) == 3 and all(seed >= 0 for seed in seeds)


def test_an_edition_with_a_default_board_file_plays_on_it_or_says_it_is_missing() -> None:
    assert choose_board(CONSTRUCTOR, None, random_board=False, first=True).notes == (
        "layout.txt not found; playing on a random board",
    )
    assert choose_board(CONSTRUCTOR, None, random_board=False, first=False).notes == ()
    Path("layout.txt").write_text(reference("sample-board.txt"))
    chosen = choose_board(CONSTRUCTOR, None, random_board=False, first=True)
    assert (chosen.value, chosen.notes) == (
        parse_board(reference("sample-board.txt"), "layout.txt", CONSTRUCTOR), ()
    )
    assert choose_board(CONSTRUCTOR, None, random_board=True, first=True).value is None


def test_a_bad_default_board_file_stops_a_new_session_but_only_notes_play_again() -> None:
    Path("layout.txt").write_text("1 2 3\n")
    with pytest.raises(BadFile):
        choose_board(CONSTRUCTOR, None, random_board=False, first=True)
    later = choose_board(CONSTRUCTOR, None, random_board=False, first=False)
    assert later.value is None
    assert later.notes[0].endswith("; a new game will be played on a random board")
