"""``PlayerView``: what one seat may see.  Bots and the human UI receive only this.

It holds the seat's own concealed tiles and all public information (rivers,
melds, dora indicators, scores, riichi states, how many tiles each hand holds)
and nothing else: no other hand, no wall order, no ura indicators before they
are shown.  It is built by ``engine.visibility.view(state, seat)``.
"""

from __future__ import annotations

from typing import NamedTuple

from msgspec import Struct

from hanchan.engine.events import Meld
from hanchan.engine.tiles import Tile
from hanchan.rulesets.schema import Ruleset


class RiverTile(NamedTuple):
    """A discard as it lies in a river.

    A named tuple: immutable like the rest of the view, and the state makes one per
    discard, which a frozen dataclass made measurably slower (``bench_game``).
    """

    tile: Tile
    tsumogiri: bool = False
    riichi: bool = False  # the riichi declaration tile (turned sideways)
    called_by: int | None = None  # seat that called it away (it no longer lies in the river)
    window: int = -1  # claim-window number of the discard: orders discards across seats
    # (every player sees the order in which the tiles were thrown; -1: not known)


# SeatInfo and PlayerView are frozen structs: a view is made for every decision of every
# bot, and a struct's ``__init__`` (in C) costs a fraction of a frozen dataclass's.
class SeatInfo(Struct, frozen=True, gc=False):
    """Public facts about one seat."""

    seat: int
    wind: int  # 0 East .. 3 North, this hand
    score: int
    riichi: bool
    open_riichi: bool
    riichi_turn: int | None  # index into river of the riichi tile
    melds: tuple[Meld, ...]
    river: tuple[RiverTile, ...]
    hand_size: int  # concealed tiles, including a drawn tile
    # what an open riichi shows (its hand, or the part that makes its wait: the rules'
    # open_riichi_shows), or a hand shown at a draw
    shown_hand: tuple[Tile, ...] = ()


class PlayerView(Struct, frozen=True, gc=False):
    """One seat's view of the table at one moment."""

    seat: int
    ruleset: Ruleset
    round_wind: int
    hand_number: int
    honba: int
    sticks: int
    dealer: int
    seats: tuple[SeatInfo, SeatInfo, SeatInfo, SeatInfo]
    hand: tuple[Tile, ...]  # own concealed tiles, sorted, without the drawn tile
    drawn: Tile | None  # own tile just drawn, if any
    dora_indicators: tuple[Tile, ...]
    wall_remaining: int  # live tiles left to draw
    turn: int  # seat whose turn it is (who drew, or who discarded last)
    last_discard: tuple[int, int] | None  # (seat, tile) open to claims now, if any
    furiten: bool  # own furiten state (permanent, temporary or riichi)
    first_go_round: bool  # no call yet and nobody has discarded twice
    kans: int  # kans declared this hand
    hand_index: int  # 0-based count of hands played in the game (for display)

    @property
    def me(self) -> SeatInfo:
        """This seat's public info."""
        return self.seats[self.seat]

    def concealed(self) -> tuple[Tile, ...]:
        """Own concealed tiles including the drawn tile."""
        return self.hand + ((self.drawn,) if self.drawn is not None else ())

    def visible_counts(self) -> list[int]:
        """34-count of every tile kind this seat can see (own hand, rivers, melds, dora)."""
        c = [0] * 34  # hot (bots ask once a decision): kind_of inlined as ``t >> 2``
        for t in self.hand:
            c[t >> 2] += 1
        if self.drawn is not None:
            c[self.drawn >> 2] += 1
        me = self.seat
        for s in self.seats:
            for tile, _, _, called_by, _ in s.river:  # (unpacked: cheaper than attributes)
                if called_by is None:
                    c[tile >> 2] += 1
            for m in s.melds:
                for t in m.tiles:
                    c[t >> 2] += 1
            if s.seat != me:
                for t in s.shown_hand:
                    c[t >> 2] += 1
        for t in self.dora_indicators:
            c[t >> 2] += 1
        return c

