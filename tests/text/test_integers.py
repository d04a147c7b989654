"""Whole numbers as the game reads them everywhere (RULINGS 25)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from watan.text.integers import BEYOND, integer


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0", 0),
        ("7", 7),
        (" 8 ", 8),
        ("-1", -1),
        ("08", 8),
        ("-0", 0),
        ("12\n", 12),
        ("\t3", 3),
        ("99", 99),
    ],
)
def test_an_optional_minus_and_ascii_digits_with_spaces_around_is_an_integer(
    text: str, value: int
) -> None:
    assert integer(text) == value


@pytest.mark.parametrize(
    "text",
    [
        "7.5",
        "2.0",
        "+3",
        "3x",
        "x3",
        "",
        " ",
        "-",
        "--3",
        "3-",
        "- 3",
        "1 2",
        "1_000",
        "1e3",
        "0x10",
        "\N{ARABIC-INDIC DIGIT THREE}",
        "\N{FULLWIDTH DIGIT THREE}",
        "\N{SUPERSCRIPT TWO}",
        "\N{MINUS SIGN}3",
        "seven",
    ],
)
def test_anything_else_is_not_an_integer(text: str) -> None:
    assert integer(text) is None


def test_numbers_up_to_eighteen_digits_are_read_exactly() -> None:
    assert integer("999999999999999999") == 999_999_999_999_999_999
    assert integer("-000000123456789012345678") == -123_456_789_012_345_678


def test_a_number_beyond_any_the_game_uses_is_read_as_beyond() -> None:
    assert integer("123456789" * 5) == BEYOND
    assert integer(" -1" + "0" * 4999 + " ") == -BEYOND
    assert integer("1" + "0" * 18) == BEYOND


def test_leading_zeros_do_not_count_as_digits() -> None:
    assert integer("0" * 6000 + "42") == 42
    assert integer("-0000") == 0


def test_a_line_of_millions_of_digits_is_beyond() -> None:
    assert integer("7" * 4_000_000) == BEYOND


@settings(max_examples=200)
@given(st.integers(min_value=-(10**3000), max_value=10**3000), st.text(" \t", max_size=3))
def test_any_written_integer_reads_back_or_as_beyond(value: int, padding: str) -> None:
    expected = value if abs(value) < BEYOND else BEYOND * (1 if value > 0 else -1)
    assert integer(f"{padding}{value}{padding}") == expected
