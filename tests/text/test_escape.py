"""Names repeated in messages cannot drive the terminal."""

from __future__ import annotations

import io

from watan.text.escape import complain, printable


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
