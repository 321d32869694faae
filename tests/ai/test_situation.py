"""The strong bot's score-situation play and its style knobs."""

from __future__ import annotations

from dataclasses import replace

import pytest
from botviews import make_view

from ai import defence
from ai.club import ClubBot, placement_value, rank_values
from engine.actions import Chi, Pass, Pon
from engine.tiles import parse_kinds
from rulesets.loader import load_ruleset
from rulesets.schema import Ruleset

LAST = {"round_wind": 1, "hand_number": 3}  # South 4 of a hanchan: the last hand


def own_pair(view, kind_text):  # type: ignore[no-untyped-def]
    k = parse_kinds(kind_text)[0]
    ts = [t for t in view.hand if t >> 2 == k]
    return (ts[0], ts[1])


def test_rank_values_follow_the_rulesets_uma_and_oka() -> None:
    for name in ("tenhou", "makura", "mahjongsoul"):
        rules = load_ruleset(name)
        v = make_view("123m456p789s1122z", rules=rules, **LAST)
        vals = rank_values(v)
        if rules.uma_scheme == "fixed":
            assert vals[0] == (rules.uma[0] + rules.oka) * 1000.0
            assert vals[1:] == tuple(u * 1000.0 for u in rules.uma[1:])
        assert vals[0] > vals[1] > vals[2] > vals[3]


def test_a_last_hand_win_that_takes_the_top_is_worth_the_uma() -> None:
    rules = Ruleset()  # tenhou: uma 20/10/-10/-20, oka 20
    v = make_view("123m456p789s1122z", rules=rules, scores=(30000, 32000, 20000, 18000), **LAST)
    # 3,900 lifts seat 0 over seat 1: the points plus 1st's 40 against 2nd's 10
    assert placement_value(v, 3900) == pytest.approx(3900 + 30000)
    # 1,000 leaves it 2nd: only the points count
    assert placement_value(v, 1000) == pytest.approx(1000)
    # not the last hand: the win is worth its points
    early = make_view("123m456p789s1122z", rules=rules, scores=(30000, 32000, 20000, 18000))
    assert ClubBot("strong")._win_value_scale(early, 3900) == 3900
    assert ClubBot("strong")._win_value_scale(v, 3900) == pytest.approx(33900)


def test_the_top_values_any_win_that_ends_the_game() -> None:
    rules = Ruleset()
    close = make_view("123m456p789s1122z", rules=rules, scores=(31000, 30000, 20000, 19000),
                      **LAST)
    far = make_view("123m456p789s1122z", rules=rules, scores=(50000, 20000, 16000, 14000),
                    **LAST)
    # a 1,000 win as a close top is worth far more than its points: it keeps the top
    assert placement_value(close, 1000) > 10000
    assert placement_value(far, 1000) < placement_value(close, 1000)
    assert placement_value(far, 1000) > 1000


def test_the_4th_gains_by_climbing_to_3rd() -> None:
    rules = Ruleset()
    v = make_view("123m456p789s1122z", rules=rules, scores=(14000, 40000, 30000, 16000),
                  **LAST)
    assert placement_value(v, 3900) == pytest.approx(3900 + 10000)  # -10 against -20


def test_yakuhai_margin_is_its_own_threshold() -> None:
    bot = ClubBot("strong")
    bot.style = replace(bot.style, call_margin=100.0, yakuhai_margin=0.0)
    v = make_view("24m678p345s99s1z55z", last_discard=(3, "5z"))
    assert isinstance(bot.choose(v, [Pon(own_pair(v, "5z")), Pass()]), Pon)
    # the same bot refuses every other call: a chi of 3m beside a dragon triplet, which
    # the bot with its own thresholds takes (so the threshold is what refuses it)
    w = make_view("24m678p34s99s555z1z", last_discard=(3, "3m"))
    chi = Chi((w.hand[0], w.hand[1]))
    assert isinstance(ClubBot("strong").choose(w, [chi, Pass()]), Chi)
    assert isinstance(bot.choose(w, [chi, Pass()]), Pass)
    bot.style = replace(bot.style, yakuhai_margin=100.0)
    assert isinstance(bot.choose(v, [Pon(own_pair(v, "5z")), Pass()]), Pass)


def test_riichi_value_scales_the_riichi_threat_only() -> None:
    v = make_view("123m456p789s1122z", rivers=("", "9m1z", "9p", ""), riichi=(1,))
    base = {t.seat: t.value for t in defence.threats(v)}
    bot = ClubBot("strong")
    bot.style = replace(bot.style, riichi_value=2 * defence.RIICHI_VALUE,
                        reads_open_hands=True)
    got = {t.seat: t.value for t in bot._threats(v)}
    assert got[1] == pytest.approx(2 * base[1])
    assert all(got[s] == base[s] for s in got if s != 1)
