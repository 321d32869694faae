"""Tests for engine.shanten and engine.waits.

Oracles independent of the code under test: a brute-force decomposer for
complete hands, an exhaustive target search for small hands, and the
``mahjong`` (2.x) and ``xiangting`` packages for differential runs.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
import xiangting
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from mahjong.shanten import Shanten

from hanchan.engine import shanten as shanten_mod
from hanchan.engine.shanten import shanten, shanten_chiitoi, shanten_kokushi, shanten_regular
from hanchan.engine.waits import DiscardOption, discard_options, is_tenpai, ukeire, waits

TERMINALS_HONOURS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


# --- helpers -------------------------------------------------------------------


def parse(text: str) -> list[int]:
    """mpsz notation to 34 counts (local, so these tests do not rely on engine.tiles)."""
    counts = [0] * 34
    digits: list[int] = []
    for ch in text:
        if ch.isdigit():
            digits.append(int(ch))
        else:
            base = "mpsz".index(ch) * 9
            for d in digits:
                counts[base + d - 1] += 1
            digits = []
    return counts


def counts_of(tiles: Sequence[int]) -> list[int]:
    """34 counts of physical tiles 0..135."""
    counts = [0] * 34
    for t in tiles:
        counts[t // 4] += 1
    return counts


def brute_regular(counts: list[int], sets: int, pair: bool) -> bool:
    """Whether counts are exactly ``sets`` sets plus (if ``pair``) one pair."""
    k = next((i for i in range(34) if counts[i]), None)
    if k is None:
        return sets == 0 and not pair
    found = False
    if pair and counts[k] >= 2:
        counts[k] -= 2
        found = brute_regular(counts, sets, False)
        counts[k] += 2
    if not found and sets and counts[k] >= 3:
        counts[k] -= 3
        found = brute_regular(counts, sets - 1, pair)
        counts[k] += 3
    if not found and sets and k < 27 and k % 9 < 7 and counts[k + 1] and counts[k + 2]:
        for i in (k, k + 1, k + 2):
            counts[i] -= 1
        found = brute_regular(counts, sets - 1, pair)
        for i in (k, k + 1, k + 2):
            counts[i] += 1
    return found


def brute_complete(counts: Sequence[int], melds: int) -> bool:
    """Independent check that a 3n+2 hand is a winning shape."""
    if sum(counts) != 14 - 3 * melds:
        return False
    if brute_regular(list(counts), 4 - melds, True):
        return True
    if melds:
        return False
    if sorted(x for x in counts if x) == [2] * 7:
        return True
    return (
        all(counts[k] for k in TERMINALS_HONOURS)
        and sum(counts[k] for k in TERMINALS_HONOURS) == 14
    )


TRIPLETS: list[tuple[int, ...]] = [(k, k, k) for k in range(34)]
RUNS: list[tuple[int, ...]] = [(k, k + 1, k + 2) for k in range(27) if k % 9 < 7]
ALL_SETS = TRIPLETS + RUNS


def brute_shanten_small(counts: Sequence[int], melds: int) -> int:
    """Exhaustive shanten for hands of at most 2 sets: min tiles to add minus one.

    Targets are every (sets + pair) with at most four copies of a kind;
    chiitoitsu/kokushi do not apply (melds >= 2).
    """
    best = 99
    for combo in itertools.combinations_with_replacement(ALL_SETS, 4 - melds):
        for pair in range(34):
            want: dict[int, int] = {pair: 2}
            for block in combo:
                for k in block:
                    want[k] = want.get(k, 0) + 1
            if max(want.values()) > 4:
                continue
            need = sum(max(w - counts[k], 0) for k, w in want.items())
            best = min(best, need)
    return best - 1


def with_tile(counts: Sequence[int], kind: int, delta: int = 1) -> list[int]:
    out = list(counts)
    out[kind] += delta
    return out


# --- strategies ---------------------------------------------------------------


@st.composite
def random_hand(draw: st.DrawFn, extra: int) -> tuple[list[int], int]:
    """A random concealed part of ``13 + extra - 3*melds`` tiles from a real wall."""
    melds = draw(st.sampled_from((0, 0, 0, 1, 2, 3, 4)))
    size = 13 + extra - 3 * melds
    tiles = draw(st.lists(st.integers(0, 135), min_size=size, max_size=size, unique=True))
    return counts_of(tiles), melds


@st.composite
def near_complete(draw: st.DrawFn, extra: int) -> tuple[list[int], int]:
    """A complete hand with a few tiles swapped (often tenpai or complete)."""
    melds = draw(st.sampled_from((0, 0, 0, 1, 2, 3)))
    counts = [0] * 34
    for _ in range(4 - melds):
        block = draw(st.sampled_from(ALL_SETS))
        if any(counts[k] >= 4 for k in block) or len(set(block)) == 1 and counts[block[0]] > 1:
            block = ()
        for k in block:
            counts[k] += 1
    pair = draw(st.integers(0, 33))
    if counts[pair] <= 2:
        counts[pair] += 2
    # top up with random tiles, then take some away, to the wanted size
    size = 13 + extra - 3 * melds
    for _ in range(draw(st.integers(0, 2))):
        present = [k for k in range(34) if counts[k]]
        counts[draw(st.sampled_from(present))] -= 1
    while sum(counts) < size:
        k = draw(st.integers(0, 33))
        if counts[k] < 4:
            counts[k] += 1
    while sum(counts) > size:
        present = [k for k in range(34) if counts[k]]
        counts[draw(st.sampled_from(present))] -= 1
    return counts, melds


hands14 = st.one_of(random_hand(1), near_complete(1))
hands13 = st.one_of(random_hand(0), near_complete(0))


# --- fixed examples -------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "melds", "expected"),
    [
        ("123m456p789s11122z", 0, -1),
        ("123m456p789s1112z", 0, 0),
        ("11223344556677m", 0, -1),  # regular as well as chiitoitsu
        ("1199m1199p1199s11z", 0, -1),  # chiitoitsu only
        ("1111m2233445566p", 0, 0),  # regular (111m 234p 234p 5566p); chiitoitsu is 1
        ("19m19p19s1234567z", 0, 0),  # kokushi, 13-sided
        ("119m19p19s1234567z", 0, -1),
        ("1111m123p456p789p", 0, 1),  # only wait would be a fifth 1m
        ("1111z123m456m789m", 0, 1),
        ("1111m234m456p789s", 0, 0),  # nobetan 1m-4m: the 4m is real
        ("5m", 4, 0),
        ("55m", 4, -1),
        ("1234m", 3, 0),
        ("13579m2468p1357s", 0, 4),  # six kanchans, only four count
        ("147m258p369s1234z", 0, 6),  # regular 8, chiitoitsu 6
        ("147m258p369s12345z", 0, 6),  # kokushi 6 too
    ],
)
def test_known_hands(hand: str, melds: int, expected: int) -> None:
    counts = parse(hand)
    assert shanten(counts, melds) == expected
    assert shanten(tuple(counts), melds) == expected
    assert shanten(bytes(counts), melds) == expected


def test_parts() -> None:
    counts = parse("147m258p369s1234z")
    assert shanten_regular(counts) == 8
    assert shanten_chiitoi(counts) == 6
    assert shanten_kokushi(counts) == 7
    assert shanten(counts, 1) == shanten_regular(counts, 1)
    assert shanten_chiitoi(parse("1111m2233445566p")) == 1  # four of a kind is one pair
    assert shanten_chiitoi(parse("1111m22334455p")) == 3


def test_waits_examples() -> None:
    assert waits(parse("23m123p123s111z77z")) == [0, 3]
    assert waits(parse("1112345678999m")) == list(range(9))  # nine gates
    assert waits(parse("19m19p19s1234567z")) == list(TERMINALS_HONOURS)
    assert waits(parse("1199m1199p1199s1z")) == [27]
    assert waits(parse("1199m1199p119s11z")) == [26]
    assert waits(parse("123m456m789m1234p")) == [9, 12]


def test_fifth_copy_waits_and_tenpai() -> None:
    hand = parse("1111m123p456p789p")
    assert waits(hand) == [0]
    assert shanten(hand) == 1
    assert not is_tenpai(hand, own_four_copies_count=False)
    assert is_tenpai(hand, own_four_copies_count=True)
    # 111m + 1234m: the 1m is formal only, the 4m is real
    hand = parse("1111m234m456p789s")
    assert waits(hand) == [0, 3]
    assert is_tenpai(hand, own_four_copies_count=False)
    assert ukeire(hand) == ([3], 3)
    # with an open kan of 1m, 23m waits on 1m (no copy left) and 4m
    hand = parse("23m456p789p11s")
    assert waits(hand, 1) == [0, 3]
    assert is_tenpai(hand, 1, own_four_copies_count=False, own=with_tile(hand, 0, 4))
    # tanki on 1m next to a pon of 1m: all four copies are the player's own
    hand = parse("1m456p789p")
    own = with_tile(hand, 0, 3)
    assert waits(hand, 2) == [0]
    assert not is_tenpai(hand, 2, own_four_copies_count=False, own=own)
    assert is_tenpai(hand, 2, own_four_copies_count=True, own=own)
    assert is_tenpai(hand, 2, own_four_copies_count=False)


def test_ukeire_and_discards_example() -> None:
    hand = parse("123m123p123s111z7z")
    assert ukeire(hand) == ([33], 3)
    visible = [0] * 34
    visible[33] = 2
    assert ukeire(hand, visible=visible) == ([33], 1)
    opts = discard_options(parse("123m123p123s111z47z"))
    assert opts[0] == DiscardOption(30, 0, [33], 3)
    assert {o.kind for o in opts} == {0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 30, 33}


def test_bad_hands_rejected() -> None:
    with pytest.raises(ValueError):
        waits(parse("123m456p789s11122z"))  # 14 tiles
    with pytest.raises(ValueError):
        ukeire([0] * 33)
    with pytest.raises(ValueError):
        discard_options(parse("123m456p789s1112z"))


# --- properties -------------------------------------------------------------------


@given(hands14)
def test_minus_one_exactly_for_complete_hands(hand: tuple[list[int], int]) -> None:
    counts, melds = hand
    assert (shanten(counts, melds) == -1) == brute_complete(counts, melds)


@given(hands13)
def test_13_tile_hands_never_complete_and_bounds(hand: tuple[list[int], int]) -> None:
    counts, melds = hand
    s = shanten(counts, melds)
    assert 0 <= s <= 8
    assert s == min(
        [shanten_regular(counts, melds)]
        + ([shanten_chiitoi(counts), shanten_kokushi(counts)] if melds == 0 else [])
    )


@given(hands13)
def test_ukeire_kinds_are_exactly_the_improving_draws(hand: tuple[list[int], int]) -> None:
    counts, melds = hand
    s = shanten(counts, melds)
    kinds, count = ukeire(counts, melds)
    expected = [k for k in range(34) if counts[k] < 4 and shanten(with_tile(counts, k), melds) < s]
    assert kinds == expected
    assert count == sum(4 - counts[k] for k in kinds)
    # a draw never raises shanten, and lowers it by at most one
    for k in range(34):
        if counts[k] < 4:
            assert s - 1 <= shanten(with_tile(counts, k), melds) <= s


@given(hands13, st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_ukeire_visible_counts(hand: tuple[list[int], int], visible: list[int]) -> None:
    counts, melds = hand
    kinds, count = ukeire(counts, melds, visible)
    assert kinds == ukeire(counts, melds)[0]
    assert count == sum(max(0, 4 - counts[k] - visible[k]) for k in kinds)


@given(hands13)
def test_waits_complete_the_hand(hand: tuple[list[int], int]) -> None:
    counts, melds = hand
    ws = waits(counts, melds)
    for k in range(34):
        completes = brute_regular(with_tile(counts, k), 4 - melds, True) or (
            melds == 0 and counts[k] < 4 and brute_complete(with_tile(counts, k), 0)
        )
        assert (k in ws) == completes
    real = [k for k in ws if counts[k] < 4]
    assert bool(real) == (shanten(counts, melds) == 0)
    assert is_tenpai(counts, melds, own_four_copies_count=False) == bool(real)
    assert is_tenpai(counts, melds, own_four_copies_count=True) == bool(ws)


@given(hands14)
def test_discard_options_agree_with_single_hand_analysis(hand: tuple[list[int], int]) -> None:
    counts, melds = hand
    opts = discard_options(counts, melds)
    assert sorted(o.kind for o in opts) == [k for k in range(34) if counts[k]]
    keys = [(o.shanten, -o.ukeire_count, o.kind) for o in opts]
    assert keys == sorted(keys)
    for o in opts:
        rest = with_tile(counts, o.kind, -1)
        assert o.shanten == shanten(rest, melds)
        kinds, _ = ukeire(rest, melds)
        assert o.ukeire == kinds
        assert o.ukeire_count == sum(4 - counts[k] for k in kinds)
    assert min(o.shanten for o in opts) == max(shanten(counts, melds), 0)
    best = discard_options(counts, melds, best_only=True)
    assert best == [o for o in opts if o.shanten == opts[0].shanten]


@given(hands14, st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_discard_options_count_the_unseen_given(hand: tuple[list[int], int],
                                                unseen: list[int]) -> None:
    """With ``unseen``, each option counts those copies of its ukeire and the table is
    ordered by that count; the kinds and shanten are the same."""
    counts, melds = hand
    plain = {o.kind: o for o in discard_options(counts, melds)}
    opts = discard_options(counts, melds, unseen=unseen)
    for o in opts:
        assert (o.shanten, o.ukeire) == (plain[o.kind].shanten, plain[o.kind].ukeire)
        assert o.ukeire_count == sum(unseen[k] for k in o.ukeire)
    keys = [(o.shanten, -o.ukeire_count, o.kind) for o in opts]
    assert keys == sorted(keys) and len(opts) == len(plain)
    best = discard_options(counts, melds, best_only=True, unseen=unseen)
    assert best == [o for o in opts if o.shanten == opts[0].shanten]


@given(
    st.lists(st.integers(0, 135), min_size=4, max_size=5, unique=True),
)
def test_small_hands_against_exhaustive_search(tiles: list[int]) -> None:
    counts = counts_of(tiles)
    assert shanten(counts, 3) == brute_shanten_small(counts, 3)


@settings(max_examples=25)
@given(st.lists(st.integers(0, 33), min_size=4, max_size=5))
def test_small_hands_with_many_copies(kinds: list[int]) -> None:
    counts = [0] * 34
    for k in kinds:
        if counts[k] < 4:
            counts[k] += 1
    assume(sum(counts) in (4, 5))
    assert shanten(counts, 3) == brute_shanten_small(counts, 3)


# --- the precomputed table ------------------------------------------------------------


def test_table_loads_and_matches_solver() -> None:
    shanten(parse("123m456p789s1112z"))
    shanten_mod._group_value(bytes([1, 2, 3, 0, 0, 0, 0, 0, 1]))  # a miss loads the table
    assert shanten_mod.TABLE_PATH.exists()
    assert shanten_mod._table is not None
    rng = random.Random(7)
    for _ in range(300):
        pat = tuple(rng.randint(0, 4) for _ in range(9))
        if sum(pat) > 14:
            continue
        index = 0
        for x in pat:
            index = index * 5 + x
        table_vec = shanten_mod._VECS[shanten_mod._table_vec_ids[shanten_mod._table[index]]]
        assert table_vec == shanten_mod._suffix(pat, 0, 0, True)


# --- differential runs against mahjong (2.x) and xiangting -----------------------------


def random_hands(seed: int, n: int) -> list[tuple[list[int], int]]:
    """Random hands of every size, half of them crowded into few kinds (many quads)."""
    rng = random.Random(seed)
    wall = list(range(136))
    out = []
    for i in range(n):
        melds = rng.choice((0, 0, 0, 1, 2, 3, 4))
        size = rng.choice((13, 14)) - 3 * melds
        if i % 2:
            counts = counts_of(rng.sample(wall, size))
        else:
            pool = rng.sample(range(34), rng.randint(3, 9))
            counts = [0] * 34
            while sum(counts) < size:
                k = rng.choice(pool)
                if counts[k] < 4:
                    counts[k] += 1
                elif all(counts[j] == 4 for j in pool):
                    pool.append(rng.randrange(34))
        out.append((counts, melds))
    return out


def check_against_mahjong(hands: list[tuple[list[int], int]]) -> None:
    for counts, melds in hands:
        if melds == 0:
            expected = Shanten.calculate_shanten(counts)
        else:
            expected = Shanten.calculate_shanten_for_regular_hand(counts)
        assert shanten(counts, melds) == expected, (counts, melds)
        if melds == 0:
            assert shanten_regular(counts) == Shanten.calculate_shanten_for_regular_hand(counts)
            assert shanten_chiitoi(counts) == Shanten.calculate_shanten_for_chiitoitsu_hand(counts)
            assert shanten_kokushi(counts) == Shanten.calculate_shanten_for_kokushi_hand(counts)


def check_against_xiangting(hands: list[tuple[list[int], int]]) -> None:
    four = xiangting.PlayerCount.FOUR
    for counts, melds in hands:
        if melds == 0 and sum(counts) == 13:
            rn, necessary = xiangting.calculate_necessary_tiles(counts, four)
            assert shanten(counts) == rn - 1
            assert ukeire(counts)[0] == [k for k in range(34) if necessary >> k & 1]
        else:
            rn = xiangting.calculate_replacement_number(counts, four)
            assert shanten(counts, melds) == rn - 1, (counts, melds)


def test_differential_mahjong_quick() -> None:
    check_against_mahjong(random_hands(1, 400))


def test_differential_xiangting_quick() -> None:
    check_against_xiangting(random_hands(2, 400))


@pytest.mark.slow
def test_differential_mahjong_many() -> None:
    check_against_mahjong(random_hands(11, 20_000))


@pytest.mark.slow
def test_differential_xiangting_many() -> None:
    check_against_xiangting(random_hands(12, 20_000))
