"""The spec's two text formats, each as a parse/format pair.

A board file (spec §5 `-board`) is 19 resource/value pairs.  A save file
(spec §3.7) is the current turn, four student lines, the board and the
geese.  Parsing is strict about what the spec fixes and says exactly what
is wrong and where; formatting writes the canonical form (one space between
fields, no trailing space, a newline after every line, RULINGS 28).

Files that test harnesses and players really hand the program are read with
a note rather than refused, where what they mean is plain (`read_save`,
`read_board`): criteria side by side in a save, a colour naming the turn, a
board file ending with the geese's tile, a whole save file given as a board.
"""

from __future__ import annotations

from typing import Generic, NamedTuple, TypeVar

from msgspec.structs import replace

from replay.edges.reading import BadFile
from watan.editions.model import Edition
from watan.engine.layout import NETFLIX_VALUE, Board, tile
from watan.engine.resources import Resource
from watan.engine.snapshot import MOST_COUNT, NO_GEESE, Position, SavedGame, SavedStudent
from watan.engine.state import COLOURS, Game, Phase, saved_game
from watan.engine.topology import (
    CRITERION_COUNT,
    CRITERION_NEIGHBOURS,
    GOAL_COUNT,
    TILE_COUNT,
    CriterionId,
    GoalId,
    is_criterion,
    is_goal,
    is_tile,
)
from watan.files.extension import (
    BadExtension,
    format_extension,
    read_extension,
    starts_extension,
)
from watan.text.integers import integer

T = TypeVar("T")


class Read(NamedTuple, Generic[T]):
    """What a file holds, and the notes for standard error about how it was read.

    A note says what was accepted that the spec does not quite write, naming the file and
    the line: the file is used as the note says.
    """

    value: T
    notes: tuple[str, ...] = ()


class _Numbers:
    """The whitespace-separated fields of part of a file, read one at a time."""

    def __init__(self, name: str, fields: list[tuple[int, str]]) -> None:
        self.name = name
        self.fields = fields
        self.at = 0

    def __len__(self) -> int:
        return len(self.fields) - self.at

    def take(self, what: str) -> int:
        """Return the next field as an integer, or fail naming it `what`."""
        if self.at >= len(self.fields):
            raise BadFile(self.name, f"missing {what}", self.fields[-1][0] if self.fields else None)
        line, field = self.fields[self.at]
        value = integer(field)
        if value is None:
            raise BadFile(self.name, f"{what}: {_shortened(field)!r} is not a whole number", line)
        if len(field.lstrip("-").lstrip("0")) > _MOST_DIGITS:
            raise BadFile(self.name, f"{what}: {_shortened(field)} is far too large", line)
        self.at += 1
        return value


_MOST_DIGITS = len(str(MOST_COUNT))
"""No number in these files needs more digits: ids and values are small, and no count
passes `MOST_COUNT`."""


def _shortened(field: str) -> str:
    """Return a field short enough to quote in a one-line message."""
    return field if len(field) <= 20 else f"{field[:20]}..."


