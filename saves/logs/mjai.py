"""mjai event streams (JSON lines, as used by Mortal / mjai-reviewer) <-> :class:`RecordedGame`.

Events: ``start_game``, ``start_kyoku`` (bakaze, dora_marker, kyoku 1-based, honba, kyotaku,
oya, scores, tehais), ``tsumo``, ``dahai`` (tsumogiri), ``chi``/``pon``/``daiminkan`` (actor,
target, pai, consumed), ``kakan`` (pai = the added tile, consumed = the pon's three),
``ankan`` (consumed = four), ``reach``, ``reach_accepted``, ``dora``, ``hora``, ``ryukyoku``,
``end_kyoku``, ``end_game``. Tiles: ``1m``..``9m``, ``5mr`` (red), ``E S W N P F C``.

mjai itself only requires ``deltas`` on ``hora``/``ryukyoku``; to keep a game whole we also
write (and read, when present) on ``hora``: ``pai``, ``ura_markers``, ``han``, ``fu``,
``limit``, ``yakus`` (``[[id, han], ...]``, ids as in docs/cli.md), ``points``, ``ron``,
``tsumo_dealer``, ``tsumo_other``, ``pao``; on ``ryukyoku``: ``reason``, ``tenpais``,
``actor`` (kyuushu); on ``reach``: ``open`` (open riichi); on ``start_kyoku``: ``dice``;
on ``start_game``: ``aka_flag``, ``title``, ``ref``, ``date``, ``rules``, ``ruleset`` (our
full ruleset, as a save file's header holds it) and ``left_out`` (hands only we can read,
see :class:`~.model.LeftOut`); on ``end_game``: ``scores``, ``points``. Readers such as
Mortal ignore them. A second dora indicator turned at the start of a hand (a ruleset's
``initial_dora``) is a ``dora`` event right after ``start_kyoku``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from hanchan.engine.tiles import EAST, WIND_LETTERS, is_honour, kind_of

from .model import (
    MAX_NUMBER,
    MAX_REDS,
    OUT_OF_RANGE,
    RYUUKYOKU_KINDS,
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
    RecordedGame,
    Riichi,
    RiichiAccepted,
    Rules,
    Ryuukyoku,
    TileAllocator,
    Win,
    Yaku,
    is_red,
    is_sequence,
    left_out_data,
    load_json,
    read_left_out,
    take_tile,
    won_tile,
)
from .yaku import KNOWN_IDS, LIMITS, payments

_HONOURS = "ESWNPFC"
_KNOWN_YAKU = KNOWN_IDS

REASONS = {
    "exhaustive": "fanpai",
    "kyuushu": "kyushukyuhai",
    "four_winds": "sufonrenta",
    "four_riichi": "suuchareach",
    "four_kans": "suukaikan",
    "triple_ron": "sanchaho",
    "nagashi_mangan": "nagashimangan",
}
_REASON_TO_KIND = {v: k for k, v in REASONS.items()}


def tile_name(tile: int, reds: int = 1) -> str:
    """Physical id -> mjai name: ``16`` -> ``"5mr"``, ``108`` -> ``"E"`` (``reds``: the red
    fives of a suit, :mod:`.model`)."""
    kind = kind_of(tile)
    if is_honour(kind):
        return _HONOURS[kind - EAST]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}" + ("r" if is_red(tile, reds) else "")


def parse_tile_name(name: Any) -> tuple[int, bool]:
    """mjai name -> (kind, red). Raises ValueError."""
    if not isinstance(name, str):
        raise ValueError(f"tile {name!r} is not a string")
    if len(name) == 1 and name in _HONOURS:
        return EAST + _HONOURS.index(name), False
    red = name.endswith("r") and len(name) == 3
    body = name[:2] if red else name
    if len(body) == 2 and body[0] in "123456789" and body[1] in "mps":
        if red and body[0] != "5":
            raise ValueError(f"tile {name!r}: only fives are red")
        return "mps".index(body[1]) * 9 + int(body[0]) - 1, red
    raise ValueError(f"unknown tile {name!r}")


# ---------------------------------------------------------------- writing


def _call_event(a: Chi | Pon | Daiminkan, reds: int) -> dict[str, Any]:
    return {
        "type": {Chi: "chi", Pon: "pon", Daiminkan: "daiminkan"}[type(a)],
        "actor": a.seat,
        "target": a.from_seat,
        "pai": tile_name(a.called, reds),
        "consumed": [tile_name(t, reds) for t in a.consumed],
    }


def _hora_event(a: Win, k: Kyoku, reds: int) -> dict[str, Any]:
    ev: dict[str, Any] = {
        "type": "hora",
        "actor": a.seat,
        "target": a.from_seat,
        "deltas": list(a.deltas),
        "ura_markers": [tile_name(t, reds) for t in k.ura_indicators],
    }
    if a.tile is not None:
        ev["pai"] = tile_name(a.tile, reds)
    ev.update(
        {
            "han": a.han,
            "fu": a.fu,
            "limit": a.limit,
            "yakus": [[y.id, y.han] for y in a.yaku],
            "points": a.points,
            "ron": a.ron,
            "tsumo_dealer": a.tsumo_dealer,
            "tsumo_other": a.tsumo_other,
            "pao": a.pao_seat,
        }
    )
    return ev


def _ryukyoku_event(a: Ryuukyoku) -> dict[str, Any]:
    ev: dict[str, Any] = {"type": "ryukyoku", "deltas": list(a.deltas), "reason": REASONS[a.kind]}
    if a.tenpai is not None:
        ev["tenpais"] = list(a.tenpai)
    if a.seat is not None:
        ev["actor"] = a.seat
    return ev


_EVENTS: dict[type, Callable[[Any, Kyoku, int], dict[str, Any]]] = {
    Draw: lambda a, k, reds: {"type": "tsumo", "actor": a.seat, "pai": tile_name(a.tile, reds)},
    Discard: lambda a, k, reds: {"type": "dahai", "actor": a.seat, "pai": tile_name(a.tile, reds),
                                 "tsumogiri": a.tsumogiri},
    Riichi: lambda a, k, reds: {"type": "reach", "actor": a.seat} | (
        {"open": True} if a.open else {}),
    RiichiAccepted: lambda a, k, reds: {"type": "reach_accepted", "actor": a.seat},
    Chi: lambda a, k, reds: _call_event(a, reds),
    Pon: lambda a, k, reds: _call_event(a, reds),
    Daiminkan: lambda a, k, reds: _call_event(a, reds),
    Kakan: lambda a, k, reds: {"type": "kakan", "actor": a.seat, "pai": tile_name(a.added, reds),
                               "consumed": [tile_name(t, reds) for t in a.pon]},
    Ankan: lambda a, k, reds: {"type": "ankan", "actor": a.seat,
                               "consumed": [tile_name(t, reds) for t in a.tiles]},
    DoraRevealed: lambda a, k, reds: {"type": "dora",
                                      "dora_marker": tile_name(a.indicator, reds)},
    Win: lambda a, k, reds: _hora_event(a, k, reds),
    Ryuukyoku: lambda a, k, reds: _ryukyoku_event(a),
}
"""An action's type -> its mjai event."""


