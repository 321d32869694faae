"""The plain-data parts that events carry and scoring reads: melds and payments.

They live apart from ``engine.events`` so that scoring one hand (``hanchan score``)
does not build the whole event vocabulary.  ``engine.events`` re-exports them; both
names are the same class.

Every value type of the engine's record is a frozen ``msgspec.Struct``: made by its
own ``__init__`` (in C, several times cheaper than a frozen dataclass's), equal and
hashed by its fields, and read from a saved game by a typed decoder that checks each
field against its type.  The bounds of a number are part of its type (:data:`Seat`,
:data:`Int`, ``engine.tiles.Tile``), so a tampered file cannot smuggle in an
impossible value.  ``gc=False``: immutable values never take part in a cycle.

>>> Meld("pon", (0, 1, 2), called=2, from_seat=3).is_open
True
>>> import msgspec
>>> msgspec.convert({"payer": 4, "payee": 0, "amount": 1000, "reason": "hand"}, Payment)
Traceback (most recent call last):
msgspec.ValidationError: Expected `int` <= 3 - at `$.payer`
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Literal, TypeAlias

from msgspec import Meta, Struct

from hanchan.engine.seats import four
from hanchan.engine.tiles import Tile

MAX_ABS_INT = 10**9
"""No number of a game's record is larger (points, counts and han are far below)."""

Seat: TypeAlias = Annotated[int, Meta(ge=0, le=3)]
"""A seat, ``0..3`` (0 the first dealer)."""
Int: TypeAlias = Annotated[int, Meta(ge=-MAX_ABS_INT, le=MAX_ABS_INT)]
"""Any other whole number of the record (points, han, fu, counts, winds)."""
Real: TypeAlias = Annotated[float, Meta(ge=-MAX_ABS_INT, le=MAX_ABS_INT)]
"""A number of the final table (thousands of points); never NaN."""

MeldKind = Literal["chi", "pon", "minkan", "ankan", "kakan"]


class Meld(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """A called or declared set.

    ``tiles`` are all its tiles (3 or 4), ``called`` the tile taken from another
    seat (None for a closed kan), ``from_seat`` that seat (None for a closed kan).
    A ``kakan`` keeps the called tile and seat of the pon it grew from; its
    ``added`` is the tile added.
    """

    kind: MeldKind
    tiles: tuple[Tile, ...]
    called: Tile | None = None
    from_seat: Seat | None = None
    added: Tile | None = None

    @property
    def is_open(self) -> bool:
        """Every meld but a closed kan opens the hand."""
        return self.kind != "ankan"

    @property
    def is_kan(self) -> bool:
        """Closed, open and added kans."""
        return self.kind in ("minkan", "ankan", "kakan")


class Payment(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """One line of a transfer: ``amount`` moves from ``payer`` (None: the table) to ``payee``."""

    payer: Seat | None
    payee: Seat
    amount: Int
    reason: str  # "hand", "honba", "sticks", "pao", "noten", "nagashi", "chombo", ...


def net(payments: Iterable[Payment]) -> tuple[int, int, int, int]:
    """What each seat gains (or, negative, loses) by ``payments``; the table's share is
    nobody's.

    >>> net([Payment(1, 0, 8000, "hand"), Payment(None, 0, 1000, "sticks")])
    (9000, -8000, 0, 0)
    """
    d = [0, 0, 0, 0]
    for p in payments:
        d[p.payee] += p.amount
        if p.payer is not None:
            d[p.payer] -= p.amount
    return four(d)
