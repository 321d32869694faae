"""Hand value estimation: the yaku a hand has or can still make, dora, red fives.

These are estimates for choosing, not scores: :func:`estimate` returns the expected
points of a win with the tiles a hand holds now, under the seat's ruleset
(open tanyao, minimum han, the dealer's bonus).  A hand whose melds are open and which
has no certain yaku is worth only the chance of finding one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hanchan.engine.events import Meld
from hanchan.engine.scoring.points import base_points, limit_of, split
from hanchan.engine.shanten import shanten_regular
from hanchan.engine.tiles import (
    EAST,
    TERMINALS_AND_HONOURS,
    dora_of,
    is_honour,
    is_red,
    is_suited,
    kind_of,
    suit_of,
    wind_kind,
)
from hanchan.engine.view import PlayerView
from hanchan.rulesets.schema import Ruleset

_YAOCHUU = frozenset(TERMINALS_AND_HONOURS)


def _ron(han: int) -> int:
    """A non-dealer's ron of ``han`` at 40 fu, limits included, by the scoring engine."""
    base = base_points(han, 40, limit_of(han, 40, _RULES), 0)
    return split(base, dealer=False, tsumo=False)[1]


_RULES = Ruleset()  # the limits and the kazoe yakuman at 13 han of the default rules
_POINTS = (0, *(_ron(han) for han in range(1, 14)))
"""Non-dealer points by han (about 40 fu below mangan); index = han, capped at 13."""


@dataclass(frozen=True, slots=True)
class ValueContext:
    """What a seat's hand value depends on, taken from its view."""

    dealer: bool
    yakuhai: tuple[int, ...]  # han of a triplet of each kind (0 for most)
    dora: tuple[int, ...]  # dora per copy of each kind
    red_fives: int
    open_tanyao: bool
    min_han: int


def context(view: PlayerView) -> ValueContext:
    """The value context of the viewing seat.

    The views of one hand mostly share it: one object serves them all (it reads only
    the rules, the winds, the dealer, the dora indicators and the honba), so that
    :func:`valuer_of` finds the valuers made for it.
    """
    rules = view.ruleset
    me = view.seats[view.seat]
    key = (id(rules), view.round_wind, me.wind, view.dealer == view.seat,
           view.dora_indicators, view.honba)
    found = _CONTEXTS.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    if len(_CONTEXTS) >= _SHARED_MAX:
        _CONTEXTS.clear()
    ctx = _read_context(view)
    _CONTEXTS[key] = (rules, ctx)
    return ctx


_SHARED_MAX = 512
_CONTEXTS: dict[tuple[int, int, int, bool, tuple[int, ...], int],
                tuple[Ruleset, ValueContext]] = {}


def _read_context(view: PlayerView) -> ValueContext:
    rules = view.ruleset
    yakuhai = [0] * 34
    for k in (31, 32, 33):
        yakuhai[k] = 1
    yakuhai[wind_kind(view.round_wind)] += 1
    yakuhai[wind_kind(view.me.wind)] += 1
    dora = [0] * 34
    for ind in view.dora_indicators:
        dora[dora_of(kind_of(ind))] += 1
    min_han = rules.min_han
    if rules.two_han_from_honba and view.honba >= rules.two_han_from_honba:
        min_han = max(min_han, 2)
    return ValueContext(
        dealer=view.dealer == view.seat,
        yakuhai=tuple(yakuhai),
        dora=tuple(dora),
        red_fives=rules.red_fives,
        open_tanyao=rules.open_tanyao,
        min_han=min_han,
    )


def points_for(han: float, dealer: bool) -> float:
    """Approximate points of a win of ``han`` (fractional han interpolate)."""
    if han <= 0:
        return 0.0
    h = min(han, 13.0)
    lo = int(h)
    frac = h - lo
    p = _POINTS[lo] + (_POINTS[min(lo + 1, 13)] - _POINTS[lo]) * frac
    return p * 1.5 if dealer else p


@dataclass(frozen=True, slots=True)
class HandValue:
    """Estimated value of a hand if it wins."""

    sure_han: int  # han of yaku the hand keeps whatever it draws (no dora)
    dora: int  # dora and red fives held
    closed: bool
    yaku_chance: float  # chance the finished hand has a yaku (1.0 when sure or closed)
    han: float  # expected han of a win
    points: float  # expected points of a win, times yaku_chance


