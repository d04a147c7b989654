"""Constructor from the command line: its board choice, its refusals, its backups, its tools.

Play runs through click's `CliRunner` as the `constructor` program does
(`obj="constructor"`), in a fresh working folder; the console script itself
is started as a process for `--help` and one plain game.  Standard output
is compared whole, worked out from the spec and RULINGS-constructor.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner, Result

from tests.conftest import reference
from tests.files.test_constructor_savefile import BOARD_LINE, SAMPLE
from tests.terminal.test_constructor_session import (
    LOADED_ROLL,
    PLAY_AGAIN,
    SETUP,
    SETUP_BOARD,
    question,
)
from tests.text.test_constructor_render import CONSTRUCTOR, FIGURE, sample_board_text, status
from watan.cli.app import main
from watan.engine.events import GameStarted
from watan.engine.layout import Board
from watan.engine.resources import Resource
from watan.files.savefile import parse_board

SAMPLE_BOARD = parse_board(reference("sample-board.txt"), "sample-board.txt", CONSTRUCTOR)
ORDER = ["Blue", "Red", "Orange", "Yellow", "Yellow", "Orange", "Red", "Blue"]
NOT_FOUND = "constructor: layout.txt not found; playing on a random board\n"
NOTHING = (0, 0, 0, 0, 0)

TURN_LINES = ["roll", "10", "trade red energy heat", "yes", "next"]
"""Blue's first turn: a loaded 10 (tile 1 ENERGY gives Blue's 8 one, tile 5 HEAT gives Red's
16 one), a trade of that ENERGY for Red's HEAT, then Red's turn."""
SETUP_STDOUT = (
    "".join(f"{question(colour)}> " for colour in ORDER)
    + SETUP_BOARD
    + SETUP_BOARD
    + "Builder Blue's turn.\n"
    + status("Blue", 2, NOTHING)
    + "> "
)
TURN_STDOUT = (
    f"{LOADED_ROLL}> "
    "Builder Blue gained:\n1 ENERGY\n"
    "Builder Red gained:\n1 HEAT\n"
    "> Blue offers Red one ENERGY for one HEAT.\n"
    "Does Red accept this offer?\n"
    "> "
    "> " + SETUP_BOARD + "Builder Red's turn.\n" + status("Red", 2, (0, 1, 0, 0, 0)) + "> "
)
END_SAVE = (
    "1\n"  # Red rolls next
    "0 0 0 1 0 r h 8 B 27 B\n"
    "0 1 0 0 0 r h 16 B 47 B\n"
    "0 0 0 0 0 r h 24 B 44 B\n"
    "0 0 0 0 0 r h 31 B 40 B\n" + BOARD_LINE + "-1\n"
)
"""backup.sv after Blue's turn: the geese never moved (RULINGS 8)."""
SETUP_SAVE = (
    "0\n"
    "0 0 0 0 0 r h 8 B 27 B\n"
    "0 0 0 0 0 r h 16 B 47 B\n"
    "0 0 0 0 0 r h 24 B 44 B\n"
    "0 0 0 0 0 r h 31 B 40 B\n" + BOARD_LINE + "-1\n"
)
"""The game once setup is over (step 8): Blue rolls next."""


def run(*args: str, stdin: str = "", program: str | None = None) -> Result:
    """Run a command as `watan` (or as `constructor`, with `program`) would."""
    return CliRunner().invoke(main, list(args), input=stdin, obj=program)


def constructor(*args: str, stdin: str = "") -> Result:
    return run(*args, stdin=stdin, program="constructor")


def outcome(result: Result) -> tuple[int, str, str]:
    return result.exit_code, result.stdout, result.stderr


def one_line_error(message: str, program: str = "watan") -> tuple[int, str, str]:
    """A refusal: status 2, nothing on standard output, one line on standard error, named for
    the program that refused."""
    return 2, "", f"{program}: {message}\n"


def header_of(journal: Path) -> GameStarted:
    return msgspec.json.decode(journal.read_bytes().splitlines()[0], type=GameStarted)


def lines(*typed: str) -> str:
    return "".join(f"{line}\n" for line in typed)


