"""``score_win``: the best-scoring reading of a winning hand under a ruleset.

Steps: check the tiles (with one look-up per meld in engine.scoring.melds); count
dora; look the hand up in the memo; then value it.  Ordinary hands take the fast
path here: the concealed tiles' sorted kinds split into suits, each suit's
readings come packed from engine.scoring.suits and add up to the hand's readings,
which are valued with bit operations; only the best placement of the winning tile
gets its yaku and fu-part lists.  Whatever is rare and intricate (thirteen
orphans, robbed closed kans, luck yakuman, any hand that may hold a yakuman, seven
pairs under a daisharin rule, possible thirteen unconnected tiles) goes to the
complete scorer in engine.scoring.full, which gives the same results for
everything the fast path takes.
"""

from __future__ import annotations

from bisect import bisect_left

from hanchan.engine.scoring.full import NEXT as _NEXT
from hanchan.engine.scoring.full import NO_YAKU, check_tiles, score_full, score_reference
from hanchan.engine.scoring.melds import KAN_SHAPE, MELDS, PON_SHAPE, SEQ_SHAPE
from hanchan.engine.scoring.points import base_points, limit_of, split
from hanchan.engine.scoring.registry import ORDER
from hanchan.engine.scoring.suits import (
    DUP_SHIFT,
    FU_SHIFT,
    KIND_OF,
    KINDS_SHIFT,
    M34,
    MULTI_SHIFT,
    PAIR_SHIFT,
    PAIRS_SHIFT,
    READING_MASK,
    READINGS,
    TABLE,
    TRIP_SHIFT,
    YAO_MASK,
    suit_value,
)
from hanchan.engine.scoring.types import PointSplit, ScoreResult, WinContext
from hanchan.engine.tiles import is_honour, kind_of, wind_kind
from hanchan.rulesets.schema import Ruleset

Yaku = list[tuple[str, int]]

_RYANMEN, _KANCHAN, _PENCHAN, _SHANPON, _TANKI = range(5)
_WAIT_PART = {_KANCHAN: ("wait_kanchan", 2), _PENCHAN: ("wait_penchan", 2),
              _TANKI: ("wait_tanki", 2)}
_SET_FU_ID = {
    (conc, kan, term): f"{'closed' if conc else 'open'}_{'kan' if kan else 'triplet'}_"
                       f"{'terminal' if term else 'simple'}"
    for conc in (False, True) for kan in (False, True) for term in (False, True)
}
_RENHOU_HAN = {"mangan": 5, "baiman": 8}

_NOT_YAO = M34 & ~YAO_MASK
_GREEN_MASK = sum(1 << k for k in (19, 20, 21, 23, 25, 32))
_NOT_GREEN = M34 & ~_GREEN_MASK
_SUITED = (1 << 27) - 1
_START3 = sum(1 << k for k in range(27) if k % 9 <= 6)
_START4 = sum(1 << k for k in range(27) if k % 9 <= 5)
_OUT_SEQ = sum(1 << k for k in range(27) if k % 9 in (0, 6))
_NOT_OUT_SEQ = M34 & ~_OUT_SEQ


def _wait_candidates(w: int) -> tuple[tuple[int, int], ...]:
    """(sequence start, wait) for each sequence that may hold kind ``w``, lowest first."""
    if is_honour(w):
        return ()
    out = []
    for k in (w - 2, w - 1, w):
        if k < 0 or k // 9 != w // 9 or k % 9 > 6:
            continue
        if w == k + 1:
            wait = _KANCHAN
        elif (w == k and k % 9 == 6) or (w == k + 2 and k % 9 == 0):
            wait = _PENCHAN
        else:
            wait = _RYANMEN
        out.append((k, wait))
    return tuple(out)


