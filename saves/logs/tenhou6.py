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

The two columns of every seat are interleaved into the real order of the hand by replaying it
(:mod:`saves.logs.tenhou6_hand`, which also lists the choices a call string leaves open).
Tile counts are checked throughout. Kan dora are revealed as Tenhou does: after an ankan at
once, after a daiminkan or kakan once the replacement tile is drawn (and not at all when that
tile wins).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hanchan.engine.tiles import kind_of

from .model import (
    MAX_NUMBER,
    MAX_REDS,
    OUT_OF_RANGE,
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Draw,
    Kakan,
    Kyoku,
    LeftOut,
    LogFormatError,
    Pon,
    RecordedGame,
    Riichi,
    Rules,
    Ryuukyoku,
    Win,
    Yaku,
    left_out_data,
    load_json,
    read_left_out,
    replace,
)
from .tenhou6_hand import (
    KIND_TO_NAME,
    Dora,
    read_hand,
    tile_to_code,
)
from .yaku import LIMIT_JAPANESE, japanese_name

EXTENSION = "hanchan"
"""Our key, in ``rule`` (the full ruleset, as a save file's header holds it) and at the top
level (``dice``: each hand's dice; ``left_out``: hands only we can read, see
:class:`~.model.LeftOut`).  Tenhou's viewer and other readers ignore both."""


def parse_tenhou6(text: str, ruleset: dict[str, Any] | None = None) -> RecordedGame:
    """Read a tenhou.net/6 JSON log (``title``, ``name``, ``rule``, ``log``; ``ref``, ``sc``).

    ``ruleset`` (``Ruleset.to_dict()``) stands for the rules the log was played under when
    they are not Tenhou's; otherwise the log's own (our ``rule.hanchan``) are read, so that
    the dora indicators are counted right (``initial_dora``, ``kan_dora``)."""
    data, names = _top(text)
    rule = data.get("rule", {})
    if not isinstance(rule, dict):
        raise LogFormatError("tenhou6: 'rule' must be an object")
    carried = rule.get(EXTENSION)
    if carried is not None and not isinstance(carried, dict):
        raise LogFormatError(f"tenhou6: rule.{EXTENSION} must be an object (a ruleset)")
    rules = _rules(rule)
    title = data.get("title", ["", ""])
    if not isinstance(title, list) or not all(isinstance(t, str) for t in title):
        raise LogFormatError("tenhou6: 'title' must be a list of strings")
    log = data["log"]
    if not isinstance(log, list):
        raise LogFormatError("tenhou6: 'log' must be a list of hands")
    dora_rules = _dora_rules(ruleset if ruleset is not None else carried)
    kyokus = tuple(read_hand(entry, i, rules.reds, dora_rules) for i, entry in enumerate(log))
    kyokus, left_out = _extension(data.get(EXTENSION), kyokus)
    final_scores, final_points = _final(data.get("sc"))
    ref = data.get("ref")
    return RecordedGame(
        title=title[0] if title else "",
        names=(names[0], names[1], names[2], names[3]),
        rules=rules,
        kyokus=kyokus,
        final_scores=final_scores,
        final_points=final_points,
        ref=ref if isinstance(ref, str) else None,
        date=title[1] if len(title) > 1 else None,
        ruleset=carried,
        left_out=left_out,
    )


def _top(text: str) -> tuple[dict[str, Any], list[str]]:
    """The log's object and its four names."""
    data = load_json(text, "tenhou6")
    if not isinstance(data, dict):
        raise LogFormatError("tenhou6: the log must be a JSON object")
    for key in ("name", "log"):
        if key not in data:
            raise LogFormatError(f"tenhou6: the log has no \"{key}\" field")
    names = data["name"]
    if not isinstance(names, list) or len(names) != 4 or not all(isinstance(n, str) for n in names):
        raise LogFormatError("tenhou6: 'name' must be 4 strings")
    return data, names


_LEVELS = (("鳳", "鳳凰"), ("特", "特上"), ("上", "上級"), ("般", "一般"))
"""The first character of ``rule.disp`` -> Tenhou's lobby level."""


def _rules(rule: dict[str, Any]) -> Rules:
    """The table's rules from the log's ``rule``: red fives (``aka``, ``aka51``..``aka53``)
    and the flags of Tenhou's short name (``disp``, e.g. ``鳳南喰赤``)."""
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
    red_count = (3 * flags["aka51"] or 3) if red else 0
    return Rules(
        red_fives=red_count,
        hanchan="東" not in disp[:2],
        open_tanyao="喰" in disp or not disp,
        fast="速" in disp,
        lobby_level=next((lv for ch, lv in reversed(_LEVELS) if disp.startswith(ch)), None),
        display=disp,
    )


def _final(sc: Any) -> tuple[tuple[int, int, int, int] | None,
                             tuple[float, float, float, float] | None]:
    """(final scores, final points) from ``sc``: score, points for each seat in turn."""
    if sc is None:
        return None, None
    if (
        not isinstance(sc, list)
        or len(sc) != 8
        or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in sc)
    ):
        raise LogFormatError("tenhou6: 'sc' must be 8 numbers (score, points per seat)")
    for i, x in enumerate(sc):
        if not abs(x) <= MAX_NUMBER:  # NaN too
            raise LogFormatError(f"tenhou6: sc[{i}] = {x} is {OUT_OF_RANGE}")
        if i % 2 == 0 and x != int(x):
            raise LogFormatError(f"tenhou6: sc[{i}] = {x}: a final score is whole points")
    return ((int(sc[0]), int(sc[2]), int(sc[4]), int(sc[6])),
            (float(sc[1]), float(sc[3]), float(sc[5]), float(sc[7])))


