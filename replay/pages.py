"""A journal as one web page to step through, for a game whose moments read as text.

The page is a single file, its style, script and data inside it, and a content security
policy that forbids every fetch, so it works the same from `file://`, attached to an
e-mail or offline.  Each step is the game as the game prints it (`Step.text`) under what
made it (`Step.caption`); buttons, a slider, the arrow keys, Home and End move between
steps, and the address (`#step=N`) keeps the step shown.  Any game can use it: it knows
only captions and text.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from importlib import resources
from string import Template
from typing import TypeVar

import msgspec

from replay.folding import scan
from replay.protocol import Definition

H = TypeVar("H")
E = TypeVar("E")
S = TypeVar("S")


class Step(msgspec.Struct, frozen=True):
    """One step of the page: what made it, and the game after it, as text."""

    caption: str
    text: str


def steps(
    definition: Definition[H, E, S], header: H, events: Sequence[E], shown: Callable[[S], str]
) -> list[Step]:
    """Return a journal's steps: step 0 under the header's words, then each event's step
    under its number and words (as `replay.history.listing` numbers them), each showing
    the game after it as `shown` prints it."""
    definition = definition.for_header(header)
    first = definition.start(header)
    made = [Step(f"0  {definition.describe_start(header)}", shown(first))]
    for number, (event, state) in enumerate(
        zip(events, scan(definition.apply, first, events), strict=True), start=1
    ):
        made.append(Step(f"{number}  {definition.describe(header, event)}", shown(state)))
    return made


class _Data(msgspec.Struct, frozen=True):
    steps: Sequence[Step]
    opening: int


def page(program: str, title: str, about: str, steps: Sequence[Step], opening: int = 0) -> str:
    """Return the whole page: `title` and `about` at the top, then the steps, opening at
    step `opening` unless the page's address asks for another."""
    data = msgspec.json.encode(_Data(steps, opening)).decode()
    # In a script element, only `</` could end it early; `<\/` reads the same in JSON.
    data = data.replace("</", "<\\/")
    template = (resources.files("replay") / "page" / "stepper.html").read_text(encoding="utf-8")
    return Template(template).substitute(
        program=html.escape(program),
        title=html.escape(title),
        about=html.escape(about),
        last=str(len(steps) - 1),
        data=data,
    )