def assert_random_board(board: Board) -> None:
    """Check a board against spec §3.5.5's random distribution."""
    names = Counter(CONSTRUCTOR.resources[tile.resource] for tile in board)
    assert names == {"WIFI": 3, "HEAT": 3, "BRICK": 4, "ENERGY": 4, "GLASS": 4, "PARK": 1}
    values = sorted(tile.value for tile in board if tile.resource is not Resource.NETFLIX)
    assert values == [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def layout(tmp_path: Path) -> Path:
    """`layout.txt` in the working folder: the spec's sample board."""
    path = tmp_path / "layout.txt"
    path.write_text(reference("sample-board.txt"))
    return path


@pytest.fixture
def journal(layout: Path, tmp_path: Path) -> Path:
    """Setup and Blue's first turn played into `game.jsonl` (and `backup.sv`)."""
    played = constructor("-seed", "3", "--journal", "game.jsonl", stdin=lines(*SETUP, *TURN_LINES))
    assert outcome(played) == (0, SETUP_STDOUT + TURN_STDOUT, "")
    return tmp_path / "game.jsonl"


# --- the board (spec §3.5.5, §5; RULINGS-constructor 5) --------------------------------------


def test_layout_txt_is_the_default_board(layout: Path, tmp_path: Path) -> None:
    played = constructor("-seed", "1", "--journal", "j.jsonl", stdin=lines(*SETUP))
    assert outcome(played) == (0, SETUP_STDOUT, "")
    assert header_of(tmp_path / "j.jsonl").board == SAMPLE_BOARD
    assert header_of(tmp_path / "j.jsonl").edition == "constructor"


def test_without_layout_txt_a_random_board_is_played_and_stderr_says_so(tmp_path: Path) -> None:
    played = constructor("-seed", "1", "--journal", "j.jsonl", stdin=lines(*SETUP))
    assert (played.exit_code, played.stderr) == (0, NOT_FOUND)
    board = header_of(tmp_path / "j.jsonl").board
    assert_random_board(board)
    questions = "".join(f"{question(colour)}> " for colour in ORDER)
    assert played.stdout.startswith(questions)
    shown = played.stdout[len(questions) :].splitlines(keepends=True)
    assert len(shown) == 41 + 41 + 3  # two boards, the turn's two lines, the prompt
    assert shown[:41] == shown[41:82]  # the board twice (RULINGS-constructor 10)
    assert "".join(shown[82:]) == "Builder Blue's turn.\n" + status("Blue", 2, NOTHING) + "> "


def test_random_board_ignores_layout_txt(layout: Path, tmp_path: Path) -> None:
    played = constructor("-random-board", "-seed", "1", "--journal", "j.jsonl", stdin="8\n")
    assert outcome(played) == (0, question("Blue") + "> " + question("Red") + "> ", "")
    board = header_of(tmp_path / "j.jsonl").board
    assert board != SAMPLE_BOARD
    assert_random_board(board)


def test_load_ignores_random_board(layout: Path, tmp_path: Path) -> None:
    (tmp_path / "game.sv").write_text(SAMPLE)
    (tmp_path / "layout.txt").write_text("5 7\n" * 19)  # a board nobody should see
    played = constructor("-load", "game.sv", "-random-board", "-seed", "1", "--journal", "j.jsonl")
    expected = sample_board_text() + "Builder Blue's turn.\n" + status("Blue", 7, (0, 0, 0, 5, 0))
    assert outcome(played) == (0, expected + "> ", "")
    assert (tmp_path / "backup.sv").read_text() == SAMPLE  # its board is the save file's
    assert not (tmp_path / "j.jsonl").exists()  # nothing was played


def test_board_overrides_layout_txt(layout: Path, tmp_path: Path) -> None:
    (tmp_path / "other.txt").write_text("4 6\n" * 19)  # all WIFI 6
    played = constructor("-board", "other.txt", "-seed", "1", "--journal", "j.jsonl", stdin="8\n")
    assert played.exit_code == 0
    assert header_of(
        tmp_path / "j.jsonl"
    ).board == parse_board("4 6\n" * 19, "other.txt", CONSTRUCTOR)


def test_a_malformed_layout_txt_is_one_line_naming_it(layout: Path) -> None:
    layout.write_text("1 2 3\n")
    assert outcome(constructor("-seed", "1")) == one_line_error(
        "layout.txt: expected 19 resource/value pairs (38 numbers), found 3 numbers", "constructor"
    )


def test_loading_a_watan_save_file_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "game.sv").write_text(reference("sample-save.sv"))
    assert outcome(constructor("-load", "game.sv")) == one_line_error(
        "game.sv: is a Students of Watan save file, not a Constructor one: add --edition watan",
        "constructor",
    )


