"""The complete scorer: every rule and every yakuman, reading by reading.

``score_win`` (engine.scoring.score) values ordinary hands on its fast path and
hands the rest here (:func:`score_full`): thirteen orphans, robbed closed kans,
luck yakuman and every hand that may hold a yakuman, seven pairs under a daisharin
rule, shapes that may be thirteen unconnected tiles.  :func:`check_tiles` says why
impossible tiles are impossible; :func:`score_reference` runs the complete scorer
on its own (no fast path, no memo).

Steps: read the hand every way it can be read (regular decompositions with every
place the winning tile may sit, seven pairs, thirteen orphans, thirteen
unconnected tiles); value each reading (yakuman first, which ignore ordinary
yaku; else yaku, fu and limits); keep the reading worth the most points, then a
real yakuman over a counted one, then han, then fu.  Everything that does not
depend on the reading is worked out once per hand in :class:`_Hand`.
"""

from __future__ import annotations

from itertools import compress

from hanchan.engine.scoring.decompose import KOKUSHI_KINDS, is_kokushi, regular_readings
from hanchan.engine.scoring.points import base_points, limit_of, split
from hanchan.engine.scoring.registry import ORDER
from hanchan.engine.scoring.types import ScoreResult, WinContext
from hanchan.engine.tiles import (
    GREEN,
    RED,
    WHITE,
    dora_of,
    is_dragon,
    is_honour,
    is_suited,
    is_wind,
    kind_of,
    wind_kind,
)
from hanchan.rulesets.schema import Ruleset

_R34 = range(34)

_YAOCHUU = frozenset(KOKUSHI_KINDS)
_GREEN = frozenset((19, 20, 21, 23, 25, 32))
_DRAGON_YAKU = {WHITE: "yakuhai_haku", GREEN: "yakuhai_hatsu", RED: "yakuhai_chun"}
_LUCK_YAKUMAN = frozenset(("tenhou", "chiihou", "renhou", "shiisanputaa"))
_RENHOU_HAN = {"mangan": 5, "baiman": 8}

# wait kinds
_RYANMEN, _KANCHAN, _PENCHAN, _SHANPON, _TANKI = range(5)
_SET_FU_ID = {
    (conc, kan, term): f"{'closed' if conc else 'open'}_{'kan' if kan else 'triplet'}_"
                       f"{'terminal' if term else 'simple'}"
    for conc in (False, True) for kan in (False, True) for term in (False, True)
}
_WAIT_FU_ID = {_KANCHAN: "wait_kanchan", _PENCHAN: "wait_penchan", _TANKI: "wait_tanki"}

Yaku = list[tuple[str, int]]


