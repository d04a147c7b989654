"""The files the game reads and writes: board and save files, and its journals.
"""
