"""The board as a grid with every player's place, the legend, and the status lines."""

from __future__ import annotations

from bazaar.text.render import CODES, KINDS_BY_CODE, board, legend, place, status, statuses
from tests.bazaar.games import BOARD, at, game, merchant


def test_the_board_shows_each_tile_and_the_numbers_of_the_players_on_it() -> None:
    played = game(merchant("Ann", 0), merchant("Bob", at("GEM")), merchant("Cy", 0))
    assert board(played) == (
        "    1      2      3      4\n"
        " 1  RES13  SPI    FAB    JWL\n"
        " 2  CRT    SML    SPM    JWM\n"
        " 3  FBM    BLK    CAS    GEM2\n"
        " 4  PAL    DES    DES    DES\n"
        "Players: 1 Ann  2 Bob  3 Cy\n"
    )


def test_columns_widen_with_the_number_of_players() -> None:
    names = ("A", "B", "C", "D", "E", "F")
    played = game(*(merchant(name, 5) for name in names))
    assert board(played).splitlines()[:3] == [
        "    1         2         3         4",
        " 1  RES       SPI       FAB       JWL",
        " 2  CRT       SML123456 SPM       JWM",
    ]


def test_the_legend_names_every_code() -> None:
    assert legend() == (
        "Tiles: DES Desert, RES Restaurant, SPI Spice merchant, FAB Fabric manufacturer,\n"
        "       JWL Jeweler, CRT Cart manufacturer, SML Small market, SPM Spice market,\n"
        "       JWM Jewelry market, FBM Fabric market, BLK Black market, CAS Casino,\n"
        "       GEM Gem merchant, PAL Palace.\n"
    )


def test_codes_are_three_letters_and_name_one_kind_each() -> None:
    assert {len(code) for code in CODES.values()} == {3}
    assert len(KINDS_BY_CODE) == len(CODES) == 14


def test_a_place_counts_rows_and_columns_from_1() -> None:
    assert place(BOARD, at("CAS")) == "row 3, column 3 (Casino)"


def test_a_status_line_says_everything_a_player_carries_and_where_they_are() -> None:
    ann = merchant("Ann", at("JWM"), gold=7, rubies=2, goods=(3, 0, 4), food=6, cart=12, gems=1)
    assert status(BOARD, ann) == (
        "Ann: gold 7, rubies 2, spice 3, fabric 0, jewels 4, food 6, cart 9/12, "
        "at row 2, column 4 (Jewelry market)\n"
    )


def test_statuses_are_every_players_in_turn_order() -> None:
    played = game(merchant("Ann"), merchant("Bob", 1))
    assert statuses(played) == status(BOARD, played.merchants[0]) + status(
        BOARD, played.merchants[1]
    )