class _Hand:
    """Facts about the whole hand that every reading shares (computed once)."""

    __slots__ = (
        "ctx", "rules", "win", "menzen", "no_melds", "counts", "total", "kinds",
        "meld_seqs", "meld_trips", "meld_seq_t", "meld_trip_kinds", "n_kans", "n_ankan",
        "dealer", "seat_k", "round_k",
        "riichi_any", "situational", "luck_yakuman", "dora", "dora_han", "hand_yakuman",
        "tile_yaku", "all_yaochuu",
    )

    def __init__(self, ctx: WinContext, rules: Ruleset, counts: list[int], total: list[int],
                 meld_seqs: list[int], meld_trips: list[tuple[int, bool, bool]],
                 kinds: list[int], dora: Yaku) -> None:
        self.ctx = ctx
        self.rules = rules
        self.win = kind_of(ctx.win_tile)
        self.no_melds = not ctx.melds
        self.counts = counts
        self.total = total
        self.meld_seqs = meld_seqs
        self.meld_trips = meld_trips  # (kind, is_kan, concealed)
        self.meld_seq_t = tuple(meld_seqs)
        self.meld_trip_kinds = tuple([k for k, _, _ in meld_trips]) if meld_trips else ()
        n_kans = n_ankan = 0
        for _, kan, conc in meld_trips:
            if kan:
                n_kans += 1
            if conc:
                n_ankan += 1
        self.n_kans = n_kans
        self.n_ankan = n_ankan
        self.menzen = not meld_seqs and n_ankan == len(meld_trips)
        self.kinds = kinds
        self.dealer = ctx.seat_wind == 0
        self.seat_k = wind_kind(ctx.seat_wind)
        self.round_k = wind_kind(ctx.round_wind)
        self.riichi_any = ctx.riichi or ctx.double_riichi or ctx.open_riichi
        self.situational = self._situational()
        self.luck_yakuman = self._luck_yakuman() if (
            ctx.tenhou or ctx.chiihou or ctx.renhou or ctx.paarenchan) else []
        self.dora = dora
        dora_han = 0
        for _, v in dora:
            dora_han += v
        self.dora_han = dora_han
        self.all_yaochuu = _YAOCHUU.issuperset(kinds)
        self.hand_yakuman = self._hand_yakuman()
        self.tile_yaku = self._tile_yaku()

    # ------------------------------------------------------------ shared parts
    def _situational(self) -> Yaku:
        """Yaku of the circumstances (riichi, tsumo, last tile, kans, renhou as a limit)."""
        ctx, rules = self.ctx, self.rules
        out: Yaku = []
        if self.menzen:
            if ctx.open_riichi and rules.open_riichi:
                out.append(("open_riichi", 3 if ctx.double_riichi and rules.double_riichi else 2))
            elif ctx.double_riichi and rules.double_riichi:
                out.append(("double_riichi", 2))
            elif self.riichi_any:
                out.append(("riichi", 1))
            if self.riichi_any and ctx.ippatsu and rules.ippatsu:
                out.append(("ippatsu", 1))
            if ctx.tsumo:
                out.append(("menzen_tsumo", 1))
        if ctx.tsumo:
            if ctx.haitei and (not ctx.rinshan or rules.haitei_with_rinshan):
                out.append(("haitei", 1))
            if ctx.rinshan:
                out.append(("rinshan", 1))
        else:
            if ctx.houtei:
                out.append(("houtei", 1))
            if ctx.chankan or ctx.chankan_ankan:
                out.append(("chankan", 1))
            if ctx.renhou and rules.renhou in _RENHOU_HAN and self.menzen:
                out.append(("renhou", _RENHOU_HAN[rules.renhou]))
        return out

    def _luck_yakuman(self) -> list[tuple[str, int]]:
        ctx, rules = self.ctx, self.rules
        out: list[tuple[str, int]] = []
        if ctx.tenhou and ctx.tsumo and self.no_melds:
            out.append(("tenhou", _mult("tenhou", rules)))
        if ctx.chiihou and ctx.tsumo and self.no_melds:
            out.append(("chiihou", _mult("chiihou", rules)))
        if ctx.renhou and not ctx.tsumo and rules.renhou == "yakuman" and self.no_melds:
            out.append(("renhou", _mult("renhou", rules)))
        if ctx.paarenchan and rules.paarenchan:
            out.append(("paarenchan", 1))
        return out

    def _hand_yakuman(self) -> list[tuple[str, int]]:
        """Yakuman decided by the tiles and kans alone, whatever the reading."""
        rules, kinds = self.rules, self.kinds
        out: list[tuple[str, int]] = []
        if is_honour(kinds[0]):
            out.append(("tsuuiisou", 1))
        elif self.all_yaochuu and is_suited(kinds[-1]):
            out.append(("chinroutou", 1))
        if kinds[-1] <= 32 and kinds[0] >= 19 and _GREEN.issuperset(kinds) and (
                rules.ryuuiisou_without_hatsu or 32 in kinds):
            out.append(("ryuuiisou", 1))
        if self.n_kans == 4:
            out.append(("suukantsu", _mult("suukantsu", rules)))
        elif self.n_kans == 3 and rules.sankantsu_yakuman:
            out.append(("sankantsu", 1))
        return out

    def _tile_yaku(self) -> Yaku:
        """Ordinary yaku decided by which kinds are used, whatever the reading."""
        kinds = self.kinds
        out: Yaku = []
        if (self.menzen or self.rules.open_tanyao) and _YAOCHUU.isdisjoint(kinds):
            out.append(("tanyao", 1))
        lo, hi = kinds[0], kinds[-1]
        if self.all_yaochuu and is_honour(hi) and is_suited(lo):
            out.append(("honroutou", 2))
        if is_suited(lo):
            i = len(kinds) - 1
            while is_honour(kinds[i]):
                i -= 1
            if lo // 9 == kinds[i] // 9:
                if is_honour(hi):
                    out.append(("honitsu", 3 if self.menzen else 2))
                else:
                    out.append(("chinitsu", 6 if self.menzen else 5))
        return out


