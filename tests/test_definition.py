"""Watan's definition judges journals: real games pass, and each kind of tampering is named.

Most journals start from the spec's sample save, the position of its §3.6
example (Blue 7 course criteria and 5 STUDY, Red nothing, Orange 11
CAFFEINE, Yellow 3 LECTURE, geese on tile 8, Blue to roll). The turns
played on it, worked out by hand from the board of Figure 1:

- Blue loads the dice and rolls 7: Orange, holding 11, loses 5 CAFFEINE
  (all it has); the geese go to tile 9 (criteria 20 21 26 27 32 33), where
  Yellow (20, 27) can be robbed of its only resource, LECTURE; Red (32)
  holds nothing. Blue trades one STUDY for one of Orange's CAFFEINE.
- Red loads the dice and rolls 10: tile 1 (LAB 10) has nobody, tile 5
  (STUDY 10) has Orange's Midterm at 16: Orange gains 2 STUDY.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from msgspec.structs import replace

from replay.auditing import Audit, Problem
from tests.conftest import WATAN, audit, read_journal, reference
from tests.scripted import typed
from watan import definition
from watan.engine.events import (
    AnyEvent,
    CriterionCompleted,
    CriterionImproved,
    DiceChosen,
    DiceRolled,
    GameResumed,
    GameStarted,
    GameWon,
    GeeseMoved,
    GoalAchieved,
    ResourcesLost,
    ResourcesProduced,
    ResourceStolen,
    TradeAccepted,
    TradeDeclined,
    TurnEnded,
)
from watan.engine.evolve import start
from watan.engine.layout import random_board
from watan.engine.resources import NONE, Resource
from watan.engine.snapshot import SavedStudent
from watan.engine.state import Colour, Game, saved_game
from watan.engine.topology import CriterionId, TileId
from watan.files.savefile import format_save, parse_board, parse_save
from watan.judge import header_problem
from watan.match.options import Options
from watan.terminal.console import Streams, play_games

BLUE, RED, ORANGE, YELLOW = Colour.BLUE, Colour.RED, Colour.ORANGE, Colour.YELLOW
CAFFEINE, LAB, LECTURE, STUDY = Resource.CAFFEINE, Resource.LAB, Resource.LECTURE, Resource.STUDY

SAMPLE = parse_save(reference("sample-save.sv"), "sample-save.sv", WATAN)
HEADER = GameStarted(
    edition=WATAN.name, rules=WATAN.rules, seed=3, board=SAMPLE.board, loaded=SAMPLE.position
)
SAMPLE_LINES = (
    "load\nroll\n7\n9\nYellow\ntrade orange study caffeine\nyes\nnext\nload\nroll\n10\nnext\n"
)
SAMPLE_EVENTS: tuple[AnyEvent, ...] = (
    DiceChosen(colour=BLUE, loaded=True),  # 1
    DiceRolled(colour=BLUE, roll=7),  # 2
    ResourcesLost(colour=ORANGE, lost=(5, 0, 0, 0, 0)),  # 3
    GeeseMoved(colour=BLUE, tile=TileId(9)),  # 4
    ResourceStolen(thief=BLUE, victim=YELLOW, resource=LECTURE),  # 5
    TradeAccepted(proposer=BLUE, partner=ORANGE, give=STUDY, take=CAFFEINE),  # 6
    TurnEnded(colour=BLUE),  # 7
    DiceChosen(colour=RED, loaded=True),  # 8
    DiceRolled(colour=RED, roll=10),  # 9
    ResourcesProduced(colour=ORANGE, gained=(0, 0, 0, 2, 0)),  # 10
    TurnEnded(colour=RED),  # 11
)

WIN_SAVE = parse_save(
    "0\n3 2 2 2 1 g 0 1 c 0 3 10 3 30 2 45 1\n0 0 0 0 0 g c\n0 0 0 0 0 g c\n0 0 0 0 0 g c\n"
    + reference("sample-board.txt"),
    "win.sv", WATAN,
)
"""Blue at 9 course criteria (two Exams, a Midterm at 30, an Assignment) with an Exam's price."""
WIN_HEADER = GameStarted(
    edition=WATAN.name, rules=WATAN.rules, seed=1, board=WIN_SAVE.board, loaded=WIN_SAVE.position
)
WIN_EVENTS: tuple[AnyEvent, ...] = (
    DiceChosen(colour=BLUE, loaded=True),
    DiceRolled(colour=BLUE, roll=12),  # tile 12 (TUTORIAL 12) has nobody's criteria
    CriterionImproved(colour=BLUE, criterion=CriterionId(30), level=3, cost=(3, 2, 2, 2, 1)),
    GameWon(colour=BLUE),
)

