"""Waits, tile acceptance (ukeire) and discard analysis for riichi mahjong hands.

Same conventions as :mod:`engine.shanten`: ``counts`` is a sequence of 34
concealed-tile counts, ``melds`` the number of called melds.

Nothing here evaluates the shanten of each of the 34 possible draws.  It
works on the per-group vectors of :mod:`engine.shanten` (``D[h][i]``, the
tiles a suit or the honours lacks to hold ``i`` sets and ``h`` pairs): the
regular shanten is a minimum over splits ``D_group[h][i] + D_rest[1-h][4-melds-i]``,
and one drawn tile lowers an entry by at most one, so a draw lowers the
shanten exactly when it lowers an entry of its group on which that minimum is
reached.  Which entries are tight is memoised per tuple of vector ids; which
draws lower which entry is memoised per group pattern (a bit set per entry).
Chiitoitsu and kokushi after a draw depend only on how many copies of the
kind the hand holds and whether it is a terminal or honour.  A discard changes
one group only, so :func:`discard_options` reuses everything for the others.

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

from hanchan.engine.shanten import (
    _GROUP,
    _SPECIAL,
    _VECS,
    _combine,
    _draw_ids,
    _group,
    _special,
)

__all__ = [
    "DiscardOption",
    "discard_options",
    "is_tenpai",
    "ukeire",
    "wait_part",
    "waits",
]

_OFFSETS = (0, 9, 18, 27)
_PACK_MASK = 0xFFFFFF  # low bits of a group value: chiitoi/kokushi facts


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


# Drawing a tile lowers each entry D[h][i] of its group's vector by 0 or 1.
# key -> 16 bit sets over the group's kinds (bit j = its j-th kind), kinds held
# four times left out: [p] for p = h*5 + i < 10, the draws that lower entry p;
# [10 + 2*c + t], the kinds held min(count, 2) == c times that are (t = 1) or
# are not (t = 0) terminals/honours (what chiitoitsu/kokushi depend on).
_MASKS: dict[bytes, tuple[int, ...]] = {}
# (group vector id << 24 | rest vector id) << 3 | sets -> _tight()
_TIGHT: dict[int, tuple[int, int]] = {}
# bit set of entries -> the entries
_POSITIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(p for p in range(10) if bits >> p & 1) for bits in range(1 << 10)
)
# group -> bit set of its kinds -> the kinds
_KINDS_OF: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(offset + j for j in range(9) if bits >> j & 1) for bits in range(1 << 9))
    for offset in (0, 9, 18, 27)
)
# key -> keys of the group with one tile fewer of each kind (None if absent)
_PREV: dict[bytes, tuple[bytes | None, ...]] = {}


def _masks(key: bytes) -> tuple[int, ...]:
    try:
        return _MASKS[key]
    except KeyError:
        pass
    base = _group(key) >> 24
    masks = [0] * 16
    suit = len(key) == 9
    lowered_of = _LOWERED  # hot: _lowered's look-up inlined
    for j, vid in enumerate(_draw_ids(key)):
        if vid < 0:
            continue
        count = key[j]
        term = not suit or j == 0 or j == 8
        bit = 1 << j
        masks[10 + 2 * (count if count < 2 else 2) + term] |= bit
        if vid != base:
            lowered = lowered_of.get(base << 24 | vid)
            for pos in lowered if lowered is not None else _lowered(base, vid):
                masks[pos] |= bit
    res = tuple(masks)
    if len(_MASKS) > 1 << 18:
        _MASKS.clear()
    _MASKS[key] = res
    return res


# (vector id << 24 | vector id after a draw) -> the entries the draw lowers
_LOWERED: dict[int, tuple[int, ...]] = {}


def _lowered(before: int, after: int) -> tuple[int, ...]:
    """The entries of vector ``before`` that are lower in vector ``after``."""
    key = before << 24 | after
    try:
        return _LOWERED[key]
    except KeyError:
        pass
    a, b = _VECS[before], _VECS[after]
    res = tuple(pos for pos in range(10) if b[pos] < a[pos])
    _LOWERED[key] = res
    return res


def _better_classes(packed: int, target: int) -> tuple[int, ...]:
    """Mask positions (10..15) of the draw classes giving chiitoi/kokushi < target."""
    key = packed << 4 | (target + 1)
    try:
        return _BETTER[key]
    except KeyError:
        pass
    pairs = packed & 63
    kinds = packed >> 6 & 63
    tkinds = packed >> 12 & 15
    tpair = packed >> 16 & 7 != 0
    out = []
    for c in (0, 1, 2):
        for term in (False, True):
            after = _chiitoi_kokushi(
                pairs + (c == 1),
                kinds + (c == 0),
                tkinds + (term and c == 0),
                tpair or (term and c == 1),
            )
            if after < target:
                out.append(10 + 2 * c + term)
    res = tuple(out)
    _BETTER[key] = res
    return res


_BETTER: dict[int, tuple[int, ...]] = {}


def _tight(gid: int, rest_id: int, sets: int) -> tuple[int, int]:
    """(regular shanten, bit set of the entries p on which it is reached)."""
    key = (gid << 24 | rest_id) << 3 | sets
    try:
        return _TIGHT[key]
    except KeyError:
        pass
    group = _VECS[gid]
    rest = _VECS[rest_id]
    best = 99
    tight = 0
    for h in (0, 1):
        for i in range(sets + 1):
            v = group[h * 5 + i] + rest[(1 - h) * 5 + sets - i]
            if v < best:
                best = v
                tight = 0
            if v == best:
                tight |= 1 << (h * 5 + i)
    res = (best - 1, tight)
    if len(_TIGHT) > 1 << 20:
        _TIGHT.clear()
    _TIGHT[key] = res
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


def _chiitoi_kokushi(pairs: int, kinds: int, tkinds: int, tpair: bool) -> int:
    chiitoi = 6 - pairs + (7 - kinds if kinds < 7 else 0)
    kokushi = 13 - tkinds - (1 if tpair else 0)
    return chiitoi if chiitoi < kokushi else kokushi


# (the four group vector ids, 24 bits each) << 3 | sets -> (regular shanten,
# per group the vector entries on which the minimum is reached)
_HAND: dict[int, tuple[int, tuple[tuple[int, ...], ...]]] = {}
_SHIFTS = (75, 51, 27, 3)  # where each group's vector id sits in a _HAND key


def _hand_miss(key: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
    sets = key & 7
    ids = [key >> shift & 0xFFFFFF for shift in _SHIFTS]
    m, p, s, h = ids
    mp = _combine(m, p)
    sh = _combine(s, h)
    rests = (_combine(p, sh), _combine(m, sh), _combine(mp, h), _combine(mp, s))
    regular = 99
    tights = []
    for gid, rest in zip(ids, rests, strict=True):
        regular, tight = _tight(gid, rest, sets)
        tights.append(tight)
    return regular, _hand_after(key, regular, tights)


def _hand_after(key: int, regular: int, tights: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Remember the hand ``key``'s regular shanten and the tight entries of each group (bit
    sets, :func:`_tight`) in :data:`_HAND`; gives those entries."""
    res = (_POSITIONS[tights[0]], _POSITIONS[tights[1]], _POSITIONS[tights[2]],
           _POSITIONS[tights[3]])
    if len(_HAND) > 1 << 20:
        _HAND.clear()
    _HAND[key] = (regular, res)
    return res


