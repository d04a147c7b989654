"""Learn the weights of `master`'s value of a position from games of computers (self-play).

Run: python benchmarks/learn_master.py [--games 300] [--seed 1] [--workers 2]
         [--players expert,expert,expert,expert] [--write]

Seeded games are played as `watan simulate` plays them.  At the end of every turn of a game
someone won, each student's features (`watan.players.master.features`) are taken, with who
went on to win.  The weights of a conditional logit (each student's chance of winning is
its share of `exp(weights . features)`) are fitted to those outcomes by gradient ascent on
the log-likelihood (a little L2, so that no weight runs away), on four games in five; the
fifth is held out, and the log-likelihood and the share of positions whose favourite went
on to win are printed for both, and for the held-out positions by stage of the game (turns
1-24, 25-60 and later): the master's placement search values positions about four rounds
past the setup, where the value tells least.  Beside each stage's figures are the shipped
weights' (`master_weights`), so that a relearnt value is kept only where it tells more.
`--write` writes the weights into `watan/players/master_weights.py`, where `master` reads
them.  `--players master,expert,expert,expert` learns from the positions of the master's own
games against experts rather than from self-play.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

from benchmarks.seeded import over_seeds, run_options
from watan.engine.events import AnyEvent, TurnEnded
from watan.engine.evolve import apply, start
from watan.engine.state import COLOURS, NOBODY
from watan.players.master import FEATURES, features
from watan.players.master_weights import WEIGHTS
from watan.tools.simulate import play_game

Sample = tuple[tuple[tuple[float, ...], ...], int, int]
"""Every student's features at the end of one turn, who won the game, and the turn's number
(the first after the setup is 1)."""
STAGES = ((1, 24), (25, 60), (61, None))
"""Turns whose held-out positions are measured apart: the early game, where the placement
search's playouts end, the middle and the end."""
WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "watan" / "players" / "master_weights.py"


def samples(players: tuple[str, ...], index: int, seed: int) -> list[Sample]:
    """Play one game; return its students' features at the end of every turn, with its winner
    (none for a game nobody won)."""
    played = play_game(index, seed, players, edition="watan")
    if played.result.winner == NOBODY:
        return []
    game = start(played.header)
    found: list[Sample] = []
    event: AnyEvent
    for event in played.events:
        game = apply(game, event)
        if isinstance(event, TurnEnded):
            rows = tuple(features(game, c) for c in COLOURS)
            found.append((rows, played.result.winner, len(found) + 1))
    return found


def log_likelihood(weights: list[float], data: list[Sample]) -> tuple[float, float]:
    """Return the mean log-likelihood of the winners under `weights`, and the share of
    positions whose favourite won."""
    total, right = 0.0, 0
    for rows, winner, _ in data:
        scores = [sum(w * f for w, f in zip(weights, row, strict=True)) for row in rows]
        top = max(scores)
        norm = top + math.log(sum(math.exp(s - top) for s in scores))
        total += scores[winner] - norm
        right += scores.index(top) == winner
    return total / len(data), right / len(data)


def fit(data: list[Sample], rounds: int, rate: float, l2: float) -> list[float]:
    """Return weights fitted by full-batch gradient ascent, each feature scaled to unit spread
    while fitting (and the weights scaled back)."""
    width = len(FEATURES)
    spread = [
        max(1e-6, math.sqrt(sum(row[k] ** 2 for rows, _, _ in data for row in rows)
                            / (4 * len(data))))
        for k in range(width)
    ]
    scaled = [
        (tuple(tuple(row[k] / spread[k] for k in range(width)) for row in rows), winner, turn)
        for rows, winner, turn in data
    ]
    weights = [0.0] * width
    for _ in range(rounds):
        gradient = [-l2 * w for w in weights]
        for rows, winner, _ in scaled:
            scores = [sum(w * f for w, f in zip(weights, row, strict=True)) for row in rows]
            top = max(scores)
            exps = [math.exp(s - top) for s in scores]
            norm = sum(exps)
            for k in range(width):
                expected = sum(e * row[k] for e, row in zip(exps, rows, strict=True)) / norm
                gradient[k] += (rows[winner][k] - expected) / len(scaled)
        weights = [w + rate * g for w, g in zip(weights, gradient, strict=True)]
    return [w / s for w, s in zip(weights, spread, strict=True)]


def main() -> None:
    parser = run_options(
        __doc__.splitlines()[0], games=300, seed=1, workers=2,
        players="expert,expert,expert,expert",
    )
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--write", action="store_true")
    options = parser.parse_args()
    players = tuple(options.players.split(","))
    games = over_seeds(
        samples, players, seed=options.seed, games=options.games, workers=options.workers
    )
    train = [s for n, game in enumerate(games) if n % 5 for s in game]
    held = [s for n, game in enumerate(games) if not n % 5 for s in game]
    random.Random(options.seed).shuffle(train)
    weights = fit(train, options.rounds, rate=2.0, l2=0.001)
    for name, data in (("learnt on", train), ("held out", held)):
        mean, right = log_likelihood(weights, data)
        print(f"{name}: {len(data)} positions, log-likelihood {mean:.4f} a position "
              f"(chance {math.log(0.25):.4f}), favourite won {right:.1%}")
    for first, last in STAGES:
        stage = [s for s in held if s[2] >= first and (last is None or s[2] <= last)]
        if stage:
            print(f"  held out, turns {first}-{last or ''}: {len(stage)} positions, "
                  + ", ".join(
                      f"{name} {mean:.4f} ({right:.1%})"
                      for name, (mean, right) in (
                          ("learnt", log_likelihood(weights, stage)),
                          ("shipped", log_likelihood(list(WEIGHTS), stage)),
                      )
                  ))
    for name, weight in zip(FEATURES, weights, strict=True):
        print(f"  {name}: {weight:+.4f}")
    if options.write:
        numbers = ", ".join(f"{w:.4f}" for w in weights)
        WEIGHTS_FILE.write_text(
            '"""The weights of `master`\'s value of a position, learnt from games of computers.\n\n'
            "Written by `python benchmarks/learn_master.py"
            f" --games {options.games} --seed {options.seed}\n--players {options.players}"
            " --write`: fitted to four games in five of those\n(seats rotated), the fifth"
            " held out; see `watan.players.master.FEATURES`.\n"
            '"""\n\n'
            f"WEIGHTS: tuple[float, ...] = ({numbers})\n"
        )
        print(f"written: {WEIGHTS_FILE}")


if __name__ == "__main__":
    main()
