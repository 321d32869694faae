"""The yokoyoko preset against the matrix rows the group's rules set (003_521af3f826551224.txt)."""

from __future__ import annotations

import pytest

from hanchan.rulesets.loader import load_ruleset
from hanchan.rulesets.schema import Ruleset


@pytest.fixture(scope="module")
def r() -> Ruleset:
    return load_ruleset("yokoyoko")


def test_points_and_settlement(r: Ruleset) -> None:
    assert (r.start_points, r.return_points, r.oka) == (25000, 30000, 20)  # yokoyoko (1)
    assert r.uma_scheme == "float_sink"  # yokoyoko (1): 浮き沈み
    assert r.uma_sink == (-5, -10, -15)  # yokoyoko (1): 沈み2着/沈み3着/ラス
    assert r.uma_float == (5, 0)  # yokoyoko (1): 浮き2着/浮き3着
    assert r.tie_break == "seat_order"  # yokoyoko (1): 上荘を上位
    assert r.rounding == "half_up"  # yokoyoko (1)
    assert r.bust == "below_zero"  # yokoyoko (1): 0点は飛びではない
    assert r.bust_bonus == 10  # yokoyoko (1): 飛ばし馬 +10
    assert not r.bust_bonus_by_noten_or_chombo  # yokoyoko (1)
    assert (r.yakuman_bonus_tsumo, r.yakuman_bonus_ron) == (10, 20)  # yokoyoko (1)
    assert r.negative_scores_count  # yokoyoko (1): 箱下精算有り


def test_length_dealer_and_ending(r: Ruleset) -> None:
    assert r.extension == "sudden_death"  # yokoyoko (2)
    assert r.renchan_at_draw == "tenpai"  # yokoyoko (2)
    assert r.agariyame in ("if_top", "always")  # yokoyoko (2): 上がり止め有り
    assert r.abort_four_winds and r.abort_four_riichi and r.abort_four_kans  # yokoyoko (2)
    assert not r.abort_nine_terminals  # yokoyoko (2): not in its list
    assert r.double_ron == "head_bump" and r.triple_ron == "abort"  # yokoyoko (2)


def test_wall_calls_riichi(r: Ruleset) -> None:
    assert r.red_fives == 1  # yokoyoko (3)
    assert r.ura_dora and r.kan_dora and r.kan_ura  # yokoyoko (3)
    assert r.kan_dora_on_rinshan_win  # yokoyoko (3)
    assert r.kuikae == "allowed"  # yokoyoko (2): 喰い替えは全てOK
    assert r.riichi_needs_points  # yokoyoko (2)
    assert r.riichi_ankan == "composition_unchanged"  # yokoyoko (2): 待ちの形


def test_yaku(r: Ruleset) -> None:
    assert r.kiriage_mangan  # yokoyoko (1)
    assert r.kazoe_yakuman  # yokoyoko (4)
    assert r.yakuman_stacking  # yokoyoko (4)
    assert set(r.double_yakuman) == {"junsei_chuuren", "daisuushii", "kokushi_13",
                                     "suuankou_tanki"}  # yokoyoko (4)
    assert r.nagashi_mangan == "mangan"  # yokoyoko (4)
    assert not r.shiisanputaa  # yokoyoko (4)
    assert r.pao_yaku == ()  # yokoyoko (2): 役満の包なし


def test_penalties(r: Ruleset) -> None:
    assert r.chombo == "mangan_each"  # yokoyoko (5), (7)
    assert r.chombo_replay and r.chombo_sticks_returned  # yokoyoko (5), (1)
    assert r.false_call == "none"  # yokoyoko (5): ペナルティ無し
