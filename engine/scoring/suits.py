"""Per-suit reading table for the fast scoring path, keyed by a suit's sorted kinds.

A concealed hand's sorted kinds (``bytes``, one byte per tile) split into four
suit slices; each slice is looked up here once and the entry holds everything the
scorer needs about every reading of that suit, packed into one ``int`` so that
readings of different suits combine by plain addition (their fields live in
disjoint bits or are small sums that cannot overflow):

========  =====  ==========================================================
bits      field  meaning
========  =====  ==========================================================
0..33     seqs   bit ``k``: a concealed sequence starting at kind ``k``
34..67    trips  bit ``k``: a concealed triplet of kind ``k``
68..71    dup    identical sequence pairs (1 iipeikou, 2 ryanpeikou)
72..79    fu     fu of the concealed triplets as closed (8 terminal/honour, 4 simple)
80..      pair   pair kind + 1 (0 when the suit holds no pair)
========  =====  ==========================================================

The readings come from :func:`engine.scoring.decompose._suit_readings`, in its
order, so the product over suits visits readings in the same order as
:func:`engine.scoring.decompose.regular_readings`.
"""

from __future__ import annotations

from hanchan.engine.scoring.decompose import KOKUSHI_KINDS, _suit_readings
from hanchan.engine.tiles import kind_of

KIND_OF = bytes([kind_of(t) for t in range(136)] + [255] * 120)
"""``bytes.translate`` table: physical tile -> kind."""

M34 = (1 << 34) - 1
TRIP_SHIFT = 34
DUP_SHIFT = 68
FU_SHIFT = 72
PAIR_SHIFT = 80
YAO_MASK = sum(1 << k for k in KOKUSHI_KINDS)
"""Bit mask of the terminal and honour kinds."""

READING_MASK = (1 << 88) - 1
"""The bits of a reading (sequences .. pair) in a suit value."""
PAIRS_SHIFT = 88
"""Suit values: how many suits hold the pair (4 bits)."""
NONE_SHIFT = 92
"""Suit values: how many suits have no reading (4 bits)."""
KINDS_SHIFT = 96
"""Suit values: the mask of the kinds used (34 bits)."""
MULTI_SHIFT = 130
"""Suit values: how many suits have several readings (see :data:`READINGS`)."""

TABLE: dict[bytes, int] = {}
"""Suit value of a suit's sorted kinds: its only reading (or none), the pair and
no-reading counts, the kinds mask and the several-readings count, packed so that the
values of a hand's suits add up to the hand's value."""
READINGS: dict[bytes, tuple[int, ...]] = {}
"""Every reading of a suit's sorted kinds in a complete hand, in reading order."""


def _pack(pair: int, seqs: tuple[int, ...], trips: tuple[int, ...]) -> int:
    smask = 0
    for k in seqs:
        smask |= 1 << k
    tmask = 0
    fu = 0
    for k in trips:
        tmask |= 1 << k
        fu += 8 if YAO_MASK >> k & 1 else 4
    dup = 0
    i = 0
    n = len(seqs)
    while i < n - 1:  # seqs are sorted: count identical neighbours pairwise
        if seqs[i] == seqs[i + 1]:
            dup += 1
            i += 2
        else:
            i += 1
    return (smask | tmask << TRIP_SHIFT | dup << DUP_SHIFT | fu << FU_SHIFT
            | (pair + 1) << PAIR_SHIFT)


def suit_value(kinds: bytes) -> int:
    """The value of one suit's sorted kinds (non-empty, all of one suit).

    Its readings in a complete hand (by the tile count modulo 3: none for 3n+1
    tiles, with the pair for 3n+2) go to :data:`READINGS`; the value holds the only
    one, or counts the suit as having none or several.
    """
    v = TABLE.get(kinds)
    if v is not None:
        return v
    first = kinds[0]
    offset = 27 if first >= 27 else first // 9 * 9
    counts = [0] * (7 if offset == 27 else 9)
    kmask = 0
    for k in kinds:
        counts[k - offset] += 1
        kmask |= 1 << k
    plain, paired = _suit_readings(offset, tuple(counts))
    r = len(kinds) % 3
    readings = () if r == 1 else tuple([_pack(*x) for x in (paired if r == 2 else plain)])
    READINGS[kinds] = readings
    v = kmask << KINDS_SHIFT | (r == 2) << PAIRS_SHIFT
    if not readings:
        v |= 1 << NONE_SHIFT
    elif len(readings) == 1:
        v |= readings[0]
    else:
        v |= 1 << MULTI_SHIFT
    TABLE[kinds] = v
    return v
