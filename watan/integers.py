"""Reading whole numbers the way the game accepts them everywhere (RULINGS 25)."""

from __future__ import annotations

import re

_INTEGER = re.compile(r"-?[0-9]+")


def integer(text: str) -> int | None:
    """Return the integer `text` spells, or None.

    An integer is an optional `-` followed by ASCII digits, with spaces
    around it ignored: `7.5`, `+3`, `3x` and non-ASCII digits are not
    integers (RULINGS 25).
    """
    stripped = text.strip()
    if _INTEGER.fullmatch(stripped) is None:
        return None
    return int(stripped)
