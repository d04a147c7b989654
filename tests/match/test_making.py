"""A match: made new, resumed or played again; seated; driven a command at a time; recorded."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from replay.folding import fold
from tests.conftest import WATAN, at_step, read_journal, reference
from watan.engine.commands import ChooseDice, Complete, Next, Roll
from watan.engine.decide import Refusal, Refused
from watan.engine.events import CriterionCompleted, GameResumed, GameStarted, SeatTaken
from watan.engine.evolve import apply, start
from watan.engine.layout import random_board
from watan.engine.resources import NONE
from watan.engine.rules import with_house_rules
from watan.engine.state import HUMAN, Colour
from watan.engine.topology import CriterionId
from watan.files.savefile import parse_board, parse_save
from watan.match.making import Log, again, new, next_header, resume
from watan.match.options import Options
from watan.players.table import Table

SAMPLE_BOARD = parse_board(reference("sample-board.txt"), "sample-board.txt", WATAN)
SAMPLE_SAVE = parse_save(reference("sample-save.sv"), "sample-save.sv", WATAN)
BLUE, RED, ORANGE, YELLOW = Colour.BLUE, Colour.RED, Colour.ORANGE, Colour.YELLOW
ON_THE_BOARD = Options(seed=4, board=SAMPLE_BOARD, edition=WATAN, rules=WATAN.rules)


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def test_a_new_game_after_a_board_file_uses_that_board_again() -> None:
    header = next_header(ON_THE_BOARD, random.Random(4), 2)
    assert header == GameStarted(
        edition=WATAN.name, rules=WATAN.rules, seed=4, game=2, board=SAMPLE_BOARD
    )


def test_a_new_game_without_a_board_file_draws_the_next_random_board() -> None:
    rng, same = random.Random(4), random.Random(4)
    header = next_header(Options(seed=4, edition=WATAN, rules=WATAN.rules), rng, 3)
    assert header == GameStarted(
        edition=WATAN.name, rules=WATAN.rules, seed=4, game=3, board=random_board(same)
    )


def test_the_first_game_continues_a_loaded_save() -> None:
    match = new(Options(seed=2, loaded=SAMPLE_SAVE, edition=WATAN, rules=WATAN.rules))
    assert match.header == GameStarted(
        edition=WATAN.name, rules=WATAN.rules, seed=2, board=SAMPLE_SAVE.board,
        loaded=SAMPLE_SAVE.position,
    )
    assert (match.game, match.recorder) == (start(match.header), None)  # no log: no journal


def test_each_command_submitted_is_decided_recorded_and_folded_in() -> None:
    match = new(ON_THE_BOARD, Log(io.StringIO()))
    events = match.submit(Complete(criterion=CriterionId(8)))
    assert events == (CriterionCompleted(colour=BLUE, criterion=CriterionId(8), cost=NONE),)
    assert match.game == fold(apply, start(match.header), events)
    with pytest.raises(Refused) as refused:
        match.submit(Next())  # there is no turn to end during setup
    assert refused.value.refusal is Refusal.INVALID_COMMAND
    match.close()
    [journal] = Path("journals").iterdir()
    assert read_journal(journal).events == events


def test_seats_are_handed_out_each_as_a_command_and_the_next_game_keeps_the_computers() -> None:
    match = new(ON_THE_BOARD, Log(io.StringIO()))
    taken = match.seat(((RED, "greedy"), (YELLOW, "random"), (RED, HUMAN)))
    assert taken == (
        SeatTaken(colour=RED, player="greedy"),
        SeatTaken(colour=YELLOW, player="random"),
        SeatTaken(colour=RED, player=HUMAN),
    )
    assert match.game.seats == (HUMAN, HUMAN, HUMAN, "random")
    match.close()
    second = again(match, Log(io.StringIO()))
    assert (second.header.game, second.options.seats, second.rng) == (
        2, ((YELLOW, "random"),), match.rng
    )
    assert second.header == next_header(ON_THE_BOARD, random.Random(4), 2)  # the dice go on
    second.close()


def test_a_table_of_computers_plays_the_game_to_its_end_and_each_command_is_told() -> None:
    match = new(ON_THE_BOARD, Log(io.StringIO()))
    match.seat(tuple((colour, "greedy") for colour in Colour))
    told: list[int] = []
    over = match.play(Table(match.computer), lambda _, events, __: told.append(len(events)))
    match.close()
    [journal] = Path("journals").iterdir()
    events = read_journal(journal).events
    assert (over, match.game, over.phase.name) == (at_step(journal).state, over, "OVER")
    assert sum(told) + 4 == len(events)  # the four seats were handed out before the play


def test_a_resumed_game_plays_on_with_a_new_seed_and_the_journals_house_rules() -> None:
    rules = with_house_rules(WATAN.rules, ("bank-trade",))
    first = new(
        Options(seed=2, loaded=SAMPLE_SAVE, journal="g.jsonl", edition=WATAN, rules=rules),
        Log(io.StringIO()),
    )
    rolled = (*first.submit(ChooseDice(loaded=True)), *first.submit(Roll(value=8)))
    first.close()
    err = io.StringIO()
    match = resume("g.jsonl", Log(err), seed=9, seats=((RED, "greedy"),))
    match.close()
    assert (match.header, match.game, match.roll) == (first.header, first.game, 8)
    assert (match.options.seed, match.options.rules, match.options.seats) == (
        9, rules, ((RED, "greedy"),)
    )
    assert read_journal("g.jsonl").events == (*rolled, GameResumed(seed=9))
    assert err.getvalue() == ""  # a journal is announced on a terminal only