def test_the_default_journal_is_named_for_the_edition(layout: Path, tmp_path: Path) -> None:
    played = constructor("-seed", "1", stdin="8\n")
    [journal] = (tmp_path / "journals").iterdir()
    assert journal.name.startswith("constructor-")
    assert played.stderr == ""


def test_board_and_random_board_together_are_refused() -> None:
    for args in (["-board", "b.txt", "-random-board"], ["-random-board", "-board", "b.txt"]):
        assert outcome(constructor(*args)) == one_line_error(
            "-board and -random-board cannot be used together", "constructor"
        )


@pytest.mark.parametrize("program", [None, "constructor"])
def test_an_unknown_edition_is_refused_in_one_line(program: str | None) -> None:
    played = run("play", "--edition", "nope", program=program)
    assert outcome(played) == one_line_error(
        "there is no edition 'nope' (editions: constructor, watan)", program or "watan"
    )


def test_watan_plays_constructor_when_asked(layout: Path) -> None:
    played = run("play", "--edition", "constructor", "-seed", "1", "--journal", "j.jsonl")
    assert outcome(played) == (0, question("Blue") + "> ", "")


def test_constructor_plays_watan_when_asked(layout: Path) -> None:
    played = constructor("play", "--edition", "watan", "-seed", "1", "--journal", "j.jsonl")
    # Watan has no default board file: layout.txt is not read, and nothing is said about it.
    assert outcome(played) == (
        0,
        "Student Blue, where do you want to complete an Assignment?\n> ",
        "",
    )


# --- end of input (spec §4.5; RULINGS-constructor 6, 12) ---------------------------------------


def test_end_of_input_during_setup_saves_the_basements_so_far(layout: Path, tmp_path: Path) -> None:
    played = constructor("-seed", "1", "--journal", "j.jsonl", stdin=lines("8", "16", "24"))
    shown = "".join(f"{question(colour)}> " for colour in ORDER[:4])
    assert outcome(played) == (0, shown, "")
    assert (tmp_path / "backup.sv").read_text() == (
        "0\n"
        "0 0 0 0 0 r h 8 B\n"
        "0 0 0 0 0 r h 16 B\n"
        "0 0 0 0 0 r h 24 B\n"
        "0 0 0 0 0 r h\n"
        "0 3 1 10 3 5 1 4 5 7 3 10 2 11 0 3 3 8 0 2 0 6 1 8 4 12 1 5 4 11 2 4 4 6 2 9 2 9\n"
        "-1\n"
    )


def test_end_of_input_before_any_basement_saves_an_empty_game(layout: Path, tmp_path: Path) -> None:
    assert constructor("-seed", "1", "--journal", "j.jsonl").exit_code == 0
    empty = "0\n" + "0 0 0 0 0 r h\n" * 4 + BOARD_LINE + "-1\n"
    assert (tmp_path / "backup.sv").read_text() == empty


def test_end_of_input_after_a_turn_saves_the_game(journal: Path, tmp_path: Path) -> None:
    assert (tmp_path / "backup.sv").read_text() == END_SAVE


def test_end_of_input_at_play_again_saves_the_won_game(tmp_path: Path) -> None:
    # Blue: towers at 30 and 37, a house at 12, a basement at 0 (9 points) and a tower's price.
    (tmp_path / "won.sv").write_text(
        "0\n3 2 2 2 1 r h 30 T 37 T 12 H 0 B\n"
        + "0 0 0 0 0 r h\n" * 3
        + BOARD_LINE
        + "-1\n"
    )
    typed = lines("roll", "2", "improve 12")
    played = constructor("-load", "won.sv", "-seed", "1", "--journal", "j.jsonl", stdin=typed)
    assert played.exit_code == 0
    assert played.stdout.endswith(
        f"> {LOADED_ROLL}> No builders gained resources.\n"
        f"> Builder Blue has won!\n{PLAY_AGAIN}> "
    )
    # The dice were rolled: the backup names the next builder, as after any roll (RULINGS 30).
    assert (tmp_path / "backup.sv").read_text() == (
        "1\n0 0 0 0 0 r h 30 T 37 T 12 T 0 B\n" + "0 0 0 0 0 r h\n" * 3 + BOARD_LINE + "-1\n"
    )


