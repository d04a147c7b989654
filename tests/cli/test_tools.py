"""`watan replay`, `rewind`, `export`, `diff` and `verify`, run through click as a user would.

The journal is the sample turns of `test_definition` played through the real
loop into `game.jsonl` in a fresh working folder; see there for its eleven
events.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path

import jsonschema
import msgspec
import pytest
from click.testing import CliRunner, Result

from tests.cli.test_show import sample_save_board
from tests.conftest import WATAN, reference
from tests.files.test_savefile import BOARD_LINE
from tests.test_definition import HEADER, NEW_HEADER, SAMPLE, SAMPLE_EVENTS, SAMPLE_LINES, fold
from tests.text.test_render import SAMPLE_STATUS
from watan.cli.app import main
from watan.files.savefile import parse_board
from watan.match.options import Options
from watan.terminal.console import Streams, play_games
from watan.tools import document

LISTING = (
    " 0  Game 1 started with seed 3 from a saved game; Blue rolls next\n"
    "Turn 1, Blue\n"
    " 1  Blue chose loaded dice\n"
    " 2  Blue rolled 7 (loaded)\n"
    " 3  Orange lost 5 CAFFEINE to the geese\n"
    " 4  Blue moved the geese to tile 9\n"
    " 5  Blue stole one LECTURE from Yellow\n"
    " 6  Blue traded one STUDY to Orange for one CAFFEINE\n"
    " 7  Blue ended their turn\n"
    "Turn 2, Red\n"
    " 8  Red chose loaded dice\n"
    " 9  Red rolled 10 (loaded)\n"
    "10  Orange gained 2 STUDY\n"
    "11  Red ended their turn\n"
)
END_SAVE = (
    "2\n"
    "1 0 1 4 0 g 38 47 43 c 37 3 25 3 30 1\n"
    "0 0 0 0 0 g 56 48 64 c 32 2 44 1\n"
    "5 0 0 3 0 g 24 50 33 41 c 16 2 40 1\n"
    "0 0 2 0 0 g 27 32 c 20 1 27 1\n" + BOARD_LINE + "9\n"
)
"""The save at the end of the sample turns, worked out in `test_history`: Orange rolls next."""
STEP_5_SAVE = (
    "1\n"
    "0 0 1 5 0 g 38 47 43 c 37 3 25 3 30 1\n"
    "0 0 0 0 0 g 56 48 64 c 32 2 44 1\n"
    "6 0 0 0 0 g 24 50 33 41 c 16 2 40 1\n"
    "0 0 2 0 0 g 27 32 c 20 1 27 1\n" + BOARD_LINE + "9\n"
)
"""The save after Blue's steal (step 5): Red rolls next."""


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def outcome(result: Result) -> tuple[int, str, str]:
    return result.exit_code, result.stdout, result.stderr


def one_line_error(message: str) -> tuple[int, str, str]:
    """A refusal: status 2, nothing on standard output, one line on standard error."""
    return 2, "", f"watan: {message}\n"


def play_into(path: str, lines: str = SAMPLE_LINES, options: Options | None = None) -> None:
    streams = Streams(io.BytesIO(lines.encode()), io.StringIO(), io.StringIO())
    play_games(
        options or Options(seed=3, loaded=SAMPLE, journal=path, edition=WATAN, rules=WATAN.rules),
        streams,
    )


@pytest.fixture
def journal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """Play the sample turns into `game.jsonl` (and `backup.sv`) in a fresh folder."""
    monkeypatch.chdir(tmp_path)
    play_into("game.jsonl")
    return "game.jsonl"


def lines_of(path: str) -> list[bytes]:
    return Path(path).read_bytes().splitlines(keepends=True)


# replay ----------------------------------------------------------------------------------------


def test_replay_lists_every_event_one_numbered_line_each(journal: str) -> None:
    assert outcome(run("replay", journal)) == (0, LISTING, "")


