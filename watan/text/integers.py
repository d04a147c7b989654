"""Reading whole numbers the way the game accepts them everywhere (RULINGS 25)."""

from __future__ import annotations

_DIGITS = frozenset("0123456789")

BEYOND = 10**18
"""Larger than any number the game uses (an id, a roll, a count): numbers past it are read
as exactly this, so every rule refuses them just as it would refuse the number itself."""


def integer(text: str) -> int | None:
    """Return the integer `text` spells, or None.

    An integer is an optional `-` followed by ASCII digits, with spaces
    around it ignored: `7.5`, `+3`, `3x` and non-ASCII digits are not
    integers (RULINGS 25).  A number of any length is an integer; one beyond
    `BEYOND` is read as `BEYOND` (or its negative), so a line of a million
    digits is refused as quickly as any other out-of-range number.
    """
    stripped = text.strip()
    digits_part = stripped[1:] if stripped.startswith("-") else stripped
    if not digits_part or not _DIGITS.issuperset(digits_part):
        return None
    sign = -1 if stripped.startswith("-") else 1
    digits = stripped.lstrip("-").lstrip("0") or "0"
    if len(digits) > len(str(BEYOND)) - 1:
        return sign * BEYOND
    return sign * int(digits)
