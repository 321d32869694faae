"""``hanchan stats``: simulate's figures for a seat, the table, and bad input (docs/cli.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hanchan.cli.main import main

SIMULATE_KEYS = {"seat_games", "avg_rank", "ranks", "avg_points", "win_rate", "deal_in_rate",
                 "riichi_rate", "call_rate", "avg_win_value", "draw_rate", "avg_chips",
                 "avg_deal_in_value", "draw_tenpai_rate"}


def test_stats_of_a_level_equal_simulates(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                          ) -> None:
    folder = tmp_path / "games"
    assert main(["simulate", "--games", "4", "--seed", "5", "--bots",
                 "greedy,random,greedy,easy", "--save-dir", str(folder), "--json"]) == 0
    sim = json.loads(capsys.readouterr().out)["by_level"]
    for level in ("greedy", "random", "easy"):
        assert main(["stats", "--dir", str(folder), "--player", f"{level} bot", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert {k: data["all"][k] for k in SIMULATE_KEYS} == sim[level]
        assert data["games"] == sim[level]["seat_games"]
        assert data["all"]["reviewed_games"] == 0 and data["all"]["agreement"] is None
        assert data["unreadable"] == [] and data["by_rules"] == {"tenhou": data["all"]}
        assert len(data["placements"]) == len(data["trend"]) == data["games"]
    # simulated games have no human seat: without --player there is nothing to count
    assert main(["stats", "--dir", str(folder)]) == 0
    assert "No finished games to count (your games)" in capsys.readouterr().out


def test_the_table_names_damaged_files_and_the_review(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--seed", "1", "--bots", "greedy",
                 "--save-dir", str(tmp_path), "--json"]) == 0
    capsys.readouterr()
    for i in range(3):
        (tmp_path / f"bad{i}.jsonl").write_bytes(b"not json\n" * i)
    assert main(["stats", "--dir", str(tmp_path), "--player", "greedy bot"]) == 0
    out = capsys.readouterr().out
    assert "8 games" in out and "3 files could not be read." in out
    assert "hanchan stats --review" in out
    row = next(ln for ln in out.splitlines() if ln.startswith("games"))
    assert row.split() == ["games", "8"]
    assert main(["stats", "--dir", str(tmp_path), "--player", "greedy bot", "--last", "1",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 4  # the newest game, its four seats of that name
    assert sorted(d["file"] for d in data["unreadable"]) == [f"bad{i}.jsonl" for i in range(3)]


def test_bad_input_is_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--dir", "/nonexistent/hanchan"]) == 2
    err = capsys.readouterr().err
    assert "it is not a folder" in err and "Traceback" not in err
    for last in ("0", "9" * 5000):
        with pytest.raises(SystemExit) as stop:
            main(["stats", "--last", last])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert "argument --last: must be a whole number from 1" in err and len(err) < 1000
