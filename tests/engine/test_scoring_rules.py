"""Example tests for the hand-value rules of the club rules matrix, section 6.

Each test names the club rule it follows (makura = 000, teireikai = 001,
ako = 002, yokoyoko = 003, gpc = 004 among the clubs' texts).  Rulesets are
built with ``Ruleset().replace(...)``; expected points are worked out by hand in
the comments (base points = fu x 2^(han+2); non-dealer ron x4, dealer x6).
"""

from __future__ import annotations

from typing import Any

import pytest

from hanchan.engine.scoring import PointSplit, clear_cache, limit_points, score_win, yaku_table
from hanchan.rulesets.schema import Ruleset
from tests.kit.scoring import ctx_of, score, yaku_ids

# The defaults (Tenhou's rules) with the four usual double yakuman and kokushi robbing a
# closed kan, which Tenhou does not have but most clubs here do: the tests below switch
# them off where they check the single values.
T = Ruleset().replace(double_yakuman=("kokushi_13", "suuankou_tanki", "junsei_chuuren",
                                      "daisuushii"), chankan_on_ankan="kokushi")


# ------------------------------------------------------------ open tanyao
def test_open_tanyao_counts_by_default_and_not_without_kuitan() -> None:
    # makura 43 (タンヤオ 鳴き可能), ako 3-01-01-02, teireikai 1 (喰いタンあり)
    kw: dict[str, Any] = dict(melds=("chi:234m",), win="6s")
    r = score("567p345s678s55s", rules=T, **kw)
    assert r.valid and yaku_ids(r) == {"tanyao"}
    r = score("567p345s678s55s", rules=T.replace(open_tanyao=False), **kw)
    assert not r.valid and r.error == "no yaku"


# ------------------------------------------------------------ kiriage mangan
def test_four_han_thirty_fu_is_7700_or_kiriage_mangan() -> None:
    # riichi pinfu tanyao + 1 dora, 30 fu: 30 x 2^6 = 1920 -> 7680 -> 7700
    kw: dict[str, Any] = dict(win="8s", riichi=True, dora="1m")
    r = score("234567m234p55p678s", rules=T, **kw)
    assert (r.han, r.fu, r.total, r.limit) == (4, 30, 7700, None)
    # ako 2-02-01: 子7700点 (no kiriage)
    assert score("234567m234p55p678s", rules=T.replace(kiriage_mangan=False), **kw).total == 7700
    # makura 45-f, teireikai 5, yokoyoko (30符4ハン相当...満貫切り上げ), gpc (30符4翻...満貫)
    r = score("234567m234p55p678s", rules=T.replace(kiriage_mangan=True), **kw)
    assert (r.han, r.fu, r.total, r.limit) == (4, 30, 8000, "mangan")


def test_three_han_sixty_fu_kiriage() -> None:
    # three closed terminal triplets + tanki: 20 + 10 + 8 + 8 + 8 + 2 = 56 -> 60 fu;
    # riichi + sanankou = 3 han; 60 x 2^5 = 1920 -> 7700; teireikai 5: 60符3翻も満貫
    kw: dict[str, Any] = dict(win="5m", riichi=True)
    r = score("111m999p111s234s55m", rules=T, **kw)
    assert (r.han, r.fu, r.total) == (3, 60, 7700)
    r = score("111m999p111s234s55m", rules=T.replace(kiriage_mangan=True), **kw)
    assert (r.total, r.limit) == (8000, "mangan")


# ------------------------------------------------------------ counted yakuman
KAZOE: dict[str, Any] = dict(hand="112233456789m99m", win="4m", riichi=True, dora="8m")


def test_thirteen_han_is_counted_yakuman() -> None:
    # riichi 1 + pinfu 1 + iipeikou 1 + ittsu 2 + chinitsu 6 + dora 3 (three 9m) = 14 han
    # makura 45-f (13翻以上で四倍満(数え役満)), ako 2-02-03 (13飜以上)
    r = score(rules=T, **KAZOE)
    assert r.han == 14 and r.limit == "kazoe_yakuman" and r.total == 32000
    assert r.yakuman_count == 0


def test_counted_yakuman_can_be_switched_off() -> None:
    r = score(rules=T.replace(kazoe_yakuman=False), **KAZOE)
    assert r.limit == "sanbaiman" and r.total == 24000
    r = score(rules=T.replace(kazoe_cap="sanbaiman"), **KAZOE)
    assert r.limit == "sanbaiman" and r.total == 24000


