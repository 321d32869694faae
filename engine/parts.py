"""The plain-data parts that events carry and scoring reads: melds and payments.

They live apart from ``engine.events`` so that scoring one hand (``hanchan score``)
does not build the whole event vocabulary: each frozen dataclass costs about half a
millisecond at import.  ``engine.events`` re-exports them; both names are the same class.

>>> Meld("pon", (0, 1, 2), called=2, from_seat=3).is_open
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.tiles import Tile

CallKind = Literal["chi", "pon", "minkan"]
KanKind = Literal["ankan", "kakan"]
MeldKind = Literal["chi", "pon", "minkan", "ankan", "kakan"]


@dataclass(frozen=True, slots=True)
class Meld:
    """A called or declared set.

    ``tiles`` are all its tiles (3 or 4), ``called`` the tile taken from another
    seat (None for a closed kan), ``from_seat`` that seat (None for a closed kan).
    A ``kakan`` keeps the called tile and seat of the pon it grew from; its
    ``added`` is the tile added.
    """

    kind: MeldKind
    tiles: tuple[Tile, ...]
    called: Tile | None = None
    from_seat: int | None = None
    added: Tile | None = None

    @property
    def is_open(self) -> bool:
        """Every meld but a closed kan opens the hand."""
        return self.kind != "ankan"

    @property
    def is_kan(self) -> bool:
        """Closed, open and added kans."""
        return self.kind in ("minkan", "ankan", "kakan")


@dataclass(frozen=True, slots=True)
class Payment:
    """One line of a transfer: ``amount`` moves from ``payer`` (None: the table) to ``payee``."""

    payer: int | None
    payee: int
    amount: int
    reason: str  # "hand", "honba", "sticks", "pao", "noten", "nagashi", "chombo", ...
