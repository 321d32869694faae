"""Table of every valid meld's tiles, for checking and reading melds with one look-up.

:data:`MELDS` maps each possible ``Meld.tiles`` tuple (every copy choice, in every
order) to its :data:`MeldFacts`: about 9,700 entries built at import.
"""

from __future__ import annotations

from itertools import combinations, permutations

from hanchan.engine.scoring.suits import YAO_MASK

SEQ_SHAPE, PON_SHAPE, KAN_SHAPE = 0, 1, 2

MeldFacts = tuple[int, int, int, int, bytes, int, int, int]
"""(shape, kind, bit of the kind, mask of the kinds used, kinds of the tiles,
fu when open, fu when closed, red fives); fu are 0 for a sequence; the red fives are
packed as (count with one red five per suit) | (count with two per suit) << 4."""

_RED1 = frozenset((16, 52, 88))
_RED2 = frozenset((16, 17, 52, 53, 88, 89))


def _red(tiles: tuple[int, ...]) -> int:
    return len(_RED1.intersection(tiles)) | len(_RED2.intersection(tiles)) << 4

MELDS: dict[tuple[int, ...], MeldFacts] = {}


def _fill() -> None:
    for start in (s * 9 + i for s in range(3) for i in range(7)):
        for a in range(4):
            for b in range(4):
                for c in range(4):
                    tiles = (start * 4 + a, start * 4 + 4 + b, start * 4 + 8 + c)
                    facts = (SEQ_SHAPE, start, 1 << start, 7 << start,
                             bytes((start, start + 1, start + 2)), 0, 0, _red(tiles))
                    for p in permutations(tiles):
                        MELDS[p] = facts
    for k in range(34):
        fu = 4 if YAO_MASK >> k & 1 else 2
        copies = range(k * 4, k * 4 + 4)
        for three in combinations(copies, 3):
            pon = (PON_SHAPE, k, 1 << k, 1 << k, bytes((k, k, k)), fu, 2 * fu, _red(three))
            for p in permutations(three):
                MELDS[p] = pon
        kan = (KAN_SHAPE, k, 1 << k, 1 << k, bytes((k, k, k, k)), 4 * fu, 8 * fu,
               _red(tuple(copies)))
        for p in permutations(copies):
            MELDS[p] = kan


_fill()
