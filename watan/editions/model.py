"""What an edition of the game is: everything two editions may do differently, as data.

Students of Watan and its older edition, Constructor, are one game on one
engine: the same board, the same rules in the same order, the same events.
An edition names things, words every line the game prints, sets the command
words and shapes the save file; it also sets the rules its new games are
played by (`rules`: prices, the win, how the dice start).  It is chosen once,
when a game starts.  The journal's header records its `name`, for the tools
that speak about the game, and its rules whole, for the fold: the game state
holds the rules, never the words, and whatever speaks is handed the edition
explicitly.

The data modules live in `watan.editions`, one per edition.
"""

from __future__ import annotations

import msgspec

from watan.engine.rules import Rules


class CommandWords(msgspec.Struct, frozen=True, kw_only=True):
    """The command words that differ between editions (spec §4.3)."""

    listing: str
    """Lists the current player's completed places (`criteria`)."""
    goal: str
    """Claims a goal, an edge of the board (`achieve`)."""
    criterion: str
    """Claims a criterion, a corner of the board (`complete`)."""
    improve: str
    """Raises one's own criterion a level (`improve`)."""


class Text(msgspec.Struct, frozen=True, kw_only=True):
    """Every line the game prints, word for word, each ending in a newline.

    Fields in braces are filled in: `{colour}` is a colour's title (`Blue`),
    `{resource}` a resource's printed name.  The defaults are the lines both
    editions print alike.
    """

    placement: str
    """The setup question; `{colour}` (spec §4.1)."""
    turn: str
    """The first line of a turn; `{colour}` (spec §4.2)."""
    status: str
    """A status line; `{colour}`, `{points}` and the five held counts `{0}`-`{4}` (spec §2.7)."""
    listing: str
    """The heading of the places a player owns; `{colour}` (spec §2.7)."""
    gained: str
    """The heading of one player's production; `{colour}` (spec §3.5.5)."""
    nobody_gained: str
    lost: str
    """The heading of one player's loss to the geese; `{colour}`, `{count}` (spec §3.6)."""
    can_steal: str
    """`{colour}` may rob `{victims}`, a comma-separated list (spec §3.6)."""
    victim_question: str
    steals: str
    """`{colour}` took one `{resource}` from `{victim}` (spec §3.6)."""
    nobody_to_rob: str
    """`{colour}` has nobody to rob on the geese's tile (spec §3.6)."""
    won: str
    """`{colour}` won (spec §4.4)."""
    help: str
    """The whole `help` listing (spec §4.3)."""
    listed: str = "{place} {code}\n"
    """One owned place under `listing`: its number and its level's code."""
    amount: str = "{count} {resource}\n"
    """One resource gained or lost."""
    loaded_roll_question: str = "Input a roll between 2 and 12:\n"
    rolled: str = "You rolled {roll}.\n"
    """What fair dice print; `{roll}` (RULINGS 5)."""
    geese_question: str = "Choose where to place the GEESE.\n"
    offer: str = "{colour} offers {partner} one {give} for one {take}.\n"
    trade_question: str = "Does {partner} accept this offer?\n"
    play_again: str = "Would you like to play again?\n"
    invalid_command: str = "Invalid command.\n"
    cannot_build: str = "You cannot build here.\n"
    not_enough_resources: str = "You do not have enough resources.\n"
    invalid_roll: str = "Invalid roll.\n"
    prompt: str = "> "
    """Printed whenever the game waits for a line (spec §4.5, RULINGS 2)."""
    # The house rules' lines (house-rules.md; the wording it leaves open is the edition's, in
    # docs/decisions.md).
    empty_deck: str
    """`buy-dev` when the deck is empty (house-rules.md ruling 4)."""
    cards_listing: str
    """The heading of `devs`, the cards a player holds; `{colour}`."""
    monopoly: str
    """A monopoly's take from one player; `{colour}`, `{count}`, `{resource}`, `{victim}`."""
    monopoly_none: str
    """A monopoly on a resource nobody else holds; `{resource}`."""
    point: str
    """A vp card played; `{colour}`."""
    bank_help: str = "trade-bank <give> <take>\n"
    """What `help` adds with bank trades (house-rules.md ruling 2)."""
    cards_help: str = "buy-dev\ndevs\nplay-dev <card>\nplay-dev monopoly <resource>\n"
    """What `help` adds with development cards (house-rules.md ruling 2)."""
    bought: str = "You bought a {card} card.\n"
    """What `buy-dev` says it gave; `{card}`."""
    listed_card: str = "{count} {card}\n"
    """One kind of card under `cards_listing`."""
    no_card: str = "You do not have that card.\n"
    card_played: str = "You have already played a card this turn.\n"
    card_bought: str = "You cannot play a card on the turn you bought it.\n"


