"""One hand of a tenhou.net/6 log, read: its columns replayed into the real order of play.

A hand's entry lists, for each seat, what it took in and what it let out (see
:mod:`saves.logs.tenhou6` for the layout); the order between seats is not written down.
:class:`_Hand` replays it: the dealer draws first, every draw is followed by its seat's
discard (or a kan, then the replacement draw), after a discard a seat whose next take calls
that very tile (pon and kan before chi) takes the turn, otherwise the next seat draws.

The columns are ambiguous in one place: a call string names the tile called, not which
discard of it, so a seat's next take may call this discard or a later identical one. Each
such discard is a choice with two candidates, tried in order: the call now, then no call
(the take waits for a later discard). A candidate that leads to a contradiction (a tile the
hand does not hold, columns left over) is dropped and the next is tried, depth first, up to
:data:`MAX_TRIES` dropped candidates; when none is left the first contradiction is reported.

>>> deal = [[11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24]] * 4
>>> deal[1] = [11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 25, 25]
>>> entry = [[0, 0, 0], [25000] * 4, [31], [], *[x for hand in deal for x in (hand, [], [])],
...          ["流局", [0, 0, 0, 0]]]
>>> entry[5], entry[6] = [25], [60]          # the dealer draws 5p and lets it go
>>> entry[8] = ["p252525"]                  # South pons it from the dealer ...
>>> entry[9] = [11]                         # ... and discards 1m
>>> hand = read_hand(entry, 0, 0, Dora())
>>> [type(a).__name__ for a in hand.actions]
['Draw', 'Discard', 'Pon', 'Discard', 'Ryuukyoku']
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from hanchan.engine.tiles import EAST, WIND_LETTERS, kind_of

from .model import (
    MAX_NUMBER,
    OUT_OF_RANGE,
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    DoraRevealed,
    Draw,
    Kakan,
    Kyoku,
    LogFormatError,
    Pon,
    Riichi,
    RiichiAccepted,
    Ryuukyoku,
    TileAllocator,
    Win,
    Yaku,
    is_red,
    is_sequence,
    take_tile,
    won_tile,
)
from .yaku import JAPANESE_TO_ID

# ---------------------------------------------------------------- tile codes and names


def code_to_kind(code: int) -> tuple[int, bool]:
    """Tenhou code -> (kind, red). Raises ValueError for a bad code."""
    if 51 <= code <= 53:
        return (code - 51) * 9 + 4, True
    suit, num = divmod(code, 10)
    if 1 <= suit <= 3 and 1 <= num <= 9:
        return (suit - 1) * 9 + num - 1, False
    if suit == 4 and 1 <= num <= 7:
        return EAST + num - 1, False
    raise ValueError(f"bad tile code {code}")


def tile_to_code(tile: int, reds: int = 1) -> int:
    """Physical id -> Tenhou code (``reds``: red fives of a suit, see :mod:`.model`)."""
    kind = kind_of(tile)
    if is_red(tile, reds):
        return 51 + kind // 9
    return (kind // 9 + 1) * 10 + kind % 9 + 1


ABORTIVE_NAMES = {
    "九種九牌": "kyuushu",
    "四風連打": "four_winds",
    "四家立直": "four_riichi",
    "四槓散了": "four_kans",
    "三家和了": "triple_ron",
    "流し満貫": "nagashi_mangan",
}
KIND_TO_NAME = {v: k for k, v in ABORTIVE_NAMES.items()}
# Names other converters write for the same draws (Tenhou's own export uses the ones above,
# as tsubakisakura/mjlog2json checks against it); read, never written.
ABORTIVE_ALIASES = {"四開槓": "four_kans", "三家和": "triple_ron", "九種么九": "kyuushu"}

_TEXT = re.compile(
    r"^(?:(?P<fu>\d+)符(?P<han>\d+)飜|(?P<limit>満貫|跳満|倍満|三倍満|数え役満|役満))"
    r"(?P<a>\d+)(?:-(?P<b>\d+))?点(?P<all>∀)?$"
)
_YAKU = re.compile(r"^(?P<name>.+)\((?:(?P<han>\d+)飜|(?P<yakuman>役満))\)$")
_LIMIT_FROM_JP = {
    "満貫": "mangan",
    "跳満": "haneman",
    "倍満": "baiman",
    "三倍満": "sanbaiman",
    "役満": "yakuman",
    "数え役満": "yakuman",
}

MAX_TRIES = 2000
"""Candidates of the call choices dropped before a hand is given up: a real hand needs a
handful; a hostile one with a choice at every discard would need 2**n."""

MAX_STEPS = 1000
"""Draws and discards of one hand: a real hand has under 200."""

# ---------------------------------------------------------------- checked values


class _Ctx:
    """Where we are, for error messages."""

    def __init__(self, index: int, header: Any) -> None:
        self.index = index
        try:
            r, h = int(header[0]), int(header[1])
            self.name = f"{WIND_LETTERS[r // 4 % 4]}{r % 4 + 1}-{h}"
        except (TypeError, ValueError, IndexError, KeyError):
            self.name = "?"

    def err(self, what: str) -> LogFormatError:
        return LogFormatError(f"tenhou6 log[{self.index}] (kyoku {self.name}): {what}")


def _bounded(values: list[int], ctx: _Ctx, what: str) -> None:
    for v in values:
        if abs(v) > MAX_NUMBER:
            raise ctx.err(f"{what}: {v} is {OUT_OF_RANGE}")


def _int_list(value: Any, n: int | None, ctx: _Ctx, what: str) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in value
    ):
        raise ctx.err(f"{what} must be a list of integers, not {value!r}")
    if n is not None and len(value) != n:
        raise ctx.err(f"{what} must have {n} entries, not {len(value)}")
    return value


def _deltas(value: Any, ctx: _Ctx, what: str) -> tuple[int, int, int, int]:
    d = _int_list(value, 4, ctx, what)
    _bounded(d, ctx, what)
    return (d[0], d[1], d[2], d[3])


def _codes(s: str, ctx: _Ctx, what: str) -> list[int]:
    if len(s) % 2 or not s.isdigit():
        raise ctx.err(f"{what}: bad call string")
    return [int(s[i : i + 2]) for i in range(0, len(s), 2)]


def _split_call(s: str, ctx: _Ctx) -> tuple[str, int, list[int]]:
    """``"45p4545"`` -> (``"p"``, position of the letter in tiles, codes in order)."""
    m = re.fullmatch(r"(\d*)([cpmkar])(\d+)", s)
    if not m:
        raise ctx.err(f"bad call string {s!r}")
    before, letter, after = m.groups()
    if len(before) % 2:
        raise ctx.err(f"bad call string {s!r}")
    return letter, len(before) // 2, _codes(before + after, ctx, f"call {s!r}")


# letter -> (its position among the tiles -> the seat called from, relative: 3 kamicha,
# 2 toimen, 1 shimocha)
_FROM = {"c": {0: 3}, "p": {0: 3, 1: 2, 2: 1}, "m": {0: 3, 1: 2, 3: 1}}

# ---------------------------------------------------------------- results

WinLine = tuple[tuple[int, int, int, int], list[Any]]
"""One winner of ``和了``: the score changes and ``[who, from, pao, text, yaku...]``."""


def _winners(res: list[Any], ctx: _Ctx) -> list[WinLine]:
    if len(res) < 3 or len(res) % 2 == 0:
        raise ctx.err("和了 must be followed by (deltas, details) pairs")
    wins = []
    for i in range(1, len(res), 2):
        deltas = _deltas(res[i], ctx, "win deltas")
        info = res[i + 1]
        if not isinstance(info, list) or len(info) < 5:
            raise ctx.err(f"win details {info!r} must be [who, from, pao, text, yaku...]")
        wins.append((deltas, info))
    return wins


def _exhaustive(deltas: tuple[int, int, int, int]) -> Ryuukyoku:
    if not any(deltas):  # no noten payments under these rules: the hands say who was tenpai
        return Ryuukyoku("exhaustive", deltas, None)
    t = tuple(x > 0 for x in deltas)
    return Ryuukyoku("exhaustive", deltas, (t[0], t[1], t[2], t[3]))


_DRAWS: dict[str, Callable[[tuple[int, int, int, int]], Ryuukyoku]] = {
    "流局": _exhaustive,
    "全員聴牌": lambda d: Ryuukyoku("exhaustive", d, (True, True, True, True)),
    "全員不聴": lambda d: Ryuukyoku("exhaustive", d, (False, False, False, False)),
    **{name: (lambda d, kind=kind: Ryuukyoku(kind, d))  # type: ignore[misc]
       for name, kind in (ABORTIVE_NAMES | ABORTIVE_ALIASES).items()},
}
"""A drawn hand's result name -> its :class:`Ryuukyoku`, given the score changes."""


