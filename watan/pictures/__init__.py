"""Pictures of the game: the board as SVG, and a journal as a page to step through.

Nothing here is needed to play, so a game never imports it.
"""
