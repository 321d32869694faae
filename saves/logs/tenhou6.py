"""tenhou.net/6 JSON logs <-> :class:`RecordedGame`.

Layout of one hand in ``log`` (17 entries)::

    [[round*4+hand, honba, sticks], [4 scores], [dora indicators], [ura indicators],
     haipai0, takes0, discards0, haipai1, takes1, discards1, ..., result]

Tiles are codes 11..19 (m), 21..29 (p), 31..39 (s), 41..47 (honours), 51/52/53 red fives.
``takes`` lists what a seat took in: a drawn tile, or a call string: ``c`` chi (called tile
first), ``p`` pon, ``m`` daiminkan, where the letter's place tells from whom (before the first
tile: kamicha, after one tile: toimen, after two (pon) / three (kan) tiles: shimocha) and the
tile after the letter is the called one. ``discards`` lists what it let out: a tile, ``60`` for
the tile just drawn, ``r<tile>`` riichi, ``0`` after a daiminkan (no discard), ``k`` kakan (the
pon string with ``p`` replaced by ``k`` and the added tile), ``a`` ankan.

The two columns of every seat are interleaved into the real order of the hand by replaying it:
the dealer draws first, every draw is followed by its seat's discard (or a kan, then the
replacement draw), after a discard a seat whose next take calls that very tile (pon and kan
before chi) takes the turn, otherwise the next seat draws. Tile counts are checked throughout.
Kan dora are revealed as Tenhou does: after an ankan at once, after a daiminkan or kakan once
the replacement tile is drawn (and not at all when that tile wins).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from engine.tiles import EAST, WIND_LETTERS, is_suited, kind_of

from .model import (
    MAX_NUMBER,
    MAX_REDS,
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    DoraRevealed,
    Draw,
    Kakan,
    Kyoku,
    LeftOut,
    LogFormatError,
    Pon,
    RecordedGame,
    Riichi,
    RiichiAccepted,
    Rules,
    Ryuukyoku,
    TileAllocator,
    Win,
    Yaku,
    is_red,
    left_out_data,
    load_json,
    read_left_out,
    replace,
)
from .yaku import JAPANESE_TO_ID, LIMIT_JAPANESE, japanese_name

# ---------------------------------------------------------------- tile codes


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

# ---------------------------------------------------------------- parsing


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
            raise ctx.err(f"{what}: {v} is out of range (at most {MAX_NUMBER:,} either way)")


def _int_list(value: Any, n: int | None, ctx: _Ctx, what: str) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in value
    ):
        raise ctx.err(f"{what} must be a list of integers, not {value!r}")
    if n is not None and len(value) != n:
        raise ctx.err(f"{what} must have {n} entries, not {len(value)}")
    return value


class _Replay:
    def __init__(self, ctx: _Ctx, reds: int) -> None:
        self.ctx = ctx
        self.reds = reds
        self.alloc = TileAllocator(reds, f"tenhou6 log[{ctx.index}] (kyoku {ctx.name})")
        self.hands: list[list[int]] = [[], [], [], []]
        self.pons: list[dict[int, Pon]] = [{}, {}, {}, {}]

    def new(self, code: Any, what: str) -> int:
        if not isinstance(code, int) or isinstance(code, bool):
            raise self.ctx.err(f"{what}: {code!r} is not a tile code")
        try:
            kind, red = code_to_kind(code)
        except ValueError as e:
            raise self.ctx.err(f"{what}: {e}") from None
        return self.alloc.take(kind, red)

    def remove(self, seat: int, code: int, what: str, avoid: int | None = None) -> int:
        """Take a tile of this code out of a seat's hand (not ``avoid`` if another fits)."""
        try:
            kind, red = code_to_kind(code)
        except ValueError as e:
            raise self.ctx.err(f"{what}: {e}") from None
        hand = self.hands[seat]
        matches = [t for t in hand if kind_of(t) == kind and is_red(t, self.reds) == red]
        if not matches:
            raise self.ctx.err(f"{what}: seat {seat} has no {code} in hand")
        others = [t for t in matches if t != avoid]
        tile = min(others) if others else matches[0]
        hand.remove(tile)
        return tile


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


_PON_REL = {0: 3, 1: 2, 2: 1}  # letter position -> relative seat (3 kamicha, 2 toimen, 1 shimocha)
_KAN_REL = {0: 3, 1: 2, 3: 1}


