"""Table of every valid meld's tiles, for checking and reading melds with one look-up.

:data:`MELDS` maps each possible ``Meld.tiles`` tuple (every copy choice, in every
order) to its :data:`MeldFacts`: about 9,700 entries built at import.
"""

from __future__ import annotations

from itertools import combinations, permutations

from engine.scoring.suits import YAO_MASK

SEQ_SHAPE, PON_SHAPE, KAN_SHAPE = 0, 1, 2

MeldFacts = tuple[int, int, int, int, bytes, int, int]
"""(shape, kind, bit of the kind, mask of the kinds used, kinds of the tiles,
fu when open, fu when closed); fu are 0 for a sequence."""

MELDS: dict[tuple[int, ...], MeldFacts] = {}


def _fill() -> None:
    for start in (s * 9 + i for s in range(3) for i in range(7)):
        facts = (SEQ_SHAPE, start, 1 << start, 7 << start,
                 bytes((start, start + 1, start + 2)), 0, 0)
        for a in range(4):
            for b in range(4):
                for c in range(4):
                    tiles = (start * 4 + a, start * 4 + 4 + b, start * 4 + 8 + c)
                    for p in permutations(tiles):
                        MELDS[p] = facts
    for k in range(34):
        fu = 4 if YAO_MASK >> k & 1 else 2
        copies = range(k * 4, k * 4 + 4)
        pon = (PON_SHAPE, k, 1 << k, 1 << k, bytes((k, k, k)), fu, 2 * fu)
        for three in combinations(copies, 3):
            for p in permutations(three):
                MELDS[p] = pon
        kan = (KAN_SHAPE, k, 1 << k, 1 << k, bytes((k, k, k, k)), 4 * fu, 8 * fu)
        for p in permutations(copies):
            MELDS[p] = kan


_fill()
