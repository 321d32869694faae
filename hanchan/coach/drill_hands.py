"""Random winning hands for the drills, drawn to exercise what a ruleset does its own way.

A hand is built from four sets and a pair (sometimes seven pairs), with open and
closed melds, a winning tile taken from the concealed part, winds, riichi, dora
and ura indicators, red fives, honba and riichi sticks; the engine's
:func:`engine.scoring.score_win` must accept it as a win under the ruleset, or
it is drawn again.  Nothing here decides a score: a drill's answer is always
the engine's result.

What to exercise comes from the ruleset's options (:func:`focus_of`): a feature
whose option differs from ``Ruleset()``'s (kiriage mangan, the fu of a
double-wind pair, of an open hand with no fu, of chiitoitsu or pinfu tsumo, a
local yaku such as sanrenkou, the honba value) is drawn for on purpose, and a
share of the hands are drawn freely.  Yakuman are drawn only for such a feature:
a local yakuman the ruleset enables (daisharin, suurenkou, sankantsu as yakuman,
renhou, paarenchan) or a yakuman it counts double; free draws keep to hands whose
han and fu a player counts.

>>> from hanchan.rulesets.schema import Ruleset
>>> rules = Ruleset().replace(kiriage_mangan=True)
>>> [f.id for f in focus_of(rules)]
['kiriage']
>>> hand = draw_hand(random.Random(1), rules, focus_of(rules)[0])
>>> (hand.result.han, hand.result.fu, hand.result.limit)
(4, 30, 'mangan')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from hanchan.engine.events import Meld
from hanchan.engine.scoring import ScoreResult, WinContext, score_win
from hanchan.engine.tiles import FIVES, WINDS, is_honour, kind_of
from hanchan.rulesets.schema import Ruleset

SetSpec = tuple[str, int, str]
"""(``seq`` | ``trip``, lowest kind, ``closed`` | ``chi`` | ``pon`` | ``minkan`` | ``ankan``)."""


@dataclass(frozen=True)
class DrillHand:
    """One winning hand of a drill: the situation and the engine's score of it."""

    ctx: WinContext
    result: ScoreResult
    dealer_seat: int = 0
    """Seat winds are relative to the dealer: ``ctx.seat_wind == 0`` is the dealer."""
    feature: str = ""
    """The :class:`Feature` this hand was drawn for ('' when drawn freely)."""

    @property
    def from_seat(self) -> int | None:
        """The discarder's seat wind on a ron (the winner's left), None on a tsumo."""
        return None if self.ctx.tsumo else (self.ctx.seat_wind + 3) % 4


@dataclass(frozen=True)
class Shape:
    """Choices that bias a draw: forced sets, pair, winds, or how the hand is won."""

    sets: tuple[SetSpec, ...] = ()
    pair: int | None = None
    chiitoitsu: bool = False
    seat_wind: int | None = None
    round_wind: int | None = None
    tsumo: bool | None = None
    closed: bool | None = None
    """True: no open meld; False: at least one chi or pon."""
    no_riichi: bool = False
    kinds: tuple[int, ...] = ()
    """A fixed closed hand of 14 kinds (kokushi, chuuren, daisharin); ``sets`` unused."""
    win_kind: int | None = None
    """The kind of the winning tile (a pair wait, a 13-sided wait); random when None."""
    luck: str = ""
    """``tenhou`` | ``chiihou`` | ``renhou`` | ``paarenchan``: the win's flag in the context."""


@dataclass(frozen=True)
class Feature:
    """A rule a ruleset may have its own way, how to draw a hand that shows it, and
    how to know the hand does."""

    id: str
    words: str
    active: Callable[[Ruleset], bool]
    shape: Callable[[random.Random, Ruleset], Shape]
    shows: Callable[[WinContext, ScoreResult, Ruleset], bool]
    yakuman: bool = False
    """The hand drawn for it may be a yakuman (free draws never are)."""
    options: tuple[str, ...] = ()
    """The ruleset options it shows (a drill names them after the answer)."""


