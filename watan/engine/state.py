"""The frozen game state and the read-only questions the rules ask of it.

A `Game` is only ever produced by `evolve.apply` folding events; nothing
mutates it.  Ownership is held twice on purpose, each with one owner in the
reducer: per criterion and goal (so a rule check is an index) and per student
in completion order (the order the spec prints and saves, RULINGS 28).
"""

from __future__ import annotations

import enum

import msgspec

from watan.engine.layout import Board
from watan.engine.resources import NONE, Resource, Resources
from watan.engine.rules import NO_CARDS, Card, Hand, Rules, with_house_rules
from watan.engine.snapshot import NO_GEESE, Position, SavedGame, SavedStudent
from watan.engine.topology import (
    CRITERION_COUNT,
    CRITERION_GOALS,
    CRITERION_NEIGHBOURS,
    GOAL_COUNT,
    CriterionId,
    GoalId,
)


class Colour(enum.IntEnum):
    """A student, numbered as in the spec (§2.7): student 0 is Blue."""

    BLUE = 0
    RED = 1
    ORANGE = 2
    YELLOW = 3

    @property
    def title(self) -> str:
        """Return the colour as the spec prints it (`Blue`)."""
        return self.name.capitalize()


COLOURS: tuple[Colour, ...] = tuple(Colour)
HUMAN = "human"
"""Who plays a seat nobody handed over: a person at the terminal (spec §2.7)."""
NOBODY = -1
"""Owner of an unowned criterion or goal, and the winner of an unfinished game."""


class Completion(enum.IntEnum):
    """A criterion's completion level (spec §2.4.1); the level is also its course criteria."""

    ASSIGNMENT = 1
    MIDTERM = 2
    EXAM = 3


class Phase(enum.Enum):
    """Where the game stands; one value instead of several flags."""

    SETUP = "setup"
    """Initial assignments (spec §4.1)."""
    BEFORE_ROLL = "before_roll"
    """A turn has begun and the dice are not rolled yet (spec §4.2)."""
    AFTER_ROLL = "after_roll"
    """The dice are rolled; building, trading and `next` (spec §4.3)."""
    GEESE = "geese"
    """A 7 was rolled and the geese wait to be placed (spec §3.6)."""
    OVER = "over"
    """Somebody won (spec §4.4)."""


SETUP_ORDER: tuple[Colour, ...] = (
    Colour.BLUE, Colour.RED, Colour.ORANGE, Colour.YELLOW,
    Colour.YELLOW, Colour.ORANGE, Colour.RED, Colour.BLUE,
)
"""Who places each initial assignment (spec §4.1)."""


