"""The strong bot's score-situation play and its style knobs."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, TypedDict, Unpack

import pytest

from hanchan.ai import defence
from hanchan.ai.club import STYLES, ClubBot, Situation
from hanchan.ai.club.reading import threats
from hanchan.ai.standing import (
    RON_SHARE,
    Standing,
    equity,
    extension_follows,
    hands_after,
    rank_worth,
    standing_of,
)
from hanchan.engine.actions import Chi, Pass, Pon
from hanchan.engine.settlement import rank_order
from hanchan.engine.tiles import parse_kinds
from hanchan.engine.view import PlayerView
from hanchan.rulesets.loader import load_ruleset
from hanchan.rulesets.schema import Ruleset
from tests.kit.botviews import make_view


class Where(TypedDict, total=False):
    """Where in the game a view is: ``make_view``'s round and hand number."""

    round_wind: int
    hand_number: int


LAST: Where = {"round_wind": 1, "hand_number": 3}  # South 4 of a hanchan: the last hand


def standing(scores: tuple[int, int, int, int], rules: Ruleset | None = None,
             **where: Unpack[Where]) -> Standing:
    """The standing of seat 0 (not the dealer) at ``scores``; the last hand by default."""
    at = where or LAST
    return Standing(make_view("123m456p789s1122z", rules=rules or Ruleset(), dealer=2,
                              scores=scores, **at))


def test_views_of_the_same_score_situation_share_one_standing() -> None:
    rules = Ruleset()
    at: dict[str, Any] = {"rules": rules, "dealer": 2, "round_wind": 0, "hand_number": 1}
    scores = (26000, 24000, 25000, 25000)
    first = standing_of(make_view("123m456p789s1122z", scores=scores, **at))
    # another hand, tiles and rivers: the same rules, seat, dealer, round and scores
    later = standing_of(make_view("11z234p", rivers=("1m", "", "", ""), scores=scores, **at))
    assert later is first
    assert later.win(3900) == Standing(make_view("1m", scores=scores, **at)).win(3900)
    other: dict[str, Any]
    for other in ({"scores": (25000, 25000, 25000, 25000)}, {"hand_number": 2},
                  {"dealer": 1}, {"seat": 1}, {"rules": Ruleset().replace(oka=0)}):
        assert standing_of(make_view("1m", **({"scores": scores, **at} | other))) is not first


def own_pair(view: PlayerView, kind_text: str) -> tuple[int, int]:
    k = parse_kinds(kind_text)[0]
    ts = [t for t in view.hand if t >> 2 == k]
    return (ts[0], ts[1])


def test_rank_values_follow_the_rulesets_uma_and_oka() -> None:
    for name in ("tenhou", "makura", "mahjongsoul"):
        rules = load_ruleset(name)
        vals = tuple(rank_worth(rules, [25000] * 4))
        if rules.uma_scheme == "fixed":
            assert vals[0] == (rules.uma[0] + rules.oka) * 1000.0
            assert vals[1:] == tuple(u * 1000.0 for u in rules.uma[1:])
        assert vals[0] > vals[1] > vals[2] > vals[3]


def test_early_in_the_game_points_are_worth_their_face_value() -> None:
    stand = standing((25000, 25000, 25000, 25000), round_wind=0, hand_number=0)
    v = make_view("123m456p789s1122z", dealer=2)
    for value in (1000, 3900, 8000):
        assert stand.win(value) == pytest.approx(value, rel=0.1)
    assert stand.loss(1, 5200) == pytest.approx(5200, rel=0.1)
    # the bot values wins through the standing (strong) or at face value (normal)
    assert Situation(v, STYLES["strong"]).win_value(3900) == stand.win(3900)
    assert Situation(v, STYLES["normal"]).win_value(3900) == 3900


def test_a_last_hand_win_that_takes_the_top_is_worth_the_uma() -> None:
    stand = standing((30000, 33000, 20000, 17000))  # tenhou: uma 20/10/-10/-20, oka 20
    # 3,900 lifts seat 0 over seat 1 (1st's 40 against 2nd's 10): far above its points
    assert stand.win(3900) > 2 * 3900
    # 1,000 ends the game in 2nd: it gives up the chance of passing the top this hand
    assert stand.win(1000) == 0.0
    # the same win two hands earlier is worth more than nothing, less than the top
    earlier = standing((30000, 33000, 20000, 17000), round_wind=1, hand_number=1)
    assert 0 < earlier.win(1000) < stand.win(3900)