SETUP = "8\n16\n24\n31\n40\n44\n47\n27\n"
"""Eight initial assignments that are valid on any board."""


def converse(game: Game, lines: str, seed: int) -> tuple[tuple[AnyEvent, ...], Game]:
    """Return the events typing `lines` records, and the live game at the end."""
    done = typed(game, lines.splitlines(), seed, edition=WATAN)
    return tuple(done.events), done.game


def fold(header: GameStarted, events: tuple[AnyEvent, ...]) -> Game:
    return definition.WATAN.fold(header, events)


def with_event(
    number: int, event: AnyEvent, events: tuple[AnyEvent, ...] = SAMPLE_EVENTS
) -> tuple[AnyEvent, ...]:
    """Return the events with event `number` (1-based) replaced."""
    return (*events[: number - 1], event, *events[number:])


def problem_of(header: GameStarted, events: tuple[AnyEvent, ...]) -> Problem | None:
    return audit(header, events).problem


# Real games pass -----------------------------------------------------------------------------


def test_the_sample_turns_record_the_events_worked_out_by_hand() -> None:
    events, _ = converse(start(HEADER), SAMPLE_LINES, seed=3)
    assert events == SAMPLE_EVENTS


def test_the_sample_turns_pass_and_fold_to_the_live_game() -> None:
    _, live = converse(start(HEADER), SAMPLE_LINES, seed=3)
    assert audit(HEADER, SAMPLE_EVENTS) == Audit(state=live, events=11)


def test_a_long_seeded_game_with_fair_dice_passes_and_folds_to_the_live_game() -> None:
    rng = random.Random(3)
    header = GameStarted(edition=WATAN.name, rules=WATAN.rules, seed=3, board=random_board(rng))
    turn = (
        "roll\n3\n13\nblue\nred\norange\nyellow\n"
        "trade red lab study\nyes\ntrade orange caffeine lab\nno\n"
        "achieve 6\nachieve 10\nachieve 14\nachieve 16\nachieve 19\nachieve 24\n"
        "improve 8\nimprove 16\nnext\n"
    )
    live = typed(start(header), (SETUP + turn * 40).splitlines(), rng=rng, edition=WATAN)
    events = live.events
    kinds = {type(event) for event in events}
    # The game covers fair rolls, losses to the geese, steals, trades both ways and builds.
    assert {ResourcesLost, ResourceStolen, TradeAccepted, TradeDeclined, GoalAchieved} <= kinds
    assert audit(header, events) == Audit(state=live.game, events=len(events))


def test_a_win_by_improvement_passes() -> None:
    events, live = converse(start(WIN_HEADER), "load\nroll\n12\nimprove 30\n", seed=1)
    assert events == WIN_EVENTS
    assert audit(WIN_HEADER, WIN_EVENTS) == Audit(state=live, events=4)


def test_a_journal_written_by_play_passes_and_folds_to_its_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    streams = Streams(io.BytesIO(SAMPLE_LINES.encode()), io.StringIO(), io.StringIO())
    play_games(
        Options(seed=3, loaded=SAMPLE, journal="game.jsonl", edition=WATAN, rules=WATAN.rules),
        streams,
    )
    journal = read_journal("game.jsonl")
    checked = audit(journal.header, journal.events)
    assert (journal.header, journal.events, checked.problem) == (HEADER, SAMPLE_EVENTS, None)
    assert checked.state is not None
    assert format_save(saved_game(checked.state), WATAN) == (tmp_path / "backup.sv").read_text()


