"""`bazaar analyze`: the decisions of a journal, a winning move found and its alternative a
blunder, a won game certain, and the same analysis however many processes share it."""

from __future__ import annotations

from pathlib import Path

import msgspec
from click.testing import CliRunner

from bazaar.cli import main
from bazaar.engine.commands import Act, Decline, Move
from bazaar.engine.events import ActionDeclined, PlayerMoved, TurnEnded
from bazaar.engine.state import Phase
from bazaar.tools.analysis import (
    LIMITS,
    Analysis,
    Decision,
    Job,
    analyse,
    decisions,
    judged,
    playing_on,
    report,
)
from bazaar.tools.simulate import play_game
from replay import analysis
from replay.writer import write_journal
from tests.bazaar.games import acting, at, merchant

PLAYED = play_game(0, 21, ("greedy", "random"), (4, 4), 60)


def one_ruby_from_winning() -> Decision:
    """Ann stands on the gem merchant with 4 rubies and its price, asked to act: `yes` wins.
    Bob, beside the palace with 4 rubies and 5 of every good, wins on his next move if she
    says no (the greedy player heads for a palace it can use)."""
    bob = merchant("Bob", at("DES"), rubies=4, goods=(5, 5, 5), cart=20)
    game = acting("GEM", bob, rubies=4, gold=12)
    return Decision(step=0, player=0, game=game, command=Decline())


def test_the_winning_yes_is_found_and_no_is_a_blunder() -> None:
    decision = one_ruby_from_winning()
    done = judged(decision, Job(PLAYED.header, (), seed=0, samples=2))
    assert (done.best, done.best_chances, done.played, done.tried) == (
        Act(),
        (1.0, 0.0),
        (0.0, 1.0),
        2,
    )
    lost = 100 * (done.best_chances[0] - done.played[0])
    assert analysis.mark(lost, done.tried, LIMITS) == "blunder"


def test_a_game_already_won_reads_certain_for_its_winner() -> None:
    won = msgspec.structs.replace(PLAYED.game, phase=Phase.OVER, winner=1)
    assert playing_on()(won, analysis.seeded(0, 0, 0)) == (0.0, 1.0)


def test_every_move_and_every_answer_to_an_action_is_a_decision() -> None:
    found = list(decisions(PLAYED.header, PLAYED.events))
    events = PLAYED.events
    moves = [n for n, e in enumerate(events) if isinstance(e, PlayerMoved)]
    offered = [n + 1 for n in moves if not isinstance(events[n + 1], TurnEnded)]
    assert [d.step for d in found] == sorted(moves + offered)
    for d in found:
        event = events[d.step]
        if isinstance(event, PlayerMoved):
            assert d.command == Move(direction=event.direction)
        else:
            assert d.command == (Decline() if isinstance(event, ActionDeclined) else Act())
        assert d.player == d.game.turn


def test_the_same_journal_and_seed_give_the_same_analysis_with_any_workers(
    tmp_path: Path,
) -> None:
    header, events = PLAYED.header, PLAYED.events[:81]  # whole commands: a move ends at 81
    alone = analyse(header, events, "g.jsonl", samples=1)
    shared = analyse(header, events, "g.jsonl", samples=1, workers=2)
    assert alone == shared
    journal = tmp_path / "g.jsonl"
    write_journal(journal, header, events)
    printed = CliRunner().invoke(main, ["analyze", str(journal), "--playouts", "1"])
    assert (printed.exit_code, printed.output) == (
        0,
        report(analyse(header, events, str(journal), samples=1)),
    )


def test_json_is_the_whole_analysis_as_a_versioned_document(tmp_path: Path) -> None:
    header, events = PLAYED.header, PLAYED.events[:81]
    journal = tmp_path / "g.jsonl"
    write_journal(journal, header, events)
    printed = CliRunner().invoke(
        main, ["analyze", str(journal), "--playouts", "1", "--format", "json"]
    )
    assert printed.exit_code == 0
    assert printed.output.endswith("}\n")
    document = msgspec.json.decode(printed.output, type=Analysis)
    assert (document.document, document.version) == ("bazaar-analysis", 1)
    assert document == analyse(header, events, str(journal), samples=1)


def test_a_file_that_is_no_journal_is_one_line_and_status_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not a journal\n")
    result = CliRunner().invoke(main, ["analyze", str(bad)])
    assert result.exit_code == 2
    assert len(result.output.splitlines()) == 1
    assert result.output.startswith(f"bazaar: {bad}")
