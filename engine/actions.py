"""Actions: what a seat may choose.  Commands, never stored; the engine turns them into events.

``engine.legal_actions(state, seat)`` lists exactly the actions a seat may take
now; a bot or the UI picks one of them.  Each is a frozen ``msgspec.Struct``, equal and
hashed by its type and fields.

>>> Discard(5) == Discard(5, riichi=False), Discard(5) == Discard(5, riichi=True)
(True, False)
"""

from __future__ import annotations

from typing import Literal

from msgspec import Struct
from msgspec.structs import replace

from hanchan.engine.tiles import Tile


class _Action(Struct, frozen=True, gc=False):
    """An action: frozen (a legal list is shared, and actions are compared and hashed)."""


class Discard(_Action, frozen=True):
    """Discard ``tile``; with ``riichi`` declare riichi with it (``open`` for open riichi)."""

    tile: Tile
    riichi: bool = False
    open: bool = False


class Tsumo(_Action, frozen=True):
    """Win on the tile just drawn."""


class Ron(_Action, frozen=True):
    """Win on the last discard (or the tile of an added kan: chankan)."""


class Chi(_Action, frozen=True):
    """Chi the last discard with the two ``tiles`` from the hand."""

    tiles: tuple[Tile, Tile]


class Pon(_Action, frozen=True):
    """Pon the last discard with the two ``tiles`` from the hand."""

    tiles: tuple[Tile, Tile]


class OpenKan(_Action, frozen=True):
    """Open kan (大明槓) on the last discard with three tiles from the hand."""

    tiles: tuple[Tile, Tile, Tile]


class ClosedKan(_Action, frozen=True):
    """Closed kan (暗槓) of the four ``tiles`` in the hand."""

    tiles: tuple[Tile, Tile, Tile, Tile]


class AddedKan(_Action, frozen=True):
    """Added kan (加槓): add ``tile`` to the own pon of its kind."""

    tile: Tile


class NineTerminals(_Action, frozen=True):
    """Abort the hand with nine different terminals and honours (九種九牌)."""


class Pass(_Action, frozen=True):
    """Decline a call or a win on a discard (or a kan's tile)."""


class ShowHand(_Action, frozen=True):
    """At an exhaustive draw: ``show`` the hand as tenpai, or declare noten."""

    show: bool = True


class TakeBack(_Action, frozen=True):
    """Practice mode: a ``declared`` tsumo or ron taken back before the hand is shown (a
    false win caught in time: ``Ruleset.false_win_withdrawn``), or a riichi taken back
    before its discard (``Ruleset.riichi_withdrawn``).  Never listed as legal."""

    declared: Literal["tsumo", "ron", "riichi"]


class EndGame(_Action, frozen=True):
    """At the last hand: the dealer chooses to stop (``stop``) or play on."""

    stop: bool = True


Action = (
    Discard | Tsumo | Ron | Chi | Pon | OpenKan | ClosedKan | AddedKan | NineTerminals | Pass
    | ShowHand | EndGame | TakeBack
)


def normalised(action: Action) -> Action:
    """The same action with its tiles in the engine's order (sorted): a call or kan
    written with its tiles in any order is the one the engine lists.  An action already
    in order is given back as it is (``engine.legal.listed`` finds a listed one at once).

    >>> normalised(Pon((41, 40))), normalised(Discard(3))
    (Pon(tiles=(40, 41)), Discard(tile=3, riichi=False, open=False))
    """
    if isinstance(action, _TILED):
        tiles = sorted(action.tiles)
        if tiles != list(action.tiles):
            return replace(action, tiles=tuple(tiles))
    return action


_TILED = (Chi, Pon, OpenKan, ClosedKan)  # the actions named by several tiles, any order