def _kiriage(r: Ruleset) -> bool:
    return r.kiriage_mangan


def _kiriage_shows(c: WinContext, s: ScoreResult, r: Ruleset) -> bool:
    return (s.han, s.fu) == (4, 30) or (r.kiriage_3han_60fu and (s.han, s.fu) == (3, 60))


def _any_shape(rng: random.Random, r: Ruleset) -> Shape:
    return Shape()


def _double_wind_shape(rng: random.Random, r: Ruleset) -> Shape:
    wind = rng.randrange(2)
    return Shape(pair=WINDS[wind], seat_wind=wind, round_wind=wind)


def _open_pinfu_shape(rng: random.Random, r: Ruleset) -> Shape:
    # an open all-sequence hand with a plain pair, won by ron: no fu but the base
    sets = tuple(("seq", _seq_start(rng, simple=True), "chi" if i < 2 else "closed")
                 for i in range(4))
    return Shape(sets=sets, pair=_simple(rng), tsumo=False, closed=False)


def _pinfu_tsumo_shape(rng: random.Random, r: Ruleset) -> Shape:
    sets = tuple(("seq", _seq_start(rng), "closed") for _ in range(4))
    return Shape(sets=sets, pair=_simple(rng), tsumo=True, closed=True)


def _chiitoitsu_shape(rng: random.Random, r: Ruleset) -> Shape:
    return Shape(chiitoitsu=True)


def _sanrenkou_shape(rng: random.Random, r: Ruleset) -> Shape:
    suit, low = rng.randrange(3), rng.randrange(7)
    hows = ["closed", "closed", "pon", "closed"]
    trips = tuple(("trip", suit * 9 + low + i, rng.choice(hows)) for i in range(3))
    return Shape(sets=trips)


def _honba_shape(rng: random.Random, r: Ruleset) -> Shape:
    return Shape()


# ---- yakuman shapes
def _daisharin_shape(rng: random.Random, r: Ruleset) -> Shape:
    suit = 1 if r.daisharin == "pinzu" else rng.randrange(3)
    ranks = range(1, 8) if r.daisharin != "any_pairs" else sorted(rng.sample(range(9), 7))
    return Shape(kinds=tuple(suit * 9 + i for i in ranks for _ in range(2)))


def _suurenkou_shape(rng: random.Random, r: Ruleset) -> Shape:
    suit, low = rng.randrange(3), rng.randrange(6)
    return Shape(sets=tuple(("trip", suit * 9 + low + i, rng.choice(["closed", "pon"]))
                            for i in range(4)))


def _kans_shape(n: int) -> Callable[[random.Random, Ruleset], Shape]:
    def shape(rng: random.Random, r: Ruleset) -> Shape:
        kinds = rng.sample(range(34), n)
        return Shape(sets=tuple(("trip", k, rng.choice(["ankan", "minkan"])) for k in kinds))
    return shape


def _luck_shape(luck: str) -> Callable[[random.Random, Ruleset], Shape]:
    def shape(rng: random.Random, r: Ruleset) -> Shape:
        dealer = luck in ("tenhou", "paarenchan")
        # a first-turn win has no call and no kan: four concealed sets
        sets = () if luck == "paarenchan" else tuple(
            ("seq", _seq_start(rng), "closed") if rng.random() < 0.62
            else ("trip", rng.randrange(34), "closed") for _ in range(4))
        return Shape(sets=sets, seat_wind=0 if dealer else 1 + rng.randrange(3),
                     tsumo=None if luck == "paarenchan" else luck != "renhou",
                     closed=None if luck == "paarenchan" else True,
                     no_riichi=luck != "paarenchan", luck=luck)
    return shape


