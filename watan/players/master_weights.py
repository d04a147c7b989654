"""The weights of `master`'s value of a position, learnt from games of computers.

Written by `python benchmarks/learn_master.py --games 240 --seed 5
--players master,expert,expert,expert --write`: fitted to four games in five of those
(seats rotated), the fifth held out; see `watan.players.master.FEATURES`.
"""

WEIGHTS: tuple[float, ...] = (0.7544, -0.0046, 0.7561, -0.1758, -0.0167, 0.3220, -0.0809, 0.1918)
