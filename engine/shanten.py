"""Shanten numbers (how many tiles a hand is from ready) for riichi mahjong.

Tile convention: a tile *kind* is an int 0..33 (0-8 = 1m..9m, 9-17 = 1p..9p,
18-26 = 1s..9s, 27-33 = 1z..7z).  A hand is a sequence of 34 counts (list or
tuple) of its concealed tiles plus the number of called melds; the concealed
part holds ``13 - 3*melds`` tiles, or ``14 - 3*melds`` right after a draw.

The result is ``-1`` for a complete hand, ``0`` for tenpai, ``n`` for
n-shanten.  The number counts the hand's own copies: a target that needs a
fifth copy of a kind is out of reach, so ``1111m 123p 456p 789p`` is
1-shanten, not tenpai (its only wait would be a fifth 1m).  These are the
numbers of the ``mahjong`` package (2.x) and of ``xiangting``; the formal
waits, fifth copies included, are :func:`engine.waits.waits`.  Chiitoitsu needs
seven *distinct* pairs (four of a kind is one pair).

How it is fast
--------------
The regular-hand shanten is ``min(tiles to add) - 1`` over all target hands of
``4 - melds`` sets plus one pair that use at most four copies of each kind,
unused tiles being thrown away.  Since a set or pair never spans two suits,
every suit (and the honours) is solved alone: for a group pattern we compute
``D[h][i]``, the fewest tiles to add so that the group holds ``i`` sets and
``h`` pairs (``i <= 4``, ``h <= 1``), by a small dynamic programme over its
kinds memoised on suffixes.  The groups are combined by a min-plus
convolution.

Every distinct ``D`` vector is interned as a small int; the vector of a group
pattern (keyed by its 9 or 7 count bytes) and the convolution of two interned
vectors are memoised in dicts, so a call costs four slices of ``bytes(counts)``
and three dict look-ups.  The memos are filled lazily (nothing is built at
import).

The suit vectors come from ``engine/shanten_table.bin`` (109 KB, every suit
pattern of at most 14 tiles; written by ``benchmarks/gen_shanten_table.py``),
read on the first cache miss; without the file the same solver fills them in.
``benchmarks/bench_shanten.py`` times this against ``mahjong`` and
``xiangting``, which the tests use as oracles only (same numbers on every hand).

Chiitoitsu and kokushi use only per-kind facts (pair?, present?, terminal?),
which are packed into bit fields stored next to the vector id, so they are
summed over the groups with one addition each.

>>> hand = [0] * 34
>>> for k in (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 33):
...     hand[k] += 1
>>> shanten(hand)
0
>>> hand[33] += 1
>>> shanten(hand)
-1
"""

from __future__ import annotations

import sys
import zlib
from array import array
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Final

__all__ = [
    "TABLE_PATH",
    "shanten",
    "shanten_chiitoi",
    "shanten_kokushi",
    "shanten_regular",
]

_SETS: Final = 5  # entries per head-state in a D vector: i = 0..4 sets
_TERMINALS_HONOURS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

# --- packed chiitoitsu / kokushi facts -------------------------------------
# bits 0-5: kinds with >= 2 copies, bits 6-11: kinds present,
# bits 12-15: terminal/honour kinds present, bits 16-18: groups holding a
# terminal/honour pair.  Group values are ``vector_id << _ID_SHIFT | packed``,
# so the packed facts of a whole hand are ``sum(values) & _PACK_MASK``.
# The hot paths spell these constants as literals (24, 0xFFFFFF, -0x1000000).
_ID_SHIFT: Final = 24
_PACK_MASK: Final = (1 << _ID_SHIFT) - 1  # 0xFFFFFF
_ID_MASK: Final = -(1 << _ID_SHIFT)  # -0x1000000: keeps ``id << 24``
_KEY_SHIFT: Final = 24  # two vector ids side by side in one int key

# --- interned D vectors ----------------------------------------------------
_VEC_ID: dict[tuple[int, ...], int] = {}
_VECS: list[tuple[int, ...]] = []


def _intern(vec: tuple[int, ...]) -> int:
    vid = _VEC_ID.get(vec)
    if vid is None:
        vid = len(_VECS)
        _VECS.append(vec)
        _VEC_ID[vec] = vid
    return vid


# --- per-group solver ------------------------------------------------------
# A target for one group chooses, per kind k, t_k triplets (0/1), p_k pairs
# (0/1) and r_k runs starting at k; its demand on kind k is
# 3*t_k + 2*p_k + r_k + r_{k-1} + r_{k-2} and must not exceed 4 (the hand's own
# copies limit what can be drawn).  The cost is the number of tiles to add,
# sum(max(demand_k - count_k, 0)).  _suffix() solves this left to right,
# memoised on (remaining counts, runs started one and two kinds back).

