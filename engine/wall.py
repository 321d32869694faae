"""The wall: how the 136 tiles of a ``HandStarted`` event are laid out.

A ``HandStarted`` event carries the whole wall as a tuple of 136 physical
tiles **in draw order**: the dice only say where the wall was broken (they
matter for wareme and for the picture), the tuple already starts at the break.

* The deal takes ``wall[0:52]``: three passes of four tiles to each seat starting
  with the dealer, then one tile each (:func:`deal`).  The dealer's first draw is
  ``wall[52]``, the next seat's ``wall[53]`` and so on; live draws go forward.
* The dead wall is the tail.  Replacement (rinshan) draws are taken in the order
  ``wall[135]``, ``wall[134]``, ``wall[133]``, ``wall[132]``.  Dora indicator *i*
  (0 = the first) is ``wall[131 - 2*i]`` and its ura indicator ``wall[130 - 2*i]``.
  A 14-tile dead wall has room for 5 indicators, a 16-tile one for 6.
* Live tiles: ``136 - dead_wall`` at the start.  With ``dead_wall_replenish`` each
  kan's replacement draw moves the last live tile into the dead wall (so the live
  wall loses one tile per kan); without it the live wall keeps its end.

>>> hands = deal(tuple(range(136)), dealer=0)
>>> hands[0][:5], hands[1][:4], hands[0][12]
((0, 1, 2, 3, 16), (4, 5, 6, 7), 48)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

DEAL_SIZE = 52
FIRST_DRAW = 52


def deal(wall: Sequence[int], dealer: int) -> tuple[tuple[int, ...], ...]:
    """The four starting hands of 13 tiles, indexed by absolute seat."""
    hands: list[list[int]] = [[], [], [], []]
    for r in range(3):
        for o in range(4):
            start = 16 * r + 4 * o
            hands[(dealer + o) % 4].extend(wall[start:start + 4])
    for o in range(4):
        hands[(dealer + o) % 4].append(wall[48 + o])
    return tuple(tuple(h) for h in hands)


def rinshan_index(k: int) -> int:
    """Wall index of the ``k``-th replacement draw (0-based)."""
    return 135 - k


def dora_index(i: int) -> int:
    """Wall index of dora indicator ``i`` (0 = the first)."""
    return 131 - 2 * i


def ura_index(i: int) -> int:
    """Wall index of the ura indicator under dora indicator ``i``."""
    return 130 - 2 * i


def live_tiles(dead_wall: int, kans: int, replenish: bool) -> int:
    """How many tiles the live wall holds in all (drawn or not) after ``kans`` kans."""
    return 136 - dead_wall - (kans if replenish else 0)


def shuffled_wall(rng: random.Random) -> tuple[int, ...]:
    """A shuffled wall of all 136 tiles from the given generator.

    This is ``rng.shuffle(list(range(136)))`` as CPython 3.11-3.13 draws it (a
    Fisher-Yates pass from the end, each index by rejection from ``getrandbits``),
    written out: the same walls from the same seed at half the cost, and the same
    walls on any Python, which a saved game's seed relies on.

    >>> a, b = random.Random(9), random.Random(9)
    >>> tiles = list(range(136))
    >>> b.shuffle(tiles)
    >>> shuffled_wall(a) == tuple(tiles)
    True
    """
    tiles = list(range(136))
    bits = rng.getrandbits
    for i in range(135, 0, -1):
        k = _BIT_LENGTH[i]
        j = bits(k)
        while j > i:
            j = bits(k)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    return tuple(tiles)


_BIT_LENGTH = tuple((i + 1).bit_length() for i in range(136))


def dealt(rng: random.Random) -> tuple[tuple[int, ...], tuple[int, int]]:
    """The next hand's wall and dice from a game's generator, in the order ``Game`` draws
    them; verify re-deals a seeded game's walls with it.

    >>> dealt(random.Random(9))[0] == shuffled_wall(random.Random(9))
    True
    """
    wall = shuffled_wall(rng)
    return wall, (rng.randint(1, 6), rng.randint(1, 6))
"""Bits to draw for an index below ``i + 1``."""