def _fields(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    return [(n, field) for n, text in lines for field in text.split()]


def _numbered_lines(text: str) -> list[tuple[int, str]]:
    """Return (line number, text) for each line, trailing blank lines dropped."""
    lines = list(enumerate(text.splitlines(), start=1))
    while lines and not lines[-1][1].strip():
        lines.pop()
    return lines


def _read_board(numbers: _Numbers) -> Board:
    """Read 19 resource/value pairs (spec §3.7 `<board>`)."""
    tiles = []
    for tile_id in range(TILE_COUNT):
        code = numbers.take(f"tile {tile_id} resource")
        if not 0 <= code <= Resource.NETFLIX:
            raise BadFile(
                numbers.name,
                f"tile {tile_id}: resource code {code} is not 0-5",
                numbers.fields[numbers.at - 1][0],
            )
        value = numbers.take(f"tile {tile_id} value")
        if code != Resource.NETFLIX and not 2 <= value <= 12:
            raise BadFile(
                numbers.name,
                f"tile {tile_id}: value {value} is not 2-12",
                numbers.fields[numbers.at - 1][0],
            )
        tiles.append(tile(Resource(code), value))
    return tuple(tiles)


def parse_board(text: str, name: str, edition: Edition) -> Board:
    """Return the board a board file of `edition` describes (spec §5 `-board`): `read_board`'s
    board."""
    return read_board(text, name, edition).value


def read_board(text: str, name: str, edition: Edition) -> Read[Board]:
    """Return the board a board file describes (spec §5 `-board`), and notes.

    Any 19 valid pairs are accepted: the mix of resources need not match a
    random board's (spec §5).  A NETFLIX tile's value is ignored (RULINGS 31).
    A 39th number, the geese's tile as a save file's last line holds it, is
    left out with a note: a new game's geese start off the board (RULINGS
    8).  A whole save file of `edition` is read for its board, with a note
    (spec §5: the board file is "as described in the saving the game
    function").
    """
    fields = _fields(_numbered_lines(text))
    if not fields:
        raise BadFile(name, "the file is empty; expected 19 resource/value pairs")
    if len(fields) not in (2 * TILE_COUNT, 2 * TILE_COUNT + 1) and _is_save(text, edition):
        saved = parse_save(text, name, edition)
        board_line = _numbered_lines(text)[5][0]
        note = f"{name}: is a save file: its board (line {board_line}) is played, the rest left out"
        return Read(saved.board, (note,))
    numbers = _Numbers(name, fields)
    if len(fields) not in (2 * TILE_COUNT, 2 * TILE_COUNT + 1):
        raise BadFile(
            name, f"expected 19 resource/value pairs (38 numbers), found {len(fields)} numbers"
        )
    board = _read_board(numbers)
    if len(fields) == 2 * TILE_COUNT:
        return Read(board)
    line = fields[-1][0]
    geese = numbers.take("the 39th number")
    if not (geese == NO_GEESE or is_tile(geese)):
        raise BadFile(
            name, f"the 39th number, {geese}, is not a tile for the geese (0-18, or -1)", line
        )
    note = (
        f"{name}: line {line}: the 39th number, {geese}, is the geese's tile as a save file "
        "writes it; left out, as a new game's geese start off the board"
    )
    return Read(board, (note,))


def _is_save(text: str, edition: Edition) -> bool:
    """Return whether a file is laid out as a save file of `edition`: the turn alone on its
    first line, then a student's line with both of the edition's markers."""
    lines = _numbered_lines(text)
    if len(lines) < 2 or len(lines[0][1].split()) != 1:
        return False
    return set(edition.save_marks) <= set(lines[1][1].split())


def format_board(board: Board) -> str:
    """Return a board as one line of resource/value pairs, NETFLIX with 7 (spec §3.7)."""
    return " ".join(
        f"{t.resource.value} {NETFLIX_VALUE if t.resource is Resource.NETFLIX else t.value}"
        for t in board
    ) + "\n"


def _read_student(
    name: str, line: int, text: str, colour: str, edition: Edition
) -> SavedStudent:
    """Read one student's line: resources, goals after the first mark, then place/level pairs."""
    goals_mark, criteria_mark = edition.save_marks
    words = edition.vocabulary
    codes = _either(edition.level_codes)
    fields = text.split()
    if goals_mark not in fields or criteria_mark not in fields:
        raise BadFile(
            name, f"{colour}'s line needs the markers '{goals_mark}' and '{criteria_mark}'", line
        )
    g, c = fields.index(goals_mark), fields.index(criteria_mark)
    if g != 5 or c < g:
        raise BadFile(
            name, f"{colour}'s line must start with 5 resource counts, then '{goals_mark}'", line
        )
    resources = _Numbers(name, [(line, f) for f in fields[:5]])
    counts = [resources.take(f"{colour}'s {edition.resources[r]} count") for r in range(5)]
    if any(n < 0 for n in counts):
        raise BadFile(name, f"{colour} has a negative resource count", line)
    goal_fields = _Numbers(name, [(line, f) for f in fields[g + 1 : c]])
    goals = [goal_fields.take(f"{colour}'s {words.goal}") for _ in range(len(goal_fields))]
    for goal in goals:
        if not is_goal(goal):
            raise BadFile(
                name, f"{words.goal} {goal} is not on the board (0-{GOAL_COUNT - 1})", line
            )
    pair_fields = _Numbers(name, [(line, f) for f in fields[c + 1 :]])
    if len(pair_fields) % 2:
        raise BadFile(
            name,
            f"{colour}'s {words.criteria} must come in {words.criterion}/level pairs",
            line,
        )
    criteria = []
    while len(pair_fields):
        criterion = pair_fields.take(f"{colour}'s {words.criterion}")
        if not is_criterion(criterion):
            raise BadFile(
                name,
                f"{words.criterion} {criterion} is not on the board (0-{CRITERION_COUNT - 1})",
                line,
            )
        level = _level(pair_fields, f"{colour}'s {words.level} level", edition)
        if level is None:
            field = pair_fields.fields[pair_fields.at - 1][1]
            raise BadFile(
                name, f"{words.criterion} {criterion}: {words.level} {field} is not {codes}", line
            )
        criteria.append((CriterionId(criterion), level))
    return SavedStudent(
        resources=(counts[0], counts[1], counts[2], counts[3], counts[4]),
        goals=tuple(GoalId(goal) for goal in goals),
        criteria=tuple(criteria),
    )


def _level(numbers: _Numbers, what: str, edition: Edition) -> int | None:
    """Return the level 1-3 that the next field's code names, or None for another code.

    Numeric codes are read as integers (so `01` is level 1, and a word is not
    a whole number); other codes must match exactly.
    """
    codes = edition.level_codes
    if all(code.isdigit() for code in codes):
        code = str(numbers.take(what))
    else:
        code = numbers.fields[numbers.at][1]
        numbers.at += 1
    return codes.index(code) + 1 if code in codes else None


def _either(codes: tuple[str, ...]) -> str:
    """Return the codes as a message lists them: `1-3`, or `B, H or T`."""
    if all(code.isdigit() for code in codes):
        return f"{codes[0]}-{codes[-1]}"
    return f"{', '.join(codes[:-1])} or {codes[-1]}"


def _twice(kind: str, number: int, first: int, line: int) -> str:
    if first == line:
        return f"{kind} {number} is listed twice"
    return f"{kind} {number} is also owned on line {first}"


def _check_exclusive(
    name: str, students: list[tuple[int, SavedStudent]], edition: Edition
) -> tuple[str, ...]:
    """Refuse a criterion or goal owned twice; return a note for each criterion next to one
    listed before it.

    No game can reach either (spec §2.4.1, §2.6, §3.1).  A place owned twice
    cannot even be shown, but criteria side by side can be played on: the
    spec lets a loaded file be assumed saved from a valid game, and hand-made
    files for test harnesses hold such positions, so they load as written.
    """
    words = edition.vocabulary
    criteria: dict[int, int] = {}
    goals: dict[int, int] = {}
    for line, student in students:
        for criterion, _ in student.criteria:
            if criterion in criteria:
                twice = _twice(words.criterion, criterion, criteria[criterion], line)
                raise BadFile(name, twice, line)
            criteria[criterion] = line
        for goal in student.goals:
            if goal in goals:
                raise BadFile(name, _twice(words.goal, goal, goals[goal], line), line)
            goals[goal] = line
    pairs = []
    listed: set[int] = set()
    for place, line in criteria.items():  # in file order
        pairs += [(line, place, n) for n in CRITERION_NEIGHBOURS[place] if n in listed]
        listed.add(place)
    if not pairs:
        return ()
    line, place, neighbour = pairs[0]
    others = len(pairs) - 1
    more = f" (and {others} more such pair{'s' if others > 1 else ''})" if others else ""
    return (
        f"{name}: line {line}: {words.criterion} {place} is next to {words.criterion} "
        f"{neighbour}{more}, which no game allows; loaded as written",
    )


def parse_save(text: str, name: str, edition: Edition) -> SavedGame:
    """Return the game a save file of `edition` describes (spec §3.7): `read_save`'s game."""
    return read_save(text, name, edition).value


def read_save(text: str, name: str, edition: Edition) -> Read[SavedGame]:
    """Return the game a save file of `edition` describes (spec §3.7), and notes.

    The geese line may be missing or -1 when the geese are off the board
    (RULINGS 8).  The current turn may be a colour's name in any letter case
    (`BLUE`), which neither spec rules out, with a note; criteria side by side
    load as written, with a note (`_check_exclusive`).  A game with house rules
    follows the geese line with the extension (`watan.files.extension`).
    """
    lines = _numbered_lines(text)
    if not lines:
        raise BadFile(name, "the file is empty")
    for number, content in lines:
        if not content.strip():
            raise BadFile(name, "unexpected blank line", number)
    if len(lines) < 6:
        raise BadFile(
            name,
            f"expected at least 6 lines (turn, 4 {edition.vocabulary.player}s, board), "
            f"found {len(lines)}",
        )
    if len(lines) > 7 and not starts_extension(lines[7][1]):
        raise BadFile(name, "unexpected text after the geese line", lines[7][0])
    turn, notes = _turn(name, lines[0])
    students = [
        (number, _read_student(name, number, content, colour.title, edition))
        for colour, (number, content) in zip(COLOURS, lines[1:5], strict=True)
    ]
    notes += _check_exclusive(name, students, edition)
    board_numbers = _Numbers(name, _fields([lines[5]]))
    if len(board_numbers) != 2 * TILE_COUNT:
        raise BadFile(
            name,
            f"the board needs 19 resource/value pairs (38 numbers), found {len(board_numbers)}",
            lines[5][0],
        )
    board = _read_board(board_numbers)
    geese = NO_GEESE
    if len(lines) >= 7:
        geese_line, geese_text = lines[6]
        geese = _Numbers(name, _fields([lines[6]])).take("geese tile")
        if len(geese_text.split()) != 1 or not (geese == NO_GEESE or is_tile(geese)):
            raise BadFile(name, "the geese must be one tile number 0-18, or -1", geese_line)
    saved = SavedGame(
        position=Position(turn=turn, students=tuple(s for _, s in students), geese=geese),
        board=board,
    )
    if len(lines) > 7:
        saved = _extended(name, saved, lines[7:])
    return Read(saved, notes)


def _extended(name: str, saved: SavedGame, lines: list[tuple[int, str]]) -> SavedGame:
    """Return the saved game with what its extension adds (house-rules.md ruling 9)."""
    try:
        extension = read_extension(lines, [colour.title for colour in COLOURS])
    except BadExtension as bad:
        raise BadFile(name, bad.problem, bad.line) from None
    position = saved.position
    if extension.hands is not None:
        students = tuple(
            replace(student, cards=cards, played_points=points)
            for student, (cards, points) in zip(position.students, extension.hands, strict=True)
        )
        position = replace(position, students=students, card_played=extension.card_played)
    return replace(saved, position=position, house_rules=extension.house_rules, deck=extension.deck)


def _turn(name: str, line: tuple[int, str]) -> tuple[int, tuple[str, ...]]:
    """Return the current turn on the save file's first line, and a note if it was a name."""
    number, text = line
    words = text.split()
    if len(words) == 1:
        named = [colour for colour in COLOURS if colour.title.lower() == words[0].lower()]
        if named:
            note = (
                f"{name}: line {number}: the current turn {_shortened(words[0])!r} is read as "
                f"{named[0].title}, student {named[0].value}"
            )
            return named[0].value, (note,)
    turn = _Numbers(name, _fields([line])).take("current turn")
    if len(words) != 1 or not 0 <= turn < len(COLOURS):
        raise BadFile(name, "the current turn must be one number from 0 to 3", number)
    return turn, ()


def _student_line(student: SavedStudent, edition: Edition) -> str:
    goals_mark, criteria_mark = edition.save_marks
    fields: list[object] = [*student.resources, goals_mark, *student.goals, criteria_mark]
    for criterion, level in student.criteria:
        fields += [criterion, edition.level_codes[level - 1]]
    return " ".join(map(str, fields)) + "\n"


def format_save(saved: SavedGame, edition: Edition) -> str:
    """Return a save file's text in `edition`'s format (spec §3.7), geese -1 when off the board,
    then the extension of a game with house rules (none otherwise)."""
    position = saved.position
    students = "".join(_student_line(s, edition) for s in position.students)
    extension = format_extension(
        saved.house_rules, position.students, saved.deck, position.card_played
    )
    return f"{position.turn}\n{students}{format_board(saved.board)}{position.geese}\n{extension}"


class SetupHasNoSave(Exception):
    """A save file cannot hold a game whose initial placements are not all made.

    An edition that backs up during setup (Constructor) saves one anyway, as its
    `backup.sv` would (RULINGS-constructor 12).
    """


def save_text(game: Game, edition: Edition) -> str:
    """Return the save file of `edition` for this moment of a game (spec §3.7); raises
    SetupHasNoSave during setup, unless the edition backs up then."""
    if game.phase is Phase.SETUP and not edition.backup_during_setup:
        raise SetupHasNoSave
    return format_save(saved_game(game), edition)


def looks_like_save(text: str) -> bool:
    """Return whether a file is a save file rather than a board file.

    A save file's first line is the current turn alone.  A board file holds
    its pairs on one line, or exactly 19 pairs laid out any other way (one
    number per line, say), perhaps followed by the geese's tile.  An empty
    file is taken for a board, whose error says what one should hold.
    """
    fields = text.split()
    lines = _numbered_lines(text)
    board = len(fields) in (2 * TILE_COUNT, 2 * TILE_COUNT + 1)
    return bool(lines) and len(lines[0][1].split()) == 1 and not board
