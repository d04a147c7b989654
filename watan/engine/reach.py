"""Whether anyone can still win: a resource nobody has or yields can block a game for good.

Resources enter the game only by production, from a completed criterion on a
tile that yields them (spec §3.5.2); after that they only change hands or go
to the geese.  So a resource no student holds and no completed criterion's
tile yields can appear again only if someone completes a criterion on such a
tile.  After setup, a new criterion needs an assignment at the end of one of
the student's goals (spec §3.1): when the goal's price or the assignment's
needs the missing resource, nobody ever completes a criterion again, and the
resource stays missing for good.  Each student can then only raise the
criteria they have, as far as the prices without that resource allow; when
that leaves every student short of the points that win, nobody ever wins.

House rules (house-rules.md) open two more ways.  With bank trades, the bank
gives any resource for four of another, so a resource is missing for good only
when every resource is: while anything is held or yielded, nothing is.  With
development cards, a played `vp` is a point: a student may still win with the
vp cards in their hand and, when a card's price needs no missing resource, the
vp cards left in the deck, which anyone may buy.

No rule ends such a game (the spec has no draw), so the game goes on at the
terminal; a simulation stops it, and a game of computers alone says so.
"""

from __future__ import annotations

import functools

from watan.engine.layout import Board
from watan.engine.resources import HELD, Resource, Resources
from watan.engine.rules import Card, held
from watan.engine.state import COLOURS, NOBODY, Completion, Game, Phase, course_criteria
from watan.engine.topology import TILE_CRITERIA, CriterionId


def missing_for_good(game: Game) -> tuple[Resource, ...]:
    """Return the resources nobody holds and no completed criterion's tile yields, in order."""
    anyone_holds = tuple(map(any, zip(*[s.resources for s in game.students], strict=True)))
    if all(anyone_holds):  # asked at the end of every turn: most of the time, a quick answer
        return ()
    owner, around = game.criterion_owner, _criteria_yielding(game.board)
    return tuple(
        resource
        for resource in HELD
        if not anyone_holds[resource]
        and not any(map(NOBODY.__ne__, map(owner.__getitem__, around[resource])))
    )


@functools.cache
def _criteria_yielding(board: Board) -> tuple[tuple[CriterionId, ...], ...]:
    """Return, for each held resource, the criteria on the tiles of `board` that yield it.

    Boards are immutable, so the table never goes stale.
    """
    return tuple(
        tuple(sorted({
            criterion
            for number, tile in enumerate(board) if tile.resource is resource
            for criterion in TILE_CRITERIA[number]
        }))
        for resource in HELD
    )


def nobody_can_win(game: Game) -> bool:
    """Return whether no student can ever reach the points that win (see the module's text).

    Only a game under way can be so; during setup every criterion is still free.
    """
    missing = missing_for_good(game)
    if not missing or game.phase in (Phase.SETUP, Phase.OVER):
        return False
    rules = game.rules
    if rules.bank_rate is not None and len(missing) < len(HELD):
        return False  # the bank sells what is missing for what is still there

    def payable(cost: Resources) -> bool:
        return not any(cost[r] for r in missing)

    if payable(rules.goal_cost) and payable(rules.level_costs[Completion.ASSIGNMENT - 1]):
        return False  # new criteria can still be completed, on tiles that yield it
    top: int = Completion.ASSIGNMENT
    while top < Completion.EXAM and payable(rules.level_costs[top]):
        top += 1  # the levels one can still pay for, one after the other
    # vp cards still to buy, when a card can be paid for without what is missing
    buyable = 0
    if rules.card_cost is not None and payable(rules.card_cost):
        buyable = sum(card is Card.VP for card in game.deck)
    for colour in COLOURS:
        student = game.students[colour]
        reachable = course_criteria(game, colour) + sum(
            max(0, top - game.criterion_level[c]) for c in student.criteria
        )
        reachable += held(student.cards, Card.VP) + buyable
        if reachable >= rules.points_to_win:
            return False
    return True
