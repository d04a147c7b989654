"""Comparing games: the view keyed by the spec's words, its differences, and where journals part."""

from __future__ import annotations

from msgspec.structs import replace

from replay.compare import Parting, parted
from replay.differences import ABSENT
from tests.conftest import CONSTRUCTOR, WATAN, reference
from tests.positions import make_game, with_student
from tests.test_definition import HEADER, SAMPLE_EVENTS, WIN_EVENTS, WIN_HEADER, fold
from watan.definition import WATAN as WATAN_JOURNALS
from watan.editions.model import Edition
from watan.engine.events import TradeDeclined
from watan.engine.resources import Resource
from watan.engine.rules import Card, with_house_rules
from watan.engine.state import Colour, Game, Phase
from watan.files.savefile import parse_board
from watan.tools.compare import as_loaded, as_view, structural, told_apart

BLUE, RED, ORANGE, YELLOW = Colour.BLUE, Colour.RED, Colour.ORANGE, Colour.YELLOW
BOARD = parse_board(reference("sample-board.txt"), "sample-board.txt", WATAN)
DECK = (Card.KNIGHT, Card.VP, Card.MONOPOLY, Card.KNIGHT, Card.VP)


def differences(a: Game, b: Game, edition: Edition) -> list[str]:
    """Return the structural differences (`--format json`'s) a line each, to read whole."""

    def shown(value: object) -> str:
        return "absent" if value is ABSENT else str(value)

    return [f"{c.path}: {shown(c.old)} -> {shown(c.new)}" for c in structural(a, b, edition)]


def holding(
    caffeine: int = 0, lab: int = 0, lecture: int = 0, study: int = 0, tutorial: int = 0
) -> dict[str, int]:
    return {
        "CAFFEINE": caffeine,
        "LAB": lab,
        "LECTURE": lecture,
        "STUDY": study,
        "TUTORIAL": tutorial,
    }


def test_the_view_of_the_sample_save_uses_the_spec_names() -> None:
    owned = {
        37: "Blue Exam", 25: "Blue Exam", 30: "Blue Assignment",
        32: "Red Midterm", 44: "Red Assignment",
        16: "Orange Midterm", 40: "Orange Assignment",
        20: "Yellow Assignment", 27: "Yellow Assignment",
    }  # fmt: skip
    goals = {
        38: "Blue", 47: "Blue", 43: "Blue",
        56: "Red", 48: "Red", 64: "Red",
        24: "Orange", 50: "Orange", 33: "Orange", 41: "Orange",
        27: "Yellow", 32: "Yellow",
    }  # fmt: skip
    assert as_view(fold(HEADER, ()), WATAN) == {
        "turn": "Blue",
        "phase": "before_roll",
        "geese": 8,
        "winner": "nobody",
        "Blue": {
            "resources": holding(study=5),
            "goals": [38, 47, 43],
            "criteria": [37, 25, 30],
            "dice": "fair",
        },
        "Red": {
            "resources": holding(),
            "goals": [56, 48, 64],
            "criteria": [32, 44],
            "dice": "fair",
        },
        "Orange": {
            "resources": holding(caffeine=11),
            "goals": [24, 50, 33, 41],
            "criteria": [16, 40],
            "dice": "fair",
        },
        "Yellow": {
            "resources": holding(lecture=3),
            "goals": [27, 32],
            "criteria": [20, 27],
            "dice": "fair",
        },
        "criteria": {c: owned.get(c, "none") for c in range(54)},
        "goals": {g: goals.get(g, "none") for g in range(72)},
        "board": [
            "CAFFEINE 3", "LAB 10", "STUDY 5", "LAB 4", "NETFLIX 7", "STUDY 10", "LECTURE 11",
            "CAFFEINE 3", "STUDY 8", "CAFFEINE 2", "CAFFEINE 6", "LAB 8", "TUTORIAL 12", "LAB 5",
            "TUTORIAL 11", "LECTURE 4", "TUTORIAL 6", "LECTURE 9", "LECTURE 9",
        ],
    }  # fmt: skip


def test_the_view_says_where_the_geese_are_not_and_who_won() -> None:
    shown = as_view(fold(WIN_HEADER, WIN_EVENTS), WATAN)
    assert (shown["geese"], shown["winner"], shown["phase"]) == ("off the board", "Blue", "over")
    assert shown["criteria"] == {
        c: {0: "Blue Exam", 10: "Blue Exam", 30: "Blue Exam", 45: "Blue Assignment"}.get(c, "none")
        for c in range(54)
    }


