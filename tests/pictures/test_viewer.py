"""The replay page as a file: self-contained, its data the journal's, its fragments the
picture's, and small (the browser tests are in test_viewer_browser.py)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import msgspec
import pytest

from benchmarks.bench_replay import long_journal
from replay import fold
from tests.conftest import read_journal
from tests.recording import JOURNALS
from watan.editions import edition
from watan.engine.events import AnyEvent, GameStarted
from watan.engine.evolve import apply, start
from watan.engine.rules import with_house_rules
from watan.pictures import svg
from watan.pictures.figures import figures
from watan.pictures.viewer import PageData, counted, live_page, page, page_data
from watan.text.describe import describe

SEVENS = JOURNALS / "sevens-and-steals" / "journal.jsonl"


class Parts(HTMLParser):
    """The tags and attributes of a page, and the text of its data script."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.data = ""
        self._in_data = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_data = dict(attrs).get("id") == "watan-data"

    def handle_endtag(self, tag: str) -> None:
        self._in_data = False

    def handle_data(self, data: str) -> None:
        if self._in_data:
            self.data += data


def parts(journal: Path) -> Parts:
    recorded = read_journal(str(journal))
    found = Parts()
    found.feed(page(recorded.header, recorded.events, journal.name))
    return found


def test_the_page_fetches_nothing_and_forbids_fetching() -> None:
    found = parts(SEVENS)
    fetching = [
        (tag, name) for tag, attrs in found.tags for name in ("src", "href") if name in attrs
    ]
    assert fetching == []
    assert [tag for tag, _ in found.tags if tag in ("link", "iframe", "img", "object")] == []
    policy = [
        a["content"] for _, a in found.tags if a.get("http-equiv") == "Content-Security-Policy"
    ]
    assert policy == [
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"
    ]


def test_the_page_data_replays_to_the_journals_last_step() -> None:
    # What the page holds, read back from the page itself: each step's words are the event's,
    # and step 0 with every change applied is the game the journal folds to.
    recorded = read_journal(str(SEVENS))
    data = msgspec.json.decode(parts(SEVENS).data, type=PageData)
    played = edition(recorded.header.edition)
    assert [change.event for change in data.changes] == [
        describe(event, played) for event in recorded.events
    ]
    owner = list(data.beginning.criterion_owner)
    level = list(data.beginning.criterion_level)
    goals = list(data.beginning.goal_owner)
    geese = data.beginning.geese
    held = {h.student: h.resources for h in data.beginning.students}
    for change in data.changes:
        for criterion, who, at in change.criteria:
            owner[criterion], level[criterion] = who, at
        for goal, who in change.goals:
            goals[goal] = who
        geese = change.geese if change.geese is not None else geese
        held.update({h.student: h.resources for h in change.students if h.resources is not None})
    game = fold(apply, start(recorded.header), recorded.events)
    assert (tuple(owner), tuple(level), tuple(goals), geese) == (
        game.criterion_owner, game.criterion_level, game.goal_owner, game.geese
    )
    assert [held[c] for c in range(4)] == [s.resources for s in game.students]


def test_the_page_draws_each_place_with_the_fragments_of_the_picture() -> None:
    recorded = read_journal(str(SEVENS))
    game = fold(apply, start(recorded.header), recorded.events)
    fragments = page_data(recorded.header, recorded.events).fragments
    picture = svg.picture(game, edition(recorded.header.edition))
    drawn = dict(re.findall(r'<g class="criterion" data-criterion="(\d+)"[^>]*>(.*)</g>', picture))
    for criterion, inner in drawn.items():
        n = int(criterion)
        owner, level = game.criterion_owner[n], game.criterion_level[n]
        assert fragments.criterion[owner + 1][level].replace("{n}", criterion) == inner
    drawn = dict(re.findall(r'<g class="goal" data-goal="(\d+)"[^>]*>(.*)</g>', picture))
    for goal, inner in drawn.items():
        template = fragments.goal[game.goal_owner[int(goal)] + 1]
        assert template.replace("{n}", goal).replace("{a}", svg.GOAL_ANGLES[int(goal)]) == inner
    drawn = dict(re.findall(r'<g class="tile" data-tile="(\d+)"[^>]*>(.*)</g>', picture))
    for tile, inner in drawn.items():
        assert fragments.tile[int(tile)][int(tile) == game.geese] == inner
    assert len(drawn) == 19


def test_a_2000_event_journal_gives_a_page_under_2_mb(tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    count = long_journal(path, 2000)
    recorded = read_journal(str(path))
    assert len(recorded.events) == count >= 2000
    assert len(page(recorded.header, recorded.events, path.name).encode()) < 2_000_000


@pytest.mark.parametrize("name", ["</script><script>alert(1)</script>.jsonl", "a&b.jsonl"])
def test_a_journal_name_is_shown_as_text(name: str) -> None:
    recorded = read_journal(str(SEVENS))
    found = Parts()
    found.feed(page(recorded.header, recorded.events, name))
    assert [tag for tag, _ in found.tags].count("script") == 2


class Paragraphs(HTMLParser):
    """The text of each paragraph of a page, by its class."""

    def __init__(self) -> None:
        super().__init__()
        self.text: dict[str, str] = {}
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "p":
            self._in = dict(attrs).get("class") or ""
            self.text[self._in] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "p":
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in is not None:
            self.text[self._in] += data


def paragraphs(header: GameStarted, events: tuple[AnyEvent, ...]) -> dict[str, str]:
    found = Paragraphs()
    found.feed(page(header, events, "game.jsonl"))
    return found.text


def test_a_game_with_house_rules_names_them_at_the_top_and_one_without_says_nothing() -> None:
    recorded = read_journal(str(SEVENS))
    assert recorded.header.rules.house_rules == ()
    assert paragraphs(recorded.header, recorded.events)["house-rules"] == ""
    ruled = msgspec.structs.replace(
        recorded.header, rules=with_house_rules(recorded.header.rules, ["bank-trade", "dev-cards"])
    )
    assert paragraphs(ruled, ())["house-rules"] == "House rules: bank-trade, dev-cards"


def test_the_page_counts_its_events_and_steps_in_the_singular_when_there_is_one() -> None:
    recorded = read_journal(str(SEVENS))
    assert paragraphs(recorded.header, ())["about"] == (
        "game.jsonl: game 1, seed 12, from setup; 0 events, 1 step"
    )
    assert paragraphs(recorded.header, recorded.events[:1])["about"].endswith("1 event, 2 steps")
    assert [counted(n, "step") for n in (0, 1, 2)] == ["0 steps", "1 step", "2 steps"]


def test_a_replay_holds_the_game_in_figures_and_a_live_page_does_not() -> None:
    """The figures are the whole journal's: a page of a game still being played would show
    them out of date, so a served game's page leaves them out."""
    read = read_journal(SEVENS)
    header, events = read.header, tuple(read.events)
    replay = page(header, events, "sevens.jsonl")
    figured = msgspec.json.encode(figures(header, events)).decode()
    assert f"window.watanFigures = {figured};\n" in replay
    assert "watanFigures" not in live_page(header, events, "sevens.jsonl")