def test_a_resumption_changes_nothing_and_passes_anywhere_between_commands() -> None:
    resumed = (*SAMPLE_EVENTS[:7], GameResumed(seed=9), *SAMPLE_EVENTS[7:], GameResumed(seed=4))
    assert audit(HEADER, resumed) == Audit(state=fold(HEADER, SAMPLE_EVENTS), events=13)


def test_keep_returns_the_game_at_that_step_after_checking_them_all() -> None:
    for step in range(len(SAMPLE_EVENTS) + 1):
        checked = audit(HEADER, SAMPLE_EVENTS, keep=step)
        assert checked == Audit(state=fold(HEADER, SAMPLE_EVENTS[:step]), events=11), step


def test_keep_does_not_hide_a_problem_after_that_step() -> None:
    damaged = with_event(10, ResourcesProduced(colour=ORANGE, gained=(0, 0, 0, 3, 0)))
    checked = audit(HEADER, damaged, keep=2)
    # The roll and its production are one command: the game stands before both.
    assert (checked.events, checked.problem) == (
        8,
        Problem(10, "the rules give 'Orange gained 2 STUDY' here, not 'Orange gained 3 STUDY'"),
    )


# Tampered journals -----------------------------------------------------------------------------


NEW_HEADER = GameStarted(
    edition=WATAN.name,
    rules=WATAN.rules,
    seed=1,
    board=parse_board(reference("sample-board.txt"), "board", WATAN),
)

PROBLEMS: list[tuple[str, tuple[AnyEvent, ...], Problem]] = [
    (
        "a criterion completed twice",
        (
            CriterionCompleted(colour=BLUE, criterion=CriterionId(8), cost=NONE),
            CriterionCompleted(colour=RED, criterion=CriterionId(8), cost=NONE),
        ),
        Problem(2, "Red completed an Assignment at 8: that place cannot be built on"),
    ),
    (
        "an initial assignment next to another",
        (
            CriterionCompleted(colour=BLUE, criterion=CriterionId(8), cost=NONE),
            CriterionCompleted(colour=RED, criterion=CriterionId(9), cost=NONE),
        ),
        Problem(2, "Red completed an Assignment at 9: that place cannot be built on"),
    ),
    (
        "an initial assignment by the wrong student",
        (CriterionCompleted(colour=RED, criterion=CriterionId(8), cost=NONE),),
        Problem(
            1,
            "the rules give 'Blue completed an Assignment at 8' here, "
            "not 'Red completed an Assignment at 8'",
        ),
    ),
]


@pytest.mark.parametrize(("case", "events", "problem"), PROBLEMS, ids=[p[0] for p in PROBLEMS])
def test_a_setup_that_breaks_the_rules_is_named_at_its_event(
    case: str, events: tuple[AnyEvent, ...], problem: Problem
) -> None:
    assert problem_of(NEW_HEADER, events) == problem