def _improving(
    keys: Sequence[bytes],
    vals: Sequence[int],
    melds: int,
    target: int | None = None,
) -> tuple[int, list[int]]:
    """(shanten of the hand, sorted kinds whose draw gives a shanten below target).

    ``target`` defaults to the hand's shanten.  Kinds the hand holds four
    times are never listed.
    """
    sets = 4 - melds
    hand_key = (
        (vals[0] >> 24) << 72 | (vals[1] >> 24) << 48 | (vals[2] >> 24) << 24 | vals[3] >> 24
    ) << 3 | sets
    try:
        regular, tights = _HAND[hand_key]
    except KeyError:
        regular, tights = _hand_miss(hand_key)
    if melds == 0:
        packed = (vals[0] + vals[1] + vals[2] + vals[3]) & _PACK_MASK
        special = _special(packed)
        current = regular if regular < special else special
    else:
        packed = 0
        special = 99
        current = regular
    if target is None:
        target = current
    # A draw lowers the regular shanten iff it lowers an entry of its group's
    # vector on which the minimum over (group entry + rest entry) is reached;
    # a draw lowers chiitoitsu/kokushi shanten by at most one.
    if regular < target:  # every draw does (not reached by the callers)
        positions: tuple[tuple[int, ...], ...] = (tuple(range(10, 16)),) * 4
    elif regular == target:
        positions = tights
    else:
        positions = ((), (), (), ())
    if special - 1 < target:
        extra = _better_classes(packed, target)
        if extra:
            positions = tuple(ps + extra for ps in positions)
    found: list[int] = []
    memo = _MASKS
    for g in range(4):
        wanted = positions[g]
        if wanted:
            key = keys[g]
            try:
                masks = memo[key]
            except KeyError:
                masks = _masks(key)
            bits = 0
            for pos in wanted:
                bits |= masks[pos]
            if bits:
                found.extend(_KINDS_OF[g][bits])
    return current, found


