"""The neutral model of a recorded game, shared by the tenhou.net/6, mjlog and mjai readers.

Everything here is a frozen dataclass and independent of the engine's event classes.

Conventions:

* A *seat* is 0..3 in table order of the record (seat 0 is the first name, Tenhou's "起家" is
  whoever ``Kyoku.dealer`` says in the first hand).
* A *tile* is a physical tile id 0..135 = kind * 4 + copy, kind 0..33 (1m..9m, 1p..9p, 1s..9s,
  East South West North White Green Red); the red five of a suit is copy 0 (ids 16, 52, 88), exactly
  Tenhou's mjlog numbering. A game with two red fives of each suit (``Rules.red_fives`` 6)
  has copies 0 and 1 red, one without (0) has none, as in :mod:`engine.tiles`; the helpers
  take ``reds``, the red fives of a suit (:attr:`Rules.reds`). Formats that give only kinds
  (tenhou.net/6, mjai) get copies assigned consistently in order of appearance: a red five
  takes the lowest free red copy, other copies from the lowest free plain copy up. Two parses
  of the same game therefore agree on kinds and red flags, not necessarily on copies: compare
  them through :func:`tile_key` / :meth:`RecordedGame.canonical`.
* ``Kyoku.actions`` is the real time order of the hand, ending with its result(s): one ``Win``
  per winner (two for a double ron, in Tenhou's order) or one ``Ryuukyoku``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any, Literal

from hanchan.engine import tiles as engine_tiles
from hanchan.engine.parts import MAX_ABS_INT
from hanchan.engine.tiles import FIVES, WIND_LETTERS, Tile, kind_name, kind_of, tile_name
from hanchan.errors import HanchanError

Seat = int


class LogFormatError(HanchanError, ValueError):
    """A log file that cannot be read. The message says where (line, kyoku, element) and what."""


# ---------------------------------------------------------------- tiles


MAX_REDS = 2
"""Red fives of one suit a game can have (``Ruleset.red_fives``)."""

MAX_NUMBER = MAX_ABS_INT
"""Scores, payments, honba and stick counts of a record are bounded by this in absolute
value, as a saved game's numbers are (``engine.parts.MAX_ABS_INT``)."""

OUT_OF_RANGE = f"out of range (at most {MAX_NUMBER:,} either way)"
"""What every reader says of a number beyond :data:`MAX_NUMBER`."""

MAX_LOG_BYTES = 8 * 1024 * 1024
"""A log file is at most this long: a Tenhou hanchan is about 30 KB as tenhou.net/6 or
mjlog and 200 KB as mjai, so this leaves room for any real game and stops a hostile
file (``/dev/zero``, a 3 GB file) before it is read whole."""

MAX_NAME_CHARS = 255
"""A player's name and a game id are at most this long, as a file name may be (Tenhou's
names have 8 characters): they go into the saved game's header, whose line is bounded."""


def load_json(text: str, where: str) -> Any:
    """The JSON value of ``text``, or :class:`LogFormatError` naming ``where``: not JSON,
    nested too deeply (Python's parser recurses) or a number of thousands of digits.

    >>> load_json("[[[1]]]", "x")
    [[[1]]]
    >>> load_json("[" * 100_000, "tenhou6")
    Traceback (most recent call last):
    hanchan.saves.logs.model.LogFormatError: tenhou6: the values are nested too deeply
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise LogFormatError(f"{where}: not JSON (line {e.lineno} column {e.colno}: {e.msg})"
                             ) from None
    except RecursionError:
        raise LogFormatError(f"{where}: the values are nested too deeply") from None
    except ValueError:  # int() of thousands of digits
        raise LogFormatError(f"{where}: a number is thousands of digits long") from None


def is_red(tile: Tile, reds: int = 1) -> bool:
    """Red fives are the lowest ``reds`` copies of 5m, 5p, 5s (with one: ids 16, 52, 88):
    ``engine.tiles.is_red``, with a log's usual one red five a suit."""
    return engine_tiles.is_red(tile, reds)


def tile_key(tile: Tile, reds: int = 1) -> tuple[int, bool]:
    """What two parses of one game agree on: the kind and whether it is red."""
    return (kind_of(tile), is_red(tile, reds))