_WAITS = tuple(_wait_candidates(w) for w in range(34))
_SEQ_LO = tuple(max(w - 2, 0) for w in range(34))
"""Lowest sequence start that may hold kind ``w``."""
_SEQ_BITS = tuple(sum(1 << (k - _SEQ_LO[w]) for k, _ in _WAITS[w]) for w in range(34))
"""Which of the three starts from ``_SEQ_LO[w]`` may hold kind ``w`` (bits)."""


def _placements(w: int) -> tuple[tuple[int, ...], ...]:
    """Waits of every placement of kind ``w``, by ``tanki | shanpon << 1 | seqs << 2``.

    ``seqs`` are the bits of the sequences holding ``w`` from ``_SEQ_LO[w]``; the
    placements come in reading order (pair, triplet, sequences lowest first) and a
    wait already listed is left out (the same wait values the same).
    """
    lo = _SEQ_LO[w]
    out = []
    for idx in range(32):
        waits: list[int] = []
        if idx & 1:
            waits.append(_TANKI)
        if idx & 2:
            waits.append(_SHANPON)
        for k, wait in _WAITS[w]:
            if idx >> 2 >> (k - lo) & 1 and wait not in waits:
                waits.append(wait)
        out.append(tuple(waits))
    return tuple(out)


_PLACEMENTS = tuple(_placements(w) for w in range(34))


class _OrderKey(dict[tuple[str, int], int]):
    """Sort key of a yaku row: its canonical position (ids are unique within a result).

    Filled on demand, so it holds only the rows met (small and quick to search).
    """

    def __missing__(self, row: tuple[str, int]) -> int:
        pos = self[row] = ORDER[row[0]]
        return pos


_ORDER_KEY = _OrderKey()
_ORDER_OF = _ORDER_KEY.__getitem__

Entry = tuple[int, str | None, PointSplit, int]
"""(total, limit, points, rank) of an ordinary hand's han and fu; the rank orders
placements by points, then han, then fu (``total << 16 | han << 8 | fu``)."""

_TOTALS: dict[tuple[bool, bool, bool, str], tuple[dict[int, Entry], ...]] = {}
"""Points tables by the limit options, then by ``dealer << 1 | tsumo``: han << 8 | fu -> entry."""


def _entry(totals: dict[int, Entry], han: int, fu: int, rules: Ruleset, dealer: bool,
           tsumo: bool) -> Entry:
    limit = limit_of(han, fu, rules)
    points, total = split(base_points(han, fu, limit, 0), dealer=dealer, tsumo=tsumo)
    e = totals[han << 8 | fu] = (total, limit, points, total << 16 | han << 8 | fu)
    return e


def _result(yaku: Yaku, han_wo: int, fu: int, parts: list[tuple[str, int]], dora: Yaku,
            han: int, e: Entry) -> ScoreResult:
    """A valid ordinary result."""
    yaku.sort(key=_ORDER_OF)
    if dora:
        yaku += dora
    return _filled(yaku, han_wo, fu, parts, han, e)


def _filled(yaku: Yaku, han_wo: int, fu: int, parts: list[tuple[str, int]], han: int,
            e: Entry) -> ScoreResult:
    """The result object of an ordinary hand whose yaku list is complete and in order."""
    # the points are shared by equal results: read-only (see score_win)
    return ScoreResult(True, None, han, fu, tuple(yaku), tuple(parts), e[1], 0, e[2], e[0],
                       han_wo)


def _tables(rules: Ruleset) -> tuple[dict[int, Entry], ...]:
    """The points tables of ``rules`` by ``dealer << 1 | tsumo``."""
    key = (rules.kiriage_mangan, rules.kiriage_3han_60fu, rules.kazoe_yakuman,
           rules.kazoe_cap)
    tables = _TOTALS.get(key)
    if tables is None:
        tables = _TOTALS[key] = ({}, {}, {}, {})
    return tables