def test_replay_to_a_step_shows_the_board_the_status_lines_and_the_standing(journal: str) -> None:
    shown = sample_save_board() + SAMPLE_STATUS + "Blue's turn, before the roll (fair dice).\n"
    assert outcome(run("replay", journal, "--to", "0")) == (0, shown, "")


def test_replay_to_a_step_as_a_save_file(journal: str) -> None:
    assert outcome(run("replay", journal, "--to", "5", "--format", "sv")) == (0, STEP_5_SAVE, "")


def test_replay_as_a_save_file_without_a_step_shows_the_end(journal: str) -> None:
    assert outcome(run("replay", journal, "--format", "sv")) == (0, END_SAVE, "")


def test_replay_to_a_step_as_json_is_the_document_of_that_step_on_one_line(journal: str) -> None:
    result = run("replay", journal, "--to", "3", "--format", "json")
    assert (result.exit_code, result.stderr, result.stdout.count("\n")) == (0, "", 1)
    shown = msgspec.json.decode(result.stdout, type=document.Document)
    assert shown == document.document(HEADER, SAMPLE_EVENTS[:3], fold(HEADER, SAMPLE_EVENTS[:3]))


def test_replay_past_the_end_is_one_line_naming_the_last_event(journal: str) -> None:
    assert outcome(run("replay", journal, "--to", "12")) == one_line_error(
        "game.jsonl: there is no step 12: the last event is 11"
    )


def test_replay_as_a_save_file_during_setup_is_refused(journal: str) -> None:
    play_into(
        "setup.jsonl", "8\n16\n", Options(
            seed=1, board=NEW_HEADER.board, journal="setup.jsonl", edition=WATAN, rules=WATAN.rules
        )
    )
    assert outcome(run("replay", "setup.jsonl", "--to", "1", "--format", "sv")) == one_line_error(
        "setup.jsonl: at step 1 the game is still in setup, which a save file cannot hold"
    )
    assert outcome(run("export", "setup.jsonl")) == one_line_error(
        "setup.jsonl: at its end the game is still in setup, which a save file cannot hold"
    )


def test_replay_help_states_how_steps_are_numbered() -> None:
    result = run("replay", "--help")
    words = " ".join(result.stdout.split())
    assert result.exit_code == 0
    assert "Events are numbered from 1, after the journal's header line" in words
    assert "step 0 is the game as the header starts it" in words


# rewind ----------------------------------------------------------------------------------------


def test_rewind_writes_a_new_journal_beside_the_original_and_leaves_it_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    play_into("games/game.jsonl")
    original = lines_of("games/game.jsonl")
    result = run("rewind", "games/game.jsonl", "--to", "7")
    assert outcome(result) == (
        0,
        "wrote games/game-to-7.jsonl (7 events); "
        "play on with: watan play --resume games/game-to-7.jsonl\n",
        "",
    )
    assert lines_of("games/game-to-7.jsonl") == original[:8]
    assert lines_of("games/game.jsonl") == original


def test_rewind_to_a_named_output(journal: str) -> None:
    original = lines_of(journal)
    result = run("rewind", journal, "--to", "5", "-o", "five.jsonl")
    assert outcome(result) == (
        0,
        "wrote five.jsonl (5 events); play on with: watan play --resume five.jsonl\n",
        "",
    )
    assert lines_of("five.jsonl") == original[:6]
    assert lines_of(journal) == original


def test_rewind_in_place_replaces_the_journal_and_leaves_nothing_else(journal: str) -> None:
    original = lines_of(journal)
    result = run("rewind", journal, "--to", "5", "--in-place")
    assert outcome(result) == (
        0,
        "wrote game.jsonl (5 events); play on with: watan play --resume game.jsonl\n",
        "",
    )
    assert lines_of(journal) == original[:6]
    assert sorted(os.listdir()) == ["backup.sv", "game.jsonl"]