TAMPERED: list[tuple[str, tuple[AnyEvent, ...], Problem]] = [
    (
        "loaded dice chosen twice",
        (SAMPLE_EVENTS[0], *SAMPLE_EVENTS),
        Problem(2, "Blue chose loaded dice: that changes nothing, so it is never recorded"),
    ),
    (
        "the turn ended before the roll",
        (TurnEnded(colour=BLUE), *SAMPLE_EVENTS[1:]),
        Problem(1, "Blue ended their turn: not possible at this point of the game"),
    ),
    (
        "the dice rolled twice",
        (*SAMPLE_EVENTS[:3], DiceRolled(colour=BLUE, roll=8), *SAMPLE_EVENTS[3:]),
        Problem(4, "Blue rolled 8 (loaded): not possible at this point of the game"),
    ),
    (
        "a loss before its roll",
        (SAMPLE_EVENTS[0], SAMPLE_EVENTS[2], SAMPLE_EVENTS[1], *SAMPLE_EVENTS[3:]),
        Problem(2, "Orange lost 5 CAFFEINE to the geese does not follow the command it belongs to"),
    ),
    (
        "a production with the wrong amount",
        with_event(10, ResourcesProduced(colour=ORANGE, gained=(0, 0, 0, 3, 0))),
        Problem(10, "the rules give 'Orange gained 2 STUDY' here, not 'Orange gained 3 STUDY'"),
    ),
    (
        "a production of the wrong resource",
        with_event(10, ResourcesProduced(colour=ORANGE, gained=(0, 2, 0, 0, 0))),
        Problem(10, "the rules give 'Orange gained 2 STUDY' here, not 'Orange gained 2 LAB'"),
    ),
    (
        "a production for the wrong student",
        with_event(10, ResourcesProduced(colour=RED, gained=(0, 0, 0, 2, 0))),
        Problem(10, "the rules give 'Orange gained 2 STUDY' here, not 'Red gained 2 STUDY'"),
    ),
    (
        "a production missing",
        (*SAMPLE_EVENTS[:9], SAMPLE_EVENTS[10]),
        Problem(9, "'Orange gained 2 STUDY' is missing after this event"),
    ),
    (
        "a production too many",
        (
            *SAMPLE_EVENTS[:10],
            ResourcesProduced(colour=BLUE, gained=(0, 1, 0, 0, 0)),
            SAMPLE_EVENTS[10],
        ),
        Problem(11, "'Blue gained 1 LAB' is not part of this command"),
    ),
    (
        "a lone production",
        (*SAMPLE_EVENTS, ResourcesProduced(colour=ORANGE, gained=(0, 0, 0, 2, 0))),
        Problem(12, "Orange gained 2 STUDY does not follow the command it belongs to"),
    ),
    (
        "a loss of a resource not held",
        with_event(3, ResourcesLost(colour=ORANGE, lost=(4, 1, 0, 0, 0))),
        Problem(
            3,
            "Orange lost 4 CAFFEINE, 1 LAB to the geese: 1 LAB taken from a student who held 0",
        ),
    ),
    (
        "a loss too small",
        with_event(3, ResourcesLost(colour=ORANGE, lost=(4, 0, 0, 0, 0))),
        Problem(
            3,
            "Orange lost 4 CAFFEINE to the geese: "
            "4 units taken where the rules take 5 (half of 11, rounded down)",
        ),
    ),
    (
        "a loss too large",
        with_event(3, ResourcesLost(colour=ORANGE, lost=(6, 0, 0, 0, 0))),
        Problem(
            3,
            "Orange lost 6 CAFFEINE to the geese: "
            "6 units taken where the rules take 5 (half of 11, rounded down)",
        ),
    ),
    (
        "a steal from a student not on the tile",
        with_event(5, ResourceStolen(thief=BLUE, victim=ORANGE, resource=CAFFEINE)),
        Problem(
            4,
            "Blue moved the geese to tile 9: "
            "the steal is missing, or robs a student who cannot be robbed there",
        ),
    ),
    (
        "a steal of a resource the victim lacks",
        with_event(5, ResourceStolen(thief=BLUE, victim=YELLOW, resource=STUDY)),
        Problem(5, "Blue stole one STUDY from Yellow: one STUDY taken from a student who had none"),
    ),
    (
        "the geese back on their own tile",
        (*SAMPLE_EVENTS[:3], GeeseMoved(colour=BLUE, tile=TileId(8))),
        Problem(4, "Blue moved the geese to tile 8: the geese cannot move to that tile"),
    ),
    (
        "a trade the partner could not pay",
        with_event(6, TradeAccepted(proposer=BLUE, partner=RED, give=STUDY, take=CAFFEINE)),
        Problem(6, "Blue traded one STUDY to Red for one CAFFEINE: not enough resources"),
    ),
    (
        "a trade the proposer could not pay",
        with_event(6, TradeAccepted(proposer=BLUE, partner=ORANGE, give=LAB, take=CAFFEINE)),
        Problem(6, "Blue traded one LAB to Orange for one CAFFEINE: not enough resources"),
    ),
    (
        "an event for the wrong colour",
        with_event(7, TurnEnded(colour=RED)),
        Problem(7, "the rules give 'Blue ended their turn' here, not 'Red ended their turn'"),
    ),
    (
        "a loaded roll by a student with fair dice",
        (*SAMPLE_EVENTS[:7], *SAMPLE_EVENTS[8:]),
        Problem(
            8,
            "Red rolled 10 (loaded): a loaded roll must be 2-12, "
            "by a student whose dice are loaded",
        ),
    ),
    (
        "fair dice by a student with loaded dice",
        with_event(9, DiceRolled(colour=RED, roll=10, dice=(4, 6))),
        Problem(
            9,
            "Red rolled 10 (4 + 6): a loaded roll must be 2-12, "
            "by a student whose dice are loaded",
        ),
    ),
    (
        "a loaded roll outside 2-12",
        (*SAMPLE_EVENTS[:8], DiceRolled(colour=RED, roll=13)),
        Problem(
            9,
            "Red rolled 13 (loaded): a loaded roll must be 2-12, "
            "by a student whose dice are loaded",
        ),
    ),
]