def _parse_result(res: Any, ctx: _Ctx) -> tuple[list[WinLine], Ryuukyoku | None]:
    """The winners, or the drawn hand, of a hand's last entry."""
    if not isinstance(res, list) or not res or not isinstance(res[0], str):
        raise ctx.err(f"result must be a list starting with its name, not {res!r}")
    name = res[0]
    if name == "和了":
        return _winners(res, ctx), None
    deltas = _deltas(res[1], ctx, "draw deltas") if len(res) > 1 else (0, 0, 0, 0)
    if name == "流し満貫":
        for more in res[2:]:  # a second nagashi mangan in the same hand: payments add up
            d = _deltas(more, ctx, "draw deltas")
            deltas = (deltas[0] + d[0], deltas[1] + d[1], deltas[2] + d[2], deltas[3] + d[3])
    if name not in _DRAWS:
        raise ctx.err(f"unknown result {name!r}")
    return [], _DRAWS[name](deltas)


def _yaku(texts: list[Any], ctx: _Ctx) -> tuple[Yaku, ...]:
    """``["立直(1飜)", "国士無双(役満)"]`` -> the yaku, yakuman at 13 han."""
    yaku: list[Yaku] = []
    for y in texts:
        ym = _YAKU.match(y) if isinstance(y, str) else None
        if not ym:
            raise ctx.err(f"yaku {y!r} is not like '立直(1飜)'")
        name = ym.group("name")
        if name not in JAPANESE_TO_ID:
            raise ctx.err(f"unknown yaku {name!r}")
        yaku.append(Yaku(JAPANESE_TO_ID[name], 13 if ym.group("yakuman") else int(ym.group("han"))))
    return tuple(yaku)


