"""The board as SVG: well-formed, one element per place carrying its number, owners and
levels as the game has them at every step of the recorded games, in each edition's words."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from replay import scan
from tests.conftest import ROOT, WATAN, read_journal
from tests.recording import JOURNALS
from watan.cli.app import main
from watan.editions import edition
from watan.engine.evolve import apply, start
from watan.engine.layout import Board
from watan.engine.resources import Resource
from watan.engine.snapshot import SavedGame
from watan.engine.state import NOBODY, Colour, Game, loaded_game, new_game
from watan.files.savefile import parse_save
from watan.pictures import palette
from watan.pictures.svg import picture

NS = "{http://www.w3.org/2000/svg}"
PICTURES = ROOT / "fixtures" / "pictures"
GAMES = sorted(JOURNALS.glob("*/journal.jsonl"))
CONSTRUCTOR_SAVE = (
    ROOT / "fixtures/transcripts/constructor-geese-fair-dice-trades-and-saves/files/game.sv"
)
"""A Constructor save file with a tower, houses, basements and roads."""


def elements(svg: str, kind: str) -> dict[int, ET.Element]:
    """Return the picture's `<g>` elements of one kind (`tile`, `criterion`, `goal`) by number."""
    root = ET.fromstring(svg)
    found = root.findall(f".//{NS}g[@data-{kind}]")
    by_number = {int(g.attrib[f"data-{kind}"]): g for g in found}
    assert len(by_number) == len(found), f"a {kind} appears twice"
    return by_number


def owner_of(value: int) -> str:
    return "none" if value == NOBODY else Colour(value).title


def shown(svg: str) -> tuple[dict[int, tuple[str, int]], dict[int, str], list[int]]:
    """Return what a picture shows: criteria's (owner, level), goals' owners, geese tiles."""
    criteria = {
        n: (g.attrib["data-owner"], int(g.attrib["data-level"]))
        for n, g in elements(svg, "criterion").items()
    }
    goals = {n: g.attrib["data-owner"] for n, g in elements(svg, "goal").items()}
    geese = [n for n, g in elements(svg, "tile").items() if g.attrib["data-geese"] == "true"]
    return criteria, goals, geese


def expected(game: Game) -> tuple[dict[int, tuple[str, int]], dict[int, str], list[int]]:
    criteria = {
        n: (owner_of(owner), level)
        for n, (owner, level) in enumerate(
            zip(game.criterion_owner, game.criterion_level, strict=True)
        )
    }
    goals = {n: owner_of(owner) for n, owner in enumerate(game.goal_owner)}
    return criteria, goals, [] if game.geese == NOBODY else [game.geese]


def title(element: ET.Element) -> str:
    found = element.find(f"{NS}title")
    assert found is not None and found.text is not None
    return found.text


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{NS}text")]


def test_a_picture_has_one_element_for_each_tile_criterion_and_goal(sample_board: Board) -> None:
    svg = picture(new_game(sample_board, WATAN.rules), WATAN)
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    assert (root.attrib["width"], root.attrib["viewBox"]) == ("800", "0 0 800 861")
    assert sorted(elements(svg, "tile")) == list(range(19))
    assert sorted(elements(svg, "criterion")) == list(range(54))
    assert sorted(elements(svg, "goal")) == list(range(72))


def test_each_tile_shows_its_number_resource_and_value_as_the_board_file_says(
    sample_board: Board,
) -> None:
    # sample-board.txt reads `0 3 1 10 3 5 ...`: tile 0 is CAFFEINE 3, tile 1 LAB 10 ...
    tiles = elements(picture(new_game(sample_board, WATAN.rules), WATAN), "tile")
    assert texts(tiles[0]) == ["0", "CAFFEINE", "3"]
    assert texts(tiles[1]) == ["1", "LAB", "10"]
    assert texts(tiles[4]) == ["4", "NETFLIX"]  # no value (spec §3.5.5)
    assert "data-value" not in tiles[4].attrib
    assert title(tiles[1]) == "Tile 1: LAB, value 10 (3/36 a roll)"
    assert title(tiles[4]) == "Tile 4: NETFLIX, no value"
    for n, tile in enumerate(sample_board):
        names = edition("watan").resources
        assert tiles[n].attrib["data-resource"] == names[tile.resource]
        if tile.resource is not Resource.NETFLIX:
            assert tiles[n].attrib["data-value"] == str(tile.value)