def test_rewind_refuses_to_replace_an_existing_file(journal: str) -> None:
    Path("game-to-7.jsonl").write_text("keep me\n")
    assert outcome(run("rewind", journal, "--to", "7")) == one_line_error(
        "game-to-7.jsonl: already exists; choose another name with -o"
    )
    assert Path("game-to-7.jsonl").read_text() == "keep me\n"


def test_rewind_inside_a_command_goes_to_its_start_with_one_line(journal: str) -> None:
    assert outcome(run("rewind", journal, "--to", "2")) == (
        0,
        "wrote game-to-1.jsonl (1 events); play on with: watan play --resume game-to-1.jsonl\n",
        "watan: step 2 is inside one command (events 2-3); kept the 1 events before it began\n",
    )
    assert lines_of("game-to-1.jsonl") == lines_of(journal)[:2]
    assert not Path("game-to-2.jsonl").exists()


def test_rewind_refuses_a_step_outside_the_journal(journal: str) -> None:
    assert outcome(run("rewind", journal, "--to", "12")) == one_line_error(
        "game.jsonl: there is no step 12: the last event is 11"
    )
    assert outcome(run("rewind", journal, "--to", "-1")) == one_line_error(
        "game.jsonl: there is no step -1: steps start at 0"
    )
    assert sorted(os.listdir()) == ["backup.sv", "game.jsonl"]


def test_rewind_to_a_named_output_and_in_place_together_is_refused(journal: str) -> None:
    original = lines_of(journal)
    assert outcome(run("rewind", journal, "--to", "5", "-o", "x.jsonl", "--in-place")) == (
        one_line_error("give either -o or --in-place, not both")
    )
    assert lines_of(journal) == original


# export ----------------------------------------------------------------------------------------


def test_export_prints_the_save_file_at_the_end(journal: str) -> None:
    assert outcome(run("export", journal)) == (0, END_SAVE, "")


def test_export_to_a_step_into_a_file(journal: str) -> None:
    assert outcome(run("export", journal, "--to", "5", "-o", "five.sv")) == (0, "", "")
    assert Path("five.sv").read_text() == STEP_5_SAVE


def test_exporting_the_end_gives_the_bytes_of_the_backup_the_session_wrote(journal: str) -> None:
    assert outcome(run("export", journal, "-o", "end.sv")) == (0, "", "")
    assert Path("end.sv").read_bytes() == Path("backup.sv").read_bytes()


def test_export_into_a_missing_folder_is_one_line(journal: str) -> None:
    result = run("export", journal, "-o", "nowhere/end.sv")
    assert outcome(result) == one_line_error(
        "nowhere/end.sv: cannot write it (No such file or directory)"
    )


# diff ------------------------------------------------------------------------------------------


def test_a_journal_does_not_differ_from_itself(journal: str) -> None:
    assert outcome(run("diff", journal, journal)) == (
        0, "game.jsonl and game.jsonl are the same game.\n", ""
    )


def test_a_journal_differs_from_its_rewound_copy_where_it_was_cut(journal: str) -> None:
    run("rewind", journal, "--to", "7")
    # After event 7 Red loaded the dice and rolled 10, giving Orange 2 STUDY, then passed.
    assert outcome(run("diff", journal, "game-to-7.jsonl")) == (
        1,
        "The games part at step 8: Red chose loaded dice / B's journal ends at step 7.\n"
        "turn: Orange → Red\n"
        "Red: dice loaded → fair\n"
        "Orange: STUDY 3 → 1\n"
        "3 differences.\n",
        "",
    )


def test_journals_compared_at_a_step_both_reach_are_equal(journal: str) -> None:
    run("rewind", journal, "--to", "7")
    assert outcome(run("diff", journal, "game-to-7.jsonl", "--to", "7")) == (
        0, "game.jsonl and game-to-7.jsonl are the same game.\n", ""
    )


