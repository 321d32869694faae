"""Winning hands written as text: mpsz tiles and meld strings in, a scored win out.

This is ``hanchan score``'s request (docs/cli.md): a dict with ``hand``, ``win``,
``melds`` and the situation's flags, the same keys on the command line and in a
``--batch`` line.  :func:`score_hand` is its keyword form for scripts.  Every
mistake is a :class:`RequestError` whose message is one plain sentence.

>>> r = score_hand("123m456p789s1122z", win="2z", seat="S", round="S", tsumo=True)
>>> r.han, r.fu, r.points.to_dict()
(3, 30, {'tsumo_dealer': 2000, 'tsumo_other': 1000})
>>> [y for y, _ in r.yaku]
['menzen_tsumo', 'yakuhai_seat_wind', 'yakuhai_round_wind']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hanchan.engine.parts import Meld, MeldKind
from hanchan.engine.scoring import NAMES, ScoreResult, WinContext, score_win, win_payments
from hanchan.engine.tiles import (
    WIND_LETTERS,
    TileError,
    is_honour,
    kind_name,
    kind_of,
    parse_kinds,
    parse_tiles,
    suit_of,
)
from hanchan.errors import HanchanError
from hanchan.rulesets.schema import Ruleset

MELD_KINDS: dict[str, tuple[MeldKind, int]] = {
    "chi": ("chi", 3), "pon": ("pon", 3), "minkan": ("minkan", 4), "ankan": ("ankan", 4),
    "kakan": ("kakan", 4),
}
FLAGS = ("riichi", "double_riichi", "open_riichi", "ippatsu", "haitei", "houtei", "rinshan",
         "chankan", "tenhou", "chiihou", "renhou", "paarenchan", "first_draw")
REQUEST_KEYS = frozenset(("hand", "melds", "win", "tsumo", "ron", "round", "seat", "dora", "ura",
                          "honba", "sticks", "rules", "from") + FLAGS)


class RequestError(HanchanError):
    """A request that cannot be scored; the message is a plain sentence."""


# ------------------------------------------------------------------ requests
def _wind(value: Any, what: str) -> int:
    if isinstance(value, str) and value.upper() in ("E", "S", "W", "N") and len(value) == 1:
        return WIND_LETTERS.index(value.upper())
    raise RequestError(f"{what} must be one of E, S, W, N, not '{value}'")


MAX_COUNTS = {"honba": 100, "sticks": 400}
"""The most honba counters and riichi sticks a hand is scored with (as ``hanchan score``'s
flags: cli.parser.MAX_HONBA, MAX_STICKS)."""


def _count(value: Any, what: str) -> int:
    if (isinstance(value, bool) or not isinstance(value, int)
            or not 0 <= value <= MAX_COUNTS[what]):
        shown = str(value) if len(str(value)) <= 24 else str(value)[:20] + "..."
        raise RequestError(f"{what} must be a whole number from 0 to {MAX_COUNTS[what]}, "
                           f"not '{shown}'")
    return value


def _tsumo(req: dict[str, Any]) -> bool:
    """Whether the request is a tsumo: ``"tsumo"``, or ``"ron"`` as its opposite (both may be
    given when they agree); neither is a ron.

    >>> _tsumo({}), _tsumo({"ron": True}), _tsumo({"ron": False}), _tsumo({"tsumo": True})
    (False, False, True, True)
    >>> _tsumo({"ron": True, "tsumo": True})
    Traceback (most recent call last):
    hanchan.words.hands.RequestError: "ron" and "tsumo" disagree: a hand is won by one of them
    """
    said = {}
    for key, means_tsumo in (("tsumo", True), ("ron", False)):
        if key in req:
            v = req[key]
            if not isinstance(v, bool):
                raise RequestError(f"\"{key}\" must be true or false, not '{v}'")
            said[key] = v == means_tsumo
    if len(set(said.values())) > 1:
        raise RequestError("\"ron\" and \"tsumo\" disagree: a hand is won by one of them")
    return any(said.values())


def parse_meld(text: str, rules: Ruleset, used: Iterable[int]) -> Meld:
    """``pon:555z`` -> a Meld with distinct physical tiles."""
    kind_s, sep, tiles_s = text.partition(":")
    if not sep or kind_s not in MELD_KINDS:
        raise RequestError(
            f"'{text}' is not a meld: write kind:tiles with kind one of "
            f"{', '.join(MELD_KINDS)} (e.g. pon:555z)")
    kind, size = MELD_KINDS[kind_s]
    tiles = tuple(parse_tiles(tiles_s, rules.red_fives, used=used))
    kinds = sorted(kind_of(t) for t in tiles)
    if len(tiles) != size:
        raise RequestError(f"'{text}': a {kind_s} has {size} tiles, not {len(tiles)}")
    if kind == "chi":
        if is_honour(kinds[0]) or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2] or (
                suit_of(kinds[0]) != suit_of(kinds[2])):
            raise RequestError(f"'{text}': a chi is three consecutive tiles of one suit")
    elif kinds[0] != kinds[-1]:
        raise RequestError(f"'{text}': a {kind_s} is {size} identical tiles")
    if kind == "ankan":
        return Meld("ankan", tiles)
    if kind == "kakan":
        return Meld("kakan", tiles, tiles[0], None, tiles[-1])
    return Meld(kind, tiles, tiles[0], None)


def build_context(req: dict[str, Any], rules: Ruleset) -> tuple[WinContext, int | None]:
    """A request (the keys of docs/cli.md) -> WinContext and the discarder's seat wind."""
    unknown = set(req) - REQUEST_KEYS
    if unknown:
        raise RequestError(f"unknown key(s): {', '.join(sorted(unknown))}")
    hand_s = req.get("hand")
    if not isinstance(hand_s, str) or not hand_s.strip():
        raise RequestError("the hand is missing (e.g. \"hand\": \"123m456p789s1122z\")")
    win_s = req.get("win")
    if not isinstance(win_s, str) or not win_s.strip():
        raise RequestError("the winning tile is missing (e.g. \"win\": \"2z\")")
    tsumo = _tsumo(req)
    try:
        melds: list[Meld] = []
        used: list[int] = []
        raw_melds = req.get("melds") or []
        if not isinstance(raw_melds, list) or not all(isinstance(m, str) for m in raw_melds):
            raise RequestError("melds must be a list of strings such as \"pon:555z\"")
        for text in raw_melds:
            m = parse_meld(text, rules, used)
            melds.append(m)
            used.extend(m.tiles)
        concealed = parse_tiles(hand_s, rules.red_fives, used=used)
        win_kinds = parse_kinds(win_s)
        if len(win_kinds) != 1:
            raise RequestError(f"'{win_s}': the winning tile is one tile, e.g. 2z")
        win_red = win_s.strip().startswith("0")
        if len(concealed) == 13 - 3 * len(melds):
            # the hand was written without its winning tile (docs/cli.md's example)
            concealed += parse_tiles(win_s, rules.red_fives, used=concealed + used)
        win = _find_win(concealed, win_kinds[0], win_red, rules)
        dora = _indicators(req.get("dora", ""), "dora", rules, concealed + used)
        ura = _indicators(req.get("ura", ""), "ura", rules, concealed + used + dora)
    except TileError as exc:
        raise RequestError(str(exc)) from None
    flags = _flags(req)
    seat = _wind(req.get("seat", "E"), "seat")
    from_seat = None if tsumo else _discarder(req.get("from"), seat)
    ctx = WinContext(
        concealed=tuple(concealed), melds=tuple(melds), win_tile=win, tsumo=tsumo,
        seat_wind=seat, round_wind=_wind(req.get("round", "E"), "round"),
        riichi=flags["riichi"], double_riichi=flags["double_riichi"],
        open_riichi=flags["open_riichi"], ippatsu=flags["ippatsu"], haitei=flags["haitei"],
        houtei=flags["houtei"], rinshan=flags["rinshan"], chankan=flags["chankan"],
        tenhou=flags["tenhou"], chiihou=flags["chiihou"], renhou=flags["renhou"],
        paarenchan=flags["paarenchan"], first_draw_no_calls=flags["first_draw"],
        dora_indicators=tuple(dora), ura_indicators=tuple(ura),
        honba=_count(req.get("honba", 0), "honba"), sticks=_count(req.get("sticks", 0), "sticks"),
    )
    return ctx, from_seat


