"""The teireikai preset against the matrix rows the club's rules set (001_ffa6775f146a77c2.txt)."""

from __future__ import annotations

import pytest

from hanchan.rulesets.loader import load_ruleset
from hanchan.rulesets.schema import Ruleset


@pytest.fixture(scope="module")
def r() -> Ruleset:
    return load_ruleset("teireikai")


def test_points_and_settlement(r: Ruleset) -> None:
    assert (r.start_points, r.return_points, r.oka) == (30000, 30000, 0)  # teireikai ルール2
    assert r.uma_scheme == "fixed" and r.uma == (10, 5, -5, -10)  # teireikai ルール3
    assert r.tie_break == "seat_order"  # teireikai ルール3: 起家基準で上家が上位
    assert r.rounding == "half_up"  # teireikai ルール2: 千点未満を四捨五入
    assert r.honba_points == 300  # teireikai ルール4
    assert r.leftover_sticks == "table"  # teireikai ルール4: 供託棒はそのままにする
    assert r.bust == "none"  # not stated: default no bust ending (MATRIX)


def test_length_dealer_and_ending(r: Ruleset) -> None:
    assert r.length == "east_south"  # teireikai ルール2
    assert r.renchan_at_draw == "tenpai"  # teireikai ルール4: 聴牌連荘
    # teireikai ルール7: 途中流局なし
    assert not (r.abort_nine_terminals or r.abort_four_winds or r.abort_four_riichi
                or r.abort_four_kans)
    assert r.double_ron == "head_bump" and r.triple_ron == "head_bump"  # teireikai ルール8
    assert r.min_han == 1 and r.two_han_from_honba == 0  # teireikai ルール1, ルール9
    assert r.noten_payment == 3000  # teireikai ルール4
    assert r.formal_tenpai and not r.tenpai_own_four_copies  # teireikai ルール6


def test_wall_and_dora(r: Ruleset) -> None:
    assert r.red_fives == 0  # not stated (MATRIX: none)
    assert r.ura_dora and r.kan_ura and r.kan_dora  # teireikai リーチ4, ルール15
    assert r.kan_dora_closed == "immediate" and r.kan_dora_open == "immediate"  # ルール15
    assert r.dead_wall == 14  # teireikai ルール18
    assert r.max_kans == 4  # teireikai ルール17


def test_calls(r: Ruleset) -> None:
    assert r.kuikae == "same_tile_forbidden"  # teireikai ルール12
    assert not r.kan_after_call  # teireikai ルール16
    assert not r.kan_on_last_tile and not r.call_on_last_discard  # teireikai ルール19


def test_riichi(r: Ruleset) -> None:
    assert not r.riichi_needs_points  # teireikai リーチ8: 点棒を借りてリーチ
    assert r.riichi_min_wall == 0  # teireikai リーチ3: ツモ順がなくてもリーチできる
    assert not r.open_riichi
    assert r.ippatsu and r.ippatsu_on_chankan  # teireikai リーチ4, リーチ5
    assert r.riichi_ankan == "composition_unchanged"  # teireikai リーチ7
    assert r.riichi_furiten_tsumo_only  # teireikai リーチ1


def test_yaku(r: Ruleset) -> None:
    assert r.open_tanyao and r.atozuke  # teireikai ルール1
    assert r.kiriage_mangan  # teireikai ルール5
    assert r.double_yakuman == ()  # teireikai ルール10: ダブル役満の倍点数は認めない
    assert not r.yakuman_stacking  # teireikai ルール10: 役満の特例なし
    assert r.renhou == "none" and not r.shiisanputaa  # teireikai ルール9
    assert r.daisharin == "none" and r.sanrenkou_han == 0  # teireikai ルール9
    assert r.nagashi_mangan == "none"  # teireikai ルール7
    assert not r.haitei_with_rinshan  # teireikai ルール21
    assert set(r.pao_yaku) == {"daisangen", "daisuushii"}  # teireikai ルール11
    assert r.pao_by_open_kan and r.pao_ron == "half"  # teireikai ルール11


def test_penalties(r: Ruleset) -> None:
    assert r.chombo == "to_table" and r.chombo_points == 12000  # teireikai 罰則1
    assert r.chombo_replay and r.chombo_sticks_returned  # teireikai 罰則1
    assert r.false_call == "dead_hand"  # teireikai 罰則3
