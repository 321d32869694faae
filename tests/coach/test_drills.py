"""The drills' hands, answers and verdicts (issue 27, score-calling practice).

The drawn hands are checked against the ``mahjong`` package (the outside oracle, as in
tests/engine/test_scoring_diff.py); the verdicts against hands whose score the club
texts fix (kiriage mangan: gpc l.15 "30符4翻は満貫"; makura 44 e for the double-wind
pair at 2 fu; ako 6-02 for 20 fu on an open no-fu ron).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from hanchan.ai.review import MISTAKE_POINTS, review_game
from hanchan.coach.discard_problems import DiscardProblem, problems_in_game
from hanchan.coach.drill_hands import DrillHand, draw_hand, draw_hands, focus_of
from hanchan.coach.drills import parse_yaku, questions
from hanchan.coach.score_call import (
    AnswerError,
    ScoreKey,
    breakdown,
    choices,
    judge,
    key_of_result,
    key_of_win,
    parse_answer,
)
from hanchan.engine.actions import Discard
from hanchan.engine.events import HandStarted, Won
from hanchan.rulesets import load_ruleset
from hanchan.rulesets.schema import Ruleset
from hanchan.words.hands import score_hand
from tests.engine.test_scoring_diff import RULESETS, known_difference
from tests.kit.game import build_wall, run
from tests.kit.mahjong_ref import ours, reference
from tests.kit.play import game
from tests.kit.saved_games import played_game

# ---------------------------------------------------------------------- the drawn hands


@pytest.mark.parametrize("which", range(len(RULESETS)))
def test_drawn_hands_agree_with_the_mahjong_package(which: int) -> None:
    rules = RULESETS[which]
    hands = draw_hands(random.Random(which), rules, 150)
    checked = 0
    for h in hands:
        a, b = ours(h.result), reference(h.ctx, rules)
        assert a["valid"]
        if a != b:
            assert known_difference(h.ctx, rules, a, b) is not None, (a, b, h.ctx)
        else:
            checked += 1
    assert checked >= 100  # (pinfu tsumo with tsumo fu, drawn on purpose, is one)


def test_drawn_hands_are_complete_and_varied() -> None:
    rules = load_ruleset("tenhou")
    hands = draw_hands(random.Random(3), rules, 200)
    for h in hands:
        c = h.ctx
        n = len(c.concealed) + sum(3 for _ in c.melds)
        assert n == 14 and c.win_tile in c.concealed
        tiles = list(c.concealed) + [t for m in c.melds for t in m.tiles] + list(
            c.dora_indicators) + list(c.ura_indicators)
        assert len(tiles) == len(set(tiles))  # no physical tile twice
        assert c.ura_indicators == () or c.riichi
    assert any(h.ctx.tsumo for h in hands) and any(not h.ctx.tsumo for h in hands)
    assert any(m.is_open for h in hands for m in h.ctx.melds)
    assert any(m.kind == "ankan" for h in hands for m in h.ctx.melds)
    assert any(h.result.limit for h in hands) and any(not h.result.limit for h in hands)
    assert any(h.ctx.seat_wind == 0 for h in hands) and any(h.ctx.seat_wind for h in hands)
    assert any(y == "aka_dora" for h in hands for y, _ in h.result.yaku)
    assert {h.ctx.honba for h in hands} >= {0, 1, 2}


def test_focus_comes_from_the_options_not_the_preset_name() -> None:
    assert focus_of(Ruleset()) == ()
    assert [f.id for f in focus_of(load_ruleset("gpc"))] == ["kiriage", "double_wind_pair"]
    ako = load_ruleset("ako")
    assert [f.id for f in focus_of(ako, yakuman=False)] == ["open_pinfu", "sanrenkou"]
    # the same options under another name draw the same way
    assert focus_of(Ruleset().replace(kiriage_mangan=True, name="mine")) == focus_of(
        Ruleset().replace(kiriage_mangan=True))


def _kiriage_hand(h: DrillHand) -> bool:
    return (h.result.han, h.result.fu) == (4, 30)


def test_a_kiriage_preset_draws_4_han_30_fu_hands_as_mangan() -> None:
    # gpc: 30符4翻は満貫 (kiriage mangan)
    qs = questions("scores", load_ruleset("gpc"), count=12, seed=5)
    kiriage = [q for q in qs if _kiriage_hand(q.hand)]
    assert len(kiriage) >= 3
    assert all(q.hand.result.limit == "mangan" for q in kiriage)
    # tenhou has no kiriage: no hand is drawn for it, and 4/30 stays 7,700 / 11,600
    plain = draw_hands(random.Random(0), Ruleset(), 400)
    for h in plain:
        if _kiriage_hand(h):
            assert h.result.limit is None and h.result.total in (7700, 7900, 11600, 11700)


def test_club_features_appear_in_the_draw() -> None:
    makura = questions("scores", load_ruleset("makura"), count=8, seed=2)
    pairs = [q for q in makura if any(p == "pair_double_wind" for p, _ in q.hand.result.fu_parts)]
    assert pairs and all(dict(q.hand.result.fu_parts)["pair_double_wind"] == 2 for q in pairs)
    ako = questions("scores", load_ruleset("ako"), count=8, seed=2)
    assert any(("sanrenkou", 4) in q.hand.result.yaku for q in ako)
    open_ron = [q for q in ako if q.hand.feature == "open_pinfu"]
    assert open_ron and all(q.hand.result.fu == 20 for q in open_ron)  # ako: 20 fu


def test_seeds_are_reproducible() -> None:
    a = questions("scores", load_ruleset("gpc"), count=5, seed=42)
    b = questions("scores", load_ruleset("gpc"), count=5, seed=42)
    c = questions("scores", load_ruleset("gpc"), count=5, seed=43)
    assert [q.hand.ctx for q in a] == [q.hand.ctx for q in b]
    assert [q.hand.ctx for q in a] != [q.hand.ctx for q in c]
    assert [q.hand.ctx for q in questions("fu", load_ruleset("gpc"), count=5, seed=42)] != [
        q.hand.ctx for q in a]  # each drill has its own hands


# ---------------------------------------------------------------------- verdicts

GPC = load_ruleset("gpc")
# riichi pinfu dora 2 (5s 5s), non-dealer ron: 4 han 30 fu
KIRIAGE = dict(hand="234m567p23455s789s", win="2m", riichi=True, dora="4s", seat="S")


def _key(rules: Ruleset, honba: int = 0, sticks: int = 0, tsumo: bool = False,
         seat: str = "S", **kw: Any) -> ScoreKey:
    # the request's other keys go to score_hand's **situation, typed Any there too
    req: dict[str, Any] = {**KIRIAGE, **kw, "seat": seat}
    res = score_hand(req.pop("hand"), req.pop("win"), rules=rules, tsumo=tsumo, **req)
    return key_of_result(res, tsumo=tsumo, dealer=seat == "E", honba=honba, sticks=sticks,
                         rules=rules)


def test_kiriage_verdicts_follow_the_ruleset() -> None:
    k = _key(GPC)
    assert (k.han, k.fu, k.limit, k.total) == (4, 30, "mangan", 8000)
    assert judge(parse_answer("mangan 8000"), k).right
    assert judge(parse_answer("4 30 8000"), k).right
    v = judge(parse_answer("4 30 7700"), k)
    assert v.value_right and not v.payment_right and not v.right
    assert "rounded up to mangan (2,000) by kiriage mangan" in " ".join(breakdown(k))
    t = _key(Ruleset())
    assert (t.limit, t.total) == (None, 7700)
    assert judge(parse_answer("4 30 7700"), t).right
    assert not judge(parse_answer("mangan 8000"), t).right
    assert "no kiriage mangan" in " ".join(breakdown(t))


def test_payments_with_honba_and_tsumo_forms() -> None:
    k = _key(Ruleset(), honba=2, sticks=1)
    assert judge(parse_answer("4 30 7700"), k).right
    assert judge(parse_answer("4 30 8300"), k).right  # with 2 honba (600) added
    assert not judge(parse_answer("4 30 8000"), k).right
    text = " ".join(breakdown(k))
    assert "honba 2 × 300 = 600" in text and "winner takes 9,300" in text
    # riichi, tsumo, pinfu, dora 1: 4 han 20 fu (pinfu tsumo), 1,300/2,600
    nd = _key(Ruleset(), tsumo=True, dora="1m")
    assert (nd.han, nd.fu) == (4, 20)
    assert nd.points.to_dict() == {"tsumo_dealer": 2600, "tsumo_other": 1300}
    assert judge(parse_answer("4 20 1300/2600"), nd).right
    assert judge(parse_answer("4han 20fu 2,600-1,300"), nd).right
    assert not judge(parse_answer("4 20 5200"), nd).payment_right
    d = _key(Ruleset(), tsumo=True, seat="E", dora="1m")  # dealer: 2,600 all
    assert judge(parse_answer("4 20 2600 all"), d).right
    assert judge(parse_answer("4 20 2600"), d).right
    assert not judge(parse_answer("4 20 1300/2600"), d).right


def test_wrong_values_are_wrong() -> None:
    k = _key(Ruleset())
    assert not judge(parse_answer("4 40 7700"), k).value_right
    assert not judge(parse_answer("3 30 7700"), k).value_right
    assert not judge(parse_answer("haneman 7700"), k).value_right
    # riichi, ippatsu, pinfu, dora 2, ura 2: 7 han, haneman
    big = _key(Ruleset(), ippatsu=True, ura="4s")
    said = f"{big.limit} {big.points.ron}"
    assert big.han >= 6 and judge(parse_answer(said), big).right
    assert judge(parse_answer(f"{big.han} han {big.points.ron}"), big).right
    assert judge(parse_answer(f"{big.han} han 40 fu {big.points.ron}"), big).right  # fu moot


@pytest.mark.parametrize("said, words", [
    ("", "say han and fu"), ("hello", "'hello' is not part of a score"),
    ("3 30", "say the payment too"), ("3900", "say the han and the fu"),
    ("3 30 3900 4000", "say one payment"), ("mangan 2000/4000 all", "either 'N all'"),
    ("3 30 150", "is not han"),
])
def test_bad_answers_get_a_clear_message(said: str, words: str) -> None:
    with pytest.raises(AnswerError, match=words):
        parse_answer(said)


def test_choices_hold_one_right_answer() -> None:
    for h in draw_hands(random.Random(9), GPC, 40):
        c = h.ctx
        k = key_of_result(h.result, tsumo=c.tsumo, dealer=c.seat_wind == 0, honba=c.honba,
                          sticks=c.sticks, rules=GPC)
        opts = choices(k, random.Random(1))
        assert len(opts) >= 3
        assert sum(judge(o, k).right for o in opts) == 1
        assert all(judge(parse_answer(o.words()), k).right == judge(o, k).right for o in opts)


def test_key_of_a_recorded_win_matches_its_payments() -> None:
    events = played_game(2, "normal")
    wins = 0
    honba = 0
    for e in events:
        if isinstance(e, HandStarted):
            honba = e.honba
            dealer = e.dealer
        if isinstance(e, Won):
            for w in e.wins:
                k = key_of_win(w, dealer_seat=dealer, honba=honba, rules=Ruleset())
                wins += 1
                assert k.total == w.points
                hand = sum(p.amount for p in w.payments if p.reason in ("hand", "pao"))
                assert hand == k.total
                assert judge(parse_answer(f"{k.value_words.split(' (')[0]} "
                                          f"{k.payment_words.replace(',', '')}"), k).right
    assert wins >= 5


# ---------------------------------------------------------------------- fu and yaku drills

def test_fu_drill_checks_the_rounded_fu() -> None:
    q = questions("fu", GPC, count=6, seed=1)
    for x in q:
        assert x.check(str(x.key.fu)).right
        assert not x.check(str(x.key.fu + 10)).right
    raw = next(x for x in q if sum(n for _, n in x.key.fu_parts) != x.key.fu)
    said = raw.check(str(sum(n for _, n in raw.key.fu_parts)))
    assert not said.right and "before rounding" in said.lines[0]
    with pytest.raises(AnswerError, match="not a number of fu"):
        q[0].check("thirty")


def test_yaku_drill_names_and_aliases() -> None:
    assert parse_yaku("riichi tsumo pinfu") == {"riichi", "menzen_tsumo", "pinfu"}
    assert parse_yaku("立直, 平和, Dragon: White") == {"riichi", "pinfu", "yakuhai_haku"}
    with pytest.raises(AnswerError, match="not a yaku name"):
        parse_yaku("riichi, flush of fives")
    for x in questions("yaku", Ruleset(), count=6, seed=4):
        ids = [y for y, _ in x.hand.result.yaku if y not in ("dora", "aka_dora", "ura_dora")]
        assert x.check(", ".join(ids)).right
        wrong = x.check(", ".join(ids + ["chinitsu"]) if "chinitsu" not in ids else "riichi")
        assert not wrong.right


# ---------------------------------------------------------------------- discards

def test_a_discard_as_good_as_strongs_is_right_and_a_wrong_one_says_why() -> None:
    """One tie for the review and the drills (issue 38): 3z leaves the same shanten,
    acceptance, worth and danger as strong's 4z (two lone guest winds)."""
    wall = build_wall({0: "13m456p468s1199p3z"}, ["4z"])
    g = game(Ruleset(), wall)
    run(g, (0, "d 4s"), until_hand_end=True)
    d = review_game(g.events, 0).decisions[0]
    assert d.view is not None
    p = DiscardProblem("g", d, d.view)
    right, lines = p.check("3z")
    assert right and lines[0].startswith("Right: 3z is as good by strong's measures")
    right, lines = p.check("4s")  # 2-shanten too, with 4 tiles fewer
    assert not right and "4s: 2-shanten, 12 tiles" in lines[2]
    assert "strong's keeps 4 more tiles that improve the hand" in lines[2]


