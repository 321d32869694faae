"""One action checked alone (``engine.legal.may_discard``, the check ``Game.act`` makes
before it lists a turn) gives the answer of the listing (``turn_actions``) on every state."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Action, Chi, Discard, ShowHand
from engine.events import Event
from engine.game import Game
from engine.legal import IllegalAction, legal_actions, may_discard, why_illegal
from engine.state import GameState, snapshot
from rulesets.schema import Ruleset
from tests.kit.game import CLUBS, smart_choice, uniform_choice

_TILES = range(-1, 137)  # every tile, and two that are none


def _check_discards(st_: GameState, seen: Counter[str]) -> None:
    """``may_discard`` for every seat and tile equals ``Discard(tile)`` being listed."""
    for seat in range(4):
        listed = {a.tile for a in legal_actions(st_, seat)
                  if type(a) is Discard and not a.riichi}
        for t in _TILES:
            assert may_discard(st_, seat, t) == (t in listed), (seat, t, st_.phase)
        if st_.phase == "turn" and seat == st_.turn:
            s = st_.seats[seat]
            seen["turns"] += 1
            held = set(s.hand)
            if s.dead:
                seen["dead hand"] += 1
            elif s.riichi:
                seen["riichi"] += 1
            elif listed != held:
                seen["kuikae" if s.kuikae else "open riichi's danger"] += 1


def _play(rules: Ruleset, seed: int, chooser: str, seen: Counter[str],
          false_calls: float = 0.0) -> None:
    """A whole game, the check made at every decision before ``pending()`` lists it; with
    ``false_calls`` seat 0 (the practice seat) now and then calls what it cannot."""
    rng = random.Random(seed)
    g = Game(rules, seed=seed)
    steps = 0
    while not g.over and steps < 2500:  # (uniform choices may call for a long time)
        _check_discards(g.state, seen)
        seat, acts = next(iter(g.pending().items()))
        action: Action
        if (seat == 0 and g.state.phase == "claim" and type(acts[0]) is not ShowHand
                and rng.random() < false_calls):
            action = Chi((0, 0))  # a false call: in practice mode the hand goes dead
        elif chooser == "smart":
            action = smart_choice(rng, acts, g, seat)
        else:
            action = uniform_choice(rng, acts)
        g.act(seat, action)
        steps += 1


def test_a_discard_checked_alone_is_legal_exactly_when_listed() -> None:
    seen: Counter[str] = Counter()
    for club, seed in (("tenhou", 41), ("makura", 42), ("teireikai", 43), ("ako", 44)):
        _play(CLUBS[club], seed, "smart", seen)
    dead = CLUBS["tenhou"].replace(practice_mode=True, false_call="dead_hand")
    _play(dead, 45, "smart", seen, false_calls=0.05)
    _play(CLUBS["makura"].replace(practice_mode=True, false_call="dead_hand"), 46, "uniform",
          seen, false_calls=0.05)
    # every way a held tile may not go was met, and each way a discard is refused
    assert seen["turns"] > 2000
    assert all(seen[k] > 5 for k in ("dead hand", "riichi", "kuikae")), seen
    assert seen["open riichi's danger"] > 0, seen


@settings(max_examples=25, deadline=None)
@given(club=st.sampled_from(sorted(CLUBS)), seed=st.integers(0, 1_000_000),
       chooser=st.sampled_from(["smart", "uniform"]), open_riichi=st.booleans(),
       kuikae=st.sampled_from(["allowed", "forbidden", "same_tile_forbidden"]),
       practice=st.booleans())
def test_made_up_games_agree_too(club: str, seed: int, chooser: str, open_riichi: bool,
                                 kuikae: str, practice: bool) -> None:
    rules = CLUBS[club].replace(open_riichi=open_riichi, kuikae=kuikae, practice_mode=practice,
                                false_call="dead_hand")
    _play(rules, seed, chooser, Counter(), false_calls=0.03 if practice else 0.0)


@pytest.mark.parametrize("club", ["tenhou", "makura"])
def test_act_on_a_turn_not_listed_yet_plays_and_refuses_as_after_listing(club: str) -> None:
    """Two games with the same choices: one lists every turn first (``pending()``), the
    other acts at once (a discard checked alone).  They make the same events, and a
    refused discard gives the listing's reason (``why_illegal``) and changes nothing."""
    def play(list_first: bool) -> tuple[list[Event], list[str]]:
        rng = random.Random(7)
        g = Game(CLUBS[club], seed=17)
        reasons: list[str] = []
        while not g.over:
            st_ = g.state
            if st_.phase == "turn" and not list_first:
                seat = st_.turn
                acts = legal_actions(st_, seat)  # a query: pending() is not asked
                s = st_.seats[seat]
                bad = next((t for t in (*sorted(s.hand), 135, 0)
                            if Discard(t) not in acts), None)
                if bad is not None and len(g.events) % 3 == 0:
                    before = (len(g.events), snapshot(st_))
                    with pytest.raises(IllegalAction) as info:
                        g.act(seat, Discard(bad))
                    assert info.value.reason == why_illegal(st_, seat, Discard(bad))
                    reasons.append(info.value.reason)
                    assert (len(g.events), snapshot(g.state)) == before
            else:
                seat, acts = next(iter(g.pending().items()))
            g.act(seat, smart_choice(rng, acts, g, seat))
        return g.events, reasons

    listed_first, _ = play(True)
    alone, reasons = play(False)
    assert alone == listed_first
    assert len(reasons) > 50 and len(set(reasons)) >= 2, Counter(reasons)
