"""Two fair dice: how often each value comes up.

A fair roll is two six-sided dice (spec §2.8.2), so a value's chance is
the number of the 36 ordered pairs of faces that add up to it.  What tells
a player a tile's worth (the dots of a number token in the board game, or
`4/36`) is counted here from the faces, never typed in as a table.
"""

from __future__ import annotations

from typing import Final

FACES: Final = 6
"""The faces of one die, numbered 1 to 6."""
ROLLS: Final = FACES * FACES
"""How many equally likely ordered pairs two fair dice can show: 36."""
LOWEST_ROLL: Final = 2
HIGHEST_ROLL: Final = 2 * FACES
"""What two dice can show, and so what loaded dice may be set to (spec §2.8.1: 2 to 12)."""
WAYS: Final[tuple[int, ...]] = tuple(
    sum(1 for first in range(1, FACES + 1) if 1 <= value - first <= FACES)
    for value in range(2 * FACES + 1)
)
"""For each value 0-12, how many of the `ROLLS` pairs add up to it (none for 0 and 1)."""


def odds(value: int) -> str:
    """Return the chance of rolling `value` with two fair dice, as `n/36` (`0/36` for a value
    no pair gives)."""
    return f"{WAYS[value] if 0 <= value < len(WAYS) else 0}/{ROLLS}"