def test_each_value_s_token_has_a_dot_for_each_roll_of_two_fair_dice_that_gives_it(
    sample_board: Board,
) -> None:
    # Two dice of six faces (spec §2.8.2): 10 is 4+6, 5+5 or 6+4, three dots; the likeliest
    # values that produce, 6 and 8, are red as on the board game's tokens.
    rolls = Counter(a + b for a, b in itertools.product(range(1, 7), repeat=2))
    tiles = elements(picture(new_game(sample_board, WATAN.rules), WATAN), "tile")
    drawn = {}
    for n, tile in enumerate(sample_board):
        odds = tiles[n].findall(f".//{NS}g[@class='odds']")
        if tile.resource is Resource.NETFLIX:
            assert odds == [], n
            continue
        (dots,) = odds
        drawn[n] = (len(dots.findall(f"{NS}circle")), dots.attrib["fill"])
    assert drawn == {
        n: (rolls[t.value], palette.LIKELIEST if t.value in (6, 8) else palette.DARK)
        for n, t in enumerate(sample_board) if t.resource is not Resource.NETFLIX
    }
    assert {t.value for t in sample_board if t.resource is not Resource.NETFLIX} == {
        2, 3, 4, 5, 6, 8, 9, 10, 11, 12
    }  # every value a tile can have, so every token is checked


def test_the_sample_save_shows_its_owners_levels_and_geese(sample_save: SavedGame) -> None:
    svg = picture(loaded_game(sample_save.board, sample_save.position, WATAN.rules), WATAN)
    criteria, goals, geese = shown(svg)
    # sample-save.sv, line by line: Blue `c 37 3 25 3 30 1`, Red `c 32 2 44 1`,
    # Orange `c 16 2 40 1`, Yellow `c 20 1 27 1`; geese on tile 8.
    assert {n: c for n, c in criteria.items() if c[0] != "none"} == {
        37: ("Blue", 3), 25: ("Blue", 3), 30: ("Blue", 1),
        32: ("Red", 2), 44: ("Red", 1),
        16: ("Orange", 2), 40: ("Orange", 1),
        20: ("Yellow", 1), 27: ("Yellow", 1),
    }  # fmt: skip
    assert {n: g for n, g in goals.items() if g != "none"} == {
        38: "Blue", 47: "Blue", 43: "Blue",
        56: "Red", 48: "Red", 64: "Red",
        24: "Orange", 50: "Orange", 33: "Orange", 41: "Orange",
        27: "Yellow", 32: "Yellow",
    }  # fmt: skip
    assert geese == [8]
    tiles = elements(svg, "tile")
    assert texts(tiles[8]) == ["8", "STUDY", "8", "GEESE"]
    assert title(tiles[8]) == "Tile 8: STUDY, value 8 (5/36 a roll); the geese are here"


