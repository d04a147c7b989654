"""Whole numbers as the game reads them everywhere (RULINGS 25)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from watan.integers import integer


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


def test_a_huge_number_is_read_exactly() -> None:
    assert integer("123456789" * 5) == 123456789123456789123456789123456789123456789


def test_a_number_longer_than_pythons_string_conversion_limit_is_read_exactly() -> None:
    # 5000 digits: int("...") alone refuses more than 4300 by default.
    digits = "1" + "0" * 4999
    assert integer(digits) == 10**4999
    assert integer(f" -{digits} ") == -(10**4999)
    assert integer("0" * 6000 + "42") == 42


@settings(max_examples=200)
@given(st.integers(min_value=-(10**3000), max_value=10**3000), st.text(" \t", max_size=3))
def test_any_written_integer_reads_back(value: int, padding: str) -> None:
    assert integer(f"{padding}{value}{padding}") == value
