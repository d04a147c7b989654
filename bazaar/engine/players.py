"""Who may play: 2 to 6 players with distinct, non-empty names (RULINGS-bazaar 2).

A name is what the others read on the board and in every message, so it is kept
short and plain: at most 20 printable characters, no comma (names are typed as a
comma-separated list), no spaces at either end.  Two names that differ only in letter
case would be confusing at a shared terminal, so they count as the same name.
"""

from __future__ import annotations

FEWEST, MOST = 2, 6
LONGEST_NAME = 20


def name_problem(name: str) -> str | None:
    """Return what is wrong with a player's name, or None."""
    if not name.strip():
        return "a name cannot be empty"
    if name != name.strip():
        return f"the name {name.strip()!r} has spaces around it"
    if len(name) > LONGEST_NAME:
        return f"a name has at most {LONGEST_NAME} characters"
    if "," in name:
        return "a name cannot hold a comma"
    if not all(c.isprintable() for c in name):
        return "a name cannot hold control characters"
    return None


def names_problem(names: tuple[str, ...]) -> str | None:
    """Return what is wrong with the players' names, or None."""
    if not FEWEST <= len(names) <= MOST:
        return f"{FEWEST} to {MOST} players play, not {len(names)}"
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            return problem
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            return f"two players are called {name!r}"
        seen.add(name.casefold())
    return None


def parse_names(text: str) -> tuple[str, ...]:
    """Return the names in a comma-separated list, each without spaces around it."""
    return tuple(part.strip() for part in text.split(","))