def test_diff_for_programs_is_a_versioned_document_of_paths(journal: str) -> None:
    run("rewind", journal, "--to", "7")
    result = run("diff", journal, "game-to-7.jsonl", "--format", "json")
    assert (result.exit_code, result.stderr) == (1, "")
    assert msgspec.json.decode(result.stdout) == {
        "document": "watan-diff",
        "version": 1,
        "a": "game.jsonl",
        "b": "game-to-7.jsonl",
        "same": False,
        "unrelated": None,
        "parting": {"step": 8, "a": "Red chose loaded dice", "b": None},
        "changes": [
            {"path": "Orange.resources.STUDY", "a": 3, "b": 1},
            {"path": "Red.dice", "a": "loaded", "b": "fair"},
            {"path": "turn", "a": "Orange", "b": "Red"},
        ],
    }


def test_diff_for_programs_of_the_same_game_is_same_and_validates(journal: str) -> None:
    result = run("diff", journal, "backup.sv", "--format", "json")
    assert (result.exit_code, result.stderr) == (0, "")
    made = msgspec.json.decode(result.stdout)
    assert (made["same"], made["parting"], made["changes"]) == (True, None, [])
    schema = msgspec.json.decode(run("schema", "diff").stdout)
    jsonschema.validate(made, schema)
    run("rewind", journal, "--to", "7")
    jsonschema.validate(
        msgspec.json.decode(run("diff", journal, "game-to-7.jsonl", "--format", "json").stdout),
        schema,
    )


def test_diff_for_programs_of_different_games_says_why(journal: str) -> None:
    Path("other.sv").write_text(reference("sample-save.sv").replace("3 10", "3 9", 1))
    result = run("diff", journal, "other.sv", "--format", "json")
    made = msgspec.json.decode(result.stdout)
    assert (result.exit_code, made["same"], made["unrelated"]) == (
        1, False, "their boards differ"
    )


def test_a_journal_does_not_differ_from_the_save_of_its_end(journal: str) -> None:
    assert outcome(run("diff", journal, "backup.sv")) == (
        0, "game.jsonl and backup.sv are the same game.\n", ""
    )


def test_a_journal_differs_from_the_save_it_started_from(journal: str) -> None:
    Path("start.sv").write_text(reference("sample-save.sv"))
    # Compared as saves: dice choices are not saved, and Orange rolls next at the end.
    assert outcome(run("diff", journal, "start.sv")) == (
        1,
        "turn: Orange → Blue\n"
        "geese: tile 9 → tile 8\n"
        "Blue: CAFFEINE 1 → 0\n"
        "Blue: LECTURE 1 → 0\n"
        "Blue: STUDY 4 → 5\n"
        "Orange: CAFFEINE 5 → 11\n"
        "Orange: STUDY 3 → 0\n"
        "Yellow: LECTURE 2 → 3\n"
        "8 differences.\n",
        "",
    )


def test_diff_with_a_missing_file_is_one_line(journal: str) -> None:
    assert outcome(run("diff", journal, "missing.jsonl")) == one_line_error(
        "missing.jsonl: no such file"
    )


# verify and bad journals -----------------------------------------------------------------------


def test_verify_a_sound_journal_prints_ok_and_the_event_count(journal: str) -> None:
    assert outcome(run("verify", journal)) == (0, "ok: 11 events\n", "")


KNOWN_TAGS = (
    "bank_traded, card_bought, criterion_completed, criterion_improved, dice_chosen, "
    "dice_rolled, game_resumed, game_won, geese_moved, goal_achieved, knight_played, "
    "monopoly_played, resource_stolen, resources_lost, resources_produced, seat_taken, "
    "trade_accepted, trade_declined, turn_ended, vp_played"
)


def _line(number: int, text: bytes) -> Callable[[list[bytes]], list[bytes]]:
    def change(lines: list[bytes]) -> list[bytes]:
        return [*lines[: number - 1], text, *lines[number:]]

    return change