def _unseen(kinds: list[int], own: Sequence[int], visible: Sequence[int] | None) -> int:
    if visible is None:
        return 4 * len(kinds) - sum(map(own.__getitem__, kinds))
    total = 0
    for k in kinds:
        left = 4 - own[k] - visible[k]
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
    out = _improving(keys, vals, melds, 0)[1]
    for k in range(34):
        if counts[k] >= 4:
            trial = list(counts)
            trial[k] += 1
            if _formal_complete(trial, 4 - melds, True):
                out.append(k)
    out.sort()
    return out


def wait_part(counts: Sequence[int], melds: int = 0) -> list[int]:
    """The fewest tiles of a 3n+1 hand that show its waits (部分さらし), as sorted kinds.

    An open riichi that shows only the part of its hand that makes the wait: complete sets
    (pungs and chows) are taken out of ``counts`` in every way, and a remainder is a
    candidate when its waits, the sets taken out counted as melds, are exactly the
    hand's.  The whole hand is always one, so a wait that only seven pairs or thirteen
    orphans give (a 13-tile form) shows the whole hand, as does a hand with no wait.  Of
    the smallest candidates the one whose sorted kinds come first is taken.

    >>> from hanchan.engine.tiles import counts_of, format_kinds, parse_kinds
    >>> def part(text: str, melds: int = 0) -> str:
    ...     return format_kinds(wait_part(counts_of(parse_kinds(text)), melds))
    >>> part("123m456p789s45s11z"), part("123m456p789s123s1z"), part("123m456p789s1234s")
    ('45s11z', '1z', '1234s')
    >>> part("1122m3344p5566s7z"), part("23m55p", 2)  # seven pairs: all of it
    ('1122m3344p5566s7z', '23m55p')
    """
    _check_hand(counts, melds, 1)
    whole = waits(counts, melds)
    best = tuple(k for k in range(34) for _ in range(counts[k]))
    if not whole:
        return list(best)
    # every remainder after taking sets out, with the number of sets taken
    taken = {bytes(counts): 0}
    todo = [bytes(counts)]
    while todo:
        key = todo.pop()
        n = taken[key] + 1
        for k in range(34):
            if key[k] >= 3:
                c = bytearray(key)
                c[k] -= 3
                if bytes(c) not in taken:
                    taken[bytes(c)] = n
                    todo.append(bytes(c))
            if k < 27 and k % 9 <= 6 and key[k] and key[k + 1] and key[k + 2]:
                c = bytearray(key)
                c[k] -= 1
                c[k + 1] -= 1
                c[k + 2] -= 1
                if bytes(c) not in taken:
                    taken[bytes(c)] = n
                    todo.append(bytes(c))
    # the smallest remainders first (the most sets taken), then by their sorted kinds
    order = sorted((-n, tuple(k for k in range(34) for _ in range(key[k])), key)
                   for key, n in taken.items() if n)
    for minus_sets, kinds, key in order:
        if waits(key, melds - minus_sets) == whole:
            return list(kinds)
    return list(best)


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
    kinds = _improving(keys, vals, melds)[1]
    return kinds, _unseen(kinds, counts, visible)