def test_discard_problems_are_the_reviews_costly_discards() -> None:
    events = played_game(1, "easy")
    found = problems_in_game(events, 0, "g")
    review = review_game(events, 0)
    wanted = [d for d in review.mistakes() if isinstance(d.played.action, Discard)
              and isinstance(d.best.action, Discard)
              and d.played.action.tile >> 2 != d.best.action.tile >> 2]
    assert found and len(found) == len(wanted)
    for p in found:
        assert p.review.mistake and p.review.cost >= MISTAKE_POINTS
        assert p.best >> 2 != p.played >> 2
        # the problem is the view the player had: the played tile was in the hand
        assert p.played in p.view.concealed() and p.best in p.view.concealed()
        best = f"{(p.best >> 2) % 9 + 1}{'mpsz'[(p.best >> 2) // 9]}"
        right, lines = p.check(best)
        assert right and lines[0].startswith("Right: strong discards")
        played = f"{(p.played >> 2) % 9 + 1}{'mpsz'[(p.played >> 2) // 9]}"
        right, lines = p.check(played)
        assert not right and any("you in the game" in x for x in lines)
    with pytest.raises(AnswerError, match="not one tile"):
        found[0].check("five")


def test_draw_hand_with_accept() -> None:
    h = draw_hand(random.Random(1), Ruleset(), None, accept=lambda h: h.ctx.tsumo)
    assert h.ctx.tsumo