DEEP = b"[" * 1000 + b"]" * 1000
TOO_DEEP = "arrays and objects nested more than 32 deep; a journal line nests at most 32"


def _swap(lines: list[bytes]) -> list[bytes]:
    return [lines[0], lines[1], lines[3], lines[2], *lines[4:]]


BAD_JOURNALS: list[tuple[str, Callable[[list[bytes]], list[bytes]], str]] = [
    (
        "not JSON",
        _line(4, b"{not json\n"),
        "line 4: event is not valid JSON (JSON is malformed: object keys must be strings (byte 1))",
    ),
    (
        "an unknown tag",
        _line(4, b'{"type":"dice_exploded","colour":0}\n'),
        f"line 4: unknown event tag 'dice_exploded' (known tags: {KNOWN_TAGS})",
    ),
    (
        "no header",
        lambda lines: lines[1:],
        "line 1: the first line is not this kind of journal's header "
        "(Invalid value 'dice_chosen' - at `$.type`)",
    ),
    (
        "a newer format",
        lambda lines: [lines[0].replace(b'"format":2', b'"format":3'), *lines[1:]],
        "line 1: written by a newer watan (journal format 3; this version reads format 2 and "
        "older)",
    ),
    (
        "a criterion completed twice",
        # After the steal, Blue "completes" 37, which holds Blue's own Exam.
        _line(7, b'{"type":"criterion_completed","colour":0,"criterion":37,"cost":[1,1,1,0,1]}\n'),
        "line 7: Blue completed an Assignment at 37: that place cannot be built on",
    ),
    (
        "lines out of order",
        _swap,
        "line 3: Orange lost 5 CAFFEINE to the geese does not follow the command it belongs to",
    ),
    (
        "a header nested a thousand deep",
        lambda lines: [lines[0][:-2] + b',"x":' + DEEP + b"}\n", *lines[1:]],
        f"line 1: {TOO_DEEP}",
    ),
    (
        "an event nested a thousand deep",
        _line(4, b'{"type":"turn_ended","colour":0,"x":' + DEEP + b"}\n"),
        f"line 4: {TOO_DEEP}",
    ),
    (
        "a header string that is not UTF-8",
        lambda lines: [lines[0].replace(b'"edition":"watan"', b'"edition":"\xff"'), *lines[1:]],
        "line 1: header holds text that is not valid UTF-8",
    ),
    (
        "an event string that is not UTF-8",
        _line(4, b'{"type":"dice_rolled\xff","colour":0}\n'),
        "line 4: event holds text that is not valid UTF-8",
    ),
    (
        "a line over a mebibyte",
        _line(4, b'{"type":"turn_ended","colour":0,"x":"' + b"a" * (1 << 20) + b'"}\n'),
        "line 4: the line is longer than 1,048,576 bytes; a journal line holds at most that",
    ),
]
CASES = [case for case, _, _ in BAD_JOURNALS]
REWIND_TO = {"a criterion completed twice": 5, "lines out of order": 1}
"""For a journal against the rules, the step before the offending command, which `--resume`
names in its refusal: the sample's events are listed in tests/test_definition.py."""


def make_bad(change: Callable[[list[bytes]], list[bytes]]) -> bytes:
    """Write `bad.jsonl`, the sample journal changed; return its bytes."""
    data = b"".join(change(lines_of("game.jsonl")))
    Path("bad.jsonl").write_bytes(data)
    return data


@pytest.mark.parametrize(("case", "change", "problem"), BAD_JOURNALS, ids=CASES)
def test_verify_a_bad_journal_prints_its_first_problem_with_the_line(
    journal: str, case: str, change: Callable[[list[bytes]], list[bytes]], problem: str
) -> None:
    make_bad(change)
    assert outcome(run("verify", "bad.jsonl")) == (1, f"bad.jsonl: {problem}\n", "")


