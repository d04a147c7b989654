"""Is a strategy stronger than another?  Both played on the same boards, game by game.

Run: python benchmarks/paired.py --challenger package.module:Factory [--against master]
         [--rivals expert] [--games 200] [--seed 11] [--workers 1]

Each seeded game is played twice, as `watan simulate --seed` plays it with the watched
strategy named first and three `--rivals`: once with `--against` in the watched seats, once
with `--challenger`.  The boards, the seats and every seat's generator are the same in both
(`watan.players.seat_generator` does not depend on the strategy's name), so the two differ
only by what the watched strategy does.  Prints each one's wins with its 95% interval, the
games only one of them won, and the exact two-sided sign test on those games: a p-value
under 0.05 is a difference beyond the noise of this many games.  Two unpaired runs of 200
games differ by about ten points either way by chance alone; pairing removes the boards'
share of that noise.

A challenger is named as `--players` names a strategy of one's own (`module:Factory`): the
module must be importable, from the folder the command is run in or `PYTHONPATH`.
"""

from __future__ import annotations

import math

from benchmarks.seeded import over_seeds, run_options
from watan.engine.state import NOBODY
from watan.tools.simulate import play_game, seating, wilson


def won(players: tuple[str, ...], index: int, seed: int) -> bool:
    """Play game `index` of the run; return whether the first-named strategy won it."""
    result = play_game(index, seed, players, edition="watan").result
    return result.winner != NOBODY and seating(players, index)[result.winner] == players[0]


def sign_test(more: int, fewer: int) -> float:
    """Return the exact two-sided p-value that a fair coin splits `more + fewer` games at
    least as unevenly as `more` against `fewer`."""
    games = more + fewer
    if not games:
        return 1.0
    ways = sum(math.comb(games, k) for k in range(min(more, fewer) + 1))
    return min(1.0, 2 * ways / 2.0**games)


def main() -> None:
    parser = run_options(__doc__.splitlines()[0], games=200, seed=11, workers=1)
    parser.add_argument("--challenger", required=True)
    parser.add_argument("--against", default="master")
    parser.add_argument("--rivals", default="expert")
    options = parser.parse_args()
    if options.challenger == options.against:
        # The two runs are kept by strategy name: one name would be one run, set beside
        # itself, and a sign test of nothing (p = 1) would read as "no difference".
        parser.error(f"--challenger and --against are both {options.against}: name two strategies")
    runs = {
        name: over_seeds(
            won, (name, *[options.rivals] * 3), seed=options.seed, games=options.games,
            workers=options.workers,
        )
        for name in (options.against, options.challenger)
    }
    base, challenger = runs[options.against], runs[options.challenger]
    print(f"{options.games} games against three {options.rivals}, seed {options.seed}")
    for name, wins in runs.items():
        low, high = wilson(sum(wins), options.games)
        print(f"{name:>40}: {sum(wins):4} won ({100 * low:.1f}-{100 * high:.1f}%)")
    only_challenger = sum(c and not b for b, c in zip(base, challenger, strict=True))
    only_base = sum(b and not c for b, c in zip(base, challenger, strict=True))
    print(
        f"won by one only: {only_challenger} by the challenger, {only_base} by "
        f"{options.against}; sign test p = {sign_test(only_challenger, only_base):.3f}"
    )


if __name__ == "__main__":
    main()
