"""Paragraphs wrapped for a terminal: what is typed, and a number with its word, stay whole."""

from __future__ import annotations

from replay.edges.paragraphs import wrapped


def test_a_paragraph_wraps_with_its_later_lines_indented() -> None:
    assert wrapped(["one two three four five six"], width=14) == (
        "one two three\n  four five\n  six\n"
    )


def test_an_indented_paragraph_indents_every_line_and_its_later_lines_more() -> None:
    assert wrapped(["", "  alpha beta gamma"], width=12) == "\n  alpha beta\n    gamma\n"


def test_quoted_words_and_a_number_with_its_word_are_never_split() -> None:
    assert wrapped(["costs `trade <colour> <give> <take>` then 2 LAB"], width=11) == (
        "costs\n  `trade <colour> <give> <take>`\n  then\n  2 LAB\n"
    )