def test_no_counted_double_yakuman() -> None:
    # ako 2-02-04 数えダブル役満: なし -- 26+ han is still one yakuman
    # 12 han of yaku + 9 dora + 7 ura = 28 han
    r = score(KAZOE["hand"], "4m", rules=T, tsumo=True, riichi=True, dora="8m9m1m2m",
              ura="8m1m2m")
    assert r.han == 28 and r.limit == "kazoe_yakuman" and r.total == 32000


def test_real_yakuman_ignores_ordinary_yaku_and_dora() -> None:
    # yokoyoko: 数え役満は他の役満と重複しない; a real yakuman shows no ordinary yaku
    r = score("111m999p111s999s11z", "1z", rules=T, riichi=True, dora="9m")
    assert r.limit == "yakuman" and {y for y, _ in r.yaku} == {"suuankou_tanki"}
    assert "dora" not in yaku_ids(r) and "riichi" not in yaku_ids(r)


# ------------------------------------------------------------ double yakuman
def test_kokushi_thirteen_wait_is_double_or_single() -> None:
    kw: dict[str, Any] = dict(hand="19m19p19s1234567z1m", win="1m")
    # makura 43 (ダブル役満: 国士無双十三面待ち), Tenhou
    r = score(rules=T, **kw)
    assert r.yaku == (("kokushi_13", 26),) and r.yakuman_count == 2 and r.total == 64000
    # teireikai 10: 役満の特例なし (ダブル役満の倍点数...認めない)
    r = score(rules=T.replace(double_yakuman=()), **kw)
    assert r.yaku == (("kokushi_13", 13),) and r.total == 32000


def test_suukantsu_double_under_ako() -> None:
    melds = ("minkan:2222m", "ankan:3333p", "minkan:4444s", "kakan:6666s")
    r = score("88s", "8s", rules=T, melds=melds, tsumo=True)
    assert r.yaku == (("suukantsu", 13),) and r.total == 32000
    # ako 3-01-24 四槓子: ダブル役満
    ako = T.replace(double_yakuman=T.double_yakuman + ("suukantsu",))
    r = score("88s", "8s", rules=ako, melds=melds, tsumo=True)
    assert r.yaku == (("suukantsu", 26),) and r.total == 64000


def test_kokushi_robbing_a_closed_kan() -> None:
    rules = T.replace(chankan_on_ankan="kokushi")
    kw: dict[str, Any] = dict(hand="19m19p19s1234567z1m", win="1m", chankan_ankan=True)
    # makura 44-j: 国士無双のみ暗槓に対する槍槓が認められる
    assert score(rules=rules, **kw).yakuman_count == 2
    r = score("123m456p789s234s11z", "1z", rules=rules, chankan_ankan=True)
    assert not r.valid
    # ako 3-01-26-01: 暗槓の搶槓で和った場合はダブル役満(元々ダブル役満ならばトリプル役満)
    r = score(rules=rules.replace(kokushi_chankan_ankan_double=True), **kw)
    assert r.yakuman_count == 3 and r.total == 96000
    r = score("19m19p19s1234567z9m", "1m", rules=rules.replace(
        kokushi_chankan_ankan_double=True, double_yakuman=()), chankan_ankan=True)
    assert r.yakuman_count == 2
    # gpc: 暗槓の槍槓なし (chankan_on_ankan none)
    r = score(rules=T.replace(chankan_on_ankan="none"), **kw)
    assert not r.valid and "closed kan" in (r.error or "")


# ------------------------------------------------------------ stacking and its cap
# tsuuiisou 1 + daisuushii 2 + suuankou tanki 2 = 5 yakuman
FIVE: dict[str, Any] = dict(hand="111z222z333z444z55z", win="5z", tsumo=True)


def test_yakuman_stack_up_to_the_cap() -> None:
    r = score(rules=T, **FIVE)
    assert r.yakuman_count == 5 and r.total == 5 * 32000
    assert yaku_ids(r) == {"tsuuiisou", "daisuushii", "suuankou_tanki"}
    # makura 45-h: 役満の複合はトリプル役満を上限とする
    r = score(rules=T.replace(yakuman_cap=3), **FIVE)
    assert r.yakuman_count == 3 and r.total == 96000
    # ako 2-07 (いくつでも複合する, 単純に加算)
    r = score(rules=T.replace(yakuman_cap=20), **FIVE)
    assert r.yakuman_count == 5