def test_the_top_values_any_win_that_ends_the_game() -> None:
    close = standing((31000, 30000, 20000, 19000))
    far = standing((50000, 20000, 16000, 14000))
    # a 1,000 win as a close top is worth far more than its points: it keeps the top
    assert close.win(1000) > 5 * far.win(1000) > 0


def test_the_4th_gains_by_climbing_to_3rd() -> None:
    climbs = standing((14000, 40000, 30000, 16000))
    stays = standing((8000, 40000, 30000, 22000))
    assert climbs.win(3900) > 2.5 * stays.win(3900) > 0


def test_the_top_fears_a_deal_in_to_the_2nd_most_at_the_last_hand() -> None:
    rules = Ruleset()
    scores = (40000, 34000, 17000, 9000)
    early = Standing(make_view("1m", scores=scores, rules=rules))
    last = Standing(make_view("1m", scores=scores, rules=rules, **LAST))
    big = Standing(make_view("1m", scores=scores, **LAST,
                             rules=rules.replace(uma=(30, 10, -10, -30))))
    # early a deal-in costs about its points to anyone
    assert early.loss(1, 5200) == pytest.approx(early.loss(3, 5200), rel=0.3)
    # at the last hand 5,200 to the 2nd gives the top away; to the 4th it does not
    assert last.loss(1, 5200) > 3 * last.loss(3, 5200)
    assert big.loss(1, 5200) > last.loss(1, 5200)


def test_a_deal_in_that_busts_ends_the_game_in_4th() -> None:
    rules = Ruleset()  # bust below zero
    scores = (6000, 30000, 32000, 32000)
    stand = Standing(make_view("1m", scores=scores, rules=rules, round_wind=0, hand_number=1))
    plays_on = Standing(make_view("1m", scores=scores, round_wind=0, hand_number=1,
                                  rules=rules.replace(bust="none")))
    assert stand.loss(1, 8000) > plays_on.loss(1, 8000)


def test_yakuhai_margin_is_its_own_threshold() -> None:
    bot = ClubBot("strong", style=replace(STYLES["strong"], call_margin=100.0,
                                          yakuhai_margin=0.0))
    v = make_view("24m678p345s99s1z55z", last_discard=(3, "5z"))
    assert isinstance(bot.choose(v, [Pon(own_pair(v, "5z")), Pass()]), Pon)
    # the same bot refuses every other call: a chi of 3m beside a dragon triplet, which
    # the bot with its own thresholds takes (so the threshold is what refuses it)
    w = make_view("24m678p34s99s555z1z", last_discard=(3, "3m"))
    chi = Chi((w.hand[0], w.hand[1]))
    assert isinstance(ClubBot("strong").choose(w, [chi, Pass()]), Chi)
    assert isinstance(bot.choose(w, [chi, Pass()]), Pass)
    bot.style = replace(bot.style, yakuhai_margin=100.0)
    assert isinstance(bot.choose(v, [Pon(own_pair(v, "5z")), Pass()]), Pass)


def test_riichi_value_scales_the_riichi_threat_only() -> None:
    v = make_view("123m456p789s1122z", rivers=("", "9m1z", "9p", ""), riichi=(1,))
    base = {t.seat: t.value for t in defence.threats(v)}
    # (no standing: with one each threat's value is its worth to the final result)
    style = replace(STYLES["strong"], riichi_value=2 * defence.RIICHI_VALUE,
                    reads_open_hands=True)
    got = {t.seat: t.value for t in threats(v, style)}
    assert got[1] == pytest.approx(2 * base[1])
    assert all(got[s] == base[s] for s in got if s != 1)


def test_a_last_hand_that_leaves_everyone_short_of_30000_plays_on() -> None:
    """Tenhou: nobody at 30,000 after South 4 means a West round in sudden death.

    Top with 28,000 in the last hand, a 1,000 win (29,000 after it) does not end the
    game under Tenhou's rules, so it is worth less than where the game ends (no
    extension); a 3,900 win reaches 30,000 and ends the game as top under both, worth
    more under Tenhou's, where doing nothing would leave the game open longer.
    """
    tenhou = load_ruleset("tenhou")
    ends = tenhou.replace(extension="none")
    scores = (28000, 26000, 24000, 22000)
    extended, final = standing(scores, tenhou), standing(scores, ends)
    assert extended.win(1000) < 0.8 * final.win(1000)
    assert extended.win(3900) > final.win(3900) > 3900
    # with someone already at 30,000 the extension cannot follow: the same either way
    rich = (31000, 26000, 22000, 21000)
    assert standing(rich, tenhou).win(1000) == pytest.approx(standing(rich, ends).win(1000))


