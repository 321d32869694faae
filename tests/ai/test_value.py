"""Hand value estimation: sure yaku, dora, red fives, routes."""

from __future__ import annotations

from ai.value import context, dora_count, estimate, points_for, route_yaku, sure_yaku
from engine.events import Meld
from engine.tiles import counts_of, parse_kinds, parse_tiles
from rulesets.schema import Ruleset
from tests.kit.botviews import make_view


def counts(text: str) -> list[int]:
    return counts_of(parse_kinds(text))


def test_yakuhai_triplet_is_a_sure_yaku_and_a_pair_is_not() -> None:
    ctx = context(make_view("1m"))
    assert sure_yaku(counts("123m456p78s55577z"), (), ctx) == 1
    assert sure_yaku(counts("123m456p789s2377z"), (), ctx) == 0


def test_double_wind_counts_twice() -> None:
    ctx = context(make_view("1m", seat=0, dealer=0, round_wind=0))  # East seat, East round
    pon = Meld("pon", tuple(parse_tiles("111z")), None, 1)
    assert sure_yaku(counts("123m456p78s99s"), (pon,), ctx) == 2


def test_open_tanyao_follows_the_ruleset() -> None:
    pon = Meld("chi", tuple(parse_tiles("234m")), None, 3)
    hand = counts("456p678s2233s")
    assert sure_yaku(hand, (pon,), context(make_view("1m"))) == 1
    no_kuitan = context(make_view("1m", rules=Ruleset().replace(open_tanyao=False)))
    assert sure_yaku(hand, (pon,), no_kuitan) == 0


def test_open_hand_without_yaku_is_worth_only_its_chances() -> None:
    v = make_view("1m")
    ctx = context(v)
    chi = Meld("chi", tuple(parse_tiles("123m")), None, 3)
    un = [3] * 34
    hopeless = estimate(counts("456p789s1199s19p"), (chi,), ctx, un)
    assert hopeless.sure_han == 0 and hopeless.yaku_chance < 0.5
    closed = estimate(counts("123m456p789s1199s"), (), ctx, un)
    assert closed.yaku_chance == 1.0 and closed.points > hopeless.points


def test_dora_and_red_fives_raise_the_value() -> None:
    ctx = context(make_view("1m", dora="4m"))  # dora 5m
    un = [3] * 34
    plain = estimate(counts("123m456p789s1199s"), (), ctx, un)
    with_dora = estimate(counts("345m456p789s1199s"), (), ctx, un)
    assert dora_count(counts("345m456p789s1199s"), (), ctx, 1) == 2
    assert with_dora.points > plain.points


def test_points_grow_with_han_and_dealer() -> None:
    assert points_for(0, False) == 0
    assert points_for(1, False) < points_for(2, False) < points_for(4, False)
    assert points_for(3, True) == 1.5 * points_for(3, False)
    assert points_for(1.5, False) > points_for(1, False)


def test_a_float_does_not_break_the_route_to_open_tanyao() -> None:
    ctx = context(make_view("1m"))
    chi = Meld("chi", tuple(parse_tiles("456s")), None, 3)
    floating = counts("23456m345p67s9s")  # the 9s joins nothing: throw it, keep tanyao
    assert sure_yaku(floating, (chi,), ctx) == 0
    assert route_yaku(floating, (chi,), ctx) == 1
    needed = counts("23456m345p78s9s")  # 789s is the hand's run: no tanyao without it
    assert route_yaku(needed, (chi,), ctx) == 0
    no_kuitan = context(make_view("1m", rules=Ruleset().replace(open_tanyao=False)))
    assert route_yaku(floating, (chi,), no_kuitan) == 0


def test_a_float_does_not_break_the_route_to_a_flush() -> None:
    ctx = context(make_view("1m"))
    pon = Meld("pon", tuple(parse_tiles("555p")), None, 1)
    floating = counts("1235p678p11z9m")  # the lone 9m goes next: open honitsu
    assert route_yaku(floating, (pon,), ctx) == 2
    clean = counts("1234p6789p99p")  # no honours: open chinitsu
    assert route_yaku(clean, (pon,), ctx) == 5
    needed = counts("123p678p11z789m")  # the 789m run is part of the hand
    assert route_yaku(needed, (pon,), ctx) == 0
    two_suits = Meld("chi", tuple(parse_tiles("123m")), None, 3)
    assert route_yaku(floating, (pon, two_suits), ctx) == 0