def test_no_stacking_and_no_doubles() -> None:
    # teireikai 10: 役満の特例なし -> one single yakuman
    r = score(rules=T.replace(yakuman_stacking=False, double_yakuman=()), **FIVE)
    assert r.yakuman_count == 1 and r.total == 32000 and len(r.yaku) == 1


# ------------------------------------------------------------ renhou
NO_YAKU: dict[str, Any] = dict(hand="123m456p789s345s99p", win="4s")  # kanchan, no yaku at all


def test_renhou_values() -> None:
    r = score(rules=T, renhou=True, **NO_YAKU)
    assert not r.valid  # Tenhou: no renhou (teireikai 9: 人和...なし)
    # makura 44-m, 44-n: 人和は役満とする; ako 3-15-01 g 役満
    r = score(rules=T.replace(renhou="yakuman"), renhou=True, **NO_YAKU)
    assert r.yaku == (("renhou", 13),) and r.total == 32000
    r = score(rules=T.replace(renhou="mangan"), renhou=True, **NO_YAKU)
    assert r.limit == "mangan" and r.total == 8000 and ("renhou", 5) in r.yaku
    r = score(rules=T.replace(renhou="baiman"), renhou=True, **NO_YAKU)
    assert r.limit == "baiman" and r.total == 16000


def test_renhou_not_combined_when_rules_say_so() -> None:
    # makura 43: 天和 地和 人和 十三不塔との複合はなし
    # ron: sanankou, not suuankou
    kw: dict[str, Any] = dict(hand="111m222p333s444s55z", win="4s", renhou=True)
    r = score(rules=T.replace(renhou="yakuman"), hand="111m222p333s44s555z", win="4s",
              renhou=True)
    assert r.yakuman_count == 3  # renhou + suuankou tanki (double): they stack
    r = score(rules=T.replace(renhou="yakuman", first_turn_yakuman_stack=False, double_yakuman=()),
              hand="111m222p333s44s555z", win="4s", renhou=True)
    assert r.yakuman_count == 1
    assert kw  # the shanpon ron case is only a sanankou: renhou alone
    r = score(rules=T.replace(renhou="yakuman", first_turn_yakuman_stack=False), **kw)
    assert r.yaku == (("renhou", 13),)


# ------------------------------------------------------------ tenhou and its waits
def test_tenhou_best_waits() -> None:
    kw: dict[str, Any] = dict(hand="111m222p333s444s55z", win="4s", tsumo=True, seat="E",
                              tenhou=True)
    r = score(rules=T, **kw)
    assert yaku_ids(r) == {"tenhou", "suuankou"} and r.yakuman_count == 2
    # ako 3-01-21-01-02: 四暗刻は単騎待ち扱い、国士無双は13面待ち、九蓮宝燈は9面待ち
    best = T.replace(tenhou_best_waits=True)
    r = score(rules=best, **kw)
    assert yaku_ids(r) == {"tenhou", "suuankou_tanki"} and r.yakuman_count == 3
    r = score("19m19p19s1234567z9m", "9m", rules=best, tsumo=True, seat="E", tenhou=True)
    assert yaku_ids(r) == {"tenhou", "kokushi_13"}
    r = score("11123456789999m", "9m", rules=best, tsumo=True, seat="E", tenhou=True)
    assert yaku_ids(r) == {"tenhou", "junsei_chuuren"}


# ------------------------------------------------------------ sankantsu / suukantsu
def test_sankantsu_two_han_or_yakuman() -> None:
    melds = ("minkan:2222m", "ankan:3333p", "minkan:4444s")
    # makura 43 三槓子 2翻
    r = score("567p88s", "7p", rules=T, melds=melds)
    assert ("sankantsu", 2) in r.yaku and r.limit is None
    # ako 3-01-14 三槓子: c 役満
    r = score("567p88s", "7p", rules=T.replace(sankantsu_yakuman=True), melds=melds)
    assert r.yaku == (("sankantsu", 13),) and r.total == 32000


# ------------------------------------------------------------ ryuuiisou / chuuren
def test_ryuuiisou_without_hatsu() -> None:
    # makura 44-g 緑一色は発を使用しなくてもよい; ako 3-01-20-01 b 役満
    r = score("234s234s666s888s33s", "8s", rules=T, tsumo=True)
    assert yaku_ids(r) == {"ryuuiisou"}
    r = score("234s234s666s888s33s", "8s", rules=T.replace(ryuuiisou_without_hatsu=False),
              tsumo=True)
    assert r.limit != "yakuman" and "chinitsu" in yaku_ids(r)
    r = score("234s234s666s888s66z", "8s", rules=T.replace(ryuuiisou_without_hatsu=False),
              tsumo=True)
    assert "ryuuiisou" in yaku_ids(r)