@pytest.mark.parametrize(("case", "events", "problem"), TAMPERED, ids=[t[0] for t in TAMPERED])
def test_a_tampered_journal_is_named_at_its_event(
    case: str, events: tuple[AnyEvent, ...], problem: Problem
) -> None:
    assert problem_of(HEADER, events) == problem


FAIR_RED = (*SAMPLE_EVENTS[:7], DiceRolled(colour=RED, roll=10, dice=(4, 6)), SAMPLE_EVENTS[9])
"""The sample turns with Red keeping fair dice and throwing 4 and 6."""


def test_fair_dice_recorded_with_their_values_pass() -> None:
    assert problem_of(HEADER, FAIR_RED) is None


def test_fair_dice_outside_one_to_six_are_named() -> None:
    events = with_event(8, DiceRolled(colour=RED, roll=10, dice=(7, 3)), FAIR_RED)
    assert problem_of(HEADER, events) == Problem(
        8, "Red rolled 10 (7 + 3): dice 7 and 3 are not both 1-6"
    )


def test_a_fair_roll_that_is_not_the_sum_of_its_dice_is_named() -> None:
    events = with_event(8, DiceRolled(colour=RED, roll=9, dice=(4, 6)), FAIR_RED)
    assert problem_of(HEADER, events) == Problem(
        8, "the rules give 'Red rolled 10 (4 + 6)' here, not 'Red rolled 9 (4 + 6)'"
    )


def test_a_win_before_ten_course_criteria_is_named() -> None:
    # Roll 11 pays Blue 3 LECTURE (tile 6 holds Blue's Exam at 25), so Blue can pay a
    # Midterm at 30 with 2 LECTURE and 3 STUDY: 8 course criteria, not 10.
    played, _ = converse(start(HEADER), "load\nroll\n11\nimprove 30\n", seed=1)
    midterm = (0, 0, 2, 3, 0)
    assert played[-1] == CriterionImproved(
        colour=BLUE, criterion=CriterionId(30), level=2, cost=midterm
    )
    assert problem_of(HEADER, (*played, GameWon(colour=BLUE))) == Problem(
        len(played) + 1, "'Blue won the game' is not part of this command"
    )


def test_a_win_left_out_is_named() -> None:
    assert problem_of(WIN_HEADER, WIN_EVENTS[:3]) == Problem(
        3, "'Blue won the game' is missing after this event"
    )


def test_play_after_the_win_is_named() -> None:
    assert problem_of(WIN_HEADER, (*WIN_EVENTS, TurnEnded(colour=BLUE))) == Problem(
        5, "Blue ended their turn: not possible at this point of the game"
    )


def test_the_audit_stops_at_the_first_problem_with_the_game_before_it() -> None:
    events = with_event(6, TradeAccepted(proposer=BLUE, partner=RED, give=STUDY, take=CAFFEINE))
    checked = audit(HEADER, events)
    assert checked == Audit(
        state=fold(HEADER, SAMPLE_EVENTS[:5]),
        events=5,
        problem=Problem(6, "Blue traded one STUDY to Red for one CAFFEINE: not enough resources"),
    )
    assert checked.problem is not None and checked.problem.line == 7


# Headers ---------------------------------------------------------------------------------------