def _parse_result(
    res: Any, ctx: _Ctx, dealer: int
) -> tuple[list[tuple[tuple[int, int, int, int], list[Any]]], Ryuukyoku | None]:
    if not isinstance(res, list) or not res or not isinstance(res[0], str):
        raise ctx.err(f"result must be a list starting with its name, not {res!r}")
    name = res[0]
    if name == "和了":
        if len(res) < 3 or len(res) % 2 == 0:
            raise ctx.err("和了 must be followed by (deltas, details) pairs")
        wins = []
        for i in range(1, len(res), 2):
            d = _int_list(res[i], 4, ctx, "win deltas")
            _bounded(d, ctx, "win deltas")
            info = res[i + 1]
            if not isinstance(info, list) or len(info) < 5:
                raise ctx.err(f"win details {info!r} must be [who, from, pao, text, yaku...]")
            wins.append(((d[0], d[1], d[2], d[3]), info))
        return wins, None
    deltas = (0, 0, 0, 0)
    if len(res) > 1:
        d = _int_list(res[1], 4, ctx, "draw deltas")
        _bounded(d, ctx, "draw deltas")
        deltas = (d[0], d[1], d[2], d[3])
    if name == "流し満貫":
        for more in res[2:]:  # a second nagashi mangan in the same hand: payments add up
            d = _int_list(more, 4, ctx, "draw deltas")
            _bounded(d, ctx, "draw deltas")
            deltas = (deltas[0] + d[0], deltas[1] + d[1], deltas[2] + d[2], deltas[3] + d[3])
    if name == "流局":
        if not any(deltas):  # no noten payments under these rules: the hands say who was tenpai
            return [], Ryuukyoku("exhaustive", deltas, None)
        t = tuple(x > 0 for x in deltas)
        return [], Ryuukyoku("exhaustive", deltas, (t[0], t[1], t[2], t[3]))
    if name == "全員聴牌":
        return [], Ryuukyoku("exhaustive", deltas, (True, True, True, True))
    if name == "全員不聴":
        return [], Ryuukyoku("exhaustive", deltas, (False, False, False, False))
    if name in ABORTIVE_NAMES or name in ABORTIVE_ALIASES:
        kind = ABORTIVE_NAMES.get(name) or ABORTIVE_ALIASES[name]
        return [], Ryuukyoku(kind, deltas)  # type: ignore[arg-type]
    raise ctx.err(f"unknown result {name!r}")


def _win(
    deltas: tuple[int, int, int, int],
    info: list[Any],
    ctx: _Ctx,
    dealer: int,
    tile: int | None,
) -> Win:
    who, from_who, pao = info[0], info[1], info[2]
    for v in (who, from_who, pao):
        if not isinstance(v, int) or not 0 <= v < 4:
            raise ctx.err(f"win details {info[:3]!r}: seats must be 0..3")
    text = info[3]
    m = _TEXT.match(text) if isinstance(text, str) else None
    if not m:
        raise ctx.err(f"win text {text!r} is not like '30符2飜2000点' or '満貫2000-4000点'")
    yaku: list[Yaku] = []
    for y in info[4:]:
        ym = _YAKU.match(y) if isinstance(y, str) else None
        if not ym:
            raise ctx.err(f"yaku {y!r} is not like '立直(1飜)'")
        name = ym.group("name")
        if name not in JAPANESE_TO_ID:
            raise ctx.err(f"unknown yaku {name!r}")
        han = 13 if ym.group("yakuman") else int(ym.group("han"))
        yaku.append(Yaku(JAPANESE_TO_ID[name], han))
    han = sum(y.han for y in yaku)
    fu = int(m.group("fu")) if m.group("fu") else None
    if fu is not None and int(m.group("han")) != han:
        raise ctx.err(f"win text says {m.group('han')} han, the yaku add up to {han}")
    limit = _LIMIT_FROM_JP[m.group("limit")] if m.group("limit") else None
    tsumo = who == from_who
    a, b = int(m.group("a")), m.group("b")
    if max(a, int(b or 0)) > MAX_NUMBER:
        raise ctx.err(f"win text {text!r}: points out of range (at most {MAX_NUMBER:,})")
    if tsumo:
        if who == dealer:
            if not m.group("all") or b is not None:
                raise ctx.err(f"dealer tsumo text {text!r} must be 'N点∀'")
            points, ron, td, to = a * 3, None, None, a
        else:
            if b is None:
                raise ctx.err(f"non-dealer tsumo text {text!r} must be 'A-B点'")
            points, ron, td, to = a * 2 + int(b), None, int(b), a
    else:
        if b is not None or m.group("all"):
            raise ctx.err(f"ron text {text!r} must be 'N点'")
        points, ron, td, to = a, a, None, None
    if fu is not None and limit is None and fu * 2 ** (han + 2) >= 2000:
        limit = None  # Tenhou writes 30符4飜7700点 (no kiriage): keep as given
    return Win(
        seat=who,
        from_seat=from_who,
        tile=tile,
        han=han,
        fu=fu,
        limit=limit,  # type: ignore[arg-type]
        yaku=tuple(yaku),
        points=points,
        ron=ron,
        tsumo_dealer=td,
        tsumo_other=to,
        deltas=deltas,
        pao_seat=pao if pao != who else None,
    )


