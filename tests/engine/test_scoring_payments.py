"""Payments of a win: dealer/non-dealer, rounding, honba, sticks, pao, wareme."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanchan.engine.events import Payment
from hanchan.engine.scoring import PointSplit, ScoreResult, win_payments
from hanchan.engine.scoring.points import base_points, split
from hanchan.rulesets.schema import Ruleset
from tests.kit.scoring import score

T = Ruleset()


def net(lines: tuple[Payment, ...]) -> list[int]:
    out = [0, 0, 0, 0]
    for p in lines:
        if p.payer is not None:
            out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return out


def test_non_dealer_tsumo_rounds_each_share_up() -> None:
    # 1 han 30 fu: base 240 -> dealer 480 -> 500, others 240 -> 300 (total 1100)
    r = score("234m456p88s", "8s", rules=T, melds=("pon:777z", "chi:345s"), tsumo=True)
    assert (r.han, r.fu) == (1, 30)
    assert r.points == PointSplit(tsumo_dealer=500, tsumo_other=300) and r.total == 1100
    lines = win_payments(r, winner=2, from_seat=None, dealer=1, honba=0, sticks=0, rules=T)
    assert net(lines) == [-300, -500, 1100, -300]


def test_dealer_tsumo_and_ron() -> None:
    r = score("234m456p88s", "8s", rules=T, melds=("pon:777z", "chi:345s"), tsumo=True, seat="E")
    assert r.points == PointSplit(tsumo_all=500) and r.total == 1500
    r = score("234m456p88s", "8s", rules=T, melds=("pon:777z", "chi:345s"), seat="E")
    # 1 han 30 fu dealer ron: 240 x 6 = 1440 -> 1500
    assert r.points == PointSplit(ron=1500)
    lines = win_payments(r, winner=0, from_seat=3, dealer=0, honba=0, sticks=0, rules=T)
    assert lines == (Payment(3, 0, 1500, "hand"),)


@given(han=st.integers(1, 4), fu=st.sampled_from([20, 30, 40, 50, 60, 70, 80, 90, 100, 110]),
       dealer=st.booleans())
def test_split_totals_are_rounded_shares(han: int, fu: int, dealer: bool) -> None:
    base = base_points(han, fu, None, 0)
    points, total = split(base, dealer=dealer, tsumo=True)
    assert all(v % 100 == 0 and v >= base for v in points.to_dict().values())
    if dealer:
        assert total == 3 * points.tsumo_all
    else:
        assert total == points.tsumo_dealer + 2 * points.tsumo_other
    ron, total_ron = split(base, dealer=dealer, tsumo=False)
    assert total_ron == ron.ron and ron.ron % 100 == 0
    assert 0 <= ron.ron - base * (6 if dealer else 4) < 100


def test_honba_and_sticks() -> None:
    r = score("234m456p88s", "8s", rules=T, melds=("pon:777z", "chi:345s"), tsumo=True)
    # makura 45-g: 本場は1本につき300点 (a third from each on tsumo)
    lines = win_payments(r, winner=2, from_seat=None, dealer=1, honba=2, sticks=3, rules=T)
    assert net(lines) == [-300 - 200, -500 - 200, 1100 + 600 + 3000, -300 - 200]
    assert Payment(None, 2, 3000, "sticks") in lines
    ron = score("234m456p88s", "8s", rules=T, melds=("pon:777z", "chi:345s"))
    lines = win_payments(ron, winner=2, from_seat=0, dealer=1, honba=2, sticks=1, rules=T)
    assert net(lines) == [-1000 - 600, 0, 1000 + 600 + 1000, 0]
    # a double ron where this winner is not the nearest (Tenhou: 上家取り)
    lines = win_payments(ron, winner=2, from_seat=0, dealer=1, honba=2, sticks=1, rules=T,
                         honba_to_this_winner=False, sticks_to_this_winner=False)
    assert net(lines) == [-1000, 0, 1000, 0]
    # honba_points option
    lines = win_payments(ron, winner=2, from_seat=0, dealer=1, honba=2, sticks=0,
                         rules=T.replace(honba_points=1500))
    assert net(lines) == [-1000 - 3000, 0, 4000, 0]


def daisangen(tsumo: bool, **kw: object) -> ScoreResult:
    r = score("666z777z123m99p", "1m", rules=T, melds=("pon:555z",), tsumo=tsumo, **kw)
    assert r.yaku == (("daisangen", 13),)
    return r


def test_pao_tsumo_pays_all() -> None:
    # makura 44-a 大三元：三種目の三元牌を鳴かせた者; teireikai 11 ツモアガリは全額
    r = daisangen(True)
    lines = win_payments(r, winner=1, from_seat=None, dealer=0, honba=1, sticks=0, rules=T,
                         pao_seat=3)
    assert net(lines) == [0, 32000 + 300, 0, -32300]
    assert Payment(3, 1, 32000, "pao") in lines


def test_pao_ron_half_or_all() -> None:
    r = daisangen(False)
    # teireikai 11 ロンアガリは半額負担; gpc (別の放銃者がいたら折半払い)
    lines = win_payments(r, winner=1, from_seat=2, dealer=0, honba=1, sticks=0, rules=T,
                         pao_seat=3)
    assert net(lines) == [0, 32300, -16000, -16300]  # honba from the pao player (pao_honba)
    # ako: 半額、積み棒は放銃者 (MATRIX: honba from the discarder)
    lines = win_payments(r, winner=1, from_seat=2, dealer=0, honba=1, sticks=0,
                         rules=T.replace(pao_honba="discarder"), pao_seat=3)
    assert net(lines) == [0, 32300, -16300, -16000]
    lines = win_payments(r, winner=1, from_seat=2, dealer=0, honba=0, sticks=0,
                         rules=T.replace(pao_ron="all"), pao_seat=3)
    assert net(lines) == [0, 32000, 0, -32000]
    # the pao player dealt in himself: he pays it all, once
    lines = win_payments(r, winner=1, from_seat=3, dealer=0, honba=0, sticks=0, rules=T,
                         pao_seat=3)
    assert net(lines) == [0, 32000, 0, -32000]


def test_pao_only_for_pao_yaku() -> None:
    r = score("123m456p789s11z", "1z", rules=T, melds=("pon:555z",), tsumo=True)
    assert r.limit != "yakuman"
    lines = win_payments(r, winner=1, from_seat=None, dealer=0, honba=0, sticks=0, rules=T,
                         pao_seat=3)
    assert not any(p.reason == "pao" for p in lines)  # no pao yaku in the hand
    # suukantsu pao only where the rules list it (makura 44-a 四槓子; Tenhou: none)
    melds = ("minkan:2222m", "ankan:3333p", "minkan:4444s", "minkan:6666s")
    k = score("88s", "8s", rules=T, melds=melds, tsumo=True)
    plain = win_payments(k, winner=1, from_seat=None, dealer=0, honba=0, sticks=0, rules=T,
                         pao_seat=3)
    assert net(plain) == [-16000, 32000, -8000, -8000]
    makura = T.replace(pao_yaku=("daisangen", "daisuushii", "suukantsu"))
    lines = win_payments(k, winner=1, from_seat=None, dealer=0, honba=0, sticks=0,
                         rules=makura, pao_seat=3)
    assert net(lines) == [0, 32000, 0, -32000]


def test_pao_scope_with_a_second_yakuman() -> None:
    # daisangen + tsuuiisou, non-dealer tsumo: 64000
    r = score("666z777z111z22z", "2z", rules=T, melds=("pon:555z",), tsumo=True)
    assert r.yakuman_count >= 2
    units = r.yakuman_count
    # Tenhou (corpus 2019103023 hand 6): the pao player pays the whole hand
    lines = win_payments(r, winner=1, from_seat=None, dealer=0, honba=0, sticks=0, rules=T,
                         pao_seat=3)
    assert net(lines) == [0, r.total, 0, -r.total]
    # pao_yaku scope: only the daisangen's share (1 of the units) is the pao player's
    lines = win_payments(r, winner=1, from_seat=None, dealer=0, honba=0, sticks=0,
                         rules=T.replace(pao_scope="pao_yaku"), pao_seat=3)
    share = r.total // units
    rest = r.total - share
    assert net(lines) == [-rest // 2, r.total, -rest // 4, -rest // 4 - share]


def test_wareme_doubles_hand_payments_not_honba() -> None:
    # ako 8-01 割れ目: 払うのも貰うのも倍; 8-01-02 積み棒は倍にはしない
    r = score("234m456p88s", "8s", rules=T, melds=("pon:777z", "chi:345s"), tsumo=True)
    ako = T.replace(wareme=True)
    lines = win_payments(r, winner=2, from_seat=None, dealer=1, honba=1, sticks=0, rules=ako,
                         wareme_seat=3)
    assert net(lines) == [-300 - 100, -500 - 100, 1100 + 300 + 300, -600 - 100]
    lines = win_payments(r, winner=2, from_seat=None, dealer=1, honba=1, sticks=0, rules=ako,
                         wareme_seat=2)
    assert net(lines) == [-600 - 100, -1000 - 100, 2200 + 300, -600 - 100]
    ron = score("234m456p88s", "8s", rules=T, melds=("pon:777z", "chi:345s"))
    lines = win_payments(ron, winner=2, from_seat=0, dealer=1, honba=1, sticks=0, rules=ako,
                         wareme_seat=0)
    assert net(lines) == [-2000 - 300, 0, 2300, 0]


@given(honba=st.integers(0, 5), sticks=st.integers(0, 4), winner=st.integers(0, 3),
       dealer=st.integers(0, 3), tsumo=st.booleans(), discarder=st.integers(0, 2))
def test_payments_balance(honba: int, sticks: int, winner: int, dealer: int, tsumo: bool,
                          discarder: int) -> None:
    seat = "ESWN"[(winner - dealer) % 4]
    r = score("234m456p88s", "8s", rules=T, melds=("pon:777z", "chi:345s"), tsumo=tsumo,
              seat=seat)
    others = [s for s in range(4) if s != winner]
    frm = None if tsumo else others[discarder]
    lines = win_payments(r, winner=winner, from_seat=frm, dealer=dealer, honba=honba,
                         sticks=sticks, rules=T)
    n = net(lines)
    assert sum(n) == 1000 * sticks  # only the sticks come from the table
    assert n[winner] == r.total + 300 * honba + 1000 * sticks
    by_reason = Counter(p.reason for p in lines)
    assert by_reason["hand"] == (3 if tsumo else 1)


def test_invalid_result_has_no_payments() -> None:
    with pytest.raises(ValueError):
        win_payments(ScoreResult.invalid("no yaku"), winner=0, from_seat=1, dealer=0, honba=0,
                     sticks=0, rules=T)
