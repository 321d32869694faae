"""The ako preset against the matrix rows the parlour's rules set (002_2c6f2d8ba30cc410.txt)."""

from __future__ import annotations

import pytest

from hanchan.rulesets.loader import load_ruleset
from hanchan.rulesets.schema import Ruleset


@pytest.fixture(scope="module")
def r() -> Ruleset:
    return load_ruleset("ako")


def test_points_and_settlement(r: Ruleset) -> None:
    assert (r.start_points, r.return_points, r.oka) == (25000, 30000, 20)  # ako 1-01, 1-02
    assert r.uma_scheme == "by_floaters"  # ako 1-05
    assert r.uma_by_floaters[1:] == ((60, -10, -20, -30), (30, 10, -10, -30),
                                     (20, 10, 0, -30))  # ako 1-05
    assert r.tie_break == "seat_order"  # ako 1-05-01
    assert r.rounding == "five_down_six_up" and r.rounding_top_absorbs  # ako 1-03
    assert r.honba_points == 300  # ako 1-11-01
    assert r.multi_ron_honba == "each"  # ako 8-10-01-04
    assert r.multi_ron_sticks == "nearest"  # ako 4-10
    assert r.bust == "below_zero"  # ako 1-09
    assert not r.noten_payment_can_bust  # ako 1-09-01
    assert r.negative_scores_count  # ako 1-09-03
    assert r.chips  # ako 8-07
    assert (r.chip_ippatsu, r.chip_ura, r.chip_red) == (1, 1, 1)  # ako 8-07-02, -13, -16
    assert r.chip_yakuman == 24  # ako 8-07-11
    assert r.chip_bust == 3  # ako 8-07-18
    assert r.yakitori and r.yakitori_chips == 3  # ako 1-08, 8-07-17
    assert r.yakitori_payment == "split"  # ako 8-07-17: それ以外の人で等分する
    assert r.wareme  # ako 8-01


def test_length_dealer_and_ending(r: Ruleset) -> None:
    assert r.extension == "full_rounds"  # ako 1-04, 1-04-03
    assert r.extension_last_round == "unlimited"  # ako 1-04: 西場、北場、東場…
    assert r.extension_target == 30000  # ako 1-04-01
    assert r.renchan_at_draw == "tenpai_or_after_east"  # ako 8-15-01-01
    assert r.renchan_at_abort  # ako 8-15-02..04
    assert r.agariyame == "none"  # ako 8-16
    assert r.abort_nine_terminals and r.abort_four_winds  # ako 8-09, 8-11
    assert r.abort_four_kans  # ako 5-13
    assert not r.abort_four_riichi  # ako 4-08
    assert r.double_ron == "allowed" and r.triple_ron == "allowed"  # ako 8-10
    assert r.min_han == 1 and r.two_han_from_honba == 5  # ako 6-01
    assert not r.ippatsu_counts_for_min_han  # ako 3-02-01-03
    assert r.tenpai_own_four_copies  # ako 6-03-02: 空聴牌あり
    assert r.noten_declaration == "allowed_except_bare_tanki"  # ako 6-03-04


def test_wall_and_dora(r: Ruleset) -> None:
    assert r.red_fives == 2  # ako 8-02-01
    assert r.initial_dora == 2  # ako 5-01
    assert r.kan_dora_closed == "immediate" and r.kan_dora_open == "after_discard"  # ako 5-16
    assert r.kan_dora_on_rinshan_win and r.kan_dora_on_discard_ron  # ako 5-16-01, 5-16-02
    assert r.dead_wall == 16 and not r.dead_wall_replenish  # ako 5-19, 5-20


def test_calls(r: Ruleset) -> None:
    assert r.kuikae == "allowed"  # ako 8-12
    assert r.kan_after_call  # ako 5-11
    assert not r.kan_on_last_tile and not r.call_on_last_discard  # ako 5-12, 8-20
    assert r.call_without_draws_left  # ako 8-21


def test_riichi(r: Ruleset) -> None:
    assert r.riichi_needs_points and r.riichi_min_wall == 4  # ako 4-03, 4-01
    assert not r.open_riichi  # ako 3-02-03
    assert r.ippatsu_on_chankan  # ako 3-02-01-02
    assert r.riichi_ankan == "composition_unchanged"  # ako 4-13
    assert not r.riichi_stick_on_deal_in  # ako 4-11


def test_yaku(r: Ruleset) -> None:
    assert not r.kiriage_mangan  # ako 2-02-01: 7,700
    assert r.kazoe_yakuman and r.kazoe_cap == "yakuman"  # ako 2-02-03, 2-02-04
    assert set(r.double_yakuman) == {"kokushi_13", "suuankou_tanki", "junsei_chuuren",
                                     "daisuushii", "suukantsu"}  # ako 3-01-24..28
    assert not r.double_yakuman_when_furiten  # ako 3-01-26, 3-01-27: 振り聴でなければ
    assert r.kokushi_chankan_ankan_double  # ako 3-01-26-01
    assert r.yakuman_stacking and r.yakuman_cap == 20  # ako 2-07: いくつでも
    assert r.renhou == "yakuman"  # ako 3-15-01
    assert r.first_turn_yakuman_stack and r.tenhou_best_waits  # ako 3-01-21-01(-02)
    assert r.sankantsu_yakuman  # ako 3-01-14
    assert r.chiitoitsu_fu == 25 and r.pinfu_tsumo_fu  # ako 2-03, 2-04
    assert r.open_pinfu_ron_fu == 20  # ako 2-01-07
    assert r.double_wind_fu == 4  # ako 2-01-02
    assert r.nagashi_mangan == "yakuman" and r.nagashi_with_own_calls  # ako 3-17-01(-02)
    assert not r.paarenchan  # ako 3-15-03
    assert r.daisharin == "any_pairs"  # ako 3-09-01
    assert r.sanrenkou_han == 4 and r.suurenkou  # ako 3-11-01, 3-11-02
    assert r.shiisanputaa  # ako 3-16-01
    assert r.chankan_on_ankan == "kokushi"  # ako 5-24
    assert {"daisangen", "daisuushii", "suukantsu"} <= set(r.pao_yaku)  # ako 8-08-01
    assert "sankantsu" in r.pao_yaku and not r.pao_by_open_kan  # ako 8-08-02
    assert r.pao_ron == "half" and r.pao_honba == "discarder"  # ako 8-08-04(-01)
    assert r.pao_scope == "pao_yaku"  # ako 8-08-07


def test_penalties(r: Ruleset) -> None:
    assert r.chombo == "mangan_each" and r.chombo_tenpai_best  # ako 7-01
    assert r.chombo_dealer_passes  # ako 7-02
    assert not r.chombo_sticks_returned  # ako 7-03: 次の局に持ち越す
    assert r.false_call == "none"  # ako 7-05-11
