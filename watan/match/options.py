"""What a session of games is asked for, its files read: the seed, the edition and its rules,
the board, a saved game, the journal, and who sits where.

The faces read their options in their own way (click, the fast command line, a request);
the meaning of each value is said here once: a colour or strategy that is none, a house
rule that is none, a save file of house rules this game does not play.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import msgspec

from replay.edges.folders import LOCAL_FOLDER, Folder
from replay.edges.reading import BadFile
from watan.editions.model import Edition
from watan.engine.layout import Board
from watan.engine.rules import (
    HOUSE_RULES,
    STANDARD,
    Rules,
    UnknownHouseRule,
    parse_house_rules,
    with_house_rules,
)
from watan.engine.snapshot import SavedGame
from watan.engine.state import COLOURS, HUMAN, Colour
from watan.files.disk import read_board_file, read_save_file
from watan.files.savefile import Read
from watan.players import DEFAULT_STRATEGY, UnknownStrategy, known, listing

Seats = tuple[tuple[Colour, str], ...]
"""Who plays which seat, as asked (`--computer Red=greedy`, `--human Red`), in order."""

HERE = Folder(LOCAL_FOLDER, chosen=True)
"""`./journals`: where a library caller's or a test's games keep their journals unless
told otherwise (a program reads the folder from the environment, `journal_folder`)."""


class Options(msgspec.Struct, frozen=True, kw_only=True):
    """What a session of games is asked for, its files already read."""

    seed: int
    edition: Edition
    """The edition whose words the games speak and whose files they read and write."""
    rules: Rules
    """The rules new games are played by: the edition's, with the house rules asked for."""
    board: Board | None = None
    """The board new games are played on; None: a random one for each."""
    loaded: SavedGame | None = None
    """The saved game the first game continues (`-load`)."""
    journal: str | None = None
    """Where the first game's journal goes (`--journal`); None: a new file in `journals`."""
    seats: Seats = ()
    """Handed out at the start of every game of the session (for a resumed one, after its
    resumption)."""
    computers: bool = False
    """Whether seats may be handed over during play (`--allow-computers`), even when every
    seat starts with a person."""
    notes: tuple[str, ...] = ()
    """What reading the files noted, for standard error (`savefile.Read`)."""
    journals: Folder = HERE
    """Where new games keep their journals."""
    think: float | None = None
    """Seconds a searching computer may think over a move (`--think`); None: its own."""


class BadOption(Exception):
    """A value that names nothing this game has: a seat, a strategy or a house rule."""


def asked(
    *,
    seed: int | None,
    edition: Edition,
    house_rules: Sequence[str] = (),
    load: str | None = None,
    board: str | None = None,
    random_board: bool = False,
    journal: str | None = None,
    seats: Seats = (),
    computers: bool = False,
    journals: Folder = HERE,
    think: float | None = None,
) -> Options:
    """Return the options of a new session (spec §5: `-seed`, `-load`, `-board`), the files
    read and the house rules applied to the edition's rules.

    Raises BadFile for a file that cannot be used: a save file of a game with house rules
    loads only into a game that plays them all (house-rules.md ruling 9).
    """
    rules = rules_of(edition, house_rules)
    read = None if load is None else read_save_file(load, edition)
    if read is not None and load is not None:
        saved_with = read.value.house_rules
        if [rule for rule in saved_with if rule not in rules.house_rules]:
            named = ",".join(saved_with)
            raise BadFile(
                load,
                f"saved with the house rules {named}, which this game does not play "
                f"(play it with --house-rules {named})",
            )
    chosen = choose_board(edition, board, random_board=random_board, first=load is None)
    return Options(
        seed=fresh_seed() if seed is None else seed,
        edition=edition,
        rules=rules,
        board=chosen.value,
        loaded=None if read is None else read.value,
        journal=journal,
        seats=seats,
        computers=computers,
        notes=(*(() if read is None else read.notes), *chosen.notes),
        journals=journals,
        think=think,
    )


def rules_of(edition: Edition, house_rules: Sequence[str] = ()) -> Rules:
    """Return the rules a new game of `edition` plays with `house_rules` (names, each once,
    as `house_rules_asked` returns them; house-rules.md rulings 3-7)."""
    return with_house_rules(edition.rules, house_rules)


