"""The simulator: whole games without a terminal, the same whatever the workers."""

from __future__ import annotations

from pathlib import Path

import pytest

from bazaar.definition import BAZAAR
from bazaar.engine.state import NOBODY, Phase
from bazaar.tools.simulate import play_game, report, seat_names, simulate
from replay.auditing import audit
from replay.history import load
from replay.journal import JournalError
from replay.tournaments import game_seeds

KINDS = ("greedy", "greedy", "random")


def test_a_game_is_played_to_a_win_and_its_events_pass_the_audit() -> None:
    played = play_game(0, 4, KINDS, (6, 6), 2_000)
    assert (played.game.phase, played.result.winner) == (Phase.OVER, played.game.winner)
    assert played.game.merchants[played.game.winner].rubies == 5
    checked = audit(BAZAAR, played.header, played.events)
    assert (checked.problem, checked.state) == (None, played.game)
    assert played.result.events == len(played.events)
    assert sum(played.result.kinds.values()) == len(played.events)


def test_a_game_stopped_at_the_cap_has_no_winner_and_counts_its_moves() -> None:
    played = play_game(0, 4, ("random", "random"), (6, 6), 3)
    assert (played.result.winner, played.result.moves) == (NOBODY, 6)


def test_the_seats_are_named_for_their_kind() -> None:
    assert seat_names(KINDS) == ("1 greedy", "2 greedy", "3 random")


def test_the_same_seed_gives_the_same_games_whatever_the_workers(tmp_path: Path) -> None:
    alone = simulate(9, 6, KINDS, (5, 5), turn_cap=300)
    shared = simulate(9, 6, KINDS, (5, 5), workers=2, turn_cap=300)
    assert alone == shared
    assert [r.seed for r in alone] == game_seeds(9, 6)


def test_journals_are_written_and_never_replaced(tmp_path: Path) -> None:
    results = simulate(2, 2, KINDS, (4, 4), turn_cap=200, journals=str(tmp_path))
    moment = load(BAZAAR, tmp_path / "game-00002.jsonl")
    assert len(moment.events) == results[1].events
    with pytest.raises(JournalError, match="already exists"):
        simulate(2, 1, KINDS, (4, 4), turn_cap=200, journals=str(tmp_path))


def test_the_report_gives_speed_lengths_wins_by_seat_and_events_by_kind() -> None:
    results = simulate(3, 4, KINDS, (5, 5), turn_cap=500)
    text = report(results, KINDS, 2.0, 1, 500).splitlines()
    won = sum(r.winner != NOBODY for r in results)
    assert text[0] == f"games: 4 ({won} won, {4 - won} stopped at the cap of 500 moves each)"
    assert text[1] == "speed: 2.0 games/s (2.00 s, 1 worker)"
    assert text[4].startswith("wins by seat: 1 greedy ")
    assert text[5] == "events by kind:"
    assert text[6].startswith("  player_moved: ")
