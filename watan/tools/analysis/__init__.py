"""What mattered in a game: each student's chance to win at every decision, and the cost of
each move against the best one the engine finds (`watan analyze`).

`decisions` walks a journal to the positions where a student chose a command;
`estimate` values a position, and each move from it, by the engine playing on;
`analysed` runs them over a game (in processes, or on a cluster) and marks the moves;
`report` says it in the game's words, and `document` is its versioned JSON form.
"""
