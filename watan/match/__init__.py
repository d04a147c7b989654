"""Making and driving games: the floor between the rules and the program's faces.

Every face makes its games here and none rebuilds one: the terminal (`watan.terminal`), the
command line (`watan.cli`), tournaments (`watan.tools.simulate`), and whatever comes next
(a server, analysis).  `options` turns what was asked (a seed, a board file, a random board,
a save file, house rules, who sits where) into `Options`, its files read; `making` makes
a `Match` from them (new, resumed from a journal, or played again), hands out its seats,
keeps its journal, and drives it one whole command at a time.
"""
