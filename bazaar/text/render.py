"""The board as a grid with every player's place, the legend, and the players' status lines.

Rows and columns are numbered from 1, row 1 at the top.  Each square shows its tile's
three-letter code followed by the numbers of the players standing on it (players are
numbered from 1 in turn order); the line under the grid says who is who.
"""

from __future__ import annotations

from bazaar.engine.state import Game, Merchant
from bazaar.engine.tiles import Board, Square, Tile

CODES = {
    Tile.DESERT: "DES",
    Tile.RESTAURANT: "RES",
    Tile.SPICE_MERCHANT: "SPI",
    Tile.FABRIC_MANUFACTURER: "FAB",
    Tile.JEWELER: "JWL",
    Tile.CART_MANUFACTURER: "CRT",
    Tile.SMALL_MARKET: "SML",
    Tile.SPICE_MARKET: "SPM",
    Tile.JEWELRY_MARKET: "JWM",
    Tile.FABRIC_MARKET: "FBM",
    Tile.BLACK_MARKET: "BLK",
    Tile.CASINO: "CAS",
    Tile.GEM_MERCHANT: "GEM",
    Tile.PALACE: "PAL",
}
"""Each kind's code on the board and in save files; never change one (saves store them)."""

KINDS_BY_CODE = {code: kind for kind, code in CODES.items()}


def place(board: Board, square: Square) -> str:
    """Return where a square is in a player's words: `row 2, column 3 (Spice merchant)`."""
    row, column = board.row_column(square)
    return f"row {row + 1}, column {column + 1} ({board.tile(square).title})"


def board(game: Game) -> str:
    """Return the grid, one line per row under a line of column numbers, then who is who."""
    count = len(game.merchants)
    width = 3 + count
    here: dict[int, str] = {}
    for number, merchant in enumerate(game.merchants, start=1):
        here[merchant.square] = here.get(merchant.square, "") + str(number)
    columns = game.board.columns
    lines = ["    " + " ".join(f"{column:<{width}}" for column in range(1, columns + 1))]
    for row in range(game.board.rows):
        cells = []
        for column in range(columns):
            square = row * columns + column
            cells.append(f"{CODES[game.board.tiles[square]]}{here.get(square, '')}".ljust(width))
        lines.append(f"{row + 1:>2}  " + " ".join(cells))
    key = "  ".join(f"{number} {m.name}" for number, m in enumerate(game.merchants, start=1))
    lines.append(f"Players: {key}")
    return "".join(f"{line.rstrip()}\n" for line in lines)


def legend() -> str:
    """Return what each tile code stands for, four to a line."""
    entries = [f"{CODES[kind]} {kind.title}" for kind in Tile]
    lines = [", ".join(entries[start : start + 4]) for start in range(0, len(entries), 4)]
    return "Tiles: " + ",\n       ".join(lines) + ".\n"


def status(board: Board, merchant: Merchant) -> str:
    """Return one player's status line (spec "The main loop": display the player's status)."""
    spice, fabric, jewels = merchant.goods
    return (
        f"{merchant.name}: gold {merchant.gold}, rubies {merchant.rubies}, spice {spice}, "
        f"fabric {fabric}, jewels {jewels}, food {merchant.food}, "
        f"cart {merchant.load}/{merchant.cart}, at {place(board, merchant.square)}\n"
    )


def statuses(game: Game) -> str:
    """Return every player's status line, in turn order."""
    return "".join(status(game.board, merchant) for merchant in game.merchants)