@pytest.mark.parametrize(
    "command",
    [
        ["replay", "bad.jsonl"],
        ["replay", "bad.jsonl", "--format", "json"],
        ["export", "bad.jsonl"],
        ["rewind", "bad.jsonl", "--to", "9"],
        ["diff", "game.jsonl", "bad.jsonl"],
        ["play", "--resume", "bad.jsonl"],
        ["replay", "bad.jsonl", "--to", "9", "--format", "svg"],
        ["view", "bad.jsonl"],
    ],
    ids=["replay", "replay-json", "export", "rewind", "diff", "resume", "replay-svg", "view"],
)
@pytest.mark.parametrize(("case", "change", "problem"), BAD_JOURNALS, ids=CASES)
def test_a_bad_journal_is_one_line_naming_file_and_line_and_is_left_untouched(
    journal: str,
    command: list[str],
    case: str,
    change: Callable[[list[bytes]], list[bytes]],
    problem: str,
) -> None:
    data = make_bad(change)
    if command[:2] == ["play", "--resume"] and case in REWIND_TO:
        problem += (
            " (to play on from before that command: "
            f"watan rewind bad.jsonl --to {REWIND_TO[case]})"
        )
    assert outcome(run(*command)) == one_line_error(f"bad.jsonl: {problem}")
    assert Path("bad.jsonl").read_bytes() == data
    assert sorted(os.listdir()) == ["backup.sv", "bad.jsonl", "game.jsonl"]


def test_a_missing_journal_is_one_line_for_every_command(tmp_path: Path) -> None:
    path = str(tmp_path / "none.jsonl")
    for command in (
        ["replay", path], ["export", path], ["rewind", path, "--to", "0"], ["view", path]
    ):
        assert outcome(run(*command)) == one_line_error(f"{path}: no such file"), command
    assert outcome(run("verify", path)) == (1, f"{path}: no such file\n", "")


# journals cut off mid-write ----------------------------------------------------------------------

TORN_WARNING = (
    "watan: game.jsonl: line 13: the last line is incomplete (cut off mid-write); "
    "`watan play --resume` sets it aside and plays on; left out here\n"
)


def test_verify_reports_a_torn_last_line_and_how_to_recover(journal: str) -> None:
    with open(journal, "ab") as file:
        file.write(b'{"type":"dice_ch')
    assert outcome(run("verify", journal)) == (
        1,
        "game.jsonl: line 13: the last line is incomplete (cut off mid-write); "
        "`watan play --resume` sets it aside and plays on\n",
        "",
    )


def test_export_leaves_out_a_torn_last_line_with_a_warning(journal: str) -> None:
    whole = run("export", journal).stdout
    before = Path(journal).read_bytes() + b'{"type":"dice_ch'
    Path(journal).write_bytes(before)
    assert outcome(run("export", journal)) == (0, whole, TORN_WARNING)
    assert Path(journal).read_bytes() == before


# diff against a save file ----------------------------------------------------------------------


def test_diff_of_a_journal_in_setup_against_a_save_file_is_refused(
    journal: str, tmp_path: Path
) -> None:
    board = reference("sample-board.txt")
    options = Options(
        seed=1, board=parse_board(board, "b", WATAN), journal="setup.jsonl", edition=WATAN,
        rules=WATAN.rules,
    )
    play_into("setup.jsonl", "8\n16\n", options)
    Path("end.sv").write_text(END_SAVE)
    assert outcome(run("diff", "setup.jsonl", "end.sv")) == one_line_error(
        "setup.jsonl: the game is still in setup, which a save file cannot hold"
    )


def test_a_step_far_past_the_end_is_one_line_not_a_crash(journal: str) -> None:
    huge = "9" * 25
    assert outcome(run("replay", journal, "--to", huge)) == one_line_error(
        f"game.jsonl: there is no step {huge}: the last event is 11"
    )
