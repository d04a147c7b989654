"""How the game speaks: the board and status lines, every line the game prints, events
in words, and reading the whole numbers people type.
"""