def _kyoku_events(k: Kyoku, reds: int) -> list[dict[str, Any]]:
    kan_dora = sum(isinstance(a, DoraRevealed) for a in k.actions)
    initial = k.dora_indicators[: len(k.dora_indicators) - kan_dora]
    events: list[dict[str, Any]] = [
        {
            "type": "start_kyoku",
            "bakaze": WIND_LETTERS[k.round_wind],
            "dora_marker": tile_name(k.dora_indicators[0], reds),
            "kyoku": k.hand_number + 1,
            "honba": k.honba,
            "kyotaku": k.riichi_sticks,
            "oya": k.dealer,
            "scores": list(k.scores),
            "tehais": [[tile_name(t, reds) for t in hand] for hand in k.haipai],
        }
    ]
    if k.dice is not None:
        events[0]["dice"] = list(k.dice)
    events.extend({"type": "dora", "dora_marker": tile_name(t, reds)} for t in initial[1:])
    events.extend(_EVENTS[type(a)](a, k, reds) for a in k.actions)
    events.append({"type": "end_kyoku"})
    return events


def mjai_events(game: RecordedGame) -> list[dict[str, Any]]:
    start: dict[str, Any] = {
        "type": "start_game",
        "names": list(game.names),
        "aka_flag": game.rules.red_fives > 0,
        "title": game.title,
        "rules": asdict(game.rules),
    }
    if game.ruleset is not None:
        start["ruleset"] = game.ruleset
    if game.left_out:
        start["left_out"] = left_out_data(game.left_out)
    if game.ref is not None:
        start["ref"] = game.ref
    if game.date is not None:
        start["date"] = game.date
    events = [start]
    for k in game.kyokus:
        events.extend(_kyoku_events(k, game.rules.reds))
    end: dict[str, Any] = {"type": "end_game"}
    if game.final_scores is not None:
        end["scores"] = list(game.final_scores)
    if game.final_points is not None:
        end["points"] = list(game.final_points)
    events.append(end)
    return events


