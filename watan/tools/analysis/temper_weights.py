"""The powers that temper the master's value (`watan.tools.analysis.tempering`), by horizon.

Written by `python benchmarks/learn_analysis.py --games 300 --seed 2
--players expert,expert,expert,expert --horizons 1,8 --write`.
"""

POWERS: dict[int, tuple[tuple[float, ...], ...]] = {
    1: (
        (0.2, 1.0, 1.0, 1.0),
        (0.65, 0.85, 1.0, 1.0),
        (0.65, 0.85, 1.25, 1.0),
        (0.45, 1.2, 1.1, 1.5),
    ),
    8: (
        (0.5, 0.3, 1.0, 1.0),
        (0.5, 0.6, 0.7, 1.0),
        (0.5, 0.65, 0.75, 1.1),
        (1.0, 0.95, 1.0, 1.1),
    ),
}
"""For each horizon (turns played on), a row of powers for each band of turns (1-10,
11-20, 21-35, 36 on), each for a leader at most 3 course criteria, 4-5, 6-7, 8 or more."""
