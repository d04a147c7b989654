"""The board as one SVG picture: tiles, goals and criteria where spec Figure 1 has them.

Every tile, criterion and goal is one `<g>` element carrying its number
(`data-tile`, `data-criterion`, `data-goal`), what is on it (`data-owner`
as the student's colour or `none`, `data-level` 0-3, `data-resource`,
`data-value`, `data-geese`) and an accessible `<title>` in the edition's
words.  The element sits at its place by `transform`; what it draws is a
fragment around that place, written by the functions below for one owner
and level, so the replay page (`watan.pictures.viewer`) draws a change with
the very fragments a picture of that step holds.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator
from html import escape as _escape

from watan.editions.model import Edition
from watan.engine.dice import WAYS, odds
from watan.engine.layout import Tile
from watan.engine.resources import Resource
from watan.engine.rules import GEESE_ROLL
from watan.engine.state import NOBODY, Colour, Game
from watan.engine.topology import CRITERION_COUNT, GOAL_COUNT
from watan.pictures import geometry, palette
from watan.text.render import GEESE

FONT = "Helvetica, Arial, 'Liberation Sans', sans-serif"


def escape(text: str) -> str:
    """Return `text` safe in XML content and in a double-quoted attribute."""
    return _escape(text, quote=False).replace('"', "&quot;")


def number(value: float) -> str:
    """Return a coordinate as short as it can be written: one decimal, none when whole."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def owner_name(owner: int) -> str:
    """Return a place's `data-owner`: the owner's colour (`Blue`), or `none`."""
    return "none" if owner == NOBODY else Colour(owner).title


GOAL_ANGLES: tuple[str, ...] = tuple(
    number(math.degrees(math.atan2(dy, dx)) % 180) for dx, dy in geometry.GOAL_HALVES
)
"""How far each goal's side is turned from the horizontal, in degrees: 0, 60 or 120."""


