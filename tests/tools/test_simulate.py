"""Tournaments: whole games between strategies, seats rotating, the same for any workers."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from replay.tournaments import game_seeds, journal_path
from tests.conftest import at_step, audit
from watan.cli.app import main
from watan.engine.events import SeatTaken
from watan.engine.state import COLOURS, NOBODY, Phase
from watan.players.master import NODES, NODES_PER_SECOND
from watan.tools.simulate import (
    GameResult,
    RunSummary,
    StrategyRecord,
    play_game,
    report,
    seating,
    summarise,
    tournament,
    wilson,
)

RANDOM = ("random",) * 4


def test_a_whole_game_ends_with_a_win_and_its_events_pass_the_audit() -> None:
    played = play_game(0, 5, RANDOM, edition="watan")
    checked = audit(played.header, played.events)
    assert (checked.problem, checked.state) == (None, played.game)
    assert (played.game.phase, played.result.winner) == (Phase.OVER, played.game.winner)
    assert played.result.winner != NOBODY


def test_a_game_records_who_sits_where_before_its_first_placement() -> None:
    played = play_game(1, 5, ("greedy", "random", "random", "expert"), edition="watan")
    # Game 1 moves everyone one seat on: Blue gets the last strategy named.
    assert played.result.seats == ("expert", "greedy", "random", "random")
    assert played.events[:4] == tuple(
        SeatTaken(colour=colour, player=name)
        for colour, name in zip(COLOURS, played.result.seats, strict=True)
    )
    assert played.game.seats == played.result.seats


def test_seats_rotate_so_every_strategy_sits_everywhere_equally_often() -> None:
    players = ("expert", "greedy", "greedy", "random")
    assert [seating(players, index) for index in range(5)] == [
        ("expert", "greedy", "greedy", "random"),
        ("random", "expert", "greedy", "greedy"),
        ("greedy", "random", "expert", "greedy"),
        ("greedy", "greedy", "random", "expert"),
        ("expert", "greedy", "greedy", "random"),
    ]


def test_a_game_at_the_turn_cap_is_reported_unfinished_not_hung() -> None:
    played = play_game(3, 8, RANDOM, turn_cap=6, edition="watan")
    assert (played.result.index, played.result.winner, played.result.turns) == (3, NOBODY, 6)
    assert played.game.phase is not Phase.OVER


def test_the_same_seed_gives_the_same_games_with_one_worker_or_two() -> None:
    players = ("greedy", "random", "random", "random")
    assert tournament(4, 6, players=players, workers=1, edition="watan") == tournament(
        4, 6, players=players, workers=2, edition="watan"
    )


def test_each_game_has_its_own_seed_drawn_from_the_runs_seed() -> None:
    seeds = game_seeds(4, 6)
    assert len(set(seeds)) == 6
    assert [r.seed for r in tournament(4, 6, edition="watan")] == seeds
    assert game_seeds(4, 3) == seeds[:3]


def test_written_journals_replay_to_each_games_final_state(tmp_path: Path) -> None:
    players = ("greedy", "random", "greedy", "random")
    results = tournament(9, 3, players=players, journals=str(tmp_path), workers=2, edition="watan")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "game-00001.jsonl", "game-00002.jsonl", "game-00003.jsonl",
    ]
    for result in results:
        replayed = at_step(journal_path(str(tmp_path), result.index))
        again = play_game(result.index, result.seed, players, edition="watan")
        assert (len(replayed.events), replayed.state) == (result.events, again.game)


def test_the_wilson_interval_matches_its_textbook_values() -> None:
    # 50 of 100: 0.5 +- 1.96 * sqrt(0.25/100 + 1.96^2/40000) / (1 + 1.96^2/100);
    # 49 of 100: centre 0.49037, half-width 0.09615 (worked by hand).
    low, high = wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert tuple(round(x, 4) for x in wilson(49, 100)) == (0.3942, 0.5865)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def _result(index: int, seats: tuple[str, ...], winner: int, turns: int) -> GameResult:
    return GameResult(
        index=index, seed=index, seats=seats, winner=winner, turns=turns, events=turns * 10,
        kinds={"turn_ended": turns},
    )


def test_the_summary_counts_wins_by_strategy_and_colour_and_the_lengths() -> None:
    players = ("expert", "greedy", "greedy", "greedy")
    results = [
        _result(0, seating(players, 0), winner=0, turns=10),  # Blue: expert
        _result(1, seating(players, 1), winner=1, turns=30),  # Red: expert
        _result(2, seating(players, 2), winner=0, turns=20),  # Blue: greedy
        _result(3, seating(players, 3), winner=NOBODY, turns=50),
    ]
    assert summarise(results, players) == RunSummary(
        games=4,
        finished=3,
        dead=0,
        standings=(
            StrategyRecord(strategy="expert", seats=1, wins=2, games=4),
            StrategyRecord(strategy="greedy", seats=3, wins=1, games=4),
        ),
        median_turns=25.0,
        mean_turns=27.5,
        median_events=250.0,
        mean_events=275.0,
        winners={"Blue": 2, "Red": 1, "Orange": 0, "Yellow": 0},
        kinds={"turn_ended": 110},
    )


def test_the_report_gives_wins_with_their_intervals_lengths_and_speed() -> None:
    summary = RunSummary(
        games=100, finished=99, dead=0,
        standings=(
            StrategyRecord(strategy="expert", seats=1, wins=50, games=100),
            StrategyRecord(strategy="greedy", seats=3, wins=49, games=100),
        ),
        median_turns=120.0, mean_turns=125.25, median_events=1000.0, mean_events=1234.5,
        winners={"Blue": 30, "Red": 20, "Orange": 25, "Yellow": 24}, kinds={"b": 75, "a": 25},
    )
    assert report(summary, seconds=4.0, workers=2, turn_cap=10_000) == (
        "games: 100 (99 won, 0 stopped with nobody able to win, 1 stopped at the cap of "
        "10,000 turns)\n"
        "speed: 25.0 games/s (4.00 s, 2 workers)\n"
        "wins by strategy (seats rotate every game; 95% interval):\n"
        "  expert: 50 of 100 (50.0%, 40.4%-59.6%; 1 seat, parity 25.0%)\n"
        "  greedy: 49 of 100 (49.0%, 39.4%-58.7%; 3 seats, parity 75.0%)\n"
        "turns per game: median 120.0, mean 125.2\n"
        "events per game: median 1,000.0, mean 1,234.5\n"
        "wins by colour: Blue 30, Red 20, Orange 25, Yellow 24\n"
        "events by kind:\n"
        "  b: 75 (75.0%)\n"
        "  a: 25 (25.0%)\n"
    )


def test_watan_simulate_prints_the_report_and_says_its_seed_on_standard_error() -> None:
    args = ["simulate", "--games", "2", "--seed", "7", "--players", "greedy,random,random,random"]
    result = CliRunner().invoke(main, args)
    lines = result.stdout.splitlines()
    assert (result.exit_code, lines[0], lines[2]) == (
        0,
        "games: 2 (2 won, 0 stopped with nobody able to win, 0 stopped at the cap of 1,000 "
        "turns)",  # the cap README states (watan.players.progress.TURN_CAP)
        "wins by strategy (seats rotate every game; 95% interval):",
    )
    assert lines[3].startswith("  greedy: ") and lines[4].startswith("  random: ")
    assert result.stderr == "watan: simulating 2 games with seed 7\n"


@pytest.mark.parametrize(
    ("players", "problem"),
    [
        ("greedy,greedy,greedy", "name four strategies, one per seat, not 3"),
        (
            "greedy,greedy,greedy,smart",
            "there is no strategy 'smart' (strategies: random (",
        ),
        ("random,random,random,random,random", "name four strategies, one per seat, not 5"),
    ],
)
def test_watan_simulate_refuses_players_that_are_not_four_strategies(
    players: str, problem: str
) -> None:
    result = CliRunner().invoke(main, ["simulate", "--games", "1", "--players", players])
    assert result.exit_code == 2
    assert f"Invalid value for '--players': {problem}" in result.stderr


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


def test_simulate_stopped_by_ctrl_c_reports_the_games_finished_so_far(tmp_path: Path) -> None:
    # Ten games of four greedy players take a fraction of a second each here: after the first
    # few are done (their journals written), Ctrl-C stops the run.
    run = subprocess.Popen(
        [sys.executable, "-m", "watan", "simulate", "--games", "1000", "--seed", "1",
         "--players", "greedy,greedy,greedy,greedy", "--journals", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    # A journal is written before its game's result is counted: once the fourth is there,
    # the third game is surely counted (a temporary file being written is not a journal).
    deadline = time.monotonic() + 60
    while len(list(tmp_path.glob("game-*.jsonl"))) < 4 and time.monotonic() < deadline:
        time.sleep(0.05)
    run.send_signal(signal.SIGINT)
    out, err = run.communicate(timeout=60)
    written = len(list(tmp_path.glob("game-*.jsonl")))
    first = out.splitlines()[0]
    reported = int(first.split()[1])
    assert (run.returncode, "Traceback" in err) == (130, False), err
    assert 3 <= reported <= written < 1000, (first, written)
    assert first.startswith(f"games: {reported} ({reported} won")
    assert f"watan: interrupted: the {reported} games finished are reported" in err


@pytest.mark.slow  # whole games of a searching strategy
def test_a_think_budget_reaches_the_searching_strategies_of_a_run() -> None:
    # master's own budget is 8,000 commands a placement, what two thirds of a second buys
    # (12,000 a second): that budget in seconds plays the same game; one command another.
    players = ("master", "greedy", "greedy", "greedy")
    own = play_game(0, 1, players, edition="watan").events
    assert (NODES, NODES_PER_SECOND) == (8000, 12000)
    assert play_game(0, 1, players, edition="watan", think=2 / 3).events == own
    assert play_game(0, 1, players, edition="watan", think=0.0001).events != own


@pytest.mark.slow  # a tournament run twice
def test_watan_simulate_takes_think_and_refuses_a_budget_out_of_range() -> None:
    args = ["simulate", "--games", "1", "--seed", "3", "--players", "master,greedy,greedy,greedy"]
    thought = CliRunner().invoke(main, [*args, "--think", "0.0001"])
    own = CliRunner().invoke(main, args)
    assert (thought.exit_code, own.exit_code) == (0, 0)
    # The game played differs (above), so the report does, but for its speed line.
    report, own_report = (
        [line for line in result.stdout.splitlines() if not line.startswith("speed: ")]
        for result in (thought, own)
    )
    assert report != own_report
    refused = CliRunner().invoke(main, [*args, "--think", "61"])
    assert refused.exit_code == 2
    assert "Invalid value for '--think'" in refused.stderr
