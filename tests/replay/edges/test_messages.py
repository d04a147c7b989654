"""Names repeated in messages cannot drive the terminal; what only a person reads goes only
to a terminal."""

from __future__ import annotations

import io

import pytest

from replay.edges.messages import announce, complain, printable


def test_control_characters_are_shown_as_escapes_and_the_rest_kept() -> None:
    assert printable("a\x1b[31mb\tc\u00e9\x00 d\n") == "a\\x1b[31mb\\tc\u00e9\\x00 d\\n"


def test_ordinary_text_is_unchanged() -> None:
    assert printable("watan: games/1.sv: line 3: criterion 99 is not on the board") == (
        "watan: games/1.sv: line 3: criterion 99 is not on the board"
    )


def test_a_complaint_is_one_line_named_for_the_program_with_names_shown_safely() -> None:
    stream = io.StringIO()
    complain(stream, "cannot save to a\x1bb.sv: No such file or directory", "watan")
    assert stream.getvalue() == "watan: cannot save to a\\x1bb.sv: No such file or directory\n"


class Terminal(io.StringIO):
    """Standard error that is a terminal."""

    def isatty(self) -> bool:
        return True


class Closed(io.StringIO):
    """Standard error that cannot say what it is."""

    def isatty(self) -> bool:
        raise ValueError("I/O operation on closed file")


@pytest.mark.parametrize(
    ("stream", "said"),
    [(Terminal(), "bazaar: journal: a\\x1bb.jsonl\n"), (io.StringIO(), ""), (Closed(), "")],
    ids=["a terminal", "piped", "closed"],
)
def test_an_announcement_is_said_only_on_a_terminal_and_names_shown_safely(
    stream: io.StringIO, said: str
) -> None:
    announce(stream, "journal: a\x1bb.jsonl", "bazaar")
    assert stream.getvalue() == said