def test_watan_saves_no_backup_during_setup(layout: Path, tmp_path: Path) -> None:
    played = run("play", "-board", "layout.txt", "-seed", "1", "--journal", "j.jsonl", stdin="8\n")
    assert played.exit_code == 0
    assert not (tmp_path / "backup.sv").exists()


# --- the journal tools on a Constructor journal ------------------------------------------------

LISTING = (
    " 0  Game 1 started with seed 3; setup begins\n"
    "Setup\n"
    + "".join(
        f"{n:2d}  {colour} built a Basement at {place}\n"
        for n, (colour, place) in enumerate(zip(ORDER, SETUP, strict=True), start=1)
    )
    + "Turn 1, Blue\n"
    " 9  Blue rolled 10 (loaded)\n"
    "10  Blue gained 1 ENERGY\n"
    "11  Red gained 1 HEAT\n"
    "12  Blue traded one ENERGY to Red for one HEAT\n"
    "13  Blue ended their turn\n"
)
"""Watan's listing (test_cli_tools.LISTING) in Constructor's words: a builder "built a
Basement" where a student "completed an Assignment"."""


def test_verify_a_constructor_journal(journal: Path) -> None:
    assert outcome(run("verify", str(journal))) == (0, "ok: 13 events\n", "")


def test_replay_lists_the_events_in_constructors_words(journal: Path) -> None:
    assert outcome(run("replay", "game.jsonl")) == (0, LISTING, "")


def test_replay_to_the_end_of_setup_shows_the_board_and_status(journal: Path) -> None:
    shown = (
        SETUP_BOARD
        + "".join(status(colour, 2, NOTHING) for colour in ("Blue", "Red", "Orange", "Yellow"))
        + "Blue's turn, before the roll (loaded dice).\n"
    )
    assert outcome(run("replay", "game.jsonl", "--to", "8")) == (0, shown, "")


def test_export_writes_constructors_save_file(journal: Path, tmp_path: Path) -> None:
    assert outcome(run("export", "game.jsonl")) == (0, END_SAVE, "")
    assert outcome(run("export", "game.jsonl", "--to", "8", "-o", "s.sv")) == (0, "", "")
    assert (tmp_path / "s.sv").read_text() == SETUP_SAVE
    assert outcome(run("replay", "game.jsonl", "--format", "sv")) == (0, END_SAVE, "")


def test_export_during_setup_is_the_backup_setup_would_save(journal: Path) -> None:
    # RULINGS-constructor 12: a setup save has curTurn 0 and the basements so far.
    assert outcome(run("export", "game.jsonl", "--to", "3")) == (
        0,
        "0\n0 0 0 0 0 r h 8 B\n0 0 0 0 0 r h 16 B\n0 0 0 0 0 r h 24 B\n0 0 0 0 0 r h\n"
        + BOARD_LINE
        + "-1\n",
        "",
    )


def test_a_journal_does_not_differ_from_its_backup(journal: Path) -> None:
    assert outcome(run("diff", "game.jsonl", "backup.sv")) == (
        0, "game.jsonl and backup.sv are the same game.\n", ""
    )


def test_a_journal_differs_from_its_rewound_copy(journal: Path, tmp_path: Path) -> None:
    result = run("rewind", "game.jsonl", "--to", "12")
    assert outcome(result) == (
        0,
        "wrote game-to-12.jsonl (12 events); "
        "play on with: watan play --resume game-to-12.jsonl\n",
        "",
    )
    assert header_of(tmp_path / "game-to-12.jsonl") == header_of(journal)
    differs = run("diff", "game.jsonl", "game-to-12.jsonl")
    assert differs.exit_code == 1
    assert differs.stdout.startswith(
        "The games part at step 13: Blue ended their turn / B's journal ends at step 12.\n"
    )


def test_rewind_inside_the_roll_goes_back_to_the_roll(journal: Path) -> None:
    assert outcome(run("rewind", "game.jsonl", "--to", "10", program="constructor")) == (
        0,
        "wrote game-to-8.jsonl (8 events); play on with: constructor play --resume "
        "game-to-8.jsonl\n",
        "constructor: step 10 is inside one command (events 9-11); "
        "kept the 8 events before it began\n",
    )