NEXT = tuple(dora_of(k) for k in range(34))
"""The dora kind shown by each indicator kind."""


def _mult(yid: str, rules: Ruleset) -> int:
    return 2 if yid in rules.double_yakuman else 1


def _wait_mult(h: _Hand, yid: str) -> int:
    """Multiplier of kokushi_13 / junsei_chuuren: single when furiten and the rules say so."""
    if h.ctx.furiten and not h.rules.double_yakuman_when_furiten:
        return 1
    return _mult(yid, h.rules)


_YakumanResult = tuple[tuple[tuple[str, int], ...], int]


def _combine_yakuman(h: _Hand, found: list[tuple[str, int]]) -> _YakumanResult | None:
    """Combine the yakuman found in one reading with the luck yakuman; None if none."""
    rules = h.rules
    items = found + h.luck_yakuman
    if not items:
        return None
    if not rules.first_turn_yakuman_stack:
        luck = [y for y in items if y[0] in _LUCK_YAKUMAN]
        rest = [y for y in items if y[0] not in _LUCK_YAKUMAN]
        if luck and rest:
            luck_best = max(luck, key=lambda y: y[1])
            items = [luck_best] if luck_best[1] > sum(m for _, m in rest) else rest
    if not rules.yakuman_stacking and len(items) > 1:
        items = [max(items, key=lambda y: y[1])]
    count = min(sum(m for _, m in items), rules.yakuman_cap)
    items.sort(key=lambda y: ORDER[y[0]])
    return tuple((y, 13 * m) for y, m in items), count


_TOTALS: dict[tuple[int, int, bool, bool, bool, bool, bool, str], int] = {}


def _total(h: _Hand, han: int, fu: int) -> int:
    """Total points of an ordinary hand (memoised by everything it depends on)."""
    rules = h.rules
    key = (han, fu, h.dealer, h.ctx.tsumo, rules.kiriage_mangan, rules.kiriage_3han_60fu,
           rules.kazoe_yakuman, rules.kazoe_cap)
    t = _TOTALS.get(key)
    if t is None:
        limit = limit_of(han, fu, rules)
        t = split(base_points(han, fu, limit, 0), dealer=h.dealer, tsumo=h.ctx.tsumo)[1]
        _TOTALS[key] = t
    return t


NO_YAKU = ScoreResult.invalid("no yaku")
"""The result of a complete hand without yaku (shared)."""
_NO_YAKU = NO_YAKU


def _finish(h: _Hand, yaku: Yaku, fu: int, fu_parts: list[tuple[str, int]]) -> ScoreResult:
    han_wo = 0
    for _, v in yaku:
        han_wo += v
    if han_wo == 0:
        return _NO_YAKU
    allyaku = sorted(yaku, key=lambda y: ORDER[y[0]]) + h.dora
    han = han_wo + h.dora_han
    limit = limit_of(han, fu, h.rules)
    base = base_points(han, fu, limit, 0)
    points, total = split(base, dealer=h.dealer, tsumo=h.ctx.tsumo)
    return ScoreResult(True, None, han, fu, tuple(allyaku), tuple(fu_parts), limit, 0,
                       points, total, han_wo)


