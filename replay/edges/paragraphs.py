"""Paragraphs of help for a terminal: wrapped to a width, what is typed never split.

A game's one-screen texts (its rules, say) are written as paragraphs; here they are cut
into lines a terminal shows without folding, each line after a paragraph's first indented
a little more, and nothing between `quotes` (what a player types) nor a number and the
word after it (`2 LAB`) broken across lines.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterable

WIDTH = 88
"""The widest line: a terminal of 90 columns shows it without folding."""

_NO_BREAK = "\u00a0"
"""Joins words `textwrap` must keep on one line: it breaks at ASCII whitespace only."""


def wrapped(paragraphs: Iterable[str], width: int = WIDTH) -> str:
    """Return `paragraphs` as lines of at most `width` characters (a longer word stays
    whole), each ending in a newline; an empty paragraph is an empty line.

    A paragraph's leading spaces indent all its lines, and the lines after its first two
    spaces more.
    """
    return "".join(f"{line}\n" for paragraph in paragraphs for line in _lines(paragraph, width))


def _lines(paragraph: str, width: int) -> list[str]:
    if not paragraph:
        return [""]
    text = paragraph.lstrip(" ")
    indent = " " * (len(paragraph) - len(text))
    kept = re.sub(r"`[^`]*`", lambda quoted: quoted[0].replace(" ", _NO_BREAK), text)
    kept = re.sub(r"(\d) ", rf"\1{_NO_BREAK}", kept)
    lines = textwrap.wrap(
        kept,
        width,
        initial_indent=indent,
        subsequent_indent=indent + "  ",
        break_on_hyphens=False,
        break_long_words=False,
    )
    return [line.replace(_NO_BREAK, " ") for line in lines]
