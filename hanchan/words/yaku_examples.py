"""An example hand for every yaku: the rules reference shows it (``hanchan rules yaku
--examples``, the app's rules page), scored by the engine under the rules chosen.

Each example is a request of ``hanchan score --batch`` (docs/cli.md): the hand in mpsz
with its winning tile, calls and situation.  :data:`EXAMPLES` is the one table of them;
a yaku may have several when the clubs' rules differ, and :func:`example` gives the first
the engine scores with that yaku under the rules.  A test scores every yaku of every
preset through it.  Nagashi mangan is no winning hand (it is paid at the exhaustive draw),
so it has a river, not a hand: :data:`NO_HAND`.

>>> from hanchan.rulesets.schema import Ruleset
>>> ex = example("pinfu", Ruleset())
>>> ex is not None and "pinfu" in ex.yaku
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hanchan.engine.scoring import EN_NAMES
from hanchan.engine.scoring.types import ScoreResult
from hanchan.engine.tiles import WIND_LETTERS, format_tiles
from hanchan.rulesets.schema import Ruleset
from hanchan.words.hands import RequestError, build_context, score_request
from hanchan.words.names import WIND_NAMES

Request = dict[str, Any]

_BASE: Request = {"hand": "123m456p789s234s11z", "win": "4s"}
_SEVEN = {"hand": "123m456p789s234s88p", "win": "2s", "seat": "S"}

EXAMPLES: dict[str, tuple[Request, ...]] = {
    "riichi": ({**_BASE, "riichi": True},),
    "double_riichi": ({**_BASE, "double_riichi": True},),
    "ippatsu": ({**_BASE, "riichi": True, "ippatsu": True},),
    "open_riichi": ({**_BASE, "open_riichi": True},),
    "menzen_tsumo": ({**_BASE, "tsumo": True},),
    "pinfu": (_SEVEN,),
    "tanyao": ({"hand": "234m456p678s345s88p", "win": "3s", "seat": "S"},),
    "iipeikou": ({"hand": "112233m456p789s88p", "win": "3m", "seat": "S"},),
    "yakuhai_haku": ({"hand": "123m456p789s11s555z", "win": "5z", "seat": "S"},),
    "yakuhai_hatsu": ({"hand": "123m456p789s11s666z", "win": "6z", "seat": "S"},),
    "yakuhai_chun": ({"hand": "123m456p789s11s777z", "win": "7z", "seat": "S"},),
    "yakuhai_seat_wind": ({"hand": "123m456p789s11s222z", "win": "2z", "seat": "S"},),
    "yakuhai_round_wind": ({"hand": "123m456p789s11s111z", "win": "1z", "seat": "S"},),
    "haitei": ({**_SEVEN, "tsumo": True, "haitei": True},),
    "houtei": ({**_SEVEN, "houtei": True},),
    "rinshan": ({"hand": "456p789s234s88p", "win": "8p", "melds": ["ankan:1111m"],
                 "tsumo": True, "rinshan": True, "seat": "S"},),
    "chankan": ({**_SEVEN, "chankan": True},),
    "chiitoitsu": ({"hand": "1133m5577p2299s11z", "win": "1z", "seat": "S"},),
    "sanshoku": ({"hand": "123m123p123s456s99s", "win": "6s", "seat": "S"},),
    "ittsu": ({"hand": "123456789m234p55s", "win": "9m", "seat": "S"},),
    "chanta": ({"hand": "123m789p789s111z99m", "win": "3m"},),
    "toitoi": ({"hand": "666s888s33m", "win": "3m", "melds": ["pon:222m", "pon:444p"],
                "seat": "S"},),
    "sanankou": ({"hand": "222m444p666s789s11z", "win": "9s", "seat": "S"},),
    "sankantsu": ({"hand": "789s11z", "win": "9s", "seat": "S",
                   "melds": ["minkan:2222m", "minkan:4444p", "ankan:6666s"]},),
    "sanshoku_doukou": ({"hand": "222m222p222s456s99s", "win": "6s", "seat": "S"},),
    "honroutou": ({"hand": "999s111z22z", "win": "2z", "melds": ["pon:111m", "pon:999p"],
                   "seat": "S"},),
    "shousangen": ({"hand": "555z666z77z123m456p", "win": "3m", "seat": "S"},),
    "ryanpeikou": ({"hand": "112233m445566p99s", "win": "9s", "seat": "S"},),
    "honitsu": ({"hand": "123m345m678m111z22z", "win": "8m", "seat": "S"},),
    "junchan": ({"hand": "123m789m123p789s99p", "win": "9p", "seat": "S"},),
    "chinitsu": ({"hand": "123m234m345m567m99m", "win": "9m", "seat": "S"},),
    "sanrenkou": ({"hand": "567p99s", "win": "9s", "seat": "S",
                   "melds": ["pon:222m", "pon:333m", "pon:444m"]},),
    "dora": ({**_BASE, "riichi": True, "dora": "1m"},),
    "aka_dora": ({**_BASE, "hand": "123m406p789s234s11z", "riichi": True},),
    "ura_dora": ({**_BASE, "riichi": True, "ura": "1m"},),
    "kokushi": ({"hand": "119m19p19s1234567z", "win": "7z", "seat": "S"},),
    "kokushi_13": ({"hand": "119m19p19s1234567z", "win": "1m", "seat": "S"},),
    "suuankou": ({"hand": "111m222p333s444s55z", "win": "4s", "tsumo": True, "seat": "S"},),
    "suuankou_tanki": ({"hand": "111m222p333s444s55z", "win": "5z", "seat": "S"},),
    "chuuren": ({"hand": "11122345678999m", "win": "1m", "seat": "S"},),
    "junsei_chuuren": ({"hand": "11122345678999m", "win": "2m", "seat": "S"},),
    "daisangen": ({"hand": "555z666z777z123m44p", "win": "4p", "seat": "S"},),
    "shousuushii": ({"hand": "111z222z333z44z123m", "win": "3m", "seat": "S"},),
    "daisuushii": ({"hand": "111z222z333z444z55m", "win": "5m", "seat": "S"},),
    "tsuuiisou": ({"hand": "111z222z555z666z77z", "win": "7z", "seat": "S"},),
    "chinroutou": ({"hand": "111p999p11s", "win": "1s", "melds": ["pon:111m", "pon:999m"],
                    "seat": "S"},),
    "ryuuiisou": ({"hand": "234234666888s66z", "win": "8s", "seat": "S"},),
    "suukantsu": ({"hand": "55z", "win": "5z", "seat": "S",
                   "melds": ["ankan:1111m", "minkan:2222p", "minkan:3333s", "ankan:4444s"]},),
    "tenhou": ({**_BASE, "tsumo": True, "tenhou": True},),
    "chiihou": ({**_SEVEN, "tsumo": True, "chiihou": True},),
    "renhou": ({**_SEVEN, "renhou": True},),
    "daisharin": ({"hand": "22334455667788p", "win": "8p", "seat": "S"},),
    "suurenkou": ({"hand": "222333444m99p", "win": "9p", "melds": ["pon:111m"],
                   "seat": "S"},),
    "shiisanputaa": ({"hand": "147m258p369s12355z", "win": "5z", "tsumo": True,
                      "first_draw": True, "seat": "S"},),
    "paarenchan": ({**_BASE, "paarenchan": True},),
}
"""Example hands by yaku id, as ``score --batch`` requests; the first that the engine
scores with the yaku under the rules is shown."""

NO_HAND = {"nagashi_mangan": "no winning hand: every discard of the hand a terminal or "
                             "an honour, none called, paid at the exhaustive draw"}
"""The yaku that are no winning hand, and what they are instead."""


@dataclass(frozen=True)
class Example:
    """An example hand of ``yaku_id``, scored under a ruleset."""

    yaku_id: str
    request: Request
    result: ScoreResult

    @property
    def yaku(self) -> list[str]:
        """The ids of every yaku the hand scores (``yaku_id`` among them)."""
        return [y for y, _ in self.result.yaku]


def example(yaku_id: str, rules: Ruleset) -> Example | None:
    """The first example hand of ``yaku_id`` the engine scores with it under ``rules``
    (None when there is none: a yaku the rules do not have, or :data:`NO_HAND`)."""
    for req in EXAMPLES.get(yaku_id, ()):
        try:
            result, _ = score_request(req, rules)
        except RequestError:  # e.g. a red five under rules without red fives
            continue
        if any(y == yaku_id for y, _ in result.yaku):
            return Example(yaku_id, req, result)
    return None


def example_tiles(ex: Example, rules: Ruleset) -> tuple[list[int], int, list[Any]]:
    """The example's concealed tiles (sorted, the winning tile left out), its winning tile
    and its calls, as physical tiles for drawing."""
    ctx, _ = build_context(ex.request, rules)
    rest = list(ctx.concealed)
    rest.remove(ctx.win_tile)
    return sorted(rest), ctx.win_tile, list(ctx.melds)


WINDS = dict(zip(WIND_LETTERS, WIND_NAMES, strict=True))


def situation_words(ex: Example) -> str:
    """How the example was won, in words: ``by ron, South seat, riichi, dora indicator 1m``.

    >>> from hanchan.rulesets.schema import Ruleset
    >>> situation_words(example("riichi", Ruleset()))  # type: ignore[arg-type]
    'by ron, East seat, riichi'
    """
    req = ex.request
    out = ["by tsumo" if req.get("tsumo") else "by ron",
           f"{WINDS[req.get('seat', 'E')]} seat"]
    if req.get("round", "E") != "E":
        out.append(f"{WINDS[req['round']]} round")
    out += [k.replace("_", " ") for k, v in req.items()
            if v is True and k not in ("tsumo", "ron")]
    for key, words in (("dora", "dora indicator"), ("ura", "ura indicator")):
        if req.get(key):
            out.append(f"{words} {req[key]}")
    return ", ".join(out)


def scored_parts(ex: Example) -> list[tuple[str, bool]]:
    """The scored yaku as ``("riichi 1", is_the_example's_yaku)``, then the value."""
    r = ex.result
    from_names = [(f"{EN_NAMES[y]} {_value(han, r.limit)}", y == ex.yaku_id)
                  for y, han in r.yaku]
    value = r.limit if r.limit else f"{r.han} han {r.fu} fu"
    return [*from_names, (f"= {value}", False)]


def _value(han: int, limit: str | None) -> str:
    """A yaku's han, or its yakuman under a yakuman limit."""
    if limit and "yakuman" in limit and han >= 13:
        return "double yakuman" if han >= 26 else "yakuman"
    return str(han)


def example_text(ex: Example, rules: Ruleset) -> str:
    """The example in one line of mpsz, the yaku in brackets: ``123m456p789s234s11z +4s
    (by ron, East seat, riichi): [Riichi 1] = 1 han 40 fu``."""
    tiles, win, melds = example_tiles(ex, rules)
    rf = rules.red_fives
    calls = "".join(f" {m.kind}:{format_tiles(sorted(m.tiles), rf)}" for m in melds)
    scored = " ".join(f"[{t}]" if mark else t for t, mark in scored_parts(ex))
    return (f"{format_tiles(tiles, rf)}{calls} +{format_tiles([win], rf)} "
            f"({situation_words(ex)}): {scored}")