def red_count(tiles: Sequence[int], red_fives: int) -> int:
    """Red fives among physical tiles."""
    return sum(1 for t in tiles if is_red(t, red_fives)) if red_fives else 0


def sure_yaku(counts: Sequence[int], melds: Sequence[Meld], ctx: ValueContext) -> int:
    """Han of yaku the hand has whatever it completes with (yakuhai sets, tanyao, flushes)."""
    return valuer_of(tuple(melds), ctx).sure_yaku(counts)


def route_yaku(counts: Sequence[int], melds: Sequence[Meld], ctx: ValueContext) -> int:
    """Han of yaku that every tile the hand needs already fits (tanyao, flushes).

    A tile that fits no set, pair or partial set of the fastest route (a float, about to
    be thrown) does not count: ``23456m 345p 67s 9s`` with an open ``456s`` keeps open
    tanyao, since the ``9s`` adds nothing to the hand; with ``78s 9s`` it does not,
    since the ``9s`` is part of the ``789s`` run.  The test is that the hand without the
    tiles that break the yaku is as near to ready as the whole hand.  Yakuhai sets and
    toitoi are read by :func:`sure_yaku`; this adds nothing for them.
    """
    closed = all(not m.is_open for m in melds)
    nmeld = len(melds)
    meld_kinds = [kind_of(t) for m in melds for t in m.tiles]
    target = shanten_regular(counts, nmeld)
    han = 0
    if (closed or ctx.open_tanyao) and not any(k in _YAOCHUU for k in meld_kinds):
        simple = [0 if k in _YAOCHUU else n for k, n in enumerate(counts)]
        if any(simple) and shanten_regular(simple, nmeld) <= target:
            han += 1
    meld_suits = {suit_of(k) for k in meld_kinds if is_suited(k)}
    if len(meld_suits) <= 1:
        han += _flush_route_han(counts, nmeld, target, closed, meld_kinds, meld_suits)
    return han


def _flush_route_han(counts: Sequence[int], nmeld: int, target: int, closed: bool,
                     meld_kinds: Sequence[int], meld_suits: set[int]) -> int:
    """:func:`route_yaku`'s flush: the most han of a suit (the melds' one, else any the
    hand holds) whose tiles with the honours are as near to ready as the hand."""
    suits = meld_suits or {suit_of(k) for k in range(EAST) if counts[k]}
    best = 0
    for s in suits:
        keep = [n if is_honour(k) or suit_of(k) == s else 0 for k, n in enumerate(counts)]
        if shanten_regular(keep, nmeld) <= target:
            honours = any(keep[EAST:]) or any(is_honour(k) for k in meld_kinds)
            best = max(best, _flush_han(closed, honours))
    return best


def _flush_han(closed: bool, honours: bool) -> int:
    """Han of honitsu (with honours) or chinitsu (without), closed or open."""
    if honours:
        return 3 if closed else 2
    return 6 if closed else 5


def dora_count(
    counts: Sequence[int], melds: Sequence[Meld], ctx: ValueContext, reds: int
) -> int:
    """Dora held (concealed and melded) plus ``reds`` red fives."""
    return valuer_of(tuple(melds), ctx).dora_count(counts, reds)


def estimate(
    counts: Sequence[int],
    melds: Sequence[Meld],
    ctx: ValueContext,
    unseen: Sequence[int],
    reds: int = 0,
) -> HandValue:
    """Expected value of the hand (``counts`` concealed) if it wins."""
    return valuer_of(tuple(melds), ctx).estimate(counts, unseen, reds)


_NO_YAOCHUU_ROUTE = (0.8, 0.5, 0.25, 0.1)
"""Chance of tanyao by terminals and honours held (none beyond three)."""
_FLUSH_ROUTE = (0.75, 0.45, 0.3, 0.15, 0.05)
"""Chance of a flush by tiles held outside its suit (none beyond four)."""


Shape = tuple[int, int, int, int, int]
"""Tiles of each suit, honours, and terminals and honours, held in a hand (:func:`hand_shape`)."""


def hand_shape(counts: Sequence[int]) -> Shape:
    """Tiles of each suit, honours, and terminals and honours, held in ``counts``."""
    honours = sum(counts[27:34])
    return (sum(counts[0:9]), sum(counts[9:18]), sum(counts[18:27]), honours,
            counts[0] + counts[8] + counts[9] + counts[17] + counts[18] + counts[26] + honours)