def _kokushi_13_shape(rng: random.Random, r: Ruleset) -> Shape:
    orphans = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
    extra = rng.choice(orphans)
    return Shape(kinds=tuple(sorted(orphans + (extra,))), win_kind=extra)


def _suuankou_tanki_shape(rng: random.Random, r: Ruleset) -> Shape:
    kinds = rng.sample(range(34), 5)
    return Shape(sets=tuple(("trip", k, "closed") for k in kinds[:4]), pair=kinds[4],
                 win_kind=kinds[4], closed=True)


def _junsei_chuuren_shape(rng: random.Random, r: Ruleset) -> Shape:
    suit = rng.randrange(3) if r.chuuren_any_suit else 0
    extra = suit * 9 + rng.randrange(9)
    base = (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)
    return Shape(kinds=tuple(sorted([suit * 9 + i for i in base] + [extra])), win_kind=extra)


def _daisuushii_shape(rng: random.Random, r: Ruleset) -> Shape:
    return Shape(sets=tuple(("trip", w, rng.choice(["closed", "pon"])) for w in WINDS))


def _suukantsu_shape(rng: random.Random, r: Ruleset) -> Shape:
    shape = _kans_shape(4)(rng, r)
    pair = rng.choice([k for k in range(34) if k not in {s[1] for s in shape.sets}])
    return Shape(sets=shape.sets, pair=pair, win_kind=pair)


def _has_yaku(yid: str, han: int = 0) -> Callable[[WinContext, ScoreResult, Ruleset], bool]:
    """The result holds yaku ``yid`` (worth at least ``han``)."""
    return lambda c, s, r: any(y == yid and h >= han for y, h in s.yaku)


_DOUBLE_SHAPES: dict[str, Callable[[random.Random, Ruleset], Shape]] = {
    "kokushi_13": _kokushi_13_shape, "suuankou_tanki": _suuankou_tanki_shape,
    "junsei_chuuren": _junsei_chuuren_shape, "daisuushii": _daisuushii_shape,
    "suukantsu": _suukantsu_shape, "daisharin": _daisharin_shape,
    "tenhou": _luck_shape("tenhou"), "chiihou": _luck_shape("chiihou"),
    "renhou": _luck_shape("renhou"),
}
"""A hand of each yakuman ``double_yakuman`` may name."""
_DOUBLE_NEEDS: dict[str, Callable[[Ruleset], bool]] = {
    "daisharin": lambda r: r.daisharin != "none", "renhou": lambda r: r.renhou == "yakuman",
}
"""Yakuman that exist only when another option enables them."""


def _double(yid: str) -> Feature:
    return Feature(
        f"double_yakuman_{yid}", f"{yid} counted as a double yakuman",
        lambda r: yid in r.double_yakuman and (yid not in _DOUBLE_NEEDS or _DOUBLE_NEEDS[yid](r)),
        _DOUBLE_SHAPES[yid], _has_yaku(yid, 26), yakuman=True, options=("double_yakuman",))


