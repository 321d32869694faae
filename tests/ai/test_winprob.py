"""Win chances (ai.winprob) and the exact values of tenpai waits (ai.tenpai_value)."""

from __future__ import annotations

from hanchan.ai.hand import unseen_counts
from hanchan.ai.tenpai_value import average_value, wait_values
from hanchan.ai.winprob import win_chance
from hanchan.engine.tiles import parse_kinds
from tests.kit.botviews import make_view


def test_win_chance_grows_with_tiles_and_time() -> None:
    assert win_chance(0, 8, 100, 10) > win_chance(0, 4, 100, 10) > 0
    assert win_chance(0, 4, 100, 12) > win_chance(0, 4, 100, 4)
    assert win_chance(1, 20, 100, 10) > win_chance(2, 20, 100, 10)
    assert win_chance(0, 4, 100, 0) == 0.0
    assert win_chance(-1, 0, 100, 0) == 1.0


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