def shape_without(shape: Shape, kind: int) -> Shape:
    """The :func:`hand_shape` of a hand of ``shape`` less one tile of ``kind``.

    >>> shape_without((3, 0, 0, 2, 3), 27)
    (3, 0, 0, 1, 2)
    """
    t0, t1, t2, honours, yaochuu = shape
    if kind in _YAOCHUU:
        yaochuu -= 1
    if kind < 9:
        return (t0 - 1, t1, t2, honours, yaochuu)
    if kind < 18:
        return (t0, t1 - 1, t2, honours, yaochuu)
    if kind < 27:
        return (t0, t1, t2 - 1, honours, yaochuu)
    return (t0, t1, t2, honours - 1, yaochuu)


def _meld_han(melds: Sequence[Meld], yakuhai: Sequence[int]) -> int:
    """Han of the yakuhai pons and kans among the melds."""
    return sum(yakuhai[kind_of(m.tiles[0])] for m in melds if m.kind != "chi")


def _any_chi(melds: Sequence[Meld]) -> bool:
    return any(m.kind == "chi" for m in melds)


def _nonzero(table: Sequence[int], kinds: Iterable[int]) -> tuple[tuple[int, int], ...]:
    """(kind, value) of the ``kinds`` whose value in ``table`` is not 0."""
    return tuple((k, table[k]) for k in kinds if table[k])


def _meld_dora(melds: Sequence[Meld], ctx: ValueContext) -> int:
    """Dora in the melds' tiles, red fives included."""
    meld_dora = 0
    for m in melds:
        for t in m.tiles:
            meld_dora += ctx.dora[kind_of(t)]
        meld_dora += red_count(m.tiles, ctx.red_fives)
    return meld_dora