def format_mjai(game: RecordedGame) -> str:
    """The game as mjai JSON lines (one event per line, a final newline)."""
    return "".join(
        json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in mjai_events(game)
    )


# ---------------------------------------------------------------- reading


class _KyokuReader:
    def __init__(self, ev: dict[str, Any], line: int, reds: int) -> None:
        self.line = line
        where = f"mjai line {line} (start_kyoku)"
        self.reds = reds
        self.alloc = TileAllocator(reds, where)
        try:
            bakaze = ev["bakaze"]
            if bakaze not in WIND_LETTERS:
                raise LogFormatError(f"{where}: bakaze {bakaze!r} is not E/S/W/N")
            self.round_wind = WIND_LETTERS.index(bakaze)
            self.hand_number = _int(ev["kyoku"], where, "kyoku") - 1
            if not 0 <= self.hand_number < 4:
                raise LogFormatError(f"{where}: kyoku must be 1..4")
            self.honba = _int(ev["honba"], where, "honba")
            self.sticks = _int(ev["kyotaku"], where, "kyotaku")
            for value, what in ((self.honba, "honba"), (self.sticks, "kyotaku")):
                if value < 0:
                    raise LogFormatError(f"{where}: {what} {value} is below 0")
            self.dice = _dice(ev.get("dice"), where)
            self.dealer = _seat(ev["oya"], where, "oya")
            scores = ev["scores"]
            tehais = ev["tehais"]
            dora = ev["dora_marker"]
        except KeyError as e:
            raise LogFormatError(f"{where}: the event has no \"{e.args[0]}\" field") from None
        if not isinstance(scores, list) or len(scores) != 4:
            raise LogFormatError(f"{where}: scores must be 4 numbers")
        self.scores = tuple(_int(s, where, "scores") for s in scores)
        self.haipai = self.deal(tehais, where)
        self.hands = [list(tiles) for tiles in self.haipai]
        self.dora = [self.new(dora, where)]
        self.ura: list[int] = []
        self.actions: list[Action] = []
        self.last_draw: list[int | None] = [None] * 4
        self.after_kan = [False] * 4
        self.pons: list[dict[int, Pon]] = [{}, {}, {}, {}]
        self.ended = False

    def deal(self, tehais: Any, where: str) -> list[tuple[int, ...]]:
        """Each seat's 13 starting tiles."""
        if not isinstance(tehais, list) or len(tehais) != 4:
            raise LogFormatError(f"{where}: tehais must be 4 hands")
        haipai = []
        for s, hand in enumerate(tehais):
            if not isinstance(hand, list) or len(hand) != 13:
                raise LogFormatError(f"{where}: tehais[{s}] must be 13 tiles")
            haipai.append(tuple(self.new(t, where) for t in hand))
        return haipai

    def new(self, name: Any, where: str) -> int:
        try:
            kind, red = parse_tile_name(name)
        except ValueError as e:
            raise LogFormatError(f"{where}: {e}") from None
        self.alloc.where = where
        return self.alloc.take(kind, red)

    def remove(self, seat: int, name: Any, where: str, avoid: int | None = None) -> int:
        try:
            kind, red = parse_tile_name(name)
        except ValueError as e:
            raise LogFormatError(f"{where}: {e}") from None
        tile = take_tile(self.hands[seat], kind, red, self.reds, avoid)
        if tile is None:
            raise LogFormatError(f"{where}: seat {seat} has no {name} in hand")
        return tile

    def kyoku(self) -> Kyoku:
        return Kyoku(
            round_wind=self.round_wind,
            hand_number=self.hand_number,
            honba=self.honba,
            riichi_sticks=self.sticks,
            scores=self.scores,  # type: ignore[arg-type]
            dealer=self.dealer,
            dora_indicators=tuple(self.dora),
            ura_indicators=tuple(self.ura),
            haipai=tuple(self.haipai),
            actions=tuple(self.actions),
            dice=self.dice,
        )