FEATURES: tuple[Feature, ...] = (
    Feature("kiriage", "4 han 30 fu (and 3 han 60 fu) rounded up to mangan", _kiriage,
            _any_shape, _kiriage_shows, options=("kiriage_mangan",)),
    Feature("double_wind_pair", "the fu of a pair of the double wind",
            lambda r: r.double_wind_fu != Ruleset().double_wind_fu, _double_wind_shape,
            lambda c, s, r: any(p == "pair_double_wind" or p.startswith("pair_seat")
                                and c.seat_wind == c.round_wind for p, _ in s.fu_parts),
            options=("double_wind_fu",)),
    Feature("open_pinfu", "the fu of an open hand with no fu won by ron",
            lambda r: r.open_pinfu_ron_fu != Ruleset().open_pinfu_ron_fu, _open_pinfu_shape,
            lambda c, s, r: any(p == "open_pinfu" for p, _ in s.fu_parts)
            or (not c.tsumo and any(m.is_open for m in c.melds) and s.fu == r.open_pinfu_ron_fu
                and [p for p, _ in s.fu_parts] == ["base"]), options=("open_pinfu_ron_fu",)),
    Feature("pinfu_tsumo", "the fu of pinfu won by tsumo",
            lambda r: r.pinfu_tsumo_fu != Ruleset().pinfu_tsumo_fu, _pinfu_tsumo_shape,
            lambda c, s, r: c.tsumo and any(y == "pinfu" for y, _ in s.yaku),
            options=("pinfu_tsumo_fu",)),
    Feature("chiitoitsu_fu", "the fu of seven pairs",
            lambda r: r.chiitoitsu_fu != Ruleset().chiitoitsu_fu, _chiitoitsu_shape,
            lambda c, s, r: any(y == "chiitoitsu" for y, _ in s.yaku),
            options=("chiitoitsu_fu",)),
    Feature("sanrenkou", "sanrenkou, three consecutive triplets (a local yaku)",
            lambda r: r.sanrenkou_han > 0, _sanrenkou_shape,
            lambda c, s, r: any(y == "sanrenkou" for y, _ in s.yaku),
            options=("sanrenkou_han",)),
    Feature("honba", "the club's honba value",
            lambda r: r.honba_points != Ruleset().honba_points, _honba_shape,
            lambda c, s, r: c.honba > 0, options=("honba_points",)),
    Feature("daisharin", "daisharin, seven pairs of one suit (a local yakuman)",
            lambda r: r.daisharin != "none", _daisharin_shape, _has_yaku("daisharin", 13),
            yakuman=True, options=("daisharin",)),
    Feature("suurenkou", "suurenkou, four consecutive triplets (a local yakuman)",
            lambda r: r.suurenkou, _suurenkou_shape, _has_yaku("suurenkou", 13), yakuman=True,
            options=("suurenkou",)),
    Feature("sankantsu_yakuman", "three kans as a yakuman",
            lambda r: r.sankantsu_yakuman, _kans_shape(3), _has_yaku("sankantsu", 13),
            yakuman=True, options=("sankantsu_yakuman",)),
    Feature("renhou", "renhou, a ron before the own first draw",
            lambda r: r.renhou != "none", _luck_shape("renhou"), _has_yaku("renhou"),
            yakuman=True, options=("renhou",)),
    Feature("paarenchan", "paarenchan, the dealer's eighth win in a row",
            lambda r: r.paarenchan, _luck_shape("paarenchan"), _has_yaku("paarenchan"),
            yakuman=True, options=("paarenchan",)),
    *(_double(y) for y in _DOUBLE_SHAPES),
)


def feature(fid: str) -> Feature | None:
    """The feature of id ``fid`` (None for '', a hand drawn freely)."""
    return next((f for f in FEATURES if f.id == fid), None)


def focus_of(rules: Ruleset, *, yakuman: bool = True) -> tuple[Feature, ...]:
    """The features ``rules`` has its own way (options that differ from ``Ruleset()``'s);
    ``yakuman=False`` leaves out those drawn as yakuman."""
    return tuple(f for f in FEATURES if f.active(rules) and (yakuman or not f.yakuman))


# ------------------------------------------------------------------ drawing
def _simple(rng: random.Random) -> int:
    return rng.randrange(3) * 9 + 1 + rng.randrange(7)


def _seq_start(rng: random.Random, simple: bool = False) -> int:
    return rng.randrange(3) * 9 + (1 + rng.randrange(5) if simple else rng.randrange(7))


def _free_sets(rng: random.Random, closed: bool | None) -> list[SetSpec]:
    out: list[SetSpec] = []
    open_ok = closed is not True and rng.random() < 0.45
    for _ in range(4):
        if rng.random() < 0.62:
            how = "chi" if open_ok and rng.random() < 0.4 else "closed"
            out.append(("seq", _seq_start(rng), how))
        else:
            hows = ["closed", "closed", "ankan"] + (["pon", "pon", "minkan"] if open_ok else [])
            how = rng.choice(hows) if rng.random() < 0.9 else "closed"
            if how in ("minkan", "ankan") and rng.random() < 0.6:
                how = "closed" if how == "ankan" else "pon"
            out.append(("trip", rng.randrange(34), how))
    return out