_INF: Final = 99
_BASE: Final = (0,) + (_INF,) * (2 * _SETS - 1)
_SUFFIX: dict[tuple[tuple[int, ...], int, int, bool], tuple[int, ...]] = {}


def _step(
    count: int, pending: int, max_run: int, subs: Sequence[tuple[int, ...]]
) -> tuple[int, ...]:
    """Solve one kind given the solutions of the kinds after it.

    ``count`` is the kind's count in the hand, ``pending`` the runs started
    one or two kinds before that need it, ``max_run`` the most runs that may
    start here and ``subs[r]`` the solution of the rest when ``r`` runs start
    here.  Shared by the lazy solver and ``benchmarks/gen_shanten_table.py``.
    """
    best = [_INF] * (2 * _SETS)
    for run in range(max_run + 1):
        sub = subs[run]
        for trip in (0, 1):
            sets_here = run + trip
            if sets_here >= _SETS:
                continue
            for pair in (0, 1):
                demand = 3 * trip + 2 * pair + run + pending
                if demand > 4:
                    continue
                cost = demand - count if demand > count else 0
                for h in range(2 - pair):
                    base = h * _SETS
                    dst = (h + pair) * _SETS + sets_here
                    for i in range(_SETS - sets_here):
                        v = cost + sub[base + i]
                        if v < best[dst + i]:
                            best[dst + i] = v
    return tuple(best)


def _suffix(rest: tuple[int, ...], back2: int, back1: int, runs: bool) -> tuple[int, ...]:
    """Min tiles to add, per (pairs, sets), for the kinds in ``rest``.

    ``back2``/``back1`` are the runs started two/one kinds before ``rest[0]``.
    """
    if not rest:
        return _BASE
    memo_key = (rest, back2, back1, runs)
    got = _SUFFIX.get(memo_key)
    if got is not None:
        return got
    pending = back2 + back1
    max_run = 4 - pending if runs and len(rest) >= 3 else 0
    tail = rest[1:]
    subs = [_suffix(tail, back1, run, runs) for run in range(max_run + 1)]
    res = _step(rest[0], pending, max_run, subs)
    if len(_SUFFIX) > _CACHE_LIMIT:
        _SUFFIX.clear()
    _SUFFIX[memo_key] = res
    return res


# --- precomputed suit table --------------------------------------------------
# engine/shanten_table.bin (written by benchmarks/gen_shanten_table.py) holds
# the D vector of every suit pattern with at most 14 tiles: a header, the
# distinct vectors, then (zlib) one uint16 vector index per base-5 pattern
# number (0xFFFF: not in the table).  It is loaded on the first cache miss;
# without it every pattern is solved by _suffix() (same numbers, slower).

TABLE_PATH: Final = Path(__file__).with_name("shanten_table.bin")
_TABLE_MAGIC: Final = b"HCSHT1"
_NO_ENTRY: Final = 0xFFFF
_table: array[int] | None = None
_table_vec_ids: list[int] = []
_table_tried = False


def _load_table() -> None:
    global _table, _table_tried
    _table_tried = True
    try:
        raw = TABLE_PATH.read_bytes()
    except OSError:
        return
    if raw[:6] != _TABLE_MAGIC:
        return
    nvec = int.from_bytes(raw[6:10], "little")
    pos = 10
    vec_ids = []
    for _ in range(nvec):
        vec_ids.append(_intern(tuple(raw[pos : pos + 2 * _SETS])))
        pos += 2 * _SETS
    entries = array("H")
    entries.frombytes(zlib.decompress(raw[pos:]))
    if sys.byteorder != "little":
        entries.byteswap()
    if len(entries) != 5**9:
        return
    _table_vec_ids[:] = vec_ids
    _table = entries


_DIGITS: Final = bytes.maketrans(bytes(range(5)), b"01234")


def _suit_vector_id(key: bytes) -> int:
    """Interned id of a suit pattern's D vector (table first, else solve)."""
    if not _table_tried:
        _load_table()
    if _table is not None and max(key) <= 4:
        entry = _table[int(key.translate(_DIGITS), 5)]
        if entry != _NO_ENTRY:
            return _table_vec_ids[entry]
    return _intern(_suffix(tuple(key), 0, 0, True))


_POW5: Final = tuple(5 ** (8 - j) for j in range(9))


