"""The players at a terminal: a person typing, and a computer whose typing is shown.

Both go through the same dialogue (`watan.terminal.session`), line by line,
so a computer's move prints exactly what the same lines typed by a person
would print; the only difference is that a computer's line is shown right
after the prompt (`> complete 20`), since nobody typed it.  A person's lines
come from wherever `lines` reads them: the keyboard, or a test's script.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from watan.editions.model import Edition
from watan.engine.commands import AnyCommand, Move, Offer, Trade
from watan.engine.decide import Refusal
from watan.engine.state import Game
from watan.players.plugins import Guarded
from watan.players.table import StrategyError
from watan.terminal.hinter import Hinter
from watan.terminal.session import (
    Outcome,
    PlayAgain,
    Quit,
    Ready,
    Session,
    asking,
    prompt,
    respond,
)
from watan.text import hints, wording
from watan.text.notation import SaveTo, Seating, Suggest, format

Write = Callable[[str], object]
Lines = Callable[[Session], str | None]
"""Where a person's next line comes from, given the question asked; None at end of input."""
Save = Callable[[Game, str], None]
Suggester = Callable[[Game], object]
"""Says the engine's move for the student to move (`suggest`), on standard error."""


class InputEnded(Exception):
    """The person at the terminal closed the input (end of file, spec §4.5)."""


def converse(
    session: Session,
    lines: Lines,
    write: Write,
    save: Save,
    *,
    shown: bool,
    hint: Write | None = None,
    suggest: Suggester | None = None,
) -> Outcome:
    """Return how the dialogue ends: a whole command, or the answer to `play again`.

    Each question is printed with its prompt, then the line is read (and
    printed when `shown`: nobody typed it), then what it prints, then what
    `hint` is told beyond it (why a build was refused).  `save` lines are
    carried out on the way (spec §4.3), and so is `suggest` where the dialogue reads it.
    Raises InputEnded.
    """
    while True:
        write(prompt(session))
        line = lines(session)
        if line is None:
            raise InputEnded
        if shown:
            write(f"{line}\n")
        reply = respond(session, line)
        write(reply.output)
        if hint is not None:
            hint(reply.hint)
        match reply.outcome:
            case Ready() | PlayAgain() | Quit():
                return reply.outcome
            case SaveTo(path=path):
                save(session.game, path)
            case Suggest() if suggest is not None:
                suggest(session.game)
            case Suggest() | None:
                pass
        session = reply.session


class AtTerminal:
    """A person at the terminal (or a script typing for one), answering every question.

    With a `hinter`, the person is also told on standard error what the spec
    leaves unsaid (`watan.terminal.hinter`); with `suggest`, the word `suggest` asks it
    for the engine's move when a command is asked for.
    """

    def __init__(
        self,
        lines: Lines,
        write: Write,
        save: Save,
        edition: Edition,
        seating: Seating | None = None,
        *,
        hinter: Hinter | None = None,
        suggest: Suggester | None = None,
    ) -> None:
        self._lines, self._write, self._save = lines, write, save
        self._edition, self._seating = edition, seating
        self._hinter, self._suggest = hinter, suggest

    def move(self, game: Game) -> Move:
        if self._hinter is not None:
            self._hinter.asked(game)
        session = Session(
            game=game,
            edition=self._edition,
            seating=self._seating,
            suggests=self._suggest is not None,
        )
        return _whole(self._talk(session)).move

    def answer(self, game: Game, offer: Offer) -> bool:
        trade = _whole(self._talk(asking(game, self._edition, offer))).move
        return isinstance(trade, Trade) and trade.accepted

    def refused(self, game: Game, command: AnyCommand, refusal: Refusal) -> None:
        self._write(wording.refusal_line(self._edition.text, refusal))
        if self._hinter is not None:
            self._hinter.say(hints.refused(game, self._edition, command, refusal, ""))

    def play_again(self, game: Game) -> bool:
        """Return the answer to `Would you like to play again?` (spec §4.4)."""
        return isinstance(self._talk(Session(game=game, edition=self._edition)), PlayAgain)

    def _talk(self, session: Session) -> Outcome:
        hint = None if self._hinter is None else self._hinter.say
        return converse(
            session,
            self._lines,
            self._write,
            self._save,
            shown=False,
            hint=hint,
            suggest=self._suggest,
        )


class Shown:
    """A computer strategy at the terminal: each line it types is shown after the prompt.

    `pause` is called before each command, so that a person can follow (`--pace`).
    """

    def __init__(
        self,
        strategy: Guarded,
        write: Write,
        edition: Edition,
        pause: Callable[[], object] | None = None,
    ) -> None:
        self.strategy, self._write, self._edition = strategy, write, edition
        self._pause = pause

    def move(self, game: Game) -> Move:
        if self._pause is not None:
            self._pause()
        chosen = self.strategy.move(game)
        session = Session(game=game, edition=self._edition)
        return self._type(session, format(chosen, game, self._edition), chosen)

    def answer(self, game: Game, offer: Offer) -> bool:
        if self._pause is not None:
            self._pause()
        trade = offer.answered(self.strategy.answer(game, offer))
        lines = format(trade, game, self._edition)[-1:]
        typed = self._type(asking(game, self._edition, offer), lines, trade)
        return isinstance(typed, Trade) and typed.accepted

    def refused(self, game: Game, command: AnyCommand, refusal: Refusal) -> None:
        self._write(wording.refusal_line(self._edition.text, refusal))
        self.strategy.refused(game, command, refusal)

    def _type(self, session: Session, lines: tuple[str, ...], chosen: Move) -> Move:
        """Type `lines` into the dialogue; return the move they give, which must be `chosen`."""
        typing: Iterator[str] = iter(lines)
        outcome = converse(
            session, lambda _: next(typing, None), self._write, _never_saves, shown=True
        )
        given = _whole(outcome).move
        if given != chosen:
            name = self.strategy.name
            raise StrategyError(f"the {name} strategy's lines gave {given!r}, not {chosen!r}")
        return given


def _whole(outcome: Outcome) -> Ready:
    if not isinstance(outcome, Ready):
        raise StrategyError(f"a turn's dialogue ended with {outcome!r}")
    return outcome


def _never_saves(game: Game, path: str) -> None:
    raise StrategyError(f"a computer asked to save to {path!r}")
