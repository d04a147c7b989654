"""House rules from the command line: choosing them, their save files, and every tool after.

Run through click's `CliRunner` in a fresh working folder.  The position is the spec's
sample save (Blue's exams at 25 and 37, assignment at 30; geese on tile 8) with Blue
holding one card of each kind; what each line prints is worked out by hand from
house-rules.md and docs/decisions.md.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner, Result

from tests.conftest import WATAN, read_journal, reference
from tests.files.test_extension import SPEC_PART
from watan.cli.app import main
from watan.engine.events import BankTraded, CardBought, GameStarted, KnightPlayed
from watan.engine.rules import Card, with_house_rules

STANDARD = "house-rules bank-trade,dev-cards,geese-start-on-park,seven-over-7\n"
HOUSE_SAVE = SPEC_PART + STANDARD + (
    "cards 1 1 1 vp-played 0\n"
    + "cards 0 0 0 vp-played 0\n" * 3
    + "deck monopoly knight\n"
    "card-played 0\n"
)
UNKNOWN = "(house rules: bank-trade, dev-cards, geese-start-on-park, seven-over-7, standard)"
TURN = [
    "play-dev knight", "3",  # tile 3 (LAB 4): nobody to rob there; the card of the turn
    "play-dev vp",  # a second card: refused
    "load", "roll", "8",  # Blue gains 4 STUDY (tile 8) and 6 LAB (tile 11); Red 2 LAB
    "trade-bank study caffeine",  # Blue: 0 6 0 9 0 -> 1 6 0 5 0
    "buy-dev",  # no TUTORIAL: not enough
    "trade-bank lab tutorial",  # 1 2 0 5 1
    "buy-dev",  # the deck's top card, a monopoly: 1 1 0 4 0
    "devs",
]
TURN_OUT = (
    "Choose where to place the GEESE.\n> "
    "Student Blue has no students to steal from.\n> "
    "You have already played a card this turn.\n> "
    "> Input a roll between 2 and 12:\n> "
    "Student Blue gained:\n6 LAB\n4 STUDY\n"
    "Student Red gained:\n2 LAB\n> "
    "> You do not have enough resources.\n> > You bought a monopoly card.\n> "
    "Blue has these development cards:\n1 vp\n2 monopoly\n> "  # the knight was played
)
BACKUP = (
    "1\n"  # the dice were rolled: Red rolls next
    "1 1 0 4 0 g 38 47 43 c 37 3 25 3 30 1\n"
    "0 2 0 0 0 g 56 48 64 c 32 2 44 1\n"
    "11 0 0 0 0 g 24 50 33 41 c 16 2 40 1\n"
    "0 0 3 0 0 g 27 32 c 20 1 27 1\n"
    + SPEC_PART.split("\n")[5] + "\n"
    "3\n" + STANDARD
    + "cards 0 1 2 vp-played 0\n"
    + "cards 0 0 0 vp-played 0\n" * 3
    + "deck knight\n"
    "card-played 0\n"  # a new turn begins with the roll
)


@pytest.fixture(autouse=True)
def _work_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def run(*args: str, stdin: str = "", program: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=stdin, obj=program)


def outcome(result: Result) -> tuple[int, str, str]:
    return result.exit_code, result.stdout, result.stderr


def played_turn() -> Result:
    Path("house.sv").write_text(HOUSE_SAVE)
    return run(
        "-load", "house.sv", "--house-rules", "standard", "--journal", "j.jsonl", "-seed", "5",
        stdin="".join(f"{line}\n" for line in TURN),
    )


def test_a_turn_with_every_house_rule_plays_and_backs_up_whole() -> None:
    result = played_turn()
    turn_header = (
        "Student Blue's turn.\n"
        "Blue has 7 course criteria, 0 caffeines, 0 labs, 0 lectures, 5 studies, and "
        "0 tutorials.\n> "
    )
    assert outcome(result) == (0, turn_header + TURN_OUT, "")
    assert Path("backup.sv").read_text() == BACKUP
    events = read_journal("j.jsonl").events
    assert KnightPlayed(colour=0, tile=3) in events  # type: ignore[arg-type]
    assert sum(isinstance(e, BankTraded) for e in events) == 2
    assert [e.card for e in events if isinstance(e, CardBought)] == [Card.MONOPOLY]


def test_the_tools_read_a_house_rule_journal() -> None:
    played_turn()
    count = len(read_journal("j.jsonl").events)
    assert outcome(run("verify", "j.jsonl")) == (0, f"ok: {count} events\n", "")
    assert outcome(run("export", "j.jsonl")) == (0, BACKUP, "")
    assert outcome(run("diff", "j.jsonl", "backup.sv")) == (
        0, "j.jsonl and backup.sv are the same game.\n", ""
    )
    listing = run("replay", "j.jsonl").stdout.splitlines()
    assert listing[0] == (
        "0  Game 1 started with seed 5 with the house rules bank-trade, dev-cards, "
        "geese-start-on-park, seven-over-7 from a saved game; Blue rolls next"
    )
    assert "Blue played a knight and moved the geese to tile 3" in "\n".join(listing)
    assert "Blue traded 4 STUDY to the bank for one CAFFEINE" in "\n".join(listing)
    assert "Blue bought a monopoly card" in "\n".join(listing)
    shown = run("replay", "j.jsonl", "--to", "1").stdout
    assert "Blue has 7 course criteria" in shown


def test_a_house_rule_journal_rewinds_and_resumes_with_its_rules() -> None:
    played_turn()
    assert run("rewind", "j.jsonl", "--to", "1", "-o", "r.jsonl").exit_code == 0
    resumed = run("play", "--resume", "r.jsonl", stdin="play-dev vp\nhelp\n")
    assert "You have already played a card this turn.\n" in resumed.stdout
    assert "play-dev monopoly <resource>\n" in resumed.stdout
    assert outcome(run("play", "--resume", "r.jsonl", "--house-rules", "standard")) == (
        2, "", "watan: --resume plays on by the rules the journal recorded; drop --house-rules\n"
    )


def test_an_unknown_house_rule_is_one_line_and_status_2() -> None:
    assert outcome(run("play", "--house-rules", "bank-trade,chess")) == (
        2, "", f"watan: --house-rules: there is no house rule 'chess' {UNKNOWN}\n"
    )
    assert outcome(run("-seed", "1", "--house-rules", "dragons")) == (
        2, "", f"watan: --house-rules: there is no house rule 'dragons' {UNKNOWN}\n"
    )


def test_a_house_rule_save_loads_only_into_a_game_that_plays_its_rules() -> None:
    Path("house.sv").write_text(HOUSE_SAVE)
    message = (
        "watan: house.sv: saved with the house rules bank-trade,dev-cards,geese-start-on-park,"
        "seven-over-7, which this game does not play (play it with --house-rules "
        "bank-trade,dev-cards,geese-start-on-park,seven-over-7)\n"
    )
    assert outcome(run("-load", "house.sv")) == (2, "", message)
    assert outcome(run("-load", "house.sv", "--house-rules", "dev-cards")) == (2, "", message)
    Path("chess.sv").write_text(SPEC_PART + "house-rules chess\n")
    assert outcome(run("-load", "chess.sv", "--house-rules", "standard")) == (
        2, "", f"watan: chess.sv: line 8: there is no house rule 'chess' {UNKNOWN}\n"
    )


def test_a_plain_save_loads_into_a_house_rule_game_with_a_new_deck() -> None:
    Path("plain.sv").write_text(reference("sample-save.sv"))
    result = run("-load", "plain.sv", "--house-rules", "dev-cards", "--journal", "j.jsonl",
                 "-seed", "4", stdin="load\ndevs\nsave again.sv\n")  # load: a journal kept
    assert result.exit_code == 0
    header = read_journal("j.jsonl").header
    assert (header.rules, len(header.deck)) == (with_house_rules(WATAN.rules, ["dev-cards"]), 21)
    assert Path("again.sv").read_text().startswith(SPEC_PART + "house-rules dev-cards\n")


def test_a_plain_games_save_is_the_specs_byte_for_byte() -> None:
    Path("plain.sv").write_text(reference("sample-save.sv"))
    assert run("-load", "plain.sv", stdin="save again.sv\n").exit_code == 0
    assert Path("again.sv").read_text() == SPEC_PART


def test_play_again_keeps_the_house_rules() -> None:
    won = HOUSE_SAVE.replace("cards 1 1 1 vp-played 0", "cards 1 1 1 vp-played 3")
    Path("won.sv").write_text(won)
    result = run("-load", "won.sv", "--house-rules", "standard", "--journal", "j.jsonl",
                 stdin="yes\n8\n")  # the second game's first placement keeps its journal
    assert result.stdout.startswith("Student Blue has won!\nWould you like to play again?\n> ")
    second = next(Path("journals").iterdir())
    header = msgspec.json.decode(second.read_bytes().splitlines()[0], type=GameStarted)
    assert (header.game, header.rules.house_rules) == (2, with_house_rules(
        WATAN.rules, ["standard"]
    ).house_rules)
    assert header.rules == with_house_rules(WATAN.rules, ["standard"])
    assert len(header.deck) == 21


def test_constructor_takes_house_rules_with_a_random_board() -> None:
    result = run("--house-rules", "standard", "-seed", "1", "-random-board", "--journal",
                 "j.jsonl", stdin="8\n", program="constructor")
    assert result.exit_code == 0  # end of input in setup: Constructor saves its backup
    header = read_journal("j.jsonl").header
    assert header.edition == "constructor"
    assert header.rules.house_rules == (
        "bank-trade", "dev-cards", "geese-start-on-park", "seven-over-7"
    )
    assert header.rules.dice_start_loaded


@pytest.mark.slow  # a tournament
def test_simulate_plays_house_rule_games_to_their_end() -> None:
    result = run("simulate", "--games", "4", "--seed", "3", "--players",
                 "expert,greedy,random,greedy", "--house-rules", "standard",
                 "--journals", "sims")
    assert result.exit_code == 0, result.stderr
    assert "games: 4 (4 won, 0 stopped" in result.stdout
    for journal in sorted(Path("sims").iterdir()):
        assert run("verify", str(journal)).stdout.startswith("ok: ")
    refused = outcome(run("simulate", "--house-rules", "chess"))  # click's usage error
    assert (refused[:2], refused[2].splitlines()[-1]) == ((2, ""), (
        f"Error: Invalid value for '--house-rules': there is no house rule 'chess' {UNKNOWN}"
    ))