def fresh_seed() -> int:
    """Return a seed from the operating system, for a run started without one (RULINGS 18)."""
    return int.from_bytes(os.urandom(8), "big") >> 1


def choose_board(
    edition: Edition, path: str | None, *, random_board: bool, first: bool
) -> Read[Board | None]:
    """Return the board for new games: `-board`, else random (None), else the edition's
    default file, with a note about it.

    With neither `-board` nor `-random-board`, an edition with a default
    board file plays on it when it exists, and on a random board with a note
    when it does not (RULINGS-constructor 5).  `first` says whether the first
    game is a new one: after `-load` or `--resume` the board is only for
    "play again", so a default file that cannot be read is a note, not an
    error, and a missing one says nothing.  Raises BadFile for a bad `-board`
    file, or a bad default file when `first`.
    """
    if path is not None:
        return _board(read_board_file(path, edition))
    default = edition.default_board
    if random_board or default is None:
        return Read(None)
    if not os.path.lexists(default):
        return Read(None, (f"{default} not found; playing on a random board",) if first else ())
    try:
        return _board(read_board_file(default, edition, unasked=True))
    except BadFile as error:
        if first:
            raise
        return Read(None, (f"{error}; a new game will be played on a random board",))


def _board(read: Read[Board]) -> Read[Board | None]:
    """Return a board file's board with its notes said as one (`a; b`)."""
    return Read(read.value, ("; ".join(read.notes),) if read.notes else ())


COLOUR_NAMES = tuple(colour.title for colour in COLOURS)
"""The students' colours as the command line takes them (in any letter case), Blue first."""
COLOUR_LIST = ", ".join(COLOUR_NAMES)


def seats_asked(computer: Sequence[str], human: Sequence[str]) -> Seats:
    """Return (colour, player) for each seat handed out, in order.

    `computer` holds `COLOUR[=STRATEGY]` (the default strategy when none is
    named) and `human` holds colours, in any letter case.  Raises BadOption
    naming the first value that names no colour or strategy, or a colour
    given twice.
    """
    given: dict[Colour, str] = {}
    chosen: list[tuple[Colour, str]] = []
    values = [(f"--computer {value}", value) for value in computer]
    values += [(f"--human {value}", f"{value}={HUMAN}") for value in human]
    for option, value in values:
        name, _, player = value.partition("=")
        colour = next((c for c in COLOURS if c.title.lower() == name.strip().lower()), None)
        if colour is None:
            raise BadOption(f"{option}: there is no student {name!r} (colours: {COLOUR_LIST})")
        player = player.strip() or DEFAULT_STRATEGY
        if player != HUMAN and not known(player):
            raise BadOption(f"{option}: {UnknownStrategy(player)}")
        if colour in given:
            raise BadOption(f"{colour.title} is given twice ({given[colour]} and {option})")
        given[colour] = option
        chosen.append((colour, player))
    return tuple(chosen)


def unknown_seat(seats: tuple[str, ...], asked: Seats) -> str | None:
    """Return why a game whose seats are `seats` cannot be played here, or None.

    A seat a journal gives to a strategy this version lacks must be handed to someone
    else (`asked`).
    """
    changed = dict(asked)
    for colour, player in zip(COLOURS, seats, strict=True):
        if colour not in changed and player != HUMAN and not known(player):
            name = colour.title
            return (
                f"{name} is played by the strategy {player!r}, which this version lacks "
                f"(strategies: {listing()}); give the seat to another with "
                f"--computer {name}=STRATEGY or --human {name}"
            )
    return None


HOUSE_RULE_NAMES = (*HOUSE_RULES, STANDARD)
"""What `--house-rules` takes (house-rules.md ruling 1): each house rule, or all four."""


def house_rules_asked(values: Sequence[str]) -> tuple[str, ...]:
    """Return the house rules `--house-rules` values ask for, each a comma-separated list
    (house-rules.md ruling 1), each rule once, in order; raises BadOption for a name that is
    none."""
    try:
        return tuple(rule for value in values for rule in parse_house_rules(value))
    except UnknownHouseRule as unknown:
        raise BadOption(str(unknown)) from None
