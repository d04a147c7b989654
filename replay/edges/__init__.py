"""A game program's edges: what any game's program needs where it meets people and files.

Not event sourcing (that is the rest of `replay`): these modules know nothing of journals'
events or states, and a game's own modules at its edges (its console, its command line,
its file readers) use them so that every game behaves alike there:

- `messages`: one-line messages on standard error, the names they repeat shown safely;
- `lines`: the lines players type, read with a bound on their length;
- `reading`: small files (boards, saves) read within a bound, every failure one line;
- `saving`: files written all at once, never into a pipe, never over a journal;
- `stopping`: signals, a closed terminal and a reader gone end a game cleanly, with the
  exit status a shell reports;
- `options`: the command-line options every game's `analyze` words alike.

Each module is imported by its own name (`replay.edges.saving`): a game that starts pays
only for the ones it uses.
"""
