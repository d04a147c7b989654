"""Bazaar's save file, as a parse/format pair (RULINGS-bazaar 9, 10).

The seed asks that the whole game, players and tiles, be written and read back; the
format is the project's own (docs/decisions.md, Bazaar):

    bazaar save 1
    size 4 5
    RES DES SPI FAB GEM
    ... (one line per row, each tile by its code in `bazaar.text.render.CODES`)
    turn 2 move
    player row 1 column 1 gold 5 rubies 0 spice 1 fabric 1 jewels 1 food 10 cart 9 gems 0 name Ann
    ... (one line per player, in turn order)

Rows, columns and the turn count from 1.  The phase is `move`, `action` (the player
whose turn it is stands on a tile and is asked yes or no) or `over` (that player won).
`gems` counts the rubies bought from gem merchants (RULINGS-bazaar 7).  The name is the
rest of the line.  Parsing is strict and says what is wrong and on which line; a file
that holds a position no game can reach is refused.
"""

from __future__ import annotations

from bazaar.engine.decide import CART_ADDED, can_act
from bazaar.engine.invariants import merchant_problem
from bazaar.engine.players import names_problem
from bazaar.engine.state import (
    RUBIES_TO_WIN,
    START_CART,
    Merchant,
    Phase,
    Position,
    SavedGame,
)
from bazaar.engine.tiles import Board, Square, board_problem
from bazaar.text.render import CODES, KINDS_BY_CODE
from replay.edges.reading import BadFile

MAGIC = "bazaar save 1"
_MOST_DIGITS = 9
_FIELDS = ("row", "column", "gold", "rubies", "spice", "fabric", "jewels", "food", "cart", "gems")


def format_save(saved: SavedGame) -> str:
    """Return the save file's text: one space between fields, a newline after every line."""
    board, position = saved.board, saved.position
    lines = [MAGIC, f"size {board.rows} {board.columns}"]
    for row in range(board.rows):
        tiles = board.tiles[row * board.columns : (row + 1) * board.columns]
        lines.append(" ".join(CODES[tile] for tile in tiles))
    lines.append(f"turn {position.turn + 1} {position.phase.value}")
    for merchant in position.merchants:
        row, column = board.row_column(merchant.square)
        spice, fabric, jewels = merchant.goods
        values = [row + 1, column + 1, merchant.gold, merchant.rubies, spice, fabric, jewels]
        values += [merchant.food, merchant.cart, merchant.gems]
        pairs = " ".join(f"{field} {value}" for field, value in zip(_FIELDS, values, strict=True))
        lines.append(f"player {pairs} name {merchant.name}")
    return "".join(f"{line}\n" for line in lines)


