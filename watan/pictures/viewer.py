"""A journal as one web page to step through (`watan view`): the board at every step.

The page is a single file with its style, script and data inside it, and a
content security policy that forbids every fetch, so it works the same
from `file://`, from an e-mail attachment or offline.  It holds the board
at step 0 as `watan.pictures.svg` draws it, the fragments that draw each
criterion, goal and tile in every state they can be in, and each step as
the differences its event made (`watan.pictures.steps`); the script puts a
step together from those.
"""

from __future__ import annotations

from importlib import resources
from string import Template

import msgspec

from watan.editions import edition as named
from watan.editions.model import Edition
from watan.engine.events import AnyEvent, GameStarted
from watan.engine.evolve import start
from watan.engine.resources import HELD
from watan.engine.state import COLOURS, NOBODY
from watan.pictures import palette, svg
from watan.pictures.figures import figures
from watan.pictures.steps import Beginning, Change, beginning, changes

LEVELS = (1, 2, 3)


class PagePlayer(msgspec.Struct, frozen=True):
    """A student as the page draws them."""

    name: str
    colour: str
    ink: str


class Fragments(msgspec.Struct, frozen=True):
    """What each kind of place draws, in every state, as the picture writes it.

    `{n}` stands for a place's number and `{a}` for a goal's angle.
    `criterion[owner + 1][level]` (level 0 for a free one), `goal[owner + 1]`,
    and `tile[t]` without and with the geese.
    """

    criterion: tuple[tuple[str, ...], ...]
    goal: tuple[str, ...]
    tile: tuple[tuple[str, str], ...]


class PageWords(msgspec.Struct, frozen=True, omit_defaults=True):
    """The edition's words the page writes beside the board, each count's noun in the
    singular and the plural."""

    criterion: str
    criteria: str
    goal: str
    goals: str
    point: str
    points: str
    card: str | None = None
    cards: str | None = None
    """What the development cards are called, in a game with them (house-rules.md)."""


class PageData(msgspec.Struct, frozen=True, rename="camel"):
    """Everything the page's script reads."""

    players: tuple[PagePlayer, ...]
    resources: tuple[str, ...]
    level_initials: tuple[str, ...]
    levels: tuple[str, ...]
    words: PageWords
    fragments: Fragments
    goal_angles: tuple[str, ...]
    beginning: Beginning
    changes: tuple[Change, ...]
    opening: int = 0
    """The step the page opens at, unless its address asks for another (`#step=N`)."""


def fragments(edition: Edition, header: GameStarted) -> Fragments:
    """Return every fragment the page may need to draw a place, for this edition and board."""
    return Fragments(
        criterion=(
            (svg.criterion_fragment(edition, "{n}", NOBODY, 0),),
            *(
                ("", *(svg.criterion_fragment(edition, "{n}", owner, level) for level in LEVELS))
                for owner in COLOURS
            ),
        ),
        goal=tuple(svg.goal_fragment(edition, "{n}", "{a}", owner) for owner in (NOBODY, *COLOURS)),
        tile=tuple(
            (svg.tile_fragment(edition, n, tile, False), svg.tile_fragment(edition, n, tile, True))
            for n, tile in enumerate(header.board)
        ),
    )


def page_data(header: GameStarted, events: tuple[AnyEvent, ...], opening: int = 0) -> PageData:
    """Return the page's data for a journal: step 0 whole, then each event's changes, and the
    step the page opens at, in the words of the edition the journal names."""
    first = start(header)
    edition = named(header.edition)
    words = edition.vocabulary
    return PageData(
        players=tuple(
            PagePlayer(c.title, palette.STUDENT_COLOURS[c], palette.ink(palette.STUDENT_COLOURS[c]))
            for c in COLOURS
        ),
        resources=tuple(edition.resources[r] for r in HELD),
        level_initials=edition.level_initials,
        levels=words.levels,
        words=PageWords(
            criterion=words.criterion.capitalize(),
            criteria=words.criteria.capitalize(),
            goal=words.goal,
            goals=words.goals,
            point=words.point,
            points=words.points,
            card=words.card if first.rules.cards else None,
            cards=words.cards if first.rules.cards else None,
        ),
        fragments=fragments(edition, header),
        goal_angles=svg.GOAL_ANGLES,
        beginning=beginning(header, first, edition),
        changes=tuple(changes(header, events, edition)),
        opening=opening,
    )


