"""``score_win``: the best-scoring reading of a winning hand under a ruleset.

Steps: check the tiles; count dora; read the hand every way it can be read
(regular decompositions with every place the winning tile may sit, seven pairs,
thirteen orphans, thirteen unconnected tiles); value each reading (yakuman first,
which ignore ordinary yaku; else yaku, fu and limits); keep the reading worth the
most points, then han, then fu.
"""

from __future__ import annotations

from rulesets.schema import Ruleset

from engine.events import Meld
from engine.scoring.decompose import KOKUSHI_KINDS, is_chiitoitsu, is_kokushi, regular_readings
from engine.scoring.points import base_points, limit_of, split
from engine.scoring.registry import ORDER
from engine.scoring.types import SEQ, TRIPLET, ScoreResult, WinContext
from engine.tiles import FIVES, dora_of

_YAOCHUU = frozenset(KOKUSHI_KINDS)
_GREEN = frozenset((19, 20, 21, 23, 25, 32))
_DRAGON_YAKU = {31: "yakuhai_haku", 32: "yakuhai_hatsu", 33: "yakuhai_chun"}
_LUCK_YAKUMAN = frozenset(("tenhou", "chiihou", "renhou", "shiisanputaa"))
_RENHOU_HAN = {"mangan": 5, "baiman": 8}

# wait kinds
_RYANMEN, _KANCHAN, _PENCHAN, _SHANPON, _TANKI = range(5)
_WAIT_FU_ID = {_KANCHAN: "wait_kanchan", _PENCHAN: "wait_penchan", _TANKI: "wait_tanki"}

Yaku = list[tuple[str, int]]


