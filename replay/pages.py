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


class Mark(msgspec.Struct, frozen=True):
    """A marked move on the graph: its step, who played it, the mark, and why (its title)."""

    step: int
    player: str
    mark: str
    title: str


class Chances(msgspec.Struct, frozen=True):
    """A win-chance graph under the controls (`page/chances.js`): the players' names and
    colours in seat order, each decision's step and chances in percent by name, and the
    marked moves."""

    names: tuple[str, ...]
    colours: tuple[str, ...]
    points: tuple[tuple[int, dict[str, float]], ...]
    marks: tuple[Mark, ...] = ()


class _Data(msgspec.Struct, frozen=True, omit_defaults=True):
    steps: Sequence[Step]
    opening: int
    chances: Chances | None = None


GRAPH = """
if (data.chances) {
  const graph = document.getElementById("graph");
  graph.hidden = false;
  const move = window.replayChances(graph, Object.assign({ last, show }, data.chances));
  listeners.push(move);
}
"""
"""What draws the graph, when the page has one: in the page's script, before the first step."""


def page(
    program: str,
    title: str,
    about: str,
    steps: Sequence[Step],
    opening: int = 0,
    *,
    chances: Chances | None = None,
) -> str:
    """Return the whole page: `title` and `about` at the top, then the steps, opening at
    step `opening` unless the page's address asks for another; with `chances`, their graph
    under the controls, following the step and choosing one when clicked."""
    data = msgspec.json.encode(_Data(steps, opening, chances)).decode()
    # In a script element, only `</` could end it early; `<\/` reads the same in JSON.
    data = data.replace("</", "<\\/")
    template = _asset("stepper.html")
    return Template(template).substitute(
        program=html.escape(program),
        title=html.escape(title),
        about=html.escape(about),
        last=str(len(steps) - 1),
        data=data,
        graph="" if chances is None else _asset("chances.js") + GRAPH,
    )


def _asset(name: str) -> str:
    return (resources.files("replay") / "page" / name).read_text(encoding="utf-8")
