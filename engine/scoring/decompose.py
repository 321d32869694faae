"""Decompositions of complete hands, with per-suit caching.

A suit (nine counts, or seven for honours) is decomposed on its own and the
result is cached by its counts, so a whole hand costs at most four dictionary
look-ups plus the product of the (few) per-suit readings.  Groups are
``(SEQ | TRIPLET, kind)`` pairs with global kinds.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.scoring.types import SEQ, TRIPLET, Decomposition

Group = tuple[int, int]
SuitReading = tuple[int, tuple[Group, ...]]  # (pair kind or -1, groups)
Reading = tuple[int, tuple[Group, ...]]  # (pair kind, groups of the whole concealed part)

KOKUSHI_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@lru_cache(maxsize=None)
def _suit_readings(offset: int, counts: tuple[int, ...]) -> tuple[SuitReading, ...]:
    """Every reading of one suit's counts (``offset`` = kind of its first tile)."""
    honour = offset == 27
    out: list[SuitReading] = []
    c = list(counts)
    n = len(c)

    def rec(i: int, pair: int, groups: list[Group]) -> None:
        while i < n and c[i] == 0:
            i += 1
        if i == n:
            out.append((pair, tuple(groups)))
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
                added = [(TRIPLET, offset + i)] * t + [(SEQ, offset + i)] * s
                rec(i + 1, offset + i if p else pair, groups + added)
                if s:
                    c[i + 1] += s
                    c[i + 2] += s
                c[i] = ci

    rec(0, -1, [])
    return tuple(out)


_SUITS = ((0, 9), (9, 18), (18, 27), (27, 34))


@lru_cache(maxsize=1 << 16)
def regular_readings(counts: tuple[int, ...]) -> tuple[Reading, ...]:
    """Every (pair, groups) reading of a 34-count tuple as sets and one pair."""
    per: list[tuple[SuitReading, ...]] = []
    pair_suits = 0
    for lo, hi in _SUITS:
        part = counts[lo:hi]
        total = sum(part)
        r = total % 3
        if r == 1:
            return ()
        if r == 2:
            pair_suits += 1
            if pair_suits > 1:
                return ()
        if total == 0:
            continue
        readings = _suit_readings(lo, part)
        readings = tuple(x for x in readings if (x[0] >= 0) == (r == 2))
        if not readings:
            return ()
        per.append(readings)
    if pair_suits != 1:
        return ()
    combos: list[tuple[int, list[Group]]] = [(-1, [])]
    for readings in per:
        combos = [
            (pair if sp < 0 else sp, groups + list(sg))
            for pair, groups in combos
            for sp, sg in readings
        ]
    return tuple((pair, tuple(sorted(groups))) for pair, groups in combos)


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
    out = [Decomposition("regular", pair, groups) for pair, groups in regular_readings(counts)]
    if n_melds == 0:
        if is_chiitoitsu(counts):
            pairs = tuple(k for k in range(34) if counts[k] == 2)
            out.append(Decomposition("chiitoitsu", pairs[0], (), pairs))
        if is_kokushi(counts):
            out.append(Decomposition("kokushi", next(k for k in KOKUSHI_KINDS if counts[k] == 2)))
    return out