@dataclass(frozen=True)
class _Dora:
    """What the rules say about dora indicators (Tenhou's unless the log carries ours)."""

    initial: int = 1  # indicators turned at the start
    kan: bool = True  # a kan turns one more


def _parse_kyoku(entry: Any, index: int, reds: int, dora_rules: _Dora) -> Kyoku:
    """Replay one hand; when a call could belong to either of two identical discards, try the
    first and fall back to the later one (depth-first search over such choices)."""
    plan: list[bool] = []
    first_error: LogFormatError | None = None
    for _attempt in range(2000):
        made: list[bool] = []
        try:
            return _parse_kyoku_once(entry, index, reds, dora_rules, plan, made)
        except LogFormatError as e:
            if first_error is None:
                first_error = e
            while made and not made[-1]:
                made.pop()
            if not made:
                raise first_error from None
            made[-1] = False
            plan = made
    assert first_error is not None
    raise first_error


def _parse_kyoku_once(
    entry: Any, index: int, reds: int, dora_rules: _Dora, plan: list[bool], made: list[bool]
) -> Kyoku:
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
    scores = _int_list(entry[1], 4, ctx, "scores")
    _bounded(scores, ctx, "scores")
    dora_codes = _int_list(entry[2], None, ctx, "dora indicators")
    ura_codes = _int_list(entry[3], None, ctx, "ura indicators")
    if not dora_rules.initial <= len(dora_codes) <= 6:
        raise ctx.err(f"{len(dora_codes)} dora indicators ({dora_rules.initial}..6 expected)")
    dealer = header[0] % 4
    rp = _Replay(ctx, reds)
    haipai: list[tuple[int, ...]] = []
    takes: list[list[Any]] = []
    discards: list[list[Any]] = []
    for s in range(4):
        codes = _int_list(entry[4 + 3 * s], 13, ctx, f"seat {s} haipai")
        hand = [rp.new(c, f"seat {s} haipai") for c in codes]
        haipai.append(tuple(hand))
        rp.hands[s] = list(hand)
        for what, col, out in (
            ("takes", entry[5 + 3 * s], takes),
            ("discards", entry[6 + 3 * s], discards),
        ):
            if not isinstance(col, list):
                raise ctx.err(f"seat {s} {what} must be a list")
            for x in col:
                if isinstance(x, bool) or not isinstance(x, (int, str)):
                    raise ctx.err(f"seat {s} {what}: {x!r} is neither a tile nor a call")
            out.append(col)
    dora = [rp.new(c, "dora indicator") for c in dora_codes[:dora_rules.initial]]
    wins_raw, ryuukyoku = _parse_result(entry[16], ctx, dealer)

    actions: list[Action] = []
    ti = [0, 0, 0, 0]
    di = [0, 0, 0, 0]
    last_draw: list[int | None] = [None] * 4
    turn = dealer
    state = "draw"
    rinshan = False
    kan_dora_pending = 0  # daiminkan/kakan dora, revealed just before the next discard
    steps = 0

    def reveal(what: str) -> None:
        if not dora_rules.kan:
            return
        n = len(dora)
        if n >= len(dora_codes):
            raise ctx.err(f"{what}: a kan dora is revealed but the log lists only {n} indicators")
        tile = rp.new(dora_codes[n], "kan dora indicator")
        dora.append(tile)
        actions.append(DoraRevealed(tile))

    while True:
        steps += 1
        if steps > 1000:
            raise ctx.err("the hand does not end")
        where = f"seat {turn}"
        if state == "draw":
            if ti[turn] >= len(takes[turn]):
                break
            x = takes[turn][ti[turn]]
            if not isinstance(x, int):
                raise ctx.err(
                    f"{where} takes[{ti[turn]}] = {x!r}: expected a draw, it is a call "
                    "that does not follow a matching discard"
                )
            ti[turn] += 1
            tile = rp.new(x, f"{where} takes[{ti[turn] - 1}]")
            rp.hands[turn].append(tile)
            actions.append(Draw(turn, tile, rinshan=rinshan))
            last_draw[turn] = tile
            rinshan = False
            state = "discard"
            continue
        # discard state
        if di[turn] >= len(discards[turn]):
            break
        x = discards[turn][di[turn]]
        wd = f"{where} discards[{di[turn]}] = {x!r}"
        di[turn] += 1
        if isinstance(x, str) and ("a" in x or "k" in x):
            letter, pos, codes = _split_call(x, ctx)
            if letter == "a":
                if len(codes) != 4:
                    raise ctx.err(f"{wd}: an ankan has 4 tiles")
                tiles = [rp.remove(turn, c, wd) for c in codes]
                if len({kind_of(t) for t in tiles}) != 1:
                    raise ctx.err(f"{wd}: ankan of different tiles")
                # an earlier open kan's dora is turned as this kan is declared, then this
                # one's own (the order our engine plays; tenhou.net/6 keeps no timing)
                while kan_dora_pending:
                    reveal(wd)
                    kan_dora_pending -= 1
                actions.append(Ankan(turn, (tiles[0], tiles[1], tiles[2], tiles[3])))
                reveal(wd)
            else:
                if len(codes) != 4:
                    raise ctx.err(f"{wd}: a kakan has 4 tiles")
                added_code = codes[pos]
                added = rp.remove(turn, added_code, wd)
                pon = rp.pons[turn].pop(kind_of(added), None)
                if pon is None:
                    raise ctx.err(f"{wd}: kakan without a pon of that tile")
                actions.append(
                    Kakan(
                        turn, added, (pon.called, pon.consumed[0], pon.consumed[1]), pon.from_seat
                    )
                )
                kan_dora_pending += 1
            last_draw[turn] = None
            rinshan = True
            state = "draw"
            continue
        riichi = False
        if isinstance(x, str):
            if not re.fullmatch(r"r\d\d", x):
                raise ctx.err(f"{wd}: not a discard")
            riichi = True
            code = int(x[1:])
        else:
            code = x
        if riichi:
            actions.append(Riichi(turn))
        if code == 60:
            drawn = last_draw[turn]
            if drawn is None:
                raise ctx.err(f"{wd}: tsumogiri (60) without a drawn tile")
            tile = drawn
            rp.hands[turn].remove(tile)
            tsumogiri = True
        elif code == 0:
            raise ctx.err(f"{wd}: 0 (kan placeholder) without a daiminkan")
        else:
            tile = rp.remove(turn, code, wd, avoid=last_draw[turn])
            tsumogiri = False
        while kan_dora_pending:
            reveal(wd)
            kan_dora_pending -= 1
        actions.append(Discard(turn, tile, tsumogiri))
        last_draw[turn] = None
        discarder = turn
        dcode = tile_to_code(tile, reds)
        # who calls it?
        caller = None
        for prefer in ("pm", "c"):
            for o in range(4):
                if o == discarder or ti[o] >= len(takes[o]):
                    continue
                t = takes[o][ti[o]]
                if not isinstance(t, str):
                    continue
                letter, pos, codes = _split_call(t, ctx)
                if letter not in prefer:
                    continue
                rel = {"c": {0: 3}, "p": _PON_REL, "m": _KAN_REL}[letter].get(pos)
                if rel is None:
                    raise ctx.err(f"seat {o} takes {t!r}: letter in a wrong place")
                if (o + rel) % 4 != discarder or codes[pos] != dcode:
                    continue
                caller = (o, letter, pos, codes, t)
                break
            if caller:
                call_now = plan[len(made)] if len(made) < len(plan) else True
                made.append(call_now)
                if not call_now:
                    caller = None
                break
        if riichi:
            ends = (
                caller is None
                and all(ti[s] >= len(takes[s]) for s in range(4))
                and all(di[s] >= len(discards[s]) for s in range(4))
            )
            ronned = ends and any(w[1][1] == discarder and w[1][0] != discarder for w in wins_raw)
            if not ronned:
                actions.append(RiichiAccepted(discarder))
        if caller is None:
            turn = (discarder + 1) % 4
            state = "draw"
            continue
        o, letter, pos, codes, t = caller
        wc = f"seat {o} takes[{ti[o]}] = {t!r}"
        ti[o] += 1
        others = codes[:pos] + codes[pos + 1 :]
        consumed = [rp.remove(o, c, wc) for c in others]
        if len({kind_of(tt) for tt in consumed}) != 1 and letter != "c":
            raise ctx.err(f"{wc}: tiles of different kinds")
        if letter == "c":
            kinds = sorted([kind_of(tile)] + [kind_of(tt) for tt in consumed])
            if not (
                is_suited(kinds[0])
                and kinds[1] == kinds[0] + 1
                and kinds[2] == kinds[0] + 2
                and kinds[0] // 9 == kinds[2] // 9
            ):
                raise ctx.err(f"{wc}: not a sequence")
            actions.append(Chi(o, discarder, tile, (consumed[0], consumed[1])))
            state = "discard"
        elif letter == "p":
            if len(consumed) != 2 or kind_of(consumed[0]) != kind_of(tile):
                raise ctx.err(f"{wc}: a pon needs 2 tiles of the called kind")
            pon = Pon(o, discarder, tile, (consumed[0], consumed[1]))
            rp.pons[o][kind_of(tile)] = pon
            actions.append(pon)
            state = "discard"
        else:
            if len(consumed) != 3 or kind_of(consumed[0]) != kind_of(tile):
                raise ctx.err(f"{wc}: a daiminkan needs 3 tiles of the called kind")
            actions.append(Daiminkan(o, discarder, tile, (consumed[0], consumed[1], consumed[2])))
            if di[o] >= len(discards[o]) or discards[o][di[o]] != 0:
                raise ctx.err(f"{wc}: a daiminkan must be matched by 0 in the discards")
            di[o] += 1
            kan_dora_pending += 1
            rinshan = True
            state = "draw"
        last_draw[o] = None
        turn = o

    for s in range(4):
        if ti[s] != len(takes[s]) or di[s] != len(discards[s]):
            raise ctx.err(
                f"seat {s}: {len(takes[s]) - ti[s]} takes and {len(discards[s]) - di[s]} "
                "discards left over when the hand ends (the columns do not interleave)"
            )
    last = actions[-1] if actions else None
    if (kan_dora_pending and len(dora) < len(dora_codes) and isinstance(last, Draw)
            and last.rinshan and any(info[0] == info[1] == last.seat for _, info in wins_raw)):
        while kan_dora_pending and len(dora) < len(dora_codes):  # turned for a rinshan win
            reveal("the replacement tile's win")
            kan_dora_pending -= 1
    if len(dora) != len(dora_codes):
        raise ctx.err(f"{len(dora_codes)} dora indicators listed, {len(dora)} revealed by kans")
    ura = [rp.new(c, "ura indicator") for c in ura_codes]

    # results
    # a kan dora turned for a rinshan win comes after the draw it is won with
    last = next((a for a in reversed(actions) if not isinstance(a, DoraRevealed)), None)
    if wins_raw:
        for deltas, info in wins_raw:
            win_tile: int | None = None
            if info[0] == info[1]:
                if not isinstance(last, Draw) or last.seat != info[0]:
                    raise ctx.err(f"tsumo by seat {info[0]} but the last action is {last!r}")
                win_tile = last.tile
            else:
                src = [a for a in actions if isinstance(a, (Discard, Kakan))]
                if (
                    not src
                    or src[-1].seat != info[1]
                    or not isinstance(last, (Discard, Kakan, RiichiAccepted))
                ):
                    raise ctx.err(f"ron from seat {info[1]} but that seat did not just discard")
                a = src[-1]
                win_tile = a.tile if isinstance(a, Discard) else a.added
            actions.append(_win(deltas, info, ctx, dealer, win_tile))
    else:
        assert ryuukyoku is not None
        if ryuukyoku.kind == "kyuushu":
            if not isinstance(last, Draw):
                raise ctx.err("kyuushu kyuuhai must follow a draw")
            ryuukyoku = Ryuukyoku("kyuushu", ryuukyoku.deltas, None, last.seat)
        actions.append(ryuukyoku)
    return Kyoku(
        round_wind=header[0] // 4,
        hand_number=header[0] % 4,
        honba=header[1],
        riichi_sticks=header[2],
        scores=(scores[0], scores[1], scores[2], scores[3]),
        dealer=dealer,
        dora_indicators=tuple(dora),
        ura_indicators=tuple(ura),
        haipai=tuple(haipai),
        actions=tuple(actions),
    )


