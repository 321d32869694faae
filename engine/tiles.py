"""Tiles and mpsz notation.

Two integer views of a tile are used everywhere in hanchan:

* a **kind** is an ``int`` in ``0..33``: ``0-8`` are 1m..9m, ``9-17`` 1p..9p,
  ``18-26`` 1s..9s and ``27-33`` the honours 1z..7z (East, South, West, North,
  White, Green, Red).  Hand analysis and scoring work on kinds and on
  ``counts`` (a sequence of 34 ints).
* a **tile** (physical tile) is an ``int`` in ``0..135``: ``kind * 4 + copy``.
  The red fives of a suit are its lowest copies: with one red five per suit
  the red tiles are 16, 52 and 88 (Tenhou's numbering); with two per suit,
  also 17, 53 and 89.  How many red fives exist is a ruleset option, so every
  function that needs to know takes ``red_fives`` (0, 1 or 2 per suit).

mpsz notation: digits followed by their suit letter, ``123m456p789s1122z``;
``0`` is a red five (``0m``).

>>> parse_kinds("123m55z")
[0, 1, 2, 31, 31]
>>> format_tiles(parse_tiles("0555m", red_fives=1), red_fives=1)
'0555m'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, TypeAlias

from msgspec import Meta

from hanchan.errors import HanchanError

Tile: TypeAlias = Annotated[int, Meta(ge=0, le=135)]
"""A physical tile, ``0..135`` (``kind * 4 + copy``); a saved game's decoder checks the bounds."""
Kind: TypeAlias = int
"""A tile kind, ``0..33`` (1m..9m, 1p..9p, 1s..9s, then East .. Red)."""
# Plain ints to the type checker, not NewType: a NewType would cost a call at every tile
# the wall, a parser or the codec makes, and the engine's hot paths index lists by kind.

NUM_KINDS = 34
NUM_TILES = 136

SUITS = "mpsz"
FIVES = (4, 13, 22)
"""Kinds of the three suited fives (5m, 5p, 5s)."""

TERMINALS_AND_HONOURS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)

WIND_LETTERS = "ESWN"
"""Letter of each wind (0 East .. 3 North): round names ``E1``, seat names."""


class TileError(HanchanError, ValueError):
    """Bad tile notation or an impossible set of tiles; the message is a plain sentence."""


def suit_of(kind: Kind) -> int:
    """Suit index of a kind: 0 m, 1 p, 2 s, 3 honours."""
    return kind // 9


def number_of(kind: Kind) -> int:
    """Face number 1..9 of a suited kind (1..7 for honours)."""
    return kind % 9 + 1


def is_honour(kind: Kind) -> bool:
    """True for winds and dragons."""
    return kind >= 27


def is_suited(kind: Kind) -> bool:
    """True for man, pin and sou kinds (not honours)."""
    return kind < 27


def is_wind(kind: Kind) -> bool:
    """True for East, South, West and North."""
    return 27 <= kind <= 30


def is_dragon(kind: Kind) -> bool:
    """True for White, Green and Red."""
    return kind >= 31


def wind_kind(wind: int) -> Kind:
    """The kind of a wind given as 0 East .. 3 North."""
    return EAST + wind


def is_terminal(kind: Kind) -> bool:
    """True for suited ones and nines."""
    return kind < 27 and kind % 9 in (0, 8)


def is_yaochuu(kind: Kind) -> bool:
    """True for terminals and honours (么九牌)."""
    return kind >= 27 or kind % 9 in (0, 8)


def is_simple(kind: Kind) -> bool:
    """True for suited 2..8 (中張牌)."""
    return kind < 27 and kind % 9 not in (0, 8)


def kind_of(tile: Tile) -> Kind:
    """Kind of a physical tile."""
    return tile >> 2


def is_red(tile: Tile, red_fives: int) -> bool:
    """True when ``tile`` is a red five under a ruleset with ``red_fives`` per suit."""
    return (tile >> 2) in FIVES and (tile & 3) < red_fives


def dora_of(indicator_kind: Kind) -> Kind:
    """The dora kind shown by an indicator kind (9m -> 1m, North -> East, Red -> White)."""
    if indicator_kind < 27:
        return indicator_kind - 8 if indicator_kind % 9 == 8 else indicator_kind + 1
    if indicator_kind < 31:
        return 27 if indicator_kind == 30 else indicator_kind + 1
    return 31 if indicator_kind == 33 else indicator_kind + 1


