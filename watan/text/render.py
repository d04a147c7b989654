"""The board, status lines and listings, exactly as the spec prints them.

The board (spec Figure 1) is painted tile by tile on a blank canvas: every
tile is the same stencil, placed by its centre from `topology`, so a shared
criterion or goal is simply painted twice in the same place.
"""

from __future__ import annotations

from collections.abc import Sequence

from watan.editions.model import Edition
from watan.engine.layout import Board
from watan.engine.resources import Resource
from watan.engine.rules import CARDS
from watan.engine.state import (
    COLOURS,
    NOBODY,
    SETUP_ORDER,
    Colour,
    Game,
    Phase,
    course_criteria,
)
from watan.engine.topology import TILE_CENTRES, TILE_CRITERIA, TILE_GOALS

# One tile, its mid-left criterion at column 0.  Letters mark slots:
# a-f criteria, g-l goals (both in topology's corner and side order),
# t tile number, v value, r resource, z geese; spaces are transparent.
_STENCIL = (
    "     |aa|--gg--|bb|",
    "     /            \\",
    "   hh      tt     ii",
    "   /     rrrrrrrr   \\",
    "|cc|       vv       |dd|",
    "   \\     zzzzz      /",
    "   jj             kk",
    "     \\            /",
    "     |ee|--ll--|ff|",
)
_CRITERION_SLOTS = "abcdef"
_GOAL_SLOTS = "ghijkl"
_BOARD_WIDTH = 84
_BOARD_LINES = 41

GEESE = "GEESE"


def draw_board(
    board: Board,
    criteria: Sequence[str | None],
    goals: Sequence[str | None],
    geese: int,
    resources: Sequence[str],
) -> str:
    """Return the board's 41 lines, each ending in a newline (spec §2.1, RULINGS 3).

    `criteria` and `goals` give a two-letter label for each owned place and
    None for a free one, which shows its number; `resources` names the
    resources as the edition prints them.
    """
    canvas = [[" "] * _BOARD_WIDTH for _ in range(_BOARD_LINES)]
    for tile_id, tile in enumerate(board):
        x, y = TILE_CENTRES[tile_id]
        fills = {"t": f"{tile_id:2d}", "z": GEESE if tile_id == geese else ""}
        fills["r"] = resources[tile.resource]
        fills["v"] = "" if tile.resource is Resource.NETFLIX else f"{tile.value:2d}"
        for slot, criterion in zip(_CRITERION_SLOTS, TILE_CRITERIA[tile_id], strict=True):
            fills[slot] = criteria[criterion] or f"{criterion:2d}"
        for slot, goal in zip(_GOAL_SLOTS, TILE_GOALS[tile_id], strict=True):
            fills[slot] = goals[goal] or f"{goal:2d}"
        _paint(canvas, 2 * y, 5 * x, fills)
    return "".join("".join(row).rstrip() + "\n" for row in canvas)


def _paint(canvas: list[list[str]], top: int, left: int, fills: dict[str, str]) -> None:
    """Paint the stencil with its top line at `top` and its column 0 at `left`."""
    for dy, pattern in enumerate(_STENCIL):
        row = canvas[top + dy]
        dx = 0
        while dx < len(pattern):
            char = pattern[dx]
            if char == " ":
                dx += 1
            elif char.isalpha():
                end = dx
                while end < len(pattern) and pattern[end] == char:
                    end += 1
                text = fills[char].ljust(end - dx)
                for i, c in enumerate(text):
                    if c != " ":
                        row[left + dx + i] = c
                dx = end
            else:
                row[left + dx] = char
                dx += 1


def board(game: Game, edition: Edition) -> str:
    """Return the board of a game in the edition's words, owners shown by colour and level
    (spec §2.4.1, §2.6)."""
    initials = edition.level_initials
    criteria = [
        None if owner == NOBODY else Colour(owner).title[0] + initials[level - 1]
        for owner, level in zip(game.criterion_owner, game.criterion_level, strict=True)
    ]
    goals = [
        None if owner == NOBODY else Colour(owner).title[0] + edition.goal_initial
        for owner in game.goal_owner
    ]
    return draw_board(game.board, criteria, goals, game.geese, edition.resources)


def status_line(game: Game, edition: Edition, colour: Colour) -> str:
    """Return a student's status line (spec §2.7 as worded by RULINGS 4)."""
    held = game.students[colour].resources
    return edition.text.status.format(
        *held, colour=colour.title, points=course_criteria(game, colour)
    )


def status(game: Game, edition: Edition) -> str:
    """Return every student's status line, student 0 first (spec §4.3 `status`)."""
    return "".join(status_line(game, edition, colour) for colour in COLOURS)


def completed(game: Game, edition: Edition, colour: Colour) -> str:
    """Return a student's completions in the order first completed (spec §2.7 `criteria`)."""
    text, codes = edition.text, edition.level_codes
    lines = [text.listing.format(colour=colour.title)]
    lines += [
        text.listed.format(place=c, code=codes[game.criterion_level[c] - 1])
        for c in game.students[colour].criteria
    ]
    return "".join(lines)


def cards(game: Game, edition: Edition, colour: Colour) -> str:
    """Return the development cards a student holds, by kind, those bought this turn included
    (`devs`, house-rules.md)."""
    text = edition.text
    lines = [text.cards_listing.format(colour=colour.title)]
    lines += [
        text.listed_card.format(count=count, card=card.value)
        for card, count in zip(CARDS, game.students[colour].cards, strict=True)
        if count
    ]
    return "".join(lines)


def standing(game: Game, edition: Edition) -> str:
    """Return whose turn it is and where in it the game stands (`watan replay --to N`), in the
    edition's words."""
    who = game.turn.title
    dice = "loaded" if game.students[game.turn].loaded_dice else "fair"
    first = edition.vocabulary.levels[0].lower()
    match game.phase:
        case Phase.SETUP:
            return (
                f"Setup: {who} places an initial {first} "
                f"({game.setup_step} of {len(SETUP_ORDER)} placed).\n"
            )
        case Phase.BEFORE_ROLL:
            return f"{who}'s turn, before the roll ({dice} dice).\n"
        case Phase.AFTER_ROLL:
            return f"{who}'s turn, after the roll.\n"
        case Phase.GEESE:
            return f"{who}'s turn: a 7 was rolled and the geese wait to be placed.\n"
        case Phase.OVER:
            return f"{who} has won; the game is over.\n"


def game_text(game: Game, edition: Edition) -> str:
    """Return the game as `watan replay --to N` shows it: the board, the four status lines,
    then whose turn it is and where in it the game stands."""
    return board(game, edition) + status(game, edition) + standing(game, edition)
