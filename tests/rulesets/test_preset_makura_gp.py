"""makura-gp: the makura standard rules with no bust ending (■麻雀GP大会ルール)."""

from __future__ import annotations

from hanchan.rulesets.loader import load_ruleset


def test_no_bust_ending() -> None:
    # ■麻雀GP大会ルール: 飛びは無し
    assert load_ruleset("makura-gp").bust == "none"


def test_otherwise_the_standard_rules() -> None:
    # ■麻雀GP大会ルール: その他は枕倶楽部標準ルール準拠
    gp, std = load_ruleset("makura-gp"), load_ruleset("makura")
    assert gp.replace(name="makura", bust=std.bust) == std
