"""Yakuman in the drills' hands: drawn for the local and double yakuman a ruleset's
options enable (never for its name), and scored by the engine as the ruleset says.

Club texts: ako 3-09-01 (清一色七対子は役満, any suit and any numbers: daisharin
``any_pairs``), ako 3-11-02 (四連刻は役満), ako 3-01-14 (三槓子は役満), ako 3-15-01
(人和は役満), ako 3-01-24..28 (四暗刻単騎・国士13面・九蓮9面・大四喜・四槓子は
ダブル役満), makura 44 f (八連荘は役満).  The standard yakuman counted double are
also checked against the ``mahjong`` package (which gives them fu; we give 0).
"""

from __future__ import annotations

import random
from collections import Counter

from hanchan.coach.drill_hands import DrillHand, draw_hands, focus_of
from hanchan.coach.drills import questions
from hanchan.engine.tiles import kind_of
from hanchan.rulesets import load_ruleset
from hanchan.rulesets.schema import Ruleset
from tests.kit.mahjong_ref import ours, reference


def _features(hands: list[DrillHand]) -> Counter[str]:
    return Counter(h.feature for h in hands if h.result.yakuman_count)


def test_ako_draws_its_local_yakuman_and_scores_them_as_its_rules_say() -> None:
    ako = load_ruleset("ako")
    qs = questions("scores", ako, count=60, seed=11)
    got = _features([q.hand for q in qs])
    for fid in ("daisharin", "suurenkou", "sankantsu_yakuman", "renhou"):
        assert got[fid] >= 1, (fid, got)
    for q in qs:
        h, yaku = q.hand, dict(q.hand.result.yaku)
        if h.feature == "daisharin":  # ako 3-09-01: seven pairs of one suit, any numbers
            kinds = sorted(kind_of(t) for t in h.ctx.concealed)
            assert len(set(kinds)) == 7 and len({k // 9 for k in kinds}) == 1 and kinds[0] < 27
            assert yaku == {"daisharin": 13} and q.key.yakuman_count == 1
        if h.feature == "sankantsu_yakuman":  # ako 3-01-14
            assert sum(m.is_kan for m in h.ctx.melds) == 3 and yaku["sankantsu"] == 13
        if h.feature == "renhou":  # ako 3-15-01: a yakuman, no other yaku with it
            assert not h.ctx.tsumo and h.ctx.seat_wind != 0 and yaku == {"renhou": 13}
        if h.feature.startswith("double_yakuman_"):  # ako 3-01-24..28
            assert q.key.yakuman_count >= 2 and q.key.value_words.endswith("yakuman")


def test_a_yakuman_answer_is_judged_on_the_engine_value() -> None:
    qs = questions("scores", load_ruleset("ako"), count=10, seed=3)
    q = next(q for q in qs if q.hand.feature == "daisharin")
    base = 48000 if q.hand.ctx.seat_wind == 0 else 32000
    pay = (f"{base // 3} all" if q.hand.ctx.seat_wind == 0 else f"{base // 4}/{base // 2}"
           ) if q.hand.ctx.tsumo else str(base)
    assert q.key.total == base
    assert q.check(f"yakuman {pay}").right
    assert not q.check(f"double yakuman {pay}").right
    assert not q.check("mangan 8000").right


def test_yakuman_follow_the_options_not_the_preset_name() -> None:
    plain = Ruleset()
    assert focus_of(plain) == ()
    for option, value, fid in (("suurenkou", True, "suurenkou"),
                               ("sankantsu_yakuman", True, "sankantsu_yakuman"),
                               ("daisharin", "pinzu", "daisharin"),
                               ("paarenchan", True, "paarenchan"),
                               ("renhou", "yakuman", "renhou")):
        rules = plain.replace(**{option: value})
        assert [f.id for f in focus_of(rules)] == [fid]
        hands = draw_hands(random.Random(1), rules, 4)
        assert [h.feature for h in hands].count(fid) == 2
        assert all(h.result.yakuman_count == 1 for h in hands if h.feature == fid)
    pinzu = draw_hands(random.Random(2), plain.replace(daisharin="pinzu"), 2)[0]
    assert sorted({kind_of(t) for t in pinzu.ctx.concealed}) == list(range(10, 17))  # 2-8p
    # renhou as mangan: drawn, and worth a mangan, not a yakuman
    mangan = draw_hands(random.Random(1), plain.replace(renhou="mangan"), 2)[0]
    assert mangan.feature == "renhou" and mangan.result.yakuman_count == 0
    assert mangan.result.limit in ("mangan", "haneman", "baiman", "sanbaiman", "kazoe_yakuman")


def test_double_yakuman_agree_with_the_mahjong_package() -> None:
    for name in ("makura", "mahjongsoul"):
        rules = load_ruleset(name)
        hands = [h for h in draw_hands(random.Random(4), rules, 80)
                 if h.feature.startswith("double_yakuman_")]
        assert {h.feature.removeprefix("double_yakuman_") for h in hands} >= {
            "kokushi_13", "suuankou_tanki", "junsei_chuuren", "daisuushii"}  # makura 43
        for h in hands:
            a, b = ours(h.result), reference(h.ctx, rules)
            assert h.result.yakuman_count >= 2
            # the package gives yakuman fu; the hand's value is what is asked
            assert (a["yaku"], a["points"]) == (b["yaku"], b["points"]), (a, b)


def test_tenhou_never_draws_a_yakuman_and_the_fu_drill_none() -> None:
    tenhou = load_ruleset("tenhou")
    assert focus_of(tenhou) == ()
    for kind in ("scores", "yaku", "fu"):
        assert not any(q.hand.result.yakuman_count
                       for q in questions(kind, tenhou, count=150, seed=1))
    assert not any(q.hand.result.yakuman_count
                   for q in questions("fu", load_ruleset("ako"), count=60, seed=1))
