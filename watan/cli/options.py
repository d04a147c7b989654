"""The options of `watan play`, described once for both readers of the command line.

`watan.cli.launch` reads a plain play command line from this table without
importing click; `watan.cli.app` gives click's `play` command the same
options.  The exit statuses every command shares are here too.
"""

from __future__ import annotations

from watan.players import DEFAULT_STRATEGY, STRATEGIES


class PlayOption:
    """One option of `watan play`, described once for both readers of the command line.

    A plain class: this table is read before anything else starts, so it costs no more
    than it must (a `NamedTuple` class is built at import).
    """

    __slots__ = ("file", "flag", "flags", "help", "metavar", "name", "number", "repeated")

    def __init__(
        self,
        name: str,
        flags: tuple[str, ...],
        metavar: str,
        help: str,
        *,
        number: bool = False,
        flag: bool = False,
        repeated: bool = False,
        file: bool = False,
    ) -> None:
        self.name, self.flags, self.metavar, self.help = name, flags, metavar, help
        self.number = number
        self.flag = flag
        """Takes no value: present or not."""
        self.repeated = repeated
        """May be given more than once; every value is kept, in order."""
        self.file = file
        """Names a file (shells complete it as one)."""


PLAY_OPTIONS = (
    PlayOption("seed", ("-seed", "--seed"), "N", "Seed the random generator.", number=True),
    PlayOption(
        "load", ("-load", "--load"), "FILE", "Continue the game saved in FILE.", file=True
    ),
    PlayOption("board", ("-board", "--board"), "FILE", "Play on the board in FILE.", file=True),
    PlayOption(
        "random_board",
        ("-random-board", "--random-board"),
        "",
        "Play on a random board, even where the edition has a default board file.",
        flag=True,
    ),
    PlayOption(
        "edition",
        ("--edition",),
        "NAME",
        "Play this edition of the game, watan or constructor (default: the program's own).",
    ),
    PlayOption(
        "house_rules",
        ("--house-rules",),
        "NAME[,NAME...]",
        "Play with house rules: bank-trade (4 of one resource for 1 from the bank), dev-cards "
        "(buy-dev, devs, play-dev), seven-over-7 (a 7 takes half from holders of 8 or more), "
        "geese-start-on-park, or standard for all four.",
        repeated=True,
    ),
    PlayOption(
        "journal",
        ("--journal",),
        "PATH",
        "Write the game's journal to PATH (default: a new file in the journal folder, "
        "$WATAN_JOURNALS, else ~/.local/share/watan/journals; `watan games` lists them).",
        file=True,
    ),
    PlayOption(
        "resume",
        ("--resume",),
        "JOURNAL",
        "Continue the game in JOURNAL from where it stands (its computers keep their seats).",
        file=True,
    ),
    PlayOption(
        "computer",
        ("--computer",),
        "COLOUR[=STRATEGY]",
        "Let a computer play COLOUR, with STRATEGY: "
        + "; ".join(f"{name} ({built.words}; {built.rating})" for name, built in STRATEGIES.items())
        + f". Default {DEFAULT_STRATEGY}. Or an installed strategy's name, or "
        "package.module:Factory for your own. Repeat for more seats; four is a game to watch.",
        repeated=True,
    ),
    PlayOption(
        "think",
        ("--think",),
        "SECONDS",
        "Let searching computers (master) think about this long over a move: a budget of "
        "moves played out, the same on any machine (default two thirds of a second).",
    ),
    PlayOption(
        "pace",
        ("--pace",),
        "SECONDS",
        "Pause this long before each computer command so that you can follow it; Enter "
        "goes on at once (default 0.4 when standard output is a terminal, else 0).",
    ),
    PlayOption(
        "human",
        ("--human",),
        "COLOUR",
        "Let a person at the terminal play COLOUR (a resumed game's computer seat, say).",
        repeated=True,
    ),
    PlayOption(
        "allow_computers",
        ("--allow-computers",),
        "",
        "Let people hand their seats to computers during play ('computer [STRATEGY]', "
        "'human COLOUR'), as any game with --computer does.",
        flag=True,
    ),
    PlayOption(
        "join",
        ("--join",),
        "LINK",
        "Play the seat of a served game whose link (from `watan serve`) is LINK, from this "
        "terminal; a spectator's link shows the game without playing.",
    ),
    PlayOption(
        "hints",
        ("--hints",),
        "",
        "Say on standard error what the spec leaves unsaid, and the builds you can afford, "
        "even when standard input is not a terminal (at a terminal, all but the builds are "
        "said anyway).",
        flag=True,
    ),
    PlayOption(
        "no_hints",
        ("--no-hints",),
        "",
        "Say nothing beyond the spec's lines, even at a terminal.",
        flag=True,
    ),
)
"""The spec's options (§5: any order, single dash; Constructor's -random-board), the edition,
the journal's, and who plays each seat."""

EXIT_BAD_FILE = 2