def _points(m: re.Match[str], who: int, from_who: int, dealer: int, ctx: _Ctx
            ) -> tuple[int, int | None, int | None, int | None]:
    """(points, ron, dealer's tsumo share, others' share) of a win text's payments.

    Tenhou writes them as said at the table: ``N点`` a ron, ``N点∀`` a dealer's tsumo
    (each pays N), ``A-B点`` a non-dealer's tsumo (A each non-dealer, B the dealer)."""
    text = m.group(0)
    a, b, each = int(m.group("a")), m.group("b"), m.group("all") is not None
    if max(a, int(b or 0)) > MAX_NUMBER:
        raise ctx.err(f"win text {text!r}: points out of range (at most {MAX_NUMBER:,})")
    if who != from_who and (b is not None or each):
        raise ctx.err(f"ron text {text!r} must be 'N点'")
    if who == from_who == dealer and (not each or b is not None):
        raise ctx.err(f"dealer tsumo text {text!r} must be 'N点∀'")
    if who == from_who != dealer and b is None:
        raise ctx.err(f"non-dealer tsumo text {text!r} must be 'A-B点'")
    if who != from_who:
        return a, a, None, None
    if who == dealer:
        return a * 3, None, None, a
    return a * 2 + int(b or 0), None, int(b or 0), a


def _win(line: WinLine, ctx: _Ctx, dealer: int, tile: int | None) -> Win:
    """One winner's :class:`Win` from its ``和了`` line (Tenhou's text, as written: it says
    30符4飜7700点 where a kiriage table would say mangan, and that is kept)."""
    deltas, info = line
    who, from_who, pao = info[0], info[1], info[2]
    for v in (who, from_who, pao):
        if not isinstance(v, int) or not 0 <= v < 4:
            raise ctx.err(f"win details {info[:3]!r}: seats must be 0..3")
    text = info[3]
    m = _TEXT.match(text) if isinstance(text, str) else None
    if not m:
        raise ctx.err(f"win text {text!r} is not like '30符2飜2000点' or '満貫2000-4000点'")
    yaku = _yaku(info[4:], ctx)
    han = sum(y.han for y in yaku)
    fu = int(m.group("fu")) if m.group("fu") else None
    if fu is not None and int(m.group("han")) != han:
        raise ctx.err(f"win text says {m.group('han')} han, the yaku add up to {han}")
    points, ron, td, to = _points(m, who, from_who, dealer, ctx)
    return Win(
        seat=who,
        from_seat=from_who,
        tile=tile,
        han=han,
        fu=fu,
        limit=_LIMIT_FROM_JP[m.group("limit")] if m.group("limit") else None,  # type: ignore[arg-type]
        yaku=yaku,
        points=points,
        ron=ron,
        tsumo_dealer=td,
        tsumo_other=to,
        deltas=deltas,
        pao_seat=pao if pao != who else None,
    )


