"""The order of the discards of a hand, read from the rivers of a PlayerView.

Every player at the table sees in which order the tiles were thrown, and so which
tiles a riichi player has let pass since its declaration.  The engine stamps each
river tile with the claim window its discard opened (:attr:`engine.view.RiverTile.window`);
views built without it (hand-made test views) fall back to the go-around and the
seat's place after the dealer, which is exact only while nobody has called (a call
skips turns and shifts the rivers against each other).
"""

from __future__ import annotations

from hanchan.engine.tiles import kind_of
from hanchan.engine.view import PlayerView, RiverTile

Key = tuple[int, int]
"""A discard's place in the hand's order (smaller is earlier)."""


def discard_key(view: PlayerView, seat: int, index: int) -> Key:
    """When ``seat`` made its ``index``-th discard, comparable across seats."""
    river = view.seats[seat].river
    if index < len(river) and river[index].window >= 0:
        return (river[index].window, 0)
    return (index, (seat - view.dealer) % 4)


def in_order(view: PlayerView) -> list[tuple[Key, int, RiverTile]]:
    """Every discard of the hand, earliest first: (key, seat, tile)."""
    out = [(discard_key(view, s.seat, i), s.seat, r)
           for s in view.seats for i, r in enumerate(s.river)]
    out.sort(key=lambda x: x[0])
    return out


def passed_since(view: PlayerView, seat: int) -> set[int]:
    """Kinds that ``seat`` has let pass and so cannot ron now.

    For a seat in riichi, every tile thrown after its declaration tile (riichi furiten
    lasts the hand); for any other seat, the tiles thrown after its last discard (its
    hand has not changed since, so it is furiten on them until it discards again).
    """
    info = view.seats[seat]
    if not info.river:
        return set()
    if info.riichi and info.riichi_turn is not None:
        since = discard_key(view, seat, info.riichi_turn)
    else:
        since = discard_key(view, seat, len(info.river) - 1)
    out: set[int] = set()
    for s in view.seats:
        if s.seat == seat:
            continue
        # a river's keys grow along it: only its tail comes after ``since``
        river = s.river
        for i in range(len(river) - 1, -1, -1):
            if discard_key(view, s.seat, i) <= since:
                break
            out.add(kind_of(river[i].tile))
    return out
