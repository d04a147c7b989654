"""The games at a terminal: the dialogue as a pure state machine, and the edge that reads
lines, prints replies, hints and saves (each game made and recorded by `watan.match`).
"""