def _flags(req: dict[str, Any]) -> dict[str, bool]:
    """The request's true-or-false keys (riichi, ippatsu, ...), false when not given."""
    flags = {}
    for f in FLAGS:
        v = req.get(f, False)
        if not isinstance(v, bool):
            raise RequestError(f"'{f}' must be true or false, not '{v}'")
        flags[f] = v
    return flags


def _discarder(from_raw: object, seat: int) -> int:
    """The seat a ron is off: the one given, or the winner's left."""
    from_seat = (seat + 3) % 4 if from_raw is None else _wind(from_raw, "from")
    if from_seat == seat:
        raise RequestError("the discarder cannot be the winner")
    return from_seat


def _find_win(concealed: list[int], kind: int, red: bool, rules: Ruleset) -> int:
    matches = [t for t in concealed if kind_of(t) == kind]
    if not matches:
        raise RequestError(
            f"the winning tile {kind_name(kind)} is not in the hand (the hand includes it)")
    if red:
        reds = [t for t in matches if (t & 3) < rules.red_fives]
        if not reds:
            raise RequestError(f"the winning tile is a red {kind_name(kind)} "
                               "but the hand has no red one")
        return reds[0]
    plain = [t for t in matches if not (kind in (4, 13, 22) and (t & 3) < rules.red_fives)]
    return (plain or matches)[-1]


