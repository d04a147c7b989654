"""The powers that temper the master's value (`watan.tools.analysis.tempering`), by horizon.

Written by `python benchmarks/learn_analysis.py --games 300 --seed 2
--players expert,expert,expert,expert --horizons 1,8 --write`.
"""

POWERS: dict[int, tuple[tuple[float, ...], ...]] = {
    1: (
        (0.3, 1.0, 1.0, 1.0),
        (0.6, 0.85, 1.0, 1.0),
        (0.5, 0.75, 1.2, 1.0),
        (0.45, 0.95, 0.9, 1.35),
    ),
    8: (
        (0.5, 0.35, 1.0, 1.0),
        (0.45, 0.55, 0.65, 1.0),
        (0.35, 0.55, 0.65, 1.05),
        (1.0, 0.75, 0.85, 0.95),
    ),
}
"""For each horizon (turns played on), a row of powers for each band of turns (1-10,
11-20, 21-35, 36 on), each for a leader at most 3 course criteria, 4-5, 6-7, 8 or more."""
