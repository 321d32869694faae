"""The fast path of ``score_win`` against the complete scorer, and its tables.

``score_win`` values ordinary hands from packed per-suit readings and leaves the
rest to the complete scorer (engine.scoring.full); ``score_reference`` runs the
complete scorer alone.  Both must give equal results for every hand, under every
ruleset, whatever the memo holds.
"""

from __future__ import annotations

import dataclasses
from itertools import permutations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hanchan.engine.events import Meld
from hanchan.engine.scoring import WinContext, clear_cache, score_win
from hanchan.engine.scoring.decompose import regular_readings
from hanchan.engine.scoring.full import score_reference
from hanchan.engine.scoring.melds import KAN_SHAPE, MELDS, PON_SHAPE, SEQ_SHAPE
from hanchan.engine.scoring.suits import (
    KINDS_SHIFT,
    MULTI_SHIFT,
    NONE_SHIFT,
    PAIR_SHIFT,
    PAIRS_SHIFT,
    READING_MASK,
    READINGS,
    TRIP_SHIFT,
    suit_value,
)
from hanchan.engine.tiles import parse_tiles
from hanchan.rulesets.schema import Ruleset
from tests.kit.budget import examples
from tests.kit.mahjong_ref import HandSpec, a_set, build, hand_specs

RULESETS = [
    Ruleset(),
    Ruleset().replace(kiriage_mangan=True, open_tanyao=False, red_fives=2, double_wind_fu=2,
                      pinfu_tsumo_fu=False, open_pinfu_ron_fu=20, chiitoitsu_fu=50),
    Ruleset().replace(sanrenkou_han=2, suurenkou=True, sankantsu_yakuman=True,
                      daisharin="any_pairs", shiisanputaa=True, renhou="mangan",
                      paarenchan=True, haitei_with_rinshan=True, kazoe_cap="sanbaiman"),
    Ruleset().replace(double_yakuman=(), kazoe_yakuman=False, yakuman_stacking=False,
                      renhou="yakuman", tenhou_best_waits=True, chankan_on_ankan="none",
                      ura_dora=False, ippatsu=False, red_fives=0),
]

one_suit_set = st.integers(0, 2).flatmap(lambda s: st.one_of(
    st.tuples(st.just("seq"), st.integers(0, 6).map(lambda i: s * 9 + i), st.just("closed")),
    st.tuples(st.just("trip"), st.integers(0, 8).map(lambda i: s * 9 + i),
              st.sampled_from(["closed", "closed", "pon", "ankan"])),
))
specs = hand_specs(st.one_of(st.tuples(a_set, a_set, a_set, a_set),
                             st.tuples(one_suit_set, one_suit_set, one_suit_set,
                                       one_suit_set)))
rare_flags = st.fixed_dictionaries({}, optional={
    f: st.booleans() for f in ("open_riichi", "chankan_ankan", "tenhou", "chiihou", "renhou",
                               "first_draw_no_calls", "paarenchan", "furiten")})


def check_same(ctx: WinContext, rules: Ruleset) -> None:
    want = score_reference(ctx, rules)
    clear_cache()
    assert score_win(ctx, rules) == want  # scored from scratch
    assert score_win(ctx, rules) == want  # from the memo


@given(specs, rare_flags, st.integers(0, len(RULESETS) - 1), st.integers(-1, 13))
@settings(max_examples=examples(150))
def test_fast_path_equals_the_complete_scorer(spec: HandSpec, flags: dict[str, Any],
                                               which: int, win: int) -> None:
    ctx = dataclasses.replace(build(spec), **flags)
    if win >= 0:  # every tile of the hand may be the winning one
        ctx = dataclasses.replace(ctx, win_tile=ctx.concealed[win % len(ctx.concealed)])
    check_same(ctx, RULESETS[which])


@given(st.lists(st.integers(0, 135), min_size=14, max_size=14, unique=True),
       st.integers(0, 13), st.booleans(), st.integers(0, len(RULESETS) - 1))
def test_any_fourteen_tiles_agree(tiles: list[int], win: int, tsumo: bool, which: int) -> None:
    ctx = WinContext(tuple(tiles), (), tiles[win], tsumo, 0, 0, first_draw_no_calls=True)
    check_same(ctx, RULESETS[which])