def test_two_constructor_saves_are_compared_as_constructor_files(journal: Path) -> None:
    Path("other.sv").write_text(END_SAVE.replace("0 0 0 1 0 r h 8 B", "0 0 0 2 0 r h 8 B"))
    assert outcome(run("diff", "--edition", "constructor", "backup.sv", "other.sv")) == (
        1,
        "Blue: HEAT 1 → 2\n1 difference.\n",
        "",
    )
    assert outcome(run("diff", "backup.sv", "other.sv", program="constructor"))[:2] == (
        1,
        "Blue: HEAT 1 → 2\n1 difference.\n",
    )


def test_resume_plays_on_in_the_edition_the_journal_recorded(journal: Path, tmp_path: Path) -> None:
    run("rewind", "game.jsonl", "--to", "12")
    (tmp_path / "backup.sv").unlink()
    played = run("play", "--resume", "game-to-12.jsonl", "-seed", "5", stdin="next\n")
    assert outcome(played) == (
        0,
        # A resumed turn shows its header, which in Constructor begins with the board.
        SETUP_BOARD
        + "Builder Blue's turn.\n"
        + status("Blue", 2, (0, 0, 0, 1, 0))
        + "> "
        + SETUP_BOARD
        + "Builder Red's turn.\n"
        + status("Red", 2, (0, 1, 0, 0, 0))
        + "> ",
        "",
    )
    assert (tmp_path / "backup.sv").read_text() == END_SAVE
    assert outcome(run("verify", "game-to-12.jsonl")) == (0, "ok: 14 events\n", "")


def test_resume_refuses_another_edition(journal: Path) -> None:
    assert outcome(run("play", "--resume", "game.jsonl", "--edition", "watan")) == (
        one_line_error("--resume plays on in the edition the journal recorded; drop --edition")
    )


# --- show and simulate ---------------------------------------------------------------------------


def test_show_a_constructor_save_file(tmp_path: Path) -> None:
    (tmp_path / "game.sv").write_text(SAMPLE)
    expected = (
        sample_board_text()
        + status("Blue", 7, (0, 0, 0, 5, 0))
        + status("Red", 3, NOTHING)
        + status("Orange", 3, (11, 0, 0, 0, 0))
        + status("Yellow", 2, (0, 0, 3, 0, 0))
    )
    assert outcome(run("show", "--edition", "constructor", "game.sv")) == (0, expected, "")
    assert outcome(run("show", "game.sv", program="constructor")) == (0, expected, "")


def test_show_a_board_file_in_constructors_words(layout: Path) -> None:
    assert outcome(run("show", "--edition", "constructor", "layout.txt")) == (0, FIGURE, "")


def test_show_a_constructor_save_file_as_watan_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "game.sv").write_text(SAMPLE)
    assert outcome(run("show", "game.sv")) == one_line_error(
        "game.sv: is a Constructor save file, not a Students of Watan one: "
        "add --edition constructor"
    )


def test_simulate_plays_constructor_games_and_reports(tmp_path: Path) -> None:
    result = run(
        "simulate", "--edition", "constructor", "--games", "3", "--seed", "1", "--journals", "sims"
    )
    assert result.exit_code == 0
    assert result.stderr == "watan: simulating 3 games with seed 1\n"
    report = result.stdout.splitlines()
    assert report[0].startswith("games: 3 (")
    assert any(line.startswith("wins by colour: Blue ") for line in report)
    journals = sorted((tmp_path / "sims").iterdir())
    assert len(journals) == 3
    for path in journals:
        assert header_of(path).edition == "constructor"
    assert run("verify", str(journals[0])).stdout.startswith("ok: ")


def test_simulate_as_constructor_defaults_to_constructor(tmp_path: Path) -> None:
    args = ("simulate", "--games", "1", "--seed", "2", "--journals", "s")
    result = run(*args, program="constructor")
    assert result.exit_code == 0
    assert header_of(next((tmp_path / "s").iterdir())).edition == "constructor"


# --- the console script itself -----------------------------------------------------------------

SCRIPT = Path(sys.executable).with_name("constructor")


def script(*args: str, stdin: str = "", cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], input=stdin, capture_output=True, text=True, cwd=cwd, check=False
    )