def _int(v: Any, where: str, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise LogFormatError(f"{where}: {what} must be an integer, not {_short(v)}")
    if abs(v) > MAX_NUMBER:
        raise LogFormatError(f"{where}: {what} {_short(v)} is {OUT_OF_RANGE}")
    return v


def _short(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 24 else text[:20] + "..."


def _seat(v: Any, where: str, what: str) -> int:
    s = _int(v, where, what)
    if not 0 <= s < 4:
        raise LogFormatError(f"{where}: {what} {s} is not a seat 0..3")
    return s


def _dice(dice: Any, where: str) -> tuple[int, int] | None:
    if dice is None:
        return None
    if not (isinstance(dice, list) and len(dice) == 2
            and all(_int(d, where, "dice") in range(1, 7) for d in dice)):
        raise LogFormatError(f"{where}: dice {dice!r} are not two dice 1..6")
    return (dice[0], dice[1])


def _deltas(v: Any, where: str) -> tuple[int, int, int, int]:
    if v is None:
        return (0, 0, 0, 0)
    if not isinstance(v, list) or len(v) != 4:
        raise LogFormatError(f"{where}: deltas must be 4 integers")
    d = [_int(x, where, "deltas") for x in v]
    return (d[0], d[1], d[2], d[3])


def _opt_int(ev: dict[str, Any], key: str, where: str) -> int | None:
    v = ev.get(key)
    return None if v is None else _int(v, where, key)


def _hora(ev: dict[str, Any], kr: _KyokuReader, where: str) -> Win:
    actor = _seat(ev.get("actor"), where, "actor")
    target = _seat(ev.get("target"), where, "target")
    tile = _won_on(ev, kr, actor, target, where)
    yaku = _yakus(ev.get("yakus") or [], where)
    han = _opt_int(ev, "han", where)
    if han is None:
        han = sum(y.han for y in yaku)
    fu = _opt_int(ev, "fu", where)
    limit = ev.get("limit")
    if limit is not None and limit not in LIMITS:
        raise LogFormatError(f"{where}: limit {limit!r} is not one of {', '.join(LIMITS)}")
    points, ron, td, to = (_opt_int(ev, key, where)
                           for key in ("points", "ron", "tsumo_dealer", "tsumo_other"))
    if points is None and (yaku or han) and (fu is not None or limit is not None):
        ymc = sum(y.han // 13 for y in yaku if y.han >= 13)
        points, ron, td, to = payments(han, fu, limit, ymc, actor == kr.dealer, actor == target)
    pao = ev.get("pao")
    return Win(
        seat=actor,
        from_seat=target,
        tile=tile,
        han=han,
        fu=fu,
        limit=limit,
        yaku=yaku,
        points=points or 0,
        ron=ron,
        tsumo_dealer=td,
        tsumo_other=to,
        deltas=_deltas(ev.get("deltas"), where),
        pao_seat=None if pao is None else _seat(pao, where, "pao"),
    )


def _won_on(ev: dict[str, Any], kr: _KyokuReader, actor: int, target: int, where: str
            ) -> int:
    """The tile a ``hora`` is won on (its ``pai``, when given, must name it); the hand's
    ura indicators from the first ``hora`` that lists them."""
    tile = won_tile(kr.actions, actor, target)
    if tile is None:
        raise LogFormatError(f"{where}: seat {actor} cannot win from seat {target} here")
    if "pai" in ev and _kind(ev["pai"], where) != (kind_of(tile), is_red(tile, kr.reds)):
        raise LogFormatError(f"{where}: pai {ev['pai']} is not the tile won on")
    markers = ev.get("ura_markers") or []
    if markers and not kr.ura:
        if not isinstance(markers, list):
            raise LogFormatError(f"{where}: ura_markers must be a list")
        kr.ura = [kr.new(t, where) for t in markers]
    return tile


def _kind(name: Any, where: str) -> tuple[int, bool]:
    """(kind, red) of an mjai tile name, or :class:`LogFormatError` naming ``where``."""
    try:
        return parse_tile_name(name)
    except ValueError as e:
        raise LogFormatError(f"{where}: {e}") from None


def _yakus(raw: Any, where: str) -> tuple[Yaku, ...]:
    """Our ``yakus`` field: ``[[id, han], ...]``."""
    if not isinstance(raw, list):
        raise LogFormatError(f"{where}: yakus must be a list of [id, han]")
    yaku: list[Yaku] = []
    for y in raw:
        if not (isinstance(y, list) and len(y) == 2 and isinstance(y[0], str)):
            raise LogFormatError(f"{where}: yaku {y!r} is not [id, han]")
        if y[0] not in _KNOWN_YAKU:
            raise LogFormatError(f"{where}: unknown yaku id {y[0]!r}")
        yaku.append(Yaku(y[0], _int(y[1], where, "yaku han")))
    return tuple(yaku)


def _ryukyoku(ev: dict[str, Any], kr: _KyokuReader, where: str) -> Ryuukyoku:
    reason = ev.get("reason", "fanpai")
    kind = _REASON_TO_KIND.get(reason, reason if reason in RYUUKYOKU_KINDS else None)
    if kind is None:
        raise LogFormatError(f"{where}: unknown ryukyoku reason {reason!r}")
    deltas = _deltas(ev.get("deltas"), where)
    tenpai = None
    if ev.get("tenpais") is not None:
        t = ev["tenpais"]
        if not isinstance(t, list) or len(t) != 4 or not all(isinstance(x, bool) for x in t):
            raise LogFormatError(f"{where}: tenpais must be 4 booleans")
        tenpai = (t[0], t[1], t[2], t[3])
    elif kind == "exhaustive":
        tt = tuple(d > 0 for d in deltas)
        tenpai = (tt[0], tt[1], tt[2], tt[3])
    seat = None
    if ev.get("actor") is not None:
        seat = _seat(ev["actor"], where, "actor")
    elif kind == "kyuushu":
        for a in reversed(kr.actions):
            if isinstance(a, Draw):
                seat = a.seat
                break
    return Ryuukyoku(kind, deltas, tenpai, seat)  # type: ignore[arg-type]


def _rules(ev: dict[str, Any], where: str) -> Rules:
    raw = ev.get("rules")
    if raw is None:
        return Rules(red_fives=3 if ev.get("aka_flag", True) else 0)
    if not isinstance(raw, dict):
        raise LogFormatError(f"{where}: rules must be an object")
    try:
        rules = Rules(**raw)
    except TypeError as e:
        raise LogFormatError(f"{where}: bad rules ({e})") from None
    red = rules.red_fives
    if isinstance(red, bool) or red not in range(0, 3 * MAX_REDS + 1, 3):
        raise LogFormatError(f"{where}: rules.red_fives {_short(red)} is not 0, 3 or 6 "
                             "(the same number of red fives in each suit)")
    return rules


def parse_mjai(text: str) -> RecordedGame:
    """Read an mjai event stream (one JSON object per line; blank lines are skipped)."""
    stream = _Stream()
    for n, raw_line in enumerate(text.splitlines(), start=1):
        if not raw_line.strip():
            continue
        ev = load_json(raw_line, f"mjai line {n}")
        if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
            raise LogFormatError(f"mjai line {n}: an event must be an object with a 'type'")
        stream.read(ev, n, f"mjai line {n} ({ev['type']})")
    if stream.kr is not None:
        raise LogFormatError(
            f"mjai: the stream ends inside the kyoku started on line {stream.kr.line}")
    return stream.game()


class _Stream:
    """The game read so far: its start, the hands ended, the hand being read, its end."""

    def __init__(self) -> None:
        self.names: tuple[str, str, str, str] = ("", "", "", "")
        self.rules = Rules()
        self.title = ""
        self.ref: Any = None
        self.date: Any = None
        self.ruleset: dict[str, Any] | None = None
        self.left_out: Any = None
        self.final_scores: tuple[int, ...] | None = None
        self.final_points: tuple[float, ...] | None = None
        self.kyokus: list[Kyoku] = []
        self.kr: _KyokuReader | None = None
        self.started = self.ended = False

    def read(self, ev: dict[str, Any], n: int, where: str) -> None:
        """One event: the game's and the hands' own by :data:`_STREAM`, play by :func:`_play`."""
        t = ev["type"]
        if self.ended:
            raise LogFormatError(f"{where}: event after end_game")
        if t == "start_game":
            self.start_game(ev, where)
            return
        if not self.started:
            raise LogFormatError(f"{where}: the stream must begin with start_game")
        step = _STREAM.get(t)
        if step is not None:
            step(self, ev, n, where)
            return
        kr = self.hand(where)
        if kr.ended:
            raise LogFormatError(f"{where}: play after the hand's result")
        try:
            _play(ev, t, kr, where)
        except KeyError as e:
            raise LogFormatError(f"{where}: the event has no \"{e.args[0]}\" field") from None

    def hand(self, where: str) -> _KyokuReader:
        if self.kr is None:
            raise LogFormatError(f"{where}: event outside a kyoku")
        return self.kr

    def start_game(self, ev: dict[str, Any], where: str) -> None:
        if self.started:
            raise LogFormatError(f"{where}: a second start_game")
        self.started = True
        nm = ev.get("names", ["", "", "", ""])
        if not isinstance(nm, list) or len(nm) != 4 or not all(isinstance(x, str) for x in nm):
            raise LogFormatError(f"{where}: names must be 4 strings")
        self.names = (nm[0], nm[1], nm[2], nm[3])
        self.rules = _rules(ev, where)
        self.title = str(ev.get("title", ""))
        self.ref = ev.get("ref")
        self.date = ev.get("date")
        self.ruleset = ev.get("ruleset")
        if self.ruleset is not None and not isinstance(self.ruleset, dict):
            raise LogFormatError(f"{where}: ruleset must be an object")
        self.left_out = ev.get("left_out")

    def start_kyoku(self, ev: dict[str, Any], n: int, where: str) -> None:
        if self.kr is not None:
            raise LogFormatError(f"{where}: start_kyoku before end_kyoku")
        self.kr = _KyokuReader(ev, n, self.rules.reds)

    def end_game(self, ev: dict[str, Any], n: int, where: str) -> None:
        if self.kr is not None:
            raise LogFormatError(f"{where}: end_game inside a kyoku")
        if ev.get("scores") is not None:
            sc = ev["scores"]
            if not isinstance(sc, list) or len(sc) != 4:
                raise LogFormatError(f"{where}: scores must be 4 numbers")
            self.final_scores = tuple(_int(x, where, "scores") for x in sc)
        if ev.get("points") is not None:
            self.final_points = _points(ev["points"], where)
        self.ended = True

    def end_kyoku(self, ev: dict[str, Any], n: int, where: str) -> None:
        kr = self.hand(where)
        if not kr.ended:
            raise LogFormatError(f"{where}: the kyoku has no hora or ryukyoku")
        self.kyokus.append(kr.kyoku())
        self.kr = None

    def result(self, ev: dict[str, Any], n: int, where: str) -> None:
        kr = self.hand(where)
        t = ev["type"]
        if kr.ended and t == "ryukyoku":
            raise LogFormatError(f"{where}: a second result")
        kr.actions.append(_hora(ev, kr, where) if t == "hora" else _ryukyoku(ev, kr, where))
        kr.ended = True

    def game(self) -> RecordedGame:
        ref, date = self.ref, self.date
        return RecordedGame(
            title=self.title,
            names=self.names,
            rules=self.rules,
            kyokus=tuple(self.kyokus),
            final_scores=self.final_scores,  # type: ignore[arg-type]
            final_points=self.final_points,  # type: ignore[arg-type]
            ref=ref if isinstance(ref, str) else None,
            date=date if isinstance(date, str) else None,
            ruleset=self.ruleset,
            left_out=read_left_out(self.left_out, len(self.kyokus), "mjai start_game left_out"),
        )


_STREAM: dict[str, Callable[[_Stream, dict[str, Any], int, str], None]] = {
    "start_kyoku": _Stream.start_kyoku,
    "end_game": _Stream.end_game,
    "end_kyoku": _Stream.end_kyoku,
    "hora": _Stream.result,
    "ryukyoku": _Stream.result,
}
"""The events that start or end a hand or the game -> how the stream takes them."""


def _points(pt: Any, where: str) -> tuple[float, ...]:
    """``end_game``'s final points (with uma and oka), 4 numbers."""
    if not isinstance(pt, list) or len(pt) != 4:
        raise LogFormatError(f"{where}: points must be 4 numbers")
    for x in pt:
        if (isinstance(x, bool) or not isinstance(x, (int, float))
                or not abs(x) <= MAX_NUMBER):
            raise LogFormatError(f"{where}: points {_short(x)} is not a number "
                                 f"within {MAX_NUMBER:,} either way")
    return tuple(float(x) for x in pt)


def _consumed(ev: dict[str, Any], n: int, where: str) -> list[Any]:
    c = ev["consumed"]
    if not isinstance(c, list) or len(c) != n:
        raise LogFormatError(f"{where}: consumed must be {n} tiles")
    return c


def _play(ev: dict[str, Any], t: str, kr: _KyokuReader, where: str) -> None:
    """One event of play (a draw, a discard, a call, a kan, a riichi, a dora)."""
    if t == "dora":
        tile = kr.new(ev["dora_marker"], where)
        kr.dora.append(tile)
        kr.actions.append(DoraRevealed(tile))
        return
    actor = _seat(ev["actor"], where, "actor")
    step = _PLAY.get(t)
    if step is None:
        raise LogFormatError(f"{where}: unknown event type {t!r}")
    step(ev, actor, kr, where)


def _tsumo(ev: dict[str, Any], actor: int, kr: _KyokuReader, where: str) -> None:
    tile = kr.new(ev["pai"], where)
    kr.hands[actor].append(tile)
    kr.actions.append(Draw(actor, tile, rinshan=kr.after_kan[actor]))
    kr.after_kan[actor] = False
    kr.last_draw[actor] = tile


def _dahai(ev: dict[str, Any], actor: int, kr: _KyokuReader, where: str) -> None:
    tsumogiri = ev.get("tsumogiri", False)
    if not isinstance(tsumogiri, bool):
        raise LogFormatError(f"{where}: tsumogiri must be true or false")
    last = kr.last_draw[actor]
    if tsumogiri:
        if last is None:
            raise LogFormatError(f"{where}: tsumogiri without a drawn tile")
        if _kind(ev["pai"], where) != (kind_of(last), is_red(last, kr.reds)):
            raise LogFormatError(
                f"{where}: tsumogiri of {ev['pai']} but {tile_name(last, kr.reds)} was drawn"
            )
        kr.hands[actor].remove(last)
        tile = last
    else:
        tile = kr.remove(actor, ev["pai"], where, avoid=last)
    kr.actions.append(Discard(actor, tile, tsumogiri))
    kr.last_draw[actor] = None


def _reach(ev: dict[str, Any], actor: int, kr: _KyokuReader, where: str) -> None:
    is_open = ev.get("open", False)
    if not isinstance(is_open, bool):
        raise LogFormatError(f"{where}: open must be true or false")
    kr.actions.append(Riichi(actor, is_open))


def _call(ev: dict[str, Any], actor: int, kr: _KyokuReader, where: str) -> None:
    """chi, pon or daiminkan of the last discard."""
    t = ev["type"]
    target = _seat(ev["target"], where, "target")
    discards = [a for a in kr.actions if isinstance(a, Discard)]
    if not discards or discards[-1].seat != target:
        raise LogFormatError(f"{where}: seat {target} did not just discard")
    called = discards[-1].tile
    if _kind(ev["pai"], where) != (kind_of(called), is_red(called, kr.reds)):
        raise LogFormatError(
            f"{where}: pai {ev['pai']} is not the last discard {tile_name(called, kr.reds)}"
        )
    n = 3 if t == "daiminkan" else 2
    consumed = [kr.remove(actor, x, where) for x in _consumed(ev, n, where)]
    if t == "chi":
        if not is_sequence([called, *consumed]):
            raise LogFormatError(f"{where}: not a sequence")
        if target != (actor + 3) % 4:
            raise LogFormatError(f"{where}: chi only from the seat on the left")
        kr.actions.append(Chi(actor, target, called, (consumed[0], consumed[1])))
    elif any(kind_of(c) != kind_of(called) for c in consumed):
        raise LogFormatError(f"{where}: consumed tiles differ from the called tile")
    elif t == "pon":
        pon = Pon(actor, target, called, (consumed[0], consumed[1]))
        kr.pons[actor][kind_of(called)] = pon
        kr.actions.append(pon)
    else:
        kr.actions.append(
            Daiminkan(actor, target, called, (consumed[0], consumed[1], consumed[2])))
        kr.after_kan[actor] = True
    kr.last_draw[actor] = None


def _kakan(ev: dict[str, Any], actor: int, kr: _KyokuReader, where: str) -> None:
    added = kr.remove(actor, ev["pai"], where)
    if kind_of(added) not in kr.pons[actor]:
        raise LogFormatError(f"{where}: kakan without a pon of {ev['pai']}")
    pon = kr.pons[actor].pop(kind_of(added))
    three = (pon.called, pon.consumed[0], pon.consumed[1])
    kr.actions.append(Kakan(actor, added, three, pon.from_seat))
    kr.after_kan[actor] = True
    kr.last_draw[actor] = None


def _ankan(ev: dict[str, Any], actor: int, kr: _KyokuReader, where: str) -> None:
    tiles = [kr.remove(actor, x, where) for x in _consumed(ev, 4, where)]
    if len({kind_of(x) for x in tiles}) != 1:
        raise LogFormatError(f"{where}: ankan of different tiles")
    kr.actions.append(Ankan(actor, (tiles[0], tiles[1], tiles[2], tiles[3])))
    kr.after_kan[actor] = True
    kr.last_draw[actor] = None


_PLAY: dict[str, Callable[[dict[str, Any], int, _KyokuReader, str], None]] = {
    "tsumo": _tsumo,
    "dahai": _dahai,
    "reach": _reach,
    "reach_accepted": lambda ev, actor, kr, where: kr.actions.append(RiichiAccepted(actor)),
    "chi": _call,
    "pon": _call,
    "daiminkan": _call,
    "kakan": _kakan,
    "ankan": _ankan,
}
"""An event of play's type -> its reader (each given the event, its actor, the hand)."""
