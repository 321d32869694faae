"""benchmarks/play_profile.py: the figures of the real Tenhou logs, and a self-play run."""

from __future__ import annotations

from typing import Any

from benchmarks.play_profile import load_logs, profile, self_play
from tests.kit.real_logs import LOGS


def counts(fig: dict[str, Any], *keys: str) -> list[int]:
    return [fig[k]["count"] for k in keys]


def test_tenhou_logs_profile() -> None:
    fig = profile(load_logs(LOGS / "tenhou6"))
    assert (fig["games"], fig["hands"], fig["seat_hands"]) == (19, 194, 776)
    assert fig["riichi"] == {"count": 124, "of": 776, "rate": 0.1598}
    assert counts(fig, "first_riichi", "chase_riichi") == [104, 20]
    assert fig["calls"]["count"] == 286  # 36.9 %
    assert fig["closed_tenpai"]["count"] == 180
    decided = fig["riichi_at_first_tenpai"]
    assert [decided[d]["count"] for d in ("immediate", "later", "never")] == [114, 10, 56]
    assert round(100 * decided["immediate"]["rate"], 1) == 63.3
    assert fig["immediate_riichi_by_turn"]["all"]["other_in_riichi"] == {
        "count": 17, "of": 34, "rate": 0.5}
    assert fig["wins"]["count"] == 164 and round(100 * fig["wins"]["rate"], 1) == 21.1
    types = fig["win_types"]
    assert [types[k]["count"] for k in ("riichi", "dama", "open")] == [65, 23, 76]
    assert [types[k]["mean_points"] for k in ("riichi", "dama", "open")] == [7898, 4770, 5763]
    assert fig["deal_ins"]["count"] == 97 and round(100 * fig["deal_ins"]["rate"], 1) == 12.5
    assert fig["draws"]["count"] == 35 and round(100 * fig["draws"]["rate"], 1) == 18.0
    assert fig["draws"]["kinds"] == {"exhaustive": 32, "kyuushu": 3}


def test_self_play_profile_adds_up() -> None:
    fig = profile(self_play(1, seed=1, level="strong"))
    assert fig["games"] == 1 and fig["hands"] >= 1
    assert fig["seat_hands"] == 4 * fig["hands"]
    wins = fig["wins"]["count"]
    assert sum(t["count"] for t in fig["win_types"].values()) == wins
    assert all(t["tsumo"] <= t["count"] for t in fig["win_types"].values())
    assert sum(counts(fig, "first_riichi", "chase_riichi")) == fig["riichi"]["count"]
    decided = fig["riichi_at_first_tenpai"]
    assert sum(d["count"] for d in decided.values()) == fig["closed_tenpai"]["count"]
    assert decided["immediate"]["count"] + decided["later"]["count"] <= fig["riichi"]["count"]
    table = fig["immediate_riichi_by_turn"]
    assert table["all"]["all"] == decided["immediate"]
    assert sum(row["all"]["of"] for b, row in table.items() if b != "all") == (
        fig["closed_tenpai"]["count"])
    assert fig["deal_ins"]["count"] <= wins
    assert wins + fig["draws"]["count"] >= fig["hands"]  # each hand: a win or a draw