def test_a_resource_and_a_criterion_that_differ_read_as_paths() -> None:
    a = make_game(BOARD, resources={RED: (0, 2, 0, 0, 0)}, criteria={20: (BLUE, 1)})
    b = make_game(BOARD, resources={RED: (0, 3, 0, 0, 0)})
    assert differences(a, b, WATAN) == [
        "Blue.criteria[0]: 20 -> absent",
        "Red.resources.LAB: 2 -> 3",
        "criteria[20]: Blue Assignment -> none",
    ]


def _goal_dice_geese_turn_phase_and_winner() -> tuple[Game, Game]:
    """Return two games: in the second, Yellow has another goal, Orange loaded dice, the
    geese moved, and Red won on their turn."""
    a = make_game(BOARD, goals={3: YELLOW})
    b = replace(
        make_game(
            BOARD, goals={3: YELLOW, 5: YELLOW}, loaded=[ORANGE], geese=4, turn=RED,
            phase=Phase.OVER,
        ),
        winner=RED,
    )  # fmt: skip
    return a, b


def test_goals_dice_geese_turn_phase_and_winner_differences_read_in_words() -> None:
    a, b = _goal_dice_geese_turn_phase_and_winner()
    assert differences(a, b, WATAN) == [
        "Orange.dice: fair -> loaded",
        "Yellow.goals[1]: absent -> 5",
        "geese: off the board -> 4",
        "goals[5]: none -> Yellow",
        "phase: after_roll -> over",
        "turn: Blue -> Red",
        "winner: nobody -> Red",
    ]


def test_an_improvement_shows_the_completion_before_and_after() -> None:
    a = make_game(BOARD, criteria={30: (BLUE, 2)})
    b = make_game(BOARD, criteria={30: (BLUE, 3)})
    assert differences(a, b, WATAN) == ["criteria[30]: Blue Midterm -> Blue Exam"]


def test_differences_list_indices_in_numeric_order() -> None:
    a = make_game(BOARD, criteria={8: (BLUE, 1), 44: (RED, 1)}, goals={9: BLUE, 10: BLUE})
    b = make_game(BOARD)
    assert differences(a, b, WATAN) == [
        "Blue.criteria[0]: 8 -> absent",
        "Blue.goals[0]: 9 -> absent",
        "Blue.goals[1]: 10 -> absent",
        "Red.criteria[0]: 44 -> absent",
        "criteria[8]: Blue Assignment -> none",
        "criteria[44]: Red Assignment -> none",
        "goals[9]: Blue -> none",
        "goals[10]: Blue -> none",
    ]


def with_cards(deck: tuple[Card, ...] = ()) -> Game:
    """Return a position played with the development cards (house-rules.md), `deck` their deck."""
    return replace(make_game(BOARD, rules=with_house_rules(WATAN.rules, ["dev-cards"])), deck=deck)


def _knight_bought(**blue: object) -> tuple[Game, Game]:
    """Return a game with the cards, and the same after Blue bought the knight on top of the
    deck (house-rules.md ruling 4), with Blue's other fields as `blue` says."""
    a = with_cards(DECK)
    return a, replace(with_student(a, BLUE, cards=(1, 0, 0), **blue), deck=DECK[1:])


def test_a_card_bought_is_one_line_for_the_deck_not_one_per_card_after_it() -> None:
    a, b = _knight_bought()
    assert differences(a, b, WATAN) == ["Blue.cards.knight: 0 -> 1", "deck[0]: knight -> absent"]


def test_vp_played_is_bracketed_as_the_view_names_it() -> None:
    a = with_cards()
    assert differences(a, with_student(a, RED, played_points=1), WATAN) == [
        "Red[vp played]: 0 -> 1"
    ]


def test_identical_games_have_no_differences() -> None:
    game = fold(HEADER, SAMPLE_EVENTS)
    assert differences(game, fold(HEADER, SAMPLE_EVENTS), WATAN) == []


def test_journals_that_diverge_part_at_the_first_different_event() -> None:
    declined = TradeDeclined(
        proposer=BLUE, partner=ORANGE, give=Resource.STUDY, take=Resource.CAFFEINE
    )
    other = (*SAMPLE_EVENTS[:5], declined, *SAMPLE_EVENTS[6:])
    assert parted(WATAN_JOURNALS, HEADER, SAMPLE_EVENTS, other) == Parting(
        6,
        "Blue traded one STUDY to Orange for one CAFFEINE",
        "Orange declined Blue's offer of one STUDY for one CAFFEINE",
    )