def test_chuuren_in_any_suit() -> None:
    # makura 44-i 萬子以外の九蓮宝燈も認める; ako 3-01-27-01 b 筒子、索子でも良い
    r = score("11123455678999p", "5p", rules=T)
    assert r.yaku == (("junsei_chuuren", 26),) and r.total == 64000
    r = score("11123455678999p", "5p", rules=T.replace(chuuren_any_suit=False))
    assert r.limit != "yakuman"
    r = score("11123455678999m", "9m", rules=T.replace(chuuren_any_suit=False))
    assert r.yaku == (("chuuren", 13),)


def test_chuuren_not_with_a_closed_kan() -> None:
    # ako 3-01-27-02 暗槓しても成立しない
    r = score("23455678999m", "5m", rules=T, melds=("ankan:1111m",))
    assert "chuuren" not in yaku_ids(r) and "junsei_chuuren" not in yaku_ids(r)


# ------------------------------------------------------------ chiitoitsu
def test_chiitoitsu_25_fu() -> None:
    # makura 45-c 七対子は常に25符２翻; ako 2-03 c 2飜25符
    r = score("11m33m55p77p99s11z22z", "2z", rules=T, riichi=True)
    assert (r.han, r.fu, r.total) == (3, 25, 3200)  # 25 x 2^5 = 800 -> 3200
    assert r.fu_parts == (("chiitoitsu", 25),)


def test_four_of_a_kind_is_not_two_pairs() -> None:
    # makura 44-b 同一種牌４枚使いの七対子は認められない
    r = score("1111m3355p7799s11z", "1z", rules=T)
    assert not r.valid and r.error == "not a complete hand"


def test_chiitoitsu_never_with_ryanpeikou() -> None:
    # makura 44-c 七対子と二盃口は複合しない: the better reading (ryanpeikou) is taken
    r = score("223344m556677p88s", "7p", rules=T)
    assert "ryanpeikou" in yaku_ids(r) and "chiitoitsu" not in yaku_ids(r)
    assert r.han == 5 and r.limit == "mangan"  # ryanpeikou 3 + pinfu 1 + tanyao 1


# ------------------------------------------------------------ fu rules
def test_pinfu_tsumo_is_20_fu() -> None:
    # makura 45-a 平和にツモの２符は付かない; ako 2-04 d 2飜20符
    kw: dict[str, Any] = dict(hand="234567m234p55p678s", win="8s", tsumo=True)
    r = score(rules=T, **kw)
    assert (r.han, r.fu) == (3, 20)  # tsumo, pinfu, tanyao
    assert r.points == PointSplit(tsumo_dealer=1300, tsumo_other=700)  # 20 x 32 = 640
    r = score(rules=T.replace(pinfu_tsumo_fu=False), **kw)
    assert (r.han, r.fu) == (3, 30) and ("tsumo", 2) in r.fu_parts


def test_open_hand_with_no_fu_ron() -> None:
    kw: dict[str, Any] = dict(hand="567p345s678s55s", win="6s", melds=("chi:234m",))
    # makura 45-b 食いピンフ形のアガリは常に30符
    r = score(rules=T, **kw)
    assert (r.fu, r.total) == (30, 1000)
    # ako 2-01-07 鳴きがあって符がない栄和: 20符 -> 20 x 8 x 4 = 640 -> 700
    r = score(rules=T.replace(open_pinfu_ron_fu=20), **kw)
    assert (r.fu, r.total) == (20, 700)


def test_double_wind_pair() -> None:
    # dealer in East: 20 + 10 (closed ron) + 8 (999m) + pair of East
    kw: dict[str, Any] = dict(hand="999m123p456s789s11z", win="4s", seat="E", round="E",
                              riichi=True)
    # ako 2-01-02 連風牌の対子 b 4符 (Tenhou too): 42 -> 50 fu; 50 x 8 = 400 -> 2400
    r = score(rules=T, **kw)
    assert (r.fu, r.total) == (50, 2400) and ("pair_double_wind", 4) in r.fu_parts
    # makura 45-e 連風牌も２符; gpc 連風牌のトイツは2符: 40 -> 40 fu; 320 x 6 = 1920 -> 2000
    r = score(rules=T.replace(double_wind_fu=2), **kw)
    assert (r.fu, r.total) == (40, 2000)


