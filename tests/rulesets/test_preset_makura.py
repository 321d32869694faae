"""The makura preset against the matrix rows the club's rules set (000_ccaf4efb4f041008.txt)."""

from __future__ import annotations

import pytest

from hanchan.rulesets.loader import load_ruleset
from hanchan.rulesets.schema import Ruleset


@pytest.fixture(scope="module")
def r() -> Ruleset:
    return load_ruleset("makura")


def test_points_and_settlement(r: Ruleset) -> None:
    assert (r.start_points, r.return_points, r.oka) == (25000, 30000, 20)  # makura 1)
    assert r.uma_scheme == "fixed" and r.uma == (20, 10, -10, -20)  # makura 1)
    assert r.tie_break == "seat_order"  # makura 1): 起家から見て上家優先
    assert r.rounding == "toward_zero"  # makura 1): プラス者切り下げ、マイナス者切り上げ
    assert r.negative_scores_count  # makura 1): 箱下カウントあり
    assert r.honba_points == 300  # makura 1), 45 g)
    assert r.multi_ron_honba == "each"  # makura 45 g): 全員に払われる
    assert r.multi_ron_sticks == "nearest"  # makura 24): 上家取り
    assert r.leftover_sticks == "top"  # makura 24): 半荘終了時はトップ取り
    assert r.bust == "below_zero"  # makura 3): 0点未満で終了、0点丁度は続行
    assert not r.chips and not r.wareme and r.bust_bonus == 0
    assert not r.yakitori  # makura 46): ヤキトリは採用しない


def test_length_dealer_and_ending(r: Ruleset) -> None:
    assert r.length == "east_south"  # makura 2)
    assert r.extension == "none"  # makura 2): 西入なし
    assert r.renchan_at_draw == "tenpai"  # makura 5)
    assert r.agariyame == "always"  # makura 4): 持ち点や順位に関らずアガリやめを選択できる
    assert r.abort_nine_terminals and r.abort_four_winds  # makura 6)
    assert r.abort_four_riichi and r.abort_four_kans  # makura 6)
    assert r.double_ron == "allowed" and r.triple_ron == "allowed"  # makura 7)
    assert r.min_han == 1 and r.two_han_from_honba == 0  # makura 2)
    assert r.noten_payment == 3000  # makura 8)
    assert r.formal_tenpai and not r.tenpai_own_four_copies  # makura 8)
    assert r.noten_declaration == "allowed"  # makura 32)


def test_wall_and_dora(r: Ruleset) -> None:
    assert r.red_fives == 1  # makura 9)
    assert r.initial_dora == 1  # makura 10)
    assert r.ura_dora and r.kan_dora and r.kan_ura  # makura 9)
    assert r.kan_dora_closed == "immediate"  # makura 11)
    assert r.kan_dora_open == "after_discard"  # makura 11)
    assert r.kan_dora_on_rinshan_win  # makura 11): 嶺上開花でツモあがりしたときにもめくる
    assert r.dead_wall == 14 and r.dead_wall_replenish  # makura 14)
    assert r.max_kans == 4  # makura 15)


def test_calls(r: Ruleset) -> None:
    assert r.kuikae == "forbidden"  # makura 17): 現物、筋とも
    assert not r.kan_after_call  # makura 16): チー、ポンに連続してカンは出来ない


def test_riichi(r: Ruleset) -> None:
    assert not r.riichi_needs_points  # makura 20)
    assert r.riichi_min_wall == 4  # makura 21): 残り3牌以下は不可能
    assert r.open_riichi  # makura 18)
    assert r.double_riichi  # makura 23)
    assert r.ippatsu  # makura 28)
    assert r.riichi_ankan == "composition_unchanged"  # makura 29 a-c)
    assert r.riichi_furiten_tsumo_only  # makura 25)
    assert not r.riichi_stick_on_deal_in  # makura 19)


def test_yaku(r: Ruleset) -> None:
    assert r.open_tanyao and r.atozuke  # makura 2)
    assert r.kiriage_mangan  # makura 45 f)
    assert r.kazoe_yakuman and r.kazoe_cap == "yakuman"  # makura 45 f)
    assert set(r.double_yakuman) == {"kokushi_13", "suuankou_tanki", "junsei_chuuren",
                                     "daisuushii"}  # makura 43)
    assert r.yakuman_stacking and r.yakuman_cap == 3  # makura 45 h)
    assert r.renhou == "yakuman"  # makura 44 n)
    assert not r.first_turn_yakuman_stack  # makura 43): 天和 地和 人和…との複合はなし
    assert not r.sankantsu_yakuman  # makura 43): 三槓子 2翻
    assert r.ryuuiisou_without_hatsu  # makura 44 g)
    assert r.chuuren_any_suit  # makura 44 i)
    assert r.chiitoitsu_fu == 25  # makura 45 c)
    assert r.pinfu_tsumo_fu  # makura 45 a)
    assert r.open_pinfu_ron_fu == 30  # makura 45 b)
    assert r.double_wind_fu == 2  # makura 45 e)
    assert r.nagashi_mangan == "mangan" and r.nagashi_with_own_calls  # makura 44 e)
    assert r.paarenchan  # makura 44 f)
    assert r.chankan_on_ankan == "kokushi"  # makura 44 j)
    assert set(r.pao_yaku) == {"daisangen", "daisuushii", "suukantsu"}  # makura 44 a)
    assert r.daisharin == "none" and r.sanrenkou_han == 0 and not r.shiisanputaa  # makura 43)


def test_penalties(r: Ruleset) -> None:
    assert r.chombo == "each_fixed" and r.chombo_points == 4000  # makura 33)
    assert r.chombo_replay and not r.chombo_dealer_passes  # makura 35)
    assert r.chombo_sticks_returned  # makura 35)
    assert r.false_call == "table_1000"  # makura 38)