EXTENSION = "hanchan"
"""Our key, in ``rule`` (the full ruleset, as a save file's header holds it) and at the top
level (``dice``: each hand's dice; ``left_out``: hands only we can read, see
:class:`~.model.LeftOut`).  Tenhou's viewer and other readers ignore both."""


def parse_tenhou6(text: str, ruleset: dict[str, Any] | None = None) -> RecordedGame:
    """Read a tenhou.net/6 JSON log (``title``, ``name``, ``rule``, ``log``; ``ref``, ``sc``).

    ``ruleset`` (``Ruleset.to_dict()``) stands for the rules the log was played under when
    they are not Tenhou's; otherwise the log's own (our ``rule.hanchan``) are read, so that
    the dora indicators are counted right (``initial_dora``, ``kan_dora``)."""
    data = load_json(text, "tenhou6")
    if not isinstance(data, dict):
        raise LogFormatError("tenhou6: the log must be a JSON object")
    for key in ("name", "log"):
        if key not in data:
            raise LogFormatError(f"tenhou6: the log has no \"{key}\" field")
    names = data["name"]
    if not isinstance(names, list) or len(names) != 4 or not all(isinstance(n, str) for n in names):
        raise LogFormatError("tenhou6: 'name' must be 4 strings")
    rule = data.get("rule", {})
    if not isinstance(rule, dict):
        raise LogFormatError("tenhou6: 'rule' must be an object")
    carried = rule.get(EXTENSION)
    if carried is not None and not isinstance(carried, dict):
        raise LogFormatError(f"tenhou6: rule.{EXTENSION} must be an object (a ruleset)")
    disp = str(rule.get("disp", ""))
    flags = {}
    for key in ("aka", "aka51", "aka52", "aka53"):
        v = rule.get(key, 0)
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= MAX_REDS:
            raise LogFormatError(
                f"tenhou6: rule {key}={v!r}: a suit has 0 to {MAX_REDS} red fives")
        flags[key] = v
    per_suit = {flags["aka51"], flags["aka52"], flags["aka53"]}
    if len(per_suit) > 1:
        raise LogFormatError(
            f"tenhou6: rule aka51={flags['aka51']}, aka52={flags['aka52']}, "
            f"aka53={flags['aka53']}: every suit must have the same number of red fives")
    red = flags["aka"] or flags["aka51"]
    red_count = 3 * flags["aka51"] if red else 0
    if red and red_count == 0:
        red_count = 3
    level = None
    for ch, lv in (("鳳", "鳳凰"), ("特", "特上"), ("上", "上級"), ("般", "一般")):
        if disp.startswith(ch):
            level = lv
    rules = Rules(
        red_fives=red_count,
        hanchan="東" not in disp[:2],
        open_tanyao="喰" in disp or not disp,
        fast="速" in disp,
        lobby_level=level,
        display=disp,
    )
    title = data.get("title", ["", ""])
    if not isinstance(title, list) or not all(isinstance(t, str) for t in title):
        raise LogFormatError("tenhou6: 'title' must be a list of strings")
    log = data["log"]
    if not isinstance(log, list):
        raise LogFormatError("tenhou6: 'log' must be a list of hands")
    dora_rules = _dora_rules(ruleset if ruleset is not None else carried)
    kyokus = tuple(
        _parse_kyoku(entry, i, rules.reds, dora_rules) for i, entry in enumerate(log)
    )
    kyokus, left_out = _extension(data.get(EXTENSION), kyokus)
    final_scores = final_points = None
    sc = data.get("sc")
    if sc is not None:
        if (
            not isinstance(sc, list)
            or len(sc) != 8
            or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in sc)
        ):
            raise LogFormatError("tenhou6: 'sc' must be 8 numbers (score, points per seat)")
        for i, x in enumerate(sc):
            if not abs(x) <= MAX_NUMBER:  # NaN too
                raise LogFormatError(f"tenhou6: sc[{i}] = {x} is out of range "
                                     f"(at most {MAX_NUMBER:,} either way)")
            if i % 2 == 0 and x != int(x):
                raise LogFormatError(f"tenhou6: sc[{i}] = {x}: a final score is whole points")
        final_scores = tuple(int(sc[i]) for i in (0, 2, 4, 6))
        final_points = tuple(float(sc[i]) for i in (1, 3, 5, 7))
    ref = data.get("ref")
    return RecordedGame(
        title=title[0] if title else "",
        names=(names[0], names[1], names[2], names[3]),
        rules=rules,
        kyokus=kyokus,
        final_scores=final_scores,  # type: ignore[arg-type]
        final_points=final_points,  # type: ignore[arg-type]
        ref=ref if isinstance(ref, str) else None,
        date=title[1] if len(title) > 1 else None,
        ruleset=carried,
        left_out=left_out,
    )