def _draw_ids(key: bytes) -> list[int]:
    """The vector ids of a group pattern with one more tile of each of its kinds (-1
    where it holds four): for a suit, read from the table next to the pattern's own."""
    if not _table_tried:
        _load_table()
    table = _table
    out: list[int] = []
    if table is not None and len(key) == 9 and max(key) <= 4:
        idx = int(key.translate(_DIGITS), 5)
        ids = _table_vec_ids
        for j, count in enumerate(key):
            if count >= 4:
                out.append(-1)
                continue
            entry = table[idx + _POW5[j]]
            if entry == _NO_ENTRY:  # more tiles than the table holds
                entry_id = _group(key[:j] + bytes((count + 1,)) + key[j + 1:]) >> _ID_SHIFT
            else:
                entry_id = ids[entry]
            out.append(entry_id)
        return out
    for j, count in enumerate(key):
        out.append(-1 if count >= 4 else
                   _group(key[:j] + bytes((count + 1,)) + key[j + 1:]) >> _ID_SHIFT)
    return out


def _group_value(key: bytes) -> int:
    """Compute (and memoise in ``_GROUP``) the packed value of a group pattern."""
    size = len(key)
    if size == 9:
        vid = _suit_vector_id(key)
        term = key[0:1] + key[8:9]
    else:  # honours: only the multiset of counts matters
        vid = _intern(_suffix(tuple(sorted(key, reverse=True)), 0, 0, False))
        term = key
    zeros = key.count(0)
    kinds = size - zeros
    pairs = kinds - key.count(1)
    tkinds = len(term) - term.count(0)
    tpair = 1 if tkinds > term.count(1) else 0
    packed = pairs | kinds << 6 | tkinds << 12 | tpair << 16
    value = vid << _ID_SHIFT | packed
    if len(_GROUP) > _CACHE_LIMIT:
        _GROUP.clear()
    _GROUP[key] = value
    return value


# (entry of a, entry of b, entry of the sum) for every way to split sets and the pair
_CONV: Final = tuple(
    (ha + i, hb + j, ha + hb + i + j)
    for ha in (0, _SETS) for hb in (0, _SETS) if not (ha and hb)
    for i in range(_SETS) for j in range(_SETS - i)
)


def _convolve(a: tuple[int, ...], b: tuple[int, ...]) -> list[int]:
    out = [99] * (2 * _SETS)
    for ia, ib, io in _CONV:
        v = a[ia] + b[ib]
        if v < out[io]:
            out[io] = v
    return out


def _combine_miss(key: int) -> int:
    vid = _intern(tuple(_convolve(_VECS[key >> _KEY_SHIFT], _VECS[key & _KEY_MASK])))
    if len(_COMBINE) > _CACHE_LIMIT:
        _COMBINE.clear()
    _COMBINE[key] = vid
    return vid


def _final_miss(key: int) -> tuple[int, ...]:
    out = _convolve(_VECS[key >> _KEY_SHIFT], _VECS[key & _KEY_MASK])
    res = tuple(x - 1 for x in out[_SETS:])
    if len(_FINAL) > _CACHE_LIMIT:
        _FINAL.clear()
    _FINAL[key] = res
    return res


def _special_miss(packed: int) -> int:
    pairs = packed & 63
    kinds = packed >> 6 & 63
    tkinds = packed >> 12 & 15
    tpair = packed >> 16 & 7
    chiitoi = 6 - pairs + (7 - kinds if kinds < 7 else 0)
    kokushi = 13 - tkinds - (1 if tpair else 0)
    res = min(chiitoi, kokushi)
    _SPECIAL[packed] = res
    return res


_KEY_MASK: Final = (1 << _KEY_SHIFT) - 1
_CACHE_LIMIT: Final = 1 << 21

# group key (9 bytes for a suit, 7 for the honours) -> id << _ID_SHIFT | packed
_GROUP: dict[bytes, int] = {}
# (id_a << _KEY_SHIFT | id_b) -> id of the convolution
_COMBINE: dict[int, int] = {}
# (id_a << _KEY_SHIFT | id_b) -> shanten for 0..4 needed sets (with the pair)
_FINAL: dict[int, tuple[int, ...]] = {}
# packed chiitoi/kokushi facts -> min(chiitoi, kokushi) shanten
_SPECIAL: dict[int, int] = {}


# --- public API --------------------------------------------------------------


