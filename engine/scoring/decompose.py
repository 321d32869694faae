"""Decompositions of complete hands, with per-suit caching.

A suit (nine counts, or seven for honours) is decomposed on its own and the
result is cached by its counts, so a whole hand costs at most four dictionary
look-ups plus the product of the (few) per-suit readings.  Groups are
``(SEQ | TRIPLET, kind)`` pairs with global kinds.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from hanchan.engine.scoring.types import SEQ, TRIPLET, Decomposition
from hanchan.engine.tiles import TERMINALS_AND_HONOURS

Group = tuple[int, int]
Reading = tuple[int, tuple[int, ...], tuple[int, ...]]
"""(pair kind or -1, sequence kinds, triplet kinds), each tuple sorted."""

KOKUSHI_KINDS = TERMINALS_AND_HONOURS


@cache
def _suit_readings(offset: int, counts: tuple[int, ...]) -> tuple[tuple[Reading, ...],
                                                                  tuple[Reading, ...]]:
    """Every reading of one suit's counts (``offset`` = kind of its first tile).

    Returned as (readings without a pair, readings with the pair).
    """
    honour = offset == 27
    out: tuple[list[Reading], list[Reading]] = ([], [])
    c = list(counts)
    n = len(c)

    def rec(i: int, pair: int, seqs: tuple[int, ...], trips: tuple[int, ...]) -> None:
        while i < n and c[i] == 0:
            i += 1
        if i == n:
            out[pair >= 0].append((pair, seqs, trips))
            return
        ci = c[i]
        for p in ((0, 1) if pair < 0 else (0,)):
            for t in (0, 1):
                s = ci - 2 * p - 3 * t
                if s < 0:
                    continue
                if s and (honour or i > 6 or c[i + 1] < s or c[i + 2] < s):
                    continue
                c[i] = 0
                if s:
                    c[i + 1] -= s
                    c[i + 2] -= s
                k = offset + i
                rec(i + 1, k if p else pair, seqs + (k,) * s, trips + (k,) * t)
                if s:
                    c[i + 1] += s
                    c[i + 2] += s
                c[i] = ci

    rec(0, -1, (), ())
    return tuple(out[0]), tuple(out[1])


_SUITS = ((0, 0, 9), (1, 9, 18), (2, 18, 27), (3, 27, 34))
_SUIT_CACHE: tuple[dict[tuple[int, ...], tuple[tuple[Reading, ...], tuple[Reading, ...]]], ...] = (
    {}, {}, {}, {})


def regular_readings(counts: tuple[int, ...]) -> tuple[Reading, ...]:
    """Every (pair, sequences, triplets) reading of 34 counts as sets and one pair.

    Each suit is read once and cached by its counts, so this costs a few dictionary
    look-ups (whole results are memoised by ``score_win``).
    """
    per: list[tuple[Reading, ...]] = []
    pair_suits = 0
    multi = False
    for si, lo, hi in _SUITS:
        part = counts[lo:hi]
        total = sum(part)
        if total == 0:
            continue
        r = total % 3
        if r == 1:
            return ()
        cache = _SUIT_CACHE[si]
        both = cache.get(part)
        if both is None:
            both = cache[part] = _suit_readings(lo, part)
        if r == 2:
            readings = both[1]
            pair_suits += 1
            if pair_suits > 1:
                return ()
        else:
            readings = both[0]
        if not readings:
            return ()
        if len(readings) > 1:
            multi = True
        per.append(readings)
    if pair_suits != 1:
        return ()
    if not multi:
        pair = -1
        seqs: tuple[int, ...] = ()
        trips: tuple[int, ...] = ()
        for x in per:
            sp, ss, st = x[0]
            if sp >= 0:
                pair = sp
            seqs += ss
            trips += st
        return ((pair, seqs, trips),)
    combos: list[Reading] = [(-1, (), ())]
    for readings in per:
        combos = [
            (p if sp < 0 else sp, s + ss, t + st)
            for p, s, t in combos
            for sp, ss, st in readings
        ]
    return tuple(combos)


def is_chiitoitsu(counts: Sequence[int]) -> bool:
    """Seven distinct pairs (four of a kind is not two pairs)."""
    pairs = 0
    for n in counts:
        if n == 2:
            pairs += 1
        elif n:
            return False
    return pairs == 7


def is_kokushi(counts: Sequence[int]) -> bool:
    """Thirteen orphans: one of each terminal and honour, one of them doubled."""
    total = 0
    for k in KOKUSHI_KINDS:
        n = counts[k]
        if n == 0 or n > 2:
            return False
        total += n
    return total == 14


def is_winning_shape(counts34: Sequence[int], n_melds: int) -> bool:
    """True when the concealed counts plus ``n_melds`` melds form a complete hand.

    Regular (four sets and a pair), seven pairs and thirteen orphans (the last two
    only with no melds).
    """
    counts = tuple(counts34)
    if sum(counts) != 14 - 3 * n_melds:
        return False
    if n_melds == 0 and (is_chiitoitsu(counts) or is_kokushi(counts)):
        return True
    return bool(regular_readings(counts))


def decompositions(counts34: Sequence[int], n_melds: int) -> list[Decomposition]:
    """Every decomposition of a complete hand's concealed counts.

    Regular readings first (each with its pair and sorted groups), then the
    seven-pairs and thirteen-orphans forms when they apply.  Empty when the hand
    is not complete.
    """
    counts = tuple(counts34)
    if sum(counts) != 14 - 3 * n_melds:
        return []
    out = [
        Decomposition("regular", pair,
                      tuple(sorted([(SEQ, k) for k in seqs] + [(TRIPLET, k) for k in trips])))
        for pair, seqs, trips in regular_readings(counts)
    ]
    if n_melds == 0:
        if is_chiitoitsu(counts):
            pairs = tuple(k for k in range(34) if counts[k] == 2)
            out.append(Decomposition("chiitoitsu", pairs[0], (), pairs))
        if is_kokushi(counts):
            out.append(Decomposition("kokushi", next(k for k in KOKUSHI_KINDS if counts[k] == 2)))
    return out