def tile_to_mpsz(tile: Tile, reds: int = 1) -> str:
    """``16`` -> ``"0m"``, ``17`` -> ``"5m"``, ``108`` -> ``"1z"`` (``engine.tiles.tile_name``)."""
    return tile_name(tile, reds)


class TileAllocator:
    """Hands out physical ids for formats that only name kinds (and red fives).

    ``take(kind, red)`` gives a fresh copy: the lowest free red copy for a red five, otherwise
    the lowest copy not yet used (the first ``reds`` copies of a five are the red ones).
    ``reds`` is the number of red fives of each suit (``True`` counts as one).
    """

    def __init__(self, reds: int, where: str = "") -> None:
        self.reds = int(reds)
        self.used: set[int] = set()
        self.where = where

    def copy(self) -> TileAllocator:
        """Another allocator that has handed out the same tiles (for a replay that forks)."""
        other = TileAllocator(self.reds, self.where)
        other.used = set(self.used)
        return other

    def take(self, kind: int, red: bool) -> Tile:
        if not 0 <= kind < 34:
            raise LogFormatError(f"{self.where}: tile kind {kind} out of range")
        five = kind in FIVES
        if red:
            if not five:
                raise LogFormatError(f"{self.where}: only fives can be red (kind {kind})")
            for copy in range(max(self.reds, 1)):
                tile = kind * 4 + copy
                if tile not in self.used:
                    self.used.add(tile)
                    return tile
            name = tile_to_mpsz(kind * 4)
            if self.reds <= 1:
                raise LogFormatError(f"{self.where}: a second red {name}")
            raise LogFormatError(f"{self.where}: more red {name} than the {self.reds} of the game")
        first = self.reds if five else 0
        for copy in range(first, 4):
            tile = kind * 4 + copy
            if tile not in self.used:
                self.used.add(tile)
                return tile
        raise LogFormatError(
            f"{self.where}: a fifth {kind_name(kind)} "
            "(more copies of a tile than exist)"
        )


# ---------------------------------------------------------------- rules and yaku


