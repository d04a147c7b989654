"""Two Bazaar games compared (`bazaar diff`): seen in players' words, told apart once per
thing, and different games said to be so."""

from __future__ import annotations

from msgspec.structs import replace

from bazaar.definition import BAZAAR
from bazaar.engine.events import AnyEvent, GameStarted, PlayerMoved
from bazaar.engine.state import Game, Phase
from bazaar.engine.tiles import Direction, Square
from bazaar.tools.compare import Side, as_seen, compare, unrelated
from replay.compare import Parting, told
from replay.history import Moment
from tests.bazaar.games import BOARD, board, game, merchant


def test_a_merchants_purchase_and_move_are_told_in_players_words() -> None:
    before = game(merchant("Ann", 0), merchant("Bob", 0))
    after = game(
        merchant("Ann", 1, gold=3, goods=(4, 1, 1), food=9), merchant("Bob", 0),
        phase=Phase.ACTION,
    )  # fmt: skip
    assert told(as_seen(before), as_seen(after)) == [
        "phase: choosing a move → asked to act",
        "Ann: at row 1, column 1 (Restaurant) → row 1, column 2 (Spice merchant)",
        "Ann: gold 5 → 3",
        "Ann: spice 1 → 4",
        "Ann: food 10 → 9",
    ]


def test_a_win_names_the_winner_and_the_rubies_bought() -> None:
    before = game(merchant("Ann", 0), merchant("Bob", 0), turn=1)
    won = replace(
        game(merchant("Ann", 0), merchant("Bob", 0, rubies=5, gems=1), turn=1), winner=1
    )
    assert told(as_seen(before), as_seen(won)) == [
        "winner: nobody → Bob",
        "Bob: rubies 0 → 5",
        "Bob: rubies bought from gem merchants 0 → 1",
    ]


def test_games_on_other_boards_or_between_other_merchants_are_different_games() -> None:
    ann_bob = game(merchant("Ann"), merchant("Bob"))
    other_board = board("RES DES DES DES", "DES DES DES DES", "DES DES DES DES", "DES DES DES DES")
    assert unrelated(Side("a", ann_bob), Side("b", ann_bob)) is None
    assert unrelated(Side("a", ann_bob), Side("b", game(merchant("Ann"), merchant("Cy")))) == (
        "their merchants differ"
    )
    assert unrelated(
        Side("a", ann_bob), Side("b", game(merchant("Ann"), merchant("Cy"), on=other_board))
    ) == "their boards and merchants differ"


def test_two_journals_part_at_their_first_different_event() -> None:
    header = GameStarted(seed=1, board=BOARD, names=("Ann", "Bob"))

    def journal(event: AnyEvent) -> Moment[GameStarted, AnyEvent, Game]:
        return Moment(header, (event,), BAZAAR.apply(BAZAAR.start(header), event))

    right = PlayerMoved(player=0, direction=Direction.RIGHT, square=Square(1))
    down = PlayerMoved(player=0, direction=Direction.DOWN, square=Square(4))
    a, b = journal(right), journal(down)
    found = compare(Side("a", a.state, a), Side("b", b.state, b))
    assert found.parting == Parting(
        1, "Ann moved right to row 1, column 2 (Spice merchant)",
        "Ann moved down to row 2, column 1 (Cart manufacturer)",
    )  # fmt: skip
    assert found.lines == (
        "Ann: at row 1, column 2 (Spice merchant) → row 2, column 1 (Cart manufacturer)",
    )
    assert [(c.path, c.old, c.new) for c in found.changes] == [("merchants[0].square", 1, 4)]
