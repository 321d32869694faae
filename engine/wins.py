"""Win checks: can a seat win on a tile now, and with what score.

The score itself comes from :mod:`engine.scoring` (``score_win``); this module
only builds the :class:`WinContext` from the game state (winds, riichi,
ippatsu, haitei/houtei, rinshan, chankan, first-turn wins, dora) and applies
the game-level conditions (furiten, the minimum han with honba).
"""

from __future__ import annotations

import dataclasses

from hanchan.engine.facts import is_furiten, may_be_shiisanputaa, min_han, window_furiten
from hanchan.engine.scoring import ScoreResult, WinContext, score_win
from hanchan.engine.shanten import shanten, shanten_kokushi
from hanchan.engine.state import GameState, waits_of
from hanchan.engine.tiles import kind_of
from hanchan.engine.waits import waits
from hanchan.rulesets.schema import Ruleset

__all__ = ["win_context", "score", "tsumo_result", "ron_result", "every_wait_has_yaku",
           "best_win_points"]


def win_context(
    st: GameState, seat: int, tile: int, *, tsumo: bool, chankan: bool = False,
    chankan_ankan: bool = False, with_dora: bool = True,
) -> WinContext:
    """The scoring context of ``seat`` winning on ``tile`` now."""
    r = st.rules
    s = st.seats[seat]
    riichi = s.riichi
    ippatsu, haitei, houtei, rinshan = _by_chance(st, seat, tsumo, chankan)
    tenhou, chiihou, renhou, first_draw = _first_turn(st, seat, tsumo, rinshan)
    return WinContext(
        concealed=tuple(s.hand) if tsumo else tuple(s.hand) + (tile,),
        melds=tuple(s.melds),
        win_tile=tile,
        tsumo=tsumo,
        seat_wind=st.seat_wind(seat),
        round_wind=st.round_wind,
        riichi=riichi,
        double_riichi=riichi and s.double_riichi,
        open_riichi=riichi and s.open_riichi,
        ippatsu=ippatsu,
        haitei=haitei,
        houtei=houtei,
        rinshan=rinshan,
        chankan=chankan,
        chankan_ankan=chankan_ankan,
        tenhou=tenhou,
        chiihou=chiihou,
        renhou=renhou,
        first_draw_no_calls=first_draw,
        paarenchan=r.paarenchan and seat == st.dealer and st.dealer_wins >= 7,
        dora_indicators=st.dora_indicators() if with_dora else (),
        ura_indicators=st.ura_indicators() if (riichi and r.ura_dora and with_dora) else (),
        honba=st.honba,
        sticks=st.sticks,
        furiten=_tsumo_furiten(st, seat, tile) if tsumo else False,
    )


def _by_chance(st: GameState, seat: int, tsumo: bool,
               chankan: bool) -> tuple[bool, bool, bool, bool]:
    """(ippatsu, haitei, houtei, rinshan) of a win now."""
    r = st.rules
    s = st.seats[seat]
    ippatsu = s.ippatsu and s.riichi and not (chankan and not r.ippatsu_on_chankan)
    if tsumo:
        rinshan = st.rinshan_draw
        return (ippatsu, st.last_draw_haitei and (not rinshan or r.haitei_with_rinshan),
                False, rinshan)
    return ippatsu, False, not chankan and st.live_remaining <= 0, False


def _first_turn(st: GameState, seat: int, tsumo: bool,
                rinshan: bool) -> tuple[bool, bool, bool, bool]:
    """(tenhou, chiihou, renhou, first_draw_no_calls) of a win now."""
    s = st.seats[seat]
    no_calls = not st.calls_made
    first = s.discards == 0 and no_calls
    is_dealer = seat == st.dealer
    return (tsumo and first and is_dealer and not rinshan,
            tsumo and first and not is_dealer and not rinshan,
            (not tsumo) and no_calls and not s.drawn_once and st.rules.renhou != "none",
            first and not rinshan)


def _tsumo_furiten(st: GameState, seat: int, tile: int) -> bool:
    """Whether the hand, before drawing ``tile``, was furiten (for double yakuman rules)."""
    s = st.seats[seat]
    if window_furiten(s, st.window):
        return True
    counts = list(s.counts)
    counts[kind_of(tile)] -= 1
    try:
        ws = waits(counts, len(s.melds))
    except ValueError:
        return False
    return any(k in s.river_kinds for k in ws)


def score(st: GameState, ctx: WinContext) -> ScoreResult:
    """Score a context under the game's rules, enforcing the minimum han with honba."""
    res: ScoreResult = score_win(ctx, st.rules)
    if not res.valid or res.yakuman_count:
        return res
    han = res.han_without_dora
    if not st.rules.ippatsu_counts_for_min_han:
        han -= sum(h for y, h in res.yaku if y == "ippatsu")
    if han < min_han(st):
        return ScoreResult.invalid(f"the hand needs {min_han(st)} han without dora to win")
    if not st.rules.atozuke and not every_wait_has_yaku(ctx, st.rules):
        return ScoreResult.invalid(
            "without atozuke an open hand needs a yaku on every one of its waits")
    return res


