"""Bots see only their PlayerView: the view holds no hidden tile, and hidden tiles
scrambled in the underlying state change neither the view nor the bot's choice."""

from __future__ import annotations

import random

import msgspec
import pytest

from hanchan.ai import make_bot
from hanchan.engine.events import Event
from hanchan.engine.game import Game
from hanchan.engine.state import GameState, fold
from hanchan.engine.view import PlayerView
from hanchan.engine.visibility import view
from hanchan.rulesets.schema import Ruleset


def tiles_in(obj: object) -> set[int]:
    """Every int reachable in the view's tile-carrying fields."""
    out: set[int] = set()
    if isinstance(obj, PlayerView):
        out.update(obj.hand)
        if obj.drawn is not None:
            out.add(obj.drawn)
        out.update(obj.dora_indicators)
        if obj.last_discard is not None:
            out.add(obj.last_discard[1])
        for s in obj.seats:
            out.update(r.tile for r in s.river)
            for m in s.melds:
                out.update(m.tiles)
            out.update(s.shown_hand)
    return out


def public_and_own(st: GameState, seat: int) -> set[int]:
    """Tiles ``seat`` is entitled to see in the state."""
    out = set(st.seats[seat].hand)
    out.update(st.dora_indicators())
    for s in st.seats:
        out.update(r.tile for r in s.river)
        for m in s.melds:
            out.update(m.tiles)
        if s.open_riichi and (s.riichi or s.riichi_pending):
            out.update(s.hand)
    return out


def scrambled(events: list[Event], seat: int, rng: random.Random) -> GameState:
    """The same state with every tile ``seat`` cannot see shuffled among the hidden places."""
    st = fold(events)
    others = [i for i in range(4) if i != seat and not st.seats[i].open_riichi]
    revealed = {131 - 2 * i for i in range(st.dora_count)}
    revealed |= {135 - k for k in range(st.rinshan_taken)}
    slots = [p for p in range(st.live_pos, 136) if p not in revealed]
    pool = [st.wall[p] for p in slots]
    for i in others:
        pool.extend(st.seats[i].hand)
    rng.shuffle(pool)
    wall = list(st.wall)
    for p in slots:
        wall[p] = pool.pop()
    st.wall = tuple(wall)
    for i in others:
        s = st.seats[i]
        n = len(s.hand)
        s.hand = [pool.pop() for _ in range(n)]
        s.counts = [0] * 34
        for t in s.hand:
            s.counts[t >> 2] += 1
        s.cache.clear()
    assert not pool
    return st


@pytest.mark.parametrize("level", ["greedy", "easy", "normal", "strong"])
def test_views_hide_everything_and_scrambling_changes_nothing(level: str) -> None:
    rng = random.Random(5)
    game = Game(Ruleset(), seed=9)
    bots = [make_bot(level, i) for i in range(4)]
    checked = 0
    steps = 0
    while not game.over and steps < 400:
        for seat, legal in list(game.pending().items()):
            v = game.view(seat)
            # 1. the view carries only what the seat may see
            assert tiles_in(v) <= public_and_own(game.state, seat)
            for other in range(4):
                if other != seat and not game.state.seats[other].open_riichi:
                    hidden = set(game.state.seats[other].hand)
                    assert not (hidden & tiles_in(v))
            # 2. hidden tiles scrambled: the same view, the same choice
            if steps % 7 == 0:
                st2 = scrambled(list(game.events), seat, rng)
                assert st2.wall != game.state.wall or st2.live_pos >= 136
                v2 = view(st2, seat)
                assert v2 == v
                twin = make_bot(level, seat)
                mine = make_bot(level, seat)
                assert twin.choose(v2, legal) == mine.choose(v, legal)
                checked += 1
            game.act(seat, bots[seat].choose(v, legal))
            steps += 1
            if game.over:
                break
    assert checked > 10


def test_view_has_no_hidden_fields() -> None:
    """PlayerView's fields are the public ones plus the own hand: nothing else."""
    names = {f.name for f in msgspec.structs.fields(PlayerView)}
    assert names == {
        "seat", "ruleset", "round_wind", "hand_number", "honba", "sticks", "dealer", "seats",
        "hand", "drawn", "dora_indicators", "wall_remaining", "turn", "last_discard",
        "furiten", "first_go_round", "kans", "hand_index",
    }
    game = Game(Ruleset(), seed=1)
    v = game.view(0)
    for s in v.seats:
        if s.seat != 0:
            assert s.shown_hand == () and s.hand_size == 13