def test_a_header_with_a_board_of_eighteen_tiles_is_a_problem_at_event_zero() -> None:
    header = replace(NEW_HEADER, board=NEW_HEADER.board[:18])
    message = "the board needs 19 tiles, each valued 2-12 unless NETFLIX"
    assert header_problem(header) == message
    checked = audit(header, SAMPLE_EVENTS)
    assert (checked.events, checked.problem) == (0, Problem(0, message))
    assert Problem(0, message).line == 1


def loaded_with(student: int, changed: SavedStudent) -> GameStarted:
    """Return the sample header with one student's saved line replaced."""
    students = list(SAMPLE.position.students)
    students[student] = changed
    return replace(HEADER, loaded=replace(SAMPLE.position, students=tuple(students)))


@pytest.mark.parametrize("level", [0, 4, 255, -1])
def test_a_loaded_level_a_save_file_cannot_write_is_a_problem_not_a_crash(level: int) -> None:
    # Found by the hostile-file fuzz: level 255 crashed formatting the position to check it,
    # and level 0 would have been written as an Exam.
    red = SAMPLE.position.students[RED]
    header = loaded_with(RED, replace(red, criteria=((CriterionId(32), level),)))
    message = f"the loaded position: criterion 32 has completion level {level}, not 1-3"
    assert audit(header, ()).problem == Problem(0, message)


def test_a_loaded_criterion_off_the_board_is_a_problem_not_a_crash() -> None:
    red = SAMPLE.position.students[RED]
    header = loaded_with(RED, replace(red, criteria=((CriterionId(99), 1),)))
    message = "the loaded position: criterion 99 is not on the board (0-53)"
    assert audit(header, ()).problem == Problem(0, message)


def test_a_loaded_position_without_four_students_is_a_problem_not_a_crash() -> None:
    three = replace(SAMPLE.position, students=SAMPLE.position.students[:3])
    header = replace(HEADER, loaded=three)
    message = "the loaded position holds 3 students, not 4"
    assert audit(header, ()).problem == Problem(0, message)


def test_loaded_criteria_side_by_side_are_taken_as_written_and_what_follows_is_judged() -> None:
    # Red's Assignment at 21 sits next to Yellow's at 20: no game allows it, but a loaded
    # file is taken as written (spec §5); the journal's commands are judged from there.
    red = SAMPLE.position.students[RED]
    header = loaded_with(RED, replace(red, criteria=(*red.criteria, (CriterionId(21), 1))))
    checked = audit(header, SAMPLE_EVENTS)
    assert (checked.problem, checked.events) == (None, len(SAMPLE_EVENTS))
    assert checked.state is not None
    assert checked.state.criterion_owner[20:22] == (YELLOW, RED)
    beside = with_event(
        7, CriterionCompleted(colour=BLUE, criterion=CriterionId(26), cost=(1, 1, 1, 0, 1))
    )
    assert audit(header, beside).problem == Problem(
        7, "Blue completed an Assignment at 26: that place cannot be built on"
    )


def test_an_invariant_the_loaded_position_breaks_is_a_problem_at_event_zero(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Whatever a save file lets through, the start is held to every game's bookkeeping.
    def orange_too_rich(game: Game, previous: Game | None = None) -> list[str]:
        return ["Orange holds too much"] if game.students[ORANGE].resources[0] > 10 else []

    monkeypatch.setattr("watan.judge.broken_invariants", orange_too_rich)
    assert header_problem(HEADER) == "Orange holds too much"
    assert audit(HEADER, SAMPLE_EVENTS).problem == Problem(0, "Orange holds too much")


def test_an_invariant_broken_after_an_event_is_named_at_that_event(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The rules never break the bookkeeping; a reducer bug would. Stand one in.
    def negative_after_the_trade(game: Game, previous: Game | None = None) -> list[str]:
        return ["Blue holds a negative amount"] if game.students[ORANGE].resources[3] else []

    monkeypatch.setattr("watan.definition.broken_invariants", negative_after_the_trade)
    checked = audit(HEADER, SAMPLE_EVENTS)
    assert (checked.events, checked.problem) == (5, Problem(6, "Blue holds a negative amount"))
