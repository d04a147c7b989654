"""How a strategy's games are won and lost: its figures beside the winners' when it loses.

Run: python benchmarks/master_losses.py [--games 100] [--seed 11] [--workers 1]
         [--players master,expert,expert,expert]

Seeded games are played as `watan simulate` plays them (seats rotated).  The first strategy
named is the one watched.  For every student of every game someone won, the figures below
are taken from the events, and averaged over four groups: the watched strategy in the games
it won, in the games it lost, the winners of the games it lost, and the other losers.

- produced a round on its own rolls, and on the others' rolls (resources, per four turns);
- lost to the geese, stolen from it, stolen by it (resources a game);
- its rolls that were 7s (percent);
- offers of its that were accepted, and offers it accepted (a game);
- the turn of its first build after the setup;
- its course criteria at turns 20, 40 and 60 (of games that lasted so long);
- what its two first assignments yield on fair dice (pips, spec §3.5.5), and how many kinds
  of resource they do not yield at all.
"""

from __future__ import annotations

import statistics
from collections import defaultdict

from benchmarks.seeded import over_seeds, run_options
from watan.engine.dice import WAYS
from watan.engine.events import (
    AnyEvent,
    CriterionCompleted,
    CriterionImproved,
    DiceRolled,
    GoalAchieved,
    ResourcesLost,
    ResourcesProduced,
    ResourceStolen,
    TradeAccepted,
    TurnEnded,
)
from watan.engine.evolve import start
from watan.engine.resources import HELD
from watan.engine.rules import GEESE_ROLL
from watan.engine.state import COLOURS, NOBODY
from watan.players.measures import criterion_tiles
from watan.tools.simulate import play_game, seating

MARKS = (20, 40, 60)
"""Turns at which each student's course criteria are taken."""
GROUPS = ("it won", "it lost", "winner when it lost", "other losers")

COUNTS = (
    "rolls", "7s (% of its rolls)", "produced on own rolls (a round)",
    "produced on others' rolls (a round)", "lost to the geese", "stolen from it",
    "stolen by it", "its offers accepted", "offers it accepted",
)
"""What is counted from the events, from nothing: a student may never be robbed."""

Figures = dict[str, float]


def figures(players: tuple[str, ...], index: int, seed: int) -> list[tuple[str, Figures]]:
    """Play one game; return each student's group and figures (none for a game nobody won)."""
    played = play_game(index, seed, players, edition="watan")
    winner = played.result.winner
    if winner == NOBODY:
        return []
    board = start(played.header).board
    seats = seating(players, index)
    tally: list[Figures] = [dict.fromkeys(COUNTS, 0.0) for _ in COLOURS]
    placed: list[list[int]] = [[] for _ in COLOURS]
    roller, turns = COLOURS[0], 0
    event: AnyEvent
    criteria = [0] * len(COLOURS)
    for event in played.events:
        if isinstance(event, CriterionCompleted | CriterionImproved):
            criteria[event.colour] += 1
        match event:
            case CriterionCompleted(colour=colour, criterion=criterion, cost=cost) if not any(
                cost
            ):
                placed[colour].append(criterion)
            case CriterionCompleted(colour=colour) | CriterionImproved(colour=colour) | (
                GoalAchieved(colour=colour)
            ):
                tally[colour].setdefault("first build (turn)", turns)
            case DiceRolled(colour=colour, roll=roll):
                roller = colour
                tally[colour]["rolls"] += 1.0
                tally[colour]["7s (% of its rolls)"] += 100 * (roll == GEESE_ROLL)
            case ResourcesProduced(colour=colour, gained=gained):
                mine = "on own rolls" if colour == roller else "on others' rolls"
                tally[colour][f"produced {mine} (a round)"] += sum(gained)
            case ResourcesLost(colour=colour, lost=lost):
                tally[colour]["lost to the geese"] += sum(lost)
            case ResourceStolen(thief=thief, victim=victim):
                tally[victim]["stolen from it"] += 1
                tally[thief]["stolen by it"] += 1
            case TradeAccepted(proposer=proposer, partner=partner):
                tally[proposer]["its offers accepted"] += 1
                tally[partner]["offers it accepted"] += 1
            case TurnEnded():
                turns += 1
                if turns in MARKS:
                    for colour in COLOURS:
                        tally[colour][f"criteria at turn {turns}"] = float(criteria[colour])
            case _:
                pass
    tiles = criterion_tiles(board)
    found: list[tuple[str, Figures]] = []
    focus = players[0]
    for colour in COLOURS:
        row = tally[colour]
        rolls = max(1.0, row.pop("rolls"))
        row["7s (% of its rolls)"] /= rolls
        for name in list(row):
            if name.startswith("produced"):
                row[name] *= len(COLOURS) / max(1, turns)
        row.setdefault("first build (turn)", float(turns))
        yields = [(resource, value) for c in placed[colour] for _, resource, value in tiles[c]]
        row["first assignments' pips"] = float(sum(WAYS[value] for _, value in yields))
        row["kinds they do not yield"] = float(
            sum(1 for r in HELD if r not in {resource for resource, _ in yields})
        )
        watched = seats[colour] == focus
        won = colour == winner
        focus_won = seats[winner] == focus
        group = (
            GROUPS[0] if watched and won else GROUPS[1] if watched
            else GROUPS[2] if won and not focus_won else GROUPS[3] if not won else ""
        )
        if group:
            found.append((group, row))
    return found


def main() -> None:
    options = run_options(
        __doc__.splitlines()[0], games=100, seed=11, workers=1,
        players="master,expert,expert,expert",
    ).parse_args()
    players = tuple(options.players.split(","))
    games = over_seeds(
        figures, players, seed=options.seed, games=options.games, workers=options.workers
    )
    rows: dict[str, list[Figures]] = defaultdict(list)
    for game in games:
        for group, row in game:
            rows[group].append(row)
    won = len(rows[GROUPS[0]])
    print(f"{players[0]} won {won} of {sum(1 for g in games if g)} games won by someone")
    names = sorted({name for group in rows.values() for row in group for name in row})
    print(f"{'':36}" + "".join(f"{group:>21}" for group in GROUPS))
    for name in names:
        cells = []
        for group in GROUPS:
            values = [row[name] for row in rows[group] if name in row]
            cells.append(f"{statistics.mean(values):21.2f}" if values else f"{'-':>21}")
        print(f"{name:36}" + "".join(cells))


if __name__ == "__main__":
    main()
