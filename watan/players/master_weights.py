"""The weights of `master`'s value of a position, learnt from self-play.

Written by `python benchmarks/learn_master.py --games 400 --seed 1
--players expert,expert,expert,expert --write`; see `watan.players.master.FEATURES`.
"""

WEIGHTS: tuple[float, ...] = (0.8100, -0.0123, 0.6319, -0.1294, -0.0167, 0.3727, -0.0788)