def _finish_yakuman(h: _Hand, ym: _YakumanResult) -> ScoreResult:
    items, count = ym
    base = base_points(0, 0, "yakuman", count)
    points, total = split(base, dealer=h.dealer, tsumo=h.ctx.tsumo)
    return ScoreResult(True, None, 13 * count, 0, items, (), "yakuman", count, points, total,
                       13 * count)


def _better(a: ScoreResult | None, b: ScoreResult) -> bool:
    """True when ``b`` beats ``a`` (points, then a real yakuman, then han, then fu)."""
    if a is None or not a.valid:
        return True
    if not b.valid:
        return False
    return (b.total, b.yakuman_count > 0, b.han, b.fu) > (
        a.total, a.yakuman_count > 0, a.han, a.fu)


# ---------------------------------------------------------------- special shapes
def _kokushi(h: _Hand) -> ScoreResult:
    counts, rules, ctx = h.counts, h.rules, h.ctx
    thirteen = counts[h.win] == 2 or (ctx.tenhou and rules.tenhou_best_waits)
    yid = "kokushi_13" if thirteen else "kokushi"
    m = _wait_mult(h, yid)
    if ctx.chankan_ankan and rules.kokushi_chankan_ankan_double:
        m += 1
    ym = _combine_yakuman(h, [(yid, m)])
    assert ym is not None
    return _finish_yakuman(h, ym)


def _chiitoitsu(h: _Hand) -> ScoreResult:
    rules = h.rules
    kinds = h.kinds
    found = [y for y in h.hand_yakuman if y[0] == "tsuuiisou"]
    if rules.daisharin != "none" and is_suited(kinds[-1]) and kinds[0] // 9 == kinds[-1] // 9:
        lo = kinds[0] % 9
        ok = (
            (rules.daisharin == "pinzu" and kinds[0] == 10 and kinds[-1] == 16)
            or (rules.daisharin == "any_suit" and lo == 1 and kinds[-1] % 9 == 7)
            or rules.daisharin == "any_pairs"
        )
        if ok:
            found.append(("daisharin", _mult("daisharin", rules)))
    ym = _combine_yakuman(h, found)
    if ym is not None:
        return _finish_yakuman(h, ym)
    yaku: Yaku = h.situational + [("chiitoitsu", 2)] + h.tile_yaku
    return _finish(h, yaku, rules.chiitoitsu_fu, [("chiitoitsu", rules.chiitoitsu_fu)])


def _is_shiisanputaa(counts: list[int]) -> bool:
    pairs = 0
    last = [-10, -10, -10]
    for k in range(34):
        n = counts[k]
        if not n:
            continue
        if n > 2:
            return False
        if n == 2:
            pairs += 1
        if is_suited(k):
            s = k // 9
            if k - last[s] <= 2:
                return False
            last[s] = k
    return pairs == 1


def _chuuren(h: _Hand) -> str | None:
    """'chuuren' / 'junsei_chuuren' when the hand is nine gates, else None."""
    if not h.no_melds:
        return None
    kinds = h.kinds
    if is_honour(kinds[-1]) or kinds[0] // 9 != kinds[-1] // 9 or len(kinds) != 9:
        return None
    suit = kinds[0] // 9
    if suit != 0 and not h.rules.chuuren_any_suit:
        return None
    c = h.counts[suit * 9: suit * 9 + 9]
    need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    extra = -1
    for i in range(9):
        d = c[i] - need[i]
        if d < 0:
            return None
        if d == 1:
            extra = i
    if suit * 9 + extra == h.win or (h.ctx.tenhou and h.rules.tenhou_best_waits):
        return "junsei_chuuren"
    return "chuuren"