class _Tiles:
    """Physical copies handed out without repeats (a red five is one of a five's copies)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.free = {k: rng.sample(range(4), 4) for k in range(34)}

    def left(self, kind: int) -> int:
        return len(self.free[kind])

    def take(self, kind: int) -> int:
        return kind * 4 + self.free[kind].pop()


def _build(rng: random.Random, shape: Shape, rules: Ruleset
           ) -> tuple[list[int], list[Meld]] | None:
    """Concealed tiles and melds for ``shape``; None when the tiles run out."""
    tiles = _Tiles(rng)
    concealed: list[int] = []
    melds: list[Meld] = []
    if shape.kinds:
        return [tiles.take(k) for k in shape.kinds], melds
    if shape.chiitoitsu:
        for k in rng.sample(range(34), 7):
            concealed += [tiles.take(k), tiles.take(k)]
        return concealed, melds
    sets = list(shape.sets) + _free_sets(rng, shape.closed)[len(shape.sets):]
    rng.shuffle(sets)
    for kind_s, k, how in sets:
        got = _take_set(tiles, kind_s, k, how)
        if got is None:
            return None
        from_seat = rng.randrange(1, 4)
        if how == "closed":
            concealed.extend(got)
        else:
            melds.append(_MELDS.get(how, _MELDS["pon"])(got, from_seat))
    pair = shape.pair if shape.pair is not None else rng.randrange(34)
    if tiles.left(pair) < 2:
        return None
    concealed += [tiles.take(pair), tiles.take(pair)]
    if shape.closed is False and not any(m.is_open for m in melds):
        return None
    return concealed, melds


# A called or concealed-kan set's meld, from its tiles and the seat it was called from.
_MELDS: dict[str, Callable[[tuple[int, ...], int], Meld]] = {
    "chi": lambda got, _: Meld("chi", got, got[0], 3),
    "ankan": lambda got, _: Meld("ankan", got),
    "minkan": lambda got, seat: Meld("minkan", got, got[0], seat),
    "pon": lambda got, seat: Meld("pon", got, got[0], seat),
}


def _take_set(tiles: _Tiles, kind_s: str, k: int, how: str) -> tuple[int, ...] | None:
    """The tiles of a run from ``k`` or of a triplet (four for a kan) of ``k``; None when
    the run cannot be or the tiles have run out."""
    if kind_s == "seq":
        if is_honour(k) or k % 9 > 6 or min(tiles.left(k + i) for i in range(3)) < 1:
            return None
        return (tiles.take(k), tiles.take(k + 1), tiles.take(k + 2))
    n = 4 if how in ("minkan", "ankan") else 3
    if tiles.left(k) < n:
        return None
    return tuple(tiles.take(k) for _ in range(n))


def _indicators(rng: random.Random, n: int, used: set[int]) -> tuple[int, ...]:
    out: list[int] = []
    while len(out) < n:
        t = rng.randrange(136)
        if t not in used:
            used.add(t)
            out.append(t)
    return tuple(out)


def _context(rng: random.Random, shape: Shape, rules: Ruleset, concealed: list[int],
             melds: list[Meld]) -> WinContext:
    win = rng.choice([t for t in concealed
                      if shape.win_kind is None or kind_of(t) == shape.win_kind])
    closed = not any(m.is_open for m in melds)
    tsumo = shape.tsumo if shape.tsumo is not None else rng.random() < 0.45
    riichi = closed and not shape.no_riichi and rng.random() < 0.55
    first = shape.luck in ("tenhou", "chiihou", "renhou")  # no kan, no last tile then
    kans = sum(1 for m in melds if m.is_kan)
    used = set(concealed) | {t for m in melds for t in m.tiles}
    dora = _indicators(rng, 1 + (kans if rules.kan_dora else 0), used)
    n_ura = (1 + (kans if rules.kan_ura else 0)) if riichi and rules.ura_dora else 0
    ura = _indicators(rng, n_ura, used)
    last = not first and rng.random() < 0.04
    rinshan = tsumo and kans > 0 and rng.random() < 0.25
    return WinContext(
        concealed=tuple(concealed), melds=tuple(melds), win_tile=win, tsumo=tsumo,
        seat_wind=shape.seat_wind if shape.seat_wind is not None else rng.randrange(4),
        round_wind=shape.round_wind if shape.round_wind is not None else rng.randrange(2),
        riichi=riichi, ippatsu=riichi and rng.random() < 0.15,
        haitei=last and tsumo and not rinshan, houtei=last and not tsumo, rinshan=rinshan,
        tenhou=shape.luck == "tenhou", chiihou=shape.luck == "chiihou",
        renhou=shape.luck == "renhou", paarenchan=shape.luck == "paarenchan",
        dora_indicators=dora, ura_indicators=ura,
        honba=rng.choice((0, 0, 0, 1, 1, 2, 3)), sticks=rng.choice((0, 0, 0, 1, 1, 2)),
    )


MAX_TRIES = 3000
"""Draws before giving up on a feature (a kiriage hand takes about 40 on average)."""


class DrawError(RuntimeError):
    """No hand showing the feature was found in :data:`MAX_TRIES` draws."""


def draw_hand(rng: random.Random, rules: Ruleset, feature: Feature | None = None,
              accept: Callable[[DrillHand], bool] | None = None) -> DrillHand:
    """A random winning hand under ``rules`` (one that shows ``feature`` when given,
    and that ``accept`` takes when given).

    The hand is a win the engine scores (a yaku, the rules' minimum han without
    dora); a yakuman only when drawn for a :attr:`Feature.yakuman` feature.
    """
    for _ in range(MAX_TRIES):
        shape = feature.shape(rng, rules) if feature else Shape()
        built = _build(rng, shape, rules)
        if built is None:
            continue
        ctx = _context(rng, shape, rules, *built)
        res = score_win(ctx, rules)
        if not res.valid or res.han_without_dora < rules.min_han or (
                res.yakuman_count and not (feature and feature.yakuman)):
            continue
        if feature is not None and not feature.shows(ctx, res, rules):
            continue
        hand = DrillHand(ctx, res, feature=feature.id if feature else "")
        if accept is None or accept(hand):
            return hand
    raise DrawError(f"no hand showing {feature.words if feature else 'a win'} "
                    f"in {MAX_TRIES} draws")


def draw_hands(rng: random.Random, rules: Ruleset, count: int, *,
               accept: Callable[[DrillHand], bool] | None = None,
               yakuman: bool = True) -> list[DrillHand]:
    """``count`` hands for a drill: every other one drawn for a feature of
    :func:`focus_of` (in turn), the others freely; ``yakuman=False`` draws none
    (the fu drill: a yakuman has no fu to count)."""
    focus = focus_of(rules, yakuman=yakuman)
    out: list[DrillHand] = []
    for i in range(count):
        feature = focus[(i // 2) % len(focus)] if focus and i % 2 == 0 else None
        try:
            out.append(draw_hand(rng, rules, feature, accept))
        except DrawError:
            out.append(draw_hand(rng, rules, None, accept))
    return out


def red_count(ctx: WinContext, rules: Ruleset) -> int:
    """Red fives among the winner's tiles."""
    tiles = list(ctx.concealed) + [t for m in ctx.melds for t in m.tiles]
    return sum(1 for t in tiles if kind_of(t) in FIVES and (t & 3) < rules.red_fives)