def _shanten_of(vals: Sequence[int], melds: int) -> int:
    """The shanten of a hand from its group values (the first part of :func:`_improving`)."""
    hand_key = (
        (vals[0] >> 24) << 72 | (vals[1] >> 24) << 48 | (vals[2] >> 24) << 24 | vals[3] >> 24
    ) << 3 | (4 - melds)
    try:
        regular = _HAND[hand_key][0]
    except KeyError:
        regular = _hand_miss(hand_key)[0]
    if melds:
        return regular
    special = _special((vals[0] + vals[1] + vals[2] + vals[3]) & _PACK_MASK)
    return regular if regular < special else special


def discard_options(
    counts14: Sequence[int], melds: int = 0, visible: Sequence[int] | None = None, *,
    best_only: bool = False, unseen: Sequence[int] | None = None,
) -> list[DiscardOption]:
    """Every distinct discard of a 3n+2 hand, best first.

    Each entry gives the discard, the shanten after it, and the ukeire of the
    hand left (as in :func:`ukeire`; unseen copies are counted against the
    full ``counts14``, the discarded tile being seen, or read from ``unseen``,
    34 counts of unseen copies, when it is given).  Sorted by shanten,
    then most unseen tiles, then kind.  With ``best_only``, only the discards that
    leave the lowest shanten (the first entries of the full list), whose ukeire alone
    is counted: the costly part.  A discard changes one group, so the other three
    are combined once per group and the shanten after each discard is one
    :func:`_tight` look-up.

    >>> hand = [0] * 34
    >>> for k in (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 33, 30):
    ...     hand[k] += 1
    >>> best = discard_options(hand)[0]
    >>> best.kind, best.shanten, best.ukeire, best.ukeire_count
    (30, 0, [33], 3)
    """
    _check_hand(counts14, melds, 2)
    b = bytes(counts14)
    keys = (b[0:9], b[9:18], b[18:27], b[27:34])
    vals = (_group(keys[0]), _group(keys[1]), _group(keys[2]), _group(keys[3]))
    ids = (vals[0] >> 24, vals[1] >> 24, vals[2] >> 24, vals[3] >> 24)
    sets = 4 - melds
    hands = _after_each_discard(keys, vals, ids, melds, best_only)
    options: list[DiscardOption] = []
    masks_of, hand_of = _MASKS, _HAND  # hot: look-ups inlined
    kept = [masks_of.get(k) or _masks(k) for k in keys]  # the groups a discard keeps
    # the four vector ids and the sets, as _HAND keys them; a discard puts its group's
    # new id in its place
    base = (ids[0] << 72 | ids[1] << 48 | ids[2] << 24 | ids[3]) << 3 | sets
    for after, kind, g, pkey, nid, regular, tight, new_packed, special in hands:
        if regular == after:
            # the tight entries of the other groups, against the group after the discard
            hand_key = base ^ (ids[g] ^ nid) << _SHIFTS[g]
            known = hand_of.get(hand_key)
            tights = known[1] if known is not None else _hand_after(
                hand_key, regular, _other_tights(ids, g, nid, tight, sets))
        else:
            tights = _NO_TIGHTS
        extra = _better_classes(new_packed, after) if special - 1 < after else ()
        found: list[int] = []
        for x in range(4):
            wanted = tights[x] + extra if extra else tights[x]
            if wanted:
                masks = (masks_of.get(pkey) or _masks(pkey)) if x == g else kept[x]
                bits = 0
                for pos in wanted:
                    bits |= masks[pos]
                if bits:
                    found.extend(_KINDS_OF[x][bits])
        options.append(DiscardOption(kind, after, found,
                                     _unseen_of(found, counts14, visible, unseen)))
    options.sort(key=lambda o: (o.shanten, -o.ukeire_count, o.kind))
    return options


