"""Events: the record of a game.

A game is an ordered list of these frozen dataclasses; the state is their fold
(``engine.state.apply``).  Every event is plain data (ints, strings, tuples, other
event-part dataclasses) so it serialises to one JSON object per line; the
``type`` of each class is its class name.  Results (``Won``, ``HandDrawn``,
``GameEnded``) carry their full breakdown, so a file shows them without
recomputing, and ``verify`` recomputes them to check.  Melds and payments, the parts
that scoring reads too, are defined in ``engine.parts`` and re-exported here.

Seats are absolute: 0 is the first dealer (起家), then counter-clockwise
(1 sits to 0's right).  Tiles are physical tile ids 0..135 (``engine.tiles``).
Winds are 0 East, 1 South, 2 West, 3 North.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.parts import CallKind as CallKind
from engine.parts import KanKind as KanKind
from engine.parts import Meld as Meld
from engine.parts import MeldKind as MeldKind
from engine.parts import Payment as Payment
from engine.tiles import Tile
from rulesets.schema import Ruleset

DrawKind = Literal[
    "exhaustive",  # 荒牌流局 (includes noten payments and nagashi mangan)
    "nine_terminals",  # 九種九牌
    "four_winds",  # 四風子連打
    "four_riichi",  # 四家立直
    "four_kans",  # 四開槓
    "triple_ron",  # 三家和
]


# --------------------------------------------------------------------- game


@dataclass(frozen=True, slots=True)
class GameStarted:
    """The game's rules, players and seed.  Always the first event."""

    ruleset: Ruleset
    players: tuple[str, str, str, str]
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class HandStarted:
    """A hand (局) begins.  ``wall`` is all 136 tiles in draw order (engine.wall)."""

    round_wind: int
    hand_number: int  # 0..3 within the round: East 1 is 0
    honba: int
    sticks: int  # riichi sticks on the table at the start
    dealer: int
    scores: tuple[int, int, int, int]
    dice: tuple[int, int]
    wall: tuple[Tile, ...]


@dataclass(frozen=True, slots=True)
class Drew:
    """A seat drew a tile; ``rinshan`` for a replacement draw after a kan."""

    seat: int
    tile: Tile
    rinshan: bool = False


@dataclass(frozen=True, slots=True)
class RiichiDeclared:
    """A seat declares riichi; its discard follows.  ``open`` for open riichi."""

    seat: int
    open: bool = False


@dataclass(frozen=True, slots=True)
class Discarded:
    """A seat discarded a tile; ``tsumogiri`` when it was the tile just drawn."""

    seat: int
    tile: Tile
    tsumogiri: bool = False


@dataclass(frozen=True, slots=True)
class RiichiAccepted:
    """The riichi discard was not won on: the stick goes on the table."""

    seat: int


@dataclass(frozen=True, slots=True)
class Called:
    """A seat claimed the last discard for a chi, pon or open kan (大明槓)."""

    seat: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class Kan:
    """A seat declared a closed kan (暗槓) or an added kan (加槓) on its turn."""

    seat: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class DoraRevealed:
    """A new (kan) dora indicator is turned."""

    indicator: Tile


@dataclass(frozen=True, slots=True)
class WinResult:
    """One winner's score, as computed at the time."""

    seat: int
    from_seat: int | None  # None for tsumo
    tile: Tile
    hand: tuple[Tile, ...]  # concealed tiles including the winning tile
    melds: tuple[Meld, ...]
    han: int
    fu: int
    yaku: tuple[tuple[str, int], ...]  # (yaku id, han; 13 per yakuman)
    fu_parts: tuple[tuple[str, int], ...]
    limit: str | None  # mangan, haneman, baiman, sanbaiman, yakuman, kazoe_yakuman
    yakuman_count: int
    points: int  # the hand's value before honba and sticks
    ura_indicators: tuple[Tile, ...] = ()
    pao_seat: int | None = None
    payments: tuple[Payment, ...] = ()
    chips: tuple[int, int, int, int] = (0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class Won:
    """The hand ends in one or more wins (a multiple ron lists each winner, nearest first)."""

    wins: tuple[WinResult, ...]
    deltas: tuple[int, int, int, int]  # net change of each seat's points
    sticks_taken: int = 0  # riichi sticks taken from the table


@dataclass(frozen=True, slots=True)
class HandDrawn:
    """The hand ends without a win."""

    kind: DrawKind
    tenpai: tuple[bool, bool, bool, bool] = (False, False, False, False)
    hands: tuple[tuple[Tile, ...], ...] = ()  # the hands shown (empty tuple = not shown)
    nagashi: tuple[int, ...] = ()  # seats with nagashi mangan
    payments: tuple[Payment, ...] = ()
    deltas: tuple[int, int, int, int] = (0, 0, 0, 0)
    sticks_taken: int = 0  # riichi sticks a nagashi win takes (Ruleset.nagashi_as_win)
    chips: tuple[int, int, int, int] = (0, 0, 0, 0)  # chips of a nagashi win


@dataclass(frozen=True, slots=True)
class FinalRow:
    """One line of the final table."""

    seat: int
    points: int  # raw points, sticks given to the top already included
    rank: int  # 1..4
    oka: float
    uma: float
    bonus: float  # bust bonus, yakuman bonus, ...
    result: float  # final score in thousands, after rounding
    chips: int = 0


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is over; ``table`` lists seats by rank."""

    reason: str  # "complete", "bust", "agariyame", "tenpaiyame", "extension", "aborted"
    table: tuple[FinalRow, ...]
    leftover_sticks: int = 0


@dataclass(frozen=True, slots=True)
class Penalty:
    """A practice-mode penalty (chombo, false call); see ``Ruleset.chombo``/``false_call``."""

    seat: int
    kind: str  # "chombo", "false_call"
    reason: str
    payments: tuple[Payment, ...] = ()
    deltas: tuple[int, int, int, int] = (0, 0, 0, 0)
    replay_hand: bool = False
    dead_hand: bool = False
    to_table: int = 0  # points put on the table (供託) for the next winner; included in deltas


@dataclass(frozen=True, slots=True)
class NotenDeclared:
    """At an exhaustive draw a tenpai seat chose not to show its hand."""

    seat: int


@dataclass(frozen=True, slots=True)
class Note:
    """A remark for the record that changes nothing in the game.

    An outside (mjai) bot's illegal, garbled or late reply and what was played instead,
    or a bot that died and the bot that took its seat; ``seat`` None for the whole table.
    """

    seat: int | None
    text: str


Event = (
    GameStarted
    | HandStarted
    | Drew
    | RiichiDeclared
    | Discarded
    | RiichiAccepted
    | Called
    | Kan
    | DoraRevealed
    | Won
    | HandDrawn
    | GameEnded
    | Penalty
    | NotenDeclared
    | Note
)

EVENT_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        GameStarted, HandStarted, Drew, RiichiDeclared, Discarded, RiichiAccepted, Called,
        Kan, DoraRevealed, Won, HandDrawn, GameEnded, Penalty, NotenDeclared, Note,
    )
}
"""Event class by its ``type`` name, for the save file codec."""