_TERMINALS = sum(1 << k for k in (0, 8, 9, 17, 18, 26))
_NOT_TERM = M34 & ~_TERMINALS
_FULL_SUITS = (0x1FF, 0x1FF << 9, 0x1FF << 18)
_MAN = 0x1FF
_PIN = 0x1FF << 9
_ITTSU_AT = 1 | 1 << 9 | 1 << 18
_HAKU = ("yakuhai_haku", 1)
_HATSU = ("yakuhai_hatsu", 1)
_CHUN = ("yakuhai_chun", 1)
_SEAT = ("yakuhai_seat_wind", 1)
_ROUND = ("yakuhai_round_wind", 1)
_SHOUSANGEN = ("shousangen", 2)
_TOITOI = ("toitoi", 2)
_DOUKOU = ("sanshoku_doukou", 2)
_RYANPEIKOU = ("ryanpeikou", 3)
_IIPEIKOU = ("iipeikou", 1)
_PINFU = ("pinfu", 1)
_ROUND_FU = tuple(-(-raw // 10) * 10 for raw in range(256))
"""Fu rounded up to the next 10."""
_BASE = ("base", 20)
_OPEN_TRIP = (("open_triplet_simple", 2), ("open_triplet_terminal", 4))
_CLOSED_TRIP = (("closed_triplet_simple", 4), ("closed_triplet_terminal", 8))
_HONITSU = (("honitsu", 2), ("honitsu", 3))
_CHINITSU = (("chinitsu", 5), ("chinitsu", 6))
_SANSHOKU = (("sanshoku", 1), ("sanshoku", 2))
_ITTSU = (("ittsu", 1), ("ittsu", 2))
_CHANTA = (("chanta", 1), ("chanta", 2))
_JUNCHAN = (("junchan", 2), ("junchan", 3))
"""Rows by menzen (False, True)."""
_SANANKOU = ("sanankou", 2)

_MELD_PART = tuple(
    (_SET_FU_ID[conc, kan, term], (4 if term else 2) * (2 if conc else 1) * (4 if kan else 1))
    for k in range(34) for kan in (False, True) for conc in (False, True)
    for term in (bool(YAO_MASK >> k & 1),))
"""Fu part of a meld triplet, at ``kind << 2 | is_kan << 1 | concealed``."""


class _FullScorer(Exception):
    """Raised on the fast path for a hand the complete scorer must value."""


_DORA_ROWS = tuple(("dora", n) for n in range(64))
_AKA_ROWS = tuple(("aka_dora", n) for n in range(64))
_URA_ROWS = tuple(("ura_dora", n) for n in range(64))
"""Shared rows (fewer objects for each result to keep)."""
_NO_TRIPS: list[tuple[int, bool, bool]] = []
"""The meld triplets of a hand without melds (shared: never modified)."""


def _unusual(ctx: WinContext, rules: Ruleset) -> ScoreResult:
    """Tiles the quick checks do not take: why they are impossible, or (say melds given
    as lists) the complete scorer's result."""
    bad = check_tiles(ctx)
    return bad if bad is not None else score_reference(ctx, rules)


def _dora_rows(nd: int, red: int, ura: int) -> Yaku:
    """The yaku rows of the dora, red fives and ura dora (those there are)."""
    rows: Yaku = []
    if nd:
        rows.append(_DORA_ROWS[nd] if nd < 64 else ("dora", nd))
    if red:
        rows.append(_AKA_ROWS[red] if red < 64 else ("aka_dora", red))
    if ura:
        rows.append(_URA_ROWS[ura] if ura < 64 else ("ura_dora", ura))
    return rows


_Memo = tuple[Ruleset | None, dict[bytes | None, ScoreResult], tuple[dict[int, Entry], ...]]
"""A ruleset's memo: (the ruleset, key -> result, its points tables)."""
_MEMOS: dict[int, _Memo] = {}
"""Memoised results by the ruleset's id: (the ruleset, kept alive so that its id is not
reused while its results are here; key -> result)."""
_LAST_MEMO: _Memo = (None, {}, ())
_MEMO_MAX = 1 << 13
_RED_MAP = (b"", bytes(t in (16, 52, 88) for t in range(256)),
            bytes(t in (16, 17, 52, 53, 88, 89) for t in range(256)))
"""``bytes.translate`` tables: red five tile -> 1, any other -> 0, by red fives per suit."""


def _memo_of(rules: Ruleset) -> _Memo:
    """The memo of ``rules`` (made if new), remembered as the last one used."""
    global _LAST_MEMO
    memo = _MEMOS.get(id(rules))
    if memo is None or memo[0] is not rules:
        if len(_MEMOS) >= 16:
            _MEMOS.clear()
        memo = _MEMOS[id(rules)] = (rules, {}, _tables(rules))
    _LAST_MEMO = memo
    return memo


def score_win(ctx: WinContext, rules: Ruleset) -> ScoreResult:  # noqa: C901 (pinned by the reference scorer)
    """Score a win: the reading worth the most points (then a real yakuman, han, fu).

    Returns an invalid :class:`ScoreResult` with a plain-sentence ``error`` when the
    tiles are impossible, the hand is not complete, or it has no yaku.  Minimum-han
    rules are the caller's: compare ``han_without_dora`` with the ruleset.

    Results are memoised by everything they depend on (the kinds of the tiles, the
    melds, the winning kind, the circumstances, the dora count and the ruleset), so
    the same hand checked against many discards is scored once; the same result
    object may be returned again, so treat it as read-only.
    """
    concealed = ctx.concealed
    melds = ctx.melds
    n_tiles = len(concealed)
    if melds:
        if len(melds) > 4 or n_tiles != 14 - 3 * len(melds):
            return _unusual(ctx, rules)
        srt = sorted(concealed)
        meld_trips: list[tuple[int, bool, bool]] = []
        mkb = b""
        seen = set(concealed)
        msm = mtm = mkm = meld_fu = n_kans = n_ankan = 0
        mcode = 1  # the meld triplets in order, 8 bits each (for the memo key)
        mred = 0
        ok = 0 <= srt[0] and srt[-1] <= 135
        for m in melds:
            tiles = m.tiles
            try:
                f = MELDS[tiles]
            except (KeyError, TypeError):  # not a valid meld (or not a tuple of tiles)
                ok = False
                break
            kind = m.kind
            shape = f[0]
            if shape == SEQ_SHAPE:
                if kind != "chi":
                    ok = False
                    break
                msm |= f[2]
            else:
                if kind == "chi" or (kind == "pon") != (shape == PON_SHAPE):
                    ok = False
                    break
                if kind == "ankan":
                    meld_trips.append((f[1], True, True))
                    mcode = mcode << 8 | f[1] << 2 | 3
                    meld_fu += f[6]
                    n_ankan += 1
                    n_kans += 1
                else:
                    kan = shape == KAN_SHAPE
                    meld_trips.append((f[1], kan, False))
                    mcode = mcode << 8 | f[1] << 2 | kan << 1
                    meld_fu += f[5]
                    if kan:
                        n_kans += 1
                mtm |= f[2]
            mkm |= f[3]
            mkb += f[4]
            mred += f[7]
            seen.update(tiles)
        if not ok or len(seen) != 14 + n_kans:
            return _unusual(ctx, rules)
        menzen = not msm and n_ankan == len(meld_trips)
        mkey = (msm | mcode << 27).to_bytes(8, "little")
    else:
        if n_tiles != 14:
            return _unusual(ctx, rules)
        srt = sorted(concealed)
        if srt[0] < 0 or srt[-1] > 135 or len(set(srt)) != 14:
            return _unusual(ctx, rules)
        meld_trips = _NO_TRIPS
        mkb = mkey = b""
        mred = msm = mtm = mkm = meld_fu = n_kans = n_ankan = 0
        menzen = True
    if ctx.win_tile not in concealed:
        return ScoreResult.invalid("the winning tile is not in the concealed hand")
    tb = bytes(srt)
    kb = tb.translate(KIND_OF)
    # ---- dora, red fives and (for riichi) ura dora: the same for every reading
    tk = kb + mkb if mkb else kb
    nd = 0
    for i in ctx.dora_indicators:
        nd += tk.count(_NEXT[kind_of(i)])
    red = ura = 0
    reds = rules.red_fives
    if reds:
        red = tb.translate(_RED_MAP[reds]).count(1)
        if mred:
            red += mred >> 4 * (reds - 1) & 15
    if ctx.ura_indicators and rules.ura_dora and (
            ctx.riichi or ctx.double_riichi or ctx.open_riichi):
        for i in ctx.ura_indicators:
            ura += tk.count(_NEXT[kind_of(i)])
    memo = _LAST_MEMO
    if memo[0] is not rules:
        memo = _memo_of(rules)
    try:  # the memo key: sorted kinds, meld facts, circumstances, dora (all as bytes)
        key: bytes | None = kb + mkey + bytes((
            kind_of(ctx.win_tile), ctx.tsumo, ctx.seat_wind, ctx.round_wind, ctx.riichi,
            ctx.double_riichi, ctx.open_riichi, ctx.ippatsu, ctx.haitei, ctx.houtei,
            ctx.rinshan, ctx.chankan, ctx.chankan_ankan, ctx.tenhou, ctx.chiihou, ctx.renhou,
            ctx.first_draw_no_calls, ctx.paarenchan, ctx.furiten, nd, red, ura))
    except (ValueError, TypeError):  # a wind or flag that is not a small number: no memo
        key = None
    results = memo[1]
    hit = results.get(key)
    if hit is not None:
        return hit
    # dora, red fives and (for riichi) ura dora: the same for every reading
    dora_han = nd + red + ura
    no_melds = not melds
    try:  # ---- the fast path: ordinary hands
        if ctx.chankan_ankan:
            raise _FullScorer
        km = mkm
        # ---- suit values (see engine.scoring.suits): their sum is the hand's value
        n = len(kb)
        i1 = bisect_left(kb, 9)
        i2 = bisect_left(kb, 18, i1)
        i3 = bisect_left(kb, 27, i2)
        try:
            acc = TABLE[kb[:i1]] if i1 else 0
            if i2 != i1:
                acc += TABLE[kb[i1:i2]]
            if i3 != i2:
                acc += TABLE[kb[i2:i3]]
            if n != i3:
                acc += TABLE[kb[i3:]]
        except KeyError:  # a suit pattern met for the first time
            acc = 0
            for a, b in ((0, i1), (i1, i2), (i2, i3), (i3, n)):
                if a != b:
                    acc += suit_value(kb[a:b])
        km |= acc >> KINDS_SHIFT & M34

        # ---- what the full scorer decides
        chiitoi = False
        if no_melds:
            if ctx.tenhou or ctx.chiihou or ctx.renhou:
                raise _FullScorer  # a luck yakuman may apply
            nk = km.bit_count()
            if nk == 7:
                if kb[0::2] == kb[1::2]:
                    if rules.daisharin != "none":
                        raise _FullScorer
                    chiitoi = True
            elif nk == 13 and km == YAO_MASK or nk == 9 and km in _FULL_SUITS:
                raise _FullScorer  # thirteen orphans, maybe nine gates
        if ctx.paarenchan and rules.paarenchan:
            raise _FullScorer
        if not km & _SUITED or not km & _NOT_TERM or not km & _NOT_GREEN or (
                n_kans >= 3 and (n_kans == 4 or rules.sankantsu_yakuman)):
            raise _FullScorer  # tsuuiisou, chinroutou, ryuuiisou, suukantsu, sankantsu as yakuman

        # ---- yaku of the whole hand
        tsumo = ctx.tsumo
        yaku: Yaku = []  # the circumstances (riichi, tsumo, last tile, ...) and the tiles used
        base_han = 0
        if menzen:
            if ctx.riichi or ctx.double_riichi or ctx.open_riichi:
                if ctx.open_riichi and rules.open_riichi:
                    base_han = 3 if ctx.double_riichi and rules.double_riichi else 2
                    yaku.append(("open_riichi", base_han))
                elif ctx.double_riichi and rules.double_riichi:
                    yaku.append(("double_riichi", 2))
                    base_han = 2
                else:
                    yaku.append(("riichi", 1))
                    base_han = 1
                if ctx.ippatsu and rules.ippatsu:
                    yaku.append(("ippatsu", 1))
                    base_han += 1
            if tsumo:
                yaku.append(("menzen_tsumo", 1))
                base_han += 1
        if tsumo:
            if ctx.haitei and (not ctx.rinshan or rules.haitei_with_rinshan):
                yaku.append(("haitei", 1))
                base_han += 1
            if ctx.rinshan:
                yaku.append(("rinshan", 1))
                base_han += 1
        else:
            if ctx.houtei:
                yaku.append(("houtei", 1))
                base_han += 1
            if ctx.chankan:  # (a robbed closed kan went to the full scorer)
                yaku.append(("chankan", 1))
                base_han += 1
            if ctx.renhou and menzen and rules.renhou in _RENHOU_HAN:
                han = _RENHOU_HAN[rules.renhou]
                yaku.append(("renhou", han))
                base_han += han
        if not km & YAO_MASK:
            if menzen or rules.open_tanyao:
                yaku.append(("tanyao", 1))
                base_han += 1
        elif not km & _NOT_YAO and km >> 27:
            yaku.append(("honroutou", 2))
            base_han += 2
        suited = km & _SUITED  # not empty (all honours went to the full scorer)
        if suited <= _MAN or not suited & _MAN and (suited <= _PIN or not suited & _PIN):
            if km >> 27:
                yaku.append(_HONITSU[menzen])
                base_han += 2 + menzen
            else:
                yaku.append(_CHINITSU[menzen])
                base_han += 5 + menzen
        if n_kans == 3:
            yaku.append(("sankantsu", 2))
            base_han += 2
        dealer = ctx.seat_wind == 0
        totals = memo[2][dealer << 1 | tsumo]

        result: ScoreResult | None = None
        if acc >> PAIRS_SHIFT & 0xFF == 1:  # one suit holds the pair, every suit has a reading
            combos: list[int] | tuple[int, ...]
            if acc >> MULTI_SHIFT:  # some suit has several readings: their product, in order
                combos = [0]
                for a, b in ((0, i1), (i1, i2), (i2, i3), (i3, n)):
                    if a != b:
                        combos = [x + y for x in combos for y in READINGS[kb[a:b]]]
            else:
                combos = (acc & READING_MASK,)
            w = kind_of(ctx.win_tile)
            fu_base = 20 + meld_fu
            seat_w = ctx.seat_wind
            round_w = ctx.round_wind
            seat_k = wind_kind(seat_w)
            round_k = wind_kind(round_w)
            places = _PLACEMENTS[w]
            seq_lo = _SEQ_LO[w]
            seq_bits = _SEQ_BITS[w]
            best_key = -1  # (total, han, fu) packed: total << 16 | han << 8 | fu
            best_res: ScoreResult | None = None
            # (best_ry .. best_e are set with the first valid placement, best_key > 0)
            for v in combos:
                sm = v & M34
                tm = v >> TRIP_SHIFT & M34
                pair = (v >> PAIR_SHIFT) - 1
                tmask = tm | mtm
                smask = sm | msm
                han = base_han
                ry: tuple[tuple[str, int], ...] = ()
                if tmask:
                    hon = tmask >> 27
                    if hon:
                        dr = hon >> 4
                        if dr == 7 or (hon & 15).bit_count() >= 3:
                            raise _FullScorer  # daisangen, shousuushii or daisuushii may apply
                        if dr:
                            if dr & 1:
                                ry += (_HAKU,)
                                han += 1
                            if dr & 2:
                                ry += (_HATSU,)
                                han += 1
                            if dr & 4:
                                ry += (_CHUN,)
                                han += 1
                            if pair >= 31 and dr in (3, 5, 6):
                                ry += (_SHOUSANGEN,)
                                han += 2
                        if hon >> seat_w & 1:
                            ry += (_SEAT,)
                            han += 1
                        if hon >> round_w & 1:
                            ry += (_ROUND,)
                            han += 1
                    nt = tmask.bit_count()
                    if nt >= 3:
                        if nt == 4:
                            ry += (_TOITOI,)
                            han += 2
                        if tmask & (tmask >> 9) & (tmask >> 18) & 0x1FF:
                            ry += (_DOUKOU,)
                            han += 2
                        if rules.sanrenkou_han or rules.suurenkou:
                            x = tmask & _SUITED
                            r3 = x & (x >> 1) & (x >> 2) & _START3
                            if r3:
                                if rules.suurenkou and r3 & (x >> 3) & _START4:
                                    raise _FullScorer  # suurenkou
                                if rules.sanrenkou_han:
                                    ry += (("sanrenkou", rules.sanrenkou_han),)
                                    han += rules.sanrenkou_han
                if smask:
                    if menzen:
                        dup = v >> DUP_SHIFT & 15
                        if dup == 2:
                            ry += (_RYANPEIKOU,)
                            han += 3
                        elif dup:
                            ry += (_IIPEIKOU,)
                            han += 1
                    if smask.bit_count() >= 3:
                        if smask & (smask >> 9) & (smask >> 18) & 0x7F:
                            ry += (_SANSHOKU[menzen],)
                            han += 1 + menzen
                        if smask & (smask >> 3) & (smask >> 6) & _ITTSU_AT:
                            ry += (_ITTSU[menzen],)
                            han += 1 + menzen
                    if not smask & _NOT_OUT_SEQ and YAO_MASK >> pair & 1 and not tmask & _NOT_YAO:
                        if km >> 27:
                            ry += (_CHANTA[menzen],)
                            han += 1 + menzen
                        else:
                            ry += (_JUNCHAN[menzen],)
                            han += 2 + menzen
                n_ankou = tm.bit_count() + n_ankan if tm else n_ankan
                if n_ankou == 4:
                    raise _FullScorer  # suuankou may apply
                fu0 = fu_base + (v >> FU_SHIFT & 255)
                pinfu_ok = menzen and not tmask
                if pair >= 27:
                    if pair >= 31:
                        fu0 += 2
                        pinfu_ok = False
                    elif pair == seat_k:
                        fu0 += rules.double_wind_fu if pair == round_k else 2
                        pinfu_ok = False
                    elif pair == round_k:
                        fu0 += 2
                        pinfu_ok = False
                for wait in places[(pair == w) | (tm >> w & 1) << 1
                                   | (sm >> seq_lo & seq_bits) << 2]:
                    h = han
                    raw = fu0
                    ankou = n_ankou
                    ron_trip = pinfu = False
                    if wait == _SHANPON:
                        if not tsumo:
                            ron_trip = True
                            ankou -= 1
                            raw -= 4 if YAO_MASK >> w & 1 else 2  # made open
                    elif wait == _RYANMEN:
                        if pinfu_ok:
                            pinfu = True
                            h += 1
                    else:
                        raw += 2
                    if ankou == 3:
                        h += 2
                    if h == 0:
                        if best_key < 0:
                            best_key = 0
                            best_res = NO_YAKU
                        continue
                    if tsumo:
                        if not (pinfu and rules.pinfu_tsumo_fu):
                            raw += 2
                    elif menzen:
                        raw += 10
                    elif raw == 20 and rules.open_pinfu_ron_fu > 20:
                        raw = rules.open_pinfu_ron_fu
                    fu = _ROUND_FU[raw]
                    hd = h + dora_han
                    try:
                        e = totals[hd << 8 | fu]
                    except KeyError:
                        e = _entry(totals, hd, fu, rules, dealer, tsumo)
                    if e[3] > best_key:
                        best_key = e[3]
                        best_res = None
                        best_ry = ry
                        best_tm = tm
                        best_pair = pair
                        best_wait = wait
                        best_ron = ron_trip
                        best_pinfu = pinfu
                        best_ankou = ankou
                        best_h = h
                        best_fu = fu
                        best_e = e
            result = best_res
            if best_key > 0:  # a valid placement: list its yaku and fu parts
                yl = [*yaku, *best_ry]
                if best_pinfu:
                    yl.append(_PINFU)
                if best_ankou == 3:
                    yl.append(_SANANKOU)
                yl.sort(key=_ORDER_OF)
                if dora_han:
                    if nd:
                        yl.append(_DORA_ROWS[nd] if nd < 64 else ("dora", nd))
                    if red:
                        yl.append(_AKA_ROWS[red] if red < 64 else ("aka_dora", red))
                    if ura:
                        yl.append(_URA_ROWS[ura] if ura < 64 else ("ura_dora", ura))
                tm = best_tm
                pair = best_pair
                parts: list[tuple[str, int]] = [_BASE]
                while tm:
                    low = tm & -tm
                    k = low.bit_length() - 1
                    tm ^= low
                    if best_ron and k == w:
                        parts.append(_OPEN_TRIP[YAO_MASK >> k & 1])
                    else:
                        parts.append(_CLOSED_TRIP[YAO_MASK >> k & 1])
                if meld_trips:
                    for k, kan, conc in meld_trips:
                        parts.append(_MELD_PART[k << 2 | kan << 1 | conc])
                if pair >= 27:
                    if pair >= 31:
                        parts.append(("pair_dragon", 2))
                    elif pair == seat_k and pair == round_k:
                        parts.append(("pair_double_wind", rules.double_wind_fu))
                    elif pair == seat_k:
                        parts.append(("pair_seat_wind", 2))
                    elif pair == round_k:
                        parts.append(("pair_round_wind", 2))
                if best_wait >= _KANCHAN and best_wait != _SHANPON:
                    parts.append(_WAIT_PART[best_wait])
                if tsumo:
                    if not (best_pinfu and rules.pinfu_tsumo_fu):
                        parts.append(("tsumo", 2))
                elif menzen:
                    parts.append(("closed_ron", 10))
                elif len(parts) == 1 and rules.open_pinfu_ron_fu > 20:  # no fu but the base
                    parts.append(("open_pinfu", rules.open_pinfu_ron_fu - 20))
                result = _filled(yl, best_h, best_fu, parts, best_h + dora_han, best_e)
        if chiitoi:
            fu = rules.chiitoitsu_fu
            h = base_han + 2
            hd = h + dora_han
            ce = totals.get(hd << 8 | fu)
            if ce is None:
                ce = _entry(totals, hd, fu, rules, dealer, tsumo)
            chi = _result(yaku + [("chiitoitsu", 2)], h, fu, [("chiitoitsu", fu)],
                          _dora_rows(nd, red, ura), hd, ce)
            if result is None or not result.valid or (
                    chi.total, chi.yakuman_count > 0, chi.han, chi.fu) > (
                    result.total, result.yakuman_count > 0, result.han, result.fu):
                result = chi
        if result is None:
            if rules.shiisanputaa and ctx.first_draw_no_calls and no_melds:
                raise _FullScorer  # maybe thirteen unconnected tiles
            result = ScoreResult.invalid("not a complete hand")
    except _FullScorer:
        result = score_full(ctx, rules, kb, meld_trips, _dora_rows(nd, red, ura))
    if key is not None:
        if len(results) >= _MEMO_MAX:
            results.clear()
        results[key] = result
    return result


def clear_cache() -> None:
    """Forget memoised results (for benchmarks that measure the cold path)."""
    global _LAST_MEMO
    _MEMOS.clear()
    _LAST_MEMO = (None, {}, ())