_NO_TIGHTS: tuple[tuple[int, ...], ...] = ((), (), (), ())

_Hand = tuple[int, int, int, bytes, int, int, int, int, int]
"""A hand after one discard: (shanten after, kind, group, the group's key and vector id
after, regular shanten after, the group's tight entries, packed facts after, special
shanten after)."""


def _after_each_discard(keys: tuple[bytes, ...], vals: tuple[int, ...],
                        ids: tuple[int, ...], melds: int, best_only: bool) -> list[_Hand]:
    """The hand after each distinct discard (with ``best_only`` those of the lowest
    shanten only): a discard changes one group, the other three are combined once."""
    m, p, s, h = ids
    mp = _combine(m, p)
    sh = _combine(s, h)
    rests = (_combine(p, sh), _combine(m, sh), _combine(mp, h), _combine(mp, s))
    sets = 4 - melds
    packed = (vals[0] + vals[1] + vals[2] + vals[3]) & _PACK_MASK
    group_of, tight_of, special_of = _GROUP, _TIGHT, _SPECIAL  # hot: look-ups inlined
    hands: list[_Hand] = []
    low = 99
    for g in range(4):
        offset = _OFFSETS[g]
        rest = rests[g]
        others = packed - (vals[g] & _PACK_MASK)
        for j, pkey in enumerate(_prev_keys(keys[g])):
            if pkey is None:
                continue
            try:
                pv = group_of[pkey]
            except KeyError:
                pv = _group(pkey)
            nid = pv >> 24
            try:
                regular, tight = tight_of[(nid << 24 | rest) << 3 | sets]
            except KeyError:
                regular, tight = _tight(nid, rest, sets)
            new_packed = others + (pv & _PACK_MASK)
            special = 99
            if not melds:
                try:
                    special = special_of[new_packed]
                except KeyError:
                    special = _special(new_packed)
            after = special if special < regular else regular
            if best_only:  # keep only the lowest shanten's
                if after > low:
                    continue
                if after < low:
                    low = after
                    hands.clear()
            hands.append((after, offset + j, g, pkey, nid, regular, tight, new_packed, special))
    return hands


def _other_tights(ids: tuple[int, ...], g: int, nid: int, tight: int,
                  sets: int) -> tuple[int, int, int, int]:
    """The tight entries of the four groups once group ``g`` is ``nid`` (its own entry
    ``tight`` known): each group against the other three combined."""
    m, p, s, h = ids
    if g < 2:
        a, c = (nid, p) if g == 0 else (m, nid)
        ac = _combine(a, c)
        sh = _combine(s, h)
        t0, t1 = (tight, _tight(c, _combine(a, sh), sets)[1]) if g == 0 else (
            _tight(a, _combine(c, sh), sets)[1], tight)
        return (t0, t1, _tight(s, _combine(ac, h), sets)[1],
                _tight(h, _combine(ac, s), sets)[1])
    mp = _combine(m, p)
    a, c = (nid, h) if g == 2 else (s, nid)
    ac = _combine(a, c)
    t2, t3 = (tight, _tight(c, _combine(mp, a), sets)[1]) if g == 2 else (
        _tight(a, _combine(mp, c), sets)[1], tight)
    return (_tight(m, _combine(p, ac), sets)[1], _tight(p, _combine(m, ac), sets)[1], t2, t3)


def _unseen_of(found: list[int], own: Sequence[int], visible: Sequence[int] | None,
               unseen: Sequence[int] | None) -> int:
    """How many copies of the kinds ``found`` are unseen (see :func:`discard_options`)."""
    if unseen is not None:
        return sum(map(unseen.__getitem__, found))
    return _unseen(found, own, visible)
