"""``hanchan review``: the text, the JSON keys, saved games and logs, mistakes (docs/cli.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hanchan.cli.main import main
from hanchan.rulesets.schema import Ruleset
from hanchan.saves.codec import SeatInfo
from hanchan.saves.writer import GameWriter, make_header
from tests.kit.real_logs import LOGS, MJLOG, TENHOU6
from tests.kit.saved_games import played_game

TOP = {"seat", "player", "rules", "decisions", "agreement", "mistake_points", "cost",
       "by_kind", "hands", "mistakes"}
MISTAKE = {"position", "hand", "kind", "agrees", "mistake", "cost", "played", "strong",
           "reason", "why", "rule", "tiles", "river", "tiles_left"}
CHOICE = {"choice", "ev", "shanten", "ukeire", "win", "value", "danger", "detail"}
PHOENIX = LOGS / "tenhou6" / "2019021004gm-00a9-0000-e2f6516d.json"


def _saved(tmp_path: Path, human: int = 2) -> Path:
    events = played_game(5, "easy")
    seats = [SeatInfo(f"p{i}", None if i == human else "easy") for i in range(4)]
    path = tmp_path / "game.jsonl"
    with GameWriter.open_path(path, make_header(Ruleset().to_dict(), seats, 5)) as w:
        w.extend(events)
    return path


def test_json_has_exactly_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(PHOENIX), "--seat", "s", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == TOP
    assert data["seat"] == "S" and data["player"] == "Bさん" and data["rules"] == "tenhou"
    assert data["mistakes"], "a Phoenix player still differs from strong somewhere"
    costs = [m["cost"] for m in data["mistakes"]]
    assert costs == sorted(costs, reverse=True)
    assert all(c >= data["mistake_points"] for c in costs)
    for m in data["mistakes"]:
        assert set(m) == MISTAKE and set(m["played"]) == CHOICE and set(m["strong"]) == CHOICE
        assert m["mistake"] and not m["agrees"]
    assert sum(h["decisions"] for h in data["hands"]) == data["decisions"]
    assert sum(k["mistakes"] for k in data["by_kind"].values()) == len(data["mistakes"])
    # each cost is rounded to 0.1, so the sum of the shown costs may drift by 0.05 each
    assert abs(sum(m["cost"] for m in data["mistakes"]) - data["cost"]) \
        <= 0.05 * (len(data["mistakes"]) + 1)


def test_top_limits_the_mistakes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(PHOENIX), "--seat", "N", "--json", "--top", "2"]) == 0
    assert len(json.loads(capsys.readouterr().out)["mistakes"]) == 2


def test_text_shows_the_figures_the_mistakes_and_the_hands(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(PHOENIX), "--seat", "W", "--top", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Review of Cさん (started as West) under tenhou: ")
    assert "Largest mistakes (top 3):" in out
    for n in (1, 2, 3):
        assert f"\n{n}. " in out
    for label in ("   hand    ", "   river   ", "   you     ", "   strong  ", "   reason  ",
                  "   why     "):
        assert out.count(label) == 3
    assert "\nhand    decisions  as strong  mistakes  expected  result\n" in out
    assert "\nS4-0 " in out  # the game's last hand has its line


def test_the_mjlog_and_the_tenhou6_log_give_the_same_review(
        capsys: pytest.CaptureFixture[str]) -> None:
    for path in (TENHOU6[12], MJLOG[12]):
        assert main(["review", str(path), "--seat", "E", "--json"]) == 0
    a, b = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert a.pop("player") == "Aさん"  # the tenhou6 copy has the names taken out
    b.pop("player")
    assert a == b


def test_a_saved_game_reviews_its_human_by_default(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _saved(tmp_path)
    assert main(["review", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seat"] == "W"
    assert main(["review", str(path), "--json", "--seat", "E"]) == 0
    assert json.loads(capsys.readouterr().out)["seat"] == "E"


def test_an_mjai_log_is_reviewed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "game.mjson"
    assert main(["export", str(_saved(tmp_path)), "--format", "mjai", "-o", str(out)]) == 0
    assert main(["review", str(out), "--seat", "N", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["decisions"] > 20


def test_a_bad_file_is_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(tmp_path / "nothing.jsonl")]) == 1
    assert capsys.readouterr().err.endswith("nothing.jsonl: no such file\n")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["review", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("hanchan: ") and "Traceback" not in err and err.count("\n") == 1
    bad = tmp_path / "bad.jsonl"
    bad.write_text("hello\n", encoding="utf-8")
    assert main(["review", str(bad)]) == 1
    assert capsys.readouterr().err.startswith("hanchan: ")
