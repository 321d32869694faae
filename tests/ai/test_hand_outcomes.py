"""benchmarks/hand_outcomes.py: hands by how they ended, and no deal-in on a tile read as safe."""

from __future__ import annotations

import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

from hand_outcomes import run  # noqa: E402


def test_no_deal_in_to_a_riichi_on_a_tile_read_as_safe() -> None:
    # With the river-index reading that ai.rivers replaced, these 24 games (and those of
    # seeds 2 and 3) each had one to three such deal-ins.
    out = run("strong", "greedy", "tenhou", 24, 1, 1)
    rep = out.report()
    assert rep["games"] == 24
    assert not [k for k in rep["classes"] if k.startswith("dealin_toRiichi") and
                k.endswith("read_safe")]
    # the classes cover every hand and add up to the points of the seat
    assert abs(sum(r["share"] for r in rep["classes"].values()) - 1.0) < 1e-3
    assert sum(out.hands.values()) == rep["hands"] > 200
    assert abs(sum(out.points.values()) / rep["hands"] - rep["points_per_hand"]) < 0.1
    # pushes and forced folds against riichi were seen, so the reading was exercised
    assert any(k.endswith(("_chose", "_forced")) for k in rep["classes"])
