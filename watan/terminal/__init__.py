"""The game at a terminal: the dialogue as a pure state machine, and the loop that
reads lines, prints replies and keeps the journal.
"""