class HandValuer:
    """:func:`estimate` and its parts for concealed hands beside the same ``melds``.

    A turn values every discard of one hand (:func:`ai.club.discard.evaluate`): what
    the melds and the value context give (their yakuhai, dora, suits, terminals) is
    read once here, and each hand adds only what its 34-counts hold.
    """

    __slots__ = ("_closed", "_ctx", "_dora_kinds", "_flush_suit", "_flush_route",
                 "_meld_dora", "_meld_han", "_meld_honour", "_meld_suits", "_melds",
                 "_tanyao_meld", "_tanyao_route", "_toitoi", "_yakuhai_honours",
                 "_yakuhai_pairs")

    def __init__(self, melds: Sequence[Meld], ctx: ValueContext) -> None:
        self._ctx = ctx
        self._melds = melds
        closed = self._closed = all(not m.is_open for m in melds)
        self._meld_han = _meld_han(melds, ctx.yakuhai)
        meld_kinds = [kind_of(t) for m in melds for t in m.tiles]
        meld_yaochuu = any(k in _YAOCHUU for k in meld_kinds)
        # sure_yaku: tanyao needs no terminal or honour anywhere, and a closed hand or
        # open tanyao; a flush one suit among the melds' and the hand's
        self._tanyao_meld = not meld_yaochuu and (closed or ctx.open_tanyao)
        suits = {suit_of(k) for k in meld_kinds if is_suited(k)}
        self._meld_suits = (0 in suits, 1 in suits, 2 in suits)
        self._meld_honour = any(is_honour(k) for k in meld_kinds)
        self._toitoi = not closed and len(melds) >= 2 and not _any_chi(melds)
        self._yakuhai_honours = _nonzero(ctx.yakuhai, range(27, 34))
        self._dora_kinds = _nonzero(ctx.dora, range(34))
        self._meld_dora = _meld_dora(melds, ctx)
        # _route_chances: yakuhai pairs, tanyao, a flush in the melds' suit (or the
        # hand's longest) while the melds hold at most one suit
        self._yakuhai_pairs = self._yakuhai_honours
        self._tanyao_route = ((ctx.open_tanyao or not melds or closed) and not meld_yaochuu)
        self._flush_route = len(suits) <= 1
        self._flush_suit = next(iter(suits)) if len(suits) == 1 else None

    def sure_yaku(self, counts: Sequence[int]) -> int:
        """Han of yaku the hand has whatever it completes with (:func:`sure_yaku`)."""
        return self._sure(counts, hand_shape(counts))

    def _sure(self, counts: Sequence[int], shape: Shape) -> int:
        t0, t1, t2, honours, yaochuu = shape
        han = self._meld_han
        for k, h in self._yakuhai_honours:
            if counts[k] >= 3:
                han += h
        if self._tanyao_meld and not yaochuu and (self._melds or t0 + t1 + t2 + honours):
            han += 1
        m0, m1, m2 = self._meld_suits
        if (m0 or t0 > 0) + (m1 or t1 > 0) + (m2 or t2 > 0) == 1:
            han += _flush_han(self._closed, self._meld_honour or honours > 0)
        if self._toitoi:
            singles = counts.count(1)
            pairs = counts.count(2)
            if singles == 0 and pairs <= 2 or singles == 1 and pairs == 0:
                han += 2
        return han

    def dora_count(self, counts: Sequence[int], reds: int) -> int:
        """Dora held (concealed and melded) plus ``reds`` red fives (:func:`dora_count`)."""
        d = reds + self._meld_dora
        for k, n in self._dora_kinds:
            d += counts[k] * n
        return d

    def _route_chances(self, counts: Sequence[int], unseen: Sequence[int],
                       shape: Shape) -> tuple[float, float]:
        """(chance of some yaku, expected extra han) from routes the hand has not finished."""
        t0, t1, t2, _, ny = shape
        miss = 1.0
        extra = 0.0
        for k, h in self._yakuhai_pairs:
            if counts[k] == 2 and unseen[k]:
                p = 0.45 if unseen[k] >= 2 else 0.3
                miss *= 1.0 - p
                extra += p * h
        if self._tanyao_route:
            p = _NO_YAOCHUU_ROUTE[ny] if ny < 4 else 0.0
            miss *= 1.0 - p
            extra += p
        if self._flush_route:
            s = self._flush_suit
            if s is None:  # the hand's longest suit, the first of equals
                s = 0
                best = t0
                if t1 > best:
                    s, best = 1, t1
                if t2 > best:
                    s = 2
            off = t0 + t1 + t2 - (t0, t1, t2)[s]
            p = _FLUSH_ROUTE[off] if off < 5 else 0.0
            if not self._melds and off >= 3:
                p = 0.0
            miss *= 1.0 - p
            extra += p * 2.5
        return 1.0 - miss, extra

    def estimate(self, counts: Sequence[int], unseen: Sequence[int], reds: int = 0
                 ) -> HandValue:
        """Expected value of the hand (``counts`` concealed) if it wins (:func:`estimate`)."""
        return HandValue(*self._value(counts, unseen, reds))

    def points(self, counts: Sequence[int], unseen: Sequence[int], reds: int = 0,
               shape: Shape | None = None) -> float:
        """The ``points`` of :meth:`estimate`, alone.

        ``shape``, when given, is the hand's :func:`hand_shape` (a turn that values
        each discard reads it once: :func:`shape_without`).
        """
        return self._value(counts, unseen, reds, shape)[5]

    def _value(self, counts: Sequence[int], unseen: Sequence[int], reds: int,
               shape: Shape | None = None) -> tuple[int, int, bool, float, float, float]:
        ctx = self._ctx
        closed = self._closed
        if shape is None:
            shape = hand_shape(counts)
        sure = self._sure(counts, shape)
        dora = self.dora_count(counts, reds)
        chance, extra = self._route_chances(counts, unseen, shape)
        if closed:
            # riichi (1) + ura / tsumo / ippatsu (about 0.7) or the dama yaku found on the way
            han = sure + dora + 1.7 + 0.6 * extra
            yaku_chance = 1.0
        elif sure:
            han = sure + dora + 0.5 * extra
            yaku_chance = 1.0
        else:
            han = dora + (extra / chance if chance > 0 else 0.0)
            yaku_chance = chance
        if sure + (extra if not closed else 1.0) < ctx.min_han:
            # below the minimum han only dora cannot help; count the riichi for closed hands
            yaku_chance *= 0.3
        pts = points_for(han, ctx.dealer) * yaku_chance
        return sure, dora, closed, yaku_chance, han, pts


def valuer_of(melds: tuple[Meld, ...], ctx: ValueContext) -> HandValuer:
    """The :class:`HandValuer` of ``melds`` in ``ctx``, made once for the decisions that
    share them (a valuer only reads what its melds and context give)."""
    key = (id(ctx), melds)
    found = _VALUERS.get(key)
    if found is not None and found._ctx is ctx:
        return found
    if len(_VALUERS) >= _SHARED_MAX:
        _VALUERS.clear()
    found = _VALUERS[key] = HandValuer(melds, ctx)
    return found


_VALUERS: dict[tuple[int, tuple[Meld, ...]], HandValuer] = {}