# ---------------------------------------------------------------- the entry's columns


@dataclass(frozen=True)
class Dora:
    """What the rules say about dora indicators (Tenhou's unless the log carries ours)."""

    initial: int = 1  # indicators turned at the start
    kan: bool = True  # a kan turns one more


@dataclass(frozen=True)
class _Columns:
    """A hand's entry with every field checked, as the replay reads it."""

    ctx: _Ctx
    header: list[int]  # [round*4+hand, honba, sticks]
    scores: list[int]
    dora_codes: list[int]
    ura_codes: list[int]
    haipai: tuple[tuple[int, ...], ...]
    takes: list[list[Any]]
    discards: list[list[Any]]
    wins: list[WinLine]
    ryuukyoku: Ryuukyoku | None
    rules: Dora

    @property
    def dealer(self) -> int:
        return self.header[0] % 4


def _header(entry: Any, index: int, rules: Dora) -> tuple[_Ctx, list[int]]:
    if not isinstance(entry, list):
        raise LogFormatError(f"tenhou6 log[{index}]: a hand must be a list")
    ctx = _Ctx(index, entry[0] if entry and isinstance(entry[0], list) else None)
    if len(entry) != 17:
        raise ctx.err(f"a hand must have 17 entries, not {len(entry)}")
    header = _int_list(entry[0], 3, ctx, "header [round, honba, sticks]")
    if not 0 <= header[0] < 16:
        raise ctx.err(f"round index {header[0]} out of range")
    for value, what in ((header[1], "honba"), (header[2], "riichi sticks")):
        if not 0 <= value <= MAX_NUMBER:
            raise ctx.err(f"{what} {value} out of range 0..{MAX_NUMBER:,}")
    return ctx, header


def _seat_columns(entry: list[Any], s: int, ctx: _Ctx) -> tuple[list[Any], list[Any]]:
    """(takes, discards) of seat ``s``."""
    cols = []
    for what, col in (("takes", entry[5 + 3 * s]), ("discards", entry[6 + 3 * s])):
        if not isinstance(col, list):
            raise ctx.err(f"seat {s} {what} must be a list")
        for x in col:
            if isinstance(x, bool) or not isinstance(x, (int, str)):
                raise ctx.err(f"seat {s} {what}: {x!r} is neither a tile nor a call")
        cols.append(col)
    return cols[0], cols[1]


# ---------------------------------------------------------------- the replay


@dataclass(frozen=True)
class _Claim:
    """A discard and the call candidate it meets (``None``: nobody calls it now)."""

    discarder: int
    tile: int
    riichi: bool
    caller: tuple[int, str, int, list[int], str] | None  # seat, letter, place, codes, string


_END = "end"
Phase = Literal["draw", "discard"]


