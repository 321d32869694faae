"""Hand value estimation: sure yaku, dora, red fives, routes."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hanchan.ai.arena import play_game
from hanchan.ai.club import ClubBot
from hanchan.ai.value import (
    HandValue,
    HandValuer,
    ValueContext,
    _read_context,
    context,
    dora_count,
    estimate,
    hand_shape,
    points_for,
    route_yaku,
    shape_without,
    sure_yaku,
    valuer_of,
)
from hanchan.engine.actions import Action
from hanchan.engine.events import Meld, MeldKind
from hanchan.engine.tiles import (
    counts_of,
    is_honour,
    is_red,
    is_suited,
    kind_of,
    parse_kinds,
    parse_tiles,
    suit_of,
)
from hanchan.engine.view import PlayerView
from hanchan.rulesets.loader import load_ruleset
from hanchan.rulesets.schema import Ruleset
from tests.kit.botviews import make_view


def counts(text: str) -> list[int]:
    return counts_of(parse_kinds(text))


def test_yakuhai_triplet_is_a_sure_yaku_and_a_pair_is_not() -> None:
    ctx = context(make_view("1m"))
    assert sure_yaku(counts("123m456p78s55577z"), (), ctx) == 1
    assert sure_yaku(counts("123m456p789s2377z"), (), ctx) == 0


def test_double_wind_counts_twice() -> None:
    ctx = context(make_view("1m", seat=0, dealer=0, round_wind=0))  # East seat, East round
    pon = Meld("pon", tuple(parse_tiles("111z")), None, 1)
    assert sure_yaku(counts("123m456p78s99s"), (pon,), ctx) == 2


def test_open_tanyao_follows_the_ruleset() -> None:
    pon = Meld("chi", tuple(parse_tiles("234m")), None, 3)
    hand = counts("456p678s2233s")
    assert sure_yaku(hand, (pon,), context(make_view("1m"))) == 1
    no_kuitan = context(make_view("1m", rules=Ruleset().replace(open_tanyao=False)))
    assert sure_yaku(hand, (pon,), no_kuitan) == 0


def test_open_hand_without_yaku_is_worth_only_its_chances() -> None:
    v = make_view("1m")
    ctx = context(v)
    chi = Meld("chi", tuple(parse_tiles("123m")), None, 3)
    un = [3] * 34
    hopeless = estimate(counts("456p789s1199s19p"), (chi,), ctx, un)
    assert hopeless.sure_han == 0 and hopeless.yaku_chance < 0.5
    closed = estimate(counts("123m456p789s1199s"), (), ctx, un)
    assert closed.yaku_chance == 1.0 and closed.points > hopeless.points


def test_dora_and_red_fives_raise_the_value() -> None:
    ctx = context(make_view("1m", dora="4m"))  # dora 5m
    un = [3] * 34
    plain = estimate(counts("123m456p789s1199s"), (), ctx, un)
    with_dora = estimate(counts("345m456p789s1199s"), (), ctx, un)
    assert dora_count(counts("345m456p789s1199s"), (), ctx, 1) == 2
    assert with_dora.points > plain.points


def test_points_grow_with_han_and_dealer() -> None:
    assert points_for(0, False) == 0
    assert points_for(1, False) < points_for(2, False) < points_for(4, False)
    assert points_for(3, True) == 1.5 * points_for(3, False)
    assert points_for(1.5, False) > points_for(1, False)


def test_a_float_does_not_break_the_route_to_open_tanyao() -> None:
    ctx = context(make_view("1m"))
    chi = Meld("chi", tuple(parse_tiles("456s")), None, 3)
    floating = counts("23456m345p67s9s")  # the 9s joins nothing: throw it, keep tanyao
    assert sure_yaku(floating, (chi,), ctx) == 0
    assert route_yaku(floating, (chi,), ctx) == 1
    needed = counts("23456m345p78s9s")  # 789s is the hand's run: no tanyao without it
    assert route_yaku(needed, (chi,), ctx) == 0
    no_kuitan = context(make_view("1m", rules=Ruleset().replace(open_tanyao=False)))
    assert route_yaku(floating, (chi,), no_kuitan) == 0


def test_a_float_does_not_break_the_route_to_a_flush() -> None:
    ctx = context(make_view("1m"))
    pon = Meld("pon", tuple(parse_tiles("555p")), None, 1)
    floating = counts("1235p678p11z9m")  # the lone 9m goes next: open honitsu
    assert route_yaku(floating, (pon,), ctx) == 2
    clean = counts("1234p6789p99p")  # no honours: open chinitsu
    assert route_yaku(clean, (pon,), ctx) == 5
    needed = counts("123p678p11z789m")  # the 789m run is part of the hand
    assert route_yaku(needed, (pon,), ctx) == 0
    two_suits = Meld("chi", tuple(parse_tiles("123m")), None, 3)
    assert route_yaku(floating, (pon, two_suits), ctx) == 0


# The plain reading HandValuer replaced (one pass over the hand and its melds per
# call): the oracle for the precomputed one, which must give the same numbers.
_YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))


def _plain_sure_yaku(counts: list[int], melds: tuple[Meld, ...], ctx: ValueContext) -> int:
    closed = all(not m.is_open for m in melds)
    han = 0
    for m in melds:
        k = kind_of(m.tiles[0])
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
        honours = any(is_honour(k) for k in all_kinds)
        han += (3 if closed else 2) if honours else (6 if closed else 5)
    if not closed and all(m.kind != "chi" for m in melds) and len(melds) >= 2:
        singles = sum(1 for k in range(34) if counts[k] == 1)
        pairs = sum(1 for k in range(34) if counts[k] == 2)
        if singles == 0 and pairs <= 2 or singles == 1 and pairs == 0:
            han += 2
    return han


def _plain_dora(counts: list[int], melds: tuple[Meld, ...], ctx: ValueContext,
                reds: int) -> int:
    d = reds + sum(counts[k] * ctx.dora[k] for k in range(34))
    for m in melds:
        d += sum(ctx.dora[kind_of(t)] for t in m.tiles)
        d += sum(1 for t in m.tiles if is_red(t, ctx.red_fives))
    return d


def _plain_routes(counts: list[int], melds: tuple[Meld, ...], ctx: ValueContext,
                  unseen: list[int]) -> tuple[float, float]:
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


def _plain_estimate(counts: list[int], melds: tuple[Meld, ...], ctx: ValueContext,
                    unseen: list[int], reds: int) -> HandValue:
    closed = all(not m.is_open for m in melds)
    sure = _plain_sure_yaku(counts, melds, ctx)
    dora = _plain_dora(counts, melds, ctx, reds)
    chance, extra = _plain_routes(counts, melds, ctx, unseen)
    if closed:
        han = sure + dora + 1.7 + 0.6 * extra
        yaku_chance = 1.0
    elif sure:
        han = sure + dora + 0.5 * extra
        yaku_chance = 1.0
    else:
        han = dora + (extra / chance if chance > 0 else 0.0)
        yaku_chance = chance
    if sure + (extra if not closed else 1.0) < ctx.min_han:
        yaku_chance *= 0.3
    return HandValue(sure, dora, closed, yaku_chance, han,
                     points_for(han, ctx.dealer) * yaku_chance)


MELD_CHOICES: tuple[MeldKind, ...] = ("chi", "pon", "pon", "ankan", "minkan")


def _random_hand(rng: random.Random) -> tuple[list[int], tuple[Meld, ...], list[int]]:
    """A hand of 13 or 14 tiles with up to four melds, often one suit, simples or pairs."""
    bias = rng.choice(("any", "suit", "simples", "pairs"))
    suit = rng.randrange(3)
    kinds = {"any": range(34), "suit": [*range(9 * suit, 9 * suit + 9), *range(27, 34)],
             "simples": [k for k in range(27) if k % 9 not in (0, 8)],
             "pairs": range(34)}[bias]
    left = {k: [4 * k + c for c in range(4)] for k in kinds}
    melds: list[Meld] = []
    for _ in range(rng.choice((0, 0, 1, 2, 3, 4))):
        k = rng.choice(list(left))
        kind = rng.choice(MELD_CHOICES)
        need = [k, k + 1, k + 2] if kind == "chi" else [k] * (4 if kind.endswith("kan") else 3)
        if (kind == "chi" and (k >= 27 or k % 9 > 6)) or any(
                len(left.get(n, ())) < need.count(n) for n in set(need)):
            continue
        melds.append(Meld(kind, tuple(left[n].pop() for n in need)))
    tiles = [t for ts in left.values() for t in ts]
    size = rng.choice((13, 14)) - 3 * len(melds)
    if bias == "pairs":
        pairs = rng.sample([k for k, ts in left.items() if len(ts) >= 2], k=size // 2)
        hand = [t for k in pairs for t in left[k][:2]]
        hand += rng.sample([t for t in tiles if t not in hand], k=size - len(hand))
    else:
        hand = rng.sample(tiles, k=size)
    unseen = [rng.randrange(5) for _ in range(34)]
    return counts_of(hand, physical=True), tuple(melds), unseen


def test_hand_valuer_matches_the_plain_reading() -> None:
    rng = random.Random(25)
    for _ in range(4000):
        counts, melds, unseen = _random_hand(rng)
        yakuhai = [0] * 34
        for k in (31, 32, 33, 27 + rng.randrange(4), 27 + rng.randrange(4)):
            yakuhai[k] += 1
        dora = [0] * 34
        for _ in range(rng.randrange(1, 4)):
            dora[rng.randrange(34)] += 1
        ctx = ValueContext(dealer=rng.random() < 0.25, yakuhai=tuple(yakuhai),
                           dora=tuple(dora), red_fives=rng.choice((0, 1, 2)),
                           open_tanyao=rng.random() < 0.7, min_han=rng.choice((1, 1, 2)))
        reds = rng.randrange(3)
        valuer = HandValuer(melds, ctx)
        assert valuer.sure_yaku(counts) == _plain_sure_yaku(counts, melds, ctx)
        assert valuer.dora_count(counts, reds) == _plain_dora(counts, melds, ctx, reds)
        assert valuer.estimate(counts, unseen, reds) == _plain_estimate(
            counts, melds, ctx, unseen, reds)
        # a turn reads the shape of the hand once and takes each discard's from it
        shape = hand_shape(counts)
        assert shape == (sum(counts[0:9]), sum(counts[9:18]), sum(counts[18:27]),
                         sum(counts[27:]), sum(counts[k] for k in range(34) if k >= 27
                                               or k % 9 in (0, 8)))
        for k in range(34):
            if counts[k]:
                counts[k] -= 1
                assert shape_without(shape, k) == hand_shape(counts)
                assert valuer.points(counts, unseen, reds, shape_without(shape, k)) == \
                    _plain_estimate(counts, melds, ctx, unseen, reds).points
                counts[k] += 1


def test_views_of_one_situation_share_their_context_and_valuers() -> None:
    """``context`` and ``valuer_of`` give, for every view of strong games, the context
    read afresh and a valuer equal to a new one; views that differ only in what the
    context does not read share one object."""
    contexts: set[int] = set()
    views = 0

    class Checking(ClubBot):
        def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
            nonlocal views
            ctx = context(view)
            assert ctx == _read_context(view)
            contexts.add(id(ctx))
            melds = view.me.melds
            shared, fresh = valuer_of(melds, ctx), HandValuer(melds, ctx)
            assert valuer_of(melds, ctx) is shared
            assert all(getattr(shared, f) == getattr(fresh, f) for f in HandValuer.__slots__)
            views += 1
            return super().choose(view, legal)

    play_game(load_ruleset("tenhou"), [Checking("strong", s) for s in range(4)], 12)
    assert views > 500 and len(contexts) < views / 10
    other = ValueContext(dealer=False, yakuhai=(0,) * 34, dora=(0,) * 34, red_fives=0,
                         open_tanyao=True, min_han=1)
    assert valuer_of((), other)._ctx is other  # a context of its own, a valuer of its own