def every_wait_has_yaku(ctx: WinContext, rules: Ruleset) -> bool:
    """Whether an open hand would have a yaku whichever of its waits completed it.

    This is the test of ``Ruleset.atozuke`` off (後付けなし / 片和了なし): a hand with calls
    may not win on the one wait that gives it its yaku.  Closed hands always pass.
    """
    if not any(m.is_open for m in ctx.melds):
        return True
    before = list(ctx.concealed)
    before.remove(ctx.win_tile)
    counts = [0] * 34
    for t in before:
        counts[kind_of(t)] += 1
    taken = set(before) | {t for m in ctx.melds for t in m.tiles}
    for kind in waits(counts, len(ctx.melds)):
        if kind == kind_of(ctx.win_tile):
            continue
        free = [t for t in range(kind * 4 + 3, kind * 4 - 1, -1) if t not in taken]
        if not free:
            continue  # a wait on the own four copies can never come
        alt = dataclasses.replace(ctx, concealed=tuple(before) + (free[0],), win_tile=free[0],
                                  dora_indicators=(), ura_indicators=())
        if not score_win(alt, rules).valid:
            return False
    return True


def _shape_complete(counts: list[int], melds: int) -> bool:
    return shanten(counts, melds) == -1


def tsumo_result(st: GameState, seat: int) -> ScoreResult | None:
    """The score of a tsumo by the seat on its turn, or None if it may not win."""
    s = st.seats[seat]
    tile = st.drawn
    if tile is None or s.called_this_turn:
        return None
    if (not _shape_complete(s.counts, len(s.melds))  # cheap; callers usually checked already
            and not may_be_shiisanputaa(st, seat)):
        return None
    res = score(st, win_context(st, seat, tile, tsumo=True))
    return res if res.valid else None


def ron_result(
    st: GameState, seat: int, tile: int, *, chankan: bool = False, chankan_ankan: bool = False,
) -> ScoreResult | None:
    """The score of ``seat`` winning on another's ``tile`` now, or None if it may not."""
    kind = kind_of(tile)
    if kind not in waits_of(st, seat):
        return None
    if is_furiten(st, seat):
        return None
    if chankan_ankan:
        s = st.seats[seat]
        if s.melds:
            return None
        c = list(s.counts)
        c[kind] += 1
        if shanten_kokushi(c) != -1:
            return None
    res = score(st, win_context(st, seat, tile, tsumo=False, chankan=chankan,
                                chankan_ankan=chankan_ankan))
    return res if res.valid else None


# 偶然役: what depends on the order the tiles come in, not on the hand (ako 7-01): ippatsu,
# haitei/houtei, rinshan, chankan, ura dora and the first-turn yakuman.
def _without_chance(ctx: WinContext) -> WinContext:
    return dataclasses.replace(
        ctx, ippatsu=False, haitei=False, houtei=False, rinshan=False, chankan=False,
        chankan_ankan=False, tenhou=False, chiihou=False, renhou=False,
        first_draw_no_calls=False, ura_indicators=())


def _seen_tiles(st: GameState, seat: int) -> set[int]:
    """The physical tiles ``seat`` can see: its hand, every meld, the rivers, the indicators."""
    seen = set(st.seats[seat].hand)
    for o in st.seats:
        for m in o.melds:
            seen.update(m.tiles)
        seen.update(r.tile for r in o.river if r.called_by is None)
    seen.update(st.dora_indicators())
    return seen


def best_win_points(st: GameState, seat: int) -> int | None:
    """The most ``seat``'s waiting hand could still win, chance yaku left out (ako 7-01).

    Over every copy of a wait that the seat cannot see (a wait whose copies are all in
    sight cannot come), by tsumo and, unless furiten, by ron: the hand's value before
    honba and sticks, with its riichi, menzen tsumo, dora and red fives but none of the
    chance yaku (偶然役: ippatsu, haitei, houtei, rinshan, chankan, ura dora, tenhou,
    chiihou, renhou).  None when no draw is left, or no wait can give a win.
    """
    if st.live_remaining <= 0:
        return None
    kinds = waits_of(st, seat)
    if not kinds:
        return None
    seen = _seen_tiles(st, seat)
    ron_ok = not is_furiten(st, seat)
    best: int | None = None
    for kind in kinds:
        for tile in range(kind * 4, kind * 4 + 4):
            if tile in seen:
                continue
            base = _without_chance(win_context(st, seat, tile, tsumo=False))
            for tsumo in (True, False) if ron_ok else (True,):
                ctx = dataclasses.replace(base, tsumo=tsumo,
                                          furiten=tsumo and not ron_ok)
                res = score(st, ctx)
                if res.valid and (best is None or res.total > best):
                    best = res.total
    return best
