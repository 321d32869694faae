"""Waits, tile acceptance (ukeire) and discard analysis for riichi mahjong hands.

Same conventions as :mod:`engine.shanten`: ``counts`` is a sequence of 34
concealed-tile counts, ``melds`` the number of called melds.

Everything here is incremental over the per-group caches of
:mod:`engine.shanten`: drawing or discarding a tile changes one group (a suit
or the honours), so the other three are combined once and each candidate tile
costs one cached group look-up and one cached convolution.

>>> hand = [0] * 34
>>> for k in (1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 33, 33):  # 23m123p123s111z77z
...     hand[k] += 1
>>> waits(hand)
[0, 3]
>>> ukeire(hand)
([0, 3], 8)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from engine.shanten import (
    _FINAL,
    _TERMINALS_HONOURS,
    _combine,
    _final,
    _final_miss,
    _group,
    _special,
)

__all__ = [
    "DiscardOption",
    "discard_options",
    "is_tenpai",
    "ukeire",
    "waits",
]

_OFFSETS = (0, 9, 18, 27)
_PACK_MASK = 0xFFFFFF  # low bits of a group value: chiitoi/kokushi facts
_TERMINAL_SET = frozenset(_TERMINALS_HONOURS)


class DiscardOption(NamedTuple):
    """One possible discard from a 3n+2 hand and what it leaves."""

    kind: int
    """The tile kind discarded."""
    shanten: int
    """Shanten number of the hand after the discard."""
    ukeire: list[int]
    """Kinds that would lower that shanten (see :func:`ukeire`)."""
    ukeire_count: int
    """How many tiles of those kinds are unseen."""


# per group, key -> the group's draws: (vector id after the draw, kinds drawn)
# for each distinct resulting vector; kinds already held four times are left out
_NEXT: tuple[dict[bytes, tuple[tuple[int, tuple[int, ...]], ...]], ...] = ({}, {}, {}, {})
# key -> keys of the group with one tile fewer of each kind (None if absent)
_PREV: dict[bytes, tuple[bytes | None, ...]] = {}


def _next_classes(group: int, key: bytes) -> tuple[tuple[int, tuple[int, ...]], ...]:
    memo = _NEXT[group]
    try:
        return memo[key]
    except KeyError:
        pass
    offset = _OFFSETS[group]
    by_vid: dict[int, list[int]] = {}
    buf = bytearray(key)
    for j in range(len(key)):
        if buf[j] >= 4:
            continue
        buf[j] += 1
        by_vid.setdefault(_group(bytes(buf)) >> 24, []).append(offset + j)
        buf[j] -= 1
    res = tuple((vid, tuple(kinds)) for vid, kinds in by_vid.items())
    if len(memo) > 1 << 18:
        memo.clear()
    memo[key] = res
    return res


def _prev_keys(key: bytes) -> tuple[bytes | None, ...]:
    try:
        return _PREV[key]
    except KeyError:
        pass
    out: list[bytes | None] = []
    buf = bytearray(key)
    for j in range(len(key)):
        if buf[j]:
            buf[j] -= 1
            out.append(bytes(buf))
            buf[j] += 1
        else:
            out.append(None)
    res = tuple(out)
    if len(_PREV) > 1 << 18:
        _PREV.clear()
    _PREV[key] = res
    return res


def _split(b: bytes) -> list[bytes]:
    return [b[0:9], b[9:18], b[18:27], b[27:34]]


def _shanten_of(vals: Sequence[int], melds: int) -> int:
    m, p, s, h = vals
    fin = _final(_combine(m >> 24, p >> 24), _combine(s >> 24, h >> 24))
    res = fin[4 - melds]
    if melds == 0:
        special = _special((m + p + s + h) & _PACK_MASK)
        if special < res:
            res = special
    return res


def _chiitoi_kokushi(pairs: int, kinds: int, tkinds: int, tpair: bool) -> int:
    chiitoi = 6 - pairs + (7 - kinds if kinds < 7 else 0)
    kokushi = 13 - tkinds - (1 if tpair else 0)
    return chiitoi if chiitoi < kokushi else kokushi


def _improving(
    keys: Sequence[bytes],
    vals: Sequence[int],
    counts: Sequence[int],
    melds: int,
    target: int,
) -> list[int]:
    """Kinds (sorted) whose draw gives a shanten below ``target``.

    Kinds of which ``counts`` already holds four are never listed.
    """
    m, p, s, h = (v >> 24 for v in vals)
    sets = 4 - melds
    mp = _combine(m, p)
    sh = _combine(s, h)
    rests = (_combine(p, sh), _combine(m, sh), _combine(mp, h), _combine(mp, s))
    found: list[int] = []
    final = _FINAL
    for g in range(4):
        high = rests[g]
        for vid, drawn in _next_classes(g, keys[g]):
            key = vid << 24 | high
            try:
                fin = final[key]
            except KeyError:
                fin = _final_miss(key)
            if fin[sets] < target:
                found.extend(drawn)
    # one draw lowers chiitoitsu/kokushi shanten by at most one
    if melds == 0 and _special(sum(vals) & _PACK_MASK) - 1 < target:
        # Chiitoitsu/kokushi after drawing kind k depend only on counts[k]
        # (0, 1, 2+) and whether k is a terminal/honour.
        packed = sum(vals) & _PACK_MASK
        pairs = packed & 63
        kinds = packed >> 6 & 63
        tkinds = packed >> 12 & 15
        tpair = packed >> 16 & 7 != 0
        better = [
            [
                _chiitoi_kokushi(
                    pairs + (c == 1),
                    kinds + (c == 0),
                    tkinds + (term and c == 0),
                    tpair or (term and c == 1),
                )
                < target
                for term in (False, True)
            ]
            for c in (0, 1, 2)
        ]
        if any(any(row) for row in better):
            have = set(found)
            for k in range(34):
                c = counts[k]
                if c < 4 and k not in have and better[c if c < 2 else 2][k in _TERMINAL_SET]:
                    found.append(k)
    found.sort()
    return found


def _unseen(kinds: list[int], own: Sequence[int], visible: Sequence[int] | None) -> int:
    total = 0
    for k in kinds:
        left = 4 - own[k] - (visible[k] if visible is not None else 0)
        if left > 0:
            total += left
    return total


def _check_hand(counts: Sequence[int], melds: int, residue: int) -> None:
    if len(counts) != 34:
        raise ValueError(f"expected 34 tile counts, got {len(counts)}")
    n = sum(counts)
    if not 0 <= melds <= 4 or n % 3 != residue or n + 3 * melds > 12 + residue:
        want = "3n+1" if residue == 1 else "3n+2"
        raise ValueError(f"expected a {want} hand with {melds} melds, got {n} tiles")


def _formal_complete(counts: list[int], sets: int, pair: bool) -> bool:
    """Whether ``counts`` is exactly ``sets`` sets plus (if ``pair``) a pair.

    Counts may exceed 4 (a hypothetical fifth copy); used for waits on a kind
    whose four copies are all in the hand.
    """
    k = 0
    while k < 34 and counts[k] == 0:
        k += 1
    if k == 34:
        return sets == 0 and not pair
    c = counts[k]
    if pair and c >= 2:
        counts[k] -= 2
        ok = _formal_complete(counts, sets, False)
        counts[k] += 2
        if ok:
            return True
    if sets == 0:
        return False
    if c >= 3:
        counts[k] -= 3
        ok = _formal_complete(counts, sets - 1, pair)
        counts[k] += 3
        if ok:
            return True
    if k < 27 and k % 9 <= 6 and counts[k + 1] and counts[k + 2]:
        counts[k] -= 1
        counts[k + 1] -= 1
        counts[k + 2] -= 1
        ok = _formal_complete(counts, sets - 1, pair)
        counts[k] += 1
        counts[k + 1] += 1
        counts[k + 2] += 1
        if ok:
            return True
    return False


# --- public API --------------------------------------------------------------


def waits(counts: Sequence[int], melds: int = 0) -> list[int]:
    """Kinds that complete a 3n+1 hand, in kind order.

    A kind whose four copies are all in ``counts`` is listed too when a fifth
    copy would complete the hand (see :func:`is_tenpai` for what that means
    for tenpai).  Raises ``ValueError`` for a hand that is not 3n+1.

    >>> hand = [0] * 34
    >>> hand[0] = 4  # 1111m 123p 456p 789p
    >>> for k in range(9, 18):
    ...     hand[k] = 1
    >>> waits(hand)
    [0]
    """
    _check_hand(counts, melds, 1)
    b = bytes(counts)
    keys = _split(b)
    vals = [_group(k) for k in keys]
    out = _improving(keys, vals, counts, melds, 0)
    for k in range(34):
        if counts[k] >= 4:
            trial = list(counts)
            trial[k] += 1
            if _formal_complete(trial, 4 - melds, True):
                out.append(k)
    out.sort()
    return out


def is_tenpai(
    counts: Sequence[int],
    melds: int = 0,
    *,
    own_four_copies_count: bool,
    own: Sequence[int] | None = None,
) -> bool:
    """Formal tenpai of a 3n+1 hand.

    A wait on a kind whose four copies are all the player's own (``own``:
    34 counts of the player's tiles including called melds; defaults to
    ``counts``) only makes the hand tenpai when ``own_four_copies_count`` is
    true.  Waits whose tiles are merely all visible elsewhere still count.

    >>> hand = [0] * 34
    >>> hand[0] = 4
    >>> for k in range(9, 18):
    ...     hand[k] = 1
    >>> is_tenpai(hand, own_four_copies_count=False), is_tenpai(hand, own_four_copies_count=True)
    (False, True)
    """
    ws = waits(counts, melds)
    if own_four_copies_count:
        return bool(ws)
    mine = counts if own is None else own
    return any(mine[k] < 4 for k in ws)


def ukeire(
    counts: Sequence[int], melds: int = 0, visible: Sequence[int] | None = None
) -> tuple[list[int], int]:
    """Tile acceptance of a 3n+1 hand: (kinds that lower shanten, unseen tiles of them).

    A kind counts when drawing it lowers :func:`engine.shanten.shanten`.
    Kinds whose four copies are all in ``counts`` cannot be drawn and are never
    listed; kinds listed may still have no unseen tile left.  Unseen copies of
    a kind are ``4 - counts[k] - visible[k]`` (not below 0), ``visible`` being
    optional counts of the other tiles the player can see (rivers, melds, dora
    indicators).

    >>> hand = [0] * 34
    >>> for k in (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 33):
    ...     hand[k] += 1
    >>> ukeire(hand)
    ([33], 3)
    """
    _check_hand(counts, melds, 1)
    keys = _split(bytes(counts))
    vals = [_group(k) for k in keys]
    current = _shanten_of(vals, melds)
    kinds = _improving(keys, vals, counts, melds, current)
    return kinds, _unseen(kinds, counts, visible)


def discard_options(
    counts14: Sequence[int], melds: int = 0, visible: Sequence[int] | None = None
) -> list[DiscardOption]:
    """Every distinct discard of a 3n+2 hand, best first.

    Each entry gives the discard, the shanten after it, and the ukeire of the
    hand left (as in :func:`ukeire`; unseen copies are counted against the
    full ``counts14``, the discarded tile being seen).  Sorted by shanten,
    then most unseen tiles, then kind.

    >>> hand = [0] * 34
    >>> for k in (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 33, 30):
    ...     hand[k] += 1
    >>> best = discard_options(hand)[0]
    >>> best.kind, best.shanten, best.ukeire, best.ukeire_count
    (30, 0, [33], 3)
    """
    _check_hand(counts14, melds, 2)
    keys = _split(bytes(counts14))
    vals = [_group(k) for k in keys]
    options: list[DiscardOption] = []
    for g in range(4):
        offset = _OFFSETS[g]
        for j, pkey in enumerate(_prev_keys(keys[g])):
            if pkey is None:
                continue
            kind = offset + j
            new_keys = list(keys)
            new_keys[g] = pkey
            new_vals = list(vals)
            new_vals[g] = _group(pkey)
            after = _shanten_of(new_vals, melds)
            counts13 = list(counts14)
            counts13[kind] -= 1
            kinds = _improving(new_keys, new_vals, counts13, melds, after)
            count = _unseen(kinds, counts14, visible)
            options.append(DiscardOption(kind, after, kinds, count))
    options.sort(key=lambda o: (o.shanten, -o.ukeire_count, o.kind))
    return options