def test_an_extension_round_played_in_full_counts_its_hands() -> None:
    """ako 1-04: extension rounds are played in full, so West 1 has three hands after it."""
    ako = load_ruleset("ako")
    assert hands_after(ako, 2, 0) == pytest.approx(3 * 1.25)
    assert not extension_follows(ako, 2, 0) and extension_follows(ako, 2, 3)
    tenhou = load_ruleset("tenhou")  # West round at most: West 4 is the very last hand
    assert extension_follows(tenhou, 1, 3) and extension_follows(tenhou, 2, 1)
    assert not extension_follows(tenhou, 2, 3) and not extension_follows(tenhou, 1, 2)
    assert not extension_follows(load_ruleset("makura"), 1, 3)  # makura 2): no West round


def _plain_equity(rules: Ruleset, scores: Sequence[int], me: int, spread: float,
                  worth: Sequence[float] | None = None) -> float:
    """:func:`ai.standing.equity` as first written (a list of rank chances, a generator)."""
    if worth is None:
        worth = rank_worth(rules, scores)
    if rules.bust == "below_zero" and min(scores) < 0:
        spread = 0.0
    if spread <= 0.0:
        return scores[me] + worth[rank_order(scores).index(me)]
    dist = [1.0, 0.0, 0.0, 0.0]
    scale = spread * math.sqrt(2.0)
    mine = scores[me]
    for seat, score in enumerate(scores):
        if seat == me:
            continue
        above = 0.5 * math.erfc((mine - score) / scale / math.sqrt(2.0))
        for k in (3, 2, 1):
            dist[k] = dist[k] * (1.0 - above) + dist[k - 1] * above
        dist[0] *= 1.0 - above
    return mine + sum(p * w for p, w in zip(dist, worth, strict=True))


def test_equity_is_the_plain_reading() -> None:
    """The unrolled rank chances give the plain loop's result to the last bit."""
    rng = random.Random(4)
    presets = [load_ruleset(name) for name in ("tenhou", "mahjongsoul", "makura", "ako")]
    for _ in range(20000):
        rules = rng.choice(presets)
        scores = [rng.randrange(-20000, 80000, 100) for _ in range(4)]
        if rng.random() < 0.2:
            scores[rng.randrange(4)] = scores[rng.randrange(4)]  # ties
        me = rng.randrange(4)
        spread = rng.choice((0.0, rng.uniform(1.0, 20000.0), 4000.0 * math.sqrt(2.5)))
        worth = None if rng.random() < 0.5 else rank_worth(rules, scores)
        assert equity(rules, scores, me, spread, worth) == _plain_equity(
            rules, scores, me, spread, worth)


def _plain_win(st: Standing, value: float) -> float:
    """:meth:`Standing.win` as first written: every move of the points through ``_moved``."""
    me, dealer = st._me, st._dealer
    others = [s for s in range(4) if s != me]
    ron = sum(st._moved(((me, value), (s, -value)), winner=me) for s in others) / 3.0
    if me == dealer:
        pays = {s: value / 3.0 for s in others}
    else:
        pays = {s: value / (2.0 if s == dealer else 4.0) for s in others}
    tsumo = st._moved(((me, value), *((s, -p) for s, p in pays.items())), winner=me)
    result = RON_SHARE * ron + (1.0 - RON_SHARE) * tsumo
    return max(0.0, (result - st._base) / st._kappa)


def test_the_worth_of_a_win_is_the_plain_reading() -> None:
    """The points of a win moved on lists made in place give ``_moved``'s worths exactly,
    for every seat, dealer and hand of several presets and many values."""
    rng = random.Random(6)
    presets = [load_ruleset(name) for name in ("tenhou", "mahjongsoul", "makura", "ako")]
    for _ in range(1500):
        rules = rng.choice(presets)
        scores = [rng.randrange(-5000, 60000, 100) for _ in range(4)]
        st = Standing(make_view("123m456p789s1122z", rules=rules, seat=rng.randrange(4),
                                dealer=rng.randrange(4), scores=scores,
                                round_wind=rng.randrange(3), hand_number=rng.randrange(4)))
        for _ in range(8):
            value = rng.choice((rng.uniform(300.0, 40000.0), float(rng.randrange(1000, 12000)),
                                rng.randrange(1000, 8000) + 0.5))
            assert st._win(value) == _plain_win(st, value)