def _indicators(value: Any, what: str, rules: Ruleset, used: list[int]) -> list[int]:
    if not isinstance(value, str):
        raise RequestError(f"{what} indicators must be tiles such as \"1z4m\"")
    if not value.strip():
        return []
    try:
        return parse_tiles(value, rules.red_fives, used=used)
    except TileError as exc:
        raise RequestError(f"{what} indicators: {exc}") from None


# ------------------------------------------------------------------ output
def result_json(res: ScoreResult, ctx: WinContext, from_seat: int | None,
                rules: Ruleset) -> dict[str, Any]:
    """The JSON object of docs/cli.md, with ``payments`` (seats by wind letter)."""
    out = res.to_dict()
    if res.valid:
        lines = win_payments(res, winner=ctx.seat_wind, from_seat=from_seat, dealer=0,
                             honba=ctx.honba, sticks=ctx.sticks, rules=rules)
        out["payments"] = [
            {"payer": None if p.payer is None else WIND_LETTERS[p.payer],
             "payee": WIND_LETTERS[p.payee], "amount": p.amount, "reason": p.reason}
            for p in lines
        ]
    return out


def result_text(res: ScoreResult, out: dict[str, Any]) -> str:
    """The human-readable form."""
    if not res.valid:
        return f"not a valid win: {res.error}"
    lines = []
    for yid, han in res.yaku:
        ja, en = NAMES[yid]
        if res.limit == "yakuman":
            value = "double yakuman" if han == 26 else f"{han // 13}x yakuman" if han > 26 \
                else "yakuman"
        else:
            value = f"{han} han"
        lines.append(f"  {en} ({ja}) {'.' * max(2, 40 - len(en) - len(ja) * 2)} {value}")
    head = (f"{res.yakuman_count}x yakuman" if res.yakuman_count > 1 else "yakuman") \
        if res.limit == "yakuman" else f"{res.han} han {res.fu} fu"
    if res.limit and res.limit != "yakuman":
        head += f", {res.limit.replace('_', ' ')}"
    lines.append(head)
    if res.fu_parts:
        lines.append("  fu: " + ", ".join(f"{i.replace('_', ' ')} {n}" for i, n in res.fu_parts))
    pts = res.points
    if pts.ron:
        lines.append(f"ron: {pts.ron}")
    elif pts.tsumo_all:
        lines.append(f"tsumo: {pts.tsumo_all} all ({res.total})")
    else:
        lines.append(f"tsumo: {pts.tsumo_other}/{pts.tsumo_dealer} "
                     f"(dealer pays {pts.tsumo_dealer}; {res.total})")
    pays = out.get("payments", [])
    if any(p["reason"] != "hand" for p in pays):
        lines.append("payments: " + ", ".join(
            f"{p['payer'] or 'table'} -> {p['payee']} {p['amount']} ({p['reason']})"
            for p in pays))
    return "\n".join(lines)


def score_request(req: dict[str, Any], rules: Ruleset) -> tuple[ScoreResult, dict[str, Any]]:
    """Score one request; raises RequestError for bad input."""
    ctx, from_seat = build_context(req, rules)
    res = score_win(ctx, rules)
    return res, result_json(res, ctx, from_seat, rules)


def score_hand(hand: str, win: str, *, rules: Ruleset | None = None, tsumo: bool = False,
               melds: Iterable[str] = (), **situation: Any) -> ScoreResult:
    """Score a hand written in mpsz: ``score_hand("123m456p789s1122z", win="2z")``.

    ``situation`` takes the other request keys (``riichi=True``, ``dora="1z"``,
    ``seat="S"``, ``honba=1`` ...); the rules default to ``Ruleset()`` (Tenhou's).
    """
    req: dict[str, Any] = {"hand": hand, "win": win, "tsumo": tsumo, "melds": list(melds),
                           **situation}
    return score_request(req, rules if rules is not None else Ruleset())[0]
