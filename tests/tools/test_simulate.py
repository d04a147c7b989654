"""The headless simulator: whole games between random players, the same for any workers."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from watan.cli.app import main
from watan.engine.decide import decide, refusal
from watan.engine.events import GameStarted
from watan.engine.evolve import apply, start
from watan.engine.layout import random_board
from watan.engine.state import NOBODY, Phase
from watan.tools.audit import audit
from watan.tools.history import load
from watan.tools.simulate import (
    PLAYERS,
    GameResult,
    Summary,
    game_seeds,
    journal_path,
    play_game,
    report,
    simulate,
    summarise,
)


@pytest.mark.parametrize("player", ["kinds", "uniform"])
def test_random_players_only_make_legal_moves(player: str) -> None:
    choose, rng = PLAYERS[player], random.Random(11)
    game = start(GameStarted(seed=11, board=random_board(rng)))
    for _ in range(600):
        command = choose(game, rng)
        assert refusal(game, command) is None
        for event in decide(game, command, rng):
            game = apply(game, event)


def test_a_whole_game_ends_with_a_win_and_its_events_pass_the_audit() -> None:
    played = play_game(0, 5, PLAYERS["kinds"], turn_cap=10_000)
    checked = audit(played.header, played.events)
    assert (checked.problem, checked.game) == (None, played.game)
    assert (played.game.phase, played.result.winner) == (Phase.OVER, played.game.winner)
    assert played.result.winner != NOBODY


def test_a_game_at_the_turn_cap_is_reported_unfinished_not_hung() -> None:
    played = play_game(3, 8, PLAYERS["kinds"], turn_cap=6)
    assert (played.result.index, played.result.winner, played.result.turns) == (3, NOBODY, 6)
    assert played.game.phase is not Phase.OVER


def test_the_same_seed_gives_the_same_games_with_one_worker_or_two() -> None:
    assert simulate(4, 6, workers=1) == simulate(4, 6, workers=2)


def test_each_game_has_its_own_seed_drawn_from_the_runs_seed() -> None:
    seeds = game_seeds(4, 6)
    assert len(set(seeds)) == 6
    assert [r.seed for r in simulate(4, 6)] == seeds
    assert game_seeds(4, 3) == seeds[:3]


def test_written_journals_replay_to_each_games_final_state(tmp_path: Path) -> None:
    results = simulate(9, 3, journals=str(tmp_path), workers=2)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game-00001.jsonl", "game-00002.jsonl", "game-00003.jsonl",
    ]
    for result in results:
        replayed = load(journal_path(str(tmp_path), result.index))
        again = play_game(result.index, result.seed, PLAYERS["kinds"], 10_000)
        assert (len(replayed.events), replayed.game) == (result.events, again.game)


def test_the_summary_counts_wins_lengths_and_kinds_of_event() -> None:
    results = [
        GameResult(index=0, seed=1, winner=0, turns=10, events=100, kinds={"a": 60, "b": 40}),
        GameResult(index=1, seed=2, winner=2, turns=30, events=300, kinds={"a": 300}),
        GameResult(index=2, seed=3, winner=NOBODY, turns=50, events=500, kinds={"b": 500}),
    ]
    assert summarise(results) == Summary(
        games=3,
        finished=2,
        mean_events=300.0,
        median_events=300.0,
        mean_turns=30.0,
        winners={"Blue": 1, "Red": 0, "Orange": 1, "Yellow": 0},
        kinds={"b": 540, "a": 360},
    )


def test_the_report_gives_speed_lengths_winners_and_event_shares() -> None:
    summary = Summary(
        games=4, finished=3, mean_events=1234.5, median_events=1000.0, mean_turns=250.25,
        winners={"Blue": 1, "Red": 0, "Orange": 2, "Yellow": 0}, kinds={"b": 75, "a": 25},
    )
    assert report(summary, seconds=2.0, workers=1, turn_cap=10_000) == (
        "games: 4 (3 won, 1 stopped at the cap of 10,000 turns)\n"
        "speed: 2.0 games/s (2.00 s, 1 worker)\n"
        "events per game: mean 1,234.5, median 1,000.0\n"
        "turns per game: mean 250.2\n"
        "winners: Blue 1, Red 0, Orange 2, Yellow 0\n"
        "events by kind:\n"
        "  b: 75 (75.0%)\n"
        "  a: 25 (25.0%)\n"
    )


def test_watan_simulate_prints_the_report_and_says_its_seed_on_standard_error() -> None:
    result = CliRunner().invoke(main, ["simulate", "--games", "2", "--seed", "7"])
    lines = result.stdout.splitlines()
    assert (result.exit_code, lines[0], lines[5]) == (
        0, "games: 2 (2 won, 0 stopped at the cap of 10,000 turns)", "events by kind:"
    )
    assert result.stderr == "watan: simulating 2 games with seed 7\n"


def test_watan_simulate_into_a_folder_it_cannot_make_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file")
    result = CliRunner().invoke(
        main, ["simulate", "--games", "1", "--journals", str(tmp_path / "taken" / "sims")]
    )
    assert (result.exit_code, result.stdout) == (2, "")
    folder = tmp_path / "taken" / "sims"
    assert result.stderr == f"watan: {folder}: cannot make the folder (Not a directory)\n"


def test_watan_simulate_never_replaces_a_journal_already_there(tmp_path: Path) -> None:
    (tmp_path / "game-00001.jsonl").write_text("keep me\n")
    result = CliRunner().invoke(
        main, ["simulate", "--games", "1", "--seed", "7", "--journals", str(tmp_path)]
    )
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr.splitlines()[-1] == (
        f"watan: {tmp_path / 'game-00001.jsonl'}: already exists; it was left as it was"
    )
    assert (tmp_path / "game-00001.jsonl").read_text() == "keep me\n"
