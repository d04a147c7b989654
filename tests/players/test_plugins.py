"""Strategies from outside: by reference, installed by name, and guarded against their faults."""

from __future__ import annotations

import base64
import hashlib
import os
import random
import re
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.conftest import ROOT, audit, read_journal
from tests.positions import make_game
from watan.cli.app import main
from watan.engine.commands import AnyCommand, Move, Next, Offer, Roll
from watan.engine.decide import Refusal
from watan.engine.layout import Board
from watan.engine.resources import Resource
from watan.engine.state import Colour, Game, Phase, is_player_name
from watan.players import UnknownStrategy, seated, strategy
from watan.players.plugins import Guarded
from watan.players.table import StrategyError

MARKER = "<!-- the strategy example: tests/players/test_plugins.py installs and plays it -->"
REFERENCE = "tests.players.test_plugins:first_build"


def readme_example() -> str:
    """Return the README's example strategy, as a reader would copy it."""
    text = (ROOT / "README.md").read_text()
    block = text[text.index(MARKER):].split("```python\n", 1)[1]
    return block.split("```", 1)[0]


def first_build(rng: random.Random) -> object:
    """Return the README's example strategy, made from its own text (a factory by reference)."""
    space: dict[str, object] = {}
    exec(compile(readme_example(), "README.md", "exec"), space)
    return space["FirstBuild"](rng)  # type: ignore[operator]


def test_a_strategy_named_by_reference_plays_a_tournament_and_its_journals_audit(
    tmp_path: Path,
) -> None:
    args = ["simulate", "--games", "2", "--seed", "3", "--journals", str(tmp_path),
            "--players", f"{REFERENCE},greedy,greedy,greedy"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert f"  {REFERENCE}: " in result.stdout
    journal = read_journal(tmp_path / "game-00001.jsonl")
    assert journal.events[0].player == REFERENCE  # type: ignore[union-attr]
    assert audit(journal.header, journal.events).problem is None


def wheel(folder: Path, code: str) -> Path:
    """Return a wheel of a package `firstbuild` holding `code`, which names its strategy
    `firstbuild` in the entry-point group `watan.strategies` (as the README's `pyproject.toml`
    lines make a build backend write it)."""
    files = {
        "firstbuild.py": code,
        "firstbuild-1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: firstbuild\n"
        "Version: 1.0\n",
        "firstbuild-1.0.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: a test\n"
        "Root-Is-Purelib: true\nTag: py3-none-any\n",
        "firstbuild-1.0.dist-info/entry_points.txt": "[watan.strategies]\n"
        "firstbuild = firstbuild:FirstBuild\n",
    }
    record = []
    for name, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=")
        record.append(f"{name},sha256={digest.decode()},{len(text.encode())}")
    record.append("firstbuild-1.0.dist-info/RECORD,,")
    files["firstbuild-1.0.dist-info/RECORD"] = "\n".join(record)
    path = folder / "firstbuild-1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return path


@pytest.mark.slow  # installs a package with pip
def test_an_installed_package_names_its_strategy_and_plays_it(tmp_path: Path) -> None:
    # The README's example, packaged with its entry point, installed by pip into a folder of
    # its own, and played by name in a tournament.
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
         "--target", str(site), str(wheel(tmp_path, readme_example()))],
        check=True, capture_output=True,
    )
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    played = subprocess.run(
        [sys.executable, "-m", "watan", "simulate", "--games", "4", "--seed", "1",
         "--players", "firstbuild,greedy,random,random"],
        capture_output=True, text=True, env=environment, check=False,
    )
    assert played.returncode == 0, played.stderr
    lines = played.stdout.splitlines()
    assert lines[0].startswith("games: 4 (") and any(
        line.startswith("  firstbuild: ") and "of 4" in line for line in lines
    ), played.stdout


def test_an_unknown_strategy_lists_every_strategy_with_its_rating() -> None:
    with pytest.raises(UnknownStrategy) as refused:
        strategy("smart", random.Random(0))
    said = str(refused.value)
    assert said.startswith("there is no strategy 'smart' (strategies: random (")
    assert all(f"{name} (" in said for name in ("greedy", "expert", "master"))
    assert said.endswith("; or package.module:Factory)")


