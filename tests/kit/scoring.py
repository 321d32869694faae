"""Helpers for the scoring example tests: build a WinContext from mpsz text."""

from __future__ import annotations

from typing import Any

from hanchan.engine.events import Meld
from hanchan.engine.scoring import ScoreResult, WinContext, score_win
from hanchan.engine.tiles import parse_kinds, parse_tiles
from hanchan.rulesets.schema import Ruleset

WIND = {"E": 0, "S": 1, "W": 2, "N": 3}


def meld(text: str, red_fives: int, used: list[int]) -> Meld:
    kind, _, tiles_s = text.partition(":")
    tiles = tuple(parse_tiles(tiles_s, red_fives, used=used))
    if kind == "ankan":
        return Meld("ankan", tiles)
    if kind == "kakan":
        return Meld("kakan", tiles, tiles[0], 1, tiles[-1])
    return Meld(kind, tiles, tiles[0], 3)  # type: ignore[arg-type]


def ctx_of(hand: str, win: str, *, tsumo: bool = False, melds: tuple[str, ...] = (),
           seat: str = "S", round: str = "E", rules: Ruleset | None = None,
           dora: str = "", ura: str = "", **flags: Any) -> WinContext:
    """A WinContext: ``hand`` holds the concealed tiles with the winning tile."""
    reds = (rules or Ruleset()).red_fives
    used: list[int] = []
    ms = []
    for m in melds:
        mm = meld(m, reds, used)
        ms.append(mm)
        used.extend(mm.tiles)
    concealed = parse_tiles(hand, reds, used=used)
    wk = parse_kinds(win)[0]
    red = win.startswith("0")
    cands = [t for t in concealed if t >> 2 == wk and ((t & 3) < reds) == red] or [
        t for t in concealed if t >> 2 == wk] or parse_tiles(win, reds, used=concealed + used)
    ind_used = concealed + used
    dora_t = parse_tiles(dora, reds, used=ind_used) if dora else []
    ura_t = parse_tiles(ura, reds, used=ind_used + dora_t) if ura else []
    return WinContext(tuple(concealed), tuple(ms), cands[-1], tsumo, WIND[seat], WIND[round],
                      dora_indicators=tuple(dora_t), ura_indicators=tuple(ura_t), **flags)


def score(hand: str, win: str, rules: Ruleset | None = None, **kw: Any) -> ScoreResult:
    rules = rules or Ruleset()
    return score_win(ctx_of(hand, win, rules=rules, **kw), rules)


def yaku_ids(res: ScoreResult) -> set[str]:
    return {y for y, _ in res.yaku}
