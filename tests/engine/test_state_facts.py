"""The state's facts and caches: snapshot covers every fact, queries change none.

``snapshot`` is generated from the slots of ``GameState`` and ``SeatState`` less their
declared caches, so a fact added later is compared by every fold-equals-live check
without being listed; queries (legal actions, views, waits, furiten, tenpai) may fill
a seat's cache but never change a fact; a checkpoint copies the facts only.
"""

from __future__ import annotations

import random

from hanchan.engine.facts import is_furiten
from hanchan.engine.flow import tenpai_of
from hanchan.engine.game import Game
from hanchan.engine.legal import legal_actions
from hanchan.engine.shanten import shanten
from hanchan.engine.state import (
    GameState,
    SeatCache,
    SeatState,
    checkpoint,
    fold,
    snapshot,
    waits_of,
)
from hanchan.engine.visibility import view
from tests.kit.game import CLUBS, smart_choice


def test_snapshot_holds_every_slot_but_the_caches() -> None:
    g = Game(CLUBS["tenhou"], seed=3)
    snap = snapshot(g.state)
    assert set(snap) == set(GameState.__slots__) - GameState.CACHES
    seats = snap["seats"]
    assert isinstance(seats, tuple)  # the seats' facts, one dict a seat
    seat = seats[0]
    assert set(seat) == set(SeatState.__slots__) - {"cache"}
    # the three facts the hand-written snapshot used to leave out
    assert {"drawn_once", "called_this_turn", "riichi_turn"} <= set(seat)


def test_a_changed_fact_shows_and_a_changed_cache_does_not() -> None:
    g = Game(CLUBS["tenhou"], seed=3)
    before = snapshot(g.state)
    s = g.state.seats[2]
    s.cache.waits = (1, 2, 3)
    s.cache.shanten = 1
    assert snapshot(g.state) == before
    for name, value in (("drawn_once", True), ("called_this_turn", True), ("riichi_turn", 4)):
        old = getattr(s, name)
        setattr(s, name, value)
        assert snapshot(g.state) != before, name
        setattr(s, name, old)
    assert snapshot(g.state) == before


def test_checkpoint_copies_facts_only() -> None:
    g = Game(CLUBS["tenhou"], seed=4)
    for seat in range(4):
        waits_of(g.state, seat)
        legal_actions(g.state, seat)
    copy = checkpoint(g.state)
    assert snapshot(copy) == snapshot(g.state)
    assert copy.rules is g.state.rules
    assert all(c.cache.waits is None and c.cache.shanten == SeatCache.UNKNOWN
               for c in copy.seats)
    copy.seats[0].hand.append(135)
    assert snapshot(copy) != snapshot(g.state)  # nothing shared but the ruleset


def test_queries_never_change_a_fact() -> None:
    """Through whole games (calls, riichi, kans, wins), every query leaves the facts as they
    were, and the fold of the events equals the live state at every step."""
    for club, seed in (("tenhou", 11), ("makura", 12), ("ako", 13)):
        rng = random.Random(seed)
        g = Game(CLUBS[club], seed=seed)
        steps = 0
        while not g.over and steps < 600:
            st = g.state
            before = snapshot(st)
            for seat in range(4):
                legal_actions(st, seat)
                view(st, seat)
                waits_of(st, seat)
                is_furiten(st, seat)
                if len(st.seats[seat].hand) % 3 == 1:
                    tenpai_of(st, seat)
            assert snapshot(st) == before
            if steps % 25 == 0:
                assert snapshot(fold(g.events)) == before
            seat, acts = next(iter(g.pending().items()))
            g.act(seat, smart_choice(rng, acts, g, seat))
            steps += 1
        assert steps > 300


def test_views_from_remembered_parts_equal_views_built_afresh() -> None:
    """A view shares each seat's public facts and the own hand between decisions until an
    event changes them: at every step of whole games (calls, kans, riichi, open riichi,
    wins and draws with shown hands) it equals a view built from a copy with empty caches."""
    for club, seed in (("tenhou", 21), ("makura", 22), ("ako", 23)):
        rng = random.Random(seed)
        g = Game(CLUBS[club], seed=seed)
        steps = 0
        while not g.over and steps < 1500:
            fresh = checkpoint(g.state)
            for seat in range(4):
                v = view(g.state, seat)
                assert v == view(fresh, seat), (club, steps, seat)
                # the view reads furiten inline: the same as the rules' own test
                assert v.furiten == is_furiten(fresh, seat), (club, steps, seat)
            seat, acts = next(iter(g.pending().items()))
            g.act(seat, smart_choice(rng, acts, g, seat))
            steps += 1
        assert steps > 500


def test_remembered_waits_and_shanten_equal_those_computed_afresh() -> None:
    """What a seat's cache keeps between events (waits kept through a discard of the tile
    just drawn, a shanten known from the waits at a draw) never differs from what a copy
    with empty caches computes: the same legal actions, waits and shanten at every step."""
    for club, seed in (("tenhou", 31), ("makura", 32), ("ako", 33)):
        rng = random.Random(seed)
        g = Game(CLUBS[club], seed=seed)
        steps = kept = 0
        while not g.over and steps < 1500:
            fresh = checkpoint(g.state)
            for seat in range(4):
                live = g.state.seats[seat].cache
                if live.waits is not None:
                    kept += 1
                    assert live.waits == waits_of(fresh, seat), (club, steps, seat)
                    if live.rest != SeatCache.UNKNOWN:
                        assert live.rest <= fresh.seats[seat].cache.rest, (club, steps, seat)
                if live.shanten != SeatCache.UNKNOWN and live.shanten <= 0:
                    s = fresh.seats[seat]
                    assert live.shanten == shanten(s.counts, len(s.melds)), (club, steps)
                assert legal_actions(g.state, seat) == legal_actions(fresh, seat), (
                    club, steps, seat)
            seat, acts = next(iter(g.pending().items()))
            g.act(seat, smart_choice(rng, acts, g, seat))
            steps += 1
        assert steps > 500 and kept > 1000