def test_a_reference_that_does_not_load_is_an_unknown_strategy() -> None:
    with pytest.raises(UnknownStrategy, match=r"cannot be loaded from nowhere\.at_all:Thing"):
        strategy("nowhere.at_all:Thing", random.Random(0))


def test_a_seat_may_be_given_to_a_reference_but_not_to_any_text() -> None:
    assert is_player_name("mypackage.players:Mine")
    assert is_player_name("expert")
    assert not is_player_name("my package:Mine")
    assert not is_player_name("mypackage.players")
    assert not is_player_name("a:" + "b" * 100)


class Broken:
    """A strategy whose every decision goes wrong in the way it is told to."""

    def __init__(self, fault: str) -> None:
        self.fault = fault

    def move(self, game: Game) -> Move:
        if self.fault == "raises":
            raise ValueError("no idea")
        if self.fault == "slow":
            time.sleep(0.05)
        if self.fault == "answered":
            return Offer(partner=Colour.RED, give=Resource.LAB, take=Resource.STUDY).answered(True)
        return Next()

    def answer(self, game: Game, offer: Offer) -> bool:
        raise KeyError("answer")

    def refused(self, game: Game, command: AnyCommand, refusal: Refusal) -> None:
        pass


@pytest.mark.parametrize(
    ("fault", "said"),
    [
        ("raises", "the mine strategy playing Red failed while choosing a move: "
                   "ValueError('no idea')"),
        ("slow", "the mine strategy playing Red took N s to choose a move, past its limit of "
                 "0.01 s"),
        ("answered", "the mine strategy playing Red gave Trade(partner=<Colour.RED: 1>, "
                     "give=<Resource.LAB: 1>, take=<Resource.STUDY: 3>, accepted=True), a trade "
                     "already answered, not an offer"),
    ],
)
def test_a_strategys_fault_is_one_line_naming_it_and_its_seat(
    sample_board: Board, fault: str, said: str
) -> None:
    guarded = Guarded("mine", Colour.RED, Broken(fault), limit=0.01)
    with pytest.raises(StrategyError) as stopped:
        guarded.move(make_game(sample_board, phase=Phase.AFTER_ROLL))
    # How long a slow decision took is the machine's; the rest of the line is fixed.
    assert re.sub(r"took [0-9.]+ s", "took N s", str(stopped.value)) == said


def test_a_refused_command_is_a_fault_but_an_unpaid_trade_is_not(sample_board: Board) -> None:
    game = make_game(sample_board)
    guarded = seated("greedy", Colour.BLUE, random.Random(0))
    trade = Offer(partner=Colour.RED, give=Resource.LAB, take=Resource.STUDY).answered(True)
    guarded.refused(game, trade, Refusal.NOT_ENOUGH_RESOURCES)
    with pytest.raises(StrategyError) as stopped:
        guarded.refused(game, Roll(), Refusal.INVALID_COMMAND)
    assert str(stopped.value) == (
        f"the greedy strategy playing Blue chose {Roll()!r}, which the rules refuse: "
        f"{Refusal.INVALID_COMMAND.value}"
    )


def test_a_tournament_keeps_a_game_a_strategy_broke_and_goes_on(tmp_path: Path) -> None:
    args = ["simulate", "--games", "2", "--seed", "3", "--journals", str(tmp_path),
            "--players", "tests.players.test_plugins:raising,greedy,greedy,greedy"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == (
        "games: 2 (0 won, 0 stopped with nobody able to win, 0 stopped at the cap of 1,000 "
        "turns, 2 stopped by a strategy's fault)"
    )
    assert result.stderr.splitlines()[1:] == [
        "watan: game 1: the tests.players.test_plugins:raising strategy playing Blue failed "
        "while choosing a move: ValueError('no idea'); stopped, kept as played",
        "watan: game 2: the tests.players.test_plugins:raising strategy playing Red failed "
        "while choosing a move: ValueError('no idea'); stopped, kept as played",
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-00001.jsonl", "game-00002.jsonl"]


def raising(rng: random.Random) -> Broken:
    """A factory for a strategy that raises at its first move."""
    return Broken("raises")
