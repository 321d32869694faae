"""Hand value estimation: the yaku a hand has or can still make, dora, red fives.

These are estimates for choosing, not scores: :func:`estimate` returns the expected
points of a win with the tiles a hand holds now, under the seat's ruleset
(open tanyao, minimum han, the dealer's bonus).  A hand whose melds are open and which
has no certain yaku is worth only the chance of finding one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.events import Meld
from engine.scoring.points import base_points, limit_of, split
from engine.shanten import shanten_regular
from engine.tiles import (
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
from engine.view import PlayerView
from rulesets.schema import Ruleset

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
    """The value context of the viewing seat."""
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
    closed = all(not m.is_open for m in melds)
    han = 0
    meld_kinds = [kind_of(m.tiles[0]) for m in melds]
    for m, k in zip(melds, meld_kinds, strict=True):
        if m.kind != "chi" and ctx.yakuhai[k]:
            han += ctx.yakuhai[k]
    for k in range(27, 34):
        if counts[k] >= 3 and ctx.yakuhai[k]:
            han += ctx.yakuhai[k]
    all_kinds = [k for k in range(34) if counts[k]]
    for m in melds:
        all_kinds.extend(kind_of(t) for t in m.tiles)
    if all_kinds and all(k not in _YAOCHUU for k in all_kinds) and (closed or ctx.open_tanyao):
        han += 1
    suits = {suit_of(k) for k in all_kinds if is_suited(k)}
    if len(suits) == 1:
        han += _flush_han(closed, any(is_honour(k) for k in all_kinds))
    if not closed and all(m.kind != "chi" for m in melds) and len(melds) >= 2:
        singles = sum(1 for k in range(34) if counts[k] == 1)
        pairs = sum(1 for k in range(34) if counts[k] == 2)
        if singles == 0 and pairs <= 2 or singles == 1 and pairs == 0:
            han += 2
    return han


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
        suits = meld_suits or {suit_of(k) for k in range(EAST) if counts[k]}
        best = 0
        for s in suits:
            keep = [n if is_honour(k) or suit_of(k) == s else 0 for k, n in enumerate(counts)]
            if shanten_regular(keep, nmeld) <= target:
                honours = any(keep[EAST:]) or any(is_honour(k) for k in meld_kinds)
                best = max(best, _flush_han(closed, honours))
        han += best
    return han


def _flush_han(closed: bool, honours: bool) -> int:
    """Han of honitsu (with honours) or chinitsu (without), closed or open."""
    if honours:
        return 3 if closed else 2
    return 6 if closed else 5


def dora_count(
    counts: Sequence[int], melds: Sequence[Meld], ctx: ValueContext, reds: int
) -> int:
    """Dora held (concealed and melded) plus ``reds`` red fives."""
    d = reds
    dora = ctx.dora
    for k in range(34):
        if counts[k] and dora[k]:
            d += counts[k] * dora[k]
    for m in melds:
        for t in m.tiles:
            d += dora[kind_of(t)]
        d += red_count(m.tiles, ctx.red_fives)
    return d


def _route_chances(
    counts: Sequence[int], melds: Sequence[Meld], ctx: ValueContext, unseen: Sequence[int]
) -> tuple[float, float]:
    """(chance of some yaku, expected extra han) from routes the hand has not finished."""
    miss = 1.0
    extra = 0.0
    for k in range(27, 34):
        if counts[k] == 2 and ctx.yakuhai[k] and unseen[k]:
            p = 0.45 if unseen[k] >= 2 else 0.3
            miss *= 1.0 - p
            extra += p * ctx.yakuhai[k]
    meld_tiles = [kind_of(t) for m in melds for t in m.tiles]
    if ctx.open_tanyao or not melds or all(not m.is_open for m in melds):
        if all(k not in _YAOCHUU for k in meld_tiles):
            ny = sum(counts[k] for k in _YAOCHUU)
            p = (0.8, 0.5, 0.25, 0.1)[ny] if ny < 4 else 0.0
            miss *= 1.0 - p
            extra += p
    suit_tiles = [0, 0, 0]
    for k in range(27):
        suit_tiles[suit_of(k)] += counts[k]
    meld_suits = {suit_of(k) for k in meld_tiles if is_suited(k)}
    if len(meld_suits) <= 1:
        s = meld_suits.pop() if meld_suits else max(range(3), key=lambda i: suit_tiles[i])
        off = sum(suit_tiles) - suit_tiles[s]
        p = (0.75, 0.45, 0.3, 0.15, 0.05)[off] if off < 5 else 0.0
        if not melds and off >= 3:
            p = 0.0
        miss *= 1.0 - p
        extra += p * 2.5
    return 1.0 - miss, extra


def estimate(
    counts: Sequence[int],
    melds: Sequence[Meld],
    ctx: ValueContext,
    unseen: Sequence[int],
    reds: int = 0,
) -> HandValue:
    """Expected value of the hand (``counts`` concealed) if it wins."""
    closed = all(not m.is_open for m in melds)
    sure = sure_yaku(counts, melds, ctx)
    dora = dora_count(counts, melds, ctx, reds)
    chance, extra = _route_chances(counts, melds, ctx, unseen)
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
    return HandValue(sure, dora, closed, yaku_chance, han, pts)
