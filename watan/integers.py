"""Reading whole numbers the way the game accepts them everywhere (RULINGS 25)."""

from __future__ import annotations

import re

_INTEGER = re.compile(r"-?[0-9]+")

_SAFE_DIGITS = 640
"""Digits `int()` always converts: Python refuses longer strings when its limit is set
low (`sys.set_int_max_str_digits`, 640 at the least; 4300 by default)."""


def integer(text: str) -> int | None:
    """Return the integer `text` spells, or None.

    An integer is an optional `-` followed by ASCII digits, with spaces
    around it ignored: `7.5`, `+3`, `3x` and non-ASCII digits are not
    integers (RULINGS 25).  A number of any length is an integer, so a huge
    one is out of range where it is used, never a crash.
    """
    stripped = text.strip()
    if _INTEGER.fullmatch(stripped) is None:
        return None
    if stripped.startswith("-"):
        return -_digits_value(stripped[1:])
    return _digits_value(stripped)


def _digits_value(digits: str) -> int:
    """Return the value of a string of ASCII digits, however long.

    Splitting in halves keeps the work well below quadratic (a million digits
    take about a second), where converting chunk by chunk from the left would not.
    """
    if len(digits) <= _SAFE_DIGITS:
        return int(digits)
    half = len(digits) // 2
    scale: int = 10**half
    return _digits_value(digits[:-half]) * scale + _digits_value(digits[-half:])