def test_a_free_place_shows_its_number_and_a_claimed_one_its_owner_and_letter(
    sample_save: SavedGame,
) -> None:
    svg = picture(loaded_game(sample_save.board, sample_save.position, WATAN.rules), WATAN)
    criteria, goals = elements(svg, "criterion"), elements(svg, "goal")
    def drawn(n: int) -> tuple[list[str], str]:
        return texts(criteria[n]), title(criteria[n])

    assert drawn(0) == (["0"], "Criterion 0: nobody has completed it")
    # Blue's Exam at 37, Red's Midterm at 32, Yellow's Assignment at 20 (spec §2.4.1 letters).
    assert drawn(37) == (["E"], "Criterion 37: Blue's Exam")
    assert drawn(32) == (["M"], "Criterion 32: Red's Midterm")
    assert drawn(20) == (["A"], "Criterion 20: Yellow's Assignment")
    fills = {n: next(s.attrib["fill"] for s in criteria[n] if "fill" in s.attrib) for n in (37, 32)}
    assert fills == {
        37: palette.STUDENT_COLOURS[Colour.BLUE], 32: palette.STUDENT_COLOURS[Colour.RED]
    }
    assert (texts(goals[0]), title(goals[0])) == (["0"], "Goal 0: nobody has achieved it")
    assert (texts(goals[38]), title(goals[38])) == ([], "Goal 38: Blue achieved it")
    strokes = [line.attrib["stroke"] for line in goals[38].iter(f"{NS}line")]
    assert palette.STUDENT_COLOURS[Colour.BLUE] in strokes


def test_a_constructor_picture_speaks_constructor() -> None:
    played = edition("constructor")
    saved = parse_save(CONSTRUCTOR_SAVE.read_text(), "game.sv", played)
    svg = picture(loaded_game(saved.board, saved.position, played.rules), played)
    root = ET.fromstring(svg)
    assert title(root) == "Constructor: the board"
    assert root.attrib["data-edition"] == "constructor"
    criteria, goals, tiles = (elements(svg, k) for k in ("criterion", "goal", "tile"))
    resources = {t.attrib["data-resource"] for t in tiles.values()}
    assert resources <= {"BRICK", "ENERGY", "GLASS", "HEAT", "WIFI", "PARK"}
    assert title(criteria[0]) == "Address 0: nobody has built it"
    assert title(goals[0]) == "Path 0: nobody has built a road on it"
    owned = [g for g in criteria.values() if g.attrib["data-owner"] != "none"]
    letters = {g.attrib["data-level"]: texts(g) for g in owned}
    assert letters == {"1": ["B"], "2": ["H"], "3": ["T"]}  # basement, house, tower (§2.4.1)
    assert any(title(g).endswith("'s Tower") for g in owned)
    road = next(g for g in goals.values() if g.attrib["data-owner"] != "none")
    assert title(road).endswith(" built a road on it")


@pytest.mark.parametrize(
    ("golden", "args"),
    [
        ("sample-board.svg", ["show", str(ROOT / "fixtures/spec/sample-board.txt")]),
        ("sample-save.svg", ["show", str(ROOT / "fixtures/spec/sample-save.sv")]),
        (
            "constructor-game.svg",
            ["show", "--edition", "constructor", str(CONSTRUCTOR_SAVE)],
        ),
    ],
)
def test_the_pictures_of_the_sample_files_are_the_golden_ones(golden: str, args: list[str]) -> None:
    # The golden files were looked at as pictures (rendered by Chromium) before they were kept;
    # fixtures/pictures/README.md says how to make them again.
    result = CliRunner().invoke(main, [*args, "--format", "svg"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (PICTURES / golden).read_text()


@pytest.mark.slow  # every step of every recorded game
@pytest.mark.parametrize("journal", GAMES, ids=[g.parent.name for g in GAMES])
def test_every_step_of_a_recorded_game_shows_the_owners_and_levels_of_that_step(
    journal: Path,
) -> None:
    recorded = read_journal(str(journal))
    first = start(recorded.header)
    previous = picture(first, WATAN)
    previous_shown = shown(previous)
    assert previous_shown == expected(first)
    for game in scan(apply, first, recorded.events):
        svg = picture(game, WATAN)
        # A step that changed nothing on the board draws the same bytes as the step before,
        # whose elements were read; any other is read whole.
        if svg != previous:
            previous, previous_shown = svg, shown(svg)
        assert previous_shown == expected(game)