def shanten(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten number of a hand: the minimum over regular, chiitoitsu, kokushi.

    ``counts`` are the 34 concealed-tile counts, ``melds`` the number of
    called melds (concealed kans count as melds too).  Chiitoitsu and kokushi
    are only considered when ``melds == 0``.  Works for 3n+1 and 3n+2 hands;
    ``-1`` means complete.  The input is not validated (it must hold
    ``13 - 3*melds`` or ``14 - 3*melds`` tiles); ``bytes`` input is the
    fastest, as it skips one conversion.

    >>> shanten([2] * 7 + [0] * 27)  # 11223344556677m
    -1
    >>> shanten([4, 0, 0, 0, 0, 0, 0, 0, 0] + [1] * 9 + [0] * 16)  # 1111m123456789p
    1
    >>> shanten([1, 0, 0, 0, 0, 0, 0, 0, 1] * 3 + [1] * 7)  # kokushi, 13-sided wait
    0
    """
    b = bytes(counts)
    key = b[0:9]
    try:
        vm = _GROUP[key]
    except KeyError:
        vm = _group_value(key)
    key = b[9:18]
    try:
        vp = _GROUP[key]
    except KeyError:
        vp = _group_value(key)
    key = b[18:27]
    try:
        vs = _GROUP[key]
    except KeyError:
        vs = _group_value(key)
    key = b[27:34]
    try:
        vh = _GROUP[key]
    except KeyError:
        vh = _group_value(key)
    k1 = (vm & -0x1000000) | vp >> 24
    try:
        mp = _COMBINE[k1]
    except KeyError:
        mp = _combine_miss(k1)
    k2 = (vs & -0x1000000) | vh >> 24
    try:
        sh = _COMBINE[k2]
    except KeyError:
        sh = _combine_miss(k2)
    k3 = mp << 24 | sh
    try:
        fin = _FINAL[k3]
    except KeyError:
        fin = _final_miss(k3)
    if melds:
        return fin[4 - melds]
    packed = (vm + vp + vs + vh) & 0xFFFFFF
    try:
        special = _SPECIAL[packed]
    except KeyError:
        special = _special_miss(packed)
    res = fin[4]
    return special if special < res else res


def shanten_regular(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten number of a hand for the regular shape (``4 - melds`` sets and a pair).

    >>> shanten_regular([2] * 7 + [0] * 27)  # 11223344556677m = 123m 123m 456m 456m 77m
    -1
    >>> shanten_regular([1] * 13 + [0] * 21)  # 123456789m1234p: tenpai on 1p/4p
    0
    >>> shanten_regular([0] * 9 + [1, 1, 1, 1] + [0] * 21, melds=3)  # 1234p after 3 calls
    0
    """
    b = bytes(counts)
    vals = [_group(b[0:9]), _group(b[9:18]), _group(b[18:27]), _group(b[27:34])]
    return _regular_from_values(vals, 4 - melds)


def shanten_chiitoi(counts: Sequence[int]) -> int:
    """Shanten number for seven distinct pairs (four of a kind is one pair).

    >>> shanten_chiitoi([4, 2, 2, 2, 2, 2] + [0] * 28)  # 11112233445566m
    1
    """
    pairs = 0
    kinds = 0
    for x in counts:
        if x:
            kinds += 1
            if x >= 2:
                pairs += 1
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


def shanten_kokushi(counts: Sequence[int]) -> int:
    """Shanten number for kokushi musou (thirteen orphans).

    >>> shanten_kokushi([1, 0, 0, 0, 0, 0, 0, 0, 1] * 3 + [1] * 7)
    0
    """
    kinds = 0
    pair = False
    for k in _TERMINALS_HONOURS:
        x = counts[k]
        if x:
            kinds += 1
            if x >= 2:
                pair = True
    return 13 - kinds - (1 if pair else 0)


# --- helpers shared with engine.waits -----------------------------------------


def _group(key: bytes) -> int:
    """Packed value of a group pattern (9 count bytes for a suit, 7 for honours)."""
    try:
        return _GROUP[key]
    except KeyError:
        return _group_value(key)


def _combine(a: int, b: int) -> int:
    """Interned id of the convolution of two vector ids."""
    key = a << _KEY_SHIFT | b
    try:
        return _COMBINE[key]
    except KeyError:
        return _combine_miss(key)


def _final(a: int, b: int) -> tuple[int, ...]:
    """Shanten for 0..4 needed sets of the union of two vector ids."""
    key = a << _KEY_SHIFT | b
    try:
        return _FINAL[key]
    except KeyError:
        return _final_miss(key)


def _special(packed: int) -> int:
    """min(chiitoitsu, kokushi) shanten from summed packed facts."""
    try:
        return _SPECIAL[packed]
    except KeyError:
        return _special_miss(packed)


def _regular_from_values(vals: Iterable[int], sets: int) -> int:
    m, p, s, h = (v >> _ID_SHIFT for v in vals)
    return _final(_combine(m, p), _combine(s, h))[sets]