def test_fu_round_up_to_ten() -> None:
    # open: 20 + 4 (pon of Red) + 2 (kanchan) + 2 (tsumo) = 28 -> 30
    r = score("234m456p88s", "5p", rules=T, melds=("pon:777z", "chi:345s"), tsumo=True)
    assert r.fu == 30 and sum(v for _, v in r.fu_parts) == 28


# ------------------------------------------------------------ nagashi mangan
def test_nagashi_mangan_payment() -> None:
    # makura 44-e 流し満貫は流局時に成立する満貫相当のツモあがり役扱い
    assert limit_points("mangan", dealer=False, tsumo=True, rules=T) == PointSplit(
        tsumo_dealer=4000, tsumo_other=2000)
    assert limit_points("mangan", dealer=True, tsumo=True, rules=T) == PointSplit(tsumo_all=4000)
    # ako 3-17-01 e 役満
    assert limit_points("yakuman", dealer=False, tsumo=True, rules=T) == PointSplit(
        tsumo_dealer=16000, tsumo_other=8000)
    with pytest.raises(ValueError):
        limit_points("big", dealer=False, tsumo=True, rules=T)
    ids = {y.id for y in yaku_table(T.replace(nagashi_mangan="none"))}
    assert "nagashi_mangan" not in ids  # teireikai 7 流し満貫なし
    row = {y.id: y for y in yaku_table(T.replace(nagashi_mangan="yakuman"))}["nagashi_mangan"]
    assert row.yakuman == 1


# ------------------------------------------------------------ paarenchan
def test_paarenchan() -> None:
    # makura 44-f 連続した親のアガリの８回目以降を役満
    kw: dict[str, Any] = dict(hand="123m456p789s345s99p", win="4s", seat="E", paarenchan=True)
    assert not score(rules=T, **kw).valid  # no yaku, no paarenchan
    r = score(rules=T.replace(paarenchan=True), **kw)
    assert r.yaku == (("paarenchan", 13),) and r.total == 48000


# ------------------------------------------------------------ daisharin
def test_daisharin() -> None:
    kw: dict[str, Any] = dict(hand="22334455667788p", win="8p")
    assert score(rules=T, **kw).limit != "yakuman"
    r = score(rules=T.replace(daisharin="pinzu"), **kw)
    assert r.yaku == (("daisharin", 13),)
    assert score("22334455667788s", "8s", rules=T.replace(daisharin="pinzu")).limit != "yakuman"
    assert score("22334455667788s", "8s",
                 rules=T.replace(daisharin="any_suit")).yaku == (("daisharin", 13),)
    # ako 3-09-01: 清一色七対子 (1〜7, 3〜9, gaps too), 萬子、筒子、索子のいずれでも
    any_pairs = T.replace(daisharin="any_pairs")
    assert score("11223344556677s", "7s", rules=any_pairs).yaku == (("daisharin", 13),)
    assert score("11224455667799m", "9m", rules=any_pairs).yaku == (("daisharin", 13),)
    assert score("11224455667799m", "9m", rules=T.replace(daisharin="any_suit")).limit != "yakuman"


# ------------------------------------------------------------ sanrenkou / suurenkou
def test_sanrenkou_and_suurenkou() -> None:
    kw: dict[str, Any] = dict(hand="444m555m666m123p99s", win="9s")
    assert "sanrenkou" not in yaku_ids(score(rules=T, **kw))
    # ako 3-11-01 三連刻 d 4飜 (teireikai 9: 三連刻...なし)
    r = score(rules=T.replace(sanrenkou_han=4), **kw)
    assert ("sanrenkou", 4) in r.yaku and ("sanankou", 2) in r.yaku
    melds = ("pon:444m", "pon:555m", "pon:666m", "pon:777m")
    r = score("99s", "9s", rules=T.replace(sanrenkou_han=4), melds=melds)
    assert ("sanrenkou", 4) in r.yaku and r.limit != "yakuman"
    # ako 3-11-02 四連刻 e 役満 (雀頭は何でも良い)
    r = score("99s", "9s", rules=T.replace(sanrenkou_han=4, suurenkou=True), melds=melds)
    assert r.yaku == (("suurenkou", 13),)


