"""Events: the record of a game.

A game is an ordered list of these frozen structs; the state is their fold
(``engine.state.apply``).  Every event is plain data (ints, strings, tuples, other
event parts) so it serialises to one JSON object per line: each is a ``msgspec.Struct``
tagged with its class name in ``type``, which its line starts with, and every number's
bounds are in its type (``engine.parts``), so one typed decoder reads and checks a line.
Results (``Won``, ``HandDrawn``, ``GameEnded``) carry their full breakdown, so a file
shows them without recomputing, and ``verify`` recomputes them to check.  Melds and
payments, the parts that scoring reads too, are defined in ``engine.parts`` and
re-exported here.

Seats are absolute: 0 is the first dealer (起家), then counter-clockwise
(1 sits to 0's right).  Tiles are physical tile ids 0..135 (``engine.tiles``).
Winds are 0 East, 1 South, 2 West, 3 North.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

from msgspec import Meta, Struct

from hanchan.engine.parts import Int, Real, Seat
from hanchan.engine.parts import Meld as Meld
from hanchan.engine.parts import MeldKind as MeldKind
from hanchan.engine.parts import Payment as Payment
from hanchan.engine.tiles import Tile
from hanchan.rulesets.schema import Ruleset

Seed: TypeAlias = Annotated[int, Meta(ge=-(2**63), le=2**63 - 1)]
"""A game's seed: a signed 64-bit number, as the command line takes it."""
Scores: TypeAlias = tuple[Int, Int, Int, Int]
"""A number for each seat, seat 0 first."""

DrawKind = Literal[
    "exhaustive",  # 荒牌流局 (includes noten payments and nagashi mangan)
    "nine_terminals",  # 九種九牌
    "four_winds",  # 四風子連打
    "four_riichi",  # 四家立直
    "four_kans",  # 四開槓
    "triple_ron",  # 三家和
]



class _Event(Struct, frozen=True, gc=False, tag_field="type", tag=True,
             forbid_unknown_fields=True):
    """An event: frozen, tagged with its class name in ``type`` (a save line's first key)."""


# --------------------------------------------------------------------- game


class GameStarted(_Event, frozen=True):
    """The game's rules, players and seed.  Always the first event."""

    ruleset: Ruleset
    players: tuple[str, str, str, str]
    seed: Seed | None = None


class HandStarted(_Event, frozen=True):
    """A hand (局) begins.  ``wall`` is all 136 tiles in draw order (engine.wall)."""

    round_wind: Int
    hand_number: Int  # 0..3 within the round: East 1 is 0
    honba: Int
    sticks: Int  # riichi sticks on the table at the start
    dealer: Seat
    scores: Scores
    dice: tuple[Int, Int]
    wall: tuple[Tile, ...]


class Drew(_Event, frozen=True):
    """A seat drew a tile; ``rinshan`` for a replacement draw after a kan."""

    seat: Seat
    tile: Tile
    rinshan: bool = False


class RiichiDeclared(_Event, frozen=True):
    """A seat declares riichi; its discard follows.  ``open`` for open riichi."""

    seat: Seat
    open: bool = False


class Discarded(_Event, frozen=True):
    """A seat discarded a tile; ``tsumogiri`` when it was the tile just drawn."""

    seat: Seat
    tile: Tile
    tsumogiri: bool = False


class RiichiAccepted(_Event, frozen=True):
    """The riichi discard was not won on: the stick goes on the table."""

    seat: Seat


class Called(_Event, frozen=True):
    """A seat claimed the last discard for a chi, pon or open kan (大明槓)."""

    seat: Seat
    meld: Meld


class Kan(_Event, frozen=True):
    """A seat declared a closed kan (暗槓) or an added kan (加槓) on its turn."""

    seat: Seat
    meld: Meld


class DoraRevealed(_Event, frozen=True):
    """A new (kan) dora indicator is turned."""

    indicator: Tile


class WinResult(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """One winner's score, as computed at the time."""

    seat: Seat
    from_seat: Seat | None  # None for tsumo
    tile: Tile
    hand: tuple[Tile, ...]  # concealed tiles including the winning tile
    melds: tuple[Meld, ...]
    han: Int
    fu: Int
    yaku: tuple[tuple[str, Int], ...]  # (yaku id, han; 13 per yakuman)
    fu_parts: tuple[tuple[str, Int], ...]
    limit: str | None  # mangan, haneman, baiman, sanbaiman, yakuman, kazoe_yakuman
    yakuman_count: Int
    points: Int  # the hand's value before honba and sticks
    ura_indicators: tuple[Tile, ...] = ()
    pao_seat: Seat | None = None
    payments: tuple[Payment, ...] = ()
    chips: Scores = (0, 0, 0, 0)


class Won(_Event, frozen=True):
    """The hand ends in one or more wins (a multiple ron lists each winner, nearest first)."""

    wins: tuple[WinResult, ...]
    deltas: Scores  # net change of each seat's points
    sticks_taken: Int = 0  # riichi sticks taken from the table


class HandDrawn(_Event, frozen=True):
    """The hand ends without a win."""

    kind: DrawKind
    tenpai: tuple[bool, bool, bool, bool] = (False, False, False, False)
    hands: tuple[tuple[Tile, ...], ...] = ()  # the hands shown (empty tuple = not shown)
    nagashi: tuple[Seat, ...] = ()  # seats with nagashi mangan
    payments: tuple[Payment, ...] = ()
    deltas: Scores = (0, 0, 0, 0)
    sticks_taken: Int = 0  # riichi sticks a nagashi win takes (Ruleset.nagashi_as_win)
    chips: Scores = (0, 0, 0, 0)  # chips of a nagashi win


class FinalRow(Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """One line of the final table."""

    seat: Seat
    points: Int  # raw points, sticks given to the top already included
    rank: Int  # 1..4
    oka: Real
    uma: Real
    bonus: Real  # bust bonus, yakuman bonus, ...
    result: Real  # final score in thousands, after rounding
    chips: Int = 0


class GameEnded(_Event, frozen=True):
    """The game is over; ``table`` lists seats by rank."""

    reason: str  # "complete", "bust", "agariyame", "tenpaiyame", "extension", "aborted"
    table: tuple[FinalRow, ...]
    leftover_sticks: Int = 0


class Penalty(_Event, frozen=True):
    """A practice-mode penalty (chombo, false call, a declaration taken back); see
    ``Ruleset.chombo``/``false_call``/``false_win_withdrawn``/``riichi_withdrawn``."""

    seat: Seat
    kind: str  # "chombo", "false_call", "false_kan", "false_meld", "false_tsumo_withdrawn",
    # "false_ron_withdrawn", "riichi_withdrawn"
    reason: str
    payments: tuple[Payment, ...] = ()
    deltas: Scores = (0, 0, 0, 0)
    replay_hand: bool = False
    dead_hand: bool = False
    to_table: Int = 0  # points put on the table (供託) for the next winner; included in deltas


class NotenDeclared(_Event, frozen=True):
    """At an exhaustive draw a tenpai seat chose not to show its hand."""

    seat: Seat


class Note(_Event, frozen=True):
    """A remark for the record that changes nothing in the game.

    An outside (mjai) bot's illegal, garbled or late reply and what was played instead,
    or a bot that died and the bot that took its seat; ``seat`` None for the whole table.
    """

    seat: Seat | None
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
