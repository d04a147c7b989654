"""The rules of play: the board's topology, the state, events, the reducer, commands and
the judge of commands. Nothing here prints, reads a file or knows an edition's words.
"""
