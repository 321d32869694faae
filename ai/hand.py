"""Hand analysis for bots: counts, unseen tiles, ukeire and discard tables.

Everything here works on 34-count vectors (``engine.tiles`` kinds) and reads only a
:class:`~engine.view.PlayerView`.  ``unseen[k]`` is how many copies of kind ``k`` the
seat cannot see (4 minus :meth:`PlayerView.visible_counts`): those are the tiles that
may still be drawn or discarded by others, so ukeire counts them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from hanchan.engine import waits as _waits
from hanchan.engine.view import PlayerView


def hand_counts(view: PlayerView) -> list[int]:
    """34-counts of the seat's concealed tiles, the drawn tile included."""
    c = [0] * 34
    for t in view.hand:
        c[t >> 2] += 1  # hot (bots ask once a decision): kind_of inlined
    if view.drawn is not None:
        c[view.drawn >> 2] += 1
    return c


def unseen_counts(view: PlayerView) -> list[int]:
    """Copies of each kind this seat cannot see (never below 0)."""
    return list(map(_UNSEEN.__getitem__, view.visible_counts()))


_UNSEEN = (4, 3, 2, 1) + (0,) * 13
"""Unseen copies of a kind by its visible ones: ``max(0, 4 - visible)``, looked up (a view
sees at most the four copies of a kind; the table reaches sixteen)."""


def ukeire(counts: Sequence[int], melds: int, unseen: Sequence[int]) -> tuple[int, list[int]]:
    """Tiles that lower the shanten of a 3n+1 hand: (how many unseen copies, their kinds)."""
    kinds, _ = _waits.ukeire(counts, melds)
    return sum(unseen[k] for k in kinds), kinds


def winning_kinds(counts: Sequence[int], melds: int) -> list[int]:
    """Kinds that complete a 3n+1 hand (formal waits)."""
    return _waits.waits(counts, melds)


class DiscardOption(NamedTuple):
    """What a hand looks like after discarding one kind."""

    kind: int
    shanten: int
    ukeire: int  # unseen tiles that lower the shanten
    kinds: tuple[int, ...]  # those tiles' kinds


def discard_options(
    counts14: Sequence[int], melds: int, unseen: Sequence[int], *, exclude: Sequence[int] = (),
    best_only: bool = False,
) -> list[DiscardOption]:
    """One option per kind held, best first (lowest shanten, then most unseen ukeire).

    ``unseen`` counts the copies of each kind this seat cannot see (the discarded
    tile itself is seen once discarded, which only matters for its own kind).
    ``exclude`` lists kinds that may not be discarded.  ``best_only``: only the
    options of the lowest shanten among those allowed (the first entries of the list).
    The rows of :func:`discard_table`, with the count first.
    """
    return [DiscardOption(kind, sh, count, tuple(kinds)) for kind, sh, kinds, count
            in discard_table(counts14, melds, unseen, exclude=exclude, best_only=best_only)]


def discard_table(
    counts14: Sequence[int], melds: int, unseen: Sequence[int], *, exclude: Sequence[int] = (),
    best_only: bool = False,
) -> list[_waits.DiscardOption]:
    """:func:`discard_options` as the engine's rows: (kind, shanten, the ukeire's kinds,
    their unseen copies); the engine counts and orders them by ``unseen`` already."""
    skip = {k for k in exclude if counts14[k]}  # a kind not held is no option anyway
    # the lowest shanten of the allowed kinds may be above the lowest of all
    rows = _waits.discard_options(counts14, melds, best_only=best_only and not skip,
                                  unseen=unseen)
    if not skip:
        return rows
    rows = [o for o in rows if o.kind not in skip]
    if best_only and rows:
        low = rows[0].shanten
        rows = [o for o in rows if o.shanten == low]
    return rows
