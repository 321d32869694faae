"""Tenhou's mjlog XML record -> :class:`RecordedGame`.

The record is a flat list of elements: ``GO`` (rules bitfield), ``UN`` (names, URL-encoded),
``TAIKYOKU``, then per hand ``INIT``, draws ``T/U/V/W<id>``, discards ``D/E/F/G<id>``, ``N``
(calls, ``m`` bitfield, see :func:`decode_meld`), ``REACH`` (step 1 declaration, step 2 stick
paid), ``DORA``, and ``AGARI`` / ``RYUUKYOKU`` (the last one carries ``owari``, the game's
end; our record with no hand of Tenhou's elements has it on :data:`EXTENSION`). ``BYE`` and
reconnection ``UN`` elements are skipped.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import quote, unquote

from .mjlog_meld import decode_meld, encode_meld
from .model import (
    MAX_NUMBER,
    OUT_OF_RANGE,
    Action,
    Ankan,
    Call,
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
    Seat,
    Win,
    Yaku,
    left_out_data,
    load_json,
    read_left_out,
    replace,
)
from .yaku import ID_TO_TENHOU_NUMBER, LIMITS, TENHOU_YAKU, payments

_DRAW_TAGS = "TUVW"
_DISCARD_TAGS = "DEFG"
_TILE_TAG = re.compile(r"^([TUVWDEFG])(\d+)$")
_DECLARATION = re.compile(r"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
"""A document type or entity declaration: a record has none, and one could make the
parser expand entities (a "billion laughs") or name outside files."""

EXTENSION = "HANCHAN"
"""Our element, before the first ``INIT``: ``ruleset`` (the save header's ruleset) and
``left_out`` (hands only we can read, :class:`~.model.LeftOut`), each a JSON attribute, and
``owari`` (the game's end, as Tenhou writes it) when no hand is written in Tenhou's elements
and so no ``AGARI``/``RYUUKYOKU`` can carry it: Tenhou has no other place for a game's end.
Tenhou's viewer skips elements it does not know."""

RYUUKYOKU_TYPES = {
    "yao9": "kyuushu",
    "kaze4": "four_winds",
    "reach4": "four_riichi",
    "kan4": "four_kans",
    "ron3": "triple_ron",
    "nm": "nagashi_mangan",
}


def _ints(text: str | None, where: str, what: str) -> list[int]:
    if text is None:
        raise LogFormatError(f"{where}: missing attribute {what}")
    if text.strip() == "":
        return []
    try:
        values = [int(x) for x in text.split(",")]
    except ValueError:
        raise LogFormatError(
            f"{where}: attribute {what}={_short(text)} is not a list of integers"
        ) from None
    for v in values:
        if abs(v) > MAX_NUMBER:
            raise LogFormatError(f"{where}: attribute {what}: {_short(str(v))} is {OUT_OF_RANGE}")
    return values


def _short(text: str) -> str:
    return repr(text) if len(text) <= 24 else repr(text[:20] + "...")


def _int(text: str | None, where: str, what: str) -> int:
    values = _ints(text, where, what)
    if len(values) != 1:
        raise LogFormatError(f"{where}: attribute {what}={text!r} is not one integer")
    return values[0]


def _tile(value: int, where: str) -> int:
    if not 0 <= value < 136:
        raise LogFormatError(f"{where}: tile id {value} out of range 0..135")
    return value


def rules_from_type(type_: int, lobby: int | None = None) -> Rules:
    """Tenhou's ``GO type`` bits: 0x01 vs humans, 0x02 no red, 0x04 no open tanyao,
    0x08 hanchan, 0x10 3-player, 0x20 tokujou, 0x40 fast, 0x80 joukyuu (0xA0 = phoenix)."""
    if type_ & 0x10:
        raise LogFormatError(f"<GO type={type_}>: 3-player games are not supported")
    level = {0x00: "一般", 0x80: "上級", 0x20: "特上", 0xA0: "鳳凰"}[type_ & 0xA0]
    hanchan = bool(type_ & 0x08)
    red = not (type_ & 0x02)
    tanyao = not (type_ & 0x04)
    fast = bool(type_ & 0x40)
    disp = (
        {"一般": "般", "上級": "上", "特上": "特", "鳳凰": "鳳"}[level]
        + ("南" if hanchan else "東")
        + ("喰" if tanyao else "")
        + ("赤" if red else "")
        + ("速" if fast else "")
    )
    return Rules(
        red_fives=3 if red else 0,
        hanchan=hanchan,
        open_tanyao=tanyao,
        fast=fast,
        lobby_level=level,
        tenhou_type=type_,
        lobby=lobby,
        display=disp,
    )


class _Hand:
    """Collects one kyoku while reading its elements."""

    def __init__(self, el: ET.Element, where: str) -> None:
        seed = _ints(el.get("seed"), where, "seed")
        if len(seed) != 6:
            raise LogFormatError(f"{where}: seed must have 6 numbers, not {len(seed)}")
        ten = _ints(el.get("ten"), where, "ten")
        if len(ten) != 4:
            raise LogFormatError(f"{where}: ten must have 4 scores")
        self.round_index, self.honba, self.sticks = seed[0], seed[1], seed[2]
        if self.honba < 0 or self.sticks < 0:
            raise LogFormatError(f"{where}: seed: honba {self.honba} and riichi sticks "
                                 f"{self.sticks} cannot be below 0")
        self.dice = (seed[3] + 1, seed[4] + 1)
        if not all(1 <= d <= 6 for d in self.dice):
            raise LogFormatError(f"{where}: seed: dice {seed[3]},{seed[4]} are not 0..5")
        if not 0 <= self.round_index < 16:
            raise LogFormatError(f"{where}: round {self.round_index} out of range")
        self.scores = tuple(t * 100 for t in ten)
        self.dealer = _int(el.get("oya"), where, "oya")
        if not 0 <= self.dealer < 4:
            raise LogFormatError(f"{where}: oya {self.dealer} out of range")
        self.dora = [_tile(seed[5], where)]
        self.ura: list[int] = []
        self.haipai: list[tuple[int, ...]] = []
        for s in range(4):
            hand = tuple(_tile(t, where) for t in _ints(el.get(f"hai{s}"), where, f"hai{s}"))
            if len(hand) != 13:
                raise LogFormatError(f"{where}: hai{s} has {len(hand)} tiles, not 13")
            self.haipai.append(hand)
        seen = [t for h in self.haipai for t in h] + self.dora
        if len(set(seen)) != len(seen):
            raise LogFormatError(f"{where}: a tile id is dealt twice")
        self.actions: list[Action] = []
        self.last_draw: list[int | None] = [None] * 4
        self.after_kan: list[bool] = [False] * 4
        self.ended = False
        self.where = where

    def kyoku(self) -> Kyoku:
        return Kyoku(
            round_wind=self.round_index // 4,
            hand_number=self.round_index % 4,
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


def _deltas(el: ET.Element, where: str) -> tuple[int, int, int, int]:
    sc = _ints(el.get("sc"), where, "sc")
    if len(sc) != 8:
        raise LogFormatError(f"{where}: sc must have 8 numbers, not {len(sc)}")
    return (sc[1] * 100, sc[3] * 100, sc[5] * 100, sc[7] * 100)


def _agari_yaku(el: ET.Element, where: str) -> list[Yaku]:
    """An ``AGARI``'s yaku: ``yaku`` (Tenhou's number, han pairs; a yaku of 0 han, as an
    ura dora of none, left out) and ``yakuman`` (numbers, 13 han each)."""
    yaku: list[Yaku] = []
    if el.get("yaku") is not None:
        pairs = _ints(el.get("yaku"), where, "yaku")
        if len(pairs) % 2:
            raise LogFormatError(f"{where}: yaku must be id,han pairs")
        for number, han in zip(pairs[::2], pairs[1::2], strict=True):
            if number not in TENHOU_YAKU:
                raise LogFormatError(f"{where}: unknown yaku number {number}")
            if han > 0:
                yaku.append(Yaku(TENHOU_YAKU[number][0], han))
    for number in _ints(el.get("yakuman"), where, "yakuman") if el.get("yakuman") else []:
        if number not in TENHOU_YAKU:
            raise LogFormatError(f"{where}: unknown yakuman number {number}")
        yaku.append(Yaku(TENHOU_YAKU[number][0], 13))
    if not yaku:
        raise LogFormatError(f"{where}: a win without yaku")
    return yaku


def _win(el: ET.Element, hand: _Hand, where: str, tenhou_table: bool = True) -> Win:
    who = _int(el.get("who"), where, "who")
    from_who = _int(el.get("fromWho"), where, "fromWho")
    if not (0 <= who < 4 and 0 <= from_who < 4):
        raise LogFormatError(f"{where}: who/fromWho out of range")
    ten = _ints(el.get("ten"), where, "ten")
    if len(ten) != 3:
        raise LogFormatError(f"{where}: ten must be fu,points,limit")
    fu, points, limit_code = ten
    if not 0 <= limit_code <= 5:
        raise LogFormatError(f"{where}: limit code {limit_code} out of range")
    yaku = _agari_yaku(el, where)
    han = sum(y.han for y in yaku)
    limit = LIMITS[limit_code - 1] if limit_code else None
    yakuman = sum(y.han // 13 for y in yaku if y.han >= 13)
    if limit == "yakuman" and yakuman == 0:
        yakuman = 1  # kazoe
    tsumo = who == from_who
    total, ron, td, to = payments(han, fu, limit, yakuman, who == hand.dealer, tsumo)
    if tenhou_table and total != points:  # a ruleset we carry is checked by the engine
        raise LogFormatError(f"{where}: ten says {points} points, {han} han {fu} fu gives {total}")
    return _agari_tiles(el, hand, where, Win(
        seat=who,
        from_seat=from_who,
        tile=None,
        han=han,
        fu=fu,
        limit=limit,  # type: ignore[arg-type]
        yaku=tuple(yaku),
        points=points,
        ron=ron,
        tsumo_dealer=td,
        tsumo_other=to,
        deltas=(0, 0, 0, 0),
    ))


def _agari_tiles(el: ET.Element, hand: _Hand, where: str, win: Win) -> Win:
    """The win with the rest of an ``AGARI``: the winning tile (``machi``), the closed hand
    (``hai``), the score changes (``sc``), pao (``paoWho``); the hand's ura indicators
    (``doraHaiUra``)."""
    machi = el.get("machi")
    tile = _tile(_int(machi, where, "machi"), where) if machi is not None else None
    hai = el.get("hai")
    closed = tuple(_tile(t, where) for t in _ints(hai, where, "hai")) if hai else None
    pao = el.get("paoWho")
    if el.get("doraHaiUra") and not hand.ura:
        hand.ura = [_tile(t, where) for t in _ints(el.get("doraHaiUra"), where, "doraHaiUra")]
    deltas = _deltas(el, where)
    return replace(win, tile=tile, hand=closed, deltas=deltas,
                   pao_seat=_int(pao, where, "paoWho") if pao is not None else None)


def _ryuukyoku(el: ET.Element, hand: _Hand, where: str) -> Ryuukyoku:
    type_ = el.get("type")
    if type_ is None:
        kind = "exhaustive"
    elif type_ in RYUUKYOKU_TYPES:
        kind = RYUUKYOKU_TYPES[type_]
    else:
        raise LogFormatError(f"{where}: unknown draw type {type_!r}")
    deltas = _deltas(el, where) if el.get("sc") is not None else (0, 0, 0, 0)
    tenpai = None
    seat = None
    if kind in ("exhaustive", "nagashi_mangan"):
        t = tuple(el.get(f"hai{s}") is not None for s in range(4))
        tenpai = (t[0], t[1], t[2], t[3])
    if kind == "kyuushu":
        for a in reversed(hand.actions):
            if isinstance(a, Draw):
                seat = a.seat
                break
    return Ryuukyoku(kind=kind, deltas=deltas, tenpai=tenpai, seat=seat)  # type: ignore[arg-type]


def _merge_nagashi(a: Ryuukyoku, b: Ryuukyoku) -> Ryuukyoku:
    """Two nagashi mangan in one hand: the payments add up; tenpai is the same hands."""
    deltas = tuple(x + y for x, y in zip(a.deltas, b.deltas, strict=True))
    return Ryuukyoku(kind="nagashi_mangan", deltas=deltas, tenpai=a.tenpai)  # type: ignore[arg-type]


def parse_mjlog(xml_text: str, ref: str | None = None) -> RecordedGame:
    """Read one mjlog XML record. ``ref`` (the game id) is taken from the caller when given."""
    if _DECLARATION.search(xml_text):  # anywhere: comments may come before one
        raise LogFormatError("mjlog: DOCTYPE/ENTITY declarations are not allowed")
    try:
        root = ET.fromstring(xml_text)
    except ET.ParseError as e:
        raise LogFormatError(f"mjlog: not well-formed XML ({e})") from None
    if root.tag != "mjloggm":
        raise LogFormatError(f"mjlog: root element is <{root.tag}>, not <mjloggm>")
    record = _Record(ref)
    for index, el in enumerate(root):
        record.element(index, el)
    return record.game()


class _Record:
    """The record read so far: the game's elements, the hands ended, the hand being read."""

    def __init__(self, ref: str | None) -> None:
        self.ref = ref
        self.names: list[str] | None = None
        self.rules: Rules | None = None
        self.kyokus: list[Kyoku] = []
        self.hand: _Hand | None = None
        self.final_scores: tuple[int, ...] | None = None
        self.final_points: tuple[float, ...] | None = None
        self.shuffle_ref: str | None = None
        self.ruleset: dict[str, Any] | None = None
        self.left_out_raw: Any = None
        self.extension_end: tuple[str, tuple[tuple[int, ...], tuple[float, ...]]] | None = None
        """Where our element is and the end it carries (a record with no hand of its own)."""

    def element(self, index: int, el: ET.Element) -> None:
        """One element: a draw or discard, else by :data:`_GAME` or :data:`_PLAY`."""
        tag = el.tag
        where = f"mjlog element #{index + 1} <{tag}>"
        if self.hand is not None:
            where = f"mjlog kyoku {len(self.kyokus) + 1} element #{index + 1} <{tag}>"
        m = _TILE_TAG.match(tag)
        if m:
            self.playing(where)
            self.tile(m.group(1), _tile(int(m.group(2)), where))
            return
        game_step = _GAME.get(tag)
        if game_step is not None:
            game_step(self, el, where)
            return
        if self.hand is None:
            raise LogFormatError(f"{where}: unexpected element before the first <INIT>")
        step = _PLAY.get(tag)
        if step is None:
            raise LogFormatError(f"{where}: unknown element")
        step(self.hand, el, where, self)
        if tag in ("AGARI", "RYUUKYOKU") and el.get("owari") is not None:
            self.final_scores, self.final_points = _owari(el.get("owari") or "", where)

    def playing(self, where: str) -> None:
        if self.hand is None or self.hand.ended:
            raise LogFormatError(f"{where}: draw or discard outside a hand")

    def tile(self, letter: str, tile: int) -> None:
        hand = self.hand
        assert hand is not None
        if letter in _DRAW_TAGS:
            seat = _DRAW_TAGS.index(letter)
            hand.actions.append(Draw(seat, tile, rinshan=hand.after_kan[seat]))
            hand.after_kan[seat] = False
            hand.last_draw[seat] = tile
        else:
            seat = _DISCARD_TAGS.index(letter)
            tsumogiri = hand.last_draw[seat] == tile
            hand.actions.append(Discard(seat, tile, tsumogiri))
            hand.last_draw[seat] = None

    def shuffle(self, el: ET.Element, where: str) -> None:
        self.shuffle_ref = el.get("ref") or None

    def go(self, el: ET.Element, where: str) -> None:
        type_ = _int(el.get("type"), where, "type")
        lobby = el.get("lobby")
        self.rules = rules_from_type(type_, _int(lobby, where, "lobby") if lobby else None)

    def un(self, el: ET.Element, where: str) -> None:
        if self.names is None:  # later ones are reconnections
            if any(el.get(f"n{s}") is None for s in range(4)):
                raise LogFormatError(f"{where}: names n0..n3 missing")
            self.names = [unquote(el.get(f"n{s}") or "") for s in range(4)]

    def extension(self, el: ET.Element, where: str) -> None:
        if self.hand is not None:  # only before the first hand
            raise LogFormatError(f"{where}: unknown element")
        self.ruleset, self.left_out_raw = _extension(el, where)
        if el.get("owari") is not None:
            self.extension_end = where, _owari(el.get("owari") or "", where)

    def init(self, el: ET.Element, where: str) -> None:
        if self.hand is not None:
            if not self.hand.ended:
                raise LogFormatError(f"{where}: previous hand has no result")
            self.kyokus.append(self.hand.kyoku())
        self.hand = _Hand(el, f"mjlog kyoku {len(self.kyokus) + 1} <INIT>")

    def game(self) -> RecordedGame:
        """The game, once every element is read."""
        kyokus, rules, names = self.kyokus, self.rules, self.names
        if self.hand is not None:
            if not self.hand.ended:
                raise LogFormatError(
                    f"mjlog kyoku {len(kyokus) + 1}: the record ends inside a hand")
            kyokus.append(self.hand.kyoku())
        if names is None:
            raise LogFormatError("mjlog: no <UN> element with the player names")
        if rules is None:
            raise LogFormatError("mjlog: no <GO> element with the rules")
        final_scores, final_points = self.final_scores, self.final_points
        if self.extension_end is not None:
            where, (final_scores, final_points) = self.extension_end
            if kyokus:  # Tenhou's place is the last result: the end is given once
                raise LogFormatError(
                    f"{where}: owari is only for a record without hands of Tenhou's "
                    f"elements; this one has {len(kyokus)}, whose last result carries it")
        game_ref = self.ref or self.shuffle_ref
        date = None
        if game_ref and re.match(r"^\d{10}gm-", game_ref):
            d = game_ref
            date = f"{d[0:4]}/{d[4:6]}/{d[6:8]} {d[8:10]}:00"
        return RecordedGame(
            title=f"{rules.display} {game_ref}" if game_ref else rules.display,
            names=(names[0], names[1], names[2], names[3]),
            rules=rules,
            kyokus=tuple(kyokus),
            final_scores=final_scores,  # type: ignore[arg-type]
            final_points=final_points,  # type: ignore[arg-type]
            ref=game_ref,
            date=date,
            ruleset=self.ruleset,
            left_out=read_left_out(self.left_out_raw, len(kyokus),
                                   f"mjlog <{EXTENSION}> left_out"),
        )


_GAME: dict[str, Callable[[_Record, ET.Element, str], None]] = {
    "SHUFFLE": _Record.shuffle,
    "GO": _Record.go,
    "UN": _Record.un,
    "TAIKYOKU": lambda record, el, where: None,
    "BYE": lambda record, el, where: None,
    EXTENSION: _Record.extension,
    "INIT": _Record.init,
}
"""The elements about the game, or that start a hand -> how the record takes them."""


def _owari(owari: str, where: str) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The final scores and points of the last result's ``owari``."""
    parts = owari.split(",")
    try:
        final_scores = tuple(int(parts[i]) * 100 for i in (0, 2, 4, 6))
        final_points = tuple(float(parts[i]) for i in (1, 3, 5, 7))
    except (ValueError, IndexError):
        raise LogFormatError(f"{where}: owari={_short(owari)} malformed") from None
    if not all(abs(x) <= MAX_NUMBER for x in final_scores + final_points):  # NaN too
        raise LogFormatError(f"{where}: owari={_short(owari)}: a number {OUT_OF_RANGE}")
    return final_scores, final_points


def _call(hand: _Hand, el: ET.Element, where: str, record: _Record) -> None:
    who = _int(el.get("who"), where, "who")
    if not 0 <= who < 4:
        raise LogFormatError(f"{where}: who={who} out of range")
    try:
        call = decode_meld(who, _int(el.get("m"), where, "m"))
    except LogFormatError as e:
        raise LogFormatError(f"{where}: {e}") from None
    hand.actions.append(call)
    hand.last_draw[who] = None
    hand.after_kan[who] = isinstance(call, (Daiminkan, Kakan, Ankan))


def _reach(hand: _Hand, el: ET.Element, where: str, record: _Record) -> None:
    who = _int(el.get("who"), where, "who")
    step = _int(el.get("step"), where, "step")
    if step == 1:
        hand.actions.append(Riichi(who))
    elif step == 2:
        hand.actions.append(RiichiAccepted(who))
    else:
        raise LogFormatError(f"{where}: step={step}")


def _dora(hand: _Hand, el: ET.Element, where: str, record: _Record) -> None:
    tile = _tile(_int(el.get("hai"), where, "hai"), where)
    hand.dora.append(tile)
    hand.actions.append(DoraRevealed(tile))


def _agari(hand: _Hand, el: ET.Element, where: str, record: _Record) -> None:
    hand.actions.append(_win(el, hand, where, tenhou_table=record.ruleset is None))
    hand.ended = True


def _draw(hand: _Hand, el: ET.Element, where: str, record: _Record) -> None:
    draw = _ryuukyoku(el, hand, where)
    last = hand.actions[-1] if hand.actions else None
    if hand.ended and isinstance(last, Ryuukyoku) and last.kind == draw.kind == (
        "nagashi_mangan"
    ):
        # Tenhou writes one <RYUUKYOKU type="nm"> per nagashi mangan: one draw
        hand.actions[-1] = _merge_nagashi(last, draw)
    elif hand.ended:
        raise LogFormatError(f"{where}: a second result for a hand that has ended")
    else:
        hand.actions.append(draw)
    hand.ended = True


_PLAY: dict[str, Callable[[_Hand, ET.Element, str, _Record], None]] = {
    "N": _call,
    "REACH": _reach,
    "DORA": _dora,
    "AGARI": _agari,
    "RYUUKYOKU": _draw,
}
"""The elements of a hand's play and result -> their readers."""


def _extension(el: ET.Element, where: str) -> tuple[dict[str, Any] | None, Any]:
    """Our ruleset and hands left out, from our element's JSON attributes (plain data)."""
    ruleset = left_out = None
    if el.get("ruleset") is not None:
        ruleset = load_json(el.get("ruleset") or "", f"{where} ruleset")
        if not isinstance(ruleset, dict):
            raise LogFormatError(f"{where}: ruleset must be an object (a ruleset)")
    if el.get("left_out") is not None:
        left_out = load_json(el.get("left_out") or "", f"{where} left_out")
    return ruleset, left_out


# ---------------------------------------------------------------- writing

_DRAW_NAMES = {kind: code for code, kind in RYUUKYOKU_TYPES.items()}


def _hundreds(points: int, what: str) -> int:
    """mjlog counts points in hundreds: a figure that is not whole hundreds cannot be written."""
    if points % 100:
        raise ValueError(f"{what} of {points:,} is not in whole hundreds, as mjlog counts")
    return points // 100


def _tiles(tiles: Iterable[int]) -> str:
    return ",".join(str(t) for t in sorted(tiles))


def _yaku_numbers(w: Win, seat_wind: int, round_wind: int) -> tuple[list[int], list[int]]:
    """Tenhou's ``yaku`` (number, han pairs) and ``yakuman`` (numbers) of a win."""
    pairs: list[int] = []
    yakuman: list[int] = []
    for y in w.yaku:
        if y.id == "yakuhai_seat_wind":
            number = 10 + seat_wind
        elif y.id == "yakuhai_round_wind":
            number = 14 + round_wind
        elif y.id in ID_TO_TENHOU_NUMBER:
            number = ID_TO_TENHOU_NUMBER[y.id]
        else:
            raise ValueError(f"the yaku {y.id} has no number in Tenhou's mjlog")
        if y.han >= 13 and w.limit == "yakuman" and number < 52:
            yakuman.append(number)
        else:
            pairs += [number, y.han]
    return pairs, yakuman


class _Writer:
    """One kyoku's elements, with the closed hands and scores Tenhou's attributes need."""

    def __init__(self, k: Kyoku, reds: int) -> None:
        self.k = k
        self.reds = reds
        self.hands = [list(h) for h in k.haipai]
        self.scores = list(k.scores)
        self.sticks = k.riichi_sticks
        self.dora = [k.dora_indicators[0]] if k.dora_indicators else []

    def ba(self) -> str:
        return f"{self.k.honba},{self.sticks}"

    def sc(self, deltas: tuple[int, int, int, int]) -> str:
        out = []
        for s in range(4):
            out += [_hundreds(self.scores[s], "a score"), _hundreds(deltas[s], "a payment")]
        return ",".join(str(x) for x in out)

    def element(self, a: Action) -> ET.Element:
        if isinstance(a, Draw):
            self.hands[a.seat].append(a.tile)
            return ET.Element(f"{_DRAW_TAGS[a.seat]}{a.tile}")
        if isinstance(a, Discard):
            self.hands[a.seat].remove(a.tile)
            return ET.Element(f"{_DISCARD_TAGS[a.seat]}{a.tile}")
        if isinstance(a, Riichi):
            return ET.Element("REACH", who=str(a.seat), step="1")
        if isinstance(a, RiichiAccepted):
            self.scores[a.seat] -= 1000
            self.sticks += 1
            return ET.Element("REACH", who=str(a.seat), step="2",
                              ten=",".join(str(_hundreds(x, "a score")) for x in self.scores))
        if isinstance(a, (Chi, Pon, Daiminkan)):
            for t in a.consumed:
                self.hands[a.seat].remove(t)
            return ET.Element("N", who=str(a.seat), m=str(encode_meld(a)))
        if isinstance(a, Kakan):
            self.hands[a.seat].remove(a.added)
            return ET.Element("N", who=str(a.seat), m=str(encode_meld(a)))
        if isinstance(a, Ankan):
            for t in a.tiles:
                self.hands[a.seat].remove(t)
            return ET.Element("N", who=str(a.seat), m=str(encode_meld(a)))
        if isinstance(a, DoraRevealed):
            self.dora.append(a.indicator)
            return ET.Element("DORA", hai=str(a.indicator))
        if isinstance(a, Win):
            return self.win(a)
        assert isinstance(a, Ryuukyoku)
        el = ET.Element("RYUUKYOKU", ba=self.ba(), sc=self.sc(a.deltas))
        if a.kind != "exhaustive":
            el.set("type", _DRAW_NAMES[a.kind])
        for s in range(4):
            if a.tenpai is not None and a.tenpai[s]:
                el.set(f"hai{s}", _tiles(self.hands[s]))
        self._pay(a.deltas)
        return el

    def win(self, w: Win) -> ET.Element:
        k = self.k
        if w.tile is None:
            raise ValueError("a win without its winning tile")
        seat_wind = (w.seat - k.dealer) % 4
        pairs, yakuman = _yaku_numbers(w, seat_wind, k.round_wind)
        limit = 0 if w.limit is None else LIMITS.index(w.limit) + 1
        hand = w.hand if w.hand is not None else (
            tuple(self.hands[w.seat]) + (() if w.tsumo else (w.tile,)))
        el = ET.Element("AGARI", ba=self.ba(), hai=_tiles(hand))
        shown = _shown_melds(k, w.seat)
        if shown:
            el.set("m", ",".join(str(encode_meld(a)) for a in shown))
        el.set("machi", str(w.tile))
        el.set("ten", f"{w.fu or 0},{w.points},{limit}")
        if pairs:
            el.set("yaku", ",".join(str(x) for x in pairs))
        if yakuman:
            el.set("yakuman", ",".join(str(x) for x in yakuman))
        el.set("doraHai", ",".join(str(t) for t in self.dora))
        if k.ura_indicators and any(y.id == "riichi" or y.id == "double_riichi"
                                    for y in w.yaku):
            el.set("doraHaiUra", ",".join(str(t) for t in k.ura_indicators))
        el.set("who", str(w.seat))
        el.set("fromWho", str(w.from_seat))
        el.set("sc", self.sc(w.deltas))
        if w.pao_seat is not None:
            el.set("paoWho", str(w.pao_seat))
        self._pay(w.deltas)
        return el

    def _pay(self, deltas: tuple[int, int, int, int]) -> None:
        for s in range(4):
            self.scores[s] += deltas[s]
        self.sticks = 0


def _shown_melds(k: Kyoku, seat: Seat) -> list[Call]:
    """A seat's melds as its win shows them: a pon that became a kakan, as the kakan."""
    melds = [a for a in k.calls if a.seat == seat]
    kakan = {a.pon[0] for a in melds if isinstance(a, Kakan)}
    return [a for a in melds if not (isinstance(a, Pon) and a.called in kakan)]


def to_mjlog_element(game: RecordedGame) -> ET.Element:
    """The game as Tenhou's ``<mjloggm>`` element (see :func:`format_mjlog`)."""
    owari = None
    if game.final_scores is not None and game.final_points is not None:
        owari = ",".join(
            f"{_hundreds(game.final_scores[s], 'a final score')},{game.final_points[s]:.1f}"
            for s in range(4))
    # the end rides on the last AGARI/RYUUKYOKU; with no hand written, on our element
    root = _head(game, owari if not game.kyokus else None)
    last: ET.Element | None = None
    for k in game.kyokus:
        w = _Writer(k, game.rules.reds)
        root.append(_init(k))
        # indicators showing from the start beyond the first (initial_dora): INIT holds one
        kan_dora = sum(isinstance(a, DoraRevealed) for a in k.actions)
        for t in k.dora_indicators[1:len(k.dora_indicators) - kan_dora]:
            root.append(w.element(DoraRevealed(t)))
        for a in k.actions:
            el = w.element(a)
            root.append(el)
            if isinstance(a, (Win, Ryuukyoku)):
                last = el
    if last is not None and owari is not None:
        last.set("owari", owari)
    return root


def _head(game: RecordedGame, owari: str | None) -> ET.Element:
    """``<mjloggm>`` with the elements before the first hand: rules, names, our extension
    (with ``owari``, the game's end, when given: a record of no hand has no result for it)."""
    r = game.rules
    root = ET.Element("mjloggm", ver="2.3")
    type_ = 0x01 | (0 if r.red_fives else 0x02) | (0 if r.open_tanyao else 0x04) | (
        0x08 if r.hanchan else 0)
    ET.SubElement(root, "GO", type=str(type_), lobby="0")
    ET.SubElement(root, "UN", n0=quote(game.names[0]), n1=quote(game.names[1]),
                  n2=quote(game.names[2]), n3=quote(game.names[3]), dan="0,0,0,0",
                  rate="1500.00,1500.00,1500.00,1500.00", sx="C,C,C,C")
    extension: dict[str, str] = {}
    if game.ruleset is not None:
        extension["ruleset"] = json.dumps(game.ruleset, ensure_ascii=False)
    if game.left_out:
        extension["left_out"] = json.dumps(left_out_data(game.left_out), ensure_ascii=False)
    if owari is not None:
        extension["owari"] = owari
    if extension:
        ET.SubElement(root, EXTENSION, extension)
    first_dealer = game.kyokus[0].dealer if game.kyokus else 0
    ET.SubElement(root, "TAIKYOKU", oya=str(first_dealer))
    return root


def _init(k: Kyoku) -> ET.Element:
    """A hand's ``INIT``: round, honba, sticks, dice and first indicator; scores; the deal."""
    d1, d2 = k.dice or (1, 1)
    init = ET.Element("INIT", seed=",".join(str(x) for x in (
        k.round_wind * 4 + k.hand_number, k.honba, k.riichi_sticks, d1 - 1, d2 - 1,
        k.dora_indicators[0])),
        ten=",".join(str(_hundreds(x, "a score")) for x in k.scores), oya=str(k.dealer))
    for s in range(4):
        init.set(f"hai{s}", ",".join(str(t) for t in k.haipai[s]))
    return init


def format_mjlog(game: RecordedGame) -> str:
    """Tenhou's mjlog XML of the game (what :func:`parse_mjlog` reads back): ``GO``, ``UN``,
    ``TAIKYOKU``, each hand's ``INIT``, draws and discards, ``N``, ``REACH``, ``DORA`` and its
    ``AGARI``/``RYUUKYOKU``, the last with ``owari`` (with no hand, our element has it).
    :class:`ValueError` for a game a figure of which mjlog cannot hold (points not in whole
    hundreds, a yaku Tenhou has no number for).
    """
    return ET.tostring(to_mjlog_element(game), encoding="unicode")
