"""engine.waits.wait_part (部分さらし, makura 18)) against a brute force.

The oracle shares nothing with the code under test but :func:`engine.waits.waits` for the
whole hand (itself checked against outside oracles in test_shanten.py): it tries every
sub-multiset of the hand, keeps those whose rest is complete sets, and reads their waits
by adding each kind and decomposing by hand.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from hanchan.engine.tiles import counts_of, format_kinds, parse_kinds
from hanchan.engine.waits import wait_part, waits
from tests.kit.budget import examples

SETS = [(k, k, k) for k in range(34)] + [(k, k + 1, k + 2) for k in range(27) if k % 9 < 7]


def _complete(counts: list[int], sets: int, pair: bool) -> bool:
    """Whether ``counts`` is exactly ``sets`` sets and (if ``pair``) one pair."""
    k = next((i for i in range(34) if counts[i]), None)
    if k is None:
        return sets == 0 and not pair
    options: list[tuple[tuple[int, ...], int, bool]] = []
    if pair and counts[k] >= 2:
        options.append(((k, k), sets, False))
    if sets and counts[k] >= 3:
        options.append(((k, k, k), sets - 1, pair))
    if sets and k < 27 and k % 9 < 7 and counts[k + 1] and counts[k + 2]:
        options.append(((k, k + 1, k + 2), sets - 1, pair))
    for block, left, want_pair in options:
        for i in block:
            counts[i] -= 1
        ok = _complete(counts, left, want_pair)
        for i in block:
            counts[i] += 1
        if ok:
            return True
    return False


def _regular_waits(part: list[int]) -> list[int]:
    """Kinds that make ``part`` (3j+1 tiles) j sets and a pair, a fifth copy allowed."""
    sets = (sum(part) - 1) // 3
    return [k for k in range(34)
            if _complete([c + (i == k) for i, c in enumerate(part)], sets, True)]


def _candidates(hand: list[int]) -> list[tuple[int, ...]]:
    """Every proper part (3j+1 tiles, as sorted kinds) whose rest is complete sets and
    whose regular waits are the whole hand's."""
    whole = waits(hand, (13 - sum(hand)) // 3)
    kinds = [k for k in range(34) if hand[k]]
    out = []
    for take in itertools.product(*(range(hand[k] + 1) for k in kinds)):
        part = [0] * 34
        for k, n in zip(kinds, take, strict=True):
            part[k] = n
        size = sum(part)
        rest = [h - p for h, p in zip(hand, part, strict=True)]
        if size % 3 == 1 and size < sum(hand) and _complete(rest, sum(rest) // 3, False) \
                and _regular_waits(part) == whole:
            out.append(tuple(k for k in range(34) for _ in range(part[k])))
    return out


@st.composite
def tenpai_hands(draw: st.DrawFn) -> list[int]:
    """A 3n+1 hand one tile short of sets and a pair (or of seven pairs)."""
    melds = draw(st.sampled_from((0, 0, 0, 1, 2, 3)))
    counts = [0] * 34
    if melds == 0 and draw(st.integers(0, 5)) == 0:
        for k in draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True)):
            counts[k] = 2
    else:
        # near kinds make shapes that overlap (nobetan, sanmenchan, nakabukure)
        suit = draw(st.integers(0, 3))
        while sum(counts) < 3 * (4 - melds):
            block = draw(st.sampled_from(SETS))
            if draw(st.booleans()) and block[0] // 9 != suit and suit < 3:
                continue
            if all(counts[k] + block.count(k) <= 4 for k in block):
                for k in block:
                    counts[k] += 1
        pair = draw(st.integers(0, 33))
        if counts[pair] > 2:
            pair = next(k for k in range(34) if counts[k] <= 2)
        counts[pair] += 2
    held = [k for k in range(34) if counts[k]]
    counts[draw(st.sampled_from(held))] -= 1
    return counts


def _show(text: str, melds: int = 0) -> str:
    return format_kinds(wait_part(counts_of(parse_kinds(text)), melds))


def test_known_parts() -> None:
    # makura 18): アガリ手を示す部分だけ
    assert _show("123m456p789s45s11z") == "45s11z"  # ryanmen with its pair
    assert _show("123m456p789s123s1z") == "1z"  # tanki: one tile
    assert _show("123m456p789s1234s") == "1234s"  # nobetan: the 1s needs the 234s
    assert _show("123m456p789s1112s") == "1112s"  # 2s tanki and 3s (11s with 12s)
    assert _show("111m456p789s11z22z") == "1122z"  # shanpon
    assert _show("1112345678999m") == "1112345678999m"  # nine gates: nothing to spare
    assert _show("1199m1199p1199s1z") == "1199m1199p1199s1z"  # seven pairs only
    assert _show("19m19p19s1234567z") == "19m19p19s1234567z"  # thirteen orphans
    assert _show("1111m123p456p789p") == "1m"  # the fifth 1m: tanki beside 111m
    assert _show("45s11z", 3) == "45s11z" and _show("1z", 4) == "1z"
    assert _show("11m234567m23p789s") == "11m23p"  # two sets of one suit face down


@settings(max_examples=examples(60), deadline=None)
@given(tenpai_hands())
def test_the_part_is_the_fewest_tiles_with_the_hands_waits(hand: list[int]) -> None:
    melds = (13 - sum(hand)) // 3
    whole = waits(hand, melds)
    part = wait_part(hand, melds)
    counts = counts_of(part)
    assert all(p <= h for p, h in zip(counts, hand, strict=True))
    assert len(part) % 3 == 1
    rest = [h - p for h, p in zip(hand, counts, strict=True)]
    assert _complete(rest, sum(rest) // 3, False)  # the rest is complete sets
    assert waits(counts, (13 - len(part)) // 3) == whole
    found = _candidates(hand)
    if len(part) < sum(hand):  # a part smaller than the hand: read by hand too
        assert _regular_waits(counts) == whole
        assert tuple(part) == min(c for c in found if len(c) == len(part))
    if whole:
        assert not [c for c in found if len(c) < len(part)]  # none smaller works
    else:
        assert part == [k for k in range(34) for _ in range(hand[k])]
