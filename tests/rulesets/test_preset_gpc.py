"""The gpc preset against the matrix rows the club sets (004_12688f724c295d35.txt, by line)."""

from __future__ import annotations

import pytest

from hanchan.rulesets.loader import load_ruleset
from hanchan.rulesets.schema import Ruleset


@pytest.fixture(scope="module")
def r() -> Ruleset:
    return load_ruleset("gpc")


def test_points_and_settlement(r: Ruleset) -> None:
    assert (r.start_points, r.return_points, r.oka) == (25000, 30000, 20)  # gpc l.9
    assert r.uma == (30, 10, -10, -30)  # gpc l.12-15
    assert r.tie_break == "split"  # gpc l.18: 順位点を折半
    assert r.rounding == "none"  # not stated: kept exact (MATRIX)
    assert r.honba_points == 300  # gpc l.25
    assert r.leftover_sticks == "top"  # gpc l.7
    assert r.bust == "none"  # gpc l.21: ハコ割れ終了なし


def test_length_dealer_and_ending(r: Ruleset) -> None:
    assert r.length == "east_south" and r.extension == "none"  # gpc l.8
    assert r.renchan_at_draw == "tenpai"  # gpc l.26
    assert r.agariyame == "none" and r.tenpaiyame == "none"  # gpc l.21
    assert not (r.abort_nine_terminals or r.abort_four_winds or r.abort_four_riichi
                or r.abort_four_kans)  # gpc l.20
    assert r.double_ron == "head_bump" and r.triple_ron == "head_bump"  # gpc l.22
    assert r.min_han == 1  # gpc l.19
    assert r.noten_payment == 3000  # gpc l.23
    assert r.formal_tenpai and not r.tenpai_own_four_copies  # gpc l.24


def test_wall_calls_riichi(r: Ruleset) -> None:
    assert r.red_fives == 0  # not stated (MATRIX: none)
    assert r.max_kans == 4  # gpc l.33
    assert r.kuikae == "forbidden"  # gpc l.28
    assert r.ippatsu and r.ura_dora  # gpc l.8
    assert r.riichi_furiten_tsumo_only  # gpc l.31


def test_yaku(r: Ruleset) -> None:
    assert r.open_tanyao and r.atozuke  # gpc l.8
    assert r.kiriage_mangan  # gpc l.27
    assert r.double_wind_fu == 2  # gpc l.29
    assert r.chankan_on_ankan == "none"  # gpc l.34: 国士の特例なし
    assert set(r.pao_yaku) == {"daisangen", "daisuushii"}  # gpc l.37
    assert r.pao_ron == "half"  # gpc l.36: 折半払い


def test_penalties(r: Ruleset) -> None:
    assert r.chombo == "to_nobody" and r.chombo_points == 12000  # gpc l.5, l.38
    assert r.chombo_replay and not r.chombo_dealer_passes  # gpc l.39
    assert r.chombo_sticks_returned  # gpc l.40
    assert r.false_call == "none"  # gpc l.54-55: abolished in 2020