# ------------------------------------------------------------ shiisanputaa
def test_shiisanputaa() -> None:
    kw: dict[str, Any] = dict(hand="147m258p369s123z55z", win="5z", tsumo=True,
                              first_draw_no_calls=True)
    assert not score(rules=T, **kw).valid
    # ako 3-16-01 十三不搭 e 役満 (子でも有効 3-16-01-02)
    rules = T.replace(shiisanputaa=True)
    r = score(rules=rules, **kw)
    assert r.yaku == (("shiisanputaa", 13),) and r.total == 32000
    # not after a call or a later draw
    r = score(rules=rules, hand="147m258p369s123z55z", win="5z", tsumo=True)
    assert not r.valid
    # a partial (47m -> 1m 4m 7m is fine, 1m 3m is a kanchan partial) spoils it
    assert not score(rules=rules, hand="137m258p369s123z55z", win="5z", tsumo=True,
                     first_draw_no_calls=True).valid
    # ako 3-16-01-01: a kokushi shape is kokushi, not shiisanputaa
    r = score(rules=rules, hand="19m19p19s1234567z9m", win="9m", tsumo=True,
              first_draw_no_calls=True)
    assert yaku_ids(r) == {"kokushi_13"}


# ------------------------------------------------------------ haitei with rinshan
def test_haitei_with_rinshan() -> None:
    kw: dict[str, Any] = dict(hand="234m567p345s88s", win="8s", melds=("minkan:9999m",), tsumo=True,
              rinshan=True, haitei=True)
    r = score(rules=T, **kw)
    assert yaku_ids(r) == {"rinshan"}  # teireikai (MATRIX: no)
    r = score(rules=T.replace(haitei_with_rinshan=True), **kw)
    assert yaku_ids(r) == {"rinshan", "haitei"}


# ------------------------------------------------------------ open riichi
def test_open_riichi() -> None:
    kw: dict[str, Any] = dict(hand="123m456p789s345s99p", win="4s")
    open_rules = T.replace(open_riichi=True)
    # makura 18 オープンリーチあり（二翻）
    r = score(rules=open_rules, open_riichi=True, **kw)
    assert r.yaku == (("open_riichi", 2),)
    # makura 23 オープンリーチとの複合を認める。合計で３翻役
    r = score(rules=open_rules, open_riichi=True, double_riichi=True, **kw)
    assert r.yaku == (("open_riichi", 3),)
    # without the rule an open riichi is just a riichi (makura 44-d: no double count)
    r = score(rules=T, open_riichi=True, **kw)
    assert r.yaku == (("riichi", 1),)


# ------------------------------------------------------------ dora
def test_dora_red_and_ura() -> None:
    kw: dict[str, Any] = dict(hand="234m067p345s88s", win="8s", melds=("pon:999m",), dora="4p",
                              ura="4p")
    r = score(rules=T, **kw)
    # no yaku: open, 999m is not a yakuhai; dora do not make a hand
    assert not r.valid and r.error == "no yaku"
    r = score("234m067p345s88s", "8s", rules=T, melds=("pon:777z",), dora="4p", ura="4p")
    # chun 1 + dora (the red 5p) 1 + aka 1; no ura without riichi
    assert dict(r.yaku) == {"yakuhai_chun": 1, "dora": 1, "aka_dora": 1}
    assert r.han_without_dora == 1 and r.han == 3
    r = score("234m067p345s88s", "8s", rules=T, riichi=True, dora="4p", ura="4p",
              melds=("ankan:9999m",))
    assert dict(r.yaku)["ura_dora"] == 1
    # red_fives = 2: the 2nd copy is red too; none: a 0 cannot be written
    two = T.replace(red_fives=2)
    r = score("234m005p345s88s", "8s", rules=two, melds=("pon:777z",))
    assert dict(r.yaku)["aka_dora"] == 2
    none = T.replace(red_fives=0)
    r = score("234m567p345s88s", "8s", rules=none, melds=("pon:777z",))
    assert "aka_dora" not in yaku_ids(r)


def test_dora_indicator_wraps() -> None:
    # 9m -> 1m, North -> East, Red -> White
    r = score("123m456p789s11z", "1z", rules=T, melds=("pon:555z",), dora="9m4z7z")
    assert dict(r.yaku)["dora"] == 1 + 2 + 3