def _dora_rules(ruleset: dict[str, Any] | None) -> _Dora:
    """The dora options of a ruleset's plain data (its own checks are the loader's: a value
    of the wrong kind here is left at Tenhou's and refused when the ruleset is read)."""
    if not ruleset:
        return _Dora()
    initial, kan = ruleset.get("initial_dora", 1), ruleset.get("kan_dora", True)
    return _Dora(initial if isinstance(initial, int) and 1 <= initial <= 6 else 1,
                 kan if isinstance(kan, bool) else True)


def _extension(ext: Any, kyokus: tuple[Kyoku, ...]
               ) -> tuple[tuple[Kyoku, ...], tuple[LeftOut, ...]]:
    """The hands' dice and the hands left out, from our top-level key."""
    if ext is None:
        return kyokus, ()
    where = f"tenhou6: {EXTENSION}"
    if not isinstance(ext, dict):
        raise LogFormatError(f"{where} must be an object")
    dice = ext.get("dice")
    if dice is not None:
        if not isinstance(dice, list) or len(dice) != len(kyokus):
            raise LogFormatError(f"{where}.dice must list one pair of dice per hand")
        for i, d in enumerate(dice):
            if not (isinstance(d, list) and len(d) == 2 and all(
                    isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 6 for x in d)):
                raise LogFormatError(f"{where}.dice[{i}] = {d!r} is not two dice 1..6")
        kyokus = tuple(replace(k, dice=(d[0], d[1])) for k, d in zip(kyokus, dice, strict=True))
    return kyokus, read_left_out(ext.get("left_out"), len(kyokus), f"{where}.left_out")


