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

from engine.scoring.decompose import KOKUSHI_KINDS, _suit_readings

KIND_OF = bytes([t >> 2 for t in range(136)] + [255] * 120)
"""``bytes.translate`` table: physical tile -> kind."""

M34 = (1 << 34) - 1
TRIP_SHIFT = 34
DUP_SHIFT = 68
FU_SHIFT = 72
PAIR_SHIFT = 80
YAO_MASK = sum(1 << k for k in KOKUSHI_KINDS)
"""Bit mask of the terminal and honour kinds."""

SuitEntry = tuple[int, tuple[tuple[int, ...], ...]]
"""(mask of the kinds in the suit, the packed readings by the suit's tile count
modulo 3: without a pair, none, with the pair)."""

TABLE: dict[bytes, SuitEntry] = {}


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


def suit_entry(kinds: bytes) -> SuitEntry:
    """The entry of one suit's sorted kinds (non-empty, all of one suit).

    ``entry[1][len(kinds) % 3]`` are the suit's readings in a complete hand
    (empty when it has none).
    """
    e = TABLE.get(kinds)
    if e is not None:
        return e
    first = kinds[0]
    offset = 27 if first >= 27 else first // 9 * 9
    counts = [0] * (7 if offset == 27 else 9)
    kmask = 0
    for k in kinds:
        counts[k - offset] += 1
        kmask |= 1 << k
    plain, paired = _suit_readings(offset, tuple(counts))
    e = (kmask, (tuple([_pack(*r) for r in plain]), (), tuple([_pack(*r) for r in paired])))
    TABLE[kinds] = e
    return e
