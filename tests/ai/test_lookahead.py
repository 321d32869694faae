"""The strong bot's look-ahead: win chances, exact wait values, tenpai quality."""

from __future__ import annotations

from ai.club import ClubBot
from ai.hand import hand_counts, ukeire, unseen_counts
from ai.tenpai_value import average_value, wait_values
from ai.winprob import win_chance, win_chance_one_shanten
from engine.tiles import parse_kinds
from tests.kit.botviews import make_view


def test_win_chance_grows_with_tiles_and_time() -> None:
    assert win_chance(0, 8, 100, 10) > win_chance(0, 4, 100, 10) > 0
    assert win_chance(0, 4, 100, 12) > win_chance(0, 4, 100, 4)
    assert win_chance(1, 20, 100, 10) > win_chance(2, 20, 100, 10)
    assert win_chance(0, 4, 100, 0) == 0.0
    assert win_chance(-1, 0, 100, 0) == 1.0


def test_one_shanten_chance_follows_the_tenpai_it_reaches() -> None:
    good = win_chance_one_shanten(16, 100, 12, 8)
    bad = win_chance_one_shanten(16, 100, 12, 2)
    assert good > bad > 0
    assert win_chance_one_shanten(16, 100, 0, 8) == 0.0


def test_exact_values_see_pinfu_dama_and_no_yaku() -> None:
    pinfu = make_view("123m456p789s23s99m", seat=1)
    tiles = list(pinfu.hand)
    dama = wait_values(pinfu, tiles, parse_kinds("1s4s"), riichi=False)
    assert all(v == 1000 for v in dama.values())  # pinfu ron, 30 fu 1 han, non-dealer
    riichi = wait_values(pinfu, tiles, parse_kinds("1s4s"), riichi=True)
    assert all(v == 2000 for v in riichi.values())
    bare = make_view("123m456p789s23s11z", seat=1)
    none = wait_values(bare, list(bare.hand), parse_kinds("1s4s"), riichi=False)
    assert set(none.values()) == {0}
    avg, share = average_value(none, unseen_counts(bare))
    assert avg == 0 and share == 0


def test_tenpai_quality_prefers_shapes_that_become_ryanmen() -> None:
    bot = ClubBot("strong", 0)
    good = make_view("123m456p3478s117z")
    bad = make_view("123m456p3579s117z")
    q = []
    for v in (good, bad):
        c = hand_counts(v)
        un = unseen_counts(v)
        _, kinds = ukeire(c, 0, un)
        q.append(bot._tenpai_quality(v, c, 0, kinds, un, set()))
    assert q[0] > q[1] > 0