# ------------------------------------------------------------ best interpretation
def test_highest_scoring_reading_wins() -> None:
    # 111222333m: three triplets (sanankou) or three 123m sequences (iipeikou, ...)
    r = score("111222333m456p99s", "9s", rules=T, riichi=True)
    assert "sanankou" in yaku_ids(r)
    # 2m wins as kanchan (2 fu) or ryanmen 234 in 23456... pinfu chosen when worth more
    # 3m closes 12 (penchan, 2 fu) or 45 (ryanmen): the ryanmen reading gives pinfu
    r = score("123345m456p789s99s", "3m", rules=T, riichi=True)
    assert "pinfu" in yaku_ids(r) and (r.han, r.fu, r.total) == (2, 30, 2000)


def test_errors_are_sentences() -> None:
    error = score("123m", "1m", rules=T).error
    assert error is not None and error.startswith("not a complete hand")
    c = ctx_of("123m456p789s345s99p", "4s", rules=T)
    bad = c.__class__(**{**{f: getattr(c, f) for f in c.__slots__}, "win_tile": 135})
    assert score_win(bad, T).error == "the winning tile is not in the concealed hand"


def test_thirteen_wait_double_only_when_not_furiten() -> None:
    # ako 3-01-26 c: 13面待ちの和了で振り聴でなければダブル役満、そうでなければ役満
    rules = T.replace(double_yakuman=("kokushi_13", "junsei_chuuren"))
    kw: dict[str, Any] = dict(hand="19m19p19s1234567z1m", win="1m", tsumo=True)
    assert score(rules=rules, furiten=True, **kw).yakuman_count == 2
    if "double_yakuman_when_furiten" in Ruleset.__dataclass_fields__:
        ako = rules.replace(double_yakuman_when_furiten=False)
        assert score(rules=ako, furiten=True, **kw).yakuman_count == 1
        assert score(rules=ako, **kw).yakuman_count == 2
        # ako 3-01-27 e: 9面待ちの和了で振り聴でなければダブル役満
        r = score("11123455678999p", "5p", rules=ako, tsumo=True, furiten=True)
        assert r.yaku == (("junsei_chuuren", 13),)


# ------------------------------------------------------------ the yaku table
def test_yaku_table_follows_the_rules() -> None:
    rows = {y.id: y for y in yaku_table(T)}
    assert rows["pinfu"].open_han is None and rows["tanyao"].open_han == 1
    assert (rows["chinitsu"].closed_han, rows["chinitsu"].open_han) == (6, 5)
    assert rows["kokushi_13"].yakuman == 2 and rows["kokushi_13"].closed_han == 26
    assert rows["kokushi"].yakuman == 1
    for local in ("renhou", "paarenchan", "daisharin", "sanrenkou", "suurenkou",
                  "shiisanputaa", "open_riichi"):
        assert local not in rows
    ako = T.replace(renhou="yakuman", daisharin="any_pairs", sanrenkou_han=4, suurenkou=True,
                    shiisanputaa=True, sankantsu_yakuman=True, open_tanyao=True,
                    double_yakuman=("suukantsu",))
    rows = {y.id: y for y in yaku_table(ako)}
    assert rows["sanrenkou"].closed_han == 4 and rows["sankantsu"].yakuman == 1
    assert rows["suukantsu"].yakuman == 2 and rows["kokushi_13"].yakuman == 1
    assert {"renhou", "daisharin", "suurenkou", "shiisanputaa"} <= set(rows)
    assert yaku_table(T.replace(renhou="mangan"))[-1].id != "renhou"  # listing order kept
    assert {y.id: y for y in yaku_table(T.replace(renhou="mangan"))}["renhou"].closed_han == 5
    assert "tanyao" in {y.id for y in yaku_table(T.replace(open_tanyao=False))}
    assert {y.id: y for y in yaku_table(T.replace(open_tanyao=False))}["tanyao"].open_han is None


def test_memo_gives_equal_results() -> None:
    c = ctx_of("234567m23405p678s", "8s", rules=T, tsumo=True, riichi=True, dora="1m")
    first = score_win(c, T)
    again = score_win(c, T)
    clear_cache()
    fresh = score_win(c, T)
    assert first == again == fresh
    # a different ruleset object is never served another's result
    other = T.replace(red_fives=0)
    c0 = ctx_of("234567m23455p678s", "8s", rules=other, tsumo=True, riichi=True, dora="1m")
    assert score_win(c0, other).han == first.han - 1
