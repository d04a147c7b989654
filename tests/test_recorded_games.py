"""Recorded complete games (journals/) are the regression suite of the whole program.

They are games of both editions, Students of Watan and Constructor (the
journal's header says which).  Each one must still fold to its recorded
final state, in its edition's save format, pass the audit (`watan verify`), and,
played again through today's program from its recorded input, print exactly
its recorded output and write exactly its recorded journal.  A change that
alters any of them fails here with a readable difference; if the change is
intended, record them anew (`python -m tests.recording`) and read the diff.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner

from replay.journal import written_format
from tests.conftest import WATAN, at_step, read_journal
from tests.recording import JOURNALS
from tests.transcripts import difference, run_case
from watan.cli.app import main as cli
from watan.editions import edition
from watan.engine.events import (
    AnyEvent,
    CriterionCompleted,
    CriterionImproved,
    DiceChosen,
    DiceRolled,
    GameResumed,
    GameStarted,
    GameWon,
    ResourceStolen,
    TradeAccepted,
    TradeDeclined,
)
from watan.engine.state import COLOURS, Phase
from watan.files.savefile import parse_board, save_text
from watan.text.describe import describe

GAMES = sorted(p.parent for p in JOURNALS.glob("*/journal.jsonl"))
IDS = [game.name for game in GAMES]


def _events(game: Path) -> tuple[AnyEvent, ...]:
    return read_journal(str(game / "journal.jsonl")).events


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_recorded_journal_folds_to_its_recorded_final_state(game: Path) -> None:
    moment = at_step(game / "journal.jsonl")
    folded, played = moment.state, edition(moment.header.edition)
    assert folded.phase is Phase.OVER
    assert folded.rules == played.format_1_rules  # recorded in format 1: the rules of then
    recorded = (game / "final.sv").read_bytes()
    assert save_text(folded, played).encode() == recorded


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_recorded_journal_passes_watan_verify(game: Path) -> None:
    result = CliRunner().invoke(cli, ["verify", str(game / "journal.jsonl")])
    assert (result.exit_code, result.output) == (0, f"ok: {len(_events(game))} events\n")


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_recorded_input_replays_to_the_same_output_and_events(
    game: Path, tmp_path: Path
) -> None:
    for session in sorted(game.glob("session-*")):
        result = run_case("watan", session, tmp_path)
        assert (result.returncode, result.stderr.count(b"Traceback")) == (0, 0), result.stderr
        recorded = (session / "out").read_bytes()
        assert result.stdout == recorded, difference(recorded, result.stdout, "output")
        for want in sorted((session / "expect").glob("*")):
            got = (tmp_path / want.name).read_bytes()
            assert got == want.read_bytes(), difference(want.read_bytes(), got, want.name)
            (tmp_path / want.name).unlink()
    today = read_journal(str(tmp_path / "journal.jsonl"))
    recorded_journal = read_journal(str(game / "journal.jsonl"))
    # The recorded journal is of format 1: read today, it holds the rules its edition had then,
    # which today's game must still be played by.
    assert today.header == recorded_journal.header
    played = edition(today.header.edition)
    for number, (then, now) in enumerate(
        zip(recorded_journal.events, today.events, strict=False), start=1
    ):
        said = f"recorded {describe(then, played)!r}, today {describe(now, played)!r}"
        assert now == then, f"event {number}: {said}"
    assert len(today.events) == len(recorded_journal.events)


def test_the_recordings_cover_every_kind_of_game_the_suite_promises() -> None:
    by_name = {game.name: _events(game) for game in GAMES}

    def winning_build(events: tuple[AnyEvent, ...]) -> type:
        won = next(i for i, e in enumerate(events) if isinstance(e, GameWon))
        return type(events[won - 1])

    def count(events: tuple[AnyEvent, ...], *kinds: type) -> int:
        return sum(isinstance(e, kinds) for e in events)

    header = read_journal(str(JOURNALS / "started-with-load" / "journal.jsonl")).header
    board_args = (JOURNALS / "started-with-board" / "session-1" / "args").read_text().split()
    assert {
        "completion": winning_build(by_name["win-by-completion"]),
        "improvement": winning_build(by_name["win-by-improvement"]),
        "steals": count(by_name["sevens-and-steals"], ResourceStolen) >= 5,
        "trades": count(by_name["trade-heavy"], TradeAccepted, TradeDeclined) >= 100,
        "declined": count(by_name["trade-heavy"], TradeDeclined) >= 1,
        "loaded": header.loaded is not None,
        "board": "-board" in board_args,
        "resumed": count(by_name["interrupted-and-resumed"], GameResumed) == 1,
    } == {
        "completion": CriterionCompleted,
        "improvement": CriterionImproved,
        "steals": True,
        "trades": True,
        "declined": True,
        "loaded": True,
        "board": True,
        "resumed": True,
    }


def test_the_constructor_recordings_cover_what_the_edition_does_differently() -> None:
    by_name = {game.name: _events(game) for game in GAMES}
    layout_game = JOURNALS / "constructor-from-layout"
    fair_game = JOURNALS / "constructor-fair-dice-and-resume"
    load_game = JOURNALS / "constructor-started-with-load"

    def header(game: Path) -> GameStarted:
        return read_journal(str(game / "journal.jsonl")).header

    def args(game: Path, session: int = 1) -> list[str]:
        return (game / f"session-{session}" / "args").read_text().split()

    def rolls(events: tuple[AnyEvent, ...]) -> tuple[int, int]:
        """Return how many rolls were loaded and how many fair."""
        rolled = [e for e in events if isinstance(e, DiceRolled)]
        return sum(e.dice is None for e in rolled), sum(e.dice is not None for e in rolled)

    def wins(events: tuple[AnyEvent, ...]) -> bool:
        return isinstance(events[-1], GameWon)

    layout = parse_board(
        (layout_game / "session-1" / "files" / "layout.txt").read_text(), "", WATAN
    )
    ignored = parse_board((fair_game / "session-1" / "files" / "layout.txt").read_text(), "", WATAN)
    loaded_rolls, fair_rolls = rolls(by_name[layout_game.name])
    fair_choices = [e for e in by_name[fair_game.name] if isinstance(e, DiceChosen)]
    mixed = rolls(by_name[load_game.name])
    layout_out = (layout_game / "session-1" / "out").read_text()
    assert {
        # No -board, -load or -random-board: the board is layout.txt (RULINGS-constructor 5).
        "layout": not {"-board", "-load", "-random-board"} & set(args(layout_game))
        and header(layout_game).board == layout
        and header(layout_game).loaded is None,
        # Loaded dice all game, never chosen (spec §2.8, RULINGS-constructor 3).
        "loaded all game": (
            loaded_rolls > 100, fair_rolls, _count(by_name, layout_game, DiceChosen)
        ),
        "layout game won": wins(by_name[layout_game.name]),
        "the edition's words": all(
            line in layout_out
            for line in ("Invalid roll.", "Valid commands:", "build-res <housing#>", "has built:")
        ),
        # -random-board is a random board even with layout.txt there.
        "random board": "-random-board" in args(fair_game)
        and header(fair_game).board != ignored,
        "every builder chose fair dice": sorted((e.colour, e.loaded) for e in fair_choices),
        "fair rolls": rolls(by_name[fair_game.name])[1] > 100,
        "backup.sv at end of input": (fair_game / "session-1" / "expect" / "backup.sv").is_file(),
        "resumed without --edition": args(fair_game, 2)[:2] == ["play", "--resume"]
        and "--edition" not in args(fair_game, 2)
        and _count(by_name, fair_game, GameResumed) == 1,
        "resumed game won": wins(by_name[fair_game.name]),
        "loaded from a save": header(load_game).loaded is not None,
        "loaded and fair rolls": mixed[0] > 0 and mixed[1] > 0,
        # End of input at "play again" saves the won game (RULINGS-constructor 6).
        "backup.sv when over": (load_game / "session-1" / "expect" / "backup.sv").read_bytes()
        == (load_game / "final.sv").read_bytes(),
    } == {
        "layout": True,
        "loaded all game": (True, 0, 0),
        "layout game won": True,
        "the edition's words": True,
        "random board": True,
        "every builder chose fair dice": [(colour, False) for colour in COLOURS],
        "fair rolls": True,
        "backup.sv at end of input": True,
        "resumed without --edition": True,
        "resumed game won": True,
        "loaded from a save": True,
        "loaded and fair rolls": True,
        "backup.sv when over": True,
    }


def _count(by_name: dict[str, tuple[AnyEvent, ...]], game: Path, *kinds: type) -> int:
    return sum(isinstance(e, kinds) for e in by_name[game.name])


def test_the_recorded_headers_say_how_each_game_began() -> None:
    headers = {g.name: read_journal(str(g / "journal.jsonl")).header for g in GAMES}
    written = {
        g.name: written_format((g / "journal.jsonl").read_bytes().split(b"\n")[0]) for g in GAMES
    }
    assert {name: (written[name], h.edition, h.game) for name, h in headers.items()} == {
        name: (1, "constructor" if name.startswith("constructor-") else "watan", 1)
        for name in headers
    }
    assert all(h.rules == edition(h.edition).format_1_rules for h in headers.values())
    assert {"constructor-from-layout", "constructor-fair-dice-and-resume"} <= set(headers)
    assert msgspec.structs.asdict(headers["started-with-board"])["seed"] == 8
    assert msgspec.structs.asdict(headers["constructor-from-layout"])["seed"] == 67
