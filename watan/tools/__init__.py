"""Looking back at journals (checking, replaying, rewinding, comparing) and playing
whole games without a terminal.
"""