# ---------------------------------------------------------------- regular readings
def _fu(h: _Hand, pair: int, ctrips: tuple[int, ...], wait: int, ron_trip: bool, pinfu: bool,
        parts: list[tuple[str, int]] | None) -> int:
    """Fu of one placement (rounded up); fills ``parts`` when given."""
    rules, ctx = h.rules, h.ctx
    raw = 20
    if parts is not None:
        parts.append(("base", 20))
    win = h.win
    for k in ctrips:
        conc = True
        if ron_trip and k == win:
            conc = False
            ron_trip = False  # only one group holds the winning tile
        term = k in _YAOCHUU
        v = (8 if term else 4) if conc else (4 if term else 2)
        raw += v
        if parts is not None:
            parts.append((_SET_FU_ID[conc, False, term], v))
    for k, kan, conc in h.meld_trips:
        term = k in _YAOCHUU
        v = (4 if term else 2) * (2 if conc else 1) * (4 if kan else 1)
        raw += v
        if parts is not None:
            parts.append((_SET_FU_ID[conc, kan, term], v))
    if is_honour(pair):
        pf = _pair_fu(h, pair)
        if pf:
            raw += pf[1]
            if parts is not None:
                parts.append(pf)
    if wait >= _KANCHAN and wait != _SHANPON:
        raw += 2
        if parts is not None:
            parts.append((_WAIT_FU_ID[wait], 2))
    if ctx.tsumo:
        if not (pinfu and rules.pinfu_tsumo_fu):
            raw += 2
            if parts is not None:
                parts.append(("tsumo", 2))
    elif h.menzen:
        raw += 10
        if parts is not None:
            parts.append(("closed_ron", 10))
    elif raw == 20 and rules.open_pinfu_ron_fu > 20:
        raw = rules.open_pinfu_ron_fu
        if parts is not None:
            parts.append(("open_pinfu", rules.open_pinfu_ron_fu - 20))
    return -(-raw // 10) * 10


_Best = tuple[tuple[int, int, int, int], ScoreResult | None, tuple[object, ...] | None]


def _regular(h: _Hand, pair: int, cseqs: tuple[int, ...], ctrips: tuple[int, ...],  # noqa: C901 (pinned by the reference scorer)
             chuuren: str | None, best: _Best) -> _Best:
    """Value every placement of the winning tile in one reading; return the new best."""
    rules, ctx = h.rules, h.ctx
    win = h.win
    seqs = h.meld_seq_t + cseqs if h.meld_seq_t else cseqs
    trips = ctrips + h.meld_trip_kinds if h.meld_trip_kinds else ctrips

    # ---- yakuman of this reading
    found = h.hand_yakuman
    if chuuren:
        found = found + [(chuuren, _wait_mult(h, chuuren))]
    if trips and is_honour(trips[-1]) or h.meld_trips:
        dragons = winds = 0
        for k in trips:
            if is_dragon(k):
                dragons += 1
            elif is_honour(k):
                winds += 1
        if dragons == 3:
            found = found + [("daisangen", _mult("daisangen", rules))]
        if winds == 4:
            found = found + [("daisuushii", _mult("daisuushii", rules))]
        elif winds == 3 and is_wind(pair):
            found = found + [("shousuushii", 1)]
    renkou = _renkou(trips) if len(trips) >= 3 and (
        rules.sanrenkou_han or rules.suurenkou) else 0
    if renkou >= 4 and rules.suurenkou:
        found = found + [("suurenkou", 1)]

    # ---- placements of the winning tile: (wait, kind of the group)
    placements: list[tuple[int, int]] = []
    if pair == win:
        placements.append((_TANKI, win))
    if win in ctrips:
        placements.append((_SHANPON, win))
    last = -1
    for k in cseqs:
        if k <= win <= k + 2 and k != last:
            last = k
            if win == k + 1:
                placements.append((_KANCHAN, k))
            elif (win == k and k % 9 == 6) or (win == k + 2 and k % 9 == 0):
                placements.append((_PENCHAN, k))
            else:
                placements.append((_RYANMEN, k))

    n_ankou = len(ctrips) + h.n_ankan
    base_yaku: Yaku | None = None
    base_han = 0
    yakuhai_pair = is_dragon(pair) or pair == h.seat_k or pair == h.round_k
    for wait, _gk in placements:
        ron_trip = wait == _SHANPON and not ctx.tsumo
        ankou = n_ankou - 1 if ron_trip else n_ankou
        if found or ankou == 4 or h.luck_yakuman:
            f = found
            if ankou == 4:
                tanki = wait == _TANKI or (ctx.tenhou and rules.tenhou_best_waits)
                yid = "suuankou_tanki" if tanki else "suuankou"
                f = found + [(yid, _mult(yid, rules))]
            ym = _combine_yakuman(h, f)
            if ym is not None:
                res = _finish_yakuman(h, ym)
                key = (res.total, 1, res.han, 0)
                if key > best[0]:
                    best = (key, res, None)
                continue
        if base_yaku is None:
            base_yaku = _reading_yaku(h, pair, seqs, trips, renkou)
            base_han = 0
            for _, v in base_yaku:
                base_han += v
        han = base_han
        pinfu = (wait == _RYANMEN and h.menzen and not trips and not yakuhai_pair)
        if pinfu:
            han += 1
        if ankou == 3:
            han += 2
        if han == 0:
            if best[0] < (0, 0, 0, 0):
                best = ((0, 0, 0, 0), _NO_YAKU, None)
            continue
        fu = _fu(h, pair, ctrips, wait, ron_trip, pinfu, None)
        total = _total(h, han + h.dora_han, fu)
        key = (total, 0, han + h.dora_han, fu)
        if key > best[0]:
            best = (key, None, (pair, ctrips, wait, ron_trip, pinfu, ankou, base_yaku))
    return best


def _build_regular(h: _Hand, detail: tuple[object, ...]) -> ScoreResult:
    pair, ctrips, wait, ron_trip, pinfu, ankou, base_yaku = detail
    yaku: Yaku = list(base_yaku)  # type: ignore[call-overload]
    if pinfu:
        yaku.append(("pinfu", 1))
    if ankou == 3:
        yaku.append(("sanankou", 2))
    parts: list[tuple[str, int]] = []
    fu = _fu(h, pair, ctrips, wait, ron_trip, bool(pinfu), parts)  # type: ignore[arg-type]
    return _finish(h, yaku, fu, parts)


def _pair_fu(h: _Hand, pair: int) -> tuple[str, int] | None:
    if is_dragon(pair):
        return ("pair_dragon", 2)
    seat = pair == h.seat_k
    rnd = pair == h.round_k
    if seat and rnd:
        return ("pair_double_wind", h.rules.double_wind_fu)
    if seat:
        return ("pair_seat_wind", 2)
    if rnd:
        return ("pair_round_wind", 2)
    return None


def _renkou(trips: tuple[int, ...]) -> int:
    """Length of the longest run of consecutive suited triplets."""
    tripset = set(trips)
    best = 0
    for k in tripset:
        if is_honour(k) or (k % 9 and k - 1 in tripset):
            continue
        n = 1
        while (k + n) % 9 and is_suited(k + n) and k + n in tripset:
            n += 1
        best = max(best, n)
    return best


def _reading_yaku(h: _Hand, pair: int, seqs: tuple[int, ...], trips: tuple[int, ...],  # noqa: C901 (pinned by the reference scorer)
                  renkou: int) -> Yaku:
    """Ordinary yaku of a reading, except pinfu and sanankou (they depend on the wait)."""
    rules = h.rules
    menzen = h.menzen
    yaku: Yaku = h.situational + h.tile_yaku
    nt = len(trips)
    if nt:
        if is_honour(trips[-1]) or (h.meld_trips and is_honour(max(trips))):
            for k in trips:
                if is_dragon(k):
                    yaku.append((_DRAGON_YAKU[k], 1))
                if k == h.seat_k:
                    yaku.append(("yakuhai_seat_wind", 1))
                if k == h.round_k:
                    yaku.append(("yakuhai_round_wind", 1))
            if is_dragon(pair) and sum(1 for k in trips if is_dragon(k)) == 2:
                yaku.append(("shousangen", 2))
        if nt == 4:
            yaku.append(("toitoi", 2))
        if nt >= 3:
            for k in trips:
                if k < 9 and k + 9 in trips and k + 18 in trips:
                    yaku.append(("sanshoku_doukou", 2))
                    break
            if renkou >= 3 and rules.sanrenkou_han and not (renkou >= 4 and rules.suurenkou):
                yaku.append(("sanrenkou", rules.sanrenkou_han))
    if h.n_kans == 3 and not rules.sankantsu_yakuman:
        yaku.append(("sankantsu", 2))
    ns = len(seqs)
    if ns >= 2:
        if menzen:
            ss = sorted(seqs)
            dup = 0
            i = 0
            while i < ns - 1:
                if ss[i] == ss[i + 1]:
                    dup += 1
                    i += 2
                else:
                    i += 1
            if dup == 2:
                yaku.append(("ryanpeikou", 3))
            elif dup == 1:
                yaku.append(("iipeikou", 1))
        if ns >= 3:
            for k in seqs:
                if k < 9 and k + 9 in seqs and k + 18 in seqs:
                    yaku.append(("sanshoku", 2 if menzen else 1))
                    break
            for s in (0, 9, 18):
                if s in seqs and s + 3 in seqs and s + 6 in seqs:
                    yaku.append(("ittsu", 2 if menzen else 1))
                    break
    # outside hands (with no sequence it is honroutou, a tile yaku)
    if ns and pair in _YAOCHUU and _YAOCHUU.issuperset(trips) and all(
            k % 9 in (0, 6) for k in seqs):
        if is_honour(h.kinds[-1]):
            yaku.append(("chanta", 2 if menzen else 1))
        else:
            yaku.append(("junchan", 3 if menzen else 2))
    return yaku


# ---------------------------------------------------------------- entry point


def check_tiles(ctx: WinContext) -> ScoreResult | None:
    """Why the tiles are not a possible complete hand (checked in this order), or None."""
    concealed = ctx.concealed
    melds = ctx.melds
    n_melds = len(melds)
    n_tiles = len(concealed)
    if n_melds > 4 or n_tiles != 14 - 3 * n_melds:
        return ScoreResult.invalid(
            f"not a complete hand: {n_tiles} concealed tiles with {n_melds} "
            f"meld(s) (a winning hand has {14 - 3 * min(n_melds, 4)})")
    seen = set(concealed)
    for m in melds:
        seen.update(m.tiles)
    if min(seen) < 0 or max(seen) > 135:
        return ScoreResult.invalid("impossible tiles: a tile number is outside 0-135")
    for m in melds:
        tiles = m.tiles
        if len(tiles) < 3:
            return ScoreResult.invalid("a meld has three or four tiles")
        n_tiles += len(tiles)
        k = kind_of(min(tiles))
        if m.kind == "chi":
            if len(tiles) != 3 or is_honour(k) or k % 9 > 6 or {kind_of(t) for t in tiles} != {
                    k, k + 1, k + 2}:
                return ScoreResult.invalid("a chi must be three consecutive tiles of one suit")
        else:
            size = 3 if m.kind == "pon" else 4
            if len(tiles) != size or kind_of(max(tiles)) != k:
                return ScoreResult.invalid(
                    "a pon must be three identical tiles" if size == 3
                    else "a kan must be four identical tiles")
    if len(seen) != n_tiles:
        return ScoreResult.invalid("impossible tiles: the same physical tile appears twice")
    return None



def score_full(ctx: WinContext, rules: Ruleset, kb: bytes,
                meld_trips: list[tuple[int, bool, bool]], dora: Yaku) -> ScoreResult:
    """The full scorer (every rule, every yakuman), for what the fast path leaves."""
    meld_seqs = [kind_of(min(m.tiles)) for m in ctx.melds if m.kind == "chi"]
    counts = [0] * 34
    for k in kb:
        counts[k] += 1
    total = counts[:]
    for k in meld_seqs:
        total[k] += 1
        total[k + 1] += 1
        total[k + 2] += 1
    for k, kan, _ in meld_trips:
        total[k] += 4 if kan else 3
    kinds = list(compress(_R34, total))
    return _score(_Hand(ctx, rules, counts, total, meld_seqs, meld_trips, kinds, dora),
                  tuple(counts))


def _score(h: _Hand, ct: tuple[int, ...]) -> ScoreResult:
    ctx, rules, counts = h.ctx, h.rules, h.counts
    if ctx.chankan_ankan:
        if rules.chankan_on_ankan == "none":
            return ScoreResult.invalid("robbing a closed kan is not allowed under these rules")
        if not (h.no_melds and is_kokushi(counts)):
            return ScoreResult.invalid("robbing a closed kan wins only with thirteen orphans")
        return _kokushi(h)

    chiitoi: ScoreResult | None = None
    if h.no_melds:
        n_kinds = len(h.kinds)
        if n_kinds == 13 and is_kokushi(counts):
            return _kokushi(h)
        if n_kinds == 7 and counts.count(2) == 7:
            chiitoi = _chiitoitsu(h)
    readings = regular_readings(ct)
    best: _Best = ((-1, -1, -1, -1), None, None)
    if readings:
        chuuren = _chuuren(h)
        for pair, cseqs, ctrips in readings:
            best = _regular(h, pair, cseqs, ctrips, chuuren, best)
    result = best[1]
    if best[2] is not None:
        result = _build_regular(h, best[2])
    if chiitoi is not None and _better(result, chiitoi):
        result = chiitoi
    if (result is None and rules.shiisanputaa and ctx.first_draw_no_calls and h.no_melds
            and _is_shiisanputaa(counts)):
        ym = _combine_yakuman(h, [("shiisanputaa", 1)])
        assert ym is not None
        return _finish_yakuman(h, ym)
    if result is None:
        return ScoreResult.invalid("not a complete hand")
    return result


_RED_TILES: tuple[frozenset[int], ...] = (
    frozenset(), frozenset((16, 52, 88)), frozenset((16, 17, 52, 53, 88, 89)))
"""Red five tile ids with 0, 1 or 2 red fives per suit (the lowest copies)."""


def score_reference(ctx: WinContext, rules: Ruleset) -> ScoreResult:
    """The complete scorer on its own: no fast path, no memo (for tests and checks).

    Counts the tiles and dora its own way and values every hand reading by reading;
    ``score_win`` must return an equal result for every context and ruleset.
    """
    bad = check_tiles(ctx)
    if bad is not None:
        return bad
    concealed = ctx.concealed
    melds = ctx.melds
    seen = set(concealed)
    for m in melds:
        seen.update(m.tiles)
    if ctx.win_tile not in concealed:
        return ScoreResult.invalid("the winning tile is not in the concealed hand")
    counts = [0] * 34
    for t in concealed:
        counts[kind_of(t)] += 1
    total = counts[:]
    meld_seqs: list[int] = []
    meld_trips: list[tuple[int, bool, bool]] = []
    for m in melds:
        k = kind_of(min(m.tiles))
        if m.kind == "chi":
            meld_seqs.append(k)
            total[k] += 1
            total[k + 1] += 1
            total[k + 2] += 1
        else:
            meld_trips.append((k, len(m.tiles) == 4, m.kind == "ankan"))
            total[k] += len(m.tiles)
    dora: Yaku = []
    n = sum(total[NEXT[kind_of(i)]] for i in ctx.dora_indicators)
    if n:
        dora.append(("dora", n))
    if rules.red_fives:
        red = len(_RED_TILES[rules.red_fives].intersection(seen))
        if red:
            dora.append(("aka_dora", red))
    if (ctx.riichi or ctx.double_riichi or ctx.open_riichi) and rules.ura_dora:
        n = sum(total[NEXT[kind_of(i)]] for i in ctx.ura_indicators)
        if n:
            dora.append(("ura_dora", n))
    kinds = list(compress(_R34, total))
    return _score(_Hand(ctx, rules, counts, total, meld_seqs, meld_trips, kinds, dora),
                  tuple(counts))
