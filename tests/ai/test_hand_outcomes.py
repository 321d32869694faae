"""benchmarks/hand_outcomes.py: hands by how they ended, and no deal-in on a tile read as safe."""

from __future__ import annotations

from benchmarks.hand_outcomes import run
from hanchan.ai import arena
from hanchan.rulesets.loader import load_ruleset


def test_no_deal_in_to_a_riichi_on_a_tile_read_as_safe() -> None:
    # With the river-index reading that ai.rivers replaced, these 24 games had three such
    # deal-ins (seeds 2 and 3: two each).
    out = run("strong", "greedy", "tenhou", 24, 1, 1)
    rep = out.report()
    assert not [k for k in rep["classes"] if k.startswith("dealin_toRiichi") and
                k.endswith("read_safe")]
    # pushes and forced folds against riichi were seen, so the reading was exercised
    assert any(k.endswith(("_chose", "_forced")) for k in rep["classes"])
    # the classes agree with the arena's statistics of the very same games
    st = arena.run(load_ruleset("tenhou"), ["strong", "greedy", "greedy", "greedy"], 24,
                   1, duplicate=True).by_level["strong"]
    assert out.ranks == st.ranks
    assert sum(out.hands.values()) == st.hands
    assert sum(n for k, n in out.hands.items() if k.startswith("win_")) == st.wins
    assert sum(n for k, n in out.hands.items() if k.startswith("dealin_")) == st.deal_ins
    assert sum(n for k, n in out.hands.items() if k.startswith("draw_")) == st.draws