@pytest.mark.parametrize("hand", [
    "11122233344455m",  # nine readings-worth of one suit: several per-suit readings
    "11123455678999m",  # nine gates (full scorer)
    "22334455667788p",  # seven pairs or ryanpeikou
    "19m19p19s12345677z",  # thirteen orphans (full scorer)
    "111222333m11155z",  # dragons
    "123456789m12399s",  # ittsu
])
def test_example_hands_agree(hand: str) -> None:
    tiles = tuple(parse_tiles(hand))
    for rules in RULESETS:
        for win in tiles:
            for tsumo in (False, True):
                check_same(WinContext(tiles, (), win, tsumo, 1, 0, riichi=True), rules)


def test_impossible_tiles_are_refused_the_same_way() -> None:
    hand = tuple(parse_tiles("123m456p789s11122z"))
    pon = Meld("pon", (124, 125, 126), 124, 2)
    bad = [
        WinContext(hand[:-1], (), hand[0], False, 0, 0),
        WinContext(hand[:-1] + (hand[0],), (), hand[0], False, 0, 0),
        WinContext(hand[:-1] + (136,), (), hand[0], False, 0, 0),
        WinContext(hand[:-1] + (-1,), (), hand[0], False, 0, 0),
        WinContext(hand[:11], (Meld("chi", (0, 4, 12), 0, 3),), hand[0], False, 0, 0),
        WinContext(hand[:11], (Meld("pon", (124, 125, 129), 124, 2),), hand[0], False, 0, 0),
        WinContext(hand[:11], (Meld("minkan", (124, 125, 126), 124, 2),), hand[0], False, 0, 0),
        WinContext(hand[:11], (Meld("pon", (124, 125)),), hand[0], False, 0, 0),
        WinContext(hand[:11], (Meld("pon", (hand[0], 125, 126)),), hand[0], False, 0, 0),
        WinContext(hand[:11], (pon,), 135, False, 0, 0),
    ]
    for ctx in bad:
        want = score_reference(ctx, Ruleset())
        assert not want.valid
        assert score_win(ctx, Ruleset()) == want


def test_melds_given_as_lists_still_score() -> None:
    hand = tuple(parse_tiles("123m456p789s22z"))
    as_tuple = WinContext(hand, (Meld("pon", (124, 125, 126), 124, 2),), hand[-1], False, 0, 0)
    as_list = dataclasses.replace(
        as_tuple, melds=(Meld("pon", [124, 125, 126], 124, 2),))  # type: ignore[arg-type]  # a list on purpose
    want = score_reference(as_tuple, Ruleset())
    assert want.valid and ("yakuhai_haku", 1) in want.yaku
    assert score_win(as_list, Ruleset()) == want == score_win(as_tuple, Ruleset())


def test_suit_values_hold_the_decompositions() -> None:
    part = bytes([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4])  # 11122233344455m
    value = suit_value(part)
    assert value >> KINDS_SHIFT & ((1 << 34) - 1) == 0b11111
    assert value >> PAIRS_SHIFT & 15 == 1 and value >> NONE_SHIFT & 15 == 0
    assert value >> MULTI_SHIFT == 1  # several readings: listed in READINGS
    counts = tuple([3, 3, 3, 3, 2] + [0] * 29)
    want = {(p, sum(1 << k for k in set(s)), sum(1 << k for k in t))
            for p, s, t in regular_readings(counts)}
    got = {((r >> PAIR_SHIFT) - 1, r & ((1 << TRIP_SHIFT) - 1),
            r >> TRIP_SHIFT & ((1 << TRIP_SHIFT) - 1)) for r in READINGS[part]}
    assert got == want and len(want) > 1
    assert all(r & ~READING_MASK == 0 for r in READINGS[part])
    one = suit_value(bytes([27, 27, 27]))  # a triplet of East: one reading, in the value
    assert one >> MULTI_SHIFT == 0 and one >> TRIP_SHIFT & 1 << 27
    assert suit_value(bytes([9, 10])) >> NONE_SHIFT & 15 == 1  # 23p: no reading


def test_the_meld_table_holds_every_valid_meld_and_nothing_else() -> None:
    assert MELDS[(8, 4, 0)][:2] == (SEQ_SHAPE, 0)  # 3m 2m 1m in any order
    assert MELDS[(127, 124, 126)][:2] == (PON_SHAPE, 31)
    for p in permutations((132, 133, 134, 135)):
        assert MELDS[p][:2] == (KAN_SHAPE, 33)
    assert (0, 4, 44) not in MELDS  # 1m 2m 3p
    assert (28, 32, 36) not in MELDS  # 8m 9m 1p
    assert (0, 0, 1) not in MELDS  # a tile twice
    assert (108, 112, 116) not in MELDS  # honours do not run
    assert len(MELDS) == 21 * 64 * 6 + 34 * 4 * 6 + 34 * 24
