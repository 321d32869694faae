"""``hanchan simulate``: the JSON keys, the table, saved games and mistakes (docs/cli.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hanchan.cli.main import main
from hanchan.saves.reader import load

KEYS = {"seat_games", "avg_rank", "ranks", "avg_points", "win_rate", "deal_in_rate",
        "riichi_rate", "call_rate", "avg_win_value", "draw_rate", "avg_chips",
        "avg_deal_in_value", "draw_tenpai_rate"}


def test_json_has_exactly_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--seed", "4", "--bots",
                 "greedy,random,greedy,random", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"games", "seconds", "games_per_second", "rules", "by_level"}
    assert data["games"] == 2 and data["rules"] == "tenhou"
    assert set(data["by_level"]) == {"greedy", "random"}
    for stats in data["by_level"].values():
        assert set(stats) == KEYS
        assert stats["seat_games"] == 4
        assert sum(stats["ranks"]) == 4
    # 8 seats, each rank 1..4 given twice: the ranks average to 2.5 over all levels
    total = sum(s["avg_rank"] * s["seat_games"] for s in data["by_level"].values())
    assert total == pytest.approx(2.5 * 8)


def test_text_output_shows_chips_where_the_rules_count_them(
        capsys: pytest.CaptureFixture[str]) -> None:
    # ako 1-07: a chip is worth 5,000; the total column adds them to the points
    assert main(["simulate", "--rules", "ako", "--games", "2", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert main(["simulate", "--rules", "ako", "--games", "2", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split()[-2:] == ["chips", "total"]
    for line in lines[2:]:
        cells = line.split()
        s = data["by_level"][cells[0]]
        assert float(cells[-2]) == pytest.approx(s["avg_chips"], abs=0.005)
        assert float(cells[-1]) == pytest.approx(s["avg_points"] + 5 * s["avg_chips"], abs=0.05)
    assert main(["simulate", "--games", "1", "--bots", "greedy"]) == 0
    assert "chips" not in capsys.readouterr().out  # tenhou counts no chips


def test_text_output_names_each_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "1", "--bots", "easy"]) == 0
    out = capsys.readouterr().out
    assert "easy" in out and "games per second" in out


def test_save_dir_writes_readable_games(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--bots", "greedy", "--save-dir",
                 str(tmp_path), "--json"]) == 0
    files = sorted(tmp_path.glob("*.jsonl"))
    assert len(files) == 2
    game = load(files[0])
    assert game.finished


@pytest.mark.parametrize("args, words", [
    (["--bots", "strong,weak,strong,strong"], "not a bot level"),
    (["--bots", "strong,strong"], "four levels"),
    (["--games", "0"], "at least 1"),
    (["--rules", "no-such-rules"], "cannot use the rules"),
])
def test_bad_input_is_a_plain_sentence(args: list[str], words: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
