"""Actions: what a seat may choose.  Commands, never stored; the engine turns them into events.

``engine.legal_actions(state, seat)`` lists exactly the actions a seat may take
now; a bot or the UI picks one of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``tile``; with ``riichi`` declare riichi with it (``open`` for open riichi)."""

    tile: Tile
    riichi: bool = False
    open: bool = False


@dataclass(frozen=True, slots=True)
class Tsumo:
    """Win on the tile just drawn."""


@dataclass(frozen=True, slots=True)
class Ron:
    """Win on the last discard (or the tile of an added kan: chankan)."""


@dataclass(frozen=True, slots=True)
class Chi:
    """Chi the last discard with the two ``tiles`` from the hand."""

    tiles: tuple[Tile, Tile]


@dataclass(frozen=True, slots=True)
class Pon:
    """Pon the last discard with the two ``tiles`` from the hand."""

    tiles: tuple[Tile, Tile]


@dataclass(frozen=True, slots=True)
class OpenKan:
    """Open kan (大明槓) on the last discard with three tiles from the hand."""

    tiles: tuple[Tile, Tile, Tile]


@dataclass(frozen=True, slots=True)
class ClosedKan:
    """Closed kan (暗槓) of the four ``tiles`` in the hand."""

    tiles: tuple[Tile, Tile, Tile, Tile]


@dataclass(frozen=True, slots=True)
class AddedKan:
    """Added kan (加槓): add ``tile`` to the own pon of its kind."""

    tile: Tile


@dataclass(frozen=True, slots=True)
class NineTerminals:
    """Abort the hand with nine different terminals and honours (九種九牌)."""


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline a call or a win on a discard (or a kan's tile)."""


@dataclass(frozen=True, slots=True)
class ShowHand:
    """At an exhaustive draw: ``show`` the hand as tenpai, or declare noten."""

    show: bool = True


@dataclass(frozen=True, slots=True)
class EndGame:
    """At the last hand: the dealer chooses to stop (``stop``) or play on."""

    stop: bool = True


Action = (
    Discard | Tsumo | Ron | Chi | Pon | OpenKan | ClosedKan | AddedKan | NineTerminals | Pass
    | ShowHand | EndGame
)