class Vocabulary(msgspec.Struct, frozen=True, kw_only=True):
    """The edition's nouns, for messages beyond the spec's (file errors, journal listings)."""

    player: str
    """`student`"""
    criterion: str
    """A corner of the board: `criterion`."""
    criteria: str
    """Corners, in the plural: `criteria`."""
    goal: str
    """An edge of the board: `goal`."""
    goals: str
    """Edges, in the plural: `goals`."""
    level: str
    """What a criterion's level measures: `completion`."""
    levels: tuple[str, str, str]
    """What a criterion holds at levels 1, 2 and 3: `Assignment`, `Midterm`, `Exam`."""
    claimed_criterion: str
    """The verb for claiming a criterion, in the past tense: `completed`."""
    claimed_goal: str
    """The verb for claiming a goal, in the past tense: `achieved`."""
    point: str
    """One of what a player's score counts: `course criterion` (a count of 1 is singular)."""
    points: str
    """What a player's score counts, as the status line names it: `course criteria`."""
    card: str
    """One of the house rules' development cards: `development card`."""
    cards: str
    """The house rules' development cards, in the plural: `development cards`."""


class Edition(msgspec.Struct, frozen=True, kw_only=True):
    """One edition of the game, complete."""

    name: str
    """The edition's name on the command line, in journal headers and as its module's name in
    `watan.editions` (checked when it is loaded); journals keep it, so never change it."""
    title: str
    """The game's name as its players know it (`Students of Watan`), for pictures' titles."""
    resources: tuple[str, str, str, str, str, str]
    """How each resource prints, by file code 0-5 (the last produces nothing)."""
    tile_colours: tuple[str, str, str, str, str, str]
    """How each resource's tiles are painted in pictures of the board (`#rrggbb`), by file
    code: pale enough that the players' colours stand out on them."""
    level_codes: tuple[str, str, str]
    """Levels 1-3 as the save file and the listing write them."""
    level_initials: tuple[str, str, str]
    """Levels 1-3 as the board shows them after the owner's initial."""
    goal_initial: str
    """What the board shows after the owner's initial on a claimed goal."""
    save_marks: tuple[str, str]
    """The save file's markers before a player's goals and before their criteria."""
    rules: Rules
    """The rules a new game of this edition plays (house rules change them when asked).  A
    journal records them whole, so changing them here changes new games only."""
    format_1_rules: Rules | None
    """The rules this edition's games were played by when journals were of format 1, which
    named the edition and not its rules: reading such a journal fills these in.  Never
    change them; None for an edition that came after format 1."""
    board_every_turn: bool
    """Whether the board is printed at the start of every turn, before the turn's header."""
    backup_during_setup: bool
    """Whether end of input during setup saves `backup.sv` (with `curTurn` 0); a save file of
    such an edition can hold setup, so `watan export` writes one at a setup step too."""
    backup_when_over: bool
    """Whether end of input at `play again` saves `backup.sv`."""
    default_board: str | None
    """A board file read when no board is chosen; a random board when it does not exist."""
    words: CommandWords
    text: Text
    vocabulary: Vocabulary
