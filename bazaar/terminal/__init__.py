"""Bazaar at a terminal: the conversation and the loop that reads and prints it."""
