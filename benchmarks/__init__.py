"""Benchmarks: scripts that print the figures the README and the issues quote."""

from pathlib import Path

SOURCE = str(Path(__file__).resolve().parent.parent)
"""The source tree: a benchmark run in another install's interpreter appends it to that
interpreter's path, after the install, so that only `benchmarks` is imported from it."""