def test_constructor_help_works(tmp_path: Path) -> None:
    result = script("--help", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith("Usage: constructor ")
    for command in ("play", "show", "replay", "export", "diff", "verify", "rewind", "simulate"):
        assert f"  {command} " in result.stdout


def test_the_constructor_script_plays_a_plain_command_line(layout: Path, tmp_path: Path) -> None:
    result = script("-seed", "1", "--journal", "j.jsonl", stdin=lines(*SETUP), cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        SETUP_STDOUT,
        "",
    )


def test_the_constructor_script_refuses_an_unknown_edition_without_a_traceback(
    tmp_path: Path,
) -> None:
    result = script("--edition", "nope", cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (
        2,
        "",
        "constructor: there is no edition 'nope' (editions: constructor, watan)\n",
    )


def test_the_constructor_script_refuses_board_with_random_board(tmp_path: Path) -> None:
    result = script("-random-board", "-board", "x.txt", cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (
        2,
        "",
        "constructor: -board and -random-board cannot be used together\n",
    )


def test_the_constructor_script_without_layout_txt_says_so_once(tmp_path: Path) -> None:
    result = script("-seed", "1", "--journal", "j.jsonl", cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        question("Blue") + "> ",
        NOT_FOUND,
    )


# --- play again after -load or --resume (RULINGS-constructor 5, RULINGS 17) --------------------

WON = "0\n3 2 2 2 1 r h 30 T 37 T 12 H 0 B\n" + "0 0 0 0 0 r h\n" * 3 + BOARD_LINE + "-1\n"
"""Blue holds 9 points and a tower's price; `roll`, `2`, `improve 12` wins."""
WIN = ("roll", "2", "improve 12")
PLACE_BLUE = "Builder Blue, where do you want to build a basement?\n"  # spec §4.1


def test_play_again_after_load_starts_on_layout_txt(layout: Path, tmp_path: Path) -> None:
    (tmp_path / "won.sv").write_text(WON)
    played = constructor("-load", "won.sv", "-seed", "1", stdin=lines(*WIN, "yes", "8"))
    assert played.exit_code == 0
    assert played.stdout.endswith(f"{PLAY_AGAIN}> {PLACE_BLUE}> {question('Red')}> ")
    second = [p for p in (tmp_path / "journals").iterdir() if header_of(p).game == 2]
    assert [header_of(p).board for p in second] == [SAMPLE_BOARD]


def test_play_again_after_load_with_a_bad_layout_txt_notes_it_and_plays_randomly(
    tmp_path: Path,
) -> None:
    (tmp_path / "won.sv").write_text(WON)
    (tmp_path / "layout.txt").write_text("0 3\n")
    played = constructor("-load", "won.sv", "-seed", "1", "--journal", "j.jsonl",
                         stdin=lines(*WIN, "yes", "8"))
    assert played.exit_code == 0
    assert played.stderr.splitlines()[0] == (
        "constructor: layout.txt: expected 19 resource/value pairs (38 numbers), found 2 numbers; "
        "a new game will be played on a random board"
    )
    second = [p for p in (tmp_path / "journals").iterdir() if header_of(p).game == 2]
    assert len(second) == 1
    assert_random_board(header_of(second[0]).board)


def test_play_again_after_resume_keeps_the_journals_edition(layout: Path, tmp_path: Path) -> None:
    (tmp_path / "won.sv").write_text(WON)
    first = constructor("-load", "won.sv", "-seed", "1", "--journal", "j.jsonl", stdin="roll\n2\n")
    assert first.exit_code == 0
    # Resumed by `watan`, whose own edition is Students of Watan: the journal's edition wins.
    resumed = run("--resume", "j.jsonl", "-seed", "2", stdin=lines(*WIN[2:], "yes", "8"))
    assert resumed.exit_code == 0
    assert resumed.stdout.endswith(
        f"Builder Blue has won!\n{PLAY_AGAIN}> {PLACE_BLUE}> {question('Red')}> "
    )
    second = [p for p in (tmp_path / "journals").iterdir() if header_of(p).game == 2]
    assert [(header_of(p).edition, header_of(p).board) for p in second] == [
        ("constructor", SAMPLE_BOARD)
    ]


def test_resume_with_random_board_is_refused(journal: Path) -> None:
    assert outcome(constructor("--resume", str(journal), "-random-board")) == one_line_error(
        "--resume plays on the journal's own board; drop -random-board", "constructor"
    )


@pytest.mark.parametrize("command", [["show", "x.sv"], ["diff", "a.sv", "b.sv"], ["simulate"]])
def test_an_unknown_edition_is_one_line_for_every_tool(command: list[str]) -> None:
    assert outcome(run(*command, "--edition", "nope")) == one_line_error(
        "there is no edition 'nope' (editions: constructor, watan)"
    )