class _Hand:
    """A hand being replayed: the tiles held, the actions so far, where each column is."""

    def __init__(self, entry: list[Any], ctx: _Ctx, header: list[int], reds: int,
                 rules: Dora) -> None:
        self.reds = reds
        self.alloc = TileAllocator(reds, f"tenhou6 log[{ctx.index}] (kyoku {ctx.name})")
        scores = _int_list(entry[1], 4, ctx, "scores")
        _bounded(scores, ctx, "scores")
        dora_codes = _int_list(entry[2], None, ctx, "dora indicators")
        ura_codes = _int_list(entry[3], None, ctx, "ura indicators")
        if not rules.initial <= len(dora_codes) <= 6:
            raise ctx.err(f"{len(dora_codes)} dora indicators ({rules.initial}..6 expected)")
        self.hands: list[list[int]] = []
        takes, discards = [], []
        for s in range(4):
            codes = _int_list(entry[4 + 3 * s], 13, ctx, f"seat {s} haipai")
            self.hands.append([self.new(c, f"seat {s} haipai", ctx) for c in codes])
            took, let_out = _seat_columns(entry, s, ctx)
            takes.append(took)
            discards.append(let_out)
        haipai = tuple(tuple(hand) for hand in self.hands)
        self.dora = [self.new(c, "dora indicator", ctx) for c in dora_codes[:rules.initial]]
        wins, ryuukyoku = _parse_result(entry[16], ctx)
        self.cols = _Columns(ctx, header, scores, dora_codes, ura_codes, haipai, takes,
                             discards, wins, ryuukyoku, rules)
        self.pons: list[dict[int, Pon]] = [{}, {}, {}, {}]
        self.actions: list[Action] = []
        self.ti = [0, 0, 0, 0]  # the next take of each seat
        self.di = [0, 0, 0, 0]  # the next discard of each seat
        self.last_draw: list[int | None] = [None] * 4
        self.turn = self.cols.dealer
        self.phase: Phase = "draw"
        self.rinshan = False
        self.kan_dora_pending = 0  # daiminkan/kakan dora, revealed just before the next discard
        self.steps = 0
        self.claim: _Claim | None = None  # a choice made, to be played on

    def fork(self, claim: _Claim) -> _Hand:
        """This hand at this point, going on with ``claim``."""
        other = copy.copy(self)
        other.alloc = self.alloc.copy()
        other.hands = [list(h) for h in self.hands]
        other.dora = list(self.dora)
        other.pons = [dict(p) for p in self.pons]
        other.actions = list(self.actions)
        other.ti, other.di, other.last_draw = list(self.ti), list(self.di), list(self.last_draw)
        other.claim = claim
        return other

    # ------------------------------------------------------------ tiles

    def new(self, code: Any, what: str, ctx: _Ctx | None = None) -> int:
        ctx = ctx or self.cols.ctx
        if not isinstance(code, int) or isinstance(code, bool):
            raise ctx.err(f"{what}: {code!r} is not a tile code")
        try:
            kind, red = code_to_kind(code)
        except ValueError as e:
            raise ctx.err(f"{what}: {e}") from None
        return self.alloc.take(kind, red)

    def remove(self, seat: int, code: int, what: str, avoid: int | None = None) -> int:
        """Take a tile of this code out of a seat's hand (not ``avoid`` if another fits)."""
        try:
            kind, red = code_to_kind(code)
        except ValueError as e:
            raise self.cols.ctx.err(f"{what}: {e}") from None
        tile = take_tile(self.hands[seat], kind, red, self.reds, avoid)
        if tile is None:
            raise self.cols.ctx.err(f"{what}: seat {seat} has no {code} in hand")
        return tile

    def reveal(self, what: str) -> None:
        """Turn the next kan dora indicator (when the rules turn one for a kan)."""
        if not self.cols.rules.kan:
            return
        n, codes = len(self.dora), self.cols.dora_codes
        if n >= len(codes):
            raise self.cols.ctx.err(
                f"{what}: a kan dora is revealed but the log lists only {n} indicators")
        tile = self.new(codes[n], "kan dora indicator")
        self.dora.append(tile)
        self.actions.append(DoraRevealed(tile))

    def reveal_pending(self, what: str) -> None:
        while self.kan_dora_pending:
            self.reveal(what)
            self.kan_dora_pending -= 1

    # ------------------------------------------------------------ the steps

    def run(self) -> Kyoku | tuple[_Hand, ...]:
        """Play on to the end of the hand, or to the next choice: then its candidates."""
        while True:
            if self.claim is not None:
                claim, self.claim = self.claim, None
                self.after_discard(claim)
                continue
            self.steps += 1
            if self.steps > MAX_STEPS:
                raise self.cols.ctx.err("the hand does not end")
            outcome = self.draw() if self.phase == "draw" else self.discard()
            if outcome == _END:
                return self.finish()
            if outcome:
                return outcome  # type: ignore[return-value]

    def draw(self) -> str | None:
        turn, takes = self.turn, self.cols.takes[self.turn]
        if self.ti[turn] >= len(takes):
            return _END
        x = takes[self.ti[turn]]
        if not isinstance(x, int):
            raise self.cols.ctx.err(
                f"seat {turn} takes[{self.ti[turn]}] = {x!r}: expected a draw, it is a call "
                "that does not follow a matching discard"
            )
        tile = self.new(x, f"seat {turn} takes[{self.ti[turn]}]")
        self.ti[turn] += 1
        self.hands[turn].append(tile)
        self.actions.append(Draw(turn, tile, rinshan=self.rinshan))
        self.last_draw[turn] = tile
        self.rinshan = False
        self.phase = "discard"
        return None

    def discard(self) -> str | tuple[_Hand, ...] | None:
        """The turn's next discard column entry: a kan, or a tile let out (and who calls it:
        when someone may, the candidates of that choice)."""
        turn, column = self.turn, self.cols.discards[self.turn]
        if self.di[turn] >= len(column):
            return _END
        x = column[self.di[turn]]
        wd = f"seat {turn} discards[{self.di[turn]}] = {x!r}"
        self.di[turn] += 1
        if isinstance(x, str) and ("a" in x or "k" in x):
            self.closed_kan(x, wd)
            return None
        riichi, tile, tsumogiri = self.let_out(x, wd)
        self.reveal_pending(wd)
        self.actions.append(Discard(turn, tile, tsumogiri))
        self.last_draw[turn] = None
        caller = self.caller(turn, tile)
        if caller is None:
            self.after_discard(_Claim(turn, tile, riichi, None))
            return None
        # the choice: this take calls this discard, or waits for a later one of the same tile
        return (self.fork(_Claim(turn, tile, riichi, caller)),
                self.fork(_Claim(turn, tile, riichi, None)))

    def let_out(self, x: Any, wd: str) -> tuple[bool, int, bool]:
        """(riichi, the tile, tsumogiri) of a discard entry; the tile leaves the hand."""
        turn, riichi, code = self.turn, isinstance(x, str), x
        if riichi:
            if not re.fullmatch(r"r\d\d", x):
                raise self.cols.ctx.err(f"{wd}: not a discard")
            code = int(x[1:])
            self.actions.append(Riichi(turn))
        if code == 60:
            drawn = self.last_draw[turn]
            if drawn is None:
                raise self.cols.ctx.err(f"{wd}: tsumogiri (60) without a drawn tile")
            self.hands[turn].remove(drawn)
            return riichi, drawn, True
        if code == 0:
            raise self.cols.ctx.err(f"{wd}: 0 (kan placeholder) without a daiminkan")
        return riichi, self.remove(turn, code, wd, avoid=self.last_draw[turn]), False

    def closed_kan(self, x: str, wd: str) -> None:
        """An ankan or a kakan from the discard column; the replacement draw follows."""
        letter, pos, codes = _split_call(x, self.cols.ctx)
        if letter == "a":
            self.ankan(codes, wd)
        else:
            self.kakan(codes[pos], len(codes), wd)
        self.last_draw[self.turn] = None
        self.rinshan = True
        self.phase = "draw"

    def ankan(self, codes: list[int], wd: str) -> None:
        turn = self.turn
        if len(codes) != 4:
            raise self.cols.ctx.err(f"{wd}: an ankan has 4 tiles")
        tiles = [self.remove(turn, c, wd) for c in codes]
        if len({kind_of(t) for t in tiles}) != 1:
            raise self.cols.ctx.err(f"{wd}: ankan of different tiles")
        # an earlier open kan's dora is turned as this kan is declared, then this
        # one's own (the order our engine plays; tenhou.net/6 keeps no timing)
        self.reveal_pending(wd)
        self.actions.append(Ankan(turn, (tiles[0], tiles[1], tiles[2], tiles[3])))
        self.reveal(wd)

    def kakan(self, added_code: int, n: int, wd: str) -> None:
        turn = self.turn
        if n != 4:
            raise self.cols.ctx.err(f"{wd}: a kakan has 4 tiles")
        added = self.remove(turn, added_code, wd)
        pon = self.pons[turn].pop(kind_of(added), None)
        if pon is None:
            raise self.cols.ctx.err(f"{wd}: kakan without a pon of that tile")
        self.actions.append(
            Kakan(turn, added, (pon.called, pon.consumed[0], pon.consumed[1]), pon.from_seat))
        self.kan_dora_pending += 1

    def caller(self, discarder: int, tile: int) -> tuple[int, str, int, list[int], str] | None:
        """The first seat whose next take calls this very tile (pon and kan before chi)."""
        dcode = tile_to_code(tile, self.reds)
        for prefer in ("pm", "c"):
            for o in range(4):
                t = self.next_call(o, discarder)
                if t is None:
                    continue
                letter, pos, codes = _split_call(t, self.cols.ctx)
                if letter not in prefer:
                    continue
                rel = _FROM[letter].get(pos)
                if rel is None:
                    raise self.cols.ctx.err(f"seat {o} takes {t!r}: letter in a wrong place")
                if (o + rel) % 4 == discarder and codes[pos] == dcode:
                    return (o, letter, pos, codes, t)
        return None

    def next_call(self, seat: int, discarder: int) -> str | None:
        """Seat's next take when it is a call string (and the seat is not the discarder)."""
        takes = self.cols.takes[seat]
        if seat == discarder or self.ti[seat] >= len(takes):
            return None
        t = takes[self.ti[seat]]
        return t if isinstance(t, str) else None

    def after_discard(self, claim: _Claim) -> None:
        """The riichi stick, then the call of the claim or the next seat's draw."""
        if claim.riichi and not self.riichi_ronned(claim):
            self.actions.append(RiichiAccepted(claim.discarder))
        if claim.caller is None:
            self.turn = (claim.discarder + 1) % 4
            self.phase = "draw"
            return
        self.call(claim.discarder, claim.tile, claim.caller)

    def riichi_ronned(self, claim: _Claim) -> bool:
        """Whether the riichi tile is the hand's last and someone rons it (no stick paid)."""
        cols = self.cols
        ends = (
            claim.caller is None
            and all(self.ti[s] >= len(cols.takes[s]) for s in range(4))
            and all(self.di[s] >= len(cols.discards[s]) for s in range(4))
        )
        return ends and any(w[1][1] == claim.discarder and w[1][0] != claim.discarder
                            for w in cols.wins)

    def call(self, discarder: int, tile: int,
             caller: tuple[int, str, int, list[int], str]) -> None:
        o, letter, pos, codes, t = caller
        wc = f"seat {o} takes[{self.ti[o]}] = {t!r}"
        self.ti[o] += 1
        consumed = [self.remove(o, c, wc) for c in codes[:pos] + codes[pos + 1 :]]
        if len({kind_of(tt) for tt in consumed}) != 1 and letter != "c":
            raise self.cols.ctx.err(f"{wc}: tiles of different kinds")
        _CALLS[letter](self, o, discarder, tile, consumed, wc)
        self.last_draw[o] = None
        self.turn = o

    def chi(self, o: int, discarder: int, tile: int, consumed: list[int], wc: str) -> None:
        if not is_sequence([tile, *consumed]):
            raise self.cols.ctx.err(f"{wc}: not a sequence")
        self.actions.append(Chi(o, discarder, tile, (consumed[0], consumed[1])))
        self.phase = "discard"

    def pon(self, o: int, discarder: int, tile: int, consumed: list[int], wc: str) -> None:
        if len(consumed) != 2 or kind_of(consumed[0]) != kind_of(tile):
            raise self.cols.ctx.err(f"{wc}: a pon needs 2 tiles of the called kind")
        pon = Pon(o, discarder, tile, (consumed[0], consumed[1]))
        self.pons[o][kind_of(tile)] = pon
        self.actions.append(pon)
        self.phase = "discard"

    def daiminkan(self, o: int, discarder: int, tile: int, consumed: list[int], wc: str
                  ) -> None:
        if len(consumed) != 3 or kind_of(consumed[0]) != kind_of(tile):
            raise self.cols.ctx.err(f"{wc}: a daiminkan needs 3 tiles of the called kind")
        self.actions.append(Daiminkan(o, discarder, tile, (consumed[0], consumed[1], consumed[2])))
        column = self.cols.discards[o]
        if self.di[o] >= len(column) or column[self.di[o]] != 0:
            raise self.cols.ctx.err(f"{wc}: a daiminkan must be matched by 0 in the discards")
        self.di[o] += 1
        self.kan_dora_pending += 1
        self.rinshan = True
        self.phase = "draw"

    # ------------------------------------------------------------ the end

    def finish(self) -> Kyoku:
        """The hand's :class:`Kyoku` once the columns are played out."""
        cols = self.cols
        for s in range(4):
            if self.ti[s] != len(cols.takes[s]) or self.di[s] != len(cols.discards[s]):
                raise cols.ctx.err(
                    f"seat {s}: {len(cols.takes[s]) - self.ti[s]} takes and "
                    f"{len(cols.discards[s]) - self.di[s]} "
                    "discards left over when the hand ends (the columns do not interleave)"
                )
        if self.won_on_rinshan():
            while self.kan_dora_pending and len(self.dora) < len(cols.dora_codes):
                self.reveal("the replacement tile's win")  # turned for a rinshan win
                self.kan_dora_pending -= 1
        if len(self.dora) != len(cols.dora_codes):
            raise cols.ctx.err(
                f"{len(cols.dora_codes)} dora indicators listed, {len(self.dora)} revealed by kans")
        ura = [self.new(c, "ura indicator") for c in cols.ura_codes]
        self.actions.extend(self.results())
        h = cols.header
        return Kyoku(
            round_wind=h[0] // 4,
            hand_number=h[0] % 4,
            honba=h[1],
            riichi_sticks=h[2],
            scores=(cols.scores[0], cols.scores[1], cols.scores[2], cols.scores[3]),
            dealer=cols.dealer,
            dora_indicators=tuple(self.dora),
            ura_indicators=tuple(ura),
            haipai=cols.haipai,
            actions=tuple(self.actions),
        )

    def won_on_rinshan(self) -> bool:
        """Whether a kan's dora is still to turn and the replacement tile wins."""
        last = self.actions[-1] if self.actions else None
        return bool(self.kan_dora_pending and len(self.dora) < len(self.cols.dora_codes)
                    and isinstance(last, Draw) and last.rinshan
                    and any(info[0] == info[1] == last.seat for _, info in self.cols.wins))

    def results(self) -> list[Win | Ryuukyoku]:
        """The hand's result actions, each win with the tile it is won on."""
        cols = self.cols
        # a kan dora turned for a rinshan win comes after the draw it is won with
        last = next((a for a in reversed(self.actions) if not isinstance(a, DoraRevealed)), None)
        if cols.wins:
            return [_win(line, cols.ctx, cols.dealer, self.win_tile(line[1], last))
                    for line in cols.wins]
        assert cols.ryuukyoku is not None
        if cols.ryuukyoku.kind != "kyuushu":
            return [cols.ryuukyoku]
        if not isinstance(last, Draw):
            raise cols.ctx.err("kyuushu kyuuhai must follow a draw")
        return [Ryuukyoku("kyuushu", cols.ryuukyoku.deltas, None, last.seat)]

    def win_tile(self, info: list[Any], last: Action | None) -> int:
        """The tile a win line's seat wins on: its draw, or the discard (or kakan) ronned."""
        tile = won_tile(self.actions, info[0], info[1])
        if info[0] == info[1]:
            if tile is None:
                raise self.cols.ctx.err(
                    f"tsumo by seat {info[0]} but the last action is {last!r}")
            return tile
        if tile is None or not isinstance(last, (Discard, Kakan, RiichiAccepted)):
            raise self.cols.ctx.err(f"ron from seat {info[1]} but that seat did not just discard")
        return tile


_CALLS: dict[str, Callable[[_Hand, int, int, int, list[int], str], None]] = {
    "c": _Hand.chi,
    "p": _Hand.pon,
    "m": _Hand.daiminkan,
}
"""A call string's letter -> the step that makes the call."""


def read_hand(entry: Any, index: int, reds: int, rules: Dora) -> Kyoku:
    """The :class:`Kyoku` of ``log[index]``: the replay whose call choices all hold up.

    Candidates are tried depth first in the order :meth:`_Hand.discard` lists them; a
    candidate that contradicts the columns is dropped. :class:`LogFormatError` with the
    first contradiction when none holds up (or after :data:`MAX_TRIES` dropped)."""
    ctx, header = _header(entry, index, rules)
    waiting = [_Hand(entry, ctx, header, reds, rules)]
    first_error: LogFormatError | None = None
    dropped = 0
    while waiting and dropped < MAX_TRIES:
        hand = waiting.pop()
        try:
            outcome = hand.run()
        except LogFormatError as e:  # this candidate contradicts the columns: the next
            first_error = first_error or e
            dropped += 1
            continue
        if isinstance(outcome, Kyoku):
            return outcome
        waiting.extend(reversed(outcome))
    assert first_error is not None
    raise first_error
