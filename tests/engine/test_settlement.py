"""The final settlement: every club's scheme from its rule text, and properties."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hanchan.engine.events import FinalRow
from hanchan.engine.settlement import final_table, round_points
from hanchan.rulesets import load_ruleset
from hanchan.rulesets.schema import Ruleset
from tests.kit.real_logs import TENHOU6

MAKURA = Ruleset(uma=(20, 10, -10, -20), rounding="toward_zero", rounding_top_absorbs=True,
                 tie_break="seat_order", leftover_sticks="top")
TEIREIKAI = Ruleset(start_points=30000, return_points=30000, oka=0, uma=(10, 5, -5, -10),
                    rounding="half_up", rounding_top_absorbs=False, leftover_sticks="table")
AKO = Ruleset(uma_scheme="by_floaters",
              uma_by_floaters=((20, 10, -10, -20), (60, -10, -20, -30), (30, 10, -10, -30),
                               (20, 10, 0, -30)),
              rounding="five_down_six_up", rounding_top_absorbs=True)
YOKOYOKO = Ruleset(uma_scheme="float_sink", uma_sink=(-5, -10, -15), uma_float=(5, 0),
                   rounding="half_up", rounding_top_absorbs=True, bust_bonus=10,
                   yakuman_bonus_tsumo=10, yakuman_bonus_ron=20)
GPC = Ruleset(uma=(30, 10, -10, -30), tie_break="split", rounding="none",
              leftover_sticks="top")


def by_seat(rows: Sequence[FinalRow], attr: str = "result") -> list[float]:
    return [getattr(r, attr) for r in sorted(rows, key=lambda r: r.seat)]


# ------------------------------------------------------------------ makura


def test_makura_uma_and_rounding_toward_zero_top_absorbs() -> None:
    # makura 1: 25,000/30,000, uma +20/+10/-10/-20, plus players round down,
    # minus players round up, top absorbs.
    rows = final_table((41700, 32300, 18800, 7200), 0, MAKURA)
    assert [r.seat for r in rows] == [0, 1, 2, 3]
    assert by_seat(rows) == [51.0, 12.0, -21.0, -42.0]
    assert by_seat(rows, "oka") == [20.0, 0.0, 0.0, 0.0]
    assert by_seat(rows, "uma") == [20.0, 10.0, -10.0, -20.0]


def test_makura_equal_points_rank_by_seat_from_first_dealer() -> None:
    # makura 1: 同得点の場合の順位は起家から見て上家優先
    rows = final_table((20000, 30000, 30000, 20000), 0, MAKURA)
    assert [(r.seat, r.rank) for r in rows] == [(1, 1), (2, 2), (0, 3), (3, 4)]
    assert by_seat(rows) == [-20.0, 40.0, 10.0, -30.0]


def test_makura_leftover_sticks_go_to_top() -> None:
    # makura 24: 半荘終了時はトップ取り
    rows = final_table((40000, 30000, 20000, 8000), 2, MAKURA)
    assert rows[0].seat == 0 and rows[0].points == 42000
    assert by_seat(rows) == [52.0, 10.0, -20.0, -42.0]
    assert math.isclose(sum(r.result for r in rows), 0.0, abs_tol=1e-9)


# ------------------------------------------------------------------ teireikai


def test_teireikai_half_up_no_oka_and_sticks_stay_on_table() -> None:
    # teireikai ルール 2: 3万点持ち3万点返し, 千点未満を四捨五入 (32,500 -> +3);
    # ルール 3: 順位点 +10/+5/-5/-10; ルール 4: 供託棒はそのまま
    rows = final_table((32500, 30400, 29100, 27000), 1, TEIREIKAI)
    assert rows[0].points == 32500
    assert by_seat(rows) == [13.0, 5.0, -6.0, -13.0]
    assert sum(r.result for r in rows) == -1.0  # the stick left on the table


def test_teireikai_equal_to_the_hundred_ranks_by_seat() -> None:
    # teireikai ルール 3: 百点まで同じ場合は起家基準で上家が上位
    rows = final_table((25000, 35000, 25000, 35000), 0, TEIREIKAI)
    assert [r.seat for r in rows] == [1, 3, 0, 2]
    assert by_seat(rows, "uma") == [-5.0, 10.0, -10.0, 5.0]


# ------------------------------------------------------------------ ako


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        # one player at or above 30,000: +60/-10/-20/-30
        ((45500, 26600, 15400, 12500), [96.0, -13.0, -35.0, -48.0]),
        # two: +30/+10/-10/-30
        ((38000, 31000, 20000, 11000), [58.0, 11.0, -20.0, -49.0]),
        # three (exactly 30,000 floats): +20/+10/0/-30
        ((40000, 30100, 30000, -100), [50.0, 10.0, 0.0, -60.0]),
    ],
)
def test_ako_uma_by_number_of_floaters(scores: tuple[int, int, int, int],
                                       expected: list[float]) -> None:
    # ako 1-05 (uma by players at 30,000 or more); 1-03 五捨六入, top adjusts
    rows = final_table(scores, 0, AKO)
    assert by_seat(rows) == expected


def test_ako_five_down_six_up() -> None:
    # ako 1-03-01 / 1-03-02: 五捨六入 below and above 30,000
    assert round_points(32500, 30000, "five_down_six_up") == 2
    assert round_points(32600, 30000, "five_down_six_up") == 3
    assert round_points(12500, 30000, "five_down_six_up") == -18
    assert round_points(12600, 30000, "five_down_six_up") == -17
    assert round_points(-1500, 30000, "five_down_six_up") == -31


def test_ako_bust_chips_and_yakitori() -> None:
    # ako 8-07-18: the busted player pays 3 chips to each buster;
    # ako 1-08 / 8-07-17: yakitori paid in chips
    rules = AKO.replace(chips=True, chip_bust=3, yakitori=True, yakitori_chips=3)
    rows = final_table((60000, 30000, 11000, -1000), 0, rules,
                       busted_by={3: (0, 1)}, chips=(2, 0, 1, 0), winners={0, 1})
    chips = by_seat(rows, "chips")
    assert chips == [2 + 3 + 3 + 3, 3 + 3 + 3, 1 - 6, -6 - 6]
    assert sum(chips) == 3  # only the chips counted during the game are not zero-sum here


# ------------------------------------------------------------------ yokoyoko


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        # three sunk: top takes +30 (3コロ)
        ((52000, 20000, 15000, 13000), [72.0, -15.0, -25.0, -32.0]),
        # floating 2nd +5, top +20 (2コロ)
        ((40000, 32000, 18000, 10000), [50.0, 7.0, -22.0, -35.0]),
        # floating 2nd +5, floating 3rd 0, top +10 (1コロ)
        ((35000, 33000, 31000, 1000), [35.0, 8.0, 1.0, -44.0]),
    ],
)
def test_yokoyoko_float_sink_uma(scores: tuple[int, int, int, int],
                                 expected: list[float]) -> None:
    # yokoyoko (1) 順位点: ラス -15, 沈み3着 -10, 沈み2着 -5, 浮き3着 0, 浮き2着 +5, トップ残り
    rows = final_table(scores, 0, YOKOYOKO)
    assert by_seat(rows) == expected
    assert by_seat(rows, "uma")[0] == -sum(by_seat(rows, "uma")[1:])


def test_yokoyoko_half_up_rounding() -> None:
    # yokoyoko (1): 400点未満切り捨て、500点以上切り上げ; トップが調整
    rows = final_table((41500, 30400, 18500, 9600), 0, YOKOYOKO)
    assert by_seat(rows) == [51.0, 5.0, -21.0, -35.0]


def test_yokoyoko_bust_bonus() -> None:
    # yokoyoko (1) ブットビ: 飛ばした人 +10 per player, 飛ばされた人 -10
    rows = final_table((61000, 24000, 16000, -1000), 0, YOKOYOKO, busted_by={3: 0})
    assert by_seat(rows, "bonus") == [10.0, 0.0, 0.0, -10.0]
    assert by_seat(rows) == [91.0, -11.0, -24.0, -56.0]


def test_yokoyoko_no_bust_bonus_when_not_passed() -> None:
    # yokoyoko (1): a bust by noten payments or chombo gives nobody the bonus (the
    # caller leaves it out of busted_by)
    rows = final_table((61000, 24000, 16000, -1000), 0, YOKOYOKO)
    assert by_seat(rows, "bonus") == [0.0, 0.0, 0.0, 0.0]


def test_yokoyoko_yakuman_bonus() -> None:
    # yokoyoko (1) 役満御祝儀: ツモ 10 from everyone, 振り込み 20 from the discarder,
    # regardless of stacked yakuman (one entry per win)
    rows = final_table((52000, 20000, 15000, 13000), 0, YOKOYOKO,
                       yakuman_bonuses=[(1, None), (2, 3)])
    assert by_seat(rows, "bonus") == [-10.0, 30.0, 10.0, -30.0]
    assert math.isclose(sum(r.result for r in rows), 0.0, abs_tol=1e-9)


def test_yokoyoko_equal_points_upper_seat_first() -> None:
    # yokoyoko (1): 同点の場合は上荘を上位とする
    rows = final_table((25000, 25000, 25000, 25000), 0, YOKOYOKO)
    assert [(r.seat, r.rank) for r in rows] == [(0, 1), (1, 2), (2, 3), (3, 4)]


# ------------------------------------------------------------------ gpc


def test_gpc_exact_results() -> None:
    # gpc: 25,000/30,000, uma +30/+10/-10/-30, no rounding stated (kept exact)
    rows = final_table((43200, 28700, 17400, 10700), 0, GPC)
    assert by_seat(rows) == [63.2, 8.7, -22.6, -49.3]


def test_gpc_tied_players_split_uma() -> None:
    # gpc: 順位は上家優先なし。同得点の場合は順位点を折半
    rows = final_table((40000, 25000, 25000, 10000), 0, GPC)
    assert [(r.seat, r.rank) for r in rows] == [(0, 1), (1, 2), (2, 2), (3, 4)]
    assert by_seat(rows, "uma") == [30.0, 0.0, 0.0, -30.0]
    assert by_seat(rows) == [60.0, -5.0, -5.0, -50.0]


def test_gpc_tied_tops_split_uma_oka_and_sticks() -> None:
    # gpc: ties split the uma (and the oka); 終了時、供託リーチ棒はトップ者が取得
    rows = final_table((34000, 20000, 34000, 10000), 2, GPC)
    assert by_seat(rows, "points") == [35000, 20000, 35000, 10000]
    assert by_seat(rows, "oka") == [10.0, 0.0, 10.0, 0.0]
    assert by_seat(rows) == [35.0, -20.0, 35.0, -50.0]


# ------------------------------------------------------------------ Tenhou's own figures


def test_tenhou_final_scores_of_real_games() -> None:
    # The real games' own final tables: Tenhou rounded to whole thousands (half up on
    # the magnitude, top adjusts) until it switched to one decimal.
    for path in TENHOU6:
        log = json.loads(path.read_text(encoding="utf-8"))
        sc = log["sc"]
        points = (sc[0], sc[2], sc[4], sc[6])
        exact = any(float(x) != int(x) for x in sc[1::2])
        # East-only games use uma 10-5, hanchan 20-10
        uma = (10, 5, -5, -10) if "東" in log["rule"]["disp"] else (20, 10, -10, -20)
        rules = Ruleset(rounding="none" if exact else "half_up", uma=uma)
        rows = final_table(points, 0, rules)
        got = by_seat(rows)
        assert [round(x, 1) for x in got] == [float(x) for x in sc[1::2]], path.name


# ------------------------------------------------------------------ properties

RULES = st.builds(
    Ruleset,
    uma_scheme=st.sampled_from(["fixed", "by_floaters", "float_sink"]),
    tie_break=st.sampled_from(["seat_order", "split"]),
    rounding=st.sampled_from(["none", "toward_zero", "half_up", "five_down_six_up",
                              "floor_100"]),
    rounding_top_absorbs=st.just(True),
    leftover_sticks=st.just("top"),
    bust_bonus=st.integers(0, 30),
    yakuman_bonus_tsumo=st.integers(0, 20),
    yakuman_bonus_ron=st.integers(0, 20),
)


@st.composite
def game_end(draw: st.DrawFn) -> tuple[tuple[int, int, int, int], int]:
    sticks = draw(st.integers(0, 6))
    total = 100000 - 1000 * sticks
    a, b, c = (draw(st.integers(-400, 800)) * 100 for _ in range(3))
    scores = (a, b, c, total - a - b - c)
    return scores, sticks


@given(game_end(), RULES,
       st.dictionaries(st.integers(0, 3), st.integers(0, 3), max_size=2),
       st.lists(st.tuples(st.integers(0, 3), st.none() | st.integers(0, 3)), max_size=2))
def test_results_sum_to_zero_and_ranks_are_consistent(
    end: tuple[tuple[int, int, int, int], int], rules: Ruleset,
    busted: dict[int, int],
    yakuman: list[tuple[int, int | None]],
) -> None:
    scores, sticks = end
    busted = {k: v for k, v in busted.items() if k != v}
    yakuman = [(w, p) for w, p in yakuman if w != p]
    rows = final_table(scores, sticks, rules, busted_by=busted, yakuman_bonuses=yakuman)
    # zero-sum when the sticks go to the top and the top absorbs the rounding
    assert math.isclose(sum(r.result for r in rows), 0.0, abs_tol=1e-6)
    assert sum(r.points for r in rows) == 100000
    assert math.isclose(sum(r.bonus for r in rows), 0.0, abs_tol=1e-9)
    if rules.uma_scheme == "fixed":
        assert math.isclose(sum(r.uma for r in rows), sum(rules.uma), abs_tol=1e-9)
    assert sorted(r.seat for r in rows) == [0, 1, 2, 3]
    # rows are in rank order, points never increase down the table
    assert [r.rank for r in rows] == sorted(r.rank for r in rows)
    assert all(x.points >= y.points for x, y in zip(rows, rows[1:], strict=False))
    ranks = [r.rank for r in rows]
    if rules.tie_break == "seat_order":
        assert ranks == [1, 2, 3, 4]
        # equal points: the lower seat (nearer the first dealer) ranks higher
        for x, y in zip(rows, rows[1:], strict=False):
            if x.points == y.points:
                assert x.seat < y.seat
    else:
        for x, y in zip(rows, rows[1:], strict=False):
            # ties are decided on the points at the end of play; leftover sticks split
            # between tied tops may leave them a point apart (4,000 among three)
            assert (x.rank == y.rank) == (scores[x.seat] == scores[y.seat])
            if x.rank == y.rank:
                assert (x.uma, x.oka) == (y.uma, y.oka)
                assert abs(x.points - y.points) <= 1
    # oka only to the top (group)
    assert math.isclose(sum(r.oka for r in rows), rules.oka, abs_tol=1e-9)


@given(st.integers(-2000, 2000),
       st.sampled_from(["toward_zero", "half_up", "five_down_six_up", "floor_100", "none"]))
def test_rounding_is_close_and_monotonic(hundreds: int, mode: str) -> None:
    value = hundreds * 100
    r = round_points(value, 30000, mode)
    assert abs((r * 1000 + 30000) - value) <= (500 if mode in ("half_up", "five_down_six_up")
                                              else 999)
    assert round_points(value + 100, 30000, mode) >= r
    if mode == "toward_zero":
        assert abs(r * 1000) <= abs(value - 30000)
    if mode in ("half_up", "five_down_six_up"):
        # the points themselves round on their magnitude
        assert round_points(-value, 0, mode) == -round_points(value, 0, mode)


# ------------------------------------------------------------------ the preset files

SETTLEMENT_OPTIONS = ("start_points", "return_points", "oka", "uma_scheme", "tie_break",
                      "rounding", "leftover_sticks", "bust_bonus", "yakuman_bonus_tsumo",
                      "yakuman_bonus_ron")
SCHEME_OPTIONS = {"fixed": ("uma",), "by_floaters": ("uma_by_floaters",),
                  "float_sink": ("uma_sink", "uma_float")}


@pytest.mark.parametrize(("name", "expected"),
                         [("makura", MAKURA), ("teireikai", TEIREIKAI), ("ako", AKO),
                          ("yokoyoko", YOKOYOKO), ("gpc", GPC)])
def test_presets_settle_as_the_club_texts(name: str, expected: Ruleset) -> None:
    """The preset files set the settlement options the club examples above were checked with."""
    preset = load_ruleset(name)
    for option in SETTLEMENT_OPTIONS + SCHEME_OPTIONS[expected.uma_scheme]:
        assert getattr(preset, option) == getattr(expected, option), option


@given(game_end(), st.sampled_from(["none", "toward_zero", "half_up", "five_down_six_up"]),
       st.sampled_from(["fixed", "by_floaters", "float_sink"]))
def test_sticks_left_on_the_table_are_missing_from_the_sum(
    end: tuple[tuple[int, int, int, int], int],
    rounding: Literal["none", "toward_zero", "half_up", "five_down_six_up"],
    scheme: Literal["fixed", "by_floaters", "float_sink"],
) -> None:
    # teireikai ルール 4: the sticks stay on the table, so the results sum to minus them
    scores, sticks = end
    rules = Ruleset(leftover_sticks="table", rounding=rounding, uma_scheme=scheme)
    rows = final_table(scores, sticks, rules)
    assert math.isclose(sum(r.result for r in rows), -sticks, abs_tol=1e-6)
    assert [r.points for r in sorted(rows, key=lambda r: r.seat)] == list(scores)


def test_ako_yakitori_split_among_the_winners() -> None:
    # ako 8-07-17: each yakitori player puts 3 chips down and the others share them
    rules = AKO.replace(chips=True, yakitori=True, yakitori_chips=3, yakitori_payment="split")
    rows = final_table((40000, 30000, 20000, 10000), 0, rules, chips=(0, 0, 0, 0),
                       winners={0, 1, 2})
    assert by_seat(rows, "chips") == [1, 1, 1, -3]
    # two birds pool their 3 chips each (6) and the two winners take 3 each
    rows = final_table((40000, 30000, 20000, 10000), 0, rules, chips=(0, 0, 0, 0),
                       winners={0, 1})
    assert by_seat(rows, "chips") == [3, 3, -3, -3]
    # a pool that does not divide: the odd chips go to the higher-ranked winners
    rows = final_table((20000, 40000, 30000, 10000), 0, rules.replace(yakitori_chips=2),
                       chips=(0, 0, 0, 0), winners={0, 1, 2})
    assert by_seat(rows, "chips") == [0, 1, 1, -2]


def test_without_hakoshita_a_player_below_zero_settles_as_zero() -> None:
    # 箱下精算なし (negative_scores_count = false): -8,000 settles as 0
    plain = Ruleset(uma=(20, 10, -10, -20), rounding="none", leftover_sticks="top")
    with_debt = by_seat(final_table((60000, 30000, 18000, -8000), 0, plain))
    no_debt = by_seat(final_table((60000, 30000, 18000, -8000), 0,
                                  plain.replace(negative_scores_count=False)))
    assert with_debt[3] == -8.0 - 30.0 - 20.0
    assert no_debt[3] == 0.0 - 30.0 - 20.0
    assert no_debt[:3] == with_debt[:3]


@given(st.sets(st.integers(0, 3), min_size=1, max_size=3), st.integers(0, 10),
       st.tuples(*[st.integers(-100, 80) for _ in range(4)]))
def test_split_yakitori_pools_the_birds_chips(winners: set[int], each: int,
                                              raw: tuple[int, int, int, int]) -> None:
    # ako 8-07-17: 焼き鳥の人全員がチップ3枚ずつを場に出し、それ以外の人で等分する -- each
    # bird puts yakitori_chips in one pool; the winners' shares differ by at most one chip
    scores = (raw[0] * 500, raw[1] * 500, raw[2] * 500, raw[3] * 500)
    rules = AKO.replace(chips=True, yakitori=True, yakitori_chips=each,
                        yakitori_payment="split")
    chips = by_seat(final_table(scores, 0, rules, winners=winners), "chips")
    birds = [s for s in range(4) if s not in winners]
    assert all(chips[s] == -each for s in birds)
    assert sum(chips) == 0
    shares = [chips[s] for s in winners]
    assert max(shares) - min(shares) <= 1


def test_sticks_split_among_three_tied_tops_keep_them_tied() -> None:
    # Found by hypothesis: 4,000 in leftover sticks among three tops tied at 24,100 cannot
    # be split evenly; the odd point goes to the first of them and all three stay first.
    rules = Ruleset(tie_break="split", rounding="none", leftover_sticks="top")
    rows = final_table((24100, 24100, 24100, 23700), 4, rules)
    assert [(r.seat, r.rank, r.points) for r in rows] == [
        (0, 1, 25434), (1, 1, 25433), (2, 1, 25433), (3, 4, 23700)]
    assert len({(r.uma, r.oka) for r in rows[:3]}) == 1