def parse_save(text: str, name: str) -> SavedGame:
    """Return the game in a save file's text, or raise BadFile naming the line and problem."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    lines = [line.removesuffix("\r") for line in lines]
    reader = _Lines(name, lines)
    if reader.next("the first line") != MAGIC:
        raise BadFile(name, f"not a Bazaar save file (its first line is not {MAGIC!r})", 1)
    rows, columns = _size(reader)
    tiles = []
    for _ in range(rows):
        codes = reader.next("a row of tiles").split()
        if len(codes) != columns:
            raise BadFile(name, f"a row has {columns} tiles, not {len(codes)}", reader.at)
        for code in codes:
            if code not in KINDS_BY_CODE:
                raise BadFile(name, f"{_short(code)!r} is not a tile's code", reader.at)
            tiles.append(KINDS_BY_CODE[code])
    board = Board(rows=rows, columns=columns, tiles=tuple(tiles))
    problem = board_problem(board)
    if problem is not None:
        raise BadFile(name, problem, 3)
    turn, phase, turn_line = _turn(reader)
    merchants: list[Merchant] = []
    while reader.more():
        merchant = _merchant(reader, board)
        problem = merchant_position_problem(board, merchant)
        if problem is not None:
            raise BadFile(name, problem, reader.at)
        merchants.append(merchant)
    problem = names_problem(tuple(m.name for m in merchants))
    if problem is not None:
        raise BadFile(name, problem, turn_line + 1 if merchants else turn_line)
    position = Position(turn=turn, phase=phase, merchants=tuple(merchants))
    problem = position_problem(board, position)
    if problem is not None:
        raise BadFile(name, problem, turn_line)
    return SavedGame(board=board, position=position)


def merchant_position_problem(board: Board, merchant: Merchant) -> str | None:
    """Return what no game can give this player, or None."""
    problem = merchant_problem(merchant, len(board.tiles))
    if problem is not None:
        return problem
    if merchant.cart < START_CART or (merchant.cart - START_CART) % CART_ADDED:
        return f"{merchant.name}'s cart holds {merchant.cart}: carts start at 9 and grow by 3"
    return None


def position_problem(board: Board, position: Position) -> str | None:
    """Return what keeps a position from being one a game of Bazaar reaches, or None."""
    merchants = position.merchants
    problem = names_problem(tuple(m.name for m in merchants))
    if problem is not None:
        return problem
    for merchant in merchants:
        problem = merchant_position_problem(board, merchant)
        if problem is not None:
            return problem
    if not 0 <= position.turn < len(merchants):
        return f"turn {position.turn + 1}: there are {len(merchants)} players"
    mover = merchants[position.turn]
    rich = [m.name for m in merchants if m.rubies >= RUBIES_TO_WIN]
    if position.phase is Phase.OVER:
        if mover.rubies < RUBIES_TO_WIN:
            return f"turn {position.turn + 1} over: {mover.name} has not won"
    elif rich:
        return f"{rich[0]} holds {RUBIES_TO_WIN} rubies, so the game would be over"
    if position.phase is Phase.ACTION and not can_act(mover, board.tile(mover.square)):
        return f"turn {position.turn + 1} action: {mover.name} has no action to take there"
    return None


class _Lines:
    """The lines of a file, taken one at a time, with the number of the last one taken."""

    def __init__(self, name: str, lines: list[str]) -> None:
        self.name, self.lines, self.at = name, lines, 0

    def more(self) -> bool:
        return self.at < len(self.lines)

    def next(self, what: str) -> str:
        if not self.more():
            raise BadFile(self.name, f"the file ends where {what} should be", self.at or None)
        self.at += 1
        return self.lines[self.at - 1]

    def number(self, field: str, what: str) -> int:
        """Return a field as a whole number of at most nine digits, or fail naming `what`."""
        if not (field.isascii() and field.isdigit()):
            raise BadFile(self.name, f"{what}: {_short(field)!r} is not a whole number", self.at)
        if len(field.lstrip("0")) > _MOST_DIGITS:
            raise BadFile(self.name, f"{what}: {_short(field)} is far too large", self.at)
        return int(field)


def _short(field: str) -> str:
    return field if len(field) <= 20 else f"{field[:20]}..."


def _size(reader: _Lines) -> tuple[int, int]:
    words = reader.next("the board's size").split()
    if len(words) != 3 or words[0] != "size":
        raise BadFile(reader.name, "expected `size ROWS COLUMNS`", reader.at)
    return reader.number(words[1], "rows"), reader.number(words[2], "columns")


def _turn(reader: _Lines) -> tuple[int, Phase, int]:
    words = reader.next("the turn").split()
    phases = {phase.value: phase for phase in Phase}
    if len(words) != 3 or words[0] != "turn" or words[2] not in phases:
        expected = "expected `turn N move`, `turn N action` or `turn N over`"
        raise BadFile(reader.name, expected, reader.at)
    turn = reader.number(words[1], "turn")
    if turn < 1:
        raise BadFile(reader.name, "turn: players count from 1", reader.at)
    return turn - 1, phases[words[2]], reader.at


def _merchant(reader: _Lines, board: Board) -> Merchant:
    line = reader.next("a player")
    head, separator, name = line.partition(" name ")
    words = head.split()
    expected = ["player", *(w for field in _FIELDS for w in (field, "N"))]
    shape_ok = separator and len(words) == len(expected) and all(
        want in ("N", got) for want, got in zip(expected, words, strict=True)
    )
    if not shape_ok:
        raise BadFile(
            reader.name,
            "expected `player row N column N gold N rubies N spice N fabric N jewels N "
            "food N cart N gems N name NAME`",
            reader.at,
        )
    values = {field: reader.number(words[2 + 2 * i], field) for i, field in enumerate(_FIELDS)}
    row, column = values["row"], values["column"]
    if not (1 <= row <= board.rows and 1 <= column <= board.columns):
        raise BadFile(reader.name, f"row {row}, column {column} is off the board", reader.at)
    return Merchant(
        name=name,
        square=Square((row - 1) * board.columns + column - 1),
        gold=values["gold"],
        rubies=values["rubies"],
        goods=(values["spice"], values["fabric"], values["jewels"]),
        food=values["food"],
        cart=values["cart"],
        gems=values["gems"],
    )