@dataclass(frozen=True)
class Rules:
    """What the record says about the rules of the table."""

    red_fives: int = 3  # number of red fives in all (0 or 3 in 4-player Tenhou; 6 with two a suit)
    hanchan: bool = True  # False: east-only (tonpuusen)
    open_tanyao: bool = True
    fast: bool = False  # Tenhou's 速 flag
    lobby_level: str | None = None  # "一般" "上級" "特上" "鳳凰" for Tenhou
    tenhou_type: int | None = None  # the mjlog <GO type> bitfield, when known
    lobby: int | None = None  # the mjlog <GO lobby>, when known
    display: str = ""  # Tenhou's short name, e.g. "鳳南喰赤"

    @property
    def reds(self) -> int:
        """Red fives of each suit (the tile helpers' ``reds``)."""
        return min(MAX_REDS, -(-self.red_fives // 3))


@dataclass(frozen=True)
class Yaku:
    """One yaku of a win: a ``hanchan score`` yaku id (see docs/cli.md) and its han.

    Yakuman have ``han`` 13 per yakuman. ``dora``/``aka_dora``/``ura_dora`` carry their count.
    """

    id: str
    han: int


# ---------------------------------------------------------------- actions


@dataclass(frozen=True)
class Draw:
    seat: Seat
    tile: Tile
    rinshan: bool = False  # the replacement draw after a kan


@dataclass(frozen=True)
class Discard:
    seat: Seat
    tile: Tile
    tsumogiri: bool  # the tile just drawn


@dataclass(frozen=True)
class Riichi:
    """The declaration (Tenhou's REACH step 1); the discard that follows is the riichi tile."""

    seat: Seat
    open: bool = False  # open riichi (mjai's ``reach`` with our ``open`` field)


@dataclass(frozen=True)
class RiichiAccepted:
    """The stick is paid (REACH step 2): nobody ronned the riichi tile."""

    seat: Seat


@dataclass(frozen=True)
class Chi:
    seat: Seat
    from_seat: Seat
    called: Tile
    consumed: tuple[Tile, Tile]  # from the caller's hand, in the record's order


@dataclass(frozen=True)
class Pon:
    seat: Seat
    from_seat: Seat
    called: Tile
    consumed: tuple[Tile, Tile]


@dataclass(frozen=True)
class Daiminkan:
    seat: Seat
    from_seat: Seat
    called: Tile
    consumed: tuple[Tile, Tile, Tile]


@dataclass(frozen=True)
class Kakan:
    """An added kan: ``added`` joins the seat's pon of the same kind."""

    seat: Seat
    added: Tile
    pon: tuple[Tile, Tile, Tile]  # the pon's called tile then its consumed tiles
    from_seat: Seat  # whom the pon was called from


@dataclass(frozen=True)
class Ankan:
    seat: Seat
    tiles: tuple[Tile, Tile, Tile, Tile]  # in the record's order


@dataclass(frozen=True)
class DoraRevealed:
    indicator: Tile


LimitName = Literal["mangan", "haneman", "baiman", "sanbaiman", "yakuman"]


@dataclass(frozen=True)
class Win:
    """One winner's result. For a double ron there are two, in the record's order.

    ``points`` is the hand's value before honba and sticks (mjlog's ``ten``), split as
    ``ron`` or ``tsumo_dealer``/``tsumo_other`` (what each non-dealer / the dealer pays,
    before honba). ``deltas`` is the record's score change of this win (honba and sticks
    included, riichi sticks of this hand's declarations not subtracted).
    """

    seat: Seat
    from_seat: Seat  # == seat for tsumo
    tile: Tile | None  # the winning tile, when the record gives it
    han: int
    fu: int | None  # None when the record does not say (tenhou.net/6 limit hands)
    limit: LimitName | None
    yaku: tuple[Yaku, ...]
    points: int
    ron: int | None
    tsumo_dealer: int | None  # what the dealer pays on a non-dealer tsumo
    tsumo_other: int | None  # what each non-dealer pays on a tsumo
    deltas: tuple[int, int, int, int]
    pao_seat: Seat | None = None
    hand: tuple[Tile, ...] | None = None  # closed tiles incl. the winning tile (mjlog)

    @property
    def tsumo(self) -> bool:
        return self.seat == self.from_seat

    @property
    def yakuman_count(self) -> int:
        return sum(y.han // 13 for y in self.yaku if y.han >= 13)


RyuukyokuKind = Literal[
    "exhaustive",
    "kyuushu",
    "four_winds",
    "four_riichi",
    "four_kans",
    "triple_ron",
    "nagashi_mangan",
]

RYUUKYOKU_KINDS: tuple[str, ...] = (
    "exhaustive",
    "kyuushu",
    "four_winds",
    "four_riichi",
    "four_kans",
    "triple_ron",
    "nagashi_mangan",
)


@dataclass(frozen=True)
class Ryuukyoku:
    """A drawn hand. ``tenpai`` is known for exhaustive draws (and nagashi mangan)."""

    kind: RyuukyokuKind
    deltas: tuple[int, int, int, int]
    tenpai: tuple[bool, bool, bool, bool] | None = None
    seat: Seat | None = None  # who declared kyuushu, when known


Call = Chi | Pon | Daiminkan | Kakan | Ankan
Action = (
    Draw
    | Discard
    | Riichi
    | RiichiAccepted
    | Chi
    | Pon
    | Daiminkan
    | Kakan
    | Ankan
    | DoraRevealed
    | Win
    | Ryuukyoku
)
CALL_TYPES = (Chi, Pon, Daiminkan, Kakan, Ankan)


# ---------------------------------------------------------------- hand and game


@dataclass(frozen=True)
class Kyoku:
    round_wind: int  # 0 East .. 3 North
    hand_number: int  # 0..3: the n-th hand of the round (E1 = 0)
    honba: int
    riichi_sticks: int  # on the table at the start
    scores: tuple[int, int, int, int]
    dealer: Seat
    dora_indicators: tuple[Tile, ...]  # all revealed, in order (the first is at the start)
    ura_indicators: tuple[Tile, ...]  # as far as the record shows them
    haipai: tuple[tuple[Tile, ...], ...]  # each seat's starting 13 tiles
    actions: tuple[Action, ...]
    dice: tuple[int, int] | None = None  # when the record gives them (mjlog)

    @property
    def name(self) -> str:
        """``E1-0`` style: round wind, hand number (1-based), honba."""
        return f"{WIND_LETTERS[self.round_wind]}{self.hand_number + 1}-{self.honba}"

    @property
    def wins(self) -> tuple[Win, ...]:
        return tuple(a for a in self.actions if isinstance(a, Win))

    @property
    def ryuukyoku(self) -> Ryuukyoku | None:
        for a in self.actions:
            if isinstance(a, Ryuukyoku):
                return a
        return None

    @property
    def calls(self) -> tuple[Call, ...]:
        return tuple(a for a in self.actions if isinstance(a, CALL_TYPES))

    @property
    def deltas(self) -> tuple[int, int, int, int]:
        """The total score change of the hand's result(s) (riichi deposits not included)."""
        total = [0, 0, 0, 0]
        for a in self.actions:
            if isinstance(a, (Win, Ryuukyoku)):
                for i in range(4):
                    total[i] += a.deltas[i]
        return (total[0], total[1], total[2], total[3])


def is_sequence(tiles: list[Tile]) -> bool:
    """Whether three tiles make a chi: consecutive numbers of one suit.

    >>> is_sequence([kind * 4 for kind in (2, 0, 1)]), is_sequence([7 * 4, 8 * 4, 9 * 4])
    (True, False)
    """
    kinds = sorted(kind_of(t) for t in tiles)
    return (kinds[0] < 27 and kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2]
            and kinds[0] % 9 <= 6)


def take_tile(hand: list[Tile], kind: int, red: bool, reds: int, avoid: Tile | None = None
              ) -> Tile | None:
    """Take a tile of this kind (red or not) out of ``hand``: the lowest copy other than
    ``avoid`` (the tile just drawn, when a discard names the kind and not the copy), else
    ``avoid``; ``None`` (the hand untouched) when it holds none."""
    matches = [t for t in hand if kind_of(t) == kind and is_red(t, reds) == red]
    if not matches:
        return None
    others = [t for t in matches if t != avoid]
    tile = min(others) if others else matches[0]
    hand.remove(tile)
    return tile


def won_tile(actions: list[Action], seat: Seat, from_seat: Seat) -> Tile | None:
    """The tile a win by ``seat`` from ``from_seat`` is won on, when the actions so far end
    as such a win needs: the winner's draw (tsumo; a kan dora turned for a rinshan win may
    follow it), or the last tile let out, discarded or added to a kan (ron, chankan), which
    ``from_seat`` let out. ``None`` when they do not.

    >>> won_tile([Draw(0, 5), Discard(0, 9, False)], 1, 0)
    9
    >>> won_tile([Draw(0, 5), DoraRevealed(40)], 0, 0)
    5
    >>> won_tile([Draw(0, 5), Discard(0, 9, False)], 0, 0) is None
    True
    """
    if seat == from_seat:
        last = next((a for a in reversed(actions) if not isinstance(a, DoraRevealed)), None)
        return last.tile if isinstance(last, Draw) and last.seat == seat else None
    for a in reversed(actions):
        if isinstance(a, (Discard, Kakan)):
            if a.seat != from_seat:
                return None
            return a.tile if isinstance(a, Discard) else a.added
    return None


@dataclass(frozen=True)
class LeftOut:
    """A hand the format's own fields cannot hold (a practice-mode penalty, open riichi in
    tenhou.net/6), kept whole in our extension: ``events`` are the save file's event objects
    (``saves.codec``), from its ``HandStarted`` to its end; it came before ``kyokus[before]``
    (``before == len(kyokus)``: after the last written hand)."""

    before: int
    name: str  # "E2-0"
    reason: str  # a phrase: "a chombo by seat 1"
    events: tuple[Any, ...] = field(hash=False)


def read_left_out(raw: Any, hands: int, where: str) -> tuple[LeftOut, ...]:
    """Hands left out, from our extension's plain data (``None``: none)."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise LogFormatError(f"{where} must be a list of hands")
    out: list[LeftOut] = []
    for i, item in enumerate(raw):
        w = f"{where}[{i}]"
        if not isinstance(item, dict):
            raise LogFormatError(f"{w} must be an object")
        before, events = item.get("before"), item.get("events")
        if isinstance(before, bool) or not isinstance(before, int) or not 0 <= before <= hands:
            raise LogFormatError(f"{w}.before = {before!r} is not a hand's place 0..{hands}")
        if out and before < out[-1].before:
            raise LogFormatError(f"{w}.before = {before}: the hands must be in order")
        if not isinstance(events, list) or not events or not all(
                isinstance(e, dict) for e in events):
            raise LogFormatError(f"{w}.events must be a list of event objects")
        out.append(LeftOut(before, str(item.get("hand", "")), str(item.get("reason", "")),
                           tuple(events)))
    return tuple(out)


def left_out_data(items: tuple[LeftOut, ...]) -> list[dict[str, Any]]:
    """Our extension's plain data for hands left out (read back by :func:`read_left_out`)."""
    return [{"before": h.before, "hand": h.name, "reason": h.reason, "events": list(h.events)}
            for h in items]


@dataclass(frozen=True)
class RecordedGame:
    title: str
    names: tuple[str, str, str, str]
    rules: Rules
    kyokus: tuple[Kyoku, ...]
    final_scores: tuple[int, int, int, int] | None = None  # points, after the last hand
    final_points: tuple[float, float, float, float] | None = None  # with uma/oka, Tenhou style
    ref: str | None = None  # the game id
    date: str | None = None  # as the record gives it
    extra: tuple[tuple[str, str], ...] = field(default=())  # anything else worth keeping
    ruleset: dict[str, Any] | None = field(default=None, hash=False)
    """Our full ruleset (``Ruleset.to_dict()``) when the record carries it (our extension)."""
    left_out: tuple[LeftOut, ...] = ()  # hands only our extension holds

    def canonical(self) -> Any:
        """A plain nested structure with every physical tile replaced by :func:`tile_key`.

        Two parses of the same game from different formats compare equal through this when
        they agree on hands, actions and results. Fields only one format knows (title, names,
        winning hand, fu of limit hands in tenhou.net/6, ...) are left out.
        """
        return tuple(_canonical_kyoku(k, self.rules.reds) for k in self.kyokus)


_TILE_FIELDS = {"tile", "called", "added", "indicator"}
_TILES_FIELDS = {"consumed", "pon", "tiles"}
_SKIP_FIELDS = {"hand", "fu", "tile_win"}


def _canonical_value(name: str, value: Any, reds: int) -> Any:
    if name in _TILE_FIELDS and isinstance(value, int):
        return tile_key(value, reds)
    if name in _TILES_FIELDS:
        return tuple(sorted(tile_key(t, reds) for t in value))
    if is_dataclass(value) and not isinstance(value, type):
        return _canonical_action(value, reds)
    if isinstance(value, tuple):
        return tuple(_canonical_value("", v, reds) for v in value)
    return value


def _canonical_action(action: Any, reds: int) -> Any:
    out: list[Any] = [type(action).__name__]
    for f in fields(action):
        if f.name in _SKIP_FIELDS:
            continue
        if isinstance(action, Win) and f.name == "tile":
            continue
        out.append((f.name, _canonical_value(f.name, getattr(action, f.name), reds)))
    return tuple(out)


def _canonical_kyoku(k: Kyoku, reds: int) -> Any:
    return (
        k.round_wind,
        k.hand_number,
        k.honba,
        k.riichi_sticks,
        k.scores,
        k.dealer,
        tuple(tile_key(t, reds) for t in k.dora_indicators),
        tuple(tile_key(t, reds) for t in k.ura_indicators),
        tuple(tuple(sorted(tile_key(t, reds) for t in h)) for h in k.haipai),
        tuple(_canonical_action(a, reds) for a in k.actions),
    )


__all__ = [
    "Action",
    "Ankan",
    "CALL_TYPES",
    "Call",
    "Chi",
    "Daiminkan",
    "Discard",
    "DoraRevealed",
    "Draw",
    "Kakan",
    "Kyoku",
    "LeftOut",
    "LogFormatError",
    "MAX_NUMBER",
    "MAX_REDS",
    "OUT_OF_RANGE",
    "Pon",
    "RecordedGame",
    "Riichi",
    "RiichiAccepted",
    "Rules",
    "Ryuukyoku",
    "TileAllocator",
    "Win",
    "Yaku",
    "is_red",
    "is_sequence",
    "left_out_data",
    "read_left_out",
    "replace",
    "take_tile",
    "tile_key",
    "tile_to_mpsz",
    "won_tile",
]
