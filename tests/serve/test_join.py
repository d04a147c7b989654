"""`watan play --join LINK`: one seat of a served game from a terminal, with exactly the
dialogue the spec defines for that student (issue 26, point 2)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.conftest import at_step
from tests.serve.serving import join, play, script, server, watch
from watan.editions import edition
from watan.engine.state import Colour
from watan.match.making import new
from watan.match.options import asked
from watan.serve.join import Finished, Follow, Joined
from watan.serve.wire import Again, Appended, Failed, Welcome
from watan.terminal.console import Streams
from watan.terminal.hinter import Level

pytestmark = pytest.mark.slow  # whole games through a server, in subprocesses

COMPUTERS = ["Red=greedy", "Orange=greedy", "Yellow=greedy"]


@pytest.mark.parametrize(
    ("edition", "house_rules"),
    [("watan", ()), ("constructor", ()), ("watan", ("standard",))],
    ids=["watan", "constructor", "house-rules"],
)
def test_a_game_through_the_server_is_the_game_at_one_terminal_byte_for_byte(
    tmp_path: Path, edition: str, house_rules: tuple[str, ...]
) -> None:
    seed = 11
    lines = script(seed, COMPUTERS, edition_name=edition, house_rules=house_rules)
    options = ["-seed", str(seed), "-random-board", "--edition", edition]
    options += [option for rule in house_rules for option in ("--house-rules", rule)]
    options += [option for computer in COMPUTERS for option in ("--computer", computer)]

    alone = play(options, lines, tmp_path / "alone", tmp_path)
    with server(["--new", *options], tmp_path / "served", tmp_path) as (_, links):
        joined = join(links.seats["Blue"], lines, tmp_path / "served", tmp_path)
        served_journal = Path(links.journal).read_bytes()

    assert alone.returncode == joined.returncode == 0
    (journal,) = (tmp_path / "alone").glob("*.jsonl")
    assert served_journal == journal.read_bytes()
    assert joined.stdout == alone.stdout
    assert "Congratulations" in joined.stdout or "won" in joined.stdout.lower()


def test_a_session_played_again_through_the_server_is_the_session_at_one_terminal(
    tmp_path: Path,
) -> None:
    seed = 11
    lines = script(seed, COMPUTERS, games=2)
    options = ["-seed", str(seed), "-random-board"]
    options += [option for computer in COMPUTERS for option in ("--computer", computer)]

    alone = play(options, lines, tmp_path / "alone", tmp_path)
    with server(["--new", *options], tmp_path / "served", tmp_path) as (_, links):
        watching = watch(links.spectators)
        joined = join(links.seats["Blue"], lines, tmp_path / "served", tmp_path)
        watching.join(60)

    assert alone.returncode == joined.returncode == 0
    here = sorted((tmp_path / "alone").glob("*.jsonl"))
    there = sorted((tmp_path / "served").glob("*.jsonl"))
    assert str(there[0]) == links.journal
    assert [path.read_bytes() for path in there] == [path.read_bytes() for path in here]
    assert len(here) == 2
    assert joined.stdout == alone.stdout
    assert alone.stdout.count("Would you like to play again?") == 2
    assert watching.ended == [0]
    assert watching.client.game == at_step(str(there[1])).state  # it followed to the next game
    assert list((tmp_path / "served").glob("*.seats")) == []  # the session is over


def test_end_of_input_at_a_joined_seat_saves_the_backup_a_terminal_saves(tmp_path: Path) -> None:
    seed = 11
    lines = script(seed, COMPUTERS)[:12]  # the input ends after setup, mid-game (RULINGS 16)
    options = ["-seed", str(seed), "-random-board"]
    options += [option for computer in COMPUTERS for option in ("--computer", computer)]
    here, there = tmp_path / "alone", tmp_path / "joined"
    here.mkdir()
    there.mkdir()

    alone = play(options, lines, tmp_path / "alone-journals", here)
    with server(["--new", *options], tmp_path / "served", tmp_path) as (_, links):
        joined = join(links.seats["Blue"], lines, tmp_path / "served", there)

    assert alone.returncode == joined.returncode == 0
    assert joined.stdout == alone.stdout
    assert (there / "backup.sv").read_bytes() == (here / "backup.sv").read_bytes()


def test_a_computers_fault_on_the_server_is_one_line_on_standard_error_and_status_1() -> None:
    stdout, stderr = io.StringIO(), io.StringIO()
    client = Joined("", Level.OFF, Streams(io.BytesIO(), stdout, stderr, "watan"))
    why = (
        "the greedy strategy playing Red failed while choosing a move: ValueError('x'); "
        "the game stops here, kept in its journal"
    )
    with pytest.raises(Finished):
        client.heard(Failed(why=why))
    assert (stdout.getvalue(), stderr.getvalue(), client.failed) == ("", f"watan: {why}\n", True)


def test_told_of_the_next_game_a_client_forgets_the_one_played_and_follows() -> None:
    match = new(asked(seed=3, edition=edition("watan"), random_board=True))
    seated = match.seat(((Colour.RED, "greedy"),))
    client = Joined("", Level.OFF, Streams(io.BytesIO(), io.StringIO(), io.StringIO(), "watan"))
    client.heard(Welcome(game="one", seat=None, header=match.header, resumed=False))
    client.heard(Appended(first=1, events=seated, silent=True))
    with pytest.raises(Follow) as following:
        client.heard(Again(game="two"))
    assert (str(following.value), client.game, client.count) == ("two", None, 0)


def test_told_the_session_is_over_a_spectator_finishes() -> None:
    client = Joined("", Level.OFF, Streams(io.BytesIO(), io.StringIO(), io.StringIO(), "watan"))
    with pytest.raises(Finished):
        client.heard(Again(game=None))
