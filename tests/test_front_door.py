"""The front door for scripts: ``from hanchan import ...`` plays, scores and replays for real."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

import hanchan
from cli.main import main
from engine.actions import Ron
from engine.events import GameEnded


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