class Student(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """What one student holds."""

    resources: Resources = NONE
    goals: tuple[GoalId, ...] = ()
    """Goals in the order achieved."""
    criteria: tuple[CriterionId, ...] = ()
    """Criteria in the order first completed."""
    loaded_dice: bool = False
    """Whether the student's dice are loaded (spec §2.8; the rules say how they start)."""
    cards: Hand = NO_CARDS
    """Development cards held, by kind, those bought this turn included (house-rules.md)."""
    played_points: int = 0
    """`vp` cards played: a point each for as long as the game lasts (house-rules.md 4)."""


class Game(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The whole state of one game.

    `gc=False`: a state holds values, never a cycle, and a fold makes one per event, so
    the garbage collector is spared tracking them.
    """

    board: Board
    students: tuple[Student, ...]
    criterion_owner: tuple[int, ...]
    """Owner of each criterion, or NOBODY."""
    criterion_level: tuple[int, ...]
    """Completion level of each criterion, 0 when not completed."""
    goal_owner: tuple[int, ...]
    """Owner of each goal, or NOBODY."""
    geese: int = NO_GEESE
    turn: Colour = Colour.BLUE
    phase: Phase = Phase.SETUP
    setup_step: int = 0
    """How many initial assignments have been placed."""
    winner: int = NOBODY
    rules: Rules
    """The rules played: prices, the win, the dice, the seven, the geese, the bank, the cards."""
    seats: tuple[str, ...] = (HUMAN,) * len(COLOURS)
    """Who plays each student, by colour: `HUMAN` or a computer strategy's name."""
    deck: tuple[Card, ...] = ()
    """The development cards not yet bought, top first (house-rules.md ruling 4)."""
    bought: Hand = NO_CARDS
    """The cards the current student bought this turn, which wait for a later turn."""
    card_played: bool = False
    """Whether the current student has played a card this turn: one a turn (ruling 4)."""


def new_game(board: Board, rules: Rules, deck: tuple[Card, ...] = ()) -> Game:
    """Return the state at the start of a new game on `board`: setup, nothing owned.

    Every student's dice start as the rules say (RULINGS 24; Constructor §2.8); the
    geese start off the board (RULINGS 8), or on the first NETFLIX tile when the rules
    say so (house-rules.md ruling 7).  `deck` is the development cards, shuffled.
    """
    dice = rules.dice_start_loaded
    return Game(
        board=board,
        students=tuple(Student(loaded_dice=dice) for _ in COLOURS),
        criterion_owner=(NOBODY,) * CRITERION_COUNT,
        criterion_level=(0,) * CRITERION_COUNT,
        goal_owner=(NOBODY,) * GOAL_COUNT,
        geese=first_park(board) if rules.geese_start_on_park else NO_GEESE,
        rules=rules,
        deck=deck,
    )


def first_park(board: Board) -> int:
    """Return the first NETFLIX tile in tile order, or NO_GEESE when there is none (ruling 7)."""
    return next((n for n, t in enumerate(board) if t.resource is Resource.NETFLIX), NO_GEESE)


def loaded_game(
    board: Board, position: Position, rules: Rules, deck: tuple[Card, ...] = ()
) -> Game:
    """Return the state a save file describes: the turn of `position.turn`.

    Dice start as in a new game (RULINGS 24; RULINGS-constructor 11).  A
    position in which a student already has the points that win is a game
    already over (spec §4.4): its winner is `saved_winner`, whose turn it
    was, so that saving it again writes the same `curTurn`.
    """
    owner = [NOBODY] * CRITERION_COUNT
    level = [0] * CRITERION_COUNT
    goal_owner = [NOBODY] * GOAL_COUNT
    winner = saved_winner(position, rules)
    for colour, saved in zip(COLOURS, position.students, strict=True):
        for criterion, completion in saved.criteria:
            owner[criterion], level[criterion] = colour, completion
        for goal in saved.goals:
            goal_owner[goal] = colour
    return Game(
        board=board,
        students=tuple(
            Student(
                resources=s.resources,
                goals=s.goals,
                criteria=tuple(c for c, _ in s.criteria),
                loaded_dice=rules.dice_start_loaded,
                cards=s.cards,
                played_points=s.played_points,
            )
            for s in position.students
        ),
        criterion_owner=tuple(owner),
        criterion_level=tuple(level),
        goal_owner=tuple(goal_owner),
        geese=position.geese,
        turn=Colour(position.turn if winner == NOBODY else winner),
        phase=Phase.BEFORE_ROLL if winner == NOBODY else Phase.OVER,
        setup_step=len(SETUP_ORDER),
        winner=winner,
        rules=rules,
        deck=deck,
        card_played=position.card_played and winner == NOBODY,
    )


def restored(saved: SavedGame, rules: Rules) -> Game:
    """Return the game a save file holds, played by `rules` with the house rules the file
    names (house-rules.md ruling 9) and its deck."""
    played = with_house_rules(rules, saved.house_rules)
    return loaded_game(saved.board, saved.position, played, saved.deck or ())


def saved_winner(position: Position, rules: Rules) -> int:
    """Return who has won a saved game, or NOBODY: a student with the points that win.

    The game ends the moment a student reaches them (spec §4.4), during their
    own turn, and a save made after that names the next student in
    `curTurn`; so the students are looked at from the one before `curTurn`
    backwards, and the first with the points has won.  (A file a real game
    wrote has only one such student.)
    """
    points = [
        sum(level for _, level in student.criteria) + student.played_points
        for student in position.students
    ]
    for back in range(1, len(COLOURS) + 1):
        colour = (position.turn - back) % len(COLOURS)
        if colour < len(points) and points[colour] >= rules.points_to_win:
            return colour
    return NOBODY


def saved_game(game: Game) -> SavedGame:
    """Return what `save` writes for this state (spec §3.7).

    `curTurn` is the student who rolls next: the current one before the
    roll, the next one once the dice have been rolled this turn, and Blue
    during setup, whose first turn follows it (RULINGS-constructor 12).
    """
    rolled = game.phase in (Phase.AFTER_ROLL, Phase.GEESE, Phase.OVER)
    turn = Colour.BLUE if game.phase is Phase.SETUP else game.turn
    return SavedGame(
        position=Position(
            turn=(turn + 1) % len(COLOURS) if rolled else turn,
            students=tuple(
                SavedStudent(
                    resources=s.resources,
                    goals=s.goals,
                    criteria=tuple((c, game.criterion_level[c]) for c in s.criteria),
                    cards=s.cards,
                    played_points=s.played_points,
                )
                for s in game.students
            ),
            geese=game.geese,
            # A new turn begins with the roll; before it, a card played still counts.
            card_played=game.card_played and not rolled,
        ),
        board=game.board,
        house_rules=game.rules.house_rules,
        deck=game.deck if game.rules.cards else None,
    )


def is_player_name(name: str) -> bool:
    """Return whether `name` can name who plays a seat: a short lower-case ASCII word, or a
    strategy's reference (`is_strategy_reference`).

    `HUMAN` is one; so is every computer strategy's name.  The engine does not
    know the strategies (they live above it), only what their names look like.
    """
    if 0 < len(name) <= 32 and name.isascii() and name.isidentifier() and name.islower():
        return True
    return is_strategy_reference(name)


def is_strategy_reference(name: str) -> bool:
    """Return whether `name` says where a strategy is, `package.module:Factory` (at most
    100 ASCII characters): dotted identifiers, a colon, dotted identifiers."""
    module, colon, attribute = name.partition(":")
    return (
        len(name) <= 100 and name.isascii() and bool(colon)
        and all(part.isidentifier() for part in (*module.split("."), *attribute.split(".")))
    )


def course_criteria(game: Game, colour: Colour) -> int:
    """Return a student's course criteria: the sum of their completion levels (RULINGS 4),
    and one for each `vp` card played (house-rules.md ruling 4): the points that win."""
    level = game.criterion_level
    student = game.students[colour]
    return sum(level[c] for c in student.criteria) + student.played_points


def has_completed_neighbour(game: Game, criterion: CriterionId) -> bool:
    """Return whether a criterion next to this one is completed by anyone (spec §3.1)."""
    owner = game.criterion_owner
    return any(owner[n] != NOBODY for n in CRITERION_NEIGHBOURS[criterion])


def touches_own_goal(game: Game, colour: Colour, criterion: CriterionId) -> bool:
    """Return whether one of the student's goals ends at this criterion (spec §3.1)."""
    goal_owner = game.goal_owner
    return any(goal_owner[g] == colour for g in CRITERION_GOALS[criterion])