def counted(count: int, noun: str) -> str:
    """Return `count` with `noun`, plural unless the count is one: `1 event`, `2 events`."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _asset(name: str) -> str:
    return (resources.files("watan.pictures") / "page" / name).read_text(encoding="utf-8")


def page(
    header: GameStarted,
    events: tuple[AnyEvent, ...],
    name: str,
    opening: int = 0,
    analysis: str | None = None,
    *,
    in_figures: bool = True,
) -> str:
    """Return the whole page for a journal called `name` (its file name, shown at the top),
    opening at step `opening`; with `analysis` (an analysis of the game as JSON, `watan
    analyze --format json`), its win-chance graph under the board (`page/analysis.js`);
    with `in_figures`, the panel of the game in figures (`page/figures.js`)."""
    game = start(header)
    edition = named(header.edition)
    data = msgspec.json.encode(page_data(header, events, opening)).decode()
    # In a script element, only `</` could end it early; `<\/` reads the same in JSON.
    data = data.replace("</", "<\\/")
    started = "from a saved game" if header.loaded is not None else "from setup"
    about = (
        f"{name}: game {header.game}, seed {header.seed}, {started}; "
        f"{counted(len(events), 'event')}, {counted(len(events) + 1, 'step')}"
    )
    chosen = header.rules.house_rules
    return Template(_asset("viewer.html")).substitute(
        title=svg.escape(f"{edition.title}: a replay"),
        about=svg.escape(about),
        rules=svg.escape(f"House rules: {', '.join(chosen)}") if chosen else "",
        players=svg.escape(f"{edition.vocabulary.player.capitalize()}s"),
        last=str(len(events)),
        board=svg.element(game, edition),
        style=_asset("viewer.css")
        + ("" if analysis is None else _asset("analysis.css"))
        + (_asset("figures.css") if in_figures else ""),
        script=_asset("viewer.js")
        + ("" if analysis is None else _analysis_script(analysis))
        + (_figures_script(header, events) if in_figures else ""),
        data=data,
    )


def _analysis_script(analysis: str) -> str:
    """Return the script that draws an analysis's graph, with the analysis as its data."""
    data = analysis.strip().replace("</", "<\\/")
    chances = (resources.files("replay") / "page" / "chances.js").read_text(encoding="utf-8")
    return f"window.watanAnalysis = {data};\n" + chances + _asset("analysis.js")


def _figures_script(header: GameStarted, events: tuple[AnyEvent, ...]) -> str:
    """Return the script that draws the game in figures, with the figures as its data."""
    data = msgspec.json.encode(figures(header, events)).decode().replace("</", "<\\/")
    return f"window.watanFigures = {data};\n" + _asset("figures.js")


NO_FETCH = "default-src 'none';"
"""The replay page's policy begins so: it may fetch nothing at all."""


def live_page(header: GameStarted, events: tuple[AnyEvent, ...], name: str) -> str:
    """Return the page of a game being played (`watan serve`): the replay page of its events
    so far (without the figures, which would not follow the game), opening at the last,
    which may connect to the server that sent it (and nothing else) and draws each step as
    it comes, with a seat's controls (`page/seat.js`)."""
    replay = page(header, events, name, opening=len(events), in_figures=False)
    live = replay.replace(NO_FETCH, f"{NO_FETCH} connect-src 'self';", 1)
    seat = _asset("seat.js").replace("</", "<\\/")
    live = live.replace("<body>", f"<body>\n<script>\n{TOKEN_KEPT}</script>", 1)
    return live.replace("</body>", f"<script>\n{seat}</script>\n</body>", 1)


TOKEN_KEPT = """"use strict";
// A seat's token arrives after `#`; the viewer soon writes the step there instead, so it is
// kept for this tab (a reload keeps the seat) and the address no longer shows it.
(function () {
  const hash = location.hash.slice(1);
  if (hash && !/^step=/.test(hash)) {
    sessionStorage.setItem(`watan-seat:${location.pathname}`, decodeURIComponent(hash));
  }
})();
"""


GENERATOR = b'<meta name="generator" content="watan view">'
"""The line every page `watan view` writes holds in its head (`page/viewer.html`)."""


def is_page(beginning: bytes) -> bool:
    """Return whether a file that begins with `beginning` is a page `watan view` wrote: the
    only file its default page may replace (a user's own `notes.html` beside `notes.jsonl`
    is kept)."""
    return GENERATOR in beginning[:4096]