class _Hand:
    """Facts about the whole hand that every reading shares (computed once)."""

    __slots__ = (
        "ctx", "rules", "win", "menzen", "no_melds", "counts", "total", "meld_sets",
        "n_kans", "kinds", "situational", "luck_yakuman", "dora", "tile_yaku",
        "dealer", "seat_k", "round_k", "riichi_any",
    )

    def __init__(self, ctx: WinContext, rules: Ruleset, counts: list[int], total: list[int],
                 meld_sets: list[tuple[int, int, bool, bool]]) -> None:
        self.ctx = ctx
        self.rules = rules
        self.win = ctx.win_tile >> 2
        self.no_melds = not ctx.melds
        self.menzen = all(m.kind == "ankan" for m in ctx.melds)
        self.counts = counts
        self.total = total
        self.meld_sets = meld_sets  # (SEQ|TRIPLET, kind, is_kan, concealed)
        self.n_kans = sum(1 for m in ctx.melds if m.kind in ("minkan", "ankan", "kakan"))
        self.kinds = [k for k in range(34) if total[k]]
        self.dealer = ctx.seat_wind == 0
        self.seat_k = 27 + ctx.seat_wind
        self.round_k = 27 + ctx.round_wind
        self.riichi_any = ctx.riichi or ctx.double_riichi or ctx.open_riichi
        self.situational = self._situational()
        self.luck_yakuman = self._luck_yakuman()
        self.dora = self._dora()
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

    def _dora(self) -> Yaku:
        ctx, rules = self.ctx, self.rules
        total = self.total
        out: Yaku = []
        n = sum(total[dora_of(i >> 2)] for i in ctx.dora_indicators)
        if n:
            out.append(("dora", n))
        if rules.red_fives:
            red = 0
            for t in ctx.concealed:
                if (t >> 2) in FIVES and (t & 3) < rules.red_fives:
                    red += 1
            for m in ctx.melds:
                for t in m.tiles:
                    if (t >> 2) in FIVES and (t & 3) < rules.red_fives:
                        red += 1
            if red:
                out.append(("aka_dora", red))
        if self.riichi_any and rules.ura_dora and ctx.ura_indicators:
            n = sum(total[dora_of(i >> 2)] for i in ctx.ura_indicators)
            if n:
                out.append(("ura_dora", n))
        return out

    def _tile_yaku(self) -> Yaku:
        """Yaku decided by which kinds are used, whatever the reading (not tanyao)."""
        kinds = self.kinds
        suits = {k // 9 for k in kinds if k < 27}
        honours = kinds[-1] >= 27
        out: Yaku = []
        if len(suits) == 1:
            if honours:
                out.append(("honitsu", 3 if self.menzen else 2))
            else:
                out.append(("chinitsu", 6 if self.menzen else 5))
        return out

    # ------------------------------------------------------------ values
    def tanyao(self) -> bool:
        return (self.menzen or self.rules.open_tanyao) and all(
            k < 27 and k % 9 not in (0, 8) for k in self.kinds)

    def all_yaochuu(self) -> bool:
        return all(k in _YAOCHUU for k in self.kinds)


def _mult(yid: str, rules: Ruleset) -> int:
    return 2 if yid in rules.double_yakuman else 1


def _result_yakuman(h: _Hand, found: list[tuple[str, int]]) -> tuple | None:
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
    return ("yakuman", tuple((y, 13 * m) for y, m in items), count)


def _finish(h: _Hand, yaku: Yaku, fu: int, fu_parts: list[tuple[str, int]]) -> ScoreResult:
    han_wo = sum(v for _, v in yaku)
    if han_wo == 0:
        return ScoreResult.invalid("no yaku")
    allyaku = sorted(yaku, key=lambda y: ORDER[y[0]]) + h.dora
    han = han_wo + sum(v for _, v in h.dora)
    limit = limit_of(han, fu, h.rules)
    base = base_points(han, fu, limit, 0)
    points, total = split(base, dealer=h.dealer, tsumo=h.ctx.tsumo)
    return ScoreResult(True, None, han, fu, tuple(allyaku), tuple(fu_parts), limit, 0,
                       points, total, han_wo)


def _finish_yakuman(h: _Hand, ym: tuple) -> ScoreResult:
    _, items, count = ym
    base = base_points(0, 0, "yakuman", count)
    points, total = split(base, dealer=h.dealer, tsumo=h.ctx.tsumo)
    return ScoreResult(True, None, 13 * count, 0, items, (), "yakuman", count, points, total,
                       13 * count)


def _better(a: ScoreResult | None, b: ScoreResult) -> bool:
    """True when ``b`` beats ``a`` (points, then han, then fu)."""
    if a is None or not a.valid:
        return True
    if not b.valid:
        return False
    return (b.total, b.han, b.fu) > (a.total, a.han, a.fu)


# ---------------------------------------------------------------- special shapes
def _kokushi(h: _Hand) -> ScoreResult:
    counts, rules, ctx = h.counts, h.rules, h.ctx
    thirteen = counts[h.win] == 2 or (ctx.tenhou and rules.tenhou_best_waits)
    yid = "kokushi_13" if thirteen else "kokushi"
    m = _mult(yid, rules)
    if ctx.chankan_ankan and rules.kokushi_chankan_ankan_double:
        m += 1
    ym = _result_yakuman(h, [(yid, m)])
    assert ym is not None
    return _finish_yakuman(h, ym)


def _chiitoitsu(h: _Hand) -> ScoreResult:
    rules = h.rules
    kinds = h.kinds
    found: list[tuple[str, int]] = []
    if kinds[0] >= 27:
        found.append(("tsuuiisou", 1))
    if rules.daisharin != "none" and kinds[-1] < 27 and kinds[0] // 9 == kinds[-1] // 9:
        lo = kinds[0] % 9
        ok = (
            (rules.daisharin == "pinzu" and kinds[0] == 10 and kinds[-1] == 16)
            or (rules.daisharin == "any_suit" and lo == 1 and kinds[-1] % 9 == 7)
            or rules.daisharin == "any_pairs"
        )
        if ok:
            found.append(("daisharin", _mult("daisharin", rules)))
    ym = _result_yakuman(h, found)
    if ym is not None:
        return _finish_yakuman(h, ym)
    yaku: Yaku = list(h.situational) + [("chiitoitsu", 2)]
    if h.tanyao():
        yaku.append(("tanyao", 1))
    if h.all_yaochuu():
        yaku.append(("honroutou", 2))
    yaku += h.tile_yaku
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
        if k < 27:
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
    if kinds[-1] >= 27 or kinds[0] // 9 != kinds[-1] // 9:
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
def _regular(h: _Hand, pair: int, groups: tuple[tuple[int, int], ...],
             chuuren: str | None) -> ScoreResult | None:
    rules, ctx = h.rules, h.ctx
    win = h.win
    menzen = h.menzen
    # all sets: (SEQ|TRIPLET, kind, is_kan, concealed)
    sets = [(t, k, False, True) for t, k in groups] + h.meld_sets
    seqs = sorted(k for t, k, _, _ in sets if t == SEQ)
    trips = [k for t, k, _, _ in sets if t == TRIPLET]
    tripset = set(trips)

    # ---- yakuman (reading-level)
    found: list[tuple[str, int]] = []
    if chuuren:
        found.append((chuuren, _mult(chuuren, rules)))
    dragons = sum(1 for k in trips if k >= 31)
    winds = sum(1 for k in trips if 27 <= k <= 30)
    if dragons == 3:
        found.append(("daisangen", _mult("daisangen", rules)))
    if winds == 4:
        found.append(("daisuushii", _mult("daisuushii", rules)))
    elif winds == 3 and 27 <= pair <= 30:
        found.append(("shousuushii", 1))
    kinds = h.kinds
    if kinds[0] >= 27:
        found.append(("tsuuiisou", 1))
    elif not seqs and all(k < 27 and k % 9 in (0, 8) for k in kinds):
        found.append(("chinroutou", 1))
    if all(k in _GREEN for k in kinds) and (rules.ryuuiisou_without_hatsu or 32 in kinds):
        found.append(("ryuuiisou", 1))
    if h.n_kans == 4:
        found.append(("suukantsu", _mult("suukantsu", rules)))
    elif h.n_kans == 3 and rules.sankantsu_yakuman:
        found.append(("sankantsu", 1))
    renkou = _renkou(tripset)
    if renkou >= 4 and rules.suurenkou:
        found.append(("suurenkou", 1))

    # ---- placements of the winning tile
    placements: list[tuple[int, int]] = []  # (wait, kind of the group or pair)
    if pair == win:
        placements.append((_TANKI, win))
    seen = set()
    for t, k in groups:
        if (t, k) in seen:
            continue
        seen.add((t, k))
        if t == TRIPLET:
            if k == win:
                placements.append((_SHANPON, k))
        elif k <= win <= k + 2:
            if win == k + 1:
                placements.append((_KANCHAN, k))
            elif (win == k and k % 9 == 6) or (win == k + 2 and k % 9 == 0):
                placements.append((_PENCHAN, k))
            else:
                placements.append((_RYANMEN, k))

    concealed_trips_base = sum(1 for t, _, _, c in sets if t == TRIPLET and c)
    best: ScoreResult | None = None

    # ---- ordinary yaku shared by all placements
    base_yaku: Yaku | None = None

    for wait, gk in placements:
        ron_trip = wait == _SHANPON and not ctx.tsumo
        ankou = concealed_trips_base - (1 if ron_trip else 0)
        f = list(found)
        if ankou == 4:
            tanki = wait == _TANKI or (ctx.tenhou and rules.tenhou_best_waits)
            yid = "suuankou_tanki" if tanki else "suuankou"
            f.append((yid, _mult(yid, rules)))
        ym = _result_yakuman(h, f)
        if ym is not None:
            res = _finish_yakuman(h, ym)
            if _better(best, res):
                best = res
            continue
        if base_yaku is None:
            base_yaku = _reading_yaku(h, pair, seqs, trips, tripset, renkou)
        yaku = list(base_yaku)
        # pinfu
        pinfu = (menzen and not trips and wait == _RYANMEN and not _yakuhai_pair(h, pair))
        if pinfu:
            yaku.append(("pinfu", 1))
        if ankou == 3:
            yaku.append(("sanankou", 2))
        # fu
        fu_parts: list[tuple[str, int]] = [("base", 20)]
        for t, k, kan, conc in sets:
            if t != TRIPLET:
                continue
            if conc and ron_trip and k == gk and not kan:
                conc = False
                ron_trip = False  # only one group holds the winning tile
            v = 2
            term = k in _YAOCHUU
            if term:
                v *= 2
            if conc:
                v *= 2
            if kan:
                v *= 4
            fu_parts.append((
                f"{'closed' if conc else 'open'}_{'kan' if kan else 'triplet'}_"
                f"{'terminal' if term else 'simple'}", v))
        pf = _pair_fu(h, pair)
        if pf:
            fu_parts.append(pf)
        if wait in _WAIT_FU_ID:
            fu_parts.append((_WAIT_FU_ID[wait], 2))
        if ctx.tsumo:
            if not (pinfu and rules.pinfu_tsumo_fu):
                fu_parts.append(("tsumo", 2))
        elif menzen:
            fu_parts.append(("closed_ron", 10))
        raw = sum(v for _, v in fu_parts)
        if raw == 20 and not menzen and not ctx.tsumo and rules.open_pinfu_ron_fu > 20:
            fu_parts.append(("open_pinfu", rules.open_pinfu_ron_fu - 20))
            raw = rules.open_pinfu_ron_fu
        fu = -(-raw // 10) * 10
        res = _finish(h, yaku, fu, fu_parts)
        if _better(best, res):
            best = res
    return best


def _yakuhai_pair(h: _Hand, pair: int) -> bool:
    return pair >= 31 or pair == h.seat_k or pair == h.round_k


def _pair_fu(h: _Hand, pair: int) -> tuple[str, int] | None:
    if pair >= 31:
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


def _renkou(tripset: set[int]) -> int:
    """Length of the longest run of consecutive suited triplets."""
    best = 0
    for k in tripset:
        if k >= 27 or (k % 9 and k - 1 in tripset):
            continue
        n = 1
        while (k + n) % 9 and k + n < 27 and k + n in tripset:
            n += 1
        best = max(best, n)
    return best


def _reading_yaku(h: _Hand, pair: int, seqs: list[int], trips: list[int],
                  tripset: set[int], renkou: int) -> Yaku:
    rules = h.rules
    menzen = h.menzen
    yaku: Yaku = list(h.situational)
    if h.tanyao():
        yaku.append(("tanyao", 1))
    for k in trips:
        if k >= 31:
            yaku.append((_DRAGON_YAKU[k], 1))
    if h.seat_k in tripset:
        yaku.append(("yakuhai_seat_wind", 1))
    if h.round_k in tripset:
        yaku.append(("yakuhai_round_wind", 1))
    # peikou
    if menzen and len(seqs) >= 2:
        dup = 0
        i = 0
        while i < len(seqs) - 1:
            if seqs[i] == seqs[i + 1]:
                dup += 1
                i += 2
            else:
                i += 1
        if dup == 2:
            yaku.append(("ryanpeikou", 3))
        elif dup == 1:
            yaku.append(("iipeikou", 1))
    if len(seqs) >= 3:
        sset = set(seqs)
        for k in sset:
            if k < 9 and k + 9 in sset and k + 18 in sset:
                yaku.append(("sanshoku", 2 if menzen else 1))
                break
        for s in (0, 9, 18):
            if s in sset and s + 3 in sset and s + 6 in sset:
                yaku.append(("ittsu", 2 if menzen else 1))
                break
    if len(trips) == 4:
        yaku.append(("toitoi", 2))
    if len(trips) >= 3:
        for k in tripset:
            if k < 9 and k + 9 in tripset and k + 18 in tripset:
                yaku.append(("sanshoku_doukou", 2))
                break
    if h.n_kans == 3 and not rules.sankantsu_yakuman:
        yaku.append(("sankantsu", 2))
    if pair >= 31 and sum(1 for k in trips if k >= 31) == 2:
        yaku.append(("shousangen", 2))
    # outside hands
    if seqs:
        if pair in _YAOCHUU and all(k in _YAOCHUU for k in trips) and all(
                k % 9 in (0, 6) for k in seqs):
            if h.kinds[-1] >= 27:
                yaku.append(("chanta", 2 if menzen else 1))
            else:
                yaku.append(("junchan", 3 if menzen else 2))
    elif h.all_yaochuu():
        yaku.append(("honroutou", 2))
    if renkou >= 3 and rules.sanrenkou_han and not (renkou >= 4 and rules.suurenkou):
        yaku.append(("sanrenkou", rules.sanrenkou_han))
    yaku += h.tile_yaku
    return yaku


# ---------------------------------------------------------------- entry point
def _meld_set(m: Meld) -> tuple[int, int, bool, bool]:
    k = min(m.tiles) >> 2
    if m.kind == "chi":
        return (SEQ, k, False, False)
    if m.kind == "pon":
        return (TRIPLET, k, False, False)
    return (TRIPLET, k, True, m.kind == "ankan")


def _check_meld(m: Meld) -> str | None:
    ks = sorted(t >> 2 for t in m.tiles)
    if m.kind == "chi":
        if len(ks) != 3 or ks[0] >= 27 or ks[0] // 9 != ks[2] // 9 or ks != [
                ks[0], ks[0] + 1, ks[0] + 2]:
            return "a chi must be three consecutive tiles of one suit"
    elif m.kind == "pon":
        if len(ks) != 3 or ks[0] != ks[2]:
            return "a pon must be three identical tiles"
    elif len(ks) != 4 or ks[0] != ks[3]:
        return "a kan must be four identical tiles"
    return None


def score_win(ctx: WinContext, rules: Ruleset) -> ScoreResult:
    """Score a win: the reading worth the most points (then han, then fu).

    Returns an invalid :class:`ScoreResult` with a plain-sentence ``error`` when the
    tiles are impossible, the hand is not complete, or it has no yaku.  Minimum-han
    rules are the caller's: compare ``han_without_dora`` with the ruleset.
    """
    concealed = ctx.concealed
    melds = ctx.melds
    alltiles = list(concealed)
    for m in melds:
        alltiles.extend(m.tiles)
        err = _check_meld(m)
        if err:
            return ScoreResult.invalid(err)
    if any(not 0 <= t < 136 for t in alltiles) or len(set(alltiles)) != len(alltiles):
        return ScoreResult.invalid("impossible tiles: the same physical tile appears twice")
    if ctx.win_tile not in concealed:
        return ScoreResult.invalid("the winning tile is not in the concealed hand")
    if len(melds) > 4 or len(concealed) != 14 - 3 * len(melds):
        return ScoreResult.invalid(
            f"not a complete hand: {len(concealed)} concealed tiles with {len(melds)} "
            f"meld(s) (a winning hand has {14 - 3 * min(len(melds), 4)})")
    counts = [0] * 34
    for t in concealed:
        counts[t >> 2] += 1
    total = list(counts)
    meld_sets = []
    for m in melds:
        ms = _meld_set(m)
        meld_sets.append(ms)
        if ms[0] == SEQ:
            total[ms[1]] += 1
            total[ms[1] + 1] += 1
            total[ms[1] + 2] += 1
        else:
            total[ms[1]] += 4 if ms[2] else 3
    h = _Hand(ctx, rules, counts, total, meld_sets)

    if ctx.chankan_ankan:
        if rules.chankan_on_ankan == "none":
            return ScoreResult.invalid("robbing a closed kan is not allowed under these rules")
        if not (h.no_melds and is_kokushi(counts)):
            return ScoreResult.invalid("robbing a closed kan wins only with thirteen orphans")
        return _kokushi(h)

    best: ScoreResult | None = None
    if h.no_melds:
        if is_kokushi(counts):
            return _kokushi(h)
        if is_chiitoitsu(counts):
            best = _chiitoitsu(h)
    readings = regular_readings(tuple(counts))
    if readings:
        chuuren = _chuuren(h)
        for pair, groups in readings:
            res = _regular(h, pair, groups, chuuren)
            if res is not None and _better(best, res):
                best = res
    if (best is None and rules.shiisanputaa and ctx.first_draw_no_calls and h.no_melds
            and _is_shiisanputaa(counts)):
        ym = _result_yakuman(h, [("shiisanputaa", 1)])
        assert ym is not None
        return _finish_yakuman(h, ym)
    if best is None:
        return ScoreResult.invalid("not a complete hand")
    return best