def _text(content: str, size: int, *, fill: str = palette.DARK, y: float = 0,
          bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    at = f' y="{number(y)}"' if y else ""
    return (
        f'<text{at} dy=".35em" font-size="{size}" fill="{fill}"{weight}>{escape(content)}</text>'
    )


def tile_title(edition: Edition, tile_number: int, tile: Tile, geese: bool) -> str:
    """Return a tile's accessible name: `Tile 3: LAB, value 10 (3/36 a roll)`, and where the
    geese are."""
    name = edition.resources[tile.resource]
    value = (
        "no value" if tile.resource is Resource.NETFLIX
        else f"value {tile.value} ({odds(tile.value)} a roll)"
    )
    here = f"; the {GEESE.lower()} are here" if geese else ""
    return f"Tile {tile_number}: {name}, {value}{here}"


def tile_fragment(edition: Edition, tile_number: int, tile: Tile, geese: bool) -> str:
    """Return what a tile draws around its centre: hexagon, number, resource, value, geese.

    NETFLIX shows no value (spec §3.5.5); the geese are written under the
    value, as the text board writes them (spec §3.6).  The value is a token
    with a dot for each way two fair dice roll it (`token`).
    """
    fill = edition.tile_colours[tile.resource]
    ink = palette.ink(fill)
    outline = " ".join(f"{number(x)},{number(y)}" for x, y in geometry.HEXAGON)
    parts = [
        f"<title>{escape(tile_title(edition, tile_number, tile, geese))}</title>",
        f'<polygon points="{outline}" fill="{fill}" stroke="{palette.EDGE}" stroke-width="2"/>',
        _text(str(tile_number), 13, fill=ink, y=-50),
        _text(edition.resources[tile.resource], 14, fill=ink, y=-26, bold=True),
    ]
    if tile.resource is not Resource.NETFLIX:
        parts.append(token(tile.value))
    if geese:
        parts += [
            f'<rect x="-31" y="34" width="62" height="20" rx="10" fill="{palette.DARK}"/>',
            _text(GEESE, 12, fill=palette.LIGHT, y=44, bold=True),
        ]
    return "".join(parts)


def token(value: int) -> str:
    """Return a tile's value as the board game's number tokens show it: the number over a dot
    for each of the 36 rolls of two fair dice that give it (spec §2.8.2), the likeliest
    values in red, so that a tile's worth reads at a glance."""
    ways = WAYS[value]
    ink = palette.LIKELIEST if ways == _MOST_WAYS else palette.DARK
    left = -(ways - 1) * _DOT_PITCH / 2
    dots = "".join(
        f'<circle cx="{number(left + i * _DOT_PITCH)}" r="2.5"/>' for i in range(ways)
    )
    return (
        f'<circle cy="4" r="21" fill="{palette.LIGHT}" stroke="{palette.EDGE}"/>'
        f"{_text(str(value), 17, fill=ink, y=-1, bold=True)}"
        f'<g class="odds" transform="translate(0 14)" fill="{ink}">{dots}</g>'
    )


_DOT_PITCH = 7.0
_MOST_WAYS = max(ways for value, ways in enumerate(WAYS) if value != GEESE_ROLL)
"""The dots of 6 and 8, the likeliest values that produce (a 7 moves the geese)."""


def criterion_title(edition: Edition, label: str, owner: int, level: int) -> str:
    """Return a criterion's accessible name: `Criterion 12: Blue's Midterm`, or who may claim it."""
    words = edition.vocabulary
    place = f"{words.criterion.capitalize()} {label}"
    if owner == NOBODY:
        return f"{place}: nobody has {words.claimed_criterion} it"
    return f"{place}: {Colour(owner).title}'s {words.levels[level - 1]}"


def _level_shape(level: int, fill: str) -> str:
    """Return the marker of a completed criterion: a circle, a square, a hexagon as it rises."""
    paint = f'fill="{fill}" stroke="{palette.DARK}" stroke-width="2"'
    if level == 1:
        return f'<circle r="14" {paint}/>'
    if level == 2:
        return f'<rect x="-14" y="-14" width="28" height="28" rx="5" {paint}/>'
    corners = " ".join(
        f"{number(18 * math.sin(math.radians(a)))},{number(-18 * math.cos(math.radians(a)))}"
        for a in range(0, 360, 60)
    )
    return f'<polygon points="{corners}" {paint}/>'


def criterion_fragment(edition: Edition, label: str, owner: int, level: int) -> str:
    """Return what a criterion draws around its place.

    A free one shows its number (`label`); a completed one is the owner's
    colour with the completion's letter, as the text board writes it after
    the owner's initial (spec §2.4.1).
    """
    title = f"<title>{escape(criterion_title(edition, label, owner, level))}</title>"
    if owner == NOBODY:
        return (
            f'{title}<circle r="12" fill="{palette.LIGHT}" stroke="{palette.EDGE}" '
            f'stroke-width="1.5"/>{_text(label, 11, bold=True)}'
        )
    fill = palette.STUDENT_COLOURS[Colour(owner)]
    letter = edition.level_initials[level - 1]
    shape = _level_shape(level, fill)
    return f"{title}{shape}{_text(letter, 14, fill=palette.ink(fill), bold=True)}"


def goal_title(edition: Edition, label: str, owner: int) -> str:
    """Return a goal's accessible name: `Goal 38: Blue achieved it`, or nobody has."""
    words = edition.vocabulary
    place = f"{words.goal.capitalize()} {label}"
    who = "nobody has" if owner == NOBODY else Colour(owner).title
    return f"{place}: {who} {words.claimed_goal} it"


def goal_fragment(edition: Edition, label: str, angle: str, owner: int) -> str:
    """Return what a goal draws around the middle of its side, turned by `angle` degrees.

    A free goal shows its number; an achieved one is its side drawn thick
    in the owner's colour (spec §2.6).
    """
    title = f"<title>{escape(goal_title(edition, label, owner))}</title>"
    if owner == NOBODY:
        return (
            f'{title}<rect x="-11" y="-8" width="22" height="16" rx="4" fill="{palette.LIGHT}" '
            f'fill-opacity="0.85"/>{_text(label, 10)}'
        )
    half = number(geometry.RADIUS / 2)
    side = f'x1="-{half}" x2="{half}" transform="rotate({angle})" stroke-linecap="round"'
    fill = palette.STUDENT_COLOURS[Colour(owner)]
    return (
        f'{title}<line {side} stroke="{palette.DARK}" stroke-width="13"/>'
        f'<line {side} stroke="{fill}" stroke-width="9"/>'
    )


def _at(point: geometry.Point) -> str:
    return f'transform="translate({number(point[0])} {number(point[1])})"'


@functools.cache
def tile_element(edition: Edition, tile_number: int, tile: Tile, geese: bool) -> str:
    """Return one tile's `<g>`: its number, resource, value and whether the geese are on it."""
    value = "" if tile.resource is Resource.NETFLIX else f' data-value="{tile.value}"'
    return (
        f'<g class="tile" data-tile="{tile_number}" '
        f'data-resource="{escape(edition.resources[tile.resource])}"{value} '
        f'data-geese="{str(geese).lower()}" {_at(geometry.TILE_POINTS[tile_number])}>'
        f"{tile_fragment(edition, tile_number, tile, geese)}</g>"
    )


@functools.cache
def criterion_element(edition: Edition, criterion: int, owner: int, level: int) -> str:
    """Return one criterion's `<g>`: its number, owner and level."""
    return (
        f'<g class="criterion" data-criterion="{criterion}" data-owner="{owner_name(owner)}" '
        f'data-level="{level}" {_at(geometry.CRITERION_POINTS[criterion])}>'
        f"{criterion_fragment(edition, str(criterion), owner, level)}</g>"
    )


@functools.cache
def goal_element(edition: Edition, goal: int, owner: int) -> str:
    """Return one goal's `<g>`: its number and owner."""
    return (
        f'<g class="goal" data-goal="{goal}" data-owner="{owner_name(owner)}" '
        f'{_at(geometry.GOAL_POINTS[goal])}>'
        f"{goal_fragment(edition, str(goal), GOAL_ANGLES[goal], owner)}</g>"
    )


def picture(game: Game, edition: Edition) -> str:
    """Return the board of `game` as a standalone SVG document, 800 pixels wide, in the
    edition's words.

    Tiles come first, then goals over their sides, then criteria over their
    ends, each in number order, one element per line.
    """
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{element(game, edition)}'


def element(game: Game, edition: Edition) -> str:
    """Return the board of `game` as an `<svg>` element, for a document or a web page."""
    opening = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="watan-board" '
        f'data-edition="{escape(edition.name)}" width="{geometry.WIDTH}" '
        f'height="{geometry.HEIGHT}" viewBox="0 0 {geometry.WIDTH} {geometry.HEIGHT}" '
        f'font-family="{escape(FONT)}" text-anchor="middle">'
    )
    lines = (opening, *_board_lines(game, edition), "</svg>")
    return "".join(f"{line}\n" for line in lines)


def _board_lines(game: Game, edition: Edition) -> Iterator[str]:
    """Yield the picture's content: title and description, background, then the places."""
    words = edition.vocabulary
    yield f"<title>{escape(edition.title)}: the board</title>"
    yield (
        f"<desc>The board of a game of {escape(edition.title)}: 19 tiles, "
        f"{CRITERION_COUNT} {words.criteria} and {GOAL_COUNT} {words.goals}, each with its number; "
        f"a claimed place in its {words.player}'s colour.</desc>"
    )
    yield (
        f'<rect width="{geometry.WIDTH}" height="{geometry.HEIGHT}" '
        f'fill="{palette.BACKGROUND}"/>'
    )
    yield '<g class="tiles">'
    for tile_number, tile in enumerate(game.board):
        yield tile_element(edition, tile_number, tile, tile_number == game.geese)
    yield '</g>\n<g class="goals">'
    for goal, owner in enumerate(game.goal_owner):
        yield goal_element(edition, goal, owner)
    yield '</g>\n<g class="criteria">'
    for criterion, (owner, level) in enumerate(
        zip(game.criterion_owner, game.criterion_level, strict=True)
    ):
        yield criterion_element(edition, criterion, owner, level)
    yield "</g>"