def test_a_journal_that_is_a_prefix_of_the_other_parts_where_it_ends() -> None:
    assert parted(WATAN_JOURNALS, HEADER, SAMPLE_EVENTS[:3], SAMPLE_EVENTS) == Parting(
        4, None, "Blue moved the geese to tile 9"
    )
    assert parted(WATAN_JOURNALS, HEADER, SAMPLE_EVENTS, SAMPLE_EVENTS[:7]) == Parting(
        8, "Red chose loaded dice", None
    )


def test_equal_journals_do_not_part() -> None:
    assert parted(WATAN_JOURNALS, HEADER, SAMPLE_EVENTS, SAMPLE_EVENTS) is None
    assert parted(WATAN_JOURNALS, HEADER, (), ()) is None


# --- For people: one line per change, each once ----------------------------------------------


def test_a_criterion_completed_is_one_line_on_the_board_not_again_in_the_students_list() -> None:
    a = make_game(BOARD, resources={RED: (0, 2, 0, 0, 0)}, criteria={20: (BLUE, 1)})
    b = make_game(BOARD, resources={RED: (0, 3, 0, 0, 0)}, criteria={20: (BLUE, 2)})
    assert told_apart(a, b, WATAN) == [
        "Red: LAB 2 → 3",
        "criterion 20: Blue's Assignment → Blue's Midterm",
    ]


def test_goals_dice_geese_turn_phase_and_winner_are_told_in_words() -> None:
    a, b = _goal_dice_geese_turn_phase_and_winner()
    assert told_apart(a, b, WATAN) == [
        "turn: Blue → Red",
        "phase: after the roll → over",
        "geese: off the board → tile 4",
        "winner: nobody → Red",
        "Orange: dice fair → loaded",
        "goal 5: none → Yellow",
    ]


def test_a_card_bought_is_told_as_the_hand_and_the_decks_size() -> None:
    a, b = _knight_bought(played_points=1)
    assert told_apart(a, b, WATAN) == [
        "Blue: knight cards 0 → 1",
        "Blue: vp cards played 0 → 1",
        "deck: 5 cards → 4 cards",
    ]


def test_constructor_games_are_told_apart_in_its_words() -> None:
    a = make_game(BOARD, criteria={12: (BLUE, 1)}, goals={20: BLUE})
    b = make_game(
        BOARD, criteria={12: (BLUE, 2)}, goals={20: BLUE, 21: BLUE},
        resources={BLUE: (1, 0, 0, 0, 0)},
    )  # fmt: skip
    assert told_apart(a, b, CONSTRUCTOR) == [
        "Blue: BRICK 0 → 1",
        "address 12: Blue's Basement → Blue's House",
        "path 21: none → Blue",
    ]


def test_identical_games_are_told_no_differences() -> None:
    game = fold(HEADER, SAMPLE_EVENTS)
    assert told_apart(game, fold(HEADER, SAMPLE_EVENTS), WATAN) == []


def test_as_loaded_before_the_roll_forgets_only_the_dice_choice() -> None:
    game = fold(HEADER, SAMPLE_EVENTS[:1])  # Blue loaded the dice
    assert as_loaded(game) == with_student(game, BLUE, loaded_dice=False)


def test_as_loaded_after_the_roll_is_the_next_students_turn_before_their_roll() -> None:
    game = fold(HEADER, SAMPLE_EVENTS[:5])  # Blue rolled 7, moved the geese and stole
    assert game.phase is Phase.AFTER_ROLL
    assert as_loaded(game) == _reds_turn_before_the_roll(game)


def test_as_loaded_at_the_geese_keeps_them_where_they_were() -> None:
    game = fold(HEADER, SAMPLE_EVENTS[:3])  # the 7 is rolled, the geese not yet moved
    assert as_loaded(game) == _reds_turn_before_the_roll(game)
    assert as_loaded(game).geese == 8


def _reds_turn_before_the_roll(game: Game) -> Game:
    """Return `game` with Red's turn begun and Blue's loaded dice forgotten: what a save
    file made during Blue's turn, after the roll, loads as."""
    return replace(with_student(game, BLUE, loaded_dice=False), turn=RED, phase=Phase.BEFORE_ROLL)