# ---------------------------------------------------------------- writing


def _call_string(call: Chi | Pon | Daiminkan | Kakan | Ankan, reds: int) -> str:
    def c(t: int) -> str:
        return str(tile_to_code(t, reds))

    if isinstance(call, Chi):
        return "c" + c(call.called) + "".join(c(t) for t in call.consumed)
    if isinstance(call, Ankan):
        return "".join(c(t) for t in call.tiles[:3]) + "a" + c(call.tiles[3])
    rel = (call.from_seat - call.seat) % 4
    if isinstance(call, Pon):
        pos = {3: 0, 2: 1, 1: 2}[rel]
        parts = [c(t) for t in call.consumed]
        parts.insert(pos, "p" + c(call.called))
        return "".join(parts)
    if isinstance(call, Daiminkan):
        pos = {3: 0, 2: 1, 1: 3}[rel]
        parts = [c(t) for t in call.consumed]
        parts.insert(pos, "m" + c(call.called))
        return "".join(parts)
    pos = {3: 0, 2: 1, 1: 2}[rel]
    parts = [c(t) for t in call.pon[1:]]
    parts.insert(pos, "k" + c(call.added) + c(call.pon[0]))
    return "".join(parts)


def _number(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


def _win_text(w: Win, dealer: int) -> str:
    if w.limit is not None:
        head = LIMIT_JAPANESE[w.limit]
    else:
        head = f"{w.fu}符{w.han}飜"
    if not w.tsumo:
        return f"{head}{w.points}点"
    if w.seat == dealer:
        return f"{head}{w.tsumo_other}点∀"
    return f"{head}{w.tsumo_other}-{w.tsumo_dealer}点"


def _kyoku_entry(k: Kyoku, reds: int) -> list[Any]:
    takes: list[list[Any]] = [[], [], [], []]
    discards: list[list[Any]] = [[], [], [], []]
    riichi_pending = [False] * 4
    result: list[Any] = []
    for a in k.actions:
        if isinstance(a, Draw):
            takes[a.seat].append(tile_to_code(a.tile, reds))
        elif isinstance(a, Riichi):
            riichi_pending[a.seat] = True
        elif isinstance(a, Discard):
            code: Any = 60 if a.tsumogiri else tile_to_code(a.tile, reds)
            if riichi_pending[a.seat]:
                code = f"r{code}"
                riichi_pending[a.seat] = False
            discards[a.seat].append(code)
        elif isinstance(a, (Chi, Pon)):
            takes[a.seat].append(_call_string(a, reds))
        elif isinstance(a, Daiminkan):
            takes[a.seat].append(_call_string(a, reds))
            discards[a.seat].append(0)
        elif isinstance(a, (Kakan, Ankan)):
            discards[a.seat].append(_call_string(a, reds))
        elif isinstance(a, Win):
            if not result:
                result = ["和了"]
            sw = (a.seat - k.dealer) % 4
            yaku = [
                f"{japanese_name(y.id, sw, k.round_wind)}("
                + (
                    "役満"
                    if y.han >= 13 and y.id not in ("dora", "aka_dora", "ura_dora")
                    else f"{y.han}飜"
                )
                + ")"
                for y in a.yaku
            ]
            pao = a.pao_seat if a.pao_seat is not None else a.seat
            result += [list(a.deltas), [a.seat, a.from_seat, pao, _win_text(a, k.dealer), *yaku]]
        elif isinstance(a, Ryuukyoku):
            if a.kind == "exhaustive":
                if a.tenpai == (True, True, True, True):
                    result = ["全員聴牌"]
                elif a.tenpai == (False, False, False, False):
                    result = ["全員不聴"]
                else:
                    result = ["流局", list(a.deltas)]
            elif a.kind == "nagashi_mangan":
                result = ["流し満貫", list(a.deltas)]
            else:
                result = [KIND_TO_NAME[a.kind]]
    entry: list[Any] = [
        [k.round_wind * 4 + k.hand_number, k.honba, k.riichi_sticks],
        list(k.scores),
        [tile_to_code(t, reds) for t in k.dora_indicators],
        [tile_to_code(t, reds) for t in k.ura_indicators],
    ]
    for s in range(4):
        entry.append([tile_to_code(t, reds) for t in sorted(k.haipai[s], key=kind_of)])
        entry.append(takes[s])
        entry.append(discards[s])
    entry.append(result)
    return entry


def to_tenhou6_dict(game: RecordedGame) -> dict[str, Any]:
    r = game.rules
    rule: dict[str, Any] = {"disp": r.display, "aka": 1 if r.red_fives else 0}
    if r.red_fives:
        rule.update({"aka51": r.reds, "aka52": r.reds, "aka53": r.reds})
    if game.ruleset is not None:
        rule[EXTENSION] = game.ruleset
    out: dict[str, Any] = {
        "title": [game.title, game.date or ""],
        "name": list(game.names),
        "rule": rule,
    }
    if game.ref:
        out["ref"] = game.ref
    out["log"] = [_kyoku_entry(k, r.reds) for k in game.kyokus]
    ext: dict[str, Any] = {}
    if game.kyokus and all(k.dice is not None for k in game.kyokus):
        ext["dice"] = [list(k.dice) for k in game.kyokus if k.dice is not None]
    if game.left_out:
        ext["left_out"] = left_out_data(game.left_out)
    if ext:
        out[EXTENSION] = ext
    if game.final_scores is not None and game.final_points is not None:
        out["sc"] = [
            v for s in range(4) for v in (game.final_scores[s], _number(game.final_points[s]))
        ]
    return out


def format_tenhou6(game: RecordedGame) -> str:
    """A tenhou.net/6 JSON log of the game (Tenhou's viewer accepts it)."""
    return json.dumps(to_tenhou6_dict(game), ensure_ascii=False, separators=(",", ":"))
