"""The front door for scripts: ``from hanchan import ...`` plays, scores and replays for real."""

from __future__ import annotations

import ast
import doctest
import importlib
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import hanchan
from hanchan.cli.main import main
from hanchan.engine.actions import Ron
from hanchan.engine.events import GameEnded


def test_the_docstring_plays_a_game_and_scores_a_hand() -> None:
    result = doctest.testmod(hanchan)
    assert result.attempted >= 8 and result.failed == 0


def test_score_hand_agrees_with_the_score_command(capsys: pytest.CaptureFixture[str]) -> None:
    # the same request through the command line and through the front door
    args = ["234567m23455p678s", "--win", "8s", "--ron", "--riichi", "--dora", "1m",
            "--rules", "makura", "--json"]
    assert main(["score", *args]) == 0
    expected = json.loads(capsys.readouterr().out)
    got = hanchan.score_hand("234567m23455p678s", win="8s", riichi=True, dora="1m",
                             rules=hanchan.load_ruleset("makura"))
    assert got.to_dict() == {k: v for k, v in expected.items() if k != "payments"}
    with pytest.raises(hanchan.RequestError, match="unknown key"):
        hanchan.score_hand("234567m23455p678s", win="8s", riich=True)


def test_a_saved_game_loads_and_replays(tmp_path: Path) -> None:
    assert main(["simulate", "--games", "1", "--bots", "greedy", "--rules", "makura",
                 "--save-dir", str(tmp_path), "--json"]) == 0
    [path] = tmp_path.glob("*.jsonl")
    saved = hanchan.load_save(path)
    replay = hanchan.Replay(saved.events)
    final = replay.to_end()
    end = saved.events[-1]
    assert isinstance(end, GameEnded) and replay.at_end
    assert final.scores == [next(r.points for r in end.table if r.seat == s) for s in range(4)]


def test_an_illegal_action_says_why() -> None:
    game = hanchan.Game(hanchan.Ruleset(), seed=1)
    seat, legal = next(iter(game.pending().items()))
    assert Ron() not in legal
    with pytest.raises(hanchan.IllegalAction) as err:
        game.act(seat, Ron())
    assert err.value.reason


# The names a script or a bot author imports; a change here is a change of the public API.
PUBLIC = [
    "Action", "AddedKan", "Bot", "BotLevelError", "Chi", "ClosedKan", "Discard", "EndGame",
    "Game", "HanchanError", "IllegalAction", "LEVELS", "NineTerminals", "OpenKan", "Pass",
    "PlayerView", "Pon", "Replay", "RequestError", "RiverTile", "Ron", "Ruleset",
    "RulesetError", "SaveError", "ScoreResult", "SeatInfo", "ShowHand", "TileError", "Tsumo",
    "load_ruleset", "load_save", "make_bot", "open_game", "score_hand",
]


def _typed_homes() -> dict[str, tuple[str, str]]:
    """The names hanchan/__init__.py imports for the type checker, each with its module
    and its name there."""
    assert hanchan.__file__ is not None
    tree = ast.parse(Path(hanchan.__file__).read_text(encoding="utf-8"))
    [block] = [n for n in tree.body
               if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING"]
    return {a.asname or a.name: (str(n.module), a.name)
            for n in block.body if isinstance(n, ast.ImportFrom) for a in n.names}


def test_the_public_names_are_pinned_and_all_resolve() -> None:
    # The front door names each public name three times, as the tools need: imported
    # under TYPE_CHECKING (mypy), in __all__ (ruff, mypy) and in _HOMES (the import on
    # first use); they must agree, and each name must be the object the type checker sees.
    homes = _typed_homes()
    assert sorted(hanchan.__all__) == sorted(PUBLIC) == sorted(homes)
    for name, (module, attr) in homes.items():
        assert getattr(hanchan, name) is getattr(importlib.import_module(module), attr), name
    with pytest.raises(AttributeError, match="no attribute 'Gmae'"):
        _ = hanchan.Gmae


def test_every_error_a_caller_can_cause_is_a_hanchan_error() -> None:
    errors = [n for n in PUBLIC if n.endswith("Error") or n == "IllegalAction"]
    assert {n for n in errors if not issubclass(getattr(hanchan, n), hanchan.HanchanError)} == set()
    with pytest.raises(hanchan.HanchanError):
        hanchan.load_ruleset("no-such-club")
    with pytest.raises(hanchan.HanchanError):
        hanchan.make_bot("grandmaster")
    with pytest.raises(hanchan.HanchanError):
        hanchan.score_hand("123m456p789s1122z", win="2z", riich=True)
    with pytest.raises(ValueError):  # the built-in base stays for older callers
        hanchan.make_bot("grandmaster")


def test_the_front_door_loads_neither_the_app_nor_a_module_it_does_not_need() -> None:
    # A fresh interpreter: the whole public surface, and no Textual.
    code = ("import sys, hanchan\n"
            "[getattr(hanchan, n) for n in hanchan.__all__]\n"
            "print(sorted({m.removeprefix('hanchan.').split('.')[0] for m in sys.modules}"
            " & {'textual', 'tui'}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_low_package_can_be_imported_first() -> None:
    # rulesets and saves import hanchan.errors and hanchan.words: the front door must not
    # import them back while they load, whichever is imported first.
    for first in ("hanchan.rulesets.loader", "hanchan.saves.reader", "hanchan.saves.verify",
                  "hanchan.engine.game", "hanchan.words.events", "hanchan.errors"):
        subprocess.run([sys.executable, "-c", f"import {first}; import hanchan; hanchan.Game"],
                       check=True, capture_output=True)


def test_the_wheel_lists_every_package() -> None:
    # pyproject names each package the wheel installs (hanchan.engine maps to engine/):
    # a package missing there would be left out of the wheel without a word.
    root = Path(__file__).resolve().parents[1]
    listed = set(tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
                 ["packages"])
    found = {".".join(Path(d).relative_to(root).parts)
             for d, _, files in os.walk(root / "hanchan", followlinks=True)
             if "__init__.py" in files}
    assert found <= listed  # every package is in the wheel (presets: data only, listed too)
    assert all((root / name.replace(".", "/")).is_dir() for name in listed)
