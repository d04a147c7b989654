"""The program's entry points: the fast path that starts a game without click, and the
click commands.
"""