def _dora_rules(ruleset: dict[str, Any] | None) -> Dora:
    """The dora options of a ruleset's plain data (its own checks are the loader's: a value
    of the wrong kind here is left at Tenhou's and refused when the ruleset is read)."""
    if not ruleset:
        return Dora()
    initial, kan = ruleset.get("initial_dora", 1), ruleset.get("kan_dora", True)
    return Dora(initial if isinstance(initial, int) and 1 <= initial <= 6 else 1,
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


def _yaku_text(y: Yaku, seat_wind: int, round_wind: int) -> str:
    """``立直(1飜)``; a yakuman ``国士無双(役満)`` (dora counts are han, however many)."""
    yakuman = y.han >= 13 and y.id not in ("dora", "aka_dora", "ura_dora")
    return f"{japanese_name(y.id, seat_wind, round_wind)}({'役満' if yakuman else f'{y.han}飜'})"


def _draw_result(a: Ryuukyoku) -> list[Any]:
    if a.kind == "nagashi_mangan":
        return ["流し満貫", list(a.deltas)]
    if a.kind != "exhaustive":
        return [KIND_TO_NAME[a.kind]]
    if a.tenpai == (True, True, True, True):
        return ["全員聴牌"]
    if a.tenpai == (False, False, False, False):
        return ["全員不聴"]
    return ["流局", list(a.deltas)]


class _EntryWriter:
    """A hand's takes and discards columns and its result, written action by action."""

    def __init__(self, k: Kyoku, reds: int) -> None:
        self.k, self.reds = k, reds
        self.takes: list[list[Any]] = [[], [], [], []]
        self.discards: list[list[Any]] = [[], [], [], []]
        self.riichi_pending = [False] * 4
        self.result: list[Any] = []

    def draw(self, a: Draw) -> None:
        self.takes[a.seat].append(tile_to_code(a.tile, self.reds))

    def riichi(self, a: Riichi) -> None:
        self.riichi_pending[a.seat] = True

    def discard(self, a: Discard) -> None:
        code: Any = 60 if a.tsumogiri else tile_to_code(a.tile, self.reds)
        if self.riichi_pending[a.seat]:
            code = f"r{code}"
            self.riichi_pending[a.seat] = False
        self.discards[a.seat].append(code)

    def call(self, a: Chi | Pon) -> None:
        self.takes[a.seat].append(_call_string(a, self.reds))

    def daiminkan(self, a: Daiminkan) -> None:
        self.takes[a.seat].append(_call_string(a, self.reds))
        self.discards[a.seat].append(0)

    def closed_kan(self, a: Kakan | Ankan) -> None:
        self.discards[a.seat].append(_call_string(a, self.reds))

    def win(self, a: Win) -> None:
        k = self.k
        if not self.result:
            self.result = ["和了"]
        seat_wind = (a.seat - k.dealer) % 4
        yaku = [_yaku_text(y, seat_wind, k.round_wind) for y in a.yaku]
        pao = a.pao_seat if a.pao_seat is not None else a.seat
        self.result += [list(a.deltas),
                        [a.seat, a.from_seat, pao, _win_text(a, k.dealer), *yaku]]

    def ryuukyoku(self, a: Ryuukyoku) -> None:
        self.result = _draw_result(a)

    def write(self, a: Action) -> None:
        handler = _WRITE.get(type(a))
        if handler is not None:
            handler(self, a)


_WRITE: dict[type, Callable[[_EntryWriter, Any], None]] = {
    Draw: _EntryWriter.draw,
    Riichi: _EntryWriter.riichi,
    Discard: _EntryWriter.discard,
    Chi: _EntryWriter.call,
    Pon: _EntryWriter.call,
    Daiminkan: _EntryWriter.daiminkan,
    Kakan: _EntryWriter.closed_kan,
    Ankan: _EntryWriter.closed_kan,
    Win: _EntryWriter.win,
    Ryuukyoku: _EntryWriter.ryuukyoku,
}
"""An action's type -> how it is written (``RiichiAccepted`` and ``DoraRevealed``: not
at all; the viewer knows them from the discards and the indicators listed)."""


def _kyoku_entry(k: Kyoku, reds: int) -> list[Any]:
    cols = _EntryWriter(k, reds)
    for a in k.actions:
        cols.write(a)
    entry: list[Any] = [
        [k.round_wind * 4 + k.hand_number, k.honba, k.riichi_sticks],
        list(k.scores),
        [tile_to_code(t, reds) for t in k.dora_indicators],
        [tile_to_code(t, reds) for t in k.ura_indicators],
    ]
    for s in range(4):
        entry.append([tile_to_code(t, reds) for t in sorted(k.haipai[s], key=kind_of)])
        entry.append(cols.takes[s])
        entry.append(cols.discards[s])
    entry.append(cols.result)
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