def kind_name(kind: Kind) -> str:
    """mpsz name of a kind, e.g. ``'5m'`` or ``'7z'``."""
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


def tile_name(tile: Tile, red_fives: int) -> str:
    """mpsz name of a physical tile, ``'0m'`` for a red five."""
    kind = tile >> 2
    if is_red(tile, red_fives):
        return f"0{SUITS[kind // 9]}"
    return kind_name(kind)


def _tokens(text: str) -> list[tuple[int, bool]]:
    """Parse mpsz into (kind, red) pairs in written order."""
    out: list[tuple[int, bool]] = []
    pending: list[str] = []
    for pos, ch in enumerate(text.strip()):
        if ch.isspace():
            continue
        if ch.isdigit():
            pending.append(ch)
            continue
        if ch not in SUITS:
            raise TileError(
                f"'{text}' is not tile notation: '{ch}' at position {pos + 1} is not a suit "
                "(use m, p, s or z after the digits, e.g. 123m456p789s11z)"
            )
        if not pending:
            raise TileError(f"'{text}': the suit letter '{ch}' at position {pos + 1} has no digits")
        suit = SUITS.index(ch)
        for d in pending:
            n = int(d)
            if suit == 3:
                if not 1 <= n <= 7:
                    raise TileError(f"'{text}': honours are 1z to 7z, not {n}z")
                out.append((27 + n - 1, False))
            elif n == 0:
                out.append((suit * 9 + 4, True))
            else:
                out.append((suit * 9 + n - 1, False))
        pending = []
    if pending:
        raise TileError(f"'{text}': the digits '{''.join(pending)}' at the end have no suit letter")
    return out


def parse_kinds(text: str) -> list[Kind]:
    """Parse mpsz into kinds (red fives become plain fives), in written order."""
    return [k for k, _ in _tokens(text)]


def parse_tiles(
    text: str, red_fives: int = 1, *, used: Iterable[int] = ()
) -> list[Tile]:
    """Parse mpsz into distinct physical tiles, in written order.

    Copies are allocated so that the tiles are distinct from each other and from
    ``used``; ``0`` takes a red copy, a plain ``5`` a non-red copy.  Raises
    :class:`TileError` for bad notation, a fifth copy, or a red five that the
    ruleset does not have.
    """
    taken = set(used)
    out: list[int] = []
    for kind, red in _tokens(text):
        if red and red_fives == 0:
            raise TileError(
                f"'{text}': red five {kind_name(kind).replace('5', '0')} "
                "but these rules have no red fives"
            )
        copies = range(red_fives) if red else range(red_fives if kind in FIVES else 0, 4)
        for c in copies:
            t = kind * 4 + c
            if t not in taken:
                taken.add(t)
                out.append(t)
                break
        else:
            if red:
                raise TileError(
                    f"'{text}': more red {kind_name(kind)} than these rules have ({red_fives})"
                )
            if kind in FIVES and red_fives:
                raise TileError(
                    f"'{text}': more than {4 - red_fives} plain {kind_name(kind)}: these rules "
                    f"have {red_fives} red {kind_name(kind)} (write it as "
                    f"{kind_name(kind).replace('5', '0')})"
                )
            raise TileError(f"'{text}': more than four {kind_name(kind)}")
    return out


def format_kinds(kinds: Iterable[Kind]) -> str:
    """Format kinds as sorted, grouped mpsz: ``[0, 1, 2, 27]`` -> ``'123m1z'``."""
    return _format([(k, False) for k in kinds])


def format_tiles(tiles: Iterable[Tile], red_fives: int = 1) -> str:
    """Format physical tiles as sorted, grouped mpsz with ``0`` for red fives."""
    return _format([(t >> 2, is_red(t, red_fives)) for t in tiles])


def _format(items: list[tuple[int, bool]]) -> str:
    # Red five sorts as a five; within a suit reds come first, as players write them.
    items = sorted(items, key=lambda kr: (kr[0], not kr[1]))
    parts: list[str] = []
    for suit in range(4):
        digits = "".join(
            "0" if red else str(k % 9 + 1) for k, red in items if k // 9 == suit
        )
        if digits:
            parts.append(digits + SUITS[suit])
    return "".join(parts)


def counts_of(kinds_or_tiles: Iterable[int], *, physical: bool = False) -> list[int]:
    """34-count vector of kinds (or of physical tiles with ``physical=True``)."""
    c = [0] * NUM_KINDS
    for x in kinds_or_tiles:
        c[x >> 2 if physical else x] += 1
    return c
